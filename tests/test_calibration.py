"""The duplex calibration sheet: the mirror and sign conventions, then the PDF read back.

The central promise: the numbers a user reads on the front, where a back cross shows
through, are exactly the --back-offset that cancels the printer's error, for either flip and
either orientation of the sheet.
"""

from __future__ import annotations

import io
import math
import re

import pdfplumber
import pypdf
import pytest
from hypothesis import assume, given, strategies as st
from pypdf.generic import ContentStream

from generator.jobs.calibration import TITLE, build_calibration
from generator.draw.calibration import LABEL_SIZE, MARKER_SIZE
from generator.geometry.style import CAPTION, EMBLEM_LINE, TITLE as TITLE_SIZE, TYPE_SCALE
from generator.draw.theme import PALETTE, Ink
from pdfcheck import font_report, theme_for
from generator.errors import UsageError
from generator.geometry.calibration import (
    SAFE_MARGIN,
    TARGET_REACH,
    scale_directions,
    scale_labels,
    scale_reading,
    target_centres,
)
from generator.geometry.sheet import Box, SheetPlan, mirror_box, mirror_point as mirrored
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


def red_strokes(result) -> set[tuple[float, ...]]:
    """The colours of the back page's bold strokes: the crosses."""
    with open_pdf(result) as pdf:
        return {tuple(round(v, 4) for v in line["stroking_color"])
                for line in pdf.pages[1].lines if abs(line["linewidth"] - CROSS) < 1e-6}


def test_the_back_crosses_take_the_theme_red_in_cmyk_even_from_an_rgb_theme():
    assert theme_for("shop", {}).red == RED
    assert red_strokes(build_calibration(CalibrationOptions())) == {RED}
    blue = parse_colour("#336699")
    chosen = build_calibration(CalibrationOptions(style=Style(colours=(("red", blue),))))
    assert red_strokes(chosen) == {tuple(round(v, 4) for v in Ink.from_hex("#336699").cmyk)}


def test_paper_too_small_for_the_sheet_is_refused():
    with pytest.raises(UsageError, match="no room"):
        build_calibration(CalibrationOptions(paper=(90 * MM, 120 * MM)))


# --- The PDF read back ----------------------------------------------------------------------


def build(sides="long-edge", paper=A4, offset_mm=(0.0, 0.0)):
    options = CalibrationOptions(paper=paper, sides=sides, back_offset=(offset_mm[0] * MM, offset_mm[1] * MM))
    return build_calibration(options)


def open_pdf(result) -> pdfplumber.PDF:
    return pdfplumber.open(io.BytesIO(result.pdf))


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


def test_two_pages_with_the_title_and_the_scales(a4_long):
    assert a4_long.pages == 2
    reader = pypdf.PdfReader(io.BytesIO(a4_long.pdf))
    assert len(reader.pages) == 2
    front = " ".join(reader.pages[0].extract_text().split())
    assert TITLE in front
    for phrase in ["+DX", "+DY", "--back-offset DX,DY", "cngen deck --back-offset 1.5,-0.5", "100%"]:
        assert phrase in front, phrase
    with open_pdf(a4_long) as pdf:
        words = {word["text"] for word in pdf.pages[0].extract_words()}
        back = pdf.pages[1].extract_text()
    assert {str(n) for n in range(-5, 6)} <= words
    assert "back side" in back


def test_the_heading_carries_the_emblem_and_the_text_takes_the_kits_type_scale(a4_long):
    """The kit's look: the title at TITLE size beside the emblem (a ring in the black-ink grey
    of frames), every other text at a step of the scale or fitted between two of them."""
    line = theme_for("shop").line
    with open_pdf(a4_long) as pdf:
        page = pdf.pages[0]
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


def test_no_coloured_line_is_thinner_than_two_points():
    """Shops' rule for CMYK files, which this sheet is: thin lines in black ink alone."""
    for sides in SIDES:
        with open_pdf(build(sides, offset_mm=(1.0, -2.0))) as pdf:
            for page in pdf.pages:
                for obj in page.lines + page.curves + page.rects:
                    if not obj.get("stroke", True) or obj["linewidth"] >= 2 - 1e-6:
                        continue
                    cyan, magenta, yellow, _ = obj["stroking_color"]
                    assert cyan == magenta == yellow == 0, (obj["object_type"], obj["linewidth"], obj["stroking_color"])


