"""Settings as users meet them: every setting reaches every command it belongs to, conflicting
options are refused by name, values that cannot work are ignored with a note when they come
from the settings file, and a settings file works from any folder.

The cases are generated from the one declaration (``settings.declarations``), so a new setting
is tested as soon as it is declared: ``SAMPLES`` must hold a value for it, or a test fails.

Most cases are proved at the resolver: the settings are resolved as the command line resolves
them (``settings.resolve.resolve`` on the file ``settings.file.parse_settings`` reads), and
``runs_with`` builds what the command runs with from them, with the functions the command line
uses (``generator/cli/app.py``). A smaller layer runs cngen itself: each setting once, on the
cheapest command it belongs to, and a few notes and refusals, comparing the files written.
"""

from __future__ import annotations

import functools
import io
import os
import re
import shlex
from pathlib import Path

import msgspec
import pytest
import yaml
from click.testing import CliRunner

from generator.cli import main
from generator.cli.options import typed_values
from generator.errors import CngenError, UsageError
from generator.exports import EXPORTS
from generator.games import GAMES
from generator.inputs.bundled import font_path
from generator.jobs.contents import planned_contents
from generator.settings.declarations import (
    BY_KEY,
    DEFAULTS_WHEN,
    EXCLUDES,
    NO_EFFECT,
    RANGES_WHEN,
    SETTINGS,
    UNSUPPORTED,
)
from generator.settings.file import default_settings_text, parse_settings
from generator.settings.options import (
    Style,
    box_options,
    calibration_options,
    deck_options,
    export_options,
    game_of,
    key_options,
    kit_options,
    kit_seed,
    rules_options,
    stand_options,
    token_options,
)
from generator.settings.resolve import Settings, default_value, resolve, value_as_used
from generator.settings.source import NO_FILE, SettingsFile

REGULAR_FONT = str(font_path("FiraSans-Regular.ttf"))
WORDS = "bank\npitch\nmercury\nice cream\nanchor\n"
REPEATS = "bank\npitch\nBank\nmercury\n"
# The short list the runs of cngen print instead of the 434-word bundled deck: one word with ß,
# so that sharp_s shows on it.
SMALL_WORDS = "bank\npitch\nmercury\nice cream\nanchor\nfuß\n"
RULES_TEXT = ("title: House rules\nsections:\n  - id: a\n    title: Our way\n    blocks:\n"
              "      - text: \"{key_cards} key cards, {tiles} tiles.\"\n")
# An edition that changes what every command it belongs to prints: the title, and a tile's name.
EDITION = "title: Party time\ntiles:\n  assassin:\n    name: The mole\n    line: Never trust a cake\n"
EMBLEM = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
          '<circle cx="5" cy="5" r="4" fill="#2a6f97"/></svg>')
# A class's deck in a spreadsheet: a second line and a category a row; another headed its own way.
CLASS = "word,second,category\nbank,banque,money\npitch,terrain,sport\nmercury,mercure,space\nanchor,ancre,sea\n"
HEADED = "word,Gloss\nbank,banque\npitch,terrain\nmercury,mercure\nanchor,ancre\n"
INPUTS = {"words.txt": WORDS, "repeats.txt": REPEATS, "small.txt": SMALL_WORDS, "house-rules.yaml": RULES_TEXT,
          "party.yaml": EDITION, "emblem.svg": EMBLEM, "class.csv": CLASS, "headed.csv": HEADED,
          "lesson.txt": "".join(f"word{number}\n" for number in range(25))}

