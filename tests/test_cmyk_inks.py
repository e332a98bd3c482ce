"""Inks of the CMYK files, as a copy shop's preflight reads them: every content stream of every
page (forms included) is interpreted with its transforms, and each piece of text, each stroke
and each fill is checked against the shop's rules.

(a) text in black ink only (C = M = Y = 0; white, no ink at all, is fine);
(b) every stroked line thinner than 2 pt, as printed, in black ink only;
(c) no colour over the ink limit (C + M + Y + K, 300% unless asked for less);
(d) no text smaller than 6 pt, as printed.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass, field
from decimal import Decimal

import builds
import pikepdf
import pytest
from msgspec.structs import asdict
from pdfcheck import theme_for

from generator.draw.theme import PALETTE, Ink
from generator.jobs.calibration import build_calibration
from generator.settings.declarations import is_cmyk
from generator.settings.options import (
    CalibrationOptions,
    DeckOptions,
    KeyOptions,
    RulesOptions,
    SheetOptions,
    Style,
    TokenOptions,
)

MM = 72 / 25.4
THIN = 2.0  # points: a stroke thinner than this is a thin line
SMALLEST_TEXT = 6.0  # points
EPSILON = 1e-6

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(first: Matrix, second: Matrix) -> Matrix:
    """``first`` then ``second``, as PDF concatenates matrices (row vectors)."""
    a, b, c, d, e, f = first
    A, B, C, D, E, F = second
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def thinnest_scale(matrix: Matrix) -> float:
    """The smallest factor by which ``matrix`` scales a length (its smaller singular value)."""
    a, b, c, d = matrix[:4]
    trace = a * a + b * b + c * c + d * d
    det = abs(a * d - b * c)
    return math.sqrt(max(trace / 2 - math.sqrt(max(trace * trace / 4 - det * det, 0.0)), 0.0))


def cmyk_of(operator: str, operands: list[float]) -> tuple[float, ...]:
    if operator in ("k", "K"):
        return tuple(operands)
    if operator in ("g", "G"):
        return (0.0, 0.0, 0.0, 1.0 - operands[0])
    return ("RGB",) + tuple(operands)  # type: ignore[return-value]  # never in a CMYK file


@dataclass
class State:
    ctm: Matrix = IDENTITY
    fill: tuple = (0.0, 0.0, 0.0, 1.0)
    stroke: tuple = (0.0, 0.0, 0.0, 1.0)
    line_width: float = 1.0


@dataclass
class Marks:
    """What a page prints: (colour, size in points as printed, text) of each run of text,
    (colour, width as printed) of each stroke, and every colour painted."""

    texts: list[tuple[tuple, float, str]] = field(default_factory=list)
    strokes: list[tuple[tuple, float]] = field(default_factory=list)
    fills: list[tuple] = field(default_factory=list)

    @property
    def colours(self) -> set[tuple]:
        return {c for c, _, _ in self.texts} | {c for c, _ in self.strokes} | set(self.fills)


COLOUR_OPERATORS = {"k": "fill", "g": "fill", "rg": "fill", "K": "stroke", "G": "stroke", "RG": "stroke"}
STROKING = {"S", "s", "B", "B*", "b", "b*"}
FILLING = {"f", "F", "f*", "B", "B*", "b", "b*"}
SHOWING = {"Tj", "TJ", "'", '"'}
# Every operator _interpret acts on; the rest (building a path, clipping...) change nothing it
# reads, and most of a page's operators are those: pikepdf leaves them out as it parses, so that
# neither they nor their operands reach Python.
INTERPRETED = ({"q", "Q", "cm", "w", "sc", "scn", "SC", "SCN", "cs", "CS", "BT", "Tf", "TL", "Tm", "Td", "TD", "T*",
                "Do"} | set(COLOUR_OPERATORS) | SHOWING | STROKING | FILLING)
WHITELIST = " ".join(sorted(INTERPRETED))  # as parse_content_stream takes them


def read_marks(pdf: bytes) -> list[Marks]:
    """Every page's marks, forms followed into with their matrices."""
    pages = []
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            marks = Marks()
            _interpret(page.obj, page.obj.get("/Resources", pikepdf.Dictionary()), State(), marks)
            pages.append(marks)
    return pages


