"""The duplex calibration sheet: the mirror and sign conventions, then the PDF read back.

The central promise: the numbers a user reads on the front, where a back cross shows
through, are exactly the --back-offset that cancels the printer's error, for either flip and
either orientation of the sheet.
"""

from __future__ import annotations

import ctypes
import functools
import io
import math
import re
from dataclasses import dataclass

import pdfplumber
import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from pdfcheck import font_report, theme_for
from pypdf.generic import ContentStream

from generator.draw.calibration import LABEL_SIZE, MARKER_SIZE
from generator.draw.theme import PALETTE, Ink
from generator.errors import UsageError
from generator.geometry.calibration import (
    SAFE_MARGIN,
    TARGET_REACH,
    scale_directions,
    scale_labels,
    scale_reading,
    target_centres,
)
from generator.geometry.sheet import Box, SheetPlan, mirror_box
from generator.geometry.sheet import mirror_point as mirrored
from generator.geometry.style import CAPTION, EMBLEM_LINE, TYPE_SCALE
from generator.geometry.style import TITLE as TITLE_SIZE
from generator.jobs.calibration import TITLE, CalibrationResult, build_calibration
from generator.settings.options import CalibrationOptions, Style
from generator.settings.resolve import resolve
from generator.units import MM, PAPERS, parse_colour

A4 = (210 * MM, 297 * MM)
A4_LANDSCAPE = (297 * MM, 210 * MM)
SIDES = ("long-edge", "short-edge")
PAGES = {"portrait": A4, "landscape": A4_LANDSCAPE}
RED = PALETTE["red"].cmyk  # the default theme's red, in CMYK
CROSS = 2.0  # points: the back crosses' weight, the thinnest a coloured line may be on a CMYK file
SCALE_TEXT = max(LABEL_SIZE, MARKER_SIZE) + 0.01  # the targets' numbers and markers: the smallest text
TOLERANCE = 0.01  # points
# A glyph's outline may reach a hair past its origin (Fira Sans's '3' by 0.024 pt): ink read
# with PDFium gets this much; the characters' own boxes are held to TOLERANCE (pdfplumber).
INK_TOLERANCE = 0.05  # points


# --- Pure geometry --------------------------------------------------------------------------


def test_long_edge_on_portrait_swaps_left_and_right():
    assert mirrored((10.0, 20.0), A4, "long-edge") == pytest.approx((A4[0] - 10, 20))


def test_short_edge_on_portrait_swaps_top_and_bottom():
    assert mirrored((10.0, 20.0), A4, "short-edge") == pytest.approx((10, A4[1] - 20))


def test_landscape_swaps_the_two_rules():
    assert mirrored((10.0, 20.0), A4_LANDSCAPE, "long-edge") == pytest.approx((10, A4_LANDSCAPE[1] - 20))
    assert mirrored((10.0, 20.0), A4_LANDSCAPE, "short-edge") == pytest.approx((A4_LANDSCAPE[0] - 10, 20))


@given(
    x=st.floats(0, 600), y=st.floats(0, 900), sides=st.sampled_from(SIDES),
    page=st.sampled_from([A4, A4_LANDSCAPE, (400.0, 400.0), (612.0, 792.0)]),
)
def test_mirroring_twice_gives_the_point_back_and_agrees_with_the_card_backs(x, y, sides, page):
    assume(x <= page[0] and y <= page[1])  # a point on the sheet
    back = mirrored((x, y), page, sides)
    assert mirrored(back, page, sides) == pytest.approx((x, y))
    # The cards' backs are placed by geometry.sheet.mirror_box: the sheet follows the same rule.
    plan = SheetPlan(page[0], page[1], 1.0, 1.0, 1, 1, False)
    box = mirror_box(Box(x, y, 0.0, 0.0), plan, sides)
    assert (box.x, box.y) == pytest.approx(back)


