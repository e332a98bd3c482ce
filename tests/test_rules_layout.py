"""The rules sheet's layout, read back from its pages as a reader sees them: no heading alone
at the foot of a column, short sections whole on one page, hanging indents that align, the
kit's title at the head, typographic quotes, and a drawn example whose words are 7 pt or
more and whose guessed words are covered by their tiles, on A4, Letter and A5."""

from __future__ import annotations

import functools
import io
import re
from dataclasses import dataclass

import builds
import pypdf
import pypdfium2 as pdfium
import pytest
from pdfcheck import MM, pdf_pages, theme_for
from pdfiumpage import Page, paint, plumber_pages, text_lines
from pdfplumber.utils.geometry import crop_to_bbox

from generator.errors import CngenError
from generator.games import GAMES
from generator.games.classic.example_layout import example_layout
from generator.geometry.rulesexample import MIN_WORD_SIZE
from generator.geometry.rulespage import fit_title, footer_line, page_fits, rules_page
from generator.inputs.bundled import BOLD, ITALIC, REGULAR
from generator.jobs.rules import build_rules, default_contents, game_text
from generator.jobs.sources import load_font
from generator.model.ruletext import parse_rules
from generator.model.typography import Typography
from generator.settings.options import RulesOptions, Style
from generator.units import parse_paper

CLASSIC = GAMES["classic"]
THEME = theme_for("home")
HEADING_SIZE = 14.0  # the type scale's HEADING: the sections' headings
LONG_TITLE = "The Unusually Long Title of Our Office Party Codenames Night"  # 60 characters, the most allowed
PAPERS = ("a4", "letter", "a5")
# The sheets without variants carry the titles the head's tests need, so that each sheet is
# built and read once: a title of the kit's own on A4, none on Letter, the longest on A5.
PLAIN_TITLES = {"a4": "Office party", "letter": None, "a5": LONG_TITLE}
MARKER = re.compile(r"^(\u2022|\d+\.)\s*")


@functools.cache
def bundled_rules():
    """The bundled English rules, read as the job reads them for the default kit."""
    return parse_rules(CLASSIC.rules_text("en").read_bytes(), "en.yaml", default_contents(CLASSIC)[0],
                       game_text(CLASSIC))


@dataclass(frozen=True)
class Line:
    page: int
    column: int
    x0: float
    x1: float
    top: float  # from the top of the page, as pdfplumber measures
    bottom: float
    text: str
    chars: tuple[dict, ...]

    @property
    def heading(self) -> bool:
        first = self.chars[0]
        return first["fontname"].endswith("FiraSans-Bold") and abs(first["size"] - HEADING_SIZE) < 0.05


@dataclass
class Sheet:
    pdf: bytes
    pages: int
    lines: list[Line]  # the body's lines in reading order: page, column, top to bottom
    head: list[Line]  # page 1 above the head's rule
    footers: list[str]
    heights: dict[tuple[int, int], tuple[float, float]]  # (page, column): (top, bottom) of its room
    read_back: list[Page]  # the pages read, by PDFium: shapes, and characters with pdfplumber's keys


def read_sheet(pdf: bytes, first: int | None = None) -> Sheet:
    """The sheet's lines, head and footers, from its ``first`` pages (all of them by default):
    PDFium's characters set in lines by pdfplumber's own text tools (``text_lines``), as
    pdfplumber's ``extract_text_lines`` sets its own, without pdfminer's slow parse."""
    lines, head, footers, rooms = [], [], [], {}
    document = pdfium.PdfDocument(pdf)
    count = len(document)
    document.close()
    read_back = plumber_pages(pdf, range(count)[:first], shapes=True)
    for page in read_back:
        number, rule = page.number, 0.0
        if number == 0:  # the head's rule: the first line across most of the page
            rule = min(line["top"] for line in page.lines if line["x1"] - line["x0"] > page.width * 0.6)
        footer_top = page.height - 20 * MM
        whole = [_line(number, 0, line) for line in text_lines(page.chars)]
        head += [line for line in whole if line.top < rule]
        footers += [line.text for line in whole if line.top >= footer_top]
        body_chars = [c for c in page.chars if rule < c["top"] < footer_top]
        middle = page.width / 2
        # Two columns leave an empty gutter down the middle; one column fills it.
        two = sum(abs((c["x0"] + c["x1"]) / 2 - middle) < 3 * MM for c in body_chars) < 5
        columns = [(0, middle), (middle, page.width)] if two else [(0, page.width)]
        for index, (left, right) in enumerate(columns):
            part = crop_to_bbox(page.chars, (left, rule, right, footer_top))  # as pdfplumber's crop
            lines += [_line(number, index, line) for line in text_lines(part)]
            rooms[number, index] = (rule, footer_top)
    return Sheet(pdf, count, lines, head, footers, rooms, read_back)