def _text(operands) -> str:
    parts = []
    for operand in operands:
        if isinstance(operand, pikepdf.String):
            parts.append(bytes(operand).decode("latin-1"))
        elif isinstance(operand, pikepdf.Array):
            parts.append(_text(list(operand)))
    return "".join(parts)


def _interpret(stream, resources, state: State, marks: Marks, depth: int = 0) -> None:
    assert depth < 20, "forms nested too deeply"
    stack: list[State] = []
    text_matrix = line_matrix = IDENTITY
    font_size = 0.0
    leading = 0.0
    for operands, operator in pikepdf.parse_content_stream(stream, WHITELIST):
        op = str(operator)
        assert op in INTERPRETED, op
        values = [float(v) if isinstance(v, (int, float, Decimal)) else v for v in operands]
        if op == "q":
            stack.append(State(state.ctm, state.fill, state.stroke, state.line_width))
        elif op == "Q":
            state = stack.pop()
        elif op == "cm":
            state.ctm = multiply(tuple(values), state.ctm)  # type: ignore[arg-type]
        elif op == "w":
            state.line_width = values[0]
        elif op in COLOUR_OPERATORS:
            setattr(state, COLOUR_OPERATORS[op], cmyk_of(op, values))
        elif op in ("sc", "scn", "SC", "SCN", "cs", "CS"):
            raise AssertionError(f"colour space operator {op}: not expected in cngen's files")
        elif op == "BT":
            text_matrix = line_matrix = IDENTITY
        elif op == "Tf":
            font_size = values[1]
        elif op == "TL":
            leading = values[0]
        elif op == "Tm":
            text_matrix = line_matrix = tuple(values)  # type: ignore[assignment]
        elif op in ("Td", "TD"):
            if op == "TD":
                leading = -values[1]
            line_matrix = text_matrix = multiply((1, 0, 0, 1, values[0], values[1]), line_matrix)
        elif op in ("T*", "'", '"'):
            line_matrix = text_matrix = multiply((1, 0, 0, 1, 0, -leading), line_matrix)
        if op in SHOWING:
            size = font_size * thinnest_scale(multiply(text_matrix, state.ctm))
            marks.texts.append((state.fill, size, _text(operands)))
        if op in STROKING:
            marks.strokes.append((state.stroke, state.line_width * thinnest_scale(state.ctm)))
        if op in FILLING:
            marks.fills.append(state.fill)
        if op == "Do":
            xobject = resources["/XObject"][operands[0]]
            assert xobject["/Subtype"] == "/Form", "no images in a CMYK file"
            matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
            inner = State(multiply(matrix, state.ctm), state.fill, state.stroke, state.line_width)
            _interpret(xobject, xobject.get("/Resources", resources), inner, marks, depth + 1)


def black_ink_only(colour: tuple) -> bool:
    return len(colour) == 4 and all(abs(part) <= EPSILON for part in colour[:3])


def total_ink(colour: tuple) -> float:
    return 100 * sum(colour)


def violations(pages: list[Marks], ink_limit: float = 300) -> list[str]:
    found = []
    for number, marks in enumerate(pages, start=1):
        for colour, size, text in marks.texts:
            if not black_ink_only(colour):
                found.append(f"page {number}: text {text!r} in {colour}, not black ink only")
            if size < SMALLEST_TEXT - 1e-3:
                found.append(f"page {number}: text {text!r} is {size:.2f} pt")
        for colour, width in marks.strokes:
            if width < THIN - EPSILON and not black_ink_only(colour):
                found.append(f"page {number}: a {width:.2f} pt line in {colour}, not black ink only")
        for colour in marks.colours:
            if len(colour) != 4:
                found.append(f"page {number}: {colour} is not CMYK")
            elif total_ink(colour) > ink_limit + 1e-3:
                found.append(f"page {number}: {colour} is {total_ink(colour):.0f}% of ink")
    return found


# --- The components, small, in each CMYK profile --------------------------------------------

WORDS = "ACE\nANCHOR\nEXTRAORDINARY\nWASHINGTON\nMOON\nPIT\n"


def sheet(profile: str) -> SheetOptions:
    return SheetOptions(profile=profile, bleed=3 * MM)