# A value for every setting that differs from its default, and the settings it needs to have an
# effect (a bleed only matters for a print shop). Paths are relative to the test's folder.
SAMPLES: dict[str, tuple[object, dict[str, object]]] = {
    "paper": ("letter", {}),
    "margin": ("20mm", {}),
    "sides": ("short-edge", {}),
    "profile": ("shop", {}),
    "bleed": ("5mm", {"profile": "shop"}),
    "gutter": ("2mm", {"profile": "shop"}),
    "marks": (True, {"profile": "pod"}),
    "service": ("dtc", {"profile": "pod"}),
    "output_condition": ("FOGRA51", {"profile": "shop"}),
    "ink_limit": (100, {"profile": "shop", "theme.band": "#102030"}),
    "back_offset": ("1.5,-0.5", {}),
    "preview": (True, {}),
    "title": ("Office party", {}),
    "ink": ("light", {}),
    **{f"theme.{name}": ("#123456", {}) for name in ("red", "blue", "bystander", "assassin", "card", "band", "outline")},
    "theme.green": ("#123456", {"game": "duet"}),  # Duet's agents: only Duet cards and tiles show them
    "theme.orange": ("#123456", {"teams": 4}),  # the fourth team's: only a four-team kit shows it
    "game": ("duet", {}),
    "teams": (3, {}),
    "grid": ("6x6", {}),
    "assassins": (2, {}),
    "lang": ("de", {"keys.single_sided": True}),  # keys: only a plain back carries words
    "sharp_s": ("capital", {"lang": "de"}),  # the German deck has words with ß
    "deck.deck": ("francais", {}),
    "deck.words": ("words.txt", {}),
    "deck.images": ("photos", {"game": "pictures"}),
    "deck.fit": ("contain", {"game": "pictures", "deck.images": "photos"}),
    "deck.dpi": (200, {"game": "pictures", "deck.images": "photos"}),
    "deck.dedupe": (True, {"deck.words": "repeats.txt"}),
    "deck.worksheet": ("Year 7", {"deck.words": "class.xlsx"}),
    "deck.columns": ("second=Gloss", {"deck.words": "headed.csv"}),
    "deck.categories": (["money", "sea"], {"deck.words": "class.csv"}),
    "deck.second_font": (str(font_path("FiraSans-Italic.ttf")), {"deck.words": "class.csv"}),
    "deck.blanks": (9, {}),
    "deck.card_size": ("80x50mm", {}),
    "deck.seed": (7, {}),
    "deck.font": (REGULAR_FONT, {}),
    "deck.output": ("elsewhere/deck.pdf", {}),
    "keys.count": (6, {}),
    "keys.seed": (99, {}),
    "keys.single_sided": (True, {}),
    "keys.stats": (True, {}),
    "keys.card_size": ("60x60mm", {}),
    "keys.font": (REGULAR_FONT, {}),
    "keys.output": ("elsewhere/keys.pdf", {}),
    "tokens.sets": (2, {}),
    "tokens.card_size": ("80x50mm", {}),
    "tokens.font": (REGULAR_FONT, {}),
    "tokens.output": ("elsewhere/tokens.pdf", {}),
    "rules.variants": (["match"], {}),
    "rules.text": ("house-rules.yaml", {}),
    "rules.font": (REGULAR_FONT, {}),
    "rules.output": ("elsewhere/rules.pdf", {}),
    "kit.out_dir": ("printed", {}),
    "kit.combined": (True, {}),
    "kit.seed": (2, {}),
    "kit.font": (REGULAR_FONT, {}),
    "calibrate.output": ("elsewhere/calibration.pdf", {}),
    "board.format": ("html", {}),
    "board.key_output": ("elsewhere/key.txt", {}),
    "board.games": (3, {}),
    "board.seed": (5, {}),
    "board.output": ("elsewhere/board.txt", {}),
    "book.games": (2, {}),
    "book.seed": (5, {}),
    "book.single_sided": (True, {}),
    "book.font": (REGULAR_FONT, {}),
    "book.output": ("elsewhere/book.pdf", {}),
    "book.board": ("lesson.txt", {}),
    "tts.base_url": ("https://example.org/cards/", {}),
    "tts.seed": (5, {}),
    "tts.font": (REGULAR_FONT, {}),
    "tts.out_dir": ("table", {}),
    "edition": ("party.yaml", {}),
    "emblem": ("emblem.svg", {}),
    "kit.box": (True, {}),
    "kit.stand": (True, {}),
    "box.for": ("kit", {}),
    "box.card_thickness": ("0.4mm", {"kit.box": True}),
    "box.cards": (30, {}),
    "box.font": (REGULAR_FONT, {"kit.box": True}),
    "box.output": ("elsewhere/box.pdf", {}),
    "stand.font": (REGULAR_FONT, {"kit.stand": True}),
    "stand.output": ("elsewhere/stand.pdf", {}),
}

# What every run starts from: the file `cngen init` writes, with small key decks, and a seed
# where a run deals keys, so that two runs can be compared (the kit's own seed, which the
# keys' seed would override).
INIT = yaml.load(default_settings_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # libyaml, as dumped
SEEDS = {"keys": {"keys": {"seed": 1}}, "kit": {"kit": {"seed": 1}}}
# The seed a run picks when it is given none (the samples always give one).
CHOSEN_SEED = 424242


def nested(flat: dict[str, object]) -> dict:
    """{"deck.blanks": 9} -> {"deck": {"blanks": 9}}, as the settings file holds it."""
    tree: dict = {}
    for key, value in flat.items():
        section, _, name = key.rpartition(".")
        (tree.setdefault(section, {}) if section else tree)[name] = value
    return tree


def merged(*trees: dict) -> dict:
    result: dict = {}
    for tree in trees:
        for key, value in tree.items():
            if isinstance(value, dict):
                result[key] = {**result.get(key, {}), **value}
            else:
                result[key] = value
    return result


BASE = merged(INIT, {"keys": {"count": 4}})


def dumped(tree: dict) -> str:
    """``tree`` as a settings file holds it: yaml.safe_dump's text, written by libyaml where
    PyYAML has it (the same text, five times as fast on the whole file `cngen init` writes)."""
    return yaml.dump(tree, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper))


def write_inputs(folder: Path) -> None:
    for name, text in INPUTS.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / "class.xlsx").write_bytes(_workbook())
    write_photos(folder / "photos")


@functools.cache
def _workbook() -> bytes:
    """A workbook of two sheets of words: the first, and "Year 7"."""
    import openpyxl

    book = openpyxl.Workbook()
    book.active.append(["word"])
    for word in WORDS.split():
        book.active.append([word])
    other = book.create_sheet("Year 7")
    other.append(["word"])
    for word in SMALL_WORDS.split():
        other.append([word])
    stream = io.BytesIO()
    book.save(stream)
    return stream.getvalue()


def write_photos(folder: Path) -> None:
    """A folder of 20 small, different pictures: enough for a game of pictures."""
    folder.mkdir()
    for name, data in photos().items():
        (folder / name).write_bytes(data)


