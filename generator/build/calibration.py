"""The duplex calibration sheet: measure how far the printer misplaces the back side.

Page 1 (the front) carries targets with millimetre scales, page 2 (the back) a red cross
behind each target. Printed double-sided and held against the light, each cross shows
through next to its target, and the numbers it sits on are the DX,DY to pass as
``--back-offset``: no sign to work out.

Why the scales count the way they do (points, origin bottom left, page W x H)::

    A back point b shows through at M(b) on the front, where M is the duplex mirror
    (``mirrored``): M(x, y) = (W - x, y) when the flip swaps left and right (long edge of a
    portrait sheet, short edge of a landscape one), (x, H - y) when it swaps top and bottom.
    A printer that shifts the back by e = (ex, ey) puts the cross meant for M(f) at
    M(f) + e, which shows through at M(M(f) + e) = f + (-ex, ey) or f + (ex, -ey).
    The correction is D = (DX, DY) = -e, so the cross appears at
        left-right flip:  f + (DX, -DY): the DX numbers grow to the right, DY downwards;
        top-bottom flip:  f + (-DX, DY): the DX numbers grow to the left, DY upwards.
    ``--back-offset D`` translates the back by D, the printer adds e = -D: the cross lands
    on f, at 0 on both scales. A re-print with an offset shows what is left to correct,
    to be added to that offset.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from ..draw.calibration import (
    TARGET_REACH,
    CalibrationFonts,
    Paragraph,
    Scale,
    draw_back_mark,
    draw_example,
    draw_heading,
    draw_note,
    draw_paragraphs,
    draw_target,
    fit_paragraphs,
    heading_height,
    paragraphs_height,
)
from ..draw.sheet import begin_page
from ..draw.theme import CMYK, make_theme
from ..errors import UsageError
from ..geometry.calibration import (
    Point,
    is_portrait,
    scale_directions,
    scale_labels,
    target_centres,
    too_small,
)
from ..geometry.sheet import Box, Page, mirror_point, swaps_left_right
from ..inputs.bundled import BOLD, REGULAR
from ..output.pdf import PdfDocument, PdfSettings
from ..settings.options import CalibrationOptions
from ..settings.units import MM, format_number, format_offset
from .sources import load_font

TITLE = "Duplex calibration"
SAFE_MARGIN = 15 * MM  # nothing is printed closer to the edge: home printers cannot reach it
SCALE_MM = 5  # the scales read -5 to +5 mm
GAP = 3 * MM
MEASURE = 125 * MM  # the longest line of instructions, for easy reading
TEXT_SIZES = (9.0, 8.5, 8.0, 7.5, 7.0, 6.5)
TITLE_SIZE = 18.0
SUBTITLE_SIZE = 8.0
NOTE_SIZE = 8.0
EXAMPLE_READING = (1.5, -0.5)  # mm, as in the instructions' example command
EXAMPLE_MAGNIFICATIONS = (3.0, 2.5, 2.0)
CAPTION_SIZE = 7.5
_FLIP = {"long-edge": "flip on long edge", "short-edge": "flip on short edge"}


@dataclass(frozen=True)
class CalibrationResult:
    pdf: bytes
    pages: int
















def build_calibration(options: CalibrationOptions) -> CalibrationResult:
    """The two-page calibration PDF for the paper, flip and current back offset."""
    page, sides, back_offset = options.paper, options.sides, options.back_offset
    if sides not in _FLIP:
        raise UsageError(f"calibration measures double-sided printing: choose --sides long-edge or short-edge, "
                         f"not {sides}")
    width, height = page
    portrait = is_portrait(page)
    fonts = CalibrationFonts(regular=load_font(None, REGULAR), bold=load_font(None, BOLD))
    reach_x, reach_y = TARGET_REACH
    inset = SAFE_MARGIN + max(reach_x, reach_y)
    if min(width, height) <= 2 * inset:
        raise UsageError(too_small(page))
    centres = target_centres(page, inset)
    horizontal, vertical = _scales(page, sides)

    # The heading sits between the two top targets, the instructions under it and above the
    # middle target. The back's label shows through between the two bottom targets, and an
    # enlarged example fills the room above it when there is enough.
    heading_top = height - SAFE_MARGIN
    between_targets = width - 2 * (inset + reach_x + GAP)
    subtitle = _fit_lines(_subtitle_parts(options), fonts.regular.width, SUBTITLE_SIZE, between_targets)
    note = _fit_lines(_back_note_parts(options), fonts.regular.width, NOTE_SIZE, between_targets)
    if subtitle is None or note is None or fonts.bold.width(TITLE, TITLE_SIZE) > between_targets:
        raise UsageError(too_small(page))
    text_width = min(MEASURE, width - 2 * SAFE_MARGIN)
    text_top = heading_top - heading_height(fonts, len(subtitle), TITLE_SIZE, SUBTITLE_SIZE) - GAP
    if text_width > between_targets:
        text_top = min(text_top, height - inset - reach_y - GAP)
    text_bottom = height / 2 + reach_y + GAP
    paragraphs = instructions(page, sides, back_offset)
    size = fit_paragraphs(paragraphs, fonts, text_width, text_top - text_bottom, TEXT_SIZES)
    if size is None:
        raise UsageError(too_small(page))
    note_spot = (width / 2, inset)
    example = _example_layout(fonts, width, height / 2 - reach_y - GAP, inset + reach_y + GAP, text_width)
    example_mark = _example_mark(page, sides)
    red = make_theme("shop", dict(options.style.colours)).red  # this sheet holds no RGB

    document = PdfDocument(PdfSettings(TITLE, page, fonts.regular.name, duplex=sides))
    canvas = document.canvas
    whole = Box(0.0, 0.0, width, height)
    begin_page(canvas, Page(page, whole, whole, (), ()))
    for centre in centres:
        draw_target(canvas, centre, horizontal, vertical, fonts)
    draw_heading(canvas, TITLE, subtitle, fonts, width / 2, heading_top, TITLE_SIZE, SUBTITLE_SIZE)
    draw_paragraphs(canvas, paragraphs, fonts, (width - text_width) / 2, text_top, text_width, size)
    if example is not None:
        centre, magnification, caption, caption_top = example
        draw_example(canvas, centre, magnification, horizontal, vertical, fonts, example_mark, red)
        draw_paragraphs(canvas, caption, fonts, (width - text_width) / 2, caption_top, text_width, CAPTION_SIZE)
    canvas.showPage()

    # The back moves by the offset being checked, through the same path as the cards' backs.
    begin_page(canvas, Page(page, whole, whole, (), (), offset=back_offset))
    for centre in centres:
        draw_back_mark(canvas, mirror_point(centre, page, sides), red)  # type: ignore[arg-type]
    draw_note(canvas, note, fonts.regular, NOTE_SIZE, mirror_point(note_spot, page, sides))  # type: ignore[arg-type]
    canvas.showPage()
    return CalibrationResult(document.finish(), 2)


def instructions(page: Point, sides: str, back_offset: Point) -> list[Paragraph]:
    """The front's instructions, in the words of the chosen flip."""
    flip = _FLIP[sides]
    portrait = is_portrait(page)
    option = "" if sides == "long-edge" else " --sides short-edge"
    if swaps_left_right(page, sides):  # type: ignore[arg-type]
        growth = "grow to the right and downwards"
    else:
        growth = "grow to the left and upwards"
    steps = [
        f"Print both pages on one sheet: double-sided, at 100% scale (\u201cactual size\u201d, never "
        f"\u201cfit to page\u201d), with the flip you use for the cards: `{flip}`.",
        "Hold the sheet against a window or a lamp with this side towards you. The red crosses "
        "printed on the back show through the paper, one beside each target.",
        "At each target, read where the centre of the red cross sits: on the horizontal scale for "
        "DX, on the vertical scale for DY, in millimetres (the grid is 1\u00a0mm, with a tick every "
        f"0.5\u00a0mm). On this {'portrait' if portrait else 'landscape'} sheet the numbers {growth}, as the flip "
        "needs: use them as they are. If the five targets disagree a little, take the average.",
        f"Pass both numbers to every command that prints backs: `--back-offset DX,DY`, for example "
        f"`cngen deck{option} --back-offset 1.5,-0.5`. Every back page then moves by that much.",
        f"To check, print this sheet again with the same option: `cngen calibrate{option} "
        "--back-offset DX,DY`. The crosses should now sit on 0; if they still miss, add what you "
        "read to the offset you used.",
    ]
    paragraphs = [(f"{number}.", text) for number, text in enumerate(steps, start=1)]
    if back_offset != (0.0, 0.0):
        paragraphs.append((
            "",
            f"This copy was printed with `--back-offset {format_offset(back_offset)}`: what you read now "
            f"is what is left over. Add it to DX {format_number(back_offset[0] / MM)} and "
            f"DY {format_number(back_offset[1] / MM)}.",
        ))
    return paragraphs