def test_five_front_targets_inside_the_safe_margin(a4_long):
    with open_pdf(a4_long) as pdf:
        page = pdf.pages[0]
        assert len(front_targets(page)) == 5
        for obj in page.chars + page.lines + page.curves:
            assert obj["x0"] >= SAFE_MARGIN - TOLERANCE and obj["x1"] <= page.width - SAFE_MARGIN + TOLERANCE
            assert obj["y0"] >= SAFE_MARGIN - TOLERANCE and obj["y1"] <= page.height - SAFE_MARGIN + TOLERANCE


def test_a_target_stays_within_its_declared_reach(a4_long):
    with open_pdf(a4_long) as pdf:
        page = pdf.pages[0]
        targets = front_targets(page)
        reach_x, reach_y = TARGET_REACH
        corners = [t for t in targets if abs(t[0] - page.width / 2) > 1]
        assert len(corners) == 4
        for cx, cy in corners:
            drawn = [c for c in page.chars if c["size"] <= SCALE_TEXT] + page.lines  # no other text is that small
            near = [o for o in drawn
                    if abs((o["x0"] + o["x1"]) / 2 - cx) < 20 * MM and abs((o["y0"] + o["y1"]) / 2 - cy) < 20 * MM]
            assert {o["text"] for o in near if "text" in o} >= {"+", "D", "X", "Y", "5", "-"}
            for obj in near:
                assert cx - reach_x <= obj["x0"] and obj["x1"] <= cx + reach_x
                assert cy - reach_y <= obj["y0"] and obj["y1"] <= cy + reach_y


def test_the_scales_are_hairlines_in_black_and_the_labels_at_least_6_pt(a4_long):
    with open_pdf(a4_long) as pdf:
        page = pdf.pages[0]
        thin = [line for line in page.lines if line["linewidth"] < 0.6]
        assert thin and all(line["stroking_color"] == (0, 0, 0, 1) for line in thin)
        assert any(abs(line["linewidth"] - 0.25) < 1e-6 for line in thin)
        assert min(char["size"] for char in page.chars) >= 6 - 1e-6
        for page in pdf.pages:
            assert all(char["non_stroking_color"] == (0, 0, 0, 1) for char in page.chars)


@pytest.mark.parametrize("sides", SIDES)
@pytest.mark.parametrize("orientation", PAGES)
def test_back_crosses_sit_behind_the_front_targets(sides, orientation):
    page_size = PAGES[orientation]
    with open_pdf(build(sides, page_size)) as pdf:
        targets = front_targets(pdf.pages[0])
        crosses = back_crosses(pdf.pages[1])
    assert len(targets) == 5
    assert_same_points(crosses, [mirrored(target, page_size, sides) for target in targets])


@pytest.mark.parametrize("sides", SIDES)
def test_the_back_offset_moves_the_crosses_by_exactly_that(sides):
    with open_pdf(build(sides)) as plain, open_pdf(build(sides, offset_mm=(2.0, -1.0))) as moved:
        before = back_crosses(plain.pages[1])
        after = back_crosses(moved.pages[1])
        assert_same_points(front_targets(moved.pages[0]), front_targets(plain.pages[0]))
        moved_text = " ".join(moved.pages[0].extract_text().split())
    assert_same_points(after, [(x + 2 * MM, y - 1 * MM) for x, y in before])
    assert "--back-offset 2,-1" in moved_text


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


@pytest.mark.parametrize("sides", SIDES)
@pytest.mark.parametrize("orientation", PAGES)
@pytest.mark.parametrize("error_mm", [(2, -1), (-3, 4), (1, 0), (-5, -5)])
def test_the_printed_numbers_under_a_shifted_cross_are_the_correction(sides, orientation, error_mm):
    """A printer shifts the back by a whole number of millimetres: the printed label nearest
    to where each cross then shows through is the --back-offset that undoes it."""
    page_size = PAGES[orientation]
    with open_pdf(build(sides, page_size)) as pdf:
        targets = front_targets(pdf.pages[0])
        crosses = back_crosses(pdf.pages[1])
        for target in targets:
            horizontal, vertical = scale_words(pdf.pages[0], target)
            assert len(horizontal) == len(vertical) == 11
            cross = min(crosses, key=lambda c: math.dist(c, mirrored(target, page_size, sides)))
            printed = (cross[0] + error_mm[0] * MM, cross[1] + error_mm[1] * MM)
            seen = mirrored(printed, page_size, sides)
            read_x = min(horizontal, key=lambda label: abs(label[0] - seen[0]))
            read_y = min(vertical, key=lambda label: abs(label[0] - seen[1]))
            assert abs(read_x[0] - seen[0]) < 0.3 * MM and abs(read_y[0] - seen[1]) < 0.3 * MM
            assert (read_x[1], read_y[1]) == (-error_mm[0], -error_mm[1])