@pytest.mark.parametrize(
    "sides, portrait, expected",
    [
        ("long-edge", True, (1, -1)),  # numbers grow to the right and downwards
        ("short-edge", True, (-1, 1)),  # to the left and upwards
        ("long-edge", False, (-1, 1)),  # a landscape sheet swaps the rules
        ("short-edge", False, (1, -1)),
    ],
)
def test_scale_directions(sides, portrait, expected):
    assert scale_directions(A4 if portrait else A4_LANDSCAPE, sides) == expected


def test_scale_labels_follow_the_direction():
    assert scale_labels(1)[0] == (-5, "-5") and scale_labels(1)[-1] == (5, "5")
    assert scale_labels(-1)[0] == (-5, "5") and scale_labels(-1)[-1] == (5, "-5")
    assert [mm for mm, _ in scale_labels(1)] == list(range(-5, 6))
    assert dict(scale_labels(1))[0] == dict(scale_labels(-1))[0] == "0"


def seen_from_front(front: tuple[float, float], page, sides, error, offset=(0.0, 0.0)):
    """Where the back cross meant for ``front`` shows through, when the back page is moved
    by ``offset`` (--back-offset) and the printer then shifts it by ``error``."""
    bx, by = mirrored(front, page, sides)
    printed = (bx + offset[0] + error[0], by + offset[1] + error[1])
    return mirrored(printed, page, sides)


@pytest.mark.parametrize("sides", SIDES)
@pytest.mark.parametrize("orientation", PAGES)
@pytest.mark.parametrize("error_mm", [(1.5, -0.5), (-2.0, 3.0), (0.5, 0.0), (0.0, -4.5), (-3.5, -1.0)])
def test_the_number_read_is_the_correction(sides, orientation, error_mm):
    page = PAGES[orientation]
    error = (error_mm[0] * MM, error_mm[1] * MM)
    for front in target_centres(page, 30 * MM):
        seen = seen_from_front(front, page, sides, error)
        reading = scale_reading((seen[0] - front[0], seen[1] - front[1]), page, sides)
        assert reading == pytest.approx((-error_mm[0], -error_mm[1]))
        # Printing again with that reading as --back-offset puts the cross on 0.
        offset = (reading[0] * MM, reading[1] * MM)
        assert seen_from_front(front, page, sides, error, offset) == pytest.approx(front)


def test_a_reprint_shows_what_to_add_to_the_offset():
    page, sides = A4, "long-edge"
    front = (100.0, 100.0)
    error = (2.0 * MM, -1.5 * MM)
    first = (0.5 * MM, 0.5 * MM)  # a rough first offset
    seen = seen_from_front(front, page, sides, error, first)
    left_over = scale_reading((seen[0] - front[0], seen[1] - front[1]), page, sides)
    assert (first[0] / MM + left_over[0], first[1] / MM + left_over[1]) == pytest.approx((-2.0, 1.5))


def test_five_targets_near_the_corners_and_in_the_middle():
    centres = target_centres(A4, 25 * MM)
    assert len(centres) == 5
    assert (A4[0] / 2, A4[1] / 2) in centres
    for corner in [(0, 0), (A4[0], 0), (0, A4[1]), A4]:
        nearest = min(centres, key=lambda c: math.dist(c, corner))
        assert abs(nearest[0] - corner[0]) == pytest.approx(25 * MM)
        assert abs(nearest[1] - corner[1]) == pytest.approx(25 * MM)


def test_fold_is_not_a_duplex_mode():
    # The command line and the settings file never get this far: the settings refuse it...
    with pytest.raises(UsageError, match="calibration measures double-sided printing"):
        resolve("calibrate", {"sides": ("fold", "--sides")})
    # ...and the job refuses it too, for callers of the library.
    with pytest.raises(UsageError, match="double-sided") as raised:
        build_calibration(CalibrationOptions(sides="fold"))
    assert "long-edge or short-edge" in str(raised.value)


def red_strokes(options: CalibrationOptions) -> set[tuple[float, ...]]:
    """The colours of the back page's bold strokes: the crosses."""
    return {tuple(round(v, 4) for v in line["stroking_color"])
            for line in opened(options).pages[1].lines if abs(line["linewidth"] - CROSS) < 1e-6}