def _example_mark(page: Point, sides: str) -> Point:
    """Where the example's cross sits (life-size points from the centre) so that it reads
    EXAMPLE_READING on the scales."""
    sign_x, sign_y = scale_directions(page, sides)
    return (sign_x * EXAMPLE_READING[0] * MM, sign_y * EXAMPLE_READING[1] * MM)


def _example_caption(magnification: float) -> list[Paragraph]:
    dx, dy = (format_number(value) for value in EXAMPLE_READING)
    return [(
        "",
        f"Example, {format_number(magnification)} times life size: seen through the paper, the red cross sits at "
        f"{dx} on the horizontal scale and at {dy} on the vertical one, so this printer needs "
        f"`--back-offset {dx},{dy}`.",
    )]


def _example_layout(
    fonts: CalibrationFonts, width: float, top: float, bottom: float, text_width: float,
) -> tuple[Point, float, list[Paragraph], float] | None:
    """(centre, magnification, caption, caption top) of the largest example that fits
    between ``top`` and ``bottom``, or None."""
    reach_x, reach_y = TARGET_REACH
    for magnification in EXAMPLE_MAGNIFICATIONS:
        caption = _example_caption(magnification)
        caption_height = paragraphs_height(caption, fonts, text_width, CAPTION_SIZE)
        drawing = 2 * reach_y * magnification
        needed = drawing + GAP + caption_height
        if needed <= top - bottom and 2 * reach_x * magnification <= width - 2 * SAFE_MARGIN:
            block_top = top - (top - bottom - needed) / 2
            centre = (width / 2, block_top - drawing / 2)
            return centre, magnification, caption, block_top - drawing - GAP
    return None


