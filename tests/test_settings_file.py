"""The settings file: every key is read with its value as cngen uses it, paths are taken from
the file's own folder, every mistake is named with its file, line and key (and the closest
valid key, at any level), a game's name is short for choosing it (`duet: true`), and the file
`cngen init` writes reads back to the defaults."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.errors import CngenError
from generator.settings.declarations import BY_KEY, DEFAULTS_WHEN, SECTIONS, SETTINGS
from generator.settings.file import default_settings_text, load_settings_file, parse_settings
from generator.settings.resolve import default_value
from generator.settings.source import CONFIG_FILE_NAME, NO_FILE, FileValue, SettingsFile, find_settings_file
from generator.units import MM, parse_colour, parse_offset, parse_paper, parse_size

ALL_KEYS = set(BY_KEY)
FOLDER = Path("/home/me/games")


def parse(text: str) -> SettingsFile:
    return parse_settings(text.encode("utf-8"), "cngen.yaml", FOLDER)


def values(text: str) -> dict:
    return {key: found.value for key, found in parse(text).values.items()}


def refusal(text: str) -> str:
    with pytest.raises(CngenError) as caught:
        parse(text)
    return str(caught.value)


# (key, the file after its first comment line, the value cngen uses). Each file starts with a
# comment line, so that the tests below also check line numbers.
VALID = [
    ("paper", "paper: 320x450mm", parse_paper("320x450mm")),
    ("margin", "margin: 0.5cm", 5 * MM),
    ("sides", "sides: fold", "fold"),
    ("profile", "profile: shop", "shop"),
    ("bleed", "bleed: 2mm", 2 * MM),
    ("gutter", "gutter: 0", 0.0),
    ("marks", "marks: false", False),
    ("service", "service: tgc", "tgc"),
    ("output_condition", "output_condition: CGATS TR 001", "CGATS TR 001"),
    ("ink_limit", "ink_limit: 240", 240),
    ("back_offset", "back_offset: 1.5,-0.5", parse_offset("1.5,-0.5")),
    ("preview", "preview: true", True),
    ("title", "title: Office party", "Office party"),
    ("ink", "ink: light", "light"),
    ("game", "game: duet", "duet"),
    ("teams", "teams: 3", 3),
    ("grid", "grid: 6 X 7", "6x7"),  # as messages name it; the game reads rows and columns from it
    ("assassins", "assassins: 0", 0),
    ("lang", "lang: pt_BR", "pt-br"),
    ("sharp_s", "sharp_s: capital", "capital"),
    *[(f"theme.{colour}", f'theme:\n  {colour}: "#d8322b"', parse_colour("#D8322B"))
      for colour in ("red", "blue", "bystander", "assassin", "green", "orange", "card", "band", "outline")],
    ("deck.deck", "deck:\n  deck: francais", "francais"),
    ("deck.words", "deck:\n  words: party.txt", FOLDER / "party.txt"),
    ("deck.worksheet", "deck:\n  worksheet: Year 7", "Year 7"),
    ("deck.columns", "deck:\n  columns: word=Term, second=Meaning", (("word", "Term"), ("second", "Meaning"))),
    ("deck.categories", "deck:\n  categories: [fruit, animals]", ("fruit", "animals")),
    ("deck.second_font", "deck:\n  second_font: fonts/Light.ttf", FOLDER / "fonts" / "Light.ttf"),
    ("deck.images", "deck:\n  images: class photos", FOLDER / "class photos"),
    ("deck.fit", "deck:\n  fit: contain", "contain"),
    ("deck.dpi", "deck:\n  dpi: 200", 200),
    ("deck.dedupe", "deck:\n  dedupe: true", True),
    ("deck.blanks", "deck:\n  blanks: 0", 0),
    ("deck.card_size", "deck:\n  card_size: 2.75x1.75in", parse_size("2.75x1.75in")),
    ("deck.seed", "deck:\n  seed: 7", 7),
    ("deck.font", "deck:\n  font: fonts/My Font.ttf", FOLDER / "fonts" / "My Font.ttf"),
    ("deck.output", "deck:\n  output: print/deck.pdf", FOLDER / "print" / "deck.pdf"),
    ("keys.count", "keys:\n  count: 10000", 10_000),
    ("keys.seed", "keys:\n  seed: 1234", 1234),
    ("keys.single_sided", "keys:\n  single_sided: true", True),
    ("keys.stats", "keys:\n  stats: True", True),
    ("keys.card_size", "keys:\n  card_size: 60x60mm", parse_size("60x60mm")),
    ("keys.font", "keys:\n  font: /fonts/numbers.ttf", Path("/fonts/numbers.ttf")),
    ("keys.output", "keys:\n  output: ../keys.pdf", FOLDER / ".." / "keys.pdf"),
    ("tokens.sets", "tokens:\n  sets: 100", 100),
    ("tokens.card_size", "tokens:\n  card_size: 7cmx45mm", parse_size("7cmx45mm")),
    ("tokens.font", "tokens:\n  font: roles.ttf", FOLDER / "roles.ttf"),
    ("tokens.output", "tokens:\n  output: t.pdf", FOLDER / "t.pdf"),
    ("rules.variants", "rules:\n  variants: [match, two-players]", ("match", "two-players")),
    ("rules.text", "rules:\n  text: rules/fr.yaml", FOLDER / "rules" / "fr.yaml"),
    ("rules.font", "rules:\n  font: serif.ttf", FOLDER / "serif.ttf"),
    ("rules.output", "rules:\n  output: r.pdf", FOLDER / "r.pdf"),
    ("kit.out_dir", "kit:\n  out_dir: print-me", FOLDER / "print-me"),
    ("kit.combined", "kit:\n  combined: true", True),
    ("kit.seed", "kit:\n  seed: 5", 5),
    ("kit.font", "kit:\n  font: all.ttf", FOLDER / "all.ttf"),
    ("calibrate.output", "calibrate:\n  output: cal.pdf", FOLDER / "cal.pdf"),
    ("edition", "edition: party.yaml", FOLDER / "party.yaml"),
    ("emblem", "emblem: art/cake.svg", FOLDER / "art" / "cake.svg"),
    ("kit.box", "kit:\n  box: true", True),
    ("kit.stand", "kit:\n  stand: true", True),
    ("box.for", "box:\n  for: kit", "kit"),
    ("box.card_thickness", "box:\n  card_thickness: 0.35mm", 0.35 * MM),
    ("box.cards", "box:\n  cards: 120", 120),
    ("box.font", "box:\n  font: box.ttf", FOLDER / "box.ttf"),
    ("box.output", "box:\n  output: deckbox.pdf", FOLDER / "deckbox.pdf"),
    ("stand.font", "stand:\n  font: stand.ttf", FOLDER / "stand.ttf"),
    ("stand.output", "stand:\n  output: holder.pdf", FOLDER / "holder.pdf"),
    ("board.format", "board:\n  format: markdown", "markdown"),
    ("board.key_output", "board:\n  key_output: key.md", FOLDER / "key.md"),
    ("board.games", "board:\n  games: 4", 4),
    ("board.seed", "board:\n  seed: 9", 9),
    ("board.output", "board:\n  output: board.md", FOLDER / "board.md"),
    ("book.games", "book:\n  games: 6", 6),
    ("book.seed", "book:\n  seed: 9", 9),
    ("book.single_sided", "book:\n  single_sided: true", True),
    ("book.font", "book:\n  font: serif.ttf", FOLDER / "serif.ttf"),
    ("book.output", "book:\n  output: games.pdf", FOLDER / "games.pdf"),
    ("book.board", "book:\n  board: lesson 4.txt", FOLDER / "lesson 4.txt"),
    ("tts.base_url", "tts:\n  base_url: https://example.org/c", "https://example.org/c/"),
    ("tts.seed", "tts:\n  seed: 9", 9),
    ("tts.font", "tts:\n  font: serif.ttf", FOLDER / "serif.ttf"),
    ("tts.out_dir", "tts:\n  out_dir: table", FOLDER / "table"),
]


@pytest.mark.parametrize("key, text, expected", VALID, ids=[case[0] for case in VALID])
def test_a_valid_value_is_read_as_cngen_uses_it_with_its_line(key, text, expected):
    found = parse("# my settings\n" + text + "\n").values
    assert list(found) == [key]
    assert found[key].value == expected
    assert found[key].line == 2 + text.count("\n")


# (key, the file after its first comment line, the line named, words the message must hold).
INVALID = [
    ("paper", "paper: foolscap", 2,
     "paper: unknown paper 'foolscap': use one of a0 to a10, b0 to b10, letter, legal, tabloid, 12x18in, sra3, sra4, "
     "or a size such as 320x450mm"),
    ("paper", "paper:", 2, "paper: this must be a paper name or size such as a4 or 320x450mm, not empty"),
    ("margin", "margin: 5", 2, "margin: '5' is not a length"),
    ("sides", "sides: long", 2, "sides: this must be one of long-edge, short-edge, fold, not 'long'"),
    ("profile", "profile: office", 2, "profile: this must be one of home, shop, pod, not 'office'"),
    ("bleed", "bleed: -3mm", 2, "bleed: '-3mm' is not a length"),
    ("gutter", "gutter: -1mm", 2, "gutter: '-1mm' is not a length"),
    ("marks", "marks: maybe", 2, "marks: this must be true or false, not 'maybe'"),
    ("service", "service: kinkos", 2, "service: this must be one of tgc, mpc, dtc, generic, or null, not 'kinkos'"),
    ("output_condition", "output_condition: FOGRA99", 2, "output_condition: this must be one of FOGRA39, FOGRA51, FOGRA52, CGATS TR 001, "
     "CGATS TR 006, or null, not 'FOGRA99'"),
    ("ink_limit", "ink_limit: 500", 2, "ink_limit: this must be a whole number from 100 to 400, not '500'"),
    ("back_offset", "back_offset: 1.5", 2, "back_offset: '1.5' is not an offset: write DX,DY in millimetres"),
    ("back_offset", "back_offset: 1mm,2mm", 2, "back_offset: '1mm,2mm' is not an offset"),
    ("title", "title: [a, b]", 2, "title: this must be one line of text, at most 60 characters, or null, not a list"),
    ("ink", "ink: heavy", 2, "ink: this must be one of full, light, not 'heavy'"),
    ("game", "game: chess", 2, "game: this must be one of classic, duet, pictures, not 'chess'"),
    ("game", "game: true", 2, "game: this must be one of classic, duet, pictures, not 'true'"),
    ("lang", "lang: french", 2, "lang: 'french' is not a language's code: did you mean 'fr' (French)?"),
    ("sharp_s", "sharp_s: ß", 2, "sharp_s: this must be one of ss, capital, not 'ß'"),
    *[
        (f"theme.{colour}", f"paper: a4\ntheme:\n  {colour}: '#12345'", 4, f"theme.{colour}: '#12345' is not a colour: write it as #RRGGBB")
        for colour in ("red", "blue", "bystander", "assassin", "green", "orange", "card", "band", "outline")
    ],
    ("teams", "teams: 1", 2, "teams: this must be a whole number from 2 to 4, or null, not '1'"),
    ("grid", "grid: 3x3", 2, "grid: a 3 x 3 grid does not fit a key card: grids have 4 to 7 rows and columns"),
    ("grid", "grid: six", 2, "grid: 'six' is not a grid: write ROWSxCOLUMNS, such as 6x6"),
    ("assassins", "assassins: -1", 2, "assassins: this must be a whole number from 0 to 49, or null, not '-1'"),
    # The classic slip: an unquoted # starts a comment, which leaves the value empty.
    ("theme.red", "theme:\n  red: #D8322B", 3, 'theme.red: this must be a colour such as "#D8322B", in quotes '
     "(YAML reads an unquoted # as the start of a comment), or null, not empty"),
    ("deck.deck", "deck:\n  deck: ''", 3, "deck.deck: this must be text, or null, not empty"),
    ("deck.words", "deck:\n  words: {a: 1}", 3, "deck.words: this must be a file name, or null, not a group of keys"),
    ("deck.worksheet", "deck:\n  worksheet: [a]", 3, "deck.worksheet: this must be one line of text"),
    ("deck.columns", "deck:\n  columns: word", 3, "'word' is not FIELD=HEADER"),
    ("deck.categories", "deck:\n  categories: {a: 1}", 3, "deck.categories: this must be a list of categories"),
    ("deck.second_font", "deck:\n  second_font: [a]", 3, "deck.second_font: this must be a file name"),
    ("deck.images", "deck:\n  images: [a, b]", 3, "deck.images: this must be a folder name, or null, not a list"),
    ("deck.fit", "deck:\n  fit: stretch", 3, "deck.fit: this must be one of cover, contain, not 'stretch'"),
    ("deck.dpi", "deck:\n  dpi: 50", 3, "deck.dpi: this must be a whole number from 72 to 1200, not '50'"),
    ("deck.blanks", "\ndeck:\n  blanks: many", 4, "deck.blanks: this must be a whole number from 0 to 10000, not 'many'"),
    ("deck.blanks", "deck:\n  blanks: 10001", 3, "from 0 to 10000, not '10001'"),
    ("deck.blanks", "deck:\n  blanks: 5.0", 3, "whole number from 0 to 10000, not '5.0'"),
    ("deck.blanks", "deck:\n  blanks: true", 3, "whole number from 0 to 10000, not 'true'"),
    ("deck.blanks", "deck:\n  blanks: '5'", 3, "not the text in quotes '5'"),
    ("deck.blanks", "deck:\n  blanks: 0x10", 3, "whole number"),
    ("deck.card_size", "deck:\n  card_size: 70x45", 3, "deck.card_size: '70x45' is not a size"),
    ("deck.seed", "deck:\n  seed: -1", 3, "deck.seed: this must be a whole number, 0 or more, or null, not '-1'"),
    ("deck.font", "deck:\n  font: [a.ttf]", 3, "deck.font: this must be a file name, or null, not a list"),
    ("keys.count", "keys:\n  count: 0", 3, "keys.count: this must be a whole number from 1 to 10000, not '0'"),
    ("keys.seed", "keys:\n  seed: 1.5", 3, "keys.seed: this must be a whole number, 0 or more, or null, not '1.5'"),
    ("keys.single_sided", "keys:\n  single_sided: yes", 3, "keys.single_sided: this must be true or false, not 'yes'"),
    ("keys.stats", "keys:\n  stats: 'true'", 3, "keys.stats: this must be true or false, not the text in quotes 'true'"),
    ("keys.card_size", "keys:\n  card_size: big", 3, "keys.card_size: 'big' is not a size"),
    ("keys.font", "keys:\n  font: ''", 3, "keys.font: this must be a file name, or null, not empty"),
    ("tokens.sets", "tokens:\n  sets: 101", 3, "tokens.sets: this must be a whole number from 1 to 100, not '101'"),
    ("tokens.card_size", "tokens:\n  card_size: 70mm", 3, "tokens.card_size: '70mm' is not a size"),
    ("tokens.font", "tokens:\n  font: {}", 3, "tokens.font: this must be a file name, or null, not a group of keys"),
    ("rules.variants", "rules:\n  variants:\n    - match\n    - macth", 5,
     "rules.variants: unknown variant 'macth': did you mean 'match'?"),
    ("rules.variants", "rules:\n  variants: match", 3, "rules.variants: this must be a list such as [two-players, three-players], or [], not 'match'"),
    ("rules.variants", "rules:\n  variants: [none, match]", 3, "rules.variants: 'none' asks for no variants, yet match asks for some: keep 'none' alone, or drop it and keep match"),
    ("rules.text", "rules:\n  text: [a]", 3, "rules.text: this must be a file name, or null, not a list"),
    ("kit.out_dir", "kit:\n  out_dir: null", 3, "kit.out_dir: this must be a folder name, not empty"),
    ("kit.combined", "kit:\n  combined: 1", 3, "kit.combined: this must be true or false, not '1'"),
    ("preview", "preview: on", 2, "preview: this must be true or false, not 'on'"),
    ("kit.font", "kit:\n  font: [a]", 3, "kit.font: this must be a file name, or null, not a list"),
    *[(f"{command}.output", f"{command}:\n  output: ''", 3, f"{command}.output: this must be a file name, not empty")
      for command in ("deck", "keys", "tokens", "rules", "calibrate")],
    ("deck.dedupe", "deck:\n  dedupe: 1", 3, "deck.dedupe: this must be true or false, not '1'"),
    ("rules.font", "rules:\n  font: [a]", 3, "rules.font: this must be a file name, or null, not a list"),
    ("kit.seed", "kit:\n  seed: -5", 3, "kit.seed: this must be a whole number, 0 or more, or null, not '-5'"),
    ("board.format", "board:\n  format: pdf", 3, "board.format: this must be one of text, markdown, bbcode, html, json, "
     "or null, not 'pdf'"),
    ("board.key_output", "board:\n  key_output: [a]", 3, "board.key_output: this must be a file name, or null, not a list"),
    ("board.games", "board:\n  games: 0", 3, "board.games: this must be a whole number from 1 to 1000, not '0'"),
    ("board.seed", "board:\n  seed: -1", 3, "board.seed: this must be a whole number, 0 or more, or null, not '-1'"),
    ("board.output", "board:\n  output: [a]", 3, "board.output: this must be a file name, or null, not a list"),
    ("book.board", "book:\n  board: [a]", 3, "book.board: this must be a file name"),
    ("book.games", "book:\n  games: 1001", 3, "book.games: this must be a whole number from 1 to 1000, or null, "
     "not '1001'"),
    ("book.seed", "book:\n  seed: x", 3, "book.seed: this must be a whole number, 0 or more, or null, not 'x'"),
    ("book.single_sided", "book:\n  single_sided: 2", 3, "book.single_sided: this must be true or false, not '2'"),
    ("book.font", "book:\n  font: [a]", 3, "book.font: this must be a file name, or null, not a list"),
    ("book.output", "book:\n  output: ''", 3, "book.output: this must be a file name, not empty"),
    ("tts.base_url", "tts:\n  base_url: example.org", 3, "tts.base_url: 'example.org' is not a web address"),
    ("tts.seed", "tts:\n  seed: 1.5", 3, "tts.seed: this must be a whole number, 0 or more, or null, not '1.5'"),
    ("tts.font", "tts:\n  font: {}", 3, "tts.font: this must be a file name, or null, not a group of keys"),
    ("tts.out_dir", "tts:\n  out_dir: null", 3, "tts.out_dir: this must be a folder name, not empty"),
    ("edition", "edition: [a.yaml]", 2, "edition: this must be a file name, or null, not a list"),
    ("emblem", "emblem: {}", 2, "emblem: this must be a file name, or null, not a group of keys"),
    ("kit.box", "kit:\n  box: yes", 3, "kit.box: this must be true or false, not 'yes'"),
    ("kit.stand", "kit:\n  stand: 1", 3, "kit.stand: this must be true or false, not '1'"),
    ("box.for", "box:\n  for: cards", 3, "box.for: this must be one of deck, keys, tokens, kit, not 'cards'"),
    ("box.card_thickness", "box:\n  card_thickness: 0.3", 3, "box.card_thickness: '0.3' is not a length"),
    ("box.cards", "box:\n  cards: 0", 3, "box.cards: this must be a whole number from 1 to 2000, or null, not '0'"),
    ("box.font", "box:\n  font: [a]", 3, "box.font: this must be a file name, or null, not a list"),
    ("box.output", "box:\n  output: ''", 3, "box.output: this must be a file name, not empty"),
    ("stand.font", "stand:\n  font: [a]", 3, "stand.font: this must be a file name, or null, not a list"),
    ("stand.output", "stand:\n  output: ''", 3, "stand.output: this must be a file name, not empty"),
]


@pytest.mark.parametrize("key, text, line, words", INVALID, ids=[case[0] for case in INVALID])
def test_an_invalid_value_is_refused_with_its_line_and_key(key, text, line, words):
    message = refusal("# my settings\n" + text + "\n")
    assert message.startswith(f"cngen.yaml:{line}: {key}: ")  # the file, the line, where, then what and the fix
    assert words in message


def test_every_key_has_a_valid_and_an_invalid_case():
    assert {case[0] for case in VALID} == ALL_KEYS
    assert {case[0] for case in INVALID} == ALL_KEYS


def test_a_games_name_set_true_chooses_that_game_with_its_line():
    found = parse("# my settings\nduet: true\n").values
    assert list(found) == ["game"]
    assert found["game"] == FileValue("duet", 2, "duet", "duet: true")  # messages quote the line as written
    assert values("classic: true\n") == {"game": "classic"}
    assert values("game: duet\nduet: true\n") == {"game": "duet"}  # the same game, named twice


def test_a_games_name_set_false_chooses_nothing():
    assert values("duet: false\n") == {}
    assert values("# my settings\ngame: classic\nduet: false\n") == {"game": "classic"}
    assert parse("duet: false\n") == SettingsFile("cngen.yaml", {})


@pytest.mark.parametrize("text, message", [
    ("# my settings\ngame: classic\nduet: true\n", "cngen.yaml:3: duet: true and game: classic (line 2)"),
    ("duet: true\ntheme:\n  red: '#000000'\ngame: classic\n", "cngen.yaml:1: duet: true and game: classic (line 4)"),
    ("game: duet\nduet: false\n", "cngen.yaml:2: duet: false and game: duet (line 1)"),
    ("classic: true\nduet: true\n", "cngen.yaml:2: duet: true and classic: true (line 1)"),
])
def test_a_games_name_that_contradicts_the_game_is_refused_with_its_line(text, message):
    assert refusal(text) == f"{message} choose different games: keep one"


def test_a_games_name_takes_true_or_false():
    assert refusal("# my settings\nduet: 2\n") == "cngen.yaml:2: duet: this must be true or false, not '2'"
    assert refusal("classic: yes\n") == "cngen.yaml:1: classic: this must be true or false, not 'yes'"


def test_the_file_only_sets_what_it_names_and_null_leaves_the_default():
    assert values("paper: letter\ntitle: null\ndeck:\n  seed: ~\n  words:\n  blanks: 8\n") == {
        "paper": parse_paper("letter"), "deck.blanks": 8,
    }


def test_an_empty_list_of_variants_asks_for_none():
    assert values("rules:\n  variants: []\n")["rules.variants"] == ()
    assert values("rules:\n  variants: [none]\n")["rules.variants"] == ()
    assert values("rules:\n  variants:\n    - match\n")["rules.variants"] == ("match",)


def test_a_title_keeps_the_text_as_written_even_when_yaml_sees_a_date_or_a_number():
    assert values("title: 2024-05-01\n")["title"] == "2024-05-01"
    assert values("title: 12:30\n")["title"] == "12:30"


def test_sections_left_empty_and_files_without_settings_set_nothing():
    assert parse("deck:\nkeys:\n").values == {}
    assert parse("").values == {}
    assert parse("# only a comment\n") == SettingsFile("cngen.yaml", {})


@pytest.mark.parametrize(
    "text, line, suggestion",
    [
        ("paper: a4\npapr: a4", 2, "top level: unknown key 'papr': did you mean 'paper'?"),
        ("them:\n  red: '#000000'", 1, "top level: unknown key 'them': did you mean 'theme'?"),
        ("gmae: duet", 1, "top level: unknown key 'gmae': did you mean 'game'?"),
        ("theme:\n  bleu: '#000000'", 2, "theme: unknown key 'bleu': did you mean 'blue'?"),
        ("deck:\n  blank: 3", 2, "deck: unknown key 'blank': did you mean 'blanks'?"),
        ("keys:\n  cout: 3", 2, "keys: unknown key 'cout': did you mean 'count'?"),
        ("tokens:\n  set: 3", 2, "tokens: unknown key 'set': did you mean 'sets'?"),
        ("rules:\n  variant: []", 2, "rules: unknown key 'variant': did you mean 'variants'?"),
        ("kit:\n  outdir: x", 2, "kit: unknown key 'outdir': did you mean 'out_dir'?"),
    ],
)
def test_an_unknown_key_suggests_the_closest_valid_one_at_its_level(text, line, suggestion):
    assert refusal(text + "\n") == f"cngen.yaml:{line}: {suggestion}"


def test_an_unknown_key_with_nothing_close_lists_the_valid_keys():
    assert refusal("theme:\n  mauve: '#8000FF'\n") == (
        "cngen.yaml:2: theme: unknown key 'mauve': the keys here are red, blue, bystander, assassin, green, orange, card, "
        "band, outline"
    )
    assert refusal("zzz: 1\n").startswith("cngen.yaml:1: top level: unknown key 'zzz': the keys here are paper, "
                                           "margin, sides")


def test_a_key_in_the_wrong_place_says_where_it_belongs():
    assert refusal("blanks: 8\n") == "cngen.yaml:1: top level: unknown key 'blanks': it belongs under deck:, indented"
    assert refusal("seed: 8\n") == ("cngen.yaml:1: top level: unknown key 'seed': it belongs under deck: or keys: or "
                                     "kit: or board: or book: or tts:, indented")
    assert refusal("deck:\n  paper: a4\n") == (
        "cngen.yaml:2: deck: unknown key 'paper': 'paper' belongs at the top level, without indentation"
    )
    assert refusal("keys:\n  game: duet\n") == (
        "cngen.yaml:2: keys: unknown key 'game': 'game' belongs at the top level, without indentation"
    )


def test_a_key_given_twice_is_refused_at_its_second_line():
    assert refusal("paper: a4\nmargin: 5mm\npaper: a3\n") == (
        "cngen.yaml:3: top level: 'paper' is set twice (first on line 1): remove one"
    )
    assert refusal("deck:\n  blanks: 1\n  seed: 2\n  blanks: 2\n") == (
        "cngen.yaml:4: deck: 'blanks' is set twice (first on line 2): remove one"
    )


def test_a_section_that_is_not_a_group_of_keys_is_refused():
    assert refusal("deck: standard\n") == (
        "cngen.yaml:1: deck: this must be a group of settings on the indented lines below it, such as '  words: ...', "
        "not 'standard'"
    )
    assert refusal("keys: [1]\n") == (
        "cngen.yaml:1: keys: this must be a group of settings on the indented lines below it, such as '  count: ...', "
        "not a list"
    )


def test_invalid_yaml_is_refused_with_its_line():
    assert refusal("paper: a4\nmargin: [5mm\n").startswith("cngen.yaml:3: this is not valid YAML: ")
    assert refusal("paper: a4\n  margin: 5mm\n").startswith("cngen.yaml:2: this is not valid YAML: ")


@pytest.mark.parametrize("text, got", [
    ("- paper\n- a4\n", "a list"),
    ("paper a4\n", "'paper a4'"),
    ("'#D8322B'\n", "the text in quotes '#D8322B'"),
])
def test_a_top_level_that_is_not_keys_is_refused(text, got):
    assert refusal(text) == f"cngen.yaml:1: top level: this must be a group of settings such as 'paper: a4', not {got}"


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
    assert refusal("theme: &loop\n  red: *loop\n").startswith("cngen.yaml:2: theme.red: this must be a colour")


def test_text_that_is_not_utf8_is_refused_with_its_line():
    with pytest.raises(CngenError, match=r"^cngen\.yaml:2: this is not UTF-8 text"):
        parse_settings(b"paper: a4\ntitle: caf\xe9\n", "cngen.yaml")
    assert parse_settings(b"\xef\xbb\xbfpaper: a4\n", "cngen.yaml").values["paper"].value == parse_paper("a4")


def test_the_default_file_reads_back_to_the_defaults():
    found = values(default_settings_text())
    follows = {rule.key for rule in DEFAULTS_WHEN}
    for setting in SETTINGS:
        if setting.key in follows:  # written as a comment, so that a shop still gets SRA3
            assert setting.key not in found, setting.key
            assert f"# {setting.name}: " in default_settings_text()
        elif setting.default is None:
            assert setting.key not in found, setting.key  # null: not set
        elif setting.kind.path is not None:
            assert found[setting.key] == FOLDER / setting.default, setting.key
        else:
            assert found[setting.key] == default_value(setting), setting.key


def test_the_default_file_writes_out_every_key_under_a_comment_naming_its_commands():
    lines = default_settings_text().splitlines()
    starts = {section: lines.index(f"{section}:") if section else 0 for section in SECTIONS}
    for section in SECTIONS:
        assert starts[section] >= 0
    for setting in SETTINGS:
        indent = "  " if setting.section else ""
        found = [index for index, line in enumerate(lines)
                 if index > starts[setting.section] and re.match(rf"{indent}(# )?{setting.name}: ", line)]
        assert found, setting.key
        comment = lines[found[0] - 1]
        assert comment.startswith(f"{indent}# ") and comment.endswith(f"[{', '.join(setting.commands)}]"), setting.key


def test_the_settings_file_is_found_from_the_option_then_the_folder(tmp_path):
    assert find_settings_file(None, tmp_path) is None
    (tmp_path / CONFIG_FILE_NAME).write_text("paper: a3\n")
    assert find_settings_file(None, tmp_path) == tmp_path / CONFIG_FILE_NAME
    (tmp_path / "other.yaml").write_text("paper: letter\n")
    assert find_settings_file(tmp_path / "other.yaml", tmp_path) == tmp_path / "other.yaml"
    assert find_settings_file(tmp_path / "other.yaml", tmp_path / "elsewhere") == tmp_path / "other.yaml"
    assert find_settings_file(Path("other.yaml"), tmp_path) == tmp_path / "other.yaml"


def test_a_missing_settings_file_named_on_the_command_line_is_an_error(tmp_path):
    (tmp_path / CONFIG_FILE_NAME).write_text("paper: a3\n")
    with pytest.raises(CngenError, match="missing.yaml: does not exist"):
        find_settings_file(tmp_path / "missing.yaml", tmp_path)
    with pytest.raises(CngenError, match="is a folder"):
        find_settings_file(tmp_path, tmp_path)


def test_a_folder_called_cngen_yaml_is_named_rather_than_passed_over(tmp_path):
    (tmp_path / CONFIG_FILE_NAME).mkdir()
    with pytest.raises(CngenError, match="cngen.yaml: is a folder, not a settings file: rename it"):
        find_settings_file(None, tmp_path)


def test_loading_reads_the_file_names_it_and_takes_paths_from_its_folder(tmp_path):
    assert load_settings_file(None) == NO_FILE
    path = tmp_path / "sub" / CONFIG_FILE_NAME
    path.parent.mkdir()
    path.write_text("title: Game night\ndeck:\n  words: ../words.txt\n")
    loaded = load_settings_file(path)
    assert loaded.source == str(path)
    assert loaded.values["title"].value == "Game night"
    assert loaded.values["deck.words"].value == tmp_path / "sub" / ".." / "words.txt"
    path.write_text("paper: foolscap\n")
    with pytest.raises(CngenError, match=rf"^{re.escape(str(path))}:1: paper: unknown paper"):
        load_settings_file(path)


def test_standard_input_as_a_word_list_stays_standard_input():
    assert values("deck:\n  words: '-'\n")["deck.words"] == Path("-")


@pytest.mark.parametrize(
    "text, line, suggestion",
    [
        ("blank: 3", 1, "top level: unknown key 'blank': did you mean 'deck.blanks' (under deck:)?"),
        ("keys:\n  cards_size: 60x60mm", 2, "keys: unknown key 'cards_size': did you mean 'card_size'?"),
        ("deck:\n  margn: 5mm", 2, "deck: unknown key 'margn': did you mean 'margin' (at the top level)?"),
        ("tokens:\n  variant: []", 2, "tokens: unknown key 'variant': did you mean 'rules.variants' (under rules:)?"),
    ],
)
def test_an_unknown_key_suggests_the_closest_key_at_any_level(text, line, suggestion):
    assert refusal(text + "\n") == f"cngen.yaml:{line}: {suggestion}"


@pytest.mark.parametrize("title, message", [
    ('"a\\tb"', "title: 'a\\tb' holds the control character U+0009: write plain text on one line"),
    ("x" * 61, "title: 61 characters are too many: at most 60 fit"),
])
def test_a_title_is_one_line_that_fits(title, message):
    with pytest.raises(CngenError) as caught:
        values(f"title: {title}\n")
    assert message in str(caught.value)