@functools.cache
def photos() -> dict[str, bytes]:
    """The pictures, encoded once a session: every run's folder gets the same files."""
    from PIL import Image

    made = {}
    for number in range(20):
        # Landscape (cover and contain differ), 480 pixels down a 58 mm window: 210 dpi, sharper
        # than the 200 dpi of deck.dpi's sample, and no more pixels than that, for each run
        # decodes and resamples every photo.
        buffer = io.BytesIO()
        Image.new("RGB", (640, 480), (number * 12, 255 - number * 12, 90)).save(buffer, "PNG")
        made[f"photo-{number:02}.png"] = buffer.getvalue()
    return made


@pytest.fixture(scope="module")
def inputs(tmp_path_factory) -> Path:
    """The folder the resolver's settings files are read from, with the files they name."""
    folder = tmp_path_factory.mktemp("inputs")
    write_inputs(folder)
    return folder


# --- The resolver: what a command runs with --------------------------------------------------


def from_file(command: str, tree: dict, folder: Path) -> Settings:
    """``command``'s settings from a cngen.yaml holding ``tree`` in ``folder``, nothing typed."""
    file = parse_settings(dumped(tree).encode("utf-8"), "cngen.yaml", folder)
    return resolve(command, {}, file)


def from_typed(command: str, *args: str, file: SettingsFile = NO_FILE) -> Settings:
    """``command``'s settings from the words typed, parsed by the command's own click options."""
    with main.get_command(None, command).make_context(command, list(args)) as ctx:
        return resolve(command, typed_values(ctx, command), file)


def without_title_lines(value: object) -> object:
    """``value`` (what a command runs with) with the file's line of the title left out: another
    line above it moves it, and only messages name it."""
    if isinstance(value, Style):
        return msgspec.structs.replace(value, title_from="")
    if isinstance(value, msgspec.Struct) and type(value).__module__ == Style.__module__:  # the option values
        return msgspec.structs.replace(value, **{name: without_title_lines(getattr(value, name))
                                                 for name in value.__struct_fields__})
    if isinstance(value, dict):
        return {key: without_title_lines(item) for key, item in value.items()}
    return value


def planned(game, deck, keys, tokens):
    """``planned_contents`` once for each distinct set of options: what a rules sheet counts is
    read from the options and the module's input files, which no test changes, and counting the
    bundled picture deck reads all its drawings (1.1 CPU-s a count).
    test_the_same_settings_run_with_the_same_values counts afresh each time.

    Options that differ only in the file's line of the title count alike: planned_contents
    neither checks the title nor names it (the jobs do, with the options they are given), and a
    value set aside with a note moves the title's line (test_a_file_value_that_has_no_effect...)."""
    return _planned(game, *(without_title_lines(options) for options in (deck, keys, tokens)))


@functools.cache
def _planned(game, deck, keys, tokens):
    return planned_contents(game, deck, keys, tokens)


def runs_with(settings: Settings, plan=planned) -> dict[str, object]:
    """What ``settings.command`` runs with: made by the functions generator/cli/app.py makes it
    with, and the values the command reads itself."""
    command, s = settings.command, settings
    if command == "deck":
        return {"game": game_of(s), "deck": deck_options(s), "output": s["deck.output"], "preview": s["preview"]}
    if command == "keys":
        seed = s["keys.seed"] if s["keys.seed"] is not None else CHOSEN_SEED
        return {"game": game_of(s), "keys": key_options(s, seed), "output": s["keys.output"],  # type: ignore[arg-type]
                "preview": s["preview"], "stats": s["keys.stats"]}
    if command == "tokens":
        return {"game": game_of(s), "tokens": token_options(s), "output": s["tokens.output"], "preview": s["preview"]}
    if command == "rules":
        game = game_of(s)
        contents, language = plan(game, deck_options(s), key_options(s, 0), token_options(s))
        return {"game": game, "rules": rules_options(s, contents), "language": language,
                "output": s["rules.output"], "preview": s["preview"]}
    if command == "kit":
        return {"kit": kit_options(s, kit_seed(s, CHOSEN_SEED)), "out_dir": s["kit.out_dir"],
                "combined": s["kit.combined"], "preview": s["preview"]}
    if command == "box":
        return {"game": game_of(s), "box": box_options(s), "output": s["box.output"], "preview": s["preview"]}
    if command == "stand":
        return {"game": game_of(s), "stand": stand_options(s), "output": s["stand.output"], "preview": s["preview"]}
    if command == "calibrate":
        return {"calibration": calibration_options(s), "output": s["calibrate.output"]}
    if command == "preflight":
        return {"ink_limit": s["ink_limit"]}
    if command in EXPORTS:
        return {"game": game_of(s), "export": export_options(s, command, CHOSEN_SEED)}
    raise AssertionError(f"runs_with does not know what cngen {command} runs with: add it as app.py makes it")


def outcome(settings: Settings) -> dict[str, object]:
    """What the command runs with, or the error it stops with (a list with repeats, without
    --dedupe)."""
    try:
        return runs_with(settings)
    except CngenError as error:
        return {"error": str(error)}


PAIRS = [(setting.key, command) for setting in SETTINGS for command in setting.commands]


def test_every_setting_has_a_sample_value():
    assert set(SAMPLES) == set(BY_KEY)


@pytest.mark.parametrize("command", sorted({command for _, command in PAIRS}))
def test_the_same_settings_run_with_the_same_values(inputs, command):
    """What the tests below compare can be equal: two resolutions of one file run the same."""
    base = merged(BASE, SEEDS.get(command, {}))
    assert (runs_with(from_file(command, base, inputs), planned_contents)
            == runs_with(from_file(command, base, inputs), planned_contents))