def build(component: str, profile: str, tmp_path, style: Style = Style()) -> bytes:
    if component.startswith("light "):  # --ink light: pale grounds, the same rules
        component, style = component.removeprefix("light "), Style(ink="light")
    if component == "deck":
        words = tmp_path / "words.txt"
        words.write_text(WORDS, encoding="utf-8")
        return builds.deck(DeckOptions(words=words, blanks=1, sheet=sheet(profile), style=style)).pdf
    if component == "keys":
        return builds.keys(KeyOptions(seed=5, count=4, sheet=sheet(profile), style=style)).pdf
    if component == "single-sided keys":
        return builds.keys(KeyOptions(seed=5, count=2, single_sided=True, sheet=sheet(profile), style=style)).pdf
    if component == "duet keys":
        return builds.keys(KeyOptions(seed=5, count=3, sheet=sheet(profile), style=style), "duet").pdf
    if component == "tokens":
        return builds.tokens(TokenOptions(sheet=sheet(profile), style=style)).pdf
    if component == "duet tokens":
        return builds.tokens(TokenOptions(sheet=sheet(profile), style=style), "duet").pdf
    if component == "rules":
        return builds.rules(RulesOptions(profile=profile, style=style)).pdf
    if component == "duet rules":
        return builds.rules(RulesOptions(profile=profile, style=style), "duet").pdf
    assert component == "calibration"
    return build_calibration(CalibrationOptions(sides="long-edge", style=style)).pdf


COMPONENTS = ["deck", "keys", "single-sided keys", "tokens", "rules", "calibration",
              "light deck", "light keys", "light single-sided keys", "light tokens",
              "duet keys", "duet tokens", "duet rules", "light duet keys", "light duet tokens"]
CMYK_PROFILES = ["shop", "pod"]


def profiles_for(component: str) -> list[str]:
    return ["shop"] if component == "calibration" else CMYK_PROFILES  # calibration is always CMYK


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    cache: dict[tuple[str, str], list[Marks]] = {}

    def marks(component: str, profile: str) -> list[Marks]:
        if (component, profile) not in cache:
            pdf = build(component, profile, tmp_path_factory.mktemp("words"))
            cache[component, profile] = read_marks(pdf)
        return cache[component, profile]

    return marks


CASES = [(component, profile) for component in COMPONENTS for profile in profiles_for(component)]


@pytest.mark.parametrize("component, profile", CASES)
def test_text_is_black_ink_only(files, component, profile):
    pages = files(component, profile)
    assert any(marks.texts for marks in pages)
    bad = [(text, colour) for marks in pages for colour, _, text in marks.texts if not black_ink_only(colour)]
    assert not bad


def coloured_thin_lines(marks: Marks) -> list[tuple[tuple, float]]:
    return [(colour, round(width, 2)) for colour, width in marks.strokes
            if width < THIN - EPSILON and not black_ink_only(colour)]


@pytest.mark.parametrize("component, profile", CASES)
def test_thin_lines_are_black_ink_only(files, component, profile):
    pages = files(component, profile)
    assert any(marks.strokes for marks in pages)
    assert not [line for marks in pages for line in coloured_thin_lines(marks)]


def test_the_calibration_sheets_red_back_crosses_are_wide_enough_to_be_coloured(files):
    """The calibration sheet's back crosses are red, so that they stand out from the black
    targets when seen through the paper; they are drawn 2 pt wide, the thinnest line a shop
    takes in colour. Every other line of the back is black ink."""
    _, back = files("calibration", "shop")
    red = theme_for("shop").colour("red")
    crosses = [width for colour, width in back.strokes if colour == red]
    assert crosses and min(crosses) >= THIN - EPSILON
    assert {colour for colour, _ in back.strokes if not black_ink_only(colour)} == {red}


@pytest.mark.parametrize("component, profile", CASES)
def test_every_colour_is_cmyk_and_within_the_ink_limit(files, component, profile):
    colours = set().union(*(marks.colours for marks in files(component, profile)))
    assert colours and all(len(colour) == 4 for colour in colours)
    assert max(total_ink(colour) for colour in colours) <= 300 + 1e-3


@pytest.mark.parametrize("component, profile", CASES + [(c, "home") for c in COMPONENTS if c != "calibration"])
def test_no_text_smaller_than_six_points(files, component, profile):
    sizes = [(round(size, 2), text) for marks in files(component, profile) for _, size, text in marks.texts]
    assert sizes and min(size for size, _ in sizes) >= SMALLEST_TEXT - 1e-3, min(sizes)


