"""The settings file: every key lands on the right click parameters, every mistake is named
with its file, line and key, and the file `cngen init` writes reads back to the defaults."""

from __future__ import annotations

import re

import pytest

from generator.config import (
    CONFIG_FILE_NAME,
    SCHEMA,
    Config,
    default_config_text,
    dotted,
    find_config,
    load_config,
    parse_config,
)
from generator.errors import CngenError

SHEET = ("deck", "keys", "tokens", "kit")
ALL_VARIANTS = ["two-players", "three-players", "match", "strict-extra-guess"]
ALL_KEYS = {dotted(section, setting.name) for section, settings in SCHEMA.items() for setting in settings}


def parse(text: str) -> Config:
    return parse_config(text.encode("utf-8"), "cngen.yaml")


def refusal(text: str) -> str:
    with pytest.raises(CngenError) as caught:
        parse(text)
    return str(caught.value)


def into(value, *targets: str) -> dict:
    """{"deck": {"card": value}, ...} from "deck.card", ...: where a value should land."""
    default_map: dict = {}
    for target in targets:
        command, parameter = target.split(".")
        default_map.setdefault(command, {})[parameter] = value
    return default_map


def sheet(parameter: str) -> tuple[str, ...]:
    return tuple(f"{command}.{parameter}" for command in SHEET)


# (key, the file, (default_map, theme, title) it gives). Each file starts with a comment
# line, so that the tests below also check line numbers.
VALID = [
    ("paper", "paper: 320x450mm", (into("320x450mm", *sheet("paper"), "rules.paper", "calibrate.paper"), {}, None)),
    ("margin", "margin: 0.5cm", (into("0.5cm", *sheet("margin")), {}, None)),
    ("sides", "sides: fold", (into("fold", *sheet("sides")), {}, None)),
    ("profile", "profile: shop", (into("shop", *sheet("profile"), "rules.profile"), {}, None)),
    ("bleed", "bleed: 2mm", (into("2mm", *sheet("bleed")), {}, None)),
    ("back_offset", "back_offset: 1.5,-0.5", (into("1.5,-0.5", *sheet("back_offset"), "calibrate.back_offset"), {}, None)),
    ("preview", "preview: true", (into(True, *sheet("preview"), "rules.preview"), {}, None)),
    ("title", "title: Office party", ({}, {}, "Office party")),
    *[
        (f"theme.{colour}", f'theme:\n  {colour}: "#d8322b"', ({}, {colour: "#D8322B"}, None))
        for colour in ("red", "blue", "bystander", "assassin", "card", "band", "outline")
    ],
    ("deck.deck", "deck:\n  deck: francais", (into("francais", "deck.deck_name", "kit.deck_name"), {}, None)),
    ("deck.words", "deck:\n  words: party.txt", (into("party.txt", "deck.words", "kit.words"), {}, None)),
    ("deck.blanks", "deck:\n  blanks: 0", (into(0, "deck.blanks", "kit.blanks"), {}, None)),
    ("deck.card_size", "deck:\n  card_size: 2.75x1.75in",
     (into("2.75x1.75in", "deck.card", "kit.deck_card"), {}, None)),
    ("deck.seed", "deck:\n  seed: 7", (into(7, "deck.seed", "kit.seed"), {}, None)),
    ("deck.font", "deck:\n  font: fonts/My Font.ttf", (into("fonts/My Font.ttf", "deck.font"), {}, None)),
    ("keys.count", "keys:\n  count: 10000", (into(10_000, "keys.count", "kit.keys_count"), {}, None)),
    ("keys.seed", "keys:\n  seed: 1234", (into(1234, "keys.seed", "kit.keys_seed"), {}, None)),
    ("keys.single_sided", "keys:\n  single_sided: true",
     (into(True, "keys.single_sided", "kit.single_sided"), {}, None)),
    ("keys.stats", "keys:\n  stats: True", (into(True, "keys.stats"), {}, None)),
    ("keys.card_size", "keys:\n  card_size: 60x60mm", (into("60x60mm", "keys.card", "kit.keys_card"), {}, None)),
    ("keys.font", "keys:\n  font: numbers.ttf", (into("numbers.ttf", "keys.font"), {}, None)),
    ("tokens.sets", "tokens:\n  sets: 100", (into(100, "tokens.sets", "kit.token_sets"), {}, None)),
    ("tokens.card_size", "tokens:\n  card_size: 7cmx45mm",
     (into("7cmx45mm", "tokens.card", "kit.token_card"), {}, None)),
    ("tokens.font", "tokens:\n  font: roles.ttf", (into("roles.ttf", "tokens.font"), {}, None)),
    ("rules.variants", "rules:\n  variants: [match, two-players]",
     (into(["match", "two-players"], "rules.variants", "kit.variants"), {}, None)),
    ("rules.text", "rules:\n  text: rules/fr.yaml", (into("rules/fr.yaml", "rules.text", "kit.text"), {}, None)),
    ("kit.out_dir", "kit:\n  out_dir: print-me", (into("print-me", "kit.out_dir"), {}, None)),
    ("kit.combined", "kit:\n  combined: true", (into(True, "kit.combined"), {}, None)),
    ("kit.font", "kit:\n  font: all.ttf", (into("all.ttf", "kit.font"), {}, None)),
    *[(f"{command}.output", f"{command}:\n  output: print/{command}.pdf",
       (into(f"print/{command}.pdf", f"{command}.output"), {}, None)) for command in ("deck", "keys", "tokens", "rules")],
]


