"""Hostile input fails fast with one clear message, never a crash: YAML nested until the
parser's recursion kills the process, aliases that expand to billions of values, fonts cut short
or damaged, and numbers too large, not finite, or written in digits no one types.

Inputs that could crash the process itself (a segmentation fault in libyaml's composer) run
cngen in a process of its own (one for all of them), so that a crash shows as a signal rather
than a dead test runner; the rest run in-process. Nothing here is timed: "at once" means before
anything follows the aliases, which the tests check by making the composer fail if reached.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import random
import re
import struct
import subprocess
import sys
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from PIL import Image

from generator.cli import main
from generator.errors import CngenError, UsageError
from generator.inputs.bundled import font_path
from generator.inputs.plainyaml import MAX_DEPTH, MAX_NODES, YamlProblem, compose_plain
from generator.jobs.deck import build_deck
from generator.model.words import parse_text, parse_yaml_deck, raise_problems
from generator.settings.declarations import BY_KEY, MAX_SEED
from generator.settings.file import parse_settings
from generator.settings.options import DeckOptions
from generator.typeface.font import parse_font

DEEP = 100_000
CLASSIC_TEXT = Path(__file__).resolve().parent.parent / "languages" / "en" / "classic.yaml"
HUGE = "9" * 5000


def invoke(folder: Path, monkeypatch, *args: str):
    monkeypatch.chdir(folder)
    return CliRunner().invoke(main, list(args))


# --- YAML nested past any use ---------------------------------------------------------------

NESTINGS = {
    "flow lists": ("[" * DEEP + "]" * DEEP, 1),
    "flow maps": ("{a: " * DEEP + "x" + "}" * DEEP, 1),
    # Block mappings and lists: each level on its own line, one space further in.
    "block maps": ("\n" + "".join(" " * level + "a:\n" for level in range(1, 200)), MAX_DEPTH + 1),
    "block lists": ("\n" + "".join(" " * level + "-\n" for level in range(1, 200)), MAX_DEPTH + 1),
}


# Each case: the file it writes, what it holds, and the arguments that read it.
NESTED_FILES = {
    **{f"deck of {name}": ("d.yaml", f"words: {nested}", ["deck", "--words", "d.yaml"], line)
       for name, (nested, line) in NESTINGS.items()},
    **{f"settings file of {name}": ("cngen.yaml", f"theme: {nested}", ["deck"], line)
       for name, (nested, line) in NESTINGS.items()},
}

# Runs each case in its own folder, in one process, and prints a line of JSON per case read:
# [case, exit code, stderr, whether an output folder exists].
CHILD = """
import json, os, sys
from click.testing import CliRunner
from generator.cli import main
for case, folder, args in json.loads(sys.argv[1]):
    os.chdir(folder)
    result = CliRunner().invoke(main, args)
    print(json.dumps([case, result.exit_code, result.stderr, os.path.exists("output")]), flush=True)