def _line(page: int, column: int, line: dict) -> Line:
    return Line(page, column, line["x0"], line["x1"], line["top"], line["bottom"], line["text"],
                tuple(line["chars"]))


def read_built(paper: str = "a4", title: str | None = "Codenames", variants: tuple[str, ...] | None = None,
               first: int | None = None) -> Sheet:
    """The sheet of these options, built once a session (tests/builds.py) and read once: its
    ``first`` pages only, for tests that read only those."""
    return _read_built(paper, title, variants, first)


@functools.cache
def _read_built(paper: str, title: str | None, variants: tuple[str, ...] | None, first: int | None) -> Sheet:
    options = RulesOptions(paper=parse_paper(paper), style=Style(title=title))
    if variants is not None:
        options = RulesOptions(paper=parse_paper(paper), style=Style(title=title), variants=variants)
    result = builds.rules(options)
    built = read_sheet(result.pdf, first)
    assert built.pages == result.pages
    return built


@pytest.fixture(scope="module")
def sheet():
    return read_built


def sections(sheet: Sheet) -> dict[str, list[Line]]:
    """The body's lines grouped under the heading that opens them (reading order)."""
    grouped: dict[str, list[Line]] = {}
    current = None
    for line in sheet.lines:
        if line.heading:
            current = line.text
            grouped[current] = []
        if current is not None:
            grouped[current].append(line)
    return grouped


# --- Headings and sections -------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("variants", [None, ()], ids=["all variants", "no variant"])
def test_every_heading_has_its_first_lines_under_it_in_the_same_column(sheet, paper, variants):
    lines = sheet(paper, title=PLAIN_TITLES[paper] if variants == () else "Codenames", variants=variants).lines
    headings = [index for index, line in enumerate(lines) if line.heading]
    assert len(headings) >= 10
    for index in headings:
        heading = lines[index]
        assert index + 1 < len(lines), f"{heading.text!r} is the sheet's last line"
        after = lines[index + 1]
        assert (after.page, after.column) == (heading.page, heading.column), \
            f"{heading.text!r} ends page {heading.page + 1}, column {heading.column + 1}"
        assert after.top > heading.bottom - 0.5 and not after.heading
        # A paragraph keeps at least two of its lines under its heading (never one alone).
        if after.chars[0]["size"] < 10 and not MARKER.match(after.text):
            following = [line for line in lines[index + 1:index + 3]
                         if (line.page, line.column) == (heading.page, heading.column)]
            assert len(following) == 2 or lines[index + 2].heading, heading.text


@pytest.mark.parametrize("paper", PAPERS)
def test_no_column_ends_with_a_heading(sheet, paper):
    lines = sheet(paper).lines
    for this, following in zip(lines, lines[1:] + [None]):
        if following is None or (following.page, following.column) != (this.page, this.column):
            assert not this.heading, f"{this.text!r} is the last line of page {this.page + 1}, column {this.column + 1}"


@pytest.mark.parametrize("paper", PAPERS)
def test_a_short_section_is_never_cut_at_a_page_turn(sheet, paper):
    built = sheet(paper)
    column = max(bottom - top for top, bottom in built.heights.values())
    for title, lines in sections(built).items():
        pages = {line.page for line in lines}
        if len(pages) == 1:
            continue
        height = sum(max(line.bottom for line in lines if (line.page, line.column) == place)
                     - min(line.top for line in lines if (line.page, line.column) == place)
                     for place in {(line.page, line.column) for line in lines})
        assert height > 0.25 * column, f"{title!r} ({height / MM:.0f} mm) is cut between pages {sorted(pages)}"
    winning = sections(built)["Winning"]
    assert len({line.page for line in winning}) == 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_default_kit_fills_two_pages_without_a_big_hole(sheet, paper):
    built = sheet(paper)
    assert built.pages == 2
    for (page, column), (top, bottom) in built.heights.items():
        last = max(line.bottom for line in built.lines if (line.page, line.column) == (page, column))
        empty = (bottom - last) / (bottom - top)
        assert empty < 0.3, f"page {page + 1}, column {column + 1} is {empty:.0%} empty"