def start(command: str, needs: dict[str, object]) -> dict:
    """The file a case of ``command`` starts from: BASE, the seed the command deals with, and
    the settings (flat) that the case's setting needs to have an effect."""
    return merged(BASE, SEEDS.get(command, {}), nested(needs))


@functools.cache
def resolved_start(command: str, needs: tuple[tuple[str, object], ...], folder: Path
                   ) -> tuple[Settings, dict[str, object]]:
    """The settings of the file a case starts from (``start``), and what the command runs with:
    most settings of a command start from the same file, resolved once. Keyed by ``needs``, not
    the file's text, so that a case that finds it resolved writes no file."""
    settings = from_file(command, start(command, dict(needs)), folder)
    return settings, outcome(settings)


@pytest.mark.parametrize("key, command", PAIRS, ids=[f"{key}-{command}" for key, command in PAIRS])
def test_every_setting_reaches_every_command_it_belongs_to(inputs, key, command):
    value, needs = SAMPLES[key]
    base = start(command, needs)
    before, runs_before = resolved_start(command, tuple(needs.items()), inputs)
    after = from_file(command, merged(base, nested({key: value})), inputs)
    assert after.notes == []  # it took effect, rather than being set aside
    assert after.origins[key].place is not None and after[key] != before[key]
    assert "error" not in runs_before or key == "deck.dedupe"  # without --dedupe, repeats are refused
    assert runs_with(after) != runs_before


def test_every_command_offers_a_flag_for_each_setting_it_declares_one_for():
    for setting in SETTINGS:
        for command in setting.commands:
            flag = setting.flag_on(command)
            if flag is None:
                continue
            options = {opt for param in main.get_command(None, command).params for opt in (*param.opts, *param.secondary_opts)}
            assert set(flag.split("/")) <= options, (setting.key, command)
            assert {f"--{name}" for name in setting.shorthands} <= options, (setting.key, command)


# --- The same, through cngen: each setting once ----------------------------------------------


def run_with(folder: Path, command: str, settings: dict, *args: str) -> dict[str, object]:
    """Everything a run in ``folder`` leaves: its files, what it printed, its exit code."""
    folder.mkdir(parents=True, exist_ok=True)
    write_inputs(folder)
    (folder / "cngen.yaml").write_text(dumped(settings), encoding="utf-8")
    inputs = {path.name for path in folder.iterdir()}
    here = os.getcwd()
    os.chdir(folder)
    try:
        result = CliRunner().invoke(main, [command, *args])
    finally:
        os.chdir(here)
    files = {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*"))
             if path.is_file() and path.name not in inputs}
    return {"files": files, "stdout": result.stdout, "stderr": result.stderr, "code": result.exit_code}


@pytest.fixture(scope="module")
def cngen(tmp_path_factory):
    """cngen run with a settings file, each distinct run once a module: the cases that start
    from the same settings share their run."""
    done: dict[tuple[str, ...], dict[str, object]] = {}

    def run(command: str, settings: dict, *args: str) -> dict[str, object]:
        key = (command, dumped(settings), *args)
        if key not in done:
            done[key] = run_with(tmp_path_factory.mktemp(command), command, settings, *args)
        return done[key]

    return run


CHEAPEST_FIRST = ("tokens", "deck", "keys", "calibrate", "stand", "box", "rules", "kit")
# A deck of pictures draws every picture, where a box only reads and counts them (cngen's own
# picture deck: 2.4 CPU-s to read, 5 to print).
PICTURES_CHEAPEST_FIRST = ("tokens", "box", "deck", "keys", "calibrate", "stand", "rules", "kit")
# The exports' own options (board.format...) are held to what they change by their own tests
# (test_board.py, test_book.py, test_tts.py).
CHEAPEST = {setting.key: next(command for command in (PICTURES_CHEAPEST_FIRST if setting.cards == "picture"
                                                       else CHEAPEST_FIRST) if command in setting.commands)
            for setting in SETTINGS if set(CHEAPEST_FIRST) & set(setting.commands)}
SMALL = {"deck": {"words": "small.txt"}}


@pytest.mark.parametrize("key", list(CHEAPEST), ids=[f"{key}-{command}" for key, command in CHEAPEST.items()])
def test_every_setting_changes_what_the_cheapest_command_it_belongs_to_writes(cngen, key):
    command = CHEAPEST[key]
    value, needs = SAMPLES[key]
    # A word list in the file would beat the bundled deck, and means nothing for pictures.
    small = {} if key == "deck.deck" or BY_KEY[key].cards == "picture" else SMALL
    base = merged(BASE, small, SEEDS.get(command, {}), nested(needs))
    before = cngen(command, base)
    after = cngen(command, merged(base, nested({key: value})))
    # Without --dedupe, the list with repeats is refused.
    assert before["code"] == (1 if key == "deck.dedupe" else 0), before["stderr"]
    assert after["code"] == 0, after["stderr"]
    # It took effect, rather than being set aside (the small list's cards fill no table: said, and beside the point).
    assert not [line for line in after["stderr"].splitlines() if line.startswith("Note:") and "cannot fill" not in line]
    if key == "keys.stats":  # it prints, and writes the same files
        assert "Balance of 8 keys:" in after["stdout"] and "Balance of" not in before["stdout"]
        assert after["files"] == before["files"]
    else:
        assert after["files"] != before["files"]


