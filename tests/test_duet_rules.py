"""The Duet rules sheet (`cngen rules --duet`) read back from its pages: every section, the
counts of the kit it describes, no leftovers of the classic game, typographic quotes, two
pages on A4 and Letter with every heading kept with its text, A5 in one column, and a drawn
example whose two key card sides, table bands and rings agree with each other and with the
text. The example's key is read off the drawing, never from cngen's model."""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from pathlib import Path

import builds
import pytest
import yaml
from pdfcheck import MM, text_of, theme_for
from pdfiumpage import Page, paint, plumber_pages, text_lines
from pdfplumber.utils import chars_to_textmap, extract_words
from pdfplumber.utils.geometry import crop_to_bbox
from test_rules_layout import Sheet, read_sheet

from generator.games import GAMES
from generator.jobs.rules import build_rules, default_contents, game_text
from generator.model.ruletext import parse_rules
from generator.preflight import preflight
from generator.settings.options import RulesOptions, Style
from generator.units import parse_paper

CLASSIC, DUET = GAMES["classic"], GAMES["duet"]
THEME = theme_for("home")
DUET_TEXT = DUET.rules_text("en")
BUNDLED = yaml.load(DUET_TEXT.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
SHARED = Path(__file__).resolve().parents[1] / ".." / "shared"
# (A's role, B's role): words on every Duet key card, as the publisher's table gives them.
PAIRS = {("G", "G"): 3, ("G", "N"): 5, ("N", "G"): 5, ("A", "A"): 1, ("A", "G"): 1, ("G", "A"): 1,
         ("A", "N"): 1, ("N", "A"): 1, ("N", "N"): 7}
SECTIONS = ("The game", "What is in this kit", "Setting up", "The key card", "A turn", "Giving a valid clue",
            "The timer", "Sudden death", "Winning and losing", "Example: one card, two sides", "An easier game",
            "Tips", "Printing and cutting")


def built(paper: str = "a4", profile: str = "home") -> tuple[bytes, int]:
    """The Duet sheet on this paper, built once a session (tests/builds.py)."""
    result = builds.rules(RulesOptions(paper=parse_paper(paper), profile=profile, style=Style(title="Codenames")),
                          "duet")
    return result.pdf, result.pages


@pytest.fixture(scope="module")
def sheet():
    return built


@functools.cache
def read(paper: str) -> Sheet:
    """The home sheet on this paper read once (test_rules_layout.read_sheet): its lines in
    reading order, and its pages, read once for every test that reads them."""
    return read_sheet(built(paper)[0])


def sheet_text(paper: str) -> str:
    """The home sheet's words in reading order, each run of spaces one space."""
    sheet = read(paper)
    return " ".join(" ".join(line.text.split()) for line in (*sheet.head, *sheet.lines)) + " " + \
        " ".join(sheet.footers)



# --- Text ------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_duet_sheet_prints_every_section_on_two_pages(sheet, paper):
    _, pages = sheet(paper)
    assert pages == read(paper).pages == 2
    text = sheet_text(paper)
    assert [section["title"] for section in BUNDLED["sections"]] == list(SECTIONS)
    for title in SECTIONS:
        assert title in text, title
    assert "How to play Duet · page 1" in text and "How to play Duet · page 2" in text


def test_the_sheet_explains_the_timer_sudden_death_and_the_stand():
    text = sheet_text("a4")
    for phrase in ("one word and one number", "at least one guess", "bystander face up and turned towards the "
                   "guesser", "put the token back in the box", "the game goes into sudden death",
                   "all 15 agents", "you are out of time", "2 spare timer tokens", "stands upright between you",
                   "Put whichever edge you like at the top", "flip on the long edge",
                   "the tabs of A and B must sit back to back on the same edge"):
        assert phrase in text, phrase


def test_no_word_of_the_classic_game_is_left():
    text = sheet_text("a4").lower()
    for classic in ("red team", "blue", "double agent", "spymaster", "operative", "starting team", "lights",
                    "variant", "innocent", "ocean: 2"):
        assert classic not in text, classic


@pytest.mark.parametrize("paper", ["a4", "a5"])
def test_the_sheet_prints_typographic_quotes_only(paper):
    printed = {char["text"] for page in read(paper).read_back for char in page.chars}
    assert "'" not in printed and '"' not in printed
    text = sheet_text(paper)
    assert "partner\u2019s" in text and "\u2018standard\u2019" in text


def test_the_counts_are_the_kits(run, tmp_path):
    assert run("rules", "--duet").exit_code == 0
    assert (tmp_path / "output" / "rules.pdf").read_bytes() == built("a4")[0]  # read once, below
    text = sheet_text("a4")
    for phrase in ("217 word cards carrying 434 codenames from the bundled deck", "5 blank cards",
                   "20 Duet key cards: side A of a card is for one player", "27 tiles (1 full set): 15 green agents, 1 assassin and "
                   "9 timer tokens, with 2 spare timer tokens for an easier game"):
        assert phrase in text, phrase
    result = run("rules", "--duet", "--keys-count", "30", "--token-sets", "2", "--blanks", "0", "-o", "more.pdf")
    assert result.exit_code == 0, result.output
    text = text_of((tmp_path / "more.pdf").read_bytes())
    assert "30 Duet key cards" in text and "blank card" not in text
    assert "54 tiles (2 full sets): 30 green agents, 2 assassins and 18 timer tokens, with 4 spare timer tokens" \
        in text


def test_a_duet_kits_sheet_counts_what_the_kit_holds(run, tmp_path):
    result = run("kit", "--duet", "--keys-count", "3", "--token-sets", "2", "--seed", "4")
    assert result.exit_code == 0, result.output
    out = tmp_path / "output"
    text = text_of((out / "rules.pdf").read_bytes())
    manifest = json.loads((out / "keys.json").read_text())
    cards = len(manifest["cards"])
    assert re.search(rf"\b{cards} Duet key cards", text) and cards == 3
    assert "30 green agents, 2 assassins and 18 timer tokens, with 4 spare timer tokens" in text
    assert "How to play Duet" in text and "double agent" not in text


def test_a_sheet_for_one_game_never_describes_a_kit_of_the_other():
    for game, other in ((DUET, CLASSIC), (CLASSIC, DUET)):
        with pytest.raises(ValueError, match="differ"):
            build_rules(game, RulesOptions(contents=default_contents(other)[0]))


def test_the_sheet_is_the_same_every_time(sheet):
    again = build_rules(DUET, RulesOptions(paper=parse_paper("a4"), style=Style(title="Codenames")))
    assert again.pdf == sheet("a4")[0]


# --- Layout ----------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_every_heading_has_its_first_lines_under_it(paper):
    sheet = read(paper)
    lines = sheet.lines
    headings = [index for index, line in enumerate(lines) if line.heading]
    # A section holding a figure may let the next ones go first rather than leave a hole (A5).
    assert sorted(lines[index].text for index in headings) == sorted(SECTIONS)
    if paper != "a5":
        assert [lines[index].text for index in headings] == list(SECTIONS)
    for index in headings:
        after = lines[index + 1]
        assert (after.page, after.column) == (lines[index].page, lines[index].column), lines[index].text
        assert not after.heading
    if paper == "a5":
        assert sheet.pages >= 3 and all(column == 0 for _, column in sheet.heights)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_two_pages_have_no_big_hole(paper):
    sheet = read(paper)
    for (page, column), (top, bottom) in sheet.heights.items():
        last = max(line.bottom for line in sheet.lines if (line.page, line.column) == (page, column))
        assert (bottom - last) / (bottom - top) < 0.3, (page, column)


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_nothing_on_the_sheet_is_under_7_pt(paper):
    sizes = [char["size"] for page in read(paper).read_back for char in page.chars]
    assert min(sizes) >= 7 - 0.01


@pytest.mark.parametrize("profile", ["shop", "pod"])
def test_press_sheets_pass_the_preflight(sheet, profile):
    report = preflight(sheet("a4", profile)[0])
    assert report.ok, report


# --- The drawn example -----------------------------------------------------------------------

ROLES = {paint(THEME.colour("green")): "G", paint(THEME.colour("assassin")): "A", paint(THEME.colour("bystander")): "N"}


def role(shape: dict) -> str | None:
    return ROLES.get(shape.get("non_stroking_color")) if shape.get("fill") else None


def inside(shape: dict, box: dict, slack: float = 0.5) -> bool:
    return (box["x0"] - slack <= shape["x0"] and shape["x1"] <= box["x1"] + slack
            and box["top"] - slack <= shape["top"] and shape["bottom"] <= box["bottom"] + slack)


def row_major(shapes: list[dict]) -> list[dict]:
    """Shapes of a grid, top row first, left to right."""
    return sorted(shapes, key=lambda shape: (round(shape["top"] / 3), shape["x0"]))


def read_example(pdf: bytes | list[Page]) -> dict:
    """The example as drawn: each side's card (grid of letters as drawn, the tab's letter, the
    cells ringed), and the table (words row-major, each word's near and far band, the rings)."""
    pages = plumber_pages(pdf, shapes=True) if isinstance(pdf, bytes) else pdf
    card = paint(THEME.card)

    def grounds_of(page) -> list[dict]:
        return [s for s in page.rects + page.curves if s.get("fill") and s.get("non_stroking_color") == card]

    def key_cards_of(page) -> list[dict]:
        return sorted((s for s in grounds_of(page) if abs(s["width"] - s["height"]) < 1 and s["width"] > 25 * MM),
                      key=lambda s: s["x0"])

    page = next(page for page in pages if key_cards_of(page))
    shapes = page.rects + page.curves
    grounds, key_cards = grounds_of(page), key_cards_of(page)
    word_cards = row_major([s for s in grounds if 10 * MM < s["width"] < 25 * MM and s["height"] < s["width"]])
    rings = [s for s in page.curves if s["stroke"] and not s.get("fill")
             and s.get("stroking_color") == paint(THEME.text)]
    sides = []
    for key_card in key_cards:
        cells = row_major([s for s in shapes
                           if role(s) and inside(s, key_card) and abs(s["width"] - s["height"]) < 1])
        tab = "".join(c["text"] for c in page.chars if inside(c, key_card) and c["text"].strip())
        ringed = [index for index, cell in enumerate(cells) if any(inside(cell, ring) for ring in rings)]
        sides.append({"grid": "".join(role(cell) for cell in cells), "tab": tab, "ringed": ringed})
    table = []
    for word_card in word_cards:
        bands = sorted((s for s in shapes if role(s) and inside(s, word_card) and s["width"] > 3 * s["height"]),
                       key=lambda s: s["top"])
        word = "".join(c["text"] for c in sorted(page.chars, key=lambda c: c["x0"]) if inside(c, word_card))
        ringed = any(inside(word_card, ring, slack=-0.1) for ring in rings)
        table.append({"word": word, "far": role(bands[0]), "near": role(bands[-1]), "bands": len(bands),
                      "ringed": ringed})
    return {"sides": sides, "table": table}


@pytest.fixture(scope="module")
def drawn():
    return {paper: read_example(read(paper).read_back) for paper in ("a4", "letter", "a5")}


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_the_example_draws_both_sides_of_its_key_card(drawn, paper):
    sides = drawn[paper]["sides"]
    assert [side["tab"] for side in sides] == ["A", "B"]
    key = BUNDLED["example"]["key"]
    assert [side["grid"] for side in sides] == ["".join(key["a"]), "".join(key["b"])]
    for side in sides:
        assert Counter(side["grid"]) == {"G": 9, "A": 3, "N": 13}


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_each_word_on_the_table_shows_what_each_side_gives_it(drawn, paper):
    a, b = (side["grid"] for side in drawn[paper]["sides"])
    table = drawn[paper]["table"]
    assert [cell["word"] for cell in table] == BUNDLED["example"]["words"]
    assert all(cell["bands"] == 2 for cell in table)
    # A's cell (r, c) is the word B sees at (4 - r, 4 - c): B's cell 24 - i.
    for index, cell in enumerate(table):
        assert (cell["near"], cell["far"]) == (a[index], b[24 - index]), cell["word"]
    assert Counter((cell["near"], cell["far"]) for cell in table) == PAIRS


@pytest.mark.parametrize("paper", ["a4", "letter", "a5"])
def test_the_words_both_sides_call_agents_are_ringed_and_named(drawn, paper):
    table, sides = drawn[paper]["table"], drawn[paper]["sides"]
    shared = [index for index, cell in enumerate(table) if (cell["near"], cell["far"]) == ("G", "G")]
    assert [index for index, cell in enumerate(table) if cell["ringed"]] == shared and len(shared) == 3
    assert sides[0]["ringed"] == shared
    assert sorted(sides[1]["ringed"]) == sorted(24 - index for index in shared)
    text = sheet_text(paper)
    named = re.search(r"(\w+), (\w+) and (\w+) are agents on both sides", text)
    assert named and set(named.groups()) == {table[index]["word"] for index in shared}


def test_the_example_turn_in_the_text_agrees_with_the_card(drawn):
    roles = {cell["word"]: (cell["near"], cell["far"]) for cell in drawn["a4"]["table"]}
    text = sheet_text("a4")
    either = re.search(r"(\w+) is an agent on side B but an assassin on side A, and (\w+) is the other way round", text)
    assert roles[either.group(1)] == ("A", "G") and roles[either.group(2)] == ("G", "A")
    wanted = re.search(r"A wants (\w+) and (\w+) and says Sea: 2", text)
    assert all(roles[word][0] == "G" for word in wanted.groups())
    touched = re.search(r"B touches (\w+), an agent on side A", text).group(1)
    assert touched in wanted.groups()
    tried = re.search(r"B tries (\w+) next; side A shows a bystander there", text).group(1)
    assert roles[tried] == ("N", "G") and f"Side B shows {tried} as an agent" in text
    assert "Sea" not in " ".join(roles)  # the clue is not a word on the table


def test_the_seats_are_named_above_and_below_the_table():
    page = next(page for page in read("a4").read_back if "Player B sits here" in chars_to_textmap(page.chars).as_string)
    column = crop_to_bbox(page.chars, (0, 0, page.width / 2, page.height))  # a line of the other column may sit level
    lines = {line["text"]: line for line in text_lines(column)}
    words = {word["text"]: word for word in extract_words(page.chars)}
    assert lines["Player B sits here"]["bottom"] < words["DRAGON"]["top"]
    assert lines["Player A sits here"]["top"] > words["SHELL"]["bottom"]


# --- A user's Duet text ------------------------------------------------------------------------

SMALL = """title: Duet night
sections:
  - id: look
    title: Look
    blocks:
      - example: both-sides
example:
  words: [{words}]
  key:
    a: [ANGGG, NGNNG, NNNGN, NGGNG, ANNNA]
    b: [NGNAG, NNGNG, NGNGN, ANGGG, NNNNA]
"""
WORDS = ", ".join(f"W{n}" for n in range(1, 26))


def cngen_text(run, tmp_path: Path, text: str, *args: str):
    (tmp_path / "r.yaml").write_text(text, encoding="utf-8")
    return run("rules", "--text", "r.yaml", *args)


def test_a_duet_text_of_ones_own_draws_its_example(run, tmp_path):
    result = cngen_text(run, tmp_path, SMALL.format(words=WORDS), "--duet")
    assert result.exit_code == 0, result.output
    example = read_example((tmp_path / "output" / "rules.pdf").read_bytes())
    assert [cell["word"] for cell in example["table"]] == [f"W{n}" for n in range(1, 26)]
    assert [side["tab"] for side in example["sides"]] == ["A", "B"]


MISTAKES = {
    "a letter that is no role": (SMALL.replace("NGNNG, NNNGN", "NGNNX, NNNGN"), 10,
                                 "side A, row 2 'NGNNX' must be 5 of the letters G, A, N"),
    "a side with 10 agents": (SMALL.replace("ANGGG, NGNNG, NNNGN, NGGNG, ANNNA", "ANGGG, NGNNG, NNNGN, NGGNG, ANNGA"),
                              10, "each side has 9 G, 3 A, 13 N; side A has 10 G, 3 A, 12 N"),
    "sides that do not share their words so": (
        SMALL.replace("ANGGG, NGNNG, NNNGN, NGGNG, ANNNA", "ANGGG, NGNNG, NNNGN, NGGNG, ANNAN"), 9,
        "the sides do not share their words as a Duet key card does"),
    "a side of four rows": (SMALL.replace("b: [NGNAG, NNGNG, NGNGN, ANGGG, NNNNA]", "b: [NGNAG, NNGNG, NGNGN, ANGGG]"),
                            11, "side B has 5 rows, not 4"),
    "the classic drawing": (SMALL.replace("both-sides", "key-and-grid"), 6,
                            "section 'look', block 1: unknown example 'key-and-grid' (it belongs to the classic game's rules text: "
                            "print it with --game classic): use both-sides"),
    "a classic key": (SMALL.replace("    a: [ANGGG, NGNNG, NNNGN, NGGNG, ANNNA]\n", "    starting: red\n"), 10,
                      "example: key: unknown key 'starting': it belongs to the classic game's rules text: "
                      "print it with --game classic"),
    "a variant": (SMALL.replace("    title: Look\n", "    title: Look\n    variant: match\n"), 5,
                  "section 'look': this game has no variants, so its sheet prints every section: remove variant:"),
    "a caption too long": (SMALL + "  captions:\n    b-seat: " + "far far away " * 20 + "\n", 13,
                           "does not fit one line above the table at 7 pt"),
}


@pytest.mark.parametrize("text, line, problem", MISTAKES.values(), ids=MISTAKES.keys())
def test_a_mistake_in_a_duet_text_is_named_with_its_line(run, tmp_path, text, line, problem):
    result = cngen_text(run, tmp_path, text.format(words=WORDS), "--duet")
    assert result.exit_code == 1, result.output
    message = result.stderr.strip()
    assert message.startswith(f"Error: r.yaml:{line}: ") and problem in message, message
    assert not (tmp_path / "output").exists()


def test_texts_of_the_other_game_are_named_as_such(run, tmp_path):
    result = cngen_text(run, tmp_path, SMALL.format(words=WORDS))
    assert result.exit_code == 1 and result.stderr.strip() == (
        "Error: r.yaml:10: example: key: unknown key 'a': it belongs to the duet game's rules text: "
        "print it with --game duet")
    assert not (tmp_path / "output").exists()
    classic = CLASSIC.rules_text("en").read_text(encoding="utf-8")
    for game in ("--duet", "--game=duet"):
        result = cngen_text(run, tmp_path, classic, game)
        assert result.exit_code == 1, result.output
        found = re.fullmatch(r"Error: r\.yaml:(\d+): example: unknown key '([a-z]+)': it belongs to the classic "
                             r"game's rules text: print it with --game classic", result.stderr.strip())
        assert found, result.stderr
        line, key = int(found.group(1)), found.group(2)
        assert classic.splitlines()[line - 1] == f"  {key}:" or classic.splitlines()[line - 1].startswith(f"  {key}: ")
        assert not (tmp_path / "output").exists()


def test_the_bundled_duet_text_is_read_as_the_model_reads_it():
    rules = parse_rules(DUET_TEXT.read_bytes(), "en.yaml", default_contents(DUET)[0], game_text(DUET))
    example = rules.example
    assert example.words == tuple(BUNDLED["example"]["words"])
    assert [example.words[cell] for cell in example.shared] == ["CROWN", "PIANO", "KNIGHT"]


# --- Every sentence our own --------------------------------------------------------------------

SHINGLE = 8  # words in a row that no sentence of ours may share with a reference text


def shingles(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9]+(?:'[a-z0-9]+)*", text.lower().replace("\u2019", "'").replace("\u2018", "'"))
    return {tuple(words[i:i + SHINGLE]) for i in range(len(words) - SHINGLE + 1)}


def strings(node) -> list[str]:
    """Every string the Duet text can print: tags dropped, placeholders read as a number and noun."""
    if isinstance(node, dict):
        return [text for key, value in node.items() if key not in ("id", "when", "language", "key")
                for text in strings(value)]
    if isinstance(node, list):
        return [text for value in node for text in strings(value)]
    text = re.sub(r"</?[bi]>", "", str(node))
    text = re.sub(r"\{\w+\|[^|{}]*\|([^|{}]*)\}", r"2 \1", text)
    return [re.sub(r"\{\w+\}", "2", text)]


@pytest.mark.skipif(not (SHARED / "seeds").is_dir(), reason="the reference rule texts are not beside this checkout")
def test_no_eight_words_in_a_row_come_from_a_reference_text():
    reference: set[tuple[str, ...]] = set()
    for path in sorted((SHARED / "seeds").iterdir()):
        if path.is_file():
            reference |= shingles(path.read_text(encoding="utf-8", errors="replace"))
    if (SHARED / "GAME.md").is_file():
        reference |= shingles((SHARED / "GAME.md").read_text(encoding="utf-8"))
    assert reference
    ours = strings(BUNDLED)
    assert any("sudden death" in text for text in ours)
    borrowed = {" ".join(run) for text in ours for run in shingles(text) & reference}
    borrowed |= {" ".join(run) for run in shingles(sheet_text("a4")) & reference}
    assert not borrowed