@pytest.mark.parametrize("key, text, expected", VALID, ids=[case[0] for case in VALID])
def test_a_valid_value_lands_on_the_right_parameters_of_the_right_commands(key, text, expected):
    config = parse("# my settings\n" + text + "\n")
    assert (config.default_map, config.theme, config.title) == expected
    assert config.source == "cngen.yaml"


# (key, the file after its first comment line, the line named, words the message must hold).
INVALID = [
    ("paper", "paper: a5", 2,
     "paper: unknown paper 'a5': use one of a4, letter, legal, a3, tabloid, sra3, or a size such as 320x450mm"),
    ("paper", "paper:", 2, "paper must be a paper name or size"),
    ("margin", "margin: 5", 2, "margin: '5' is not a length"),
    ("sides", "sides: long", 2, "sides must be one of long-edge, short-edge, fold, not 'long'"),
    ("profile", "profile: office", 2, "profile must be one of home, shop, not 'office'"),
    ("bleed", "bleed: -3mm", 2, "bleed: '-3mm' is not a length"),
    ("back_offset", "back_offset: 1.5", 2, "back_offset: '1.5' is not an offset: write DX,DY in millimetres"),
    ("back_offset", "back_offset: 1mm,2mm", 2, "back_offset: '1mm,2mm' is not an offset"),
    ("title", "title: [a, b]", 2, "title must be text, or null, not a list"),
    *[
        (f"theme.{colour}", f"paper: a4\ntheme:\n  {colour}: '#12345'", 4, f"theme.{colour}: '#12345' is not a colour: write it as #RRGGBB")
        for colour in ("red", "blue", "bystander", "assassin", "card", "band", "outline")
    ],
    # The classic slip: an unquoted # starts a comment, which leaves the value empty.
    ("theme.red", "theme:\n  red: #D8322B", 3, "in quotes"),
    ("deck.deck", "deck:\n  deck: ''", 3, "deck.deck must be text, not an empty value"),
    ("deck.words", "deck:\n  words: {a: 1}", 3, "deck.words must be text, or null, not a group of keys"),
    ("deck.blanks", "\ndeck:\n  blanks: many", 4, "deck.blanks must be a whole number from 0 to 10000, not 'many'"),
    ("deck.blanks", "deck:\n  blanks: 10001", 3, "from 0 to 10000, not '10001'"),
    ("deck.blanks", "deck:\n  blanks: 5.0", 3, "whole number from 0 to 10000, not '5.0'"),
    ("deck.blanks", "deck:\n  blanks: true", 3, "whole number from 0 to 10000, not 'true'"),
    ("deck.blanks", "deck:\n  blanks: '5'", 3, "not the text in quotes '5'"),
    ("deck.blanks", "deck:\n  blanks: 0x10", 3, "whole number"),
    ("deck.card_size", "deck:\n  card_size: 70x45", 3, "deck.card_size: '70x45' is not a size"),
    ("deck.seed", "deck:\n  seed: -1", 3, "deck.seed must be a whole number, 0 or more, or null, not '-1'"),
    ("deck.font", "deck:\n  font: [a.ttf]", 3, "deck.font must be text"),
    ("keys.count", "keys:\n  count: 0", 3, "keys.count must be a whole number from 1 to 10000"),
    ("keys.seed", "keys:\n  seed: 1.5", 3, "keys.seed must be a whole number"),
    ("keys.single_sided", "keys:\n  single_sided: yes", 3, "keys.single_sided must be true or false, not 'yes'"),
    ("keys.stats", "keys:\n  stats: 'true'", 3, "keys.stats must be true or false, not the text in quotes 'true'"),
    ("keys.card_size", "keys:\n  card_size: big", 3, "keys.card_size: 'big' is not a size"),
    ("keys.font", "keys:\n  font: ''", 3, "keys.font must be text"),
    ("tokens.sets", "tokens:\n  sets: 101", 3, "tokens.sets must be a whole number from 1 to 100"),
    ("tokens.card_size", "tokens:\n  card_size: 70mm", 3, "tokens.card_size: '70mm' is not a size"),
    ("tokens.font", "tokens:\n  font: {}", 3, "tokens.font must be text"),
    ("rules.variants", "rules:\n  variants:\n    - match\n    - macth", 5,
     "rules.variants has an unknown variant 'macth': did you mean 'match'?"),
    ("rules.variants", "rules:\n  variants: match", 3, "rules.variants must be a list of variants"),
    ("rules.text", "rules:\n  text: [a]", 3, "rules.text must be text"),
    ("kit.out_dir", "kit:\n  out_dir: null", 3, "kit.out_dir must be text, not 'null'"),
    ("kit.combined", "kit:\n  combined: 1", 3, "kit.combined must be true or false, not '1'"),
    ("preview", "preview: on", 2, "preview must be true or false, not 'on'"),
    ("kit.font", "kit:\n  font: [a]", 3, "kit.font must be text"),
    *[(f"{command}.output", f"{command}:\n  output: ''", 3, f"{command}.output must be text")
      for command in ("deck", "keys", "tokens", "rules")],
]