def test_the_back_crosses_take_the_theme_red_in_cmyk_even_from_an_rgb_theme():
    assert theme_for("shop", {}).colour("red") == RED
    assert red_strokes(CalibrationOptions()) == {RED}
    blue = parse_colour("#336699")
    chosen = CalibrationOptions(style=Style(colours=(("red", blue),)))
    assert red_strokes(chosen) == {tuple(round(v, 4) for v in Ink.from_hex("#336699").cmyk)}


def test_paper_too_small_for_the_sheet_is_refused():
    with pytest.raises(UsageError, match="no room"):
        build_calibration(CalibrationOptions(paper=(90 * MM, 120 * MM)))


# --- The PDF read back ----------------------------------------------------------------------


def options_for(sides="long-edge", paper=A4, offset_mm=(0.0, 0.0)) -> CalibrationOptions:
    return CalibrationOptions(paper=tuple(paper), sides=sides,
                              back_offset=(offset_mm[0] * MM, offset_mm[1] * MM))


@functools.cache
def calibration(options: CalibrationOptions) -> CalibrationResult:
    """Each distinct sheet built once: the tests read it, none compares two builds but
    test_the_same_options_give_the_same_bytes, which builds again on purpose."""
    return build_calibration(options)


def build(sides="long-edge", paper=A4, offset_mm=(0.0, 0.0)) -> CalibrationResult:
    return calibration(options_for(sides, paper, offset_mm))


OPENED: dict[CalibrationOptions, pdfplumber.PDF] = {}


def opened(options: CalibrationOptions) -> pdfplumber.PDF:
    """The sheet opened once with pdfplumber: each page is parsed once, whichever tests read it."""
    if options not in OPENED:
        OPENED[options] = pdfplumber.open(io.BytesIO(calibration(options).pdf))
    return OPENED[options]


def read(sides="long-edge", paper=A4, offset_mm=(0.0, 0.0)) -> pdfplumber.PDF:
    return opened(options_for(sides, paper, offset_mm))


@pytest.fixture(scope="module", autouse=True)
def _close_the_sheets():
    yield
    for document in OPENED.values():
        document.close()
    OPENED.clear()


def front_targets(page) -> list[tuple[float, float]]:
    """Target centres: the middle of each crosshair's horizontal line (0.5 pt, 10 mm)."""
    centres = []
    for line in page.lines:
        if (abs(line["linewidth"] - 0.5) < 1e-6 and abs(line["y0"] - line["y1"]) < TOLERANCE
                and abs(line["x1"] - line["x0"] - 10 * MM) < TOLERANCE):
            centres.append(((line["x0"] + line["x1"]) / 2, line["y0"]))
    return sorted(centres)


def back_crosses(page) -> list[tuple[float, float]]:
    """Centres of the bold red crosses: where their horizontal and vertical arms meet."""
    red = [
        line for line in page.lines
        if abs(line["linewidth"] - CROSS) < 1e-6 and tuple(round(v, 3) for v in line["stroking_color"]) == RED
    ]
    horizontal = sorted(((l["x0"] + l["x1"]) / 2, l["y0"]) for l in red if abs(l["y0"] - l["y1"]) < TOLERANCE)
    vertical = sorted((l["x0"], (l["y0"] + l["y1"]) / 2) for l in red if abs(l["x0"] - l["x1"]) < TOLERANCE)
    assert_same_points(horizontal, vertical)
    return horizontal


def assert_same_points(found, expected):
    assert len(found) == len(expected)
    for point, wanted in zip(sorted(found), sorted(expected)):
        assert point == pytest.approx(wanted, abs=TOLERANCE)


@pytest.fixture(scope="module")
def a4_long():
    return build()


@pytest.fixture(scope="module")
def a4_long_pdf(a4_long):
    return read()