def test_the_instructions_follow_the_flip():
    with open_pdf(build("short-edge")) as pdf:
        text = " ".join(pdf.pages[0].extract_text().split())
    assert "flip on short edge" in text
    assert "cngen deck --sides short-edge --back-offset 1.5,-0.5" in text
    assert "to the left and upwards" in text
    with open_pdf(build("long-edge")) as pdf:
        assert "to the right and downwards" in " ".join(pdf.pages[0].extract_text().split())


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
    assert build().pdf == a4_long.pdf


@pytest.mark.parametrize("paper", sorted(PAPERS))
@pytest.mark.parametrize("landscape", [False, True])
def test_every_named_paper_both_ways(paper, landscape):
    """Every sheet an A5 portrait page fits on prints the calibration sheet; a smaller one
    may too, or is refused with the reason, never a crash or text off the sheet."""
    width, height = PAPERS[paper]
    size = (height, width) if landscape else (width, height)
    a5_width, a5_height = PAPERS["a5"]
    big_enough = size[0] >= a5_width - TOLERANCE and size[1] >= a5_height - TOLERANCE
    for sides in SIDES:
        try:
            result = build(sides, size)
        except UsageError as refused:
            assert not big_enough, str(refused)
            assert "no room" in str(refused)
            continue
        with open_pdf(result) as pdf:
            assert len(front_targets(pdf.pages[0])) == 5
            assert len(back_crosses(pdf.pages[1])) == 5
            for page in pdf.pages:
                for char in page.chars:
                    assert SAFE_MARGIN - TOLERANCE <= char["x0"] and char["x1"] <= page.width - SAFE_MARGIN + TOLERANCE
                    assert SAFE_MARGIN - TOLERANCE <= char["y0"] and char["y1"] <= page.height - SAFE_MARGIN + TOLERANCE


def is_target_label(char) -> bool:
    return any(abs(char["size"] - size) < 0.01 for size in (LABEL_SIZE, MARKER_SIZE))


@pytest.mark.parametrize("paper", ["a5", "a4", "letter", "b5"])
@pytest.mark.parametrize("landscape", [False, True])
@pytest.mark.parametrize("offset_mm", [(0.0, 0.0), (-12.5, 17.5)])
def test_the_text_keeps_clear_of_the_targets_and_is_at_least_7_pt(paper, landscape, offset_mm):
    width, height = PAPERS[paper]
    size = (height, width) if landscape else (width, height)
    for sides in SIDES:
        try:
            result = build(sides, size, offset_mm)
        except UsageError:
            assert paper == "a5" and landscape  # "A5 portrait or more"
            continue
        with open_pdf(result) as pdf:
            for page in pdf.pages:
                text = [char for char in page.chars if not is_target_label(char)]
                assert text and all(char["size"] >= CAPTION - 1e-6 for char in text)
            page = pdf.pages[0]
            reach_x, reach_y = TARGET_REACH
            for cx, cy in front_targets(page):
                for char in page.chars:
                    if is_target_label(char):
                        continue
                    top, bottom = page.height - char["top"], page.height - char["bottom"]
                    apart = (char["x1"] < cx - reach_x or char["x0"] > cx + reach_x
                             or top < cy - reach_y or bottom > cy + reach_y)
                    assert apart, (char["text"], (cx, cy))


def test_commands_are_bold_and_never_broken_across_lines():
    """On the narrowest sheet, each command in the instructions stays on one line, in bold."""
    result = build("short-edge", PAPERS["a5"], (2.0, -1.0))
    lines = pypdf.PdfReader(io.BytesIO(result.pdf)).pages[0].extract_text().splitlines()
    commands = ["cngen deck --sides short-edge --back-offset 1.5,-0.5",
                "cngen calibrate --sides short-edge --back-offset DX,DY",
                "--back-offset DX,DY", "--back-offset 2,-1", "--back-offset 1.5,-0.5", "flip on short edge"]
    for command in commands:
        assert any(command in line for line in lines), command
    with open_pdf(result) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["fontname"])
    assert {word["fontname"].split("+")[-1] for word in words if word["text"] == "calibrate"} == {"FiraSans-Bold"}


def test_no_break_spaces_copy_out_as_plain_spaces():
    """A command pasted from the PDF into a terminal needs ordinary spaces."""
    reader = pypdf.PdfReader(io.BytesIO(build("short-edge", offset_mm=(1.0, 1.0)).pdf))
    for page in reader.pages:
        assert "\u00a0" not in page.extract_text()
