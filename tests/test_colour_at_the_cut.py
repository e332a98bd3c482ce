"""Home sheets read back as a person cutting them would see them: pages rendered with
pypdfium2, the cuts found from the cut marks printed on the page, pixels sampled around each
card's cut.

* Every card shows its own ground just inside its cut, and within 1 mm outside it only its own
  ground (its bleed) or bare paper: never another card's colour, whatever a cut a millimetre
  off leaves on it. Word cards, key cards and tiles, on A4 and Letter, at the default size and
  others, duplex and gutter-fold, fronts and backs.
* Nothing prints in the margin a home printer cannot print (5 mm by default), and every cut
  mark is at least 3 mm long.
* On a shop sheet the slug line keeps a clear 3 mm from the marks' ends.
"""

from __future__ import annotations

import io

import builds
import pikepdf
import pypdfium2 as pdfium
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pdfiumpage import read_pages, read_widths

from generator.errors import UsageError
from generator.geometry.pages import clip_box
from generator.geometry.press import SLUG_GAP
from generator.geometry.sheet import HOME_GUTTER, MARK_MIN, Box, plan_apart
from generator.settings.options import DeckOptions, KeyOptions, SheetOptions, Style, TokenOptions
from generator.units import MM, PAPERS

SCALE = 3.0  # pixels per point: 8.5 pixels a millimetre
MARGIN = 5 * MM  # the default margin, which a home printer cannot print
MARK_WIDTH = 0.25
INSIDE = (0.3 * MM, 0.6 * MM, 1.0 * MM)  # how far inside the cut the card must show its own ground
# How far outside only its own ground or paper may show: up to 1 mm, less a pixel, since PDFium
# does not smooth the edge of a clip and may move it by half a pixel.
OUTSIDE = (0.3 * MM, 0.6 * MM, 0.88 * MM)
REFERENCE = 1.5 * MM  # where a card's ground is read, inside its cut (frames are 3.5 mm in)
ALONG = (0.15, 0.3, 0.5, 0.7, 0.85)  # where along each edge
WHITE = (255, 255, 255)
SAME = 3  # colour levels a flat fill may differ by in rendering
LETTER = PAPERS["letter"]

TILE_CASES = {  # the options, and the game
    "a4": (TokenOptions(), "classic"),
    "letter": (TokenOptions(sheet=SheetOptions(paper=LETTER)), "classic"),
    "a4 small": (TokenOptions(card_size=(60 * MM, 40 * MM)), "classic"),
    "a4 poker": (TokenOptions(card_size=(63.5 * MM, 88.9 * MM)), "classic"),
    "letter square": (TokenOptions(card_size=(66 * MM, 66 * MM), sheet=SheetOptions(paper=LETTER)), "classic"),
    "a4 fold": (TokenOptions(sheet=SheetOptions(sides="fold")), "classic"),
    "a4 short edge, two sets": (TokenOptions(sets=2, sheet=SheetOptions(sides="short-edge")), "classic"),
    "a4 light": (TokenOptions(style=Style(ink="light")), "classic"),
    "a4 duet": (TokenOptions(), "duet"),
}
DECK_CASES = {  # the options, and the game
    "a4": (DeckOptions(), "classic"),
    "letter": (DeckOptions(sheet=SheetOptions(paper=LETTER)), "classic"),
    "a4 poker": (DeckOptions(card_size=(63.5 * MM, 88.9 * MM)), "classic"),
    "letter fold": (DeckOptions(sheet=SheetOptions(paper=LETTER, sides="fold")), "classic"),
}
# The first sheet full and a second begun: the 40 cards of the default (A4's, shared with
# test_keys_pdf.py) would cost their deal for the same first sheet.
KEY_CASES = {
    "a4": KeyOptions(seed=7),
    "letter": KeyOptions(seed=7, count=9, sheet=SheetOptions(paper=LETTER)),
    "a4 small": KeyOptions(seed=7, count=8, card_size=(60 * MM, 60 * MM)),
    "a4 single-sided": KeyOptions(seed=7, count=9, single_sided=True),
}
PAGES = 2  # a deck's or key cards' first sheet: every card on it looks alike