# --- Lists, labels, quotes -------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS)
def test_turnover_lines_of_bullets_and_steps_align_with_their_first_line(sheet, paper):
    lines = sheet(paper).lines
    indents, turnovers = set(), 0
    for index, line in enumerate(lines):
        match = MARKER.match(line.text)
        if not match:
            continue
        column_left = min(other.x0 for other in lines if (other.page, other.column) == (line.page, line.column))
        text_x = line.chars[len(line.text[:match.end()].replace(" ", ""))]["x0"]
        indents.add(round(text_x - column_left, 1))
        previous = line
        for after in lines[index + 1:]:
            if (after.page, after.column) != (line.page, line.column) or MARKER.match(after.text) or after.heading:
                break
            if not 11 < after.top - previous.top < 13 or after.x0 < column_left + 1:
                break  # the paragraph after the list (a little further down), or the next block
            assert abs(after.x0 - text_x) < 0.25, (line.text, after.text, after.x0, text_x)
            turnovers += 1
            previous = after
    assert len(indents) == 1, indents  # bullets and numbers share one indent
    assert turnovers > 20


def test_variant_titles_are_said_once(sheet):
    text = " ".join(line.text for line in sheet("a4").lines)
    assert "VARIANT" not in text
    for title in ("Variant: two players", "Variant: three players", "Variant: match play",
                  "Variant: strict extra guess"):
        assert text.count(title) == 1


@pytest.mark.parametrize("paper", PAPERS)
def test_the_sheet_prints_typographic_quotes_only(sheet, paper):
    built = sheet(paper)
    printed = {char["text"] for page in built.read_back for char in page.chars}
    assert "'" not in printed and '"' not in printed
    text = " ".join(line.text for line in built.head + built.lines)
    assert "team\u2019s" in text and "\u2018standard\u2019" in text


def test_straight_quotes_of_a_users_text_and_title_are_set_typographic(tmp_path):
    text = tmp_path / "r.yaml"
    text.write_text("title: Bob's rules\nsections:\n  - id: a\n    title: \"The 'quiet' round\"\n    blocks:\n"
                    "      - text: 'She said \"it''s <b>Bob</b>''s turn\" and left.'\n", encoding="utf-8")
    result = build_rules(CLASSIC, RulesOptions(text=text, style=Style(title="Bob's \"party\"")))
    shown = " ".join(pypdf.PdfReader(io.BytesIO(result.pdf)).pages[0].extract_text().split())
    assert "Bob\u2019s \u201cparty\u201d" in shown and "The \u2018quiet\u2019 round" in shown
    assert "She said \u201cit\u2019s Bob\u2019s turn\u201d and left." in shown
    assert "'" not in shown and '"' not in shown


def test_typographic_quotes_open_and_close_by_their_neighbours():
    typographic = Typography().quoted  # English's
    assert typographic("team's 'own' \"word\" ('x')") == "team\u2019s \u2018own\u2019 \u201cword\u201d (\u2018x\u2019)"
    assert typographic("no quotes") == "no quotes"


@pytest.mark.parametrize("language, shown", [
    ("fr", "Le mot «\u202fbanc\u202f» de l\u2019équipe"), ("de", "Le mot „banc“ de l\u2019équipe"),
    ("es", "Le mot «banc» de l\u2019équipe"), ("tr", "Le mot \u201cbanc\u201d de l\u2019équipe"),
])
def test_a_users_text_takes_the_quotes_of_its_language(tmp_path, language, shown):
    text = tmp_path / "r.yaml"
    text.write_text(f"language: {language}\ntitle: T\nsections:\n  - id: a\n    title: A\n    blocks:\n"
                    "      - text: 'Le mot \"<b>banc</b>\" de l''équipe'\n", encoding="utf-8")
    result = build_rules(CLASSIC, RulesOptions(text=text))
    assert shown in pypdf.PdfReader(io.BytesIO(result.pdf)).pages[0].extract_text()


# --- The head and the footer -----------------------------------------------------------------


