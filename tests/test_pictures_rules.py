"""The picture edition's rules sheet, built by the rules job for the picture game and read back
from its pages: one or two pages on A4 and Letter, every section, the counts of the kit it
describes, no leftovers of the word game's grid, typographic quotes, a press file that passes
its preflight, and a drawn example whose 20 pictures are each drawn once as a form, whose
picture cards carry their corner marks where the grid's cards lie, and whose key card is read
back off the drawing. Its ``example:`` block is refused, with its file and line, when its grid,
its counts or its pictures are wrong."""

from __future__ import annotations

import functools
import io
import math
import re
from collections import Counter
from pathlib import Path

import pikepdf
import pytest
import yaml
from pdfcheck import MM, text_of
from pdfplumber.utils import chars_to_textmap
from test_rules_layout import Sheet, read_sheet

from generator.errors import CngenError
from generator.games.pictures import PICTURES
from generator.games.pictures.rules import deck_names
from generator.geometry.rulespage import rules_page
from generator.jobs.language import settle_language
from generator.jobs.rules import build_rules, game_text, rule_fonts
from generator.model.kit import KitContents
from generator.model.ruletext import parse_rules
from generator.settings.options import RulesOptions, Style
from generator.units import parse_paper

TEXT = PICTURES.rules_text("en")
BUNDLED = yaml.load(TEXT.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
SECTIONS = ("The game", "What is in this kit", "Setting up", "A turn", "Giving a valid clue", "Guessing", "Winning",
            "Expert clues", "An example turn", "Printing and cutting")
PICTURE_FORM = re.compile(rb"/(FormXob\.cngen-example-picture-\d+) Do")
KEY_CELL_FORM = re.compile(rb"/FormXob\.cngen-key-cell-([RBNA])-[\d.x]+ Do")


def kit(**changes) -> KitContents:
    """The kit the picture deck's defaults print, counted as the jobs count it: every picture of
    cngen's deck on a card, two a card; 40 double-sided key cards; one tile set; 5 blank cards."""
    pictures = len(deck_names())
    counts = dict(deck=settle_language(PICTURES, "en").labels.text("picture deck"), codenames=pictures,
                  word_cards=math.ceil(pictures / 2), blank_cards=5, key_cards=40, keys_per_card=2, tile_sets=1,
                  profile="home", sides="long-edge", tile_kinds=PICTURES.tiles)
    return KitContents(**{**counts, **changes})


@functools.cache
def built(paper: str = "a4", profile: str = "home", contents: KitContents | None = None) -> tuple[bytes, int]:
    """The picture edition's sheet for ``contents`` (the default kit when not given), built once."""
    contents = contents or kit(profile=profile)
    result = build_rules(PICTURES, RulesOptions(paper=parse_paper(paper), profile=profile, contents=contents,
                                                style=Style(title="Codenames Pictures")))
    return result.pdf, result.pages


@functools.cache
def read(paper: str) -> Sheet:
    return read_sheet(built(paper)[0])


def sheet_text(paper: str = "a4") -> str:
    sheet = read(paper)
    return " ".join(" ".join(line.text.split()) for line in (*sheet.head, *sheet.lines)) + " " + \
        " ".join(sheet.footers)



# --- The sheet ---------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheet_prints_every_section_on_one_or_two_pages(paper):
    pdf, pages = built(paper)
    assert pages in (1, 2) and read(paper).pages == pages == len(pikepdf.open(io.BytesIO(pdf)).pages)
    assert [section["title"] for section in BUNDLED["sections"]] == list(SECTIONS)
    text = sheet_text(paper)
    for title in SECTIONS:
        assert title in text, title
    assert "How to play · page 1" in text


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_line_runs_off_its_page(paper):
    for page in read(paper).read_back:
        for char in page.chars:
            assert 10 * MM < char["x0"] and char["x1"] < page.width - 10 * MM, char["text"]


def test_the_counts_are_the_kits():
    pictures = len(deck_names())
    text = sheet_text()
    for phrase in (f"{math.ceil(pictures / 2)} picture cards carrying {pictures} pictures from cngen’s own picture "
                   "deck, a different picture on each side", "5 blank cards, framed and corner-marked",
                   "40 key cards holding 80 keys, one on each side",
                   "20 cover tiles (1 full set of 20): 7 red agents, 7 blue agents, 1 double agent (red on one "
                   "face, blue on the other), 4 innocent bystanders and 1 assassin"):
        assert phrase in text, phrase
    other = kit(codenames=41, word_cards=21, blank_cards=0, key_cards=60, keys_per_card=1, tile_sets=2)
    text = text_of(built("a4", "home", other)[0])
    for phrase in ("21 picture cards carrying 41 pictures", "60 key cards, each with one key on its face",
                   "40 cover tiles (2 full sets of 20): 14 red agents, 14 blue agents, 2 double agents",
                   "8 innocent bystanders and 2 assassins"):
        assert phrase in text, phrase
    assert "blank card" not in text and "80 keys" not in text


def test_the_kit_these_tests_describe_is_the_one_cngen_plans_by_default():
    """``kit()`` counts as the jobs do: the picture game's default kit has its very counts (in
    English, as test_rules_fit.py counts it once a session: the same contents as with no
    language given, the picture deck's 310 drawings read once)."""
    from test_rules_fit import contents

    planned = contents("pictures", "en")[0]
    assert planned.counts() == kit().counts() and planned.conditions() == kit().conditions()


def test_the_sheet_explains_the_picture_grid_its_marks_and_its_clues():
    text = sheet_text()
    for phrase in ("four rows of five", "corner mark", "points to the upper left", "five cells across and four "
                   "down", "its own corner mark at the upper left", "either way will do", "8 pictures to find",
                   "exactly one word and one number", "what the pictures show", "point at a place on the table",
                   "at least one guess", "up to the clue’s number plus one", "every one of its agents covered",
                   "flipping on the long edge"):
        assert phrase in text, phrase


def test_no_word_of_the_word_games_grid_is_left():
    text = sheet_text().lower()
    for word_game in ("word card", "25", "twenty-five", "five rows of five", "9 words", "space: 3", "planet",
                      "variant"):
        assert word_game not in text, word_game


def test_the_sheet_prints_typographic_quotes_only():
    printed = {char["text"] for page in read("a4").read_back for char in page.chars}
    assert "'" not in printed and '"' not in printed
    assert "spymaster’s own team" in sheet_text()


@pytest.mark.parametrize("profile, phrase", [("shop", "press sheets for a copy shop"),
                                             ("pod", "print-on-demand service")])
def test_a_press_sheet_passes_its_preflight_and_says_how_it_is_printed(profile, phrase):
    """The pictures' colours become CMYK within the ink limit, and their drawings name no font
    the file does not embed: the job refuses a file that fails its own preflight."""
    pdf, pages = built("a4", profile)
    assert pages in (1, 2)
    text = text_of(pdf)
    assert phrase in text and "Print at 100%" not in text


# --- The example -----------------------------------------------------------------------------


def example_page(document: pikepdf.Pdf) -> pikepdf.Page:
    return next(page for page in document.pages if PICTURE_FORM.search(page.Contents.read_bytes()))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_examples_20_pictures_are_each_drawn_once_as_a_form(paper):
    document = pikepdf.open(io.BytesIO(built(paper)[0]))
    page = example_page(document)
    placed = Counter(PICTURE_FORM.findall(page.Contents.read_bytes()))
    assert len(placed) == 20 and set(placed.values()) == {1}
    forms = {name for name in page.Resources.XObject.keys() if "example-picture" in name}
    assert {f"/{name.decode()}" for name in placed} == forms
    for name in forms:
        content = page.Resources.XObject[name].read_bytes()
        assert re.search(rb"\bf\*?\s", content), name  # a picture: filled shapes


def test_the_key_card_is_read_back_off_the_drawing():
    """The key's cells are forms placed one a cell: 8 red (red starts), 7 blue, 4 bystanders and
    the assassin, row by row as the example's grid gives them."""
    document = pikepdf.open(io.BytesIO(built("a4")[0]))
    content = example_page(document).Contents.read_bytes()
    cells = KEY_CELL_FORM.findall(content)
    assert b"".join(cells).decode() == "".join(BUNDLED["example"]["key"]["grid"])
    assert Counter(cells) == {b"R": 8, b"B": 7, b"N": 4, b"A": 1}


def test_every_uncovered_picture_card_wears_its_corner_mark_at_its_upper_left():
    """The marks are small right triangles, right angle up and left: one on each card of the
    5 x 4 grid but the two the turn covered (the whale, top left, and the sailboat, fourth in
    the bottom row), all of a size, and one on the key card above them, at its upper left."""
    page = next(page for page in read("a4").read_back
                if "What the spymasters see" in chars_to_textmap(page.chars).as_string)
    marks = []
    for curve in page.curves:  # PDFium's points count up from the foot: from the top, as pdfplumber's
        corners = list(dict.fromkeys((round(x, 2), round(page.height - y, 2)) for x, y in curve["pts"]))
        if curve["fill"] and len(corners) == 3:
            (x, top), (right, top_too), (x_too, bottom) = corners
            if top == top_too and x == x_too and math.isclose(right - x, bottom - top, abs_tol=0.02) \
                    and right - x < 5 * MM:
                marks.append((x, top, round(right - x)))  # whole points: the same size
    sizes = Counter(size for _, _, size in marks)
    assert sorted(sizes.values()) == [1, 18], marks
    table = [(x, top) for x, top, size in marks if sizes[size] == 18]
    (key_x, key_top), = [(x, top) for x, top, size in marks if sizes[size] == 1]
    columns, rows = sorted({x for x, _ in table}), sorted({top for _, top in table})
    assert len(columns) == 5 and len(rows) == 4
    names = BUNDLED["example"]["pictures"]
    covered = {names.index(name) for name in BUNDLED["example"]["guesses"]}
    assert {rows.index(top) * 5 + columns.index(x) for x, top in table} == set(range(20)) - covered
    assert key_top < rows[0] and key_x < columns[1]  # the key card, above the table, at its left


def test_the_clue_and_captions_are_printed_and_the_pictures_names_are_not():
    text = sheet_text()
    assert "Ocean: 2" in text
    assert "What the spymasters see. Red’s clue is meant for the two ringed pictures." in text
    assert "The table after red’s turn: one red agent found, then one of blue’s." in text
    for name in ("guitar", "cactus", "teapot"):
        assert name not in text.lower()


def test_every_example_picture_is_in_cngens_picture_deck():
    assert set(BUNDLED["example"]["pictures"]) <= set(deck_names())


# --- The example block refused ---------------------------------------------------------------

ENGLISH = TEXT.read_text(encoding="utf-8")


def line_of(text: str, fragment: str) -> int:
    return text[:text.index(fragment)].count("\n") + 1


def refused(text: str) -> str:
    with pytest.raises(CngenError) as raised:
        parse_rules(text.encode(), "p.yaml", kit(), game_text(PICTURES))
    message = str(raised.value)
    assert "\n" not in message, message
    return message


GRID = 'grid: ["RBNRB", "RRBRB", "NRBNR", "ABRBN"]'
BROKEN = {
    "a grid of 3 rows": (GRID, 'grid: ["RBNRB", "RRBRB", "NRBNR"]', "    grid:",
                         "example: key: grid: the grid has 4 rows, not 3"),
    "a grid of 5 rows": (GRID, 'grid: ["RBNRB", "RRBRB", "NRBNR", "ABRBN", "NNNNN"]', "    grid:",
                         "example: key: grid: the grid has 4 rows, not 5"),
    "a row of 6": (GRID, 'grid: ["RBNRBR", "RRBRB", "NRBNR", "ABRBN"]', "    grid:",
                   "example: key: grid: grid row 1 'RBNRBR' must be 5 of the letters R, B, N, A"),
    "the classic counts": (GRID, 'grid: ["RBNRB", "RRBRB", "RRBNR", "ABRBN"]', "key:",
                           "example: key: a key that red starts has 8 R, 7 B, 4 N, 1 A; this grid has 9 R, 7 B, "
                           "3 N, 1 A: change its letters"),
    "blue starting with red's counts": ("starting: red", "starting: blue", "key:",
                                        "example: key: a key that blue starts has 8 B, 7 R, 4 N, 1 A; this grid has "
                                        "7 B, 8 R, 4 N, 1 A"),
    "19 pictures": ("volcano, bicycle,", "bicycle,", "pictures:",
                    "example: pictures: the example needs 20 pictures, one for each cell of the grid, not 19"),
    "an unknown picture": ("crown, anchor,", "crown, anchr,", "crown, anchr,",
                           "example: pictures, picture 7: 'anchr' is not a picture of cngen's picture deck: "
                           "did you mean 'anchor'?"),
    "a picture twice": ("owl, ladder,", "owl, whale,", "owl, whale,",
                        "example: pictures, picture 10: 'whale' is picture 1 already: each picture lies on the "
                        "table once"),
    "a target that is not on the table": ("targets: [whale, anchor]", "targets: [whale, shark]",
                                          "targets: [whale, shark]",
                                          "example: targets: 'shark' is not one of the example's 20 pictures"),
    "the word game's example": ("  pictures: [whale,", "  words: [whale,", "words:",
                                "example: unknown key 'words'"),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_wrong_example_is_refused_with_its_file_and_line(case):
    old, new, marker, problem = BROKEN[case]
    assert ENGLISH.count(old) == 1, old
    text = ENGLISH.replace(old, new)
    line = line_of(text, marker) if marker != "key:" else line_of(text, "  key:\n")
    message = refused(text)
    assert message.startswith(f"p.yaml:{line}: {problem}"), message


def test_the_example_reads_its_pictures_as_the_deck_names_them():
    text = ENGLISH.replace("[whale, guitar,", "[WHALE, Guitar,").replace("guesses: [whale,", "guesses: [Whale,")
    example = parse_rules(text.encode(), "p.yaml", kit(), game_text(PICTURES)).example
    assert example.pictures[:2] == ("whale", "guitar") and len(example.pictures) == 20
    assert example.targets == (0, 6) and example.covers == ((0, "R"), (18, "B"))
    assert example.key.rows == ["RBNRB", "RRBRB", "NRBNR", "ABRBN"]


def test_a_users_rules_text_with_a_wrong_example_is_refused_by_the_job(tmp_path):
    path = tmp_path / "pictures.yaml"
    path.write_text(ENGLISH.replace("crown, anchor,", "crown, anchr,"), encoding="utf-8")
    with pytest.raises(CngenError, match=rf"^{re.escape(str(path))}:\d+: example: pictures, picture 7: 'anchr'"):
        build_rules(PICTURES, RulesOptions(text=Path(path), contents=kit()))


def test_a_caption_too_long_for_its_room_is_refused_with_its_line():
    caption = "What the spymasters see. " * 12
    text = ENGLISH.replace("clue: \"What the spymasters see. Red’s clue is meant for the two ringed pictures.\"",
                           f"clue: \"{caption.strip()}\"")
    line = line_of(text, "    clue: \"What")
    with pytest.raises(CngenError, match=rf"^p\.yaml:{line}: example: captions: clue: '.*' does not fit the room "
                                         "beside the key card at 7 pt"):
        rules = parse_rules(text.encode(), "p.yaml", kit(), game_text(PICTURES))
        PICTURES.rules_example.lay_out(rules, rule_fonts(RulesOptions()), rules_page(parse_paper("a4")))


@pytest.mark.parametrize("args, heading", [
    (("--pictures",), "Codenames Pictures"), (("--pictures", "--lang", "fr"), "Codenames Images"),
    (("--duet", "--lang", "de"), "Codenames Duett"), ((), "Codenames"),
    (("--pictures", "--title", "Our Game"), "Our Game"),
])
def test_the_rules_sheet_is_headed_with_the_games_name_as_the_board_is(tmp_path, args, heading):
    import pypdfium2
    from click.testing import CliRunner

    from generator.cli import main

    pdf = tmp_path / "rules.pdf"
    result = CliRunner().invoke(main, ["rules", *args, "-o", str(pdf)])
    assert result.exit_code == 0, result.output
    document = pypdfium2.PdfDocument(str(pdf))
    try:
        first = document[0].get_textpage().get_text_range().splitlines()[0].strip()
    finally:
        document.close()
    assert first == heading
