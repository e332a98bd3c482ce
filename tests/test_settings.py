"""Settings as users meet them: every setting reaches every command it belongs to, conflicting
options are refused by name, values that cannot work are ignored with a note when they come
from the settings file, and a settings file works from any folder.

The cases are generated from the one declaration (``settings.declarations``), so a new setting
is tested as soon as it is declared: ``SAMPLES`` must hold a value for it, or a test fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from generator.cli import main
from generator.inputs.bundled import font_path
from generator.settings.declarations import BY_KEY, EXCLUDES, NO_EFFECT, SETTINGS, UNSUPPORTED
from generator.settings.file import default_settings_text

REGULAR_FONT = str(font_path("FiraSans-Regular.ttf"))
WORDS = "bank\npitch\nmercury\nice cream\nanchor\n"
REPEATS = "bank\npitch\nBank\nmercury\n"
RULES_TEXT = ("title: House rules\nsections:\n  - id: a\n    title: Our way\n    blocks:\n"
              "      - text: \"{key_cards} key cards, {tiles} tiles.\"\n")

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
    "theme.green": ("#123456", {"duet": True}),  # Duet's agents: only Duet cards and tiles show them
    "duet": (True, {}),
    "lang": ("de", {"keys.single_sided": True}),  # keys: only a plain back carries words
    "sharp_s": ("capital", {"lang": "de"}),  # the German deck has words with ß
    "deck.deck": ("francais", {}),
    "deck.words": ("words.txt", {}),
    "deck.dedupe": (True, {"deck.words": "repeats.txt"}),
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
}

# What every run starts from: the file `cngen init` writes, with small key decks, and a seed
# where a run deals keys, so that two runs can be compared (the kit's own seed, which the
# keys' seed would override).
INIT = yaml.safe_load(default_settings_text())
SEEDS = {"keys": {"keys": {"seed": 1}}, "kit": {"kit": {"seed": 1}}}


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


def run_with(folder: Path, monkeypatch, command: str, settings: dict) -> dict[str, object]:
    """Everything a run leaves: its files, what it printed, its exit code."""
    folder.mkdir()
    (folder / "words.txt").write_text(WORDS, encoding="utf-8")
    (folder / "repeats.txt").write_text(REPEATS, encoding="utf-8")
    (folder / "house-rules.yaml").write_text(RULES_TEXT, encoding="utf-8")
    (folder / "cngen.yaml").write_text(yaml.safe_dump(settings), encoding="utf-8")
    inputs = {path.name for path in folder.iterdir()}
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(main, [command])
    files = {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*"))
             if path.is_file() and path.name not in inputs}
    return {"files": files, "stdout": result.stdout, "stderr": result.stderr, "code": result.exit_code}


# preflight reads PDFs it is given rather than making any: tests/test_preflight_cli.py covers it.
PAIRS = [(setting.key, command) for setting in SETTINGS for command in setting.commands if command != "preflight"]


def test_every_setting_has_a_sample_value():
    assert set(SAMPLES) == set(BY_KEY)


@pytest.mark.parametrize("key, command", PAIRS, ids=[f"{key}-{command}" for key, command in PAIRS])
def test_every_setting_reaches_every_command_it_belongs_to(tmp_path, monkeypatch, key, command):
    value, needs = SAMPLES[key]
    base = merged(BASE, SEEDS.get(command, {}), nested(needs))
    before = run_with(tmp_path / "before", monkeypatch, command, base)
    after = run_with(tmp_path / "after", monkeypatch, command, merged(base, nested({key: value})))
    assert after["code"] == 0, after["stderr"]
    assert after != before
    assert "Note:" not in after["stderr"]  # it took effect, rather than being set aside


def test_every_command_offers_a_flag_for_each_setting_it_declares_one_for():
    for setting in SETTINGS:
        for command in setting.commands:
            flag = setting.flag_on(command)
            if flag is None:
                continue
            options = {opt for param in main.commands[command].params for opt in (*param.opts, *param.secondary_opts)}
            assert set(flag.split("/")) <= options, (setting.key, command)


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


NO_EFFECT_CASES = [(rule, command) for rule in NO_EFFECT for command in rule.commands]


@pytest.mark.parametrize("rule, command", NO_EFFECT_CASES,
                         ids=[f"{rule.key}-with-{rule.when[1]}-{command}" for rule, command in NO_EFFECT_CASES])
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


@pytest.mark.parametrize("rule, command", NO_EFFECT_CASES,
                         ids=[f"{rule.key}-with-{rule.when[1]}-{command}" for rule, command in NO_EFFECT_CASES])
def test_a_file_value_that_has_no_effect_is_ignored_with_a_note(tmp_path, monkeypatch, rule, command):
    condition, condition_value = rule.when
    # A short word list: the services that take images make a PNG a face.
    small = {"deck": {"words": "words.txt"}} if command in ("deck", "kit") else {}
    base = merged(BASE, small, SEEDS.get(command, {}), nested(SAMPLES[condition][1]), nested({condition: condition_value}))
    plain = run_with(tmp_path / "plain", monkeypatch, command, base)
    noted = run_with(tmp_path / "noted", monkeypatch, command, merged(base, nested({rule.key: SAMPLES[rule.key][0]})))
    assert noted["code"] == 0, noted["stderr"]
    notes = [line for line in noted["stderr"].splitlines() if line.startswith("Note: ")]
    assert len(notes) == 1 and f"{rule.key} " in notes[0] and "is ignored" in notes[0]
    assert notes[0].startswith("Note: cngen.yaml:")
    assert noted["files"] == plain["files"]  # the value never reached the output


def test_a_home_back_offset_from_the_file_never_reaches_shop_backs(run, tmp_path):
    (tmp_path / "cngen.yaml").write_text('back_offset: "3,-2"\n', encoding="utf-8")
    result = run("deck", "--profile", "shop", "-o", "shop.pdf")
    assert result.exit_code == 0
    assert result.stderr.startswith("Note: cngen.yaml:1: back_offset 3,-2 is ignored: it has no effect with "
                                    "--profile shop")
    with_note = (tmp_path / "shop.pdf").read_bytes()
    (tmp_path / "cngen.yaml").unlink()
    assert run("deck", "--profile", "shop", "-o", "shop.pdf").exit_code == 0  # the name is on the slug line
    assert (tmp_path / "shop.pdf").read_bytes() == with_note


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


# --- Settings files elsewhere ----------------------------------------------------------------


def test_a_settings_file_in_another_folder_takes_paths_from_its_own_folder(run, tmp_path):
    (tmp_path / "words.txt").write_text(WORDS, encoding="utf-8")
    (tmp_path / "cngen.yaml").write_text("deck:\n  words: words.txt\n  output: printed/deck.pdf\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    runner_folder = tmp_path / "sub"
    import os

    os.chdir(runner_folder)
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


def test_the_kit_seed_deals_the_keys_and_is_printed_to_reuse(run, tmp_path):
    result = run("kit", "--keys-count", "3", "--seed", "5", "--out-dir", "a")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == "  The same kit again: --seed 5."
    assert run("keys", "--count", "3", "--seed", "5", "-o", "b/keys.pdf").exit_code == 0
    assert (tmp_path / "a" / "keys.json").read_text() == (tmp_path / "b" / "keys.json").read_text()


def test_a_kit_without_a_seed_prints_one_that_makes_it_again(run, tmp_path):
    first = run("kit", "--keys-count", "3", "--out-dir", "a")
    reuse = first.stdout.splitlines()[-1].removeprefix("  The same kit again: ").rstrip(".").split()
    assert reuse[0] == "--seed"
    assert run("kit", "--keys-count", "3", "--out-dir", "b", *reuse).exit_code == 0
    for name in ("deck.pdf", "keys.pdf", "keys.json", "tokens.pdf", "rules.pdf"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes(), name


def test_the_keys_own_seed_overrides_the_kits(run, tmp_path):
    result = run("kit", "--keys-count", "3", "--seed", "5", "--keys-seed", "8", "--out-dir", "a")
    assert result.stdout.splitlines()[-1] == "  The same kit again: --keys-seed 8."
    assert '"seed": 8' in (tmp_path / "a" / "keys.json").read_text()


def test_a_pipe_named_as_a_word_list_is_refused_with_the_way_to_pipe_a_list_in(run, tmp_path):
    import os

    os.mkfifo(tmp_path / "pipe")
    result = run("deck", "--words", "pipe")
    assert result.exit_code == 1
    assert result.stderr == ("Error: --words pipe: this is not a regular file (a pipe or a device): save it as a "
                             "file, or pass the list on standard input with --words -\n")