@pytest.mark.parametrize("key, text, line, words", INVALID, ids=[case[0] for case in INVALID])
def test_an_invalid_value_is_refused_with_its_line_and_key(key, text, line, words):
    message = refusal("# my settings\n" + text + "\n")
    assert message.startswith(f"cngen.yaml:{line}: ")
    assert key in message
    assert words in message


def test_every_key_has_a_valid_and_an_invalid_case():
    assert {case[0] for case in VALID} == ALL_KEYS
    assert {case[0] for case in INVALID} == ALL_KEYS


def test_the_file_only_sets_what_it_names_and_null_leaves_clicks_default():
    config = parse("paper: letter\ntitle: null\ndeck:\n  seed: ~\n  words:\n  blanks: 8\n")
    assert config.default_map == {
        **into("letter", *sheet("paper"), "rules.paper", "calibrate.paper"),
        "deck": {"paper": "letter", "blanks": 8},
        "kit": {"paper": "letter", "blanks": 8},
    }
    assert config.title is None


def test_an_empty_list_of_variants_asks_for_none():
    # The rules command reads no --variant as "all of them", and --variant none as none.
    assert parse("rules:\n  variants: []\n").default_map["rules"]["variants"] == ["none"]


def test_a_title_keeps_the_text_as_written_even_when_yaml_sees_a_date_or_a_number():
    assert parse("title: 2024-05-01\n").title == "2024-05-01"
    assert parse("title: 12:30\n").title == "12:30"