def _scales(page: Point, sides: str) -> tuple[Scale, Scale]:
    sign_x, sign_y = scale_directions(page, sides)
    horizontal = Scale(
        tuple((mm * MM, text) for mm, text in scale_labels(sign_x)),
        "+DX \u2192" if sign_x > 0 else "\u2190 +DX",
        sign_x,
    )
    vertical = Scale(
        tuple((mm * MM, text) for mm, text in scale_labels(sign_y)),
        "+DY \u2191" if sign_y > 0 else "+DY \u2193",
        sign_y,
    )
    return horizontal, vertical




def _subtitle_parts(sheet: CalibrationOptions) -> list[str]:
    width, height = sheet.paper
    return [
        "front side",
        f"{format_number(width / MM)} x {format_number(height / MM)} mm",
        _FLIP[sheet.sides],
        f"printed with --back-offset {format_offset(sheet.back_offset)}",
    ]


def _back_note_parts(sheet: CalibrationOptions) -> list[str]:
    parts = ["back side of the duplex calibration sheet"]
    if sheet.back_offset != (0.0, 0.0):
        parts.append(f"moved by --back-offset {format_offset(sheet.back_offset)}")
    return parts


def _fit_lines(parts: list[str], measure: Callable[[str, float], float], size: float, width: float) -> list[str] | None:
    """The parts joined with " · " into as few lines as fit ``width``; None if one part cannot."""
    lines: list[str] = []
    for part in parts:
        if measure(part, size) > width:
            return None
        joined = f"{lines[-1]} · {part}" if lines else part
        if lines and measure(joined, size) <= width:
            lines[-1] = joined
        else:
            lines.append(part)
    return lines