def test_two_pages_with_the_title_and_the_scales(a4_long, a4_long_pdf):
    assert a4_long.pages == 2
    assert len(a4_long_pdf.pages) == 2
    front = " ".join(a4_long_pdf.pages[0].extract_text().split())
    assert TITLE in front
    for phrase in ["+DX", "+DY", "--back-offset DX,DY", "cngen deck --back-offset 1.5,-0.5", "100%"]:
        assert phrase in front, phrase
    words = {word["text"] for word in a4_long_pdf.pages[0].extract_words()}
    back = a4_long_pdf.pages[1].extract_text()
    assert {str(n) for n in range(-5, 6)} <= words
    assert "back side" in back


def test_the_heading_carries_the_emblem_and_the_text_takes_the_kits_type_scale(a4_long_pdf):
    """The kit's look: the title at TITLE size beside the emblem (a ring in the black-ink grey
    of frames), every other text at a step of the scale or fitted between two of them."""
    line = theme_for("shop").line
    page = a4_long_pdf.pages[0]
    upper = [char for char in page.chars if char["bottom"] < page.height / 2]  # above the enlarged example
    title = [char for char in upper if char["size"] > 12]
    assert "".join(char["text"] for char in title) == TITLE
    assert {round(char["size"], 2) for char in title} == {TITLE_SIZE}
    rings = [curve for curve in page.curves if curve["stroke"] and not curve["fill"]
             and abs(curve["linewidth"] - EMBLEM_LINE) < 1e-6
             and tuple(round(v, 3) for v in curve["stroking_color"]) == tuple(round(v, 3) for v in line)]
    assert len(rings) == 1
    ring = rings[0]
    assert ring["x1"] < min(char["x0"] for char in title)  # beside the title, before it
    middle = (ring["top"] + ring["bottom"]) / 2
    assert min(char["top"] for char in title) < middle < max(char["bottom"] for char in title)
    other = {round(char["size"], 2) for char in upper if char["size"] <= 12 and not is_target_label(char)}
    assert other and all(CAPTION <= size <= max(TYPE_SCALE) for size in other)


@pytest.mark.parametrize("sides", SIDES)
def test_no_coloured_line_is_thinner_than_two_points(sides):
    """Shops' rule for CMYK files, which this sheet is: thin lines in black ink alone."""
    for page in read(sides, offset_mm=(1.0, -2.0)).pages:
        for obj in page.lines + page.curves + page.rects:
            if not obj.get("stroke", True) or obj["linewidth"] >= 2 - 1e-6:
                continue
            cyan, magenta, yellow, _ = obj["stroking_color"]
            assert cyan == magenta == yellow == 0, (obj["object_type"], obj["linewidth"], obj["stroking_color"])


def test_five_front_targets_inside_the_safe_margin(a4_long_pdf):
    page = a4_long_pdf.pages[0]
    assert len(front_targets(page)) == 5
    for obj in page.chars + page.lines + page.curves:
        assert obj["x0"] >= SAFE_MARGIN - TOLERANCE and obj["x1"] <= page.width - SAFE_MARGIN + TOLERANCE
        assert obj["y0"] >= SAFE_MARGIN - TOLERANCE and obj["y1"] <= page.height - SAFE_MARGIN + TOLERANCE


def test_a_target_stays_within_its_declared_reach(a4_long_pdf):
    page = a4_long_pdf.pages[0]
    targets = front_targets(page)
    reach_x, reach_y = TARGET_REACH
    corners = [t for t in targets if abs(t[0] - page.width / 2) > 1]
    assert len(corners) == 4
    drawn = [c for c in page.chars if c["size"] <= SCALE_TEXT] + page.lines  # no other text is that small
    for cx, cy in corners:
        near = [o for o in drawn
                if abs((o["x0"] + o["x1"]) / 2 - cx) < 20 * MM and abs((o["y0"] + o["y1"]) / 2 - cy) < 20 * MM]
        assert {o["text"] for o in near if "text" in o} >= {"+", "D", "X", "Y", "5", "-"}
        for obj in near:
            assert cx - reach_x <= obj["x0"] and obj["x1"] <= cx + reach_x
            assert cy - reach_y <= obj["y0"] and obj["y1"] <= cy + reach_y