"""


@pytest.fixture(scope="module")
def nested_runs(tmp_path_factory):
    """cngen run on every nested file in a process of its own: a crash (a segmentation fault
    in libyaml's composer) is a signal there, with the cases read before it, not a lost test
    run. Case -> (exit code, stderr, whether an output folder was made); and the process."""
    cases = []
    for case, (name, text, args, _) in NESTED_FILES.items():
        folder = tmp_path_factory.mktemp("nested")
        (folder / name).write_text(text, encoding="utf-8")
        cases.append([case, str(folder), args])
    child = subprocess.run([sys.executable, "-c", CHILD, json.dumps(cases)], capture_output=True, text=True,
                           timeout=120)
    runs = {case: (code, stderr, made) for case, code, stderr, made in map(json.loads, child.stdout.splitlines())}
    return runs, child


@pytest.mark.parametrize("case", NESTED_FILES)
def test_a_file_nested_too_deep_is_refused_with_its_line_not_a_crash(nested_runs, case):
    runs, child = nested_runs
    # A crash ends the process with a negative return code (-11, SIGSEGV) before this case.
    assert case in runs, f"the process ended with {child.returncode}: {child.stderr[-2000:]}"
    assert child.returncode == 0, child.stderr[-2000:]
    code, stderr, made_output = runs[case]
    name, _, _, line = NESTED_FILES[case]
    assert code == 1, stderr
    assert stderr.startswith(f"Error: {name}:{line}: ") and len(stderr.strip().splitlines()) == 1, stderr
    assert f"lists and groups of keys are nested more than {MAX_DEPTH} levels deep" in stderr, stderr
    assert not made_output


def test_nesting_up_to_the_limit_is_read():
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert compose_plain(nested, "plain") is not None
    with pytest.raises(YamlProblem):
        compose_plain("[" + nested + "]", "plain")


# --- Aliases that expand without end ---------------------------------------------------------


def laughs(key: str, indent: str = "") -> str:
    """A "billion laughs": ten aliases of ten aliases of... 10**12 values once expanded."""
    lines = [f"{indent}- &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"{indent}- &a{n} [{', '.join([f'*a{n - 1}'] * 10)}]" for n in range(1, 13)]
    return f"{key}:\n" + "\n".join(lines) + "\n"


BOMBS = {
    "deck": ("d.yaml", laughs("words", "  "), ["deck", "--words", "d.yaml"]),
    "settings file": ("cngen.yaml", "deck:\n  blanks: 5\n" + laughs("title"), ["deck"]),
}


@pytest.fixture
def never_composed(monkeypatch):
    """YAML's composer, which follows every alias, made to fail the test if it is reached."""

    def compose(*args, **kwargs):
        raise AssertionError("the document was composed")

    monkeypatch.setattr("generator.inputs.plainyaml.yaml.compose", compose)


@pytest.mark.parametrize("name, text, args", BOMBS.values(), ids=BOMBS.keys())
def test_an_alias_bomb_is_refused_at_once_with_the_line_of_the_alias(tmp_path, monkeypatch, never_composed,
                                                                     name, text, args):
    (tmp_path / name).write_text(text, encoding="utf-8")
    result = invoke(tmp_path, monkeypatch, *args)  # refused from the parser's events, before composing
    assert result.exit_code == 1, result.output
    message = result.stderr.strip()
    assert message.startswith(f"Error: {name}:") and f"alias *a4 takes the document past {MAX_NODES:,} values" in message
    line = 1 + next(number for number, row in enumerate(text.splitlines()) if "*a4" in row)  # the list of a5
    assert message.startswith(f"Error: {name}:{line}: "), message
    assert len(message.splitlines()) == 1


SELF = {
    "deck": ("d.yaml", "words: &w [a, b, *w]\n", ["deck", "--words", "d.yaml"],
             "d.yaml:1: each entry must be a word or a short phrase"),
    "settings file": ("cngen.yaml", "deck: &d {blanks: 3, dedupe: *d}\n", ["deck"],
                      "cngen.yaml:1: deck.dedupe: this must be true or false, not a group of keys"),
}


@pytest.mark.parametrize("name, text, args, words", SELF.values(), ids=SELF.keys())
def test_an_alias_inside_what_it_names_is_one_value_and_never_loops(tmp_path, monkeypatch, name, text, args, words):
    (tmp_path / name).write_text(text, encoding="utf-8")
    result = invoke(tmp_path, monkeypatch, *args)
    assert result.exit_code == 1 and words in result.stderr, result.output


def test_aliases_that_nest_past_the_limit_once_expanded_are_refused():
    lines = ["a0: &a0 " + "[" * 10 + "x" + "]" * 10]
    lines += [f"a{n}: &a{n} " + "[" * 10 + f"*a{n - 1}" + "]" * 10 for n in range(1, 8)]
    with pytest.raises(YamlProblem) as caught:
        compose_plain("\n".join(lines), "plain")
    assert caught.value.line == 5 and "alias *a3 nests" in caught.value.message


def test_aliases_that_stay_small_are_read_and_shared_nodes_are_walked_once():
    text = "words:\n  - &w bank\n  - *w\n  - school\n"
    problems = parse_yaml_deck(text.encode(), "d.yaml").problems
    # Found once. (The alias is the anchored node itself, so the repeat is shown at the anchor's line.)
    assert len(problems) == 1 and "'BANK' appears twice" in problems[0].message
    settings_text = 'theme:\n  red: &c "#D8322B"\n  blue: *c\n'  # one value, shared
    values = parse_settings(settings_text.encode(), "cngen.yaml").values
    assert values["theme.red"].value == values["theme.blue"].value


def test_a_document_of_more_values_than_the_limit_is_refused_before_composing(never_composed):
    with pytest.raises(YamlProblem) as caught:
        compose_plain("words: [" + "a," * (MAX_NODES + 10) + "]", "plain")
    assert f"more than {MAX_NODES:,} values" in caught.value.message and caught.value.line == 1


def test_a_twenty_thousand_word_yaml_deck_still_loads():
    text = "name: Big\nlanguage: en\nwords:\n" + "".join(f"  - word{i}\n" for i in range(20_000))
    deck = parse_yaml_deck(text.encode(), "big.yaml")
    assert len(deck.entries) == 20_000 and not deck.problems
    assert deck.entries[-1].line == 20_003


# --- Fonts cut short or damaged --------------------------------------------------------------

FONT = font_path().read_bytes()


def table_span(tag: str) -> tuple[int, int]:
    """Where the bundled font keeps a table: (start, end) in the file."""
    for index in range(struct.unpack_from(">H", FONT, 4)[0]):
        name, _, start, length = struct.unpack_from(">4sLLL", FONT, 12 + 16 * index)
        if name.decode() == tag:
            return start, start + length
    raise AssertionError(tag)


def font_outcome(tmp_path: Path, data: bytes) -> str:
    """'refused' (a message naming the font) or 'printed' (a PDF that opens and renders)."""
    path = tmp_path / "t.ttf"
    path.write_bytes(data)
    words = tmp_path / "w.txt"
    words.write_text("BANK\nÉCOLE\nПРИВЕТ\nQUIXOTIC JUMP\n", encoding="utf-8")
    try:
        result = build_deck(DeckOptions(font=path, words=words, blanks=1))
    except CngenError as error:
        message = str(error)
        assert str(path) in message or str(words) in message, message  # the font, or a word it cannot print
        assert "internal error" not in message and "unpack" not in message, message
        return "refused"
    with pypdfium2.PdfDocument(result.pdf) as document:
        document[0].render(scale=0.2)
    return "printed"


@pytest.mark.parametrize("cut", [1, 4, 11, 12, 100, 299, 300, 5000, len(FONT) // 2, len(FONT) - 4, len(FONT) - 1])
def test_a_font_cut_short_is_refused_with_its_name(tmp_path, monkeypatch, cut):
    (tmp_path / "t.ttf").write_bytes(FONT[:cut])
    result = invoke(tmp_path, monkeypatch, "deck", "--font", "t.ttf")
    assert result.exit_code == 1, result.output
    message = result.stderr.strip()
    assert message.startswith("Error: t.ttf ") and len(message.splitlines()) == 1
    assert "cut short" in message or "not a usable TrueType font" in message, message
    assert "internal error" not in message and "unpack" not in message


def test_the_message_for_a_cut_font_names_the_tables_it_lost(tmp_path, monkeypatch):
    (tmp_path / "t.ttf").write_bytes(FONT[:5000])
    message = invoke(tmp_path, monkeypatch, "deck", "--font", "t.ttf").stderr
    assert message.startswith("Error: t.ttf is cut short: the file has 5,000 bytes, but its tables run on to byte ")
    assert "glyf" in message and "copy or download the font again" in message


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=0, max_value=len(FONT) - 1))
def test_a_font_cut_anywhere_is_refused_with_its_name(tmp_path, cut):
    with pytest.raises(CngenError) as caught:
        parse_font(FONT[:cut], "cut.ttf", "cut")
    assert str(caught.value).startswith("cut.ttf ")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32), flips=st.sampled_from([1, 4, 16]),
       region=st.sampled_from(["directory and headers", "character map", "loca", "glyf", "anywhere"]))