def big(lines: list[Line]) -> tuple[str, float]:
    """The head's largest text and its size."""
    largest = max(line.chars[0]["size"] for line in lines)
    return " ".join(line.text for line in lines if abs(line.chars[0]["size"] - largest) < 0.01), largest


def test_the_head_shows_the_kits_title_with_how_to_play_under_it(sheet):
    built = sheet("a4")
    assert big(built.head) == ("Codenames", 24.0)
    second = next(line for line in built.head if line.text.startswith("How to play"))
    assert "Two teams, two spymasters" in second.text and second.top > built.head[0].bottom
    assert built.footers[0] == "Codenames \u00b7 How to play \u00b7 page 1"
    assert pypdf.PdfReader(io.BytesIO(built.pdf)).metadata.title == "Codenames: how to play"


def test_a_custom_title_heads_the_sheet_and_its_footer(sheet):
    built = sheet("a4", title="Office party", variants=())
    assert big(built.head) == ("Office party", 24.0)
    assert built.footers[-1] == "Office party \u00b7 How to play \u00b7 page 2"
    assert "Codenames" not in " ".join(line.text for line in built.head)


def test_without_a_title_the_rules_text_heads_the_sheet(sheet):
    built = sheet("letter", title=None, variants=())
    assert big(built.head) == ("How to play", 24.0)
    assert all("Codenames" not in text for text in built.footers)
    assert built.footers[0] == "How to play \u00b7 page 1"


@pytest.mark.parametrize("paper", PAPERS)
def test_a_long_title_overlaps_nothing(sheet, paper):
    assert len(LONG_TITLE) == 60
    # Its first page only (all it reads), but on A5 the sheet without variants, read whole anyway.
    built = sheet(paper, LONG_TITLE, variants=()) if PLAIN_TITLES[paper] == LONG_TITLE else \
        sheet(paper, LONG_TITLE, first=1)
    width = parse_paper(paper)[0]
    title = [line for line in built.head if line.chars[0]["size"] > 12]
    assert " ".join(line.text for line in title) == LONG_TITLE
    others = [line for line in built.head if line not in title] + [line for line in built.lines if line.page == 0]
    for line in title:
        assert line.x1 <= width - 12 * MM + 0.5
        for other in others:
            apart = other.top >= line.bottom - 0.5 or other.bottom <= line.top + 0.5 or \
                other.x0 >= line.x1 or other.x1 <= line.x0
            assert apart, (line.text, other.text)
    page = built.read_back[0]
    emblem = [curve for curve in page.curves if curve["top"] < title[0].bottom and curve["stroke"]]
    assert emblem and max(curve["x1"] for curve in emblem) < min(line.x0 for line in title)
    for footer in [c for c in page.chars if c["top"] > page.height - 20 * MM]:
        assert 12 * MM - 0.5 <= footer["x0"] and footer["x1"] <= width - 12 * MM + 0.5


def test_the_footer_drops_and_shortens_parts_to_fit():
    font = load_font(None, REGULAR)
    assert footer_line(["Codenames", "How to play"], "page 1", font, 7, 500) == \
        "Codenames  \u00b7  How to play  \u00b7  page 1"
    short = footer_line(["W" * 60, "How to play"], "page 2", font, 7, 150)
    assert short.endswith("\u2026  \u00b7  page 2") and font.width(short, 7) <= 150


def test_a_title_takes_the_largest_size_that_keeps_it_to_two_lines():
    font = load_font(None, BOLD)
    assert fit_title("Codenames", font, 300).size == 24 and fit_title("Codenames", font, 300).lines == ("Codenames",)
    long = fit_title(LONG_TITLE, font, 300)
    assert len(long.lines) <= 2 and long.size < 24
    word = fit_title("W" * 60, font, 300)
    assert word.size == 14 and all(font.width(line, 14) <= 300 for line in word.lines)


# --- The drawn example -----------------------------------------------------------------------


def example_words(built: Sheet) -> dict[str, list[dict]]:
    """The example's 25 words as drawn in its grid (bold), each with its characters."""
    words = bundled_rules().example.words
    found: dict[str, list[dict]] = {}
    for line in built.lines:
        run: list[dict] = []
        for char in [*line.chars, None]:
            if char is not None and char["text"].strip() and char["fontname"].endswith("Bold"):
                if run and char["x0"] - run[-1]["x1"] > 1.0:  # a gap between cells
                    _add_word(run, words, found)
                    run = []
                run.append(char)
            else:
                _add_word(run, words, found)
                run = []
    assert sorted(found) == sorted(words)
    return found