def test_the_scales_are_hairlines_in_black_and_the_labels_at_least_6_pt(a4_long_pdf):
    page = a4_long_pdf.pages[0]
    thin = [line for line in page.lines if line["linewidth"] < 0.6]
    assert thin and all(line["stroking_color"] == (0, 0, 0, 1) for line in thin)
    assert any(abs(line["linewidth"] - 0.25) < 1e-6 for line in thin)
    assert min(char["size"] for char in page.chars) >= 6 - 1e-6
    for page in a4_long_pdf.pages:
        assert all(char["non_stroking_color"] == (0, 0, 0, 1) for char in page.chars)


@functools.cache
def targets_and_crosses(sides: str, paper: tuple[float, float]) -> tuple[list, list]:
    """(front targets, back crosses) of the sheet printed without a back offset."""
    pdf = read(sides, paper)
    return front_targets(pdf.pages[0]), back_crosses(pdf.pages[1])


@pytest.mark.parametrize("sides", SIDES)
@pytest.mark.parametrize("orientation", PAGES)
def test_back_crosses_sit_behind_the_front_targets(sides, orientation):
    page_size = PAGES[orientation]
    targets, crosses = targets_and_crosses(sides, page_size)
    assert len(targets) == 5
    assert_same_points(crosses, [mirrored(target, page_size, sides) for target in targets])


@pytest.mark.parametrize("sides", SIDES)
def test_the_back_offset_moves_the_crosses_by_exactly_that(sides):
    plain, moved = printed(options_for(sides)), printed(options_for(sides, offset_mm=(2.0, -1.0)))
    before, after = crosses_of(plain[1]), crosses_of(moved[1])
    assert len(before) == 5
    assert_same_points(targets_of(moved[0]), targets_of(plain[0]))
    assert_same_points(after, [(x + 2 * MM, y - 1 * MM) for x, y in before])
    assert "--back-offset 2,-1" in " ".join(moved[0].text.split())


def scale_words(page, centre):
    """The printed numbers of one target: (position along the scale, number) per scale."""
    cx, cy = centre
    horizontal, vertical = [], []
    for word in page.extract_words(extra_attrs=["size"], x_tolerance=0.5, y_tolerance=0.5):
        if abs(word["size"] - LABEL_SIZE) > 0.01 or not re.fullmatch(r"-?\d", word["text"]):
            continue
        x = (word["x0"] + word["x1"]) / 2
        y = page.height - (word["top"] + word["bottom"]) / 2
        if abs(x - cx) <= 5.5 * MM and 5 * MM < abs(y - cy) < 8 * MM:
            horizontal.append((x, int(word["text"])))
        elif abs(y - cy) <= 5.5 * MM and 5 * MM < abs(x - cx) < 8 * MM:
            vertical.append((y, int(word["text"])))
    return horizontal, vertical


@functools.cache
def scales_of(sides: str, paper: tuple[float, float]) -> list[tuple[tuple[float, float], list, list]]:
    """Each front target of the sheet with its printed scales (see scale_words), read once."""
    page = read(sides, paper).pages[0]
    return [(target, *scale_words(page, target)) for target in targets_and_crosses(sides, paper)[0]]


@pytest.mark.parametrize("sides", SIDES)
@pytest.mark.parametrize("orientation", PAGES)
@pytest.mark.parametrize("error_mm", [(2, -1), (-3, 4), (1, 0), (-5, -5)])
def test_the_printed_numbers_under_a_shifted_cross_are_the_correction(sides, orientation, error_mm):
    """A printer shifts the back by a whole number of millimetres: the printed label nearest
    to where each cross then shows through is the --back-offset that undoes it."""
    page_size = PAGES[orientation]
    targets, crosses = targets_and_crosses(sides, page_size)
    assert len(targets) == 5
    for target, horizontal, vertical in scales_of(sides, page_size):
        assert len(horizontal) == len(vertical) == 11
        cross = min(crosses, key=lambda c: math.dist(c, mirrored(target, page_size, sides)))
        printed = (cross[0] + error_mm[0] * MM, cross[1] + error_mm[1] * MM)
        seen = mirrored(printed, page_size, sides)
        read_x = min(horizontal, key=lambda label: abs(label[0] - seen[0]))
        read_y = min(vertical, key=lambda label: abs(label[0] - seen[1]))
        assert abs(read_x[0] - seen[0]) < 0.3 * MM and abs(read_y[0] - seen[1]) < 0.3 * MM
        assert (read_x[1], read_y[1]) == (-error_mm[0], -error_mm[1])