# --- Conflicts ------------------------------------------------------------------------------

def typed(key: str, value: object, command: str) -> list[str]:
    """The command-line words that set ``key`` to ``value``."""
    flag = BY_KEY[key].flag_on(command)
    assert flag is not None, (key, command)
    if isinstance(value, bool):
        return [flag.split("/")[0 if value else 1]]
    if isinstance(value, list):  # a repeatable option: once per value
        return [word for item in value for word in (flag.split("/")[-1], str(item))]
    return [flag.split("/")[-1], str(value)]


# Only what can be typed: a colour is set in the file alone.
NO_EFFECT_CASES = [(rule, command) for rule in NO_EFFECT for command in rule.commands
                   if BY_KEY[rule.key].flag_on(command) is not None]
NO_EFFECT_IDS = [f"{rule.key}-with-{rule.when[1]}-{command}" for rule, command in NO_EFFECT_CASES]


@pytest.mark.parametrize("rule, command", NO_EFFECT_CASES, ids=NO_EFFECT_IDS)
def test_a_typed_option_that_has_no_effect_is_refused_naming_both(run, tmp_path, rule, command):
    condition, condition_value = rule.when
    words = [*typed(rule.key, SAMPLES[rule.key][0], command), *typed(condition, condition_value, command)]
    for key, value in SAMPLES[condition][1].items():  # what the condition needs: --service needs pod
        words += typed(key, value, command)
    result = run(command, *words)
    assert result.exit_code == 2, result.output
    flag, other = words[0], " ".join(typed(condition, condition_value, command))
    assert f"{flag} has no effect with {other}" in result.stderr
    assert f"Drop {flag}" in result.stderr
    assert not (tmp_path / "output").exists()


@pytest.mark.parametrize("rule, command", NO_EFFECT_CASES, ids=NO_EFFECT_IDS)
def test_a_file_value_that_has_no_effect_is_ignored_with_a_note(inputs, rule, command):
    condition, condition_value = rule.when
    needs = {**SAMPLES[condition][1], condition: condition_value}
    base = start(command, needs)
    plain, runs_plain = resolved_start(command, tuple(needs.items()), inputs)
    noted = from_file(command, merged(base, nested({rule.key: SAMPLES[rule.key][0]})), inputs)
    assert plain.notes == []
    assert len(noted.notes) == 1, noted.notes
    assert re.match(rf"cngen\.yaml:\d+: {re.escape(rule.key)} .+ is ignored: it has no effect with .+: "
                    rf"{re.escape(rule.why)}$", noted.notes[0])
    # The value never reaches what the command runs with (the title's line moves with it, for messages).
    assert without_title_lines(runs_with(noted)) == without_title_lines(runs_plain)


def test_a_home_back_offset_from_the_file_never_reaches_shop_backs(run, tmp_path):
    (tmp_path / "w.txt").write_text(WORDS, encoding="utf-8")
    (tmp_path / "cngen.yaml").write_text('back_offset: "3,-2"\n', encoding="utf-8")
    result = run("deck", "--profile", "shop", "--words", "w.txt", "-o", "shop.pdf")
    assert result.exit_code == 0
    assert result.stderr.startswith("Note: cngen.yaml:1: back_offset 3,-2 is ignored: it has no effect with "
                                    "--profile shop")
    with_note = (tmp_path / "shop.pdf").read_bytes()
    (tmp_path / "cngen.yaml").unlink()
    # The same name: it is on the slug line.
    assert run("deck", "--profile", "shop", "--words", "w.txt", "-o", "shop.pdf").exit_code == 0
    assert (tmp_path / "shop.pdf").read_bytes() == with_note


def test_variants_from_the_file_never_reach_a_duet_rules_sheet(cngen):
    plain = cngen("rules", merged(SMALL, {"game": "duet"}))
    noted = cngen("rules", merged(SMALL, {"game": "duet", "rules": {"variants": ["match"]}}))
    assert noted["code"] == 0, noted["stderr"]
    assert noted["stderr"] == ("Note: cngen.yaml:6: rules.variants [match] is ignored: it has no effect with game: duet "
                               "(cngen.yaml:3): the variants change the classic game; the Duet sheet explains Duet's "
                               "own easier game\n")
    assert noted["files"] == plain["files"] and plain["code"] == 0
    assert "the rules of Codenames Duet" in noted["stdout"]


EXCLUDE_CASES = [(rule, command) for rule in EXCLUDES for command in rule.commands]


@pytest.mark.parametrize("rule, command", EXCLUDE_CASES, ids=[f"{rule.first[1]}-{rule.second[1]}-{command}"
                                                             for rule, command in EXCLUDE_CASES])
def test_values_that_exclude_each_other_are_refused_naming_both(run, tmp_path, rule, command):
    first = typed(rule.first[0], rule.first[1], command)
    second = typed(rule.second[0], rule.second[1], command)
    result = run(command, *first, *second)
    assert result.exit_code == 2
    assert f"{' '.join(first)} and {' '.join(second)} cannot be used together" in result.stderr
    assert f"Drop {' '.join(second)}, or {' '.join(first)}" in result.stderr
    # From the settings file too: a file cannot print a kit that is both at once.
    (tmp_path / "cngen.yaml").write_text(yaml.safe_dump(nested({rule.first[0]: rule.first[1]})), encoding="utf-8")
    result = run(command, *second)
    assert result.exit_code == 2
    written = yaml.safe_dump(rule.first[1]).splitlines()[0]  # as the file has it: "shop", "true"
    assert f"{rule.first[0]}: {written} (cngen.yaml:1) and {' '.join(second)}" in result.stderr
    assert f"Drop {' '.join(second)}, or {rule.first[0]} from cngen.yaml:1" in result.stderr
    assert not (tmp_path / "output").exists()