def test_sections_left_empty_and_files_without_settings_set_nothing():
    assert parse("deck:\nkeys:\n").default_map == {}
    assert parse("").default_map == {}
    assert parse("# only a comment\n") == Config("cngen.yaml", {}, {}, None)


@pytest.mark.parametrize(
    "text, line, suggestion",
    [
        ("paper: a4\npapr: a4", 2, "unknown key 'papr': did you mean 'paper'?"),
        ("them:\n  red: '#000000'", 1, "unknown key 'them': did you mean 'theme'?"),
        ("theme:\n  bleu: '#000000'", 2, "unknown key 'theme.bleu': did you mean 'blue'?"),
        ("deck:\n  blank: 3", 2, "unknown key 'deck.blank': did you mean 'blanks'?"),
        ("keys:\n  cout: 3", 2, "unknown key 'keys.cout': did you mean 'count'?"),
        ("tokens:\n  set: 3", 2, "unknown key 'tokens.set': did you mean 'sets'?"),
        ("rules:\n  variant: []", 2, "unknown key 'rules.variant': did you mean 'variants'?"),
        ("kit:\n  outdir: x", 2, "unknown key 'kit.outdir': did you mean 'out_dir'?"),
    ],
)
def test_an_unknown_key_suggests_the_closest_valid_one_at_its_level(text, line, suggestion):
    assert refusal(text + "\n") == f"cngen.yaml:{line}: {suggestion}"


def test_an_unknown_key_with_nothing_close_lists_the_valid_keys():
    assert refusal("theme:\n  green: '#00FF00'\n") == (
        "cngen.yaml:2: unknown key 'theme.green': use one of red, blue, bystander, assassin, card, band, outline"
    )
    assert "use one of paper, margin, sides" in refusal("zzz: 1\n")


def test_a_key_in_the_wrong_place_says_where_it_belongs():
    assert refusal("blanks: 8\n") == "cngen.yaml:1: unknown key 'blanks': it belongs under deck:, indented"
    assert "belongs under deck: or keys:" in refusal("seed: 8\n")
    assert refusal("deck:\n  paper: a4\n") == (
        "cngen.yaml:2: unknown key 'deck.paper': 'paper' belongs at the top level, without indentation"
    )


def test_a_key_given_twice_is_refused_at_its_second_line():
    assert refusal("paper: a4\nmargin: 5mm\npaper: a3\n") == (
        "cngen.yaml:3: paper is set twice (first on line 1): remove one"
    )


def test_a_section_that_is_not_a_group_of_keys_is_refused():
    message = refusal("deck: standard\n")
    assert message.startswith("cngen.yaml:1: deck must hold its settings on the indented lines below it")
    assert message.endswith("not 'standard'")


def test_invalid_yaml_is_refused_with_its_line():
    assert refusal("paper: a4\nmargin: [5mm\n").startswith("cngen.yaml:3: this is not valid YAML: ")
    assert refusal("paper: a4\n  margin: 5mm\n").startswith("cngen.yaml:2: this is not valid YAML: ")


@pytest.mark.parametrize("text", ["- paper\n- a4\n", "paper a4\n", "'#D8322B'\n"])
def test_a_top_level_that_is_not_keys_is_refused(text):
    assert refusal(text) == "cngen.yaml: the file must hold keys such as 'paper: a4'"


@pytest.mark.parametrize(
    "text, line",
    [
        ("paper: !!python/object/apply:os.system ['echo hi']\n", 1),
        ("deck:\n  words: !!binary aGVsbG8=\n", 2),
        ("theme: !!set {red}\n", 1),
        ("!!python/name:os.system\n", 1),
    ],
)
def test_yaml_tags_that_build_objects_are_refused_with_their_line(text, line):
    message = refusal(text)
    assert message.startswith(f"cngen.yaml:{line}: the YAML tag ")
    assert "is not allowed" in message


def test_an_alias_that_refers_to_itself_is_refused_without_looping():
    assert "theme.red must be a colour" in refusal("theme: &loop\n  red: *loop\n")