def test_the_instructions_follow_the_flip():
    text = " ".join(read("short-edge").pages[0].extract_text().split())
    assert "flip on short edge" in text
    assert "cngen deck --sides short-edge --back-offset 1.5,-0.5" in text
    assert "to the left and upwards" in text
    assert "to the right and downwards" in " ".join(read("long-edge").pages[0].extract_text().split())


@pytest.mark.parametrize("sides, mode", [("long-edge", "/DuplexFlipLongEdge"), ("short-edge", "/DuplexFlipShortEdge")])
def test_the_viewer_is_asked_for_the_right_duplex_mode(sides, mode):
    reader = pypdf.PdfReader(io.BytesIO(build(sides).pdf))
    preferences = reader.trailer["/Root"]["/ViewerPreferences"]
    assert preferences["/Duplex"] == mode
    assert preferences["/PrintScaling"] == "/None"


def test_fonts_are_embedded(a4_long, tmp_path):
    path = tmp_path / "calibration.pdf"
    path.write_bytes(a4_long.pdf)
    fonts = font_report(path)
    assert {font["name"].split("+")[-1] for font in fonts} == {"FiraSans-Regular", "FiraSans-Bold"}
    assert all(font["embedded"] for font in fonts)


@pytest.mark.parametrize("sides", SIDES)
def test_cmyk_only(sides):
    reader = pypdf.PdfReader(io.BytesIO(build(sides, offset_mm=(1, 1)).pdf))
    for page in reader.pages:
        operators = {operator for _, operator in ContentStream(page.get_contents(), reader).operations}
        assert not operators & {b"rg", b"RG", b"g", b"G", b"sc", b"scn", b"SC", b"SCN", b"cs", b"CS"}
        assert operators & {b"k", b"K"}


def test_the_same_options_give_the_same_bytes(a4_long):
    assert build_calibration(options_for()).pdf == a4_long.pdf


# --- Every named paper, both ways -------------------------------------------------------------


def is_target_label(char) -> bool:
    """A target's number or marker, by its size: a pdfplumber character or a Glyph."""
    size = char.size if isinstance(char, Glyph) else char["size"]
    return any(abs(size - label) < 0.01 for label in (LABEL_SIZE, MARKER_SIZE))


@dataclass(frozen=True)
class Glyph:
    char: str
    ink: tuple[float, float, float, float]  # the outline's box: (left, bottom, right, top)
    loose: tuple[float, float, float, float] | None  # PDFium's box of the character, which holds pdfplumber's
    size: float | None  # as set, with the text matrix's scale: as pdfplumber gives it


@dataclass(frozen=True)
class Printed:
    """What one page prints, read with PDFium: much faster than pdfplumber, for the many sheets
    of every paper. Boxes are (left, bottom, right, top) in points, origin bottom left."""

    size: tuple[float, float]
    text: str  # as PDFium extracts it
    glyphs: tuple[Glyph, ...]
    paths: tuple[tuple[float, tuple[float, float, float, float]], ...]  # (stroke width, box with the stroke)