RANGE_CASES = [(rule, command) for rule in RANGES_WHEN for command in rule.commands]


@pytest.mark.parametrize("rule, command", RANGE_CASES,
                         ids=[f"{rule.key}-with-{rule.when[1]}-{command}" for rule, command in RANGE_CASES])
def test_a_number_out_of_its_range_under_another_setting_is_refused_wherever_it_comes_from(run, inputs, rule, command):
    condition, condition_value = rule.when
    words = typed(condition, condition_value, command)
    flag = typed(rule.key, rule.high, command)[0]
    result = run(command, flag, str(rule.high + 1), *words)
    assert result.exit_code == 2
    assert (f"{flag} {rule.high + 1} is out of range with {' '.join(words)}: {rule.why}. "
            f"Choose {rule.low:,} to {rule.high:,}") in result.stderr
    # From the settings file, and with the condition typed.
    tree = merged(nested(SAMPLES[condition][1]), nested({condition: condition_value, rule.key: rule.high + 1}))
    with pytest.raises(UsageError, match=rf"^{re.escape(rule.key)}: {rule.high + 1} \(cngen\.yaml:\d+\) is out of "
                                         rf"range with {re.escape(condition)}: {condition_value} \(cngen\.yaml:\d+\)"):
        from_file(command, tree, inputs)
    with pytest.raises(UsageError, match=rf"^{re.escape(rule.key)}: {rule.high + 1} \(cngen\.yaml:2\) is out of "
                                         rf"range with {re.escape(' '.join(words))}: "):
        from_typed(command, *words, file=parse_settings(yaml.safe_dump(nested({rule.key: rule.high + 1})).encode(),
                                                          "cngen.yaml", inputs))
    # The ends of the range are taken.
    for number in (rule.low, rule.high):
        assert from_file(command, merged(tree, nested({rule.key: number})), inputs)[rule.key] == number


DEFAULT_CASES = [(rule, command) for rule in DEFAULTS_WHEN for command in rule.commands]


@pytest.mark.parametrize("rule, command", DEFAULT_CASES,
                         ids=[f"{rule.key}-with-{rule.when[1]}-{command}" for rule, command in DEFAULT_CASES])
def test_a_default_that_follows_another_setting_yields_to_a_value_given(inputs, rule, command):
    setting = BY_KEY[rule.key]
    condition, condition_value = rule.when
    following = value_as_used(setting, rule.value)
    assert following != default_value(setting)
    chosen = from_file(command, nested({condition: condition_value}), inputs)
    assert chosen[rule.key] == following and not chosen.given(rule.key)
    assert from_typed(command, *typed(condition, condition_value, command))[rule.key] == following
    assert from_file(command, {}, inputs)[rule.key] == default_value(setting)
    # The declared default, written in the file or typed, holds even then.
    given = from_file(command, nested({condition: condition_value, rule.key: setting.default}), inputs)
    assert given[rule.key] == default_value(setting) and given.notes == []
    typed_default = from_typed(command, *typed(condition, condition_value, command),
                               *typed(rule.key, setting.default, command))
    assert typed_default[rule.key] == default_value(setting)


@pytest.mark.parametrize("rule, command", [(rule, command) for rule in UNSUPPORTED for command in rule.commands])
def test_a_value_a_command_cannot_work_with_is_refused_wherever_it_comes_from(run, tmp_path, rule, command):
    key, value = rule.setting
    result = run(command, *typed(key, value, command))
    assert result.exit_code == 2 and f"cannot use {' '.join(typed(key, value, command))}" in result.stderr
    (tmp_path / "cngen.yaml").write_text(f"# settings\n{key}: {value}\n", encoding="utf-8")
    result = run(command)
    assert result.exit_code == 2 and f"cannot use {key}: {value} (cngen.yaml:2)" in result.stderr


def test_deck_and_words_typed_together_are_refused(run):
    result = run("deck", "--deck", "francais", "--words", "w.txt")
    assert result.exit_code == 2
    assert "--words and --deck both choose the same thing: drop one of them" in result.stderr


def test_a_typed_deck_beats_the_files_word_list_with_a_note(run, tmp_path):
    (tmp_path / "w.txt").write_text(WORDS, encoding="utf-8")
    (tmp_path / "cngen.yaml").write_text("deck:\n  words: w.txt\n", encoding="utf-8")
    result = run("deck", "--deck", "francais")
    assert result.exit_code == 0
    assert "434 words from the bundled deck 'francais'" in result.stdout
    assert result.stderr == "Note: cngen.yaml:2: deck.words w.txt is ignored: --deck francais chooses instead\n"


def test_none_with_other_variants_is_refused(run):
    result = run("rules", "--variant", "none", "--variant", "match")
    assert result.exit_code == 2
    assert "'none' asks for no variants, yet match asks for some" in result.stderr


# --- Choosing the game -----------------------------------------------------------------------

GAME_COMMANDS = BY_KEY["game"].commands