def test_a_font_damaged_anywhere_prints_or_is_refused_never_crashes(tmp_path, seed, flips, region):
    rng = random.Random(seed)
    data = bytearray(FONT)
    low, high = {"directory and headers": (0, table_span("hmtx")[0]), "character map": table_span("cmap"),
                 "loca": table_span("loca"), "glyf": table_span("glyf"), "anywhere": (0, len(FONT))}[region]
    for _ in range(flips):
        data[rng.randrange(low, high)] = rng.randrange(256)
    assume(bytes(data) != FONT)
    assert font_outcome(tmp_path, bytes(data)) in ("refused", "printed")


def damaged(table: str, offset: int, value: bytes) -> bytes:
    """The bundled font with ``value`` written at ``offset`` into ``table``."""
    data = bytearray(FONT)
    start = table_span(table)[0] + offset
    data[start:start + len(value)] = value
    return bytes(data)


DAMAGE = {
    "a loca entry out of order": (damaged("loca", 200, b"\xff\xff"), "its loca table"),
    "no units per em": (damaged("head", 18, b"\x00\x00"), "units per em"),
    "a character map of billions": (damaged("cmap", 0, b"\x00\x00\x00\x01\x00\x03\x00\x01\x00\x00\x00\x0c"
                                                       b"\x00\x0c\x00\x00\x00\x00\x00\x1c\x00\x00\x00\x00"
                                                       b"\x00\x00\x00\x01\x00\x00\x00\x00\xff\xff\xff\xfe"
                                                       b"\x00\x00\x00\x00"), "beyond Unicode"),
    "no glyf table": (FONT.replace(b"glyf", b"glyg", 1), "it has no glyf table"),
    "a table name that is not text": (FONT.replace(b"gasp", b"g\x00\xffp", 1), "its table directory names a table"),
}