@functools.cache
def printed(options: CalibrationOptions, details: bool = False) -> tuple[Printed, ...]:
    """Each page of the sheet; with ``details``, each glyph's loose box and size too."""
    document = pdfium.PdfDocument(calibration(options).pdf)
    pages = []
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    loose, matrix, width = pdfium_raw.FS_RECTF(), pdfium_raw.FS_MATRIX(), ctypes.c_float()
    try:
        for page in document:
            text = page.get_textpage()
            count = text.count_chars()
            characters = text.get_text_range(0, count)
            assert len(characters) == count
            glyphs = []
            for index, char in enumerate(characters):
                if not char.strip():
                    continue
                assert pdfium_raw.FPDFText_GetCharBox(text.raw, index, *map(ctypes.byref, (left, right, bottom, top)))
                ink = (left.value, bottom.value, right.value, top.value)
                if not details:
                    glyphs.append(Glyph(char, ink, None, None))
                    continue
                assert pdfium_raw.FPDFText_GetLooseCharBox(text.raw, index, ctypes.byref(loose))
                assert pdfium_raw.FPDFText_GetMatrix(text.raw, index, ctypes.byref(matrix))
                size = pdfium_raw.FPDFText_GetFontSize(text.raw, index) * math.hypot(matrix.c, matrix.d)
                glyphs.append(Glyph(char, ink, (loose.left, loose.bottom, loose.right, loose.top), size))
            paths = []
            for obj in page.get_objects():
                if obj.type == pdfium_raw.FPDF_PAGEOBJ_PATH:
                    assert pdfium_raw.FPDFPageObj_GetStrokeWidth(obj.raw, ctypes.byref(width))
                    paths.append((width.value, obj.get_bounds()))
            pages.append(Printed(page.get_size(), characters, tuple(glyphs), tuple(paths)))
    finally:
        document.close()
    return tuple(pages)


def arms(paths, weight: float, length: float) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """The centres of the straight strokes ``weight`` thick and ``length`` long: (horizontal,
    vertical). PDFium's box of a stroke reaches ``weight`` past its ends and either side."""
    horizontal, vertical = [], []
    for width, (left, bottom, right, top) in paths:
        if abs(width - weight) > 1e-3:
            continue
        long_side, short_side = max(right - left, top - bottom), min(right - left, top - bottom)
        if abs(long_side - 2 * width - length) < TOLERANCE and abs(short_side - 2 * width) < TOLERANCE:
            centre = ((left + right) / 2, (bottom + top) / 2)
            (horizontal if right - left > top - bottom else vertical).append(centre)
    return sorted(horizontal), sorted(vertical)


def targets_of(front: Printed) -> list[tuple[float, float]]:
    """The front's life-size targets: where each crosshair's two arms (0.5 pt, 10 mm) cross."""
    horizontal, vertical = arms(front.paths, 0.5, 10 * MM)
    assert_same_points(horizontal, vertical)
    return horizontal


def crosses_of(back: Printed) -> list[tuple[float, float]]:
    """The back's crosses: where the arms of each bold cross (CROSS, 7 mm) meet."""
    horizontal, vertical = arms(back.paths, CROSS, 7 * MM)
    assert_same_points(horizontal, vertical)
    return horizontal


def sized(paper: str, landscape: bool) -> tuple[float, float]:
    width, height = PAPERS[paper]
    return (height, width) if landscape else (width, height)


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("landscape", [False, True])
def test_every_named_paper_both_ways(paper, landscape):
    """Every sheet an A5 portrait page fits on prints the calibration sheet; a smaller one
    may too, or is refused with the reason, never a crash or ink off the sheet: five targets,
    five crosses behind them, and no character or line in the safe margin (the characters'
    own boxes are held to it on A4 and A5: test_five_front_targets_inside_the_safe_margin and
    test_the_narrowest_sheet_keeps_its_margin_to_the_box_of_every_character)."""
    size = sized(paper, landscape)
    a5_width, a5_height = PAPERS["a5"]
    big_enough = size[0] >= a5_width - TOLERANCE and size[1] >= a5_height - TOLERANCE
    for sides in SIDES:
        try:
            front, back = printed(options_for(sides, size))
        except UsageError as refused:
            assert not big_enough, str(refused)
            assert "no room" in str(refused)
            continue
        targets = targets_of(front)
        assert len(targets) == 5
        assert_same_points(crosses_of(back), [mirrored(target, size, sides) for target in targets])
        for page in (front, back):
            assert page.size == pytest.approx(size)
            assert page.glyphs and page.paths
            width, height = page.size
            boxes = [(glyph.char, glyph.ink) for glyph in page.glyphs] + list(page.paths)
            for what, (left, bottom, right, top) in boxes:
                assert SAFE_MARGIN - INK_TOLERANCE <= left and right <= width - SAFE_MARGIN + INK_TOLERANCE, what
                assert SAFE_MARGIN - INK_TOLERANCE <= bottom and top <= height - SAFE_MARGIN + INK_TOLERANCE, what