@pytest.mark.parametrize("command", GAME_COMMANDS)
def test_game_duet_and_its_shorthand_duet_choose_the_same(command):
    duet = from_typed(command, "--game", "duet")
    assert game_of(duet) is GAMES["duet"]
    assert runs_with(from_typed(command, "--duet")) == runs_with(duet)
    classic = runs_with(from_typed(command))
    assert classic != runs_with(duet)
    assert runs_with(from_typed(command, "--classic")) == runs_with(from_typed(command, "--game", "classic")) == classic


def test_the_shorthand_prints_what_the_game_option_prints(cngen):
    by_name = cngen("tokens", {}, "--game", "duet")
    by_shorthand = cngen("tokens", {}, "--duet")
    assert by_name["code"] == by_shorthand["code"] == 0
    assert by_name["files"] == by_shorthand["files"] and by_name["stdout"] == by_shorthand["stdout"]
    assert "27 tiles in 1 set: 15 agents, 1 assassin, 9 timer tokens, 2 spare timer tokens" in by_name["stdout"]


@pytest.mark.parametrize("command", GAME_COMMANDS)
@pytest.mark.parametrize("words, named", [
    (["--game", "duet", "--classic"], ("--game duet", "--classic")),
    (["--duet", "--classic"], ("--classic", "--duet")),
    (["--duet", "--game", "classic"], ("--game classic", "--duet")),
], ids=["game-duet-classic", "duet-classic", "duet-game-classic"])
def test_two_games_typed_at_once_are_refused_naming_both(run, tmp_path, command, words, named):
    result = run(command, *words)
    assert result.exit_code == 2
    assert f"Error: {named[0]} and {named[1]} choose different games: keep one" in result.stderr
    assert not (tmp_path / "output").exists()


def test_an_option_without_effect_in_the_game_typed_for_short_is_refused_naming_the_shorthand(run, tmp_path):
    result = run("rules", "--duet", "--variant", "match")
    assert result.exit_code == 2
    assert ("Error: --variant has no effect with --duet: the variants change the classic game; the Duet sheet "
            "explains Duet's own easier game. Drop --variant") in result.stderr
    assert not (tmp_path / "output").exists()


def test_the_game_named_twice_the_same_way_is_the_game():
    assert runs_with(from_typed("tokens", "--game", "duet", "--duet")) == runs_with(from_typed("tokens", "--duet"))


@pytest.mark.parametrize("command", GAME_COMMANDS)
def test_duet_true_in_the_file_chooses_what_game_duet_does(inputs, command):
    base = {key: value for key, value in merged(BASE, SEEDS.get(command, {})).items() if key != "game"}
    by_name = from_file(command, merged(base, {"game": "duet"}), inputs)
    by_shorthand = from_file(command, merged(base, {"duet": True}), inputs)
    assert game_of(by_shorthand) is GAMES["duet"] and by_shorthand.notes == []
    assert runs_with(by_shorthand) == runs_with(by_name) != runs_with(from_file(command, base, inputs))


def test_duet_true_in_the_file_prints_what_game_duet_does(cngen):
    by_name = cngen("tokens", {"game": "duet"})
    by_shorthand = cngen("tokens", {"duet": True})
    assert by_name["code"] == by_shorthand["code"] == 0
    assert by_name["files"] == by_shorthand["files"] and by_name["stdout"] == by_shorthand["stdout"]
    assert by_name["files"] == cngen("tokens", {}, "--duet")["files"]


def test_messages_name_the_shorthand_as_the_file_wrote_it(run, tmp_path, inputs):
    noted = from_file("rules", {"duet": True, "rules": {"variants": ["match"]}}, inputs)
    assert noted.notes == ["cngen.yaml:4: rules.variants [match] is ignored: it has no effect with duet: true "
                           "(cngen.yaml:1): the variants change the classic game; the Duet sheet explains Duet's own "
                           "easier game"]
    (tmp_path / "cngen.yaml").write_text("duet: true\n", encoding="utf-8")
    result = run("keys", "--single-sided")
    assert result.exit_code == 2
    assert ("Error: duet: true (cngen.yaml:1) and --single-sided cannot be used together: a Duet key card has a side "
            "for each player, so it is always double-sided. Drop --single-sided, or duet from cngen.yaml:1") in result.stderr


def test_duet_true_and_another_game_in_the_file_are_refused_with_the_file_and_line(run, tmp_path):
    (tmp_path / "cngen.yaml").write_text("# my kit\ngame: classic\nduet: true\n", encoding="utf-8")
    result = run("tokens")
    assert result.exit_code == 1
    assert result.stderr == ("Error: cngen.yaml:3: duet: true and game: classic (line 2) choose different games: "
                             "keep one\n")
    assert not (tmp_path / "output").exists()


@pytest.mark.parametrize("command", GAME_COMMANDS)
def test_duet_false_in_the_file_chooses_nothing(inputs, command):
    settings = from_file(command, {"duet": False}, inputs)
    assert settings["game"] == "classic" and not settings.given("game")
    assert runs_with(settings) == runs_with(from_file(command, {}, inputs))
    assert from_typed(command, "--duet", file=parse_settings(b"duet: false\n", "cngen.yaml", inputs))["game"] == "duet"


def test_a_typed_game_beats_the_files(inputs):
    file = parse_settings(b"game: duet\n", "cngen.yaml", inputs)
    assert from_typed("tokens", "--classic", file=file)["game"] == "classic"
    assert from_typed("tokens", "--game", "classic", file=file)["game"] == "classic"
    assert from_typed("tokens", file=file)["game"] == "duet"