@pytest.mark.parametrize("data, reason", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_font_is_refused_with_the_reason(data, reason):
    with pytest.raises(CngenError) as caught:
        parse_font(data, "bad.ttf", "bad")
    message = str(caught.value)
    assert message.startswith("bad.ttf ") and reason in message, message


def test_the_bundled_fonts_pass_every_check_a_users_font_gets():
    """A run reads cngen's own fonts without the checks: this test makes them instead."""
    from reportlab.pdfbase.ttfonts import TTFont

    from generator.typeface.fontfile import check_glyphs, check_layout  # embedding rights too

    paths = sorted(font_path().parent.glob("*.ttf"))
    assert len(paths) == 6  # Fira Sans Regular, Bold and Italic, Fira Sans Condensed Bold; BIZ UDPGothic Regular and Bold
    for path in paths:
        data = path.read_bytes()
        check_layout(data, 0)
        check_glyphs(TTFont(f"check-{path.stem}", io.BytesIO(data)).face, data)
        font = parse_font(data, str(path), path.stem)
        assert ord("A") in font.characters and font.line_height(10) > 0


# --- Numbers too large, not finite, or written oddly -----------------------------------------

# (command, option, value): each refused by the option's own parser, naming the option.
TYPED = [
    *[(command, option, value) for command, option in
      [("deck", "--blanks"), ("keys", "--count"), ("tokens", "--sets"), ("deck", "--seed"), ("keys", "--seed"),
       ("kit", "--seed"), ("kit", "--keys-seed"), ("kit", "--deck-seed")]
      for value in ["nan", "inf", "-inf", "1e309", HUGE, "1.5"]],
    *[("deck", option, value) for option in ("--margin", "--bleed")
      for value in ["nanmm", "infmm", "1e309mm", HUGE + "mm", "1" + "0" * 400 + "mm", "-0mm", "1_0mm", "５mm"]],
    *[("deck", option, value) for option in ("--card-size", "--paper")
      for value in ["nanx45mm", HUGE + "x45mm", "70x" + HUGE + "mm", "1_0x45mm", "７0x45mm"]],
    *[("deck", "--back-offset", value) for value in
      ["nan,0", "inf,0", "-inf,0", "0,1e309", HUGE + ",0", "1_0,0", "５,0", "1e1,0"]],
    ("keys", "--seed", str(MAX_SEED + 1)),
    ("kit", "--seed", str(MAX_SEED + 1)),
]


@pytest.mark.parametrize("command, option, value", TYPED, ids=[f"{c} {o} {v[:12]}" for c, o, v in TYPED])
def test_a_hostile_number_on_the_command_line_is_a_usage_error_naming_the_option(tmp_path, monkeypatch,
                                                                                  command, option, value):
    result = invoke(tmp_path, monkeypatch, command, option, value)
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '{option}'" in result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.output


YAML_VALUES = [".nan", ".inf", "-.inf", "1e309", HUGE, "-" + HUGE, "1_0", "５", "0x10", "5.0"]
# (settings file text, the key the message names, the line)
IN_FILE = [
    *[(f"{section}:\n  {name}: {value}\n", f"{section}.{name}", 2)
      for section, name in [("deck", "blanks"), ("keys", "count"), ("tokens", "sets"), ("deck", "seed"),
                            ("keys", "seed"), ("kit", "seed")]
      for value in [*YAML_VALUES, str(MAX_SEED + 1)]],
    *[(f"{key}: {value}\n", key, 1) for key in ("margin", "bleed")
      for value in [".nan", ".inf", "1e309mm", HUGE + "mm", "-0mm", "1_0mm", "５mm"]],
    *[(f"{key}: {value}\n", key, 1) for key in ("paper", "back_offset")
      for value in [".nan", HUGE + "x45mm", '"７0x45mm"', '"nan,0"', HUGE + ",0"]],
    *[(f"deck:\n  card_size: {value}\n", "deck.card_size", 2) for value in [HUGE + "x45mm", "７0x45mm"]],
    *[(f'theme:\n  red: {value}\n', "theme.red", 2) for value in ['"#ＤＤ0000"', ".nan", HUGE]],
    *[(f'{section}:\n  {name}: "a\\0b.pdf"\n', f"{section}.{name}", 2)
      for section, name in [("deck", "output"), ("deck", "words"), ("deck", "font"), ("rules", "text"),
                            ("kit", "out_dir"), ("calibrate", "output")]],
]


@pytest.mark.parametrize("text, key, line", IN_FILE, ids=[text.replace("\n", " ")[:32] for text, _, _ in IN_FILE])
def test_a_hostile_value_in_the_settings_file_is_refused_naming_the_key(tmp_path, monkeypatch, text, key, line):
    (tmp_path / "cngen.yaml").write_text(text, encoding="utf-8")
    command = {"deck": "deck", "keys": "keys", "tokens": "tokens", "kit": "kit", "rules": "rules",
               "calibrate": "calibrate", "theme": "keys"}.get(key.partition(".")[0] if "." in key else "", "deck")
    result = invoke(tmp_path, monkeypatch, command)
    assert result.exit_code == 1, result.output
    message = result.stderr.strip()
    assert message.startswith(f"Error: cngen.yaml:{line}: {key}"), message
    assert len(message) < 400 and "\x00" not in message  # 5,000 digits are cut short, NUL escaped
    assert "internal error" not in message


@pytest.mark.parametrize("seed", [0, 2**32 - 1, 2**32, MAX_SEED])
def test_seeds_up_to_two_to_the_sixty_four_deal_and_are_printed_for_reuse(tmp_path, monkeypatch, seed):
    result = invoke(tmp_path, monkeypatch, "keys", "--count", "1", "--seed", str(seed), "-o", "k.pdf")
    assert result.exit_code == 0, result.output
    assert f"--seed {seed}" in result.stdout
    assert f'"seed": {seed}' in (tmp_path / "k.json").read_text(encoding="utf-8")


def test_a_seed_of_negative_zero_is_zero(tmp_path, monkeypatch):
    (tmp_path / "cngen.yaml").write_text("keys:\n  seed: -0\n", encoding="utf-8")
    result = invoke(tmp_path, monkeypatch, "keys", "--count", "1", "-o", "k.pdf")
    assert result.exit_code == 0 and "--seed 0 " in result.stdout


def test_the_whole_number_kind_refuses_what_int_would_take():
    parse = BY_KEY["deck.blanks"].kind.parse
    assert parse(" 8 ") == 8 and parse("-0") == 0
    for text in ["５", "1_0", HUGE, "nan", "", "8.0"]:
        with pytest.raises(UsageError):
            parse(text)
    assert BY_KEY["keys.seed"].kind.parse(str(MAX_SEED)) == MAX_SEED


# --- A font whose licence forbids what a print file does --------------------------------------


@pytest.mark.parametrize("permissions, reason", [
    (0x0002, "forbids embedding it in a document"),
    (0x0200, "only its bitmaps"),
    (0x0100, "forbids embedding only the letters a document uses"),
    (0x0302, "forbids embedding it in a document"),
])
def test_a_font_whose_licence_forbids_embedding_is_refused(permissions, reason):
    with pytest.raises(CngenError) as caught:
        parse_font(damaged("OS/2", 8, struct.pack(">H", permissions)), "restricted.ttf", "restricted")
    message = str(caught.value)
    assert message.startswith("restricted.ttf ") and reason in message and "choose a font" in message, message


@pytest.mark.parametrize("permissions", [0x0000, 0x0004, 0x0008, 0x0006, 0x000A])
def test_a_font_whose_licence_allows_printing_is_taken(permissions):
    font = parse_font(damaged("OS/2", 8, struct.pack(">H", permissions)), "allowed.ttf", "allowed")
    assert ord("A") in font.characters


# --- A deck file's own fields are held to the options they stand for -------------------------

DECK_WORDS = "words: [PLANET, COMET, ORBIT, MOON]\n"

DECK_FIELDS = {
    "a language that is a path": ('language: "../../somewhere/else"', 1, "language: '../../somewhere/else' is not a "
                                                                         "language code"),
    "a language that is a number": ("language: 12", 1, "language: '12' is not a language code"),
    "a language with a line break": ('language: "fr\\nx"', 1, "is not a language code"),
    "a language as a list": ("language: [fr]", 1, "language: this must be a language code such as fr, not a list"),
    "a name with a right-to-left override": ('name: "Party\\u202e"', 1, "name: the text contains the invisible "
                                                                          "character U+202E RIGHT-TO-LEFT OVERRIDE"),
    "a name with a zero-width space": ('name: "Pa\\u200brty"', 1, "U+200B ZERO WIDTH SPACE"),
    "a name with a bell": ('name: "Party\\a"', 1, "name: the text contains the control character U+0007"),
    "a name longer than a title": (f'name: "{"N" * 61}"', 1, "name: 61 characters are too many: at most 60 fit"),
    "a description of a page": (f'description: "{"d" * 501}"', 1, "description: 501 characters are too many"),
    "a name as a list": ("name: [a, b]", 1, "name: this must be text, not a list"),
}


@pytest.mark.parametrize("field, line, message", DECK_FIELDS.values(), ids=DECK_FIELDS.keys())
def test_a_deck_files_own_fields_are_checked_like_the_options_they_stand_for(field, line, message):
    with pytest.raises(CngenError) as caught:
        parse_yaml_deck(f"{field}\n{DECK_WORDS}".encode(), "d.yaml")
    assert str(caught.value).startswith(f"d.yaml:{line}: ") and message in str(caught.value), str(caught.value)


def test_a_decks_language_tag_is_read_as_lang_reads_it():
    assert parse_yaml_deck(f"language: pt_BR\n{DECK_WORDS}".encode(), "d.yaml").language == "pt-br"


def test_a_deck_name_the_rules_font_cannot_draw_is_blamed_on_the_deck(tmp_path, monkeypatch):
    (tmp_path / "d.yaml").write_text(f'name: "Party 🎉"\n{DECK_WORDS}', encoding="utf-8")
    result = invoke(tmp_path, monkeypatch, "rules", "--words", "d.yaml", "-o", "r.pdf")
    assert result.exit_code == 1 and not (tmp_path / "r.pdf").exists()
    message = result.output.strip().splitlines()[-1]
    assert message.startswith("Error: d.yaml: name: uses '🎉' (U+1F389 PARTY POPPER)"), message
    assert "texts/" not in message and "change the name" in message


@pytest.mark.parametrize("entry", ["\u200d\u200d", "\u200b", "\u0301", "\u2060", "\ufe0f"])
def test_a_word_of_only_invisible_characters_is_a_problem_not_a_blank_side(tmp_path, monkeypatch, entry):
    (tmp_path / "w.txt").write_text(f"PLANET\n{entry}\nCOMET\n", encoding="utf-8")
    result = invoke(tmp_path, monkeypatch, "deck", "--words", "w.txt", "-o", "d.pdf")
    assert result.exit_code == 1 and not (tmp_path / "d.pdf").exists(), result.output
    assert "w.txt:2: " in result.output and ("no visible character" in result.output
                                             or "invisible character" in result.output), result.output


# --- Odd files where cngen looks for its own ---------------------------------------------------


def test_a_kit_record_nested_past_any_use_counts_as_no_record(tmp_path, monkeypatch):
    (tmp_path / "w.txt").write_text("".join(f"word{i}\n" for i in range(30)))
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / ".cngen-kit.json").write_text("[" * DEEP + "]" * DEEP)
    (tmp_path / "out" / "kit.pdf").write_bytes(b"%PDF- the user's own")
    result = invoke(tmp_path, monkeypatch, "kit", "--words", "w.txt", "--keys-count", "1", "--seed", "1",
                    "--out-dir", "out")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "out" / "kit.pdf").read_bytes() == b"%PDF- the user's own"  # not known as ours: kept