def close(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return max(abs(u - v) for u, v in zip(a, b)) <= SAME


class Sheet:
    """One rendered page, its cuts read off its cut marks, and its card cells."""

    def __init__(self, document: pdfium.PdfDocument, pdf: bytes, number: int, cell: tuple[float, float]):
        (page,) = read_widths(pdf, [number], MARK_WIDTH)
        self.width, self.height = page.width, page.height
        self.marks = page.lines
        self.image = document[number].render(scale=SCALE).to_pil()  # RGB already: no copy converted
        assert self.image.mode == "RGB", self.image.mode
        self.pixels = self.image.load()
        xs = sorted({round(m["x0"], 2) for m in self.marks if abs(m["x0"] - m["x1"]) < 0.01})
        ys = sorted({round(self.height - m["top"], 2) for m in self.marks if abs(m["top"] - m["bottom"]) < 0.01})
        columns = [(a, b) for a, b in zip(xs, xs[1:]) if abs(b - a - cell[0]) < 0.2]
        rows = [(a, b) for a, b in zip(ys, ys[1:]) if abs(b - a - cell[1]) < 0.2]
        self.cells = [(x0, y0, x1, y1) for x0, x1 in columns for y0, y1 in rows]

    def pixel(self, x: float, y: float) -> tuple[int, int, int]:
        """The colour at (x, y) in points from the bottom left."""
        return self.pixels[round(x * SCALE - 0.5), round((self.height - y) * SCALE - 0.5)]

    def edge_points(self, cell, offset: float):
        """Points ``offset`` outside each edge of ``cell`` (negative: inside), along each edge."""
        x0, y0, x1, y1 = cell
        for share in ALONG:
            x, y = x0 + share * (x1 - x0), y0 + share * (y1 - y0)
            yield (x0 - offset, y), (x1 + offset, y), (x, y0 - offset), (x, y1 + offset)

    def ground(self, cell) -> tuple[int, int, int] | None:
        """The card's own ground, read 1.5 mm inside its cut all round; None for an empty slot."""
        seen = [self.pixel(*point) for points in self.edge_points(cell, -REFERENCE) for point in points]
        common = max(set(seen), key=seen.count)
        return None if common == WHITE and all(colour == WHITE for colour in seen) else common


def sheets(pdf: bytes, cell: tuple[float, float], pages: int | None = None) -> list[Sheet]:
    document = pdfium.PdfDocument(pdf)
    return [Sheet(document, pdf, number, cell) for number in range(pages or len(document))]


def cell_of(plan) -> tuple[float, float]:
    return plan.cell_width, plan.cell_height


def read_once(build, cases: dict, pages: int | None = None):
    """A reader of each case's build and its rendered sheets, each made once a module."""
    cache = {}

    def read(case: str):
        if case not in cache:
            result = build(*cases[case]) if isinstance(cases[case], tuple) else build(cases[case])
            cache[case] = result, sheets(result.pdf, cell_of(result.plan), pages)
        return cache[case]

    return read


@pytest.fixture(scope="module")
def tiles():
    return read_once(builds.tokens, TILE_CASES)


@pytest.fixture(scope="module")
def decks():
    return read_once(builds.deck, DECK_CASES, PAGES)


@pytest.fixture(scope="module")
def keys():
    return read_once(builds.keys, KEY_CASES, PAGES)


def touch(a, b) -> bool:
    """Two cells that share a cut: butted cards."""
    def near(u: float, v: float) -> bool:
        return abs(u - v) < 0.2

    beside = (near(a[2], b[0]) or near(b[2], a[0])) and near(a[1], b[1])
    above = (near(a[3], b[1]) or near(b[3], a[1])) and near(a[0], b[0])
    return beside or above


def check_cards(pages: list[Sheet]) -> int:
    """Every card keeps its own ground at its cut and shows no other within 1 mm outside, and
    butts only cards of its own ground; returns how many cards there were."""
    cards = 0
    for number, page in enumerate(pages):
        grounds = {cell: page.ground(cell) for cell in page.cells}
        for cell, own in grounds.items():
            if own is None:
                continue
            cards += 1
            butted = {ground for other, ground in grounds.items() if ground is not None and touch(cell, other)}
            assert butted <= {own}, (number, cell, butted, own)
            for depth in INSIDE:
                for points in page.edge_points(cell, -depth):
                    for point in points:
                        seen = page.pixel(*point)
                        assert close(seen, own), (number, cell, point, depth / MM, seen, own)
            for distance in OUTSIDE:
                for points in page.edge_points(cell, distance):
                    for point in points:
                        seen = page.pixel(*point)
                        assert close(seen, own) or close(seen, WHITE), (number, cell, point, distance / MM, seen, own)
    return cards


def check_margin_and_marks(pages: list[Sheet], margin: float = MARGIN) -> None:
    """Nothing printed within ``margin`` of the paper's edge; every mark inside the printable
    area and at least MARK_MIN long."""
    for number, page in enumerate(pages):
        image, border = page.image, int(margin * SCALE) - 1
        width, height = image.size
        for box in ((0, 0, width, border), (0, height - border, width, height), (0, 0, border, height),
                    (width - border, 0, width, height)):
            assert all(low == 255 for low, _ in image.crop(box).getextrema()), (number, box)
        assert page.marks, number
        for mark in page.marks:
            length = max(mark["x1"] - mark["x0"], mark["bottom"] - mark["top"])
            assert length >= MARK_MIN - 0.01, (number, mark)
            assert min(mark["x0"], mark["top"]) >= margin - 0.01, (number, mark)
            assert mark["x1"] <= page.width - margin + 0.01 and mark["bottom"] <= page.height - margin + 0.01


@pytest.mark.parametrize("case", TILE_CASES)
def test_every_tile_keeps_its_own_colour_at_its_cut(tiles, case):
    result, pages = tiles(case)
    faces = check_cards(pages)
    assert faces == 2 * len(result.tiles)  # every tile found by its cuts, front and back


@pytest.mark.parametrize("case", TILE_CASES)
def test_tile_sheets_print_nothing_in_the_margin_and_marks_long_enough(tiles, case):
    _, pages = tiles(case)
    check_margin_and_marks(pages)


@pytest.mark.parametrize("case", DECK_CASES)
def test_every_word_card_keeps_its_own_colour_at_its_cut(decks, case):
    result, pages = decks(case)
    faces_per_page = result.plan.per_sheet * (2 if result.plan.fold else 1)  # a folded page holds both faces
    assert check_cards(pages) == PAGES * faces_per_page


@pytest.mark.parametrize("case", DECK_CASES)
def test_word_card_sheets_print_nothing_in_the_margin(decks, case):
    _, pages = decks(case)
    check_margin_and_marks(pages)


@pytest.mark.parametrize("case", KEY_CASES)
def test_every_key_card_keeps_its_own_colour_at_its_cut(keys, case):
    result, pages = keys(case)
    assert check_cards(pages) == 2 * min(len(result.cards), result.plan.per_sheet)


@pytest.mark.parametrize("case", KEY_CASES)
def test_key_card_sheets_print_nothing_in_the_margin(keys, case):
    _, pages = keys(case)
    check_margin_and_marks(pages)


def test_the_marks_read_alone_are_the_marks_the_whole_page_holds(tiles):
    """``read_widths`` passes over the paths of other widths unread: it finds the very lines a
    full reading of the page finds at the marks' width."""
    result, _ = tiles("a4")
    (whole,) = read_pages(result.pdf, [0], chars=False)
    (alone,) = read_widths(result.pdf, [0], MARK_WIDTH)
    assert alone.lines == [line for line in whole.lines if abs(line["linewidth"] - MARK_WIDTH) < 0.01]
    assert alone.lines and not alone.chars


def test_grounds_run_past_the_outer_cuts_where_the_margin_allows(decks):
    """On A4 the word cards leave 10 mm of printable paper at the sides: their ground runs 2 mm
    past the outer cuts there, and stops at the cut top and bottom, where the marks need the
    3.5 mm left."""
    _, pages = decks("a4")
    page = pages[0]
    left = min(cell[0] for cell in page.cells)
    top = max(cell[3] for cell in page.cells)
    cell = next(cell for cell in page.cells if cell[0] == left and cell[3] == top)
    own = page.ground(cell)
    middle = (cell[1] + cell[3]) / 2
    assert close(page.pixel(left - 1.8 * MM, middle), own)
    assert close(page.pixel(left - 2.3 * MM, middle), WHITE)
    assert close(page.pixel((cell[0] + cell[2]) / 2, top + 0.3 * MM), WHITE)


def test_a4_keeps_the_tiles_apart_and_still_takes_two_sheets(tiles):
    """The classic set on A4: a gutter between columns, each column holding one kind (a slot
    left empty where two kinds meet), so the set keeps its two sheets."""
    result, _ = tiles("a4")
    assert (result.sheets, result.plan.per_sheet, result.plan.lanes) == (2, 16, "columns")


def butt(a: Box, b: Box) -> bool:
    """Two card boxes that share a cut, or overlap."""
    apart = a.right < b.x - 1e-6 or b.right < a.x - 1e-6 or a.top < b.y - 1e-6 or b.top < a.y - 1e-6
    return not apart


@given(page=st.tuples(st.floats(300, 900), st.floats(300, 900)), card=st.tuples(st.floats(60, 250), st.floats(60, 250)),
       margin=st.floats(0, 20), grounds=st.lists(st.sampled_from("RBNAD"), min_size=1, max_size=60),
       fold=st.booleans())
@settings(max_examples=80, deadline=None, derandomize=True)
def test_a_plan_apart_places_every_card_once_and_never_butts_two_grounds(page, card, margin, grounds, fold):
    try:
        plan, order = plan_apart(page, card, margin, grounds, fold)
    except UsageError:
        assume(False)
    assert sorted(card for card in order if card is not None) == list(range(len(grounds)))
    for gutter in plan.gutters:
        assert gutter == 0 or gutter >= HOME_GUTTER - 1e-9
    slots = [slot.box for slot in plan.front_slots()]
    for start in range(0, len(order), plan.per_sheet):
        placed = [(slots[index], grounds[card]) for index, card in enumerate(order[start : start + plan.per_sheet])
                  if card is not None]
        for number, (box, ground) in enumerate(placed):
            assert all(other == ground for neighbour, other in placed[number + 1 :] if butt(box, neighbour))
    # No card's artwork reaches another card, nor past half a gutter.
    clips = [clip_box(plan, box, plan.grid) for box in slots]
    for number, clip in enumerate(clips):
        assert all(not butt(clip.inset(1e-3), box) for other, box in enumerate(slots) if other != number)


@pytest.fixture(scope="module")
def shop_deck():
    options = DeckOptions(sheet=SheetOptions(profile="shop", paper=PAPERS["a3"], marks=True, file_name="deck.pdf"))
    result = builds.deck(options)
    (page,) = read_pages(result.pdf, [0])
    return result, page


def test_the_slug_line_keeps_a_clear_gap_below_the_marks(shop_deck):
    result, page = shop_deck
    marks = [line for line in page.lines if abs(line["linewidth"] - MARK_WIDTH) < 0.01]
    lowest_mark = max(mark["bottom"] for mark in marks)  # from the top: the end nearest the slug
    slug = [char for char in page.chars if char["top"] > lowest_mark]
    assert "sheet 1 of" in "".join(char["text"] for char in slug)
    # A character's box runs one em up from the font's descent: higher than any letter's ink.
    highest = min(char["top"] for char in slug if char["text"].strip())
    assert highest - lowest_mark >= SLUG_GAP - 0.01
    assert max(char["bottom"] for char in slug) <= page.height - 5 * MM + 0.01


def test_shop_marks_are_black_ink_only(shop_deck):
    """One ink, not registration: the reason is in geometry.press."""
    result, _ = shop_deck
    with pikepdf.open(io.BytesIO(result.pdf)) as document:
        operations = pikepdf.parse_content_stream(document.pages[0])
    strokes, colour = [], None
    for operands, operator in operations:
        if str(operator) == "K":
            colour = tuple(float(value) for value in operands)
        elif str(operator) == "w" and float(operands[0]) == pytest.approx(MARK_WIDTH):
            strokes.append(colour)
    assert strokes and set(strokes) == {(0.0, 0.0, 0.0, 1.0)}