def _add_word(run: list[dict], words, found: dict[str, list[dict]]) -> None:
    text = "".join(char["text"] for char in run)
    if text in words and text not in found:
        found[text] = list(run)


@pytest.mark.parametrize("paper", PAPERS)
def test_every_word_of_the_example_is_7_pt_or_more(sheet, paper):
    built = sheet(paper)
    # pdfminer's size is the font size carried through the text and transformation matrices.
    sizes = [char["size"] for chars in example_words(built).values() for char in chars]
    assert min(sizes) >= MIN_WORD_SIZE - 0.01
    clue = next(line for line in built.lines if line.text == "Space: 3")
    captions = [line for line in built.lines if line.chars[0]["fontname"].endswith("Italic") and
                ("spymasters see" in line.text or "after red\u2019s turn" in line.text)]
    assert clue.chars[0]["size"] >= 14 and captions
    assert min(char["size"] for line in built.lines for char in line.chars) >= 7 - 0.01  # nothing smaller anywhere


@pytest.mark.parametrize("paper", PAPERS)
def test_the_example_covers_the_guessed_words_with_their_tiles(sheet, paper):
    built = sheet(paper)
    words = example_words(built)
    page_of = next(line.page for line in built.lines if "PLANET" in line.text and line.chars[0]["fontname"].endswith("Bold"))
    grounds = {paint(THEME.colour("red")): "R", paint(THEME.colour("blue")): "B", paint(THEME.colour("bystander")): "N",
               paint(THEME.colour("assassin")): "A"}
    page = built.read_back[page_of]
    shapes = [shape for shape in page.rects + page.curves if shape["fill"]]

    def tile_under(chars: list[dict]) -> tuple[str | None, dict | None]:
        x = (chars[0]["x0"] + chars[-1]["x1"]) / 2
        y = (chars[0]["top"] + chars[0]["bottom"]) / 2
        for shape in shapes:
            role = grounds.get(shape.get("non_stroking_color"))
            if role and shape["x0"] < x < shape["x1"] and shape["top"] < y < shape["bottom"] and \
                    shape["x1"] - shape["x0"] < 30 * MM:
                return role, shape
        return None, None

    covered = {}
    for word, chars in words.items():
        role, tile = tile_under(chars)
        if role is None:
            continue
        covered[word] = role
        ink = THEME.text if role == "N" else THEME.on_colour
        assert all(char["non_stroking_color"] == paint(ink) for char in chars), word
        symbol = THEME.on_bystander if role == "N" else THEME.on_colour
        marks = [shape for shape in shapes if shape.get("non_stroking_color") == paint(symbol)
                 and tile["x0"] < shape["x0"] and shape["x1"] < tile["x1"]
                 and tile["top"] < shape["top"] and shape["bottom"] <= chars[0]["top"] + 0.5]
        assert marks, f"{word}'s tile shows no symbol above it"
    assert covered == {"PLANET": "R", "COMET": "R", "GLOBE": "N"}
    # The clue's three words are ringed on the grid (and on the key card).
    rings = [curve for curve in page.curves if curve["stroke"] and not curve["fill"]
             and curve.get("stroking_color") == paint(THEME.text)]
    ringed = {word for word, chars in words.items()
              if any(ring["x0"] < chars[0]["x0"] and chars[-1]["x1"] < ring["x1"]
                     and ring["top"] < chars[0]["top"] and chars[0]["bottom"] < ring["bottom"] for ring in rings)}
    assert ringed == {"PLANET", "COMET", "ROCKET"}
    assert len(rings) == 6


def test_the_example_heading_stays_with_its_figure_on_a5(sheet):
    lines = sheet("a5").lines
    index = next(i for i, line in enumerate(lines) if line.text == "An example turn")
    heading, clue = lines[index], lines[index + 1]
    assert clue.text == "Space: 3" and (clue.page, clue.column) == (heading.page, heading.column)