@pytest.mark.parametrize("kind", ["loop", "dangling", "folder", "pipe"])
def test_a_settings_file_here_that_cannot_be_read_is_named_not_passed_over(tmp_path, monkeypatch, kind):
    found = tmp_path / "cngen.yaml"
    {"loop": lambda: found.symlink_to("cngen.yaml"), "dangling": lambda: found.symlink_to("gone.yaml"),
     "folder": found.mkdir, "pipe": lambda: os.mkfifo(found)}[kind]()
    result = invoke(tmp_path, monkeypatch, "deck", "-o", "d.pdf")
    assert result.exit_code == 1 and not (tmp_path / "d.pdf").exists(), result.output
    message = result.output.strip().splitlines()[-1]
    assert message.startswith("Error: cngen.yaml: ") and "Traceback" not in result.output, message


@pytest.mark.parametrize("paper, accepted", [("5080x5080mm", True), ("200x200in", True), ("508x508cm", True),
                                             ("5081x10mm", False), ("200.01x10in", False)])
def test_the_largest_page_a_pdf_holds_is_allowed_and_no_larger(paper, accepted):
    from generator.units import MAX_SIDE, parse_paper

    if accepted:
        assert max(parse_paper(paper)) == MAX_SIDE
    else:
        with pytest.raises(UsageError, match="at most 5080 mm"):
            parse_paper(paper)