# --- Settings files elsewhere ----------------------------------------------------------------


def test_a_settings_file_in_another_folder_takes_paths_from_its_own_folder(tmp_path, monkeypatch):
    (tmp_path / "words.txt").write_text(WORDS, encoding="utf-8")
    (tmp_path / "cngen.yaml").write_text("deck:\n  words: words.txt\n  output: printed/deck.pdf\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub")
    result = CliRunner().invoke(main, ["--config", "../cngen.yaml", "deck", "--blanks", "0"])
    assert result.exit_code == 0, result.output
    assert "5 words from ../words.txt" in result.stdout
    assert (tmp_path / "printed" / "deck.pdf").is_file()


def test_a_missing_file_named_in_the_settings_file_is_named_with_its_line(run, tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "cngen.yaml").write_text("paper: a4\ndeck:\n  words: missing.txt\n", encoding="utf-8")
    result = run("--config", "sub/cngen.yaml", "deck")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: sub/cngen.yaml:3: deck.words: sub/missing.txt: there is no such file")


def test_a_settings_file_error_from_a_kit_names_the_file_line_and_key(run, tmp_path):
    (tmp_path / "cngen.yaml").write_text("deck:\n  font: nowhere.ttf\n", encoding="utf-8")
    result = run("kit")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: cngen.yaml:2: deck.font: nowhere.ttf: there is no such file")
    assert not (tmp_path / "output").exists()


def test_a_word_list_can_come_from_standard_input(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["deck", "--words", "-", "--blanks", "0", "-o", "in.pdf"], input=WORDS)
    assert result.exit_code == 0, result.output
    assert "5 words from standard input" in result.stdout
    bad = CliRunner().invoke(main, ["deck", "--words", "-"], input="bank\nbank\n")
    assert bad.exit_code == 1
    assert bad.stderr.startswith("Error: standard input:2: 'BANK' appears twice")


def test_dedupe_drops_repeats_and_says_how_many(run, tmp_path):
    (tmp_path / "w.txt").write_text(REPEATS + "PITCH\n", encoding="utf-8")
    result = run("deck", "--words", "w.txt", "--dedupe", "--blanks", "0")
    assert result.exit_code == 0
    assert "3 words from w.txt" in result.stdout
    assert "Left out 2 repeated words (--dedupe keeps the first of each)." in result.stdout


# --- The kit's one seed ----------------------------------------------------------------------


@pytest.fixture
def small_words(tmp_path) -> Path:
    (tmp_path / "small.txt").write_text(SMALL_WORDS, encoding="utf-8")
    return tmp_path / "small.txt"


def test_the_kit_seed_deals_the_keys_and_is_printed_to_reuse(run, tmp_path, small_words):
    result = run("kit", "--words", "small.txt", "--keys-count", "3", "--seed", "5", "--out-dir", "a")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == \
        "  The same kit again: cngen kit --words small.txt --keys-count 3 --out-dir a --seed 5"
    assert run("keys", "--count", "3", "--seed", "5", "-o", "b/keys.pdf").exit_code == 0
    assert (tmp_path / "a" / "keys.json").read_text() == (tmp_path / "b" / "keys.json").read_text()


def test_a_kit_without_a_seed_prints_one_that_makes_it_again(run, tmp_path, small_words):
    first = run("kit", "--words", "small.txt", "--keys-count", "3", "--out-dir", "a")
    again = shlex.split(first.stdout.splitlines()[-1].removeprefix("  The same kit again: "))
    assert again[:7] == ["cngen", "kit", "--words", "small.txt", "--keys-count", "3", "--out-dir"]
    assert again[8] == "--seed" and again[9].isdigit()
    again[7] = "b"
    assert run(*again[1:]).exit_code == 0
    for name in ("deck.pdf", "keys.pdf", "keys.json", "tokens.pdf", "rules.pdf"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_the_keys_own_seed_overrides_the_kits(run, tmp_path, small_words):
    result = run("kit", "--words", "small.txt", "--keys-count", "3", "--seed", "5", "--keys-seed", "8",
                 "--out-dir", "a")
    assert result.stdout.splitlines()[-1] == \
        "  The same kit again: cngen kit --words small.txt --keys-count 3 --out-dir a --keys-seed 8"
    assert '"seed": 8' in (tmp_path / "a" / "keys.json").read_text()


def test_a_duet_kit_prints_its_game_with_the_seed_to_reuse(run, tmp_path, small_words):
    result = run("kit", "--duet", "--words", "small.txt", "--keys-count", "3", "--seed", "5", "--out-dir", "a")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == \
        "  The same kit again: cngen kit --duet --words small.txt --keys-count 3 --out-dir a --seed 5"
    assert run("keys", "--game", "duet", "--count", "3", "--seed", "5", "-o", "b/keys.pdf").exit_code == 0
    assert (tmp_path / "a" / "keys.json").read_text() == (tmp_path / "b" / "keys.json").read_text()


def test_a_pipe_named_as_a_word_list_is_refused_with_the_way_to_pipe_a_list_in(run, tmp_path):
    os.mkfifo(tmp_path / "pipe")
    result = run("deck", "--words", "pipe")
    assert result.exit_code == 1
    assert result.stderr == ("Error: --words pipe: this is not a regular file (a pipe or a device): save it as a "
                             "file, or pass the list on standard input with --words -\n")
