"""Duet key cards read back from the PDF, both sides of every card, and the printed sheet turned
over by hand (in this file's own arithmetic) the way the chosen flip or fold turns it.

For every way of printing, each card must then give:

* side A's grid and side B's grid as the manifest has them, each read upright by its player
  (upright = the way its number in the corner reads);
* B upright with A's up edge: with the card standing, B's cell (r, c) lies right behind A's
  cell (r, 4 - c), B's top row behind A's top row, and the two sides' tabs back to back;
* word by word, A's (r, c) with B's (4 - r, 4 - c), the nine pairs of roles in Duet's counts.

Cells are found as the filled squares of the three role colours inside each card, their
symbols by shape; a face's "up" is the direction its number's letters stand.
"""

from __future__ import annotations

import io
import json
import math
import statistics
from collections import Counter
from dataclasses import dataclass

import pikepdf
import pypdfium2
import pytest
from click.testing import CliRunner
from pdfcheck import MM, Rect, centre, colour_of, in_border, inside, pdf_rect, symbol_kind, theme_for
from pdfiumpage import paint, read_pages

from generator.cli import main
from generator.draw.keycard import ASSASSIN_BAND

PAIR_TABLE = Counter({("G", "G"): 3, ("G", "N"): 5, ("N", "G"): 5, ("A", "A"): 1, ("A", "G"): 1,
                      ("G", "A"): 1, ("A", "N"): 1, ("N", "A"): 1, ("N", "N"): 7})
SIDE_COUNTS = {"G": 9, "A": 3, "N": 13}
SYMBOLS = {"G": "polygon", "A": "line+line", "N": "bar"}  # star, cross, bar
CARDS = 9  # a full A4 sheet of 70 mm cards and one card more: the second sheet is half empty
SCALE = 2.0  # pixels per point for the greyscale check
ROLE_GAP = 50  # grey levels between any two roles' cells
LETTER_FLOOR = 9.0  # points: the side's letter, read across the table


@dataclass(frozen=True)
class Case:
    args: tuple[str, ...]
    profile: str = "home"
    sides: str = "long-edge"
    back_first: bool = False  # the service wants each back page before its front

    @property
    def name(self) -> str:
        return " ".join(self.args) or "default"


CASES = [
    Case(()),
    Case(("--sides", "short-edge"), sides="short-edge"),
    Case(("--sides", "fold"), sides="fold"),
    Case(("--profile", "shop"), profile="shop"),
    Case(("--profile", "shop", "--sides", "short-edge"), profile="shop", sides="short-edge"),
    Case(("--profile", "pod", "--service", "generic"), profile="pod"),
    # A landscape card turned on the service's portrait page, each back before its front.
    Case(("--profile", "pod", "--service", "dtc", "--card-size", "88x63mm"), profile="pod", back_first=True),
    # Tall cards sit upright on A4 (and are turned on half of it, to fold); wide ones are
    # turned on it to fit nine.
    Case(("--card-size", "63x88mm", "--sides", "short-edge"), sides="short-edge"),
    Case(("--card-size", "63x88mm", "--sides", "fold"), sides="fold"),
    Case(("--card-size", "88x63mm"),),
    Case(("--card-size", "88x63mm", "--sides", "short-edge"), sides="short-edge"),
    Case(("--card-size", "88x63mm", "--profile", "shop", "--sides", "short-edge"), profile="shop",
         sides="short-edge"),
]


@dataclass(frozen=True)
class Side:
    """One printed side of a card, in page coordinates (points, origin bottom left)."""

    page: int
    page_size: tuple[float, float]
    number: int
    letter: str  # from the number's label ("17A")
    tab_letter: str  # the large letter
    tab_size: float
    up: tuple[float, float]  # unit vector: the way the side's number stands
    centre: tuple[float, float]  # the card's middle
    tab_at: tuple[float, float]  # the large letter's middle
    cells: tuple[tuple[str, tuple[float, float]], ...]  # (role, centre), row-major as read upright
    symbols: tuple[tuple[str, str], ...]  # (role, kind of the shape drawn on the cell)
    cell_size: float

    @property
    def grid(self) -> list[str]:
        roles = "".join(role for role, _ in self.cells)
        return [roles[row * 5:row * 5 + 5] for row in range(5)]