def test_a_rules_texts_language_is_read_as_lang_reads_it(tmp_path, monkeypatch):
    english = CLASSIC_TEXT.read_text(encoding="utf-8")
    (tmp_path / "r.yaml").write_text(english.replace("language: en", 'language: "../../somewhere"', 1),
                                     encoding="utf-8")
    result = invoke(tmp_path, monkeypatch, "rules", "--text", "r.yaml", "-o", "r.pdf")
    assert result.exit_code == 1 and not (tmp_path / "r.pdf").exists(), result.output
    message = result.output.strip().splitlines()[-1]
    assert message.startswith("Error: r.yaml:") and "language: '../../somewhere' is not a language code" in message


# --- One rule for every text a user gives, whatever its source -------------------------------

# What no word list lets through: ESC (a terminal's commands), a right-to-left override and an
# isolate (text turned around), line and paragraph separators (a grid split), a byte-order mark.
HIDDEN = {"ESC": ("\x1b", "the control character U+001B"),
          "a right-to-left override": ("\u202e", "the invisible character U+202E RIGHT-TO-LEFT OVERRIDE"),
          "a left-to-right isolate": ("\u2066", "the invisible character U+2066 LEFT-TO-RIGHT ISOLATE"),
          "a line separator": ("\u2028", "the line break U+2028 LINE SEPARATOR"),
          "a paragraph separator": ("\u2029", "the line break U+2029 PARAGRAPH SEPARATOR"),
          "a byte-order mark": ("\ufeff", "the invisible character U+FEFF ZERO WIDTH NO-BREAK SPACE")}