def test_text_that_is_not_utf8_is_refused_with_its_line():
    with pytest.raises(CngenError, match=r"^cngen\.yaml:2: this is not UTF-8 text"):
        parse_config(b"paper: a4\ntitle: caf\xe9\n", "cngen.yaml")
    assert parse_config(b"\xef\xbb\xbfpaper: a4\n", "cngen.yaml").default_map["deck"]["paper"] == "a4"


DEFAULTS = {
    **{command: {"paper": "a4", "margin": "5mm", "sides": "long-edge", "profile": "home", "bleed": "3mm",
                 "back_offset": "0,0", "preview": False} for command in SHEET},
    "rules": {"paper": "a4", "profile": "home", "preview": False, "variants": ALL_VARIANTS,
              "output": "output/rules.pdf"},
    "calibrate": {"paper": "a4", "back_offset": "0,0"},
}
DEFAULTS["deck"].update(deck_name="standard", blanks=5, card="70x45mm", output="output/deck.pdf")
DEFAULTS["keys"].update(count=40, single_sided=False, stats=False, card="70x70mm", output="output/keys.pdf")
DEFAULTS["tokens"].update(sets=1, card="70x45mm", output="output/tokens.pdf")
DEFAULTS["kit"].update(
    deck_name="standard", blanks=5, deck_card="70x45mm", keys_count=40, single_sided=False, keys_card="70x70mm",
    token_sets=1, token_card="70x45mm", variants=ALL_VARIANTS, out_dir="output", combined=False,
)


def test_the_default_file_reads_back_to_the_defaults():
    config = parse(default_config_text())
    assert config.default_map == DEFAULTS
    assert (config.theme, config.title) == ({}, None)


def test_the_default_file_writes_out_every_key_under_a_comment():
    lines = default_config_text().splitlines()
    for section, settings in SCHEMA.items():
        indent = "  " if section else ""
        if section:
            assert f"{section}:" in lines
        for setting in settings:
            found = [index for index, line in enumerate(lines) if re.match(rf"{indent}{setting.name}: ", line)]
            assert found, dotted(section, setting.name)
            assert lines[found[0] - 1].startswith(f"{indent}# "), dotted(section, setting.name)


def test_the_settings_file_is_found_from_the_option_then_the_folder(tmp_path):
    assert find_config(None, tmp_path) is None
    (tmp_path / CONFIG_FILE_NAME).write_text("paper: a3\n")
    assert find_config(None, tmp_path) == tmp_path / CONFIG_FILE_NAME
    (tmp_path / "other.yaml").write_text("paper: letter\n")
    assert find_config(tmp_path / "other.yaml", tmp_path) == tmp_path / "other.yaml"
    assert find_config(tmp_path / "other.yaml", tmp_path / "elsewhere") == tmp_path / "other.yaml"
    assert find_config(type(tmp_path)("other.yaml"), tmp_path) == tmp_path / "other.yaml"


def test_a_missing_settings_file_named_on_the_command_line_is_an_error(tmp_path):
    (tmp_path / CONFIG_FILE_NAME).write_text("paper: a3\n")
    with pytest.raises(CngenError, match="missing.yaml: does not exist"):
        find_config(tmp_path / "missing.yaml", tmp_path)
    with pytest.raises(CngenError, match="is a folder"):
        find_config(tmp_path, tmp_path)


def test_a_folder_called_cngen_yaml_is_not_a_settings_file(tmp_path):
    (tmp_path / CONFIG_FILE_NAME).mkdir()
    assert find_config(None, tmp_path) is None


def test_loading_reads_the_file_and_names_it_in_messages(tmp_path):
    assert load_config(None) == Config("", {}, {}, None)
    path = tmp_path / CONFIG_FILE_NAME
    path.write_text("title: Game night\n")
    assert load_config(path) == Config(str(path), {}, {}, "Game night")
    path.write_text("paper: a5\n")
    with pytest.raises(CngenError, match=rf"^{re.escape(str(path))}:1: paper: unknown paper"):
        load_config(path)
