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

from dataclasses import dataclass, replace
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from .draw.calibration import (
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
from .errors import UsageError
from .pdf import Document, render
from .resources import font_path
from .sheets import SheetOptions
from .theme import CMYK
from .typeface import load_font
from .units import MM

Point = tuple[float, float]

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
FOLD_MESSAGE = (
    "calibration is for double-sided printing; with --sides fold the back is folded, "
    "not printed: no calibration needed"
)
_FLIP = {"long-edge": "flip on long edge", "short-edge": "flip on short edge"}


@dataclass(frozen=True)
class CalibrationResult:
    pdf: bytes
    pages: int


def is_portrait(page: Point) -> bool:
    """Square sheets count as portrait, as in ``layout.mirror_box``."""
    return page[1] >= page[0]


def swaps_left_right(sides: str, portrait: bool) -> bool:
    """Whether turning the sheet over swaps left and right (else it swaps top and bottom)."""
    _check_sides(sides)
    return (sides == "long-edge") == portrait


def mirrored(point: Point, page: Point, sides: str) -> Point:
    """The point of the other face that lies behind ``point`` once the sheet is turned over.

    The same rule as ``layout.mirror_box``, which places the backs of the cards.
    """
    width, height = page
    x, y = point
    if swaps_left_right(sides, is_portrait(page)):
        return (width - x, y)
    return (x, height - y)


def scale_directions(sides: str, portrait: bool) -> tuple[int, int]:
    """(sign_x, sign_y): the number printed 1 mm right of a target's centre is sign_x, the
    one 1 mm above it sign_y (so -1 means the numbers grow to the left, or downwards)."""
    return (1, -1) if swaps_left_right(sides, portrait) else (-1, 1)


def scale_labels(sign: int) -> tuple[tuple[int, str], ...]:
    """(millimetres from the centre, right or up positive; the number printed there)."""
    return tuple((mm, _number(sign * mm)) for mm in range(-SCALE_MM, SCALE_MM + 1))


def scale_reading(offset: Point, sides: str, portrait: bool) -> Point:
    """The numbers (mm) under a mark seen ``offset`` points from a target's centre."""
    sign_x, sign_y = scale_directions(sides, portrait)
    return (sign_x * offset[0] / MM, sign_y * offset[1] / MM)


def target_centres(page: Point, margin: float) -> list[Point]:
    """Five targets: one ``margin`` in from each corner and one in the middle.

    Reading order: top left, top right, middle, bottom left, bottom right.
    """
    width, height = page
    if min(width, height) <= 2 * margin:
        raise UsageError(_too_small(page))
    left, right, bottom, top = margin, width - margin, margin, height - margin
    return [(left, top), (right, top), (width / 2, height / 2), (left, bottom), (right, bottom)]


def build_calibration(sheet: SheetOptions) -> CalibrationResult:
    """The two-page calibration PDF for the sheet's paper, flip and current back offset."""
    _check_sides(sheet.sides)
    page = sheet.paper
    width, height = page
    portrait = is_portrait(page)
    fonts = CalibrationFonts(
        regular=load_font(font_path("FiraSans-Regular.ttf")),
        bold=load_font(font_path("FiraSans-Bold.ttf")),
    )
    reach_x, reach_y = TARGET_REACH
    inset = SAFE_MARGIN + max(reach_x, reach_y)
    centres = target_centres(page, inset)
    horizontal, vertical = _scales(sheet.sides, portrait)

    # The heading sits between the two top targets, the instructions under it and above the
    # middle target. The back's label shows through between the two bottom targets, and an
    # enlarged example fills the room above it when there is enough.
    heading_top = height - SAFE_MARGIN
    between_targets = width - 2 * (inset + reach_x + GAP)
    subtitle = _fit_lines(_subtitle_parts(sheet), fonts.regular.width, SUBTITLE_SIZE, between_targets)
    note = _fit_lines(_back_note_parts(sheet), fonts.regular.width, NOTE_SIZE, between_targets)
    if subtitle is None or note is None or fonts.bold.width(TITLE, TITLE_SIZE) > between_targets:
        raise UsageError(_too_small(page))
    text_width = min(MEASURE, width - 2 * SAFE_MARGIN)
    text_top = heading_top - heading_height(fonts, len(subtitle), TITLE_SIZE, SUBTITLE_SIZE) - GAP
    if text_width > between_targets:
        text_top = min(text_top, height - inset - reach_y - GAP)
    text_bottom = height / 2 + reach_y + GAP
    paragraphs = instructions(sheet.sides, portrait, sheet.back_offset)
    size = fit_paragraphs(paragraphs, fonts, text_width, text_top - text_bottom, TEXT_SIZES)
    if size is None:
        raise UsageError(_too_small(page))
    note_spot = (width / 2, inset)
    example = _example_layout(fonts, width, height / 2 - reach_y - GAP, inset + reach_y + GAP, text_width)
    example_mark = _example_mark(sheet.sides, portrait)
    red = _back_colour(sheet)

    def draw(canvas: Canvas) -> None:
        for centre in centres:
            draw_target(canvas, centre, horizontal, vertical, fonts)
        draw_heading(canvas, TITLE, subtitle, fonts, width / 2, heading_top, TITLE_SIZE, SUBTITLE_SIZE)
        draw_paragraphs(canvas, paragraphs, fonts, (width - text_width) / 2, text_top, text_width, size)
        if example is not None:
            centre, magnification, caption, caption_top = example
            draw_example(canvas, centre, magnification, horizontal, vertical, fonts, example_mark, red)
            draw_paragraphs(canvas, caption, fonts, (width - text_width) / 2, caption_top, text_width, CAPTION_SIZE)
        canvas.showPage()

        if sheet.back_offset != (0.0, 0.0):
            canvas.translate(*sheet.back_offset)  # showPage resets it: only the back moves
        for centre in centres:
            draw_back_mark(canvas, mirrored(centre, page, sheet.sides), red)
        draw_note(canvas, note, fonts.regular, NOTE_SIZE, mirrored(note_spot, page, sheet.sides))
        canvas.showPage()

    document = Document(TITLE, page, sheet.sides, "home", fonts.regular, draw)
    return CalibrationResult(render(document), 2)


def instructions(sides: str, portrait: bool, back_offset: Point) -> list[Paragraph]:
    """The front's instructions, in the words of the chosen flip."""
    flip = _FLIP[sides]
    option = "" if sides == "long-edge" else " --sides short-edge"
    if swaps_left_right(sides, portrait):
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
            f"This copy was printed with `--back-offset {_offset_text(back_offset)}`: what you read now "
            f"is what is left over. Add it to DX {_number(back_offset[0] / MM)} and "
            f"DY {_number(back_offset[1] / MM)}.",
        ))
    return paragraphs