# Where a title or a tile's name comes from: the command line, cngen.yaml, an edition (its own
# title, and its tiles' names). Each: the files, the arguments, the exit code, and where the
# message says the text is ({char} stands for the character, as YAML escapes it in a file).
SOURCES = {
    "--title": ({}, ["--title", "Night{char}Out"], 2, "Invalid value for '--title': 'Night"),
    "cngen.yaml's title": ({"cngen.yaml": 'title: "Night{char}Out"\n'}, [], 1, "Error: cngen.yaml:1: title: 'Night"),
    "an edition's title": ({"party.yaml": 'title: "Night{char}Out"\n'}, ["--edition", "party.yaml"], 1,
                           "Error: party.yaml:1: title: 'Night"),
    "an edition's tile name": ({"party.yaml": 'tiles:\n  assassin:\n    name: "The{char}Clown"\n'},
                               ["--edition", "party.yaml"], 1, "Error: party.yaml:3: tiles: assassin: name: "),
}


# Every character from every source; but a line break in a YAML text (a tile's name) is read as
# YAML reads one, as a space.
HELD = [pytest.param(char, named, *SOURCES[source], id=f"{source}-{name}") for source in SOURCES
        for name, (char, named) in HIDDEN.items() if not (source.endswith("tile name") and "line break" in named)]