def test_the_interpreter_sees_what_a_preflight_would_flag():
    """The checks are not vacuous: a file with each fault is caught."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.setFillColorCMYK(0, 0.85, 0.8, 0.05)
    canvas.setFont("Helvetica", 10)
    canvas.drawString(10, 10, "red")  # (a)
    canvas.saveState()
    canvas.scale(0.5, 0.5)
    canvas.setFillColorCMYK(0, 0, 0, 1)
    canvas.drawString(10, 40, "small")  # (d): 5 pt as printed
    canvas.setStrokeColorCMYK(0, 0.2, 0.45, 0.45)
    canvas.setLineWidth(3)
    canvas.line(0, 0, 100, 0)  # (b): 1.5 pt as printed
    canvas.restoreState()
    canvas.setFillColorCMYK(1, 1, 1, 1)
    canvas.rect(0, 0, 5, 5, stroke=0, fill=1)  # (c): 400%
    canvas.showPage()
    canvas.save()
    found = violations(read_marks(buffer.getvalue()))
    assert any("'red'" in item and "black ink" in item for item in found)
    assert any("'small' is 5.00 pt" in item for item in found)
    assert any("1.50 pt line" in item for item in found)
    assert any("400% of ink" in item for item in found)


@pytest.mark.parametrize("paper", [(148 * MM, 210 * MM), (176 * MM, 250 * MM), (612.0, 792.0)], ids=["a5", "b5", "letter"])
def test_the_rules_sheet_keeps_its_rules_on_other_papers(paper):
    """Narrow papers (A5, B5) set the sheet and its example within the shops' rules too."""
    pages = read_marks(builds.rules(RulesOptions(profile="pod", paper=paper)).pdf)
    assert not violations(pages)
    assert "TRUMPET" in {text for marks in pages for _, _, text in marks.texts}


def test_the_examples_words_keep_to_the_shops_text_floor_or_are_reported():
    """The rules sheet's example sets its words small: never under the shops' floor. A word
    that would need less is reported for the job to refuse, not printed smaller. (The example's
    own layout is tested in tests/test_rules_layout.py.)"""
    from generator.games.classic.example_layout import example_layout
    from generator.jobs.sources import load_font

    font = load_font(None)
    words = ["PLANET"] * 24 + ["TRUMPET"]
    for column in (246.6, 204.1):  # an A4 column, a B5 column
        layout = example_layout(column, words, font)
        assert not layout.unfitting
        assert min(word.size for word in layout.words) >= SMALLEST_TEXT
    too_long = example_layout(204.1, ["EXTRAORDINARILY"] + words[1:], font)
    assert too_long.unfitting == (0,)


# --- The theme's inks ----------------------------------------------------------------------

USER_COLOURS = {"red": (0.9, 0.05, 0.0), "assassin": (0.05, 0.0, 0.1), "outline": (0.2, 0.1, 0.4),
                "card": (1.0, 1.0, 1.0), "blue": (0.0, 0.0, 0.3), "band": (0.5, 0.5, 0.5)}


@pytest.mark.parametrize("profile", CMYK_PROFILES)
@pytest.mark.parametrize("limit", [300, 280, 240])
@pytest.mark.parametrize("colours", [None, USER_COLOURS], ids=["palette", "user"])
def test_every_theme_colour_keeps_to_the_ink_limit_and_keeps_its_black(profile, limit, colours):
    theme = theme_for(profile, colours, ink_limit=limit)
    unlimited = theme_for(profile, colours, ink_limit=400)
    colours = {**{name: value for name, value in asdict(theme).items() if isinstance(value, tuple)}, **theme.roles}
    assert {"red", "assassin", "green_pale", "blue_border"} <= set(colours)  # the roles' colours too
    for name, value in colours.items():
        if isinstance(value, tuple):
            assert len(value) == 4 and total_ink(value) <= limit + 1e-3, name
            before = unlimited.colour(name)
            assert value[3] == before[3], f"{name}: black ink kept"
            if total_ink(before) > limit:  # C, M and Y taken out in proportion
                ratios = {round(new / old, 3) for new, old in zip(value[:3], before[:3]) if old}
                assert len(ratios) == 1, name