@pytest.mark.parametrize("sides", SIDES)
def test_the_narrowest_sheet_keeps_its_margin_to_the_box_of_every_character(sides):
    """A5 portrait sets its instructions against the side margins: every character's box and
    every line, on both pages, stays out of the safe margin (A4's front:
    test_five_front_targets_inside_the_safe_margin)."""
    pdf = read(sides, PAPERS["a5"])
    assert len(front_targets(pdf.pages[0])) == 5 and len(back_crosses(pdf.pages[1])) == 5
    touching = 0
    for page in pdf.pages:
        for obj in page.chars + page.lines + page.curves:
            assert obj["x0"] >= SAFE_MARGIN - TOLERANCE and obj["x1"] <= page.width - SAFE_MARGIN + TOLERANCE
            assert obj["y0"] >= SAFE_MARGIN - TOLERANCE and obj["y1"] <= page.height - SAFE_MARGIN + TOLERANCE
            touching += abs(obj["x0"] - SAFE_MARGIN) < TOLERANCE
    assert touching  # the narrowest sheet: its text starts on the margin


@pytest.mark.parametrize("paper", ["a5", "a4", "letter", "b5"])
@pytest.mark.parametrize("landscape", [False, True])
@pytest.mark.parametrize("offset_mm", [(0.0, 0.0), (-12.5, 17.5)])
def test_the_text_keeps_clear_of_the_targets_and_is_at_least_7_pt(paper, landscape, offset_mm):
    """Every character but the targets' own numbers and markers is CAPTION size or more, and
    its box (PDFium's, which holds pdfplumber's) stays out of every target's reach."""
    size = sized(paper, landscape)
    for sides in SIDES:
        try:
            front, back = printed(options_for(sides, size, offset_mm), details=True)
        except UsageError:
            assert paper == "a5" and landscape  # "A5 portrait or more"
            continue
        targets = targets_of(front)
        assert len(targets) == 5 and len(crosses_of(back)) == 5
        for page in (front, back):
            text = [glyph for glyph in page.glyphs if not is_target_label(glyph)]
            assert text and all(glyph.size >= CAPTION - 1e-6 for glyph in text)
        reach_x, reach_y = TARGET_REACH
        for cx, cy in targets:
            for glyph in front.glyphs:
                if is_target_label(glyph):
                    continue
                left, bottom, right, top = glyph.loose
                apart = (right < cx - reach_x or left > cx + reach_x
                         or top < cy - reach_y or bottom > cy + reach_y)
                assert apart, (glyph.char, (cx, cy))


def test_commands_are_bold_and_never_broken_across_lines():
    """On the narrowest sheet, each command in the instructions stays on one line, in bold."""
    front = read("short-edge", PAPERS["a5"], (2.0, -1.0)).pages[0]
    lines = front.extract_text().splitlines()
    commands = ["cngen deck --sides short-edge --back-offset 1.5,-0.5",
                "cngen calibrate --sides short-edge --back-offset DX,DY",
                "--back-offset DX,DY", "--back-offset 2,-1", "--back-offset 1.5,-0.5", "flip on short edge"]
    for command in commands:
        assert any(command in line for line in lines), command
    words = front.extract_words(extra_attrs=["fontname"])
    assert {word["fontname"].split("+")[-1] for word in words if word["text"] == "calibrate"} == {"FiraSans-Bold"}


def test_no_break_spaces_copy_out_as_plain_spaces():
    """A command pasted from the PDF into a terminal needs ordinary spaces."""
    reader = pypdf.PdfReader(io.BytesIO(build("short-edge", offset_mm=(1.0, 1.0)).pdf))
    for page in reader.pages:
        assert "\u00a0" not in page.extract_text()