@pytest.mark.parametrize("char, named, files, args, code, where", HELD)
def test_a_title_or_a_tiles_name_is_held_to_the_rule_words_are(tmp_path, monkeypatch, char, named, files, args,
                                                                 code, where):
    escape = json.dumps(char)[1:-1]  # as YAML's double quotes write it
    for name, text in files.items():
        (tmp_path / name).write_text(text.format(char=escape), encoding="utf-8")
    before = {name: hashlib.sha256((tmp_path / name).read_bytes()).hexdigest() for name in files}
    typed = [arg.format(char=char) for arg in args]
    result = invoke(tmp_path, monkeypatch, "board", "--seed", "1", "-o", "board.md", *typed)
    assert result.exit_code == code, result.output
    assert where in result.stderr and f"{named}: " in result.stderr, result.stderr
    assert char not in result.output and "Traceback" not in result.output
    assert {name: hashlib.sha256((tmp_path / name).read_bytes()).hexdigest() for name in files} == before
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(files)


def test_the_rule_is_the_words_rule():
    """A word list refuses what a title refuses, naming the character the same way."""
    for char, named in HIDDEN.values():
        if char in "\u2028\u2029":  # a line break: a word list's next line
            continue
        with pytest.raises(CngenError, match=re.escape(f"contains {named}: remove it")):
            raise_problems(parse_text(f"PLANET\nCO{char}MET\n".encode(), "w.txt"))


def test_a_web_address_for_tabletop_simulator_is_held_to_the_rule(tmp_path, monkeypatch):
    result = invoke(tmp_path, monkeypatch, "tts", "--base-url", "https://example.org/\x1b]0;x\x07/", "--out-dir", "out")
    assert result.exit_code == 2 and "holds the control character U+001B" in result.stderr, result.output
    assert "\x1b" not in result.output and not (tmp_path / "out").exists()


def test_two_copies_of_a_picture_named_with_controls_are_named_escaped(tmp_path, monkeypatch):
    folder = tmp_path / "pictures"
    folder.mkdir()
    for number in range(20):
        Image.new("RGB", (4, 4), (number, 0, 0)).save(folder / f"p{number:02}.png")
    (folder / "copy\x1b[2Jof.png").write_bytes((folder / "p00.png").read_bytes())
    before = {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in folder.iterdir()}
    result = invoke(tmp_path, monkeypatch, "board", "--pictures", "--images", "pictures")
    assert result.exit_code == 1, result.output
    assert "p00.png is the same picture as copy\\x1b[2Jof.png" in result.stderr and "\x1b" not in result.output
    assert {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in folder.iterdir()} == before


def test_names_a_user_gives_reach_the_terminal_as_text(run, tmp_path):
    """A file named with ESC, BEL or a right-to-left override never acts in the terminal:
    summaries, notes and errors show each escaped (a line break stays one: messages have their
    own)."""
    words = tmp_path / "w\x1b]0;pwned\x07.txt"
    words.write_text("apple\nbanana\n", encoding="utf-8")
    made = run("deck", "--words", str(words), "--blanks", "0", "-o", "out\u202e/d\x1b[31m.pdf")
    assert made.exit_code == 0, made.output
    assert (tmp_path / "out\u202e" / "d\x1b[31m.pdf").is_file()
    refused = run("deck", "--words", str(tmp_path / "missing\x1b[2J.txt"))
    assert refused.exit_code == 1
    for result in (made, refused):
        printed = result.output
        assert not any(char in printed for char in "\x1b\x07\u202e"), printed
    assert "\\x1b]0;pwned\\x07.txt" in made.output and "out\\u202e/d\\x1b[31m.pdf" in made.output
    assert "missing\\x1b[2J.txt: there is no such file" in refused.output
    assert made.output.count("\n") >= 3  # the summary's own lines