def test_the_rich_black_is_reduced_under_a_low_limit_and_text_stays_pure_black():
    theme = theme_for("pod", ink_limit=240)
    assert total_ink(theme.colour("assassin")) <= 240 and theme.colour("assassin")[3] == 1.0
    strict = theme_for("shop", ink_limit=200)
    assert strict.colour("assassin") == pytest.approx((0.6 / 1.4, 0.4 / 1.4, 0.4 / 1.4, 1.0), abs=1e-4)
    for theme in (theme_for("shop"), theme_for("pod"), strict):
        assert theme.text == (0.0, 0.0, 0.0, 1.0)
        assert black_ink_only(theme.line) and black_ink_only(theme.heading)


def test_pod_is_cmyk_like_shop_and_home_is_unchanged():
    assert is_cmyk("shop") and is_cmyk("pod") and not is_cmyk("home")
    assert theme_for("pod") == theme_for("shop")
    home = theme_for("home", {"red": (0.9, 0.1, 0.1)}, "title")
    assert home.title == "title" and home.colour("red") == (0.9, 0.1, 0.1)
    assert home.line == home.outline == PALETTE["outline"].rgb  # home keeps the coloured frames
    assert home.heading == home.colour("red")
    assert theme_for("home", ink_limit=200) == theme_for("home")  # RGB has no ink to limit


def test_a_thin_line_grey_is_as_dark_as_the_outline_it_replaces():
    shop = theme_for("shop")
    grey = shop.line[3]
    outline = Ink(PALETTE["outline"].cmyk).rgb
    luma = 0.299 * outline[0] + 0.587 * outline[1] + 0.114 * outline[2]
    assert grey == pytest.approx(1 - luma, abs=0.02)
    dark = theme_for("shop", {"outline": (0.0, 0.0, 0.0)})
    assert dark.line == (0.0, 0.0, 0.0, 1.0)


def test_limit_is_validated_where_it_is_declared():
    from generator.errors import UsageError
    from generator.settings.declarations import BY_KEY

    with pytest.raises(UsageError):
        BY_KEY["ink_limit"].kind.parse("50")


def luma(colour: Ink | tuple) -> float:
    """Grey level, 0 to 255, of a colour (an ink, or a resolved RGB or CMYK one) as a home
    printer gets it (ITU-R 601)."""
    if not isinstance(colour, Ink):
        colour = Ink(colour) if len(colour) == 4 else Ink.from_rgb(colour)
    red, green, blue = colour.rgb
    return 255 * (0.299 * red + 0.587 * green + 0.114 * blue)


def test_the_palette_parts_the_teams_and_the_bystanders_in_grey():
    """Black and white first: the colours that must be told apart differ in lightness, with a
    margin over what the greyscale renderings check (tests/test_greyscale.py)."""
    grey = {name: luma(ink) for name, ink in PALETTE.items()}
    assert grey["red"] - grey["blue"] >= 60
    assert grey["card"] - grey["bystander"] >= 50
    assert grey["card"] > grey["band"] > grey["bystander"]  # the band: a tan a little lighter than bystander
    assert 170 <= grey["bystander"] <= 185


def test_light_ink_pales_the_grounds_and_keeps_the_colours_that_carry_meaning():
    for profile in ("home", "shop"):
        full, light = theme_for(profile), theme_for(profile, ink="light")
        assert light.ink == "light" and full.ink == "full"
        assert light.card == ((1.0, 1.0, 1.0) if profile == "home" else (0.0, 0.0, 0.0, 0.0))
        assert luma(light.band) > luma(full.band) + 20  # the word card's band, paler
        for name in ("red", "blue", "bystander", "assassin", "outline", "text", "line"):
            assert light.colour(name) == full.colour(name), name
        for role in ("red", "blue", "bystander", "assassin"):
            pale = light.colour(f"{role}_pale")
            if profile == "shop":
                assert total_ink(pale) <= 0.15 * total_ink(light.colour(role)) + 1e-6, role
            else:
                assert sum(pale) > sum(light.colour(role)), role
    # A colour the user chose wins over the light style's own, and a style must be known.
    assert theme_for("home", {"card": (0.9, 0.9, 0.8)}, ink="light").card == (0.9, 0.9, 0.8)
    with pytest.raises(ValueError):
        theme_for("home", ink="bold")