def test_a_custom_example_draws_its_own_words(tmp_path):
    words = [f"WORD{n}" for n in range(1, 26)]
    text = tmp_path / "r.yaml"
    text.write_text(
        "title: Ours\nsections:\n  - id: a\n    title: Look\n    blocks:\n      - example: key-and-grid\n"
        "example:\n  words: [" + ", ".join(words) + "]\n"
        "  key: {starting: blue, grid: [BBNRR, BRBNR, NBRBN, RABNR, BRNNB]}\n"
        "  guesses: [word1, word3]\n", encoding="utf-8")
    for paper in ("a4", "a5"):
        result = build_rules(CLASSIC, RulesOptions(text=text, paper=parse_paper(paper)))
        drawn = " ".join(pdf_pages(result.pdf)).split()
        assert set(words) <= set(drawn) and "Space:" not in drawn


def test_an_example_word_too_long_for_its_cell_is_refused_by_the_job_with_its_line(tmp_path):
    words = ["W"] * 25
    words[3] = "EXTRAORDINARILYLONGWORD"
    text = tmp_path / "r.yaml"
    text.write_text("title: x\nsections:\n  - id: a\n    title: A\n    blocks:\n      - example: key-and-grid\n"
                    "example:\n  words:\n" + "".join(f"    - {word}\n" for word in words)
                    + "  key: {starting: red, grid: [RRNBB, RBRNB, NRBRN, BARNB, RBNNR]}\n", encoding="utf-8")
    with pytest.raises(CngenError, match=r"/r\.yaml:12: example, word 4: 'EXTRAORDINARILYLONGWORD' does not fit its "
                                         r"cell of the example's grid at 7 pt on a 210 x 297 mm page"):
        build_rules(CLASSIC, RulesOptions(text=text))


def test_a_clue_too_long_for_its_bubble_is_refused_with_its_line(tmp_path):
    text = tmp_path / "r.yaml"
    text.write_text("title: x\nsections:\n  - id: a\n    title: A\n    blocks:\n      - example: key-and-grid\n"
                    "example:\n  words: [" + ", ".join(["W"] * 25) + "]\n"
                    "  key: {starting: red, grid: [RRNBB, RBRNB, NRBRN, BARNB, RBNNR]}\n"
                    "  clue: " + " ".join(["Supercalifragilistic"] * 12) + "\n", encoding="utf-8")
    with pytest.raises(CngenError, match=r"/r\.yaml:10: example: clue: 'Supercalifragilistic .*' does not fit "
                                         r"its speech bubble at 7 pt"):
        build_rules(CLASSIC, RulesOptions(text=text))


# --- Pages and geometry ------------------------------------------------------------------------


def test_papers_from_a5_up_are_set_and_smaller_ones_refused():
    assert page_fits(parse_paper("a5")) and page_fits(parse_paper("a4")) and page_fits(parse_paper("letter"))
    assert not page_fits(parse_paper("a6")) and not page_fits((210 * MM, 148 * MM))
    assert rules_page(parse_paper("a4")).columns == 2 and rules_page(parse_paper("letter")).columns == 2
    assert rules_page(parse_paper("b5")).columns == 2 and rules_page(parse_paper("a5")).columns == 1


@pytest.mark.parametrize("paper", ["a4", "letter", "b5", "a5"])
def test_the_bundled_example_fits_every_column_at_7_pt_or_more(paper):
    example = bundled_rules().example
    bold, italic = load_font(None, BOLD), load_font(None, ITALIC)
    column = rules_page(parse_paper(paper)).column_width
    layout = example_layout(column, example.words, bold, clue=example.clue.plain,
                            clue_caption=example.clue_caption.plain, grid_caption=example.grid_caption.plain,
                            caption_font=italic)
    assert not layout.unfitting and not layout.overflowing
    assert min(word.size for word in layout.words) >= 7 and layout.width <= column + 1e-6
    assert layout.bubble.x > layout.key.right and layout.tail[1][0] > layout.key.right  # the tail points at the key
    assert layout.key.y > layout.cells[0].top  # the spymasters' view above the grid
    assert layout.grid_caption.top <= layout.cells[-1].y and layout.height > 0
    for box in (layout.key, layout.bubble, *layout.cells):
        assert 0 <= box.x and box.right <= layout.width + 1e-6 and 0 <= box.y and box.top <= layout.height + 1e-6


def test_a_word_too_long_for_a_narrow_column_is_reported_not_shrunk_below_7_pt():
    bold = load_font(None, BOLD)
    layout = example_layout(66 * MM, ["EXTRAORDINARILY"] + ["MAP"] * 24, bold)
    assert layout.unfitting == (0,)