def _example_mark(sides: str, portrait: bool) -> Point:
    """Where the example's cross sits (life-size points from the centre) so that it reads
    EXAMPLE_READING on the scales."""
    sign_x, sign_y = scale_directions(sides, portrait)
    return (sign_x * EXAMPLE_READING[0] * MM, sign_y * EXAMPLE_READING[1] * MM)


def _example_caption(magnification: float) -> list[Paragraph]:
    dx, dy = (_number(value) for value in EXAMPLE_READING)
    return [(
        "",
        f"Example, {_number(magnification)} times life size: seen through the paper, the red cross sits at "
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


def _scales(sides: str, portrait: bool) -> tuple[Scale, Scale]:
    sign_x, sign_y = scale_directions(sides, portrait)
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


def _check_sides(sides: str) -> None:
    if sides == "fold":
        raise UsageError(FOLD_MESSAGE)
    if sides not in _FLIP:
        raise UsageError(f"unknown --sides '{sides}': choose long-edge or short-edge")


def _back_colour(sheet: SheetOptions) -> CMYK:
    """The theme's red as the shop profile prints it: this sheet holds no RGB."""
    return replace(sheet, profile="shop").theme.red  # type: ignore[return-value]


def _subtitle_parts(sheet: SheetOptions) -> list[str]:
    width, height = sheet.paper
    return [
        "front side",
        f"{_number(width / MM)} x {_number(height / MM)} mm",
        _FLIP[sheet.sides],
        f"printed with --back-offset {_offset_text(sheet.back_offset)}",
    ]


def _back_note_parts(sheet: SheetOptions) -> list[str]:
    parts = ["back side of the duplex calibration sheet"]
    if sheet.back_offset != (0.0, 0.0):
        parts.append(f"moved by --back-offset {_offset_text(sheet.back_offset)}")
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


def _number(value: float) -> str:
    """1.5, -0.5, 2, 0: as a user types it; a minus sign is an ASCII hyphen, as on the command line."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _offset_text(offset: Point) -> str:
    return f"{_number(offset[0] / MM)},{_number(offset[1] / MM)}"


def _too_small(page: Point) -> str:
    return (
        f"a {_number(page[0] / MM)} x {_number(page[1] / MM)} mm sheet has no room for the calibration "
        "targets and their instructions: calibrate on a larger sheet (A5 portrait or more) in the same printer"
    )