def build(case: Case, folder, count: int = CARDS) -> tuple[bytes, dict]:
    folder.mkdir(exist_ok=True)
    pdf = folder / "duet.pdf"
    result = CliRunner().invoke(main, ["keys", "--duet", "--seed", "7", "--count", str(count), *case.args,
                                       "-o", str(pdf)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return pdf.read_bytes(), json.loads(pdf.with_suffix(".json").read_text())


def role_colours(profile: str, ink: str = "full") -> dict[tuple, str]:
    theme = theme_for(profile, ink=ink)
    return {paint(theme.colour("green")): "G", paint(theme.colour("assassin")): "A", paint(theme.colour("bystander")): "N"}


def direction(char: dict) -> tuple[float, float]:
    """The unit vector a character's baseline runs along."""
    a, b = char["matrix"][0], char["matrix"][1]
    length = math.hypot(a, b)
    return a / length, b / length


def size_of(char: dict) -> float:
    """A character's font size: its box's extent across the way it runs (pdfplumber's own
    "size" is the extent up the page, which is the advance of a character turned on its side)."""
    along = direction(char)
    return char["x1"] - char["x0"] if abs(along[1]) > abs(along[0]) else char["bottom"] - char["top"]


def read_sides(pdf: bytes, colours: dict[tuple, str], card_colour: tuple, pages: int | None = None) -> list[Side]:
    """Every side on the first ``pages`` pages (all by default)."""
    sides = []
    for number, page in enumerate(read_pages(pdf, None if pages is None else range(pages))):
        height = page.height
        grounds = [pdf_rect(r, height) for r in page.rects
                   if r.get("fill") and colour_of(r) == paint(card_colour) and r["width"] > 40 * MM]
        # Each shape's and character's box and middle, found once for all the page's cards.
        shapes = [(o, box, centre(box)) for o in page.rects + page.curves + page.lines
                  for box in [pdf_rect(o, height)]]
        chars = [(c, centre(pdf_rect(c, height))) for c in page.chars]
        for ground in grounds:
            sides.append(_read_side(number, page, ground, shapes, chars, colours))
    return sides


def _read_side(number: int, page, ground: Rect, shapes: list[tuple[dict, Rect, tuple[float, float]]],
               chars: list[tuple[dict, tuple[float, float]]], colours: dict[tuple, str]) -> Side:
    """The side whose card is ``ground``, from the page's ``shapes`` and ``chars`` with their
    middles (and boxes)."""
    height = page.height
    middle = centre(ground)
    chars = [c for c, at in chars if ground.contains(*at)]
    shapes = [(o, box, at) for o, box, at in shapes if ground.contains(*at)]
    label = [c for c in chars if size_of(c) < LETTER_FLOOR]
    (tab,) = [c for c in chars if size_of(c) >= LETTER_FLOOR]
    along = direction(label[0])
    assert all(math.dist(direction(c), along) < 1e-3 for c in chars), "the number and the letter stand alike"
    up = (-along[1], along[0])
    text = "".join(c["text"] for c in sorted(label, key=lambda c: c["matrix"][4] * along[0] + c["matrix"][5] * along[1]))
    cells = [(o, box) for o, box, _ in shapes if o.get("fill") and colour_of(o) in colours
             and abs(o["width"] - o["height"]) < 0.5 and o["width"] > 5 * MM]
    assert len(cells) == 25, f"page {number + 1}: {len(cells)} cells on a card"

    def upright(point: tuple[float, float]) -> tuple[float, float]:
        """A point in the side's own reading frame: (right, up) from the card's middle."""
        dx, dy = point[0] - middle[0], point[1] - middle[1]
        return dx * along[0] + dy * along[1], dx * up[0] + dy * up[1]

    # Rows lie some 29 pt apart (10 mm a cell and its gap): tenths of that tell them apart whatever rounding
    # the turned matrices leave.
    placed = sorted(((colours[colour_of(o)], centre(box), box) for o, box in cells),
                    key=lambda cell: (-round(upright(cell[1])[1] / 10), upright(cell[1])[0]))
    # The assassin's cell wears a striped border as well as its cross: the symbol is what is
    # drawn in the cell's middle.
    band = ASSASSIN_BAND * cells[0][0]["width"]
    # A shape's middle in the cell first: the quick test that rules out nearly all of them.
    symbols = tuple((role, symbol_kind([o for o, box, at in shapes if cell.contains(*at) and box != cell
                                        and inside(box, cell) and not in_border(box, cell, band)]))
                    for role, _, cell in placed)
    return Side(page=number, page_size=(page.width, height), number=int(text[:-1]), letter=text[-1],
                tab_letter=tab["text"], tab_size=size_of(tab), up=up, centre=middle,
                tab_at=centre(pdf_rect(tab, height)), cells=tuple((role, at) for role, at, _ in placed),
                symbols=symbols, cell_size=cells[0][0]["width"])


def turned_over(point: tuple[float, float], page: tuple[float, float], sides: str) -> tuple[float, float]:
    """Where a point of a back page lies, seen through the front page, once the sheet is turned
    over. Turning about the sheet's long edge: on a portrait sheet (or a square one) the long
    edge is upright, so left and right swap; on a landscape sheet, top and bottom. About the
    short edge, the other way round. A fold about the sheet's upright middle swaps left and
    right."""
    (x, y), (width, height) = point, page
    portrait = height >= width
    left_right = sides == "fold" or (sides == "long-edge") == portrait
    return (width - x, y) if left_right else (x, height - y)


def turned_vector(vector: tuple[float, float], page: tuple[float, float], sides: str) -> tuple[float, float]:
    origin = turned_over((0.0, 0.0), page, sides)
    tip = turned_over(vector, page, sides)
    return tip[0] - origin[0], tip[1] - origin[1]


@pytest.fixture(scope="module", params=CASES, ids=lambda case: case.name)
def printed(request, tmp_path_factory):
    case = request.param
    pdf, manifest = build(case, tmp_path_factory.mktemp("duet"))
    sides = read_sides(pdf, role_colours(case.profile), theme_for(case.profile).card)
    return case, pdf, manifest, {(side.number, side.letter): side for side in sides}


def test_every_side_reads_as_the_manifest_has_it(printed):
    _, _, manifest, sides = printed
    assert manifest["duet"] is True and manifest["seed"] == 7
    assert len(sides) == 2 * CARDS
    for card in manifest["cards"]:
        assert [side["side"] for side in card["sides"]] == ["A", "B"]
        for entry in card["sides"]:
            side = sides[(card["card"], entry["side"])]
            assert side.grid == entry["grid"], (card["card"], entry["side"])
            assert {role: "".join(side.grid).count(role) for role in SIDE_COUNTS} == SIDE_COUNTS


def test_side_a_is_on_the_front_and_side_b_behind_it_upright_with_the_same_top_edge(printed):
    case, _, _, sides = printed
    for number in range(1, CARDS + 1):
        a, b = sides[(number, "A")], sides[(number, "B")]
        page = b.page_size
        if case.sides == "fold":  # A on the left half of the page, B beside it on the right
            assert b.page == a.page and a.centre[0] < page[0] / 2 < b.centre[0], number
        else:  # A on a front page, B on that sheet's back, the page after it (or before)
            assert b.page - a.page == (-1 if case.back_first else 1) and a.page // 2 == b.page // 2, number
        # The card turns over with the sheet: B's top edge is behind A's.
        assert math.dist(turned_vector(b.up, page, case.sides), a.up) < 1e-6, number
        assert math.dist(turned_over(b.centre, page, case.sides), a.centre) < 0.5, number
        for row in range(5):
            for column in range(5):
                behind = turned_over(b.cells[row * 5 + 4 - column][1], page, case.sides)
                assert math.dist(behind, a.cells[row * 5 + column][1]) < 0.5, (number, row, column)


def test_the_two_sides_share_their_words_as_duet_requires(printed):
    _, _, _, sides = printed
    for number in range(1, CARDS + 1):
        a, b = sides[(number, "A")].grid, sides[(number, "B")].grid
        pairs = Counter((a[row][column], b[4 - row][4 - column]) for row in range(5) for column in range(5))
        assert pairs == PAIR_TABLE, number


def test_each_side_is_marked_with_its_letter_in_a_tab_above_the_grid(printed):
    _, _, _, sides = printed
    for side in sides.values():
        assert side.tab_letter == side.letter and side.tab_size >= LETTER_FLOOR
        tab_height = (side.tab_at[0] - side.centre[0]) * side.up[0] + (side.tab_at[1] - side.centre[1]) * side.up[1]
        grid_top = max((at[0] - side.centre[0]) * side.up[0] + (at[1] - side.centre[1]) * side.up[1]
                       for _, at in side.cells) + side.cell_size / 2
        assert tab_height > grid_top, side.number


def test_every_role_has_its_own_symbol_so_the_card_reads_in_black_and_white(printed):
    _, _, _, sides = printed
    kinds: dict[str, set[str]] = {}
    for side in sides.values():
        for role, kind in side.symbols:
            kinds.setdefault(role, set()).add(kind)
    assert kinds == {role: {kind} for role, kind in SYMBOLS.items()}


def test_the_same_seed_gives_the_same_file(tmp_path):
    first, _ = build(Case(("--profile", "shop")), tmp_path / "first", count=2)
    second, _ = build(Case(("--profile", "shop")), tmp_path / "second", count=2)
    assert first == second


def _fonts(resources, seen: set) -> list:
    """Every font under ``resources``, forms' resources included."""
    fonts = list((resources.get("/Font") or {}).values())
    for xobject in (resources.get("/XObject") or {}).values():
        if xobject.get("/Subtype") == "/Form" and xobject.objgen not in seen:
            seen.add(xobject.objgen)
            fonts += _fonts(xobject.get("/Resources") or pikepdf.Dictionary(), seen)
    return fonts


def test_every_font_is_embedded(printed):
    _, pdf, _, _ = printed
    with pikepdf.open(io.BytesIO(pdf)) as document:
        seen: set = set()
        fonts = [font for page in document.pages for font in _fonts(page.obj.get("/Resources"), seen)]
        assert fonts
        for font in fonts:
            descriptor = font.get("/FontDescriptor") or font["/DescendantFonts"][0]["/FontDescriptor"]
            assert any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")), font.get("/BaseFont")


@pytest.mark.parametrize("ink", ["full", "light"])
def test_agents_bystanders_and_assassins_part_by_fifty_grey_levels(ink, tmp_path):
    """As a mono laser prints them: each role's cells sampled beside their symbol."""
    pdf, _ = build(Case(("--ink", ink)), tmp_path, count=4)
    sides = read_sides(pdf, role_colours("home", ink), theme_for("home", ink=ink).card, pages=1)
    image = pypdfium2.PdfDocument(pdf)[0].render(scale=SCALE).to_pil().convert("L")
    image.save(tmp_path / "front-grey.png")
    greys: dict[str, list[int]] = {role: [] for role in SIDE_COUNTS}
    for side in sides:
        for role, (x, y) in side.cells:
            # A quarter of a cell below its middle: off the symbol, and inside the assassin's
            # striped border (a fifth of the cell wide), where its cell is black.
            px, py = round(x * SCALE), round((side.page_size[1] - y + side.cell_size / 4) * SCALE)
            greys[role].append(statistics.median(image.crop((px - 1, py - 1, px + 2, py + 2)).tobytes()))
    levels = {role: statistics.median(values) for role, values in greys.items()}
    assert levels["N"] - levels["G"] >= ROLE_GAP and levels["G"] - levels["A"] >= ROLE_GAP, levels
    assert all(max(values) - min(values) <= 3 for values in greys.values()), "one role, one grey"
