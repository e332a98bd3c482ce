"""The duplex calibration sheet: measure how far the printer misplaces the back side.

Page 1 (the front) carries targets with millimetre scales, page 2 (the back) a red cross
behind each target. Printed double-sided and held against the light, each cross shows
through next to its target, and the numbers it sits on are the DX,DY to pass as
``--back-offset``: no sign to work out.

Why the scales count the way they do (points, origin bottom left, page W x H)::

    A back point b shows through at M(b) on the front, where M is the duplex mirror
    (``geometry.sheet.mirror_point``): M(x, y) = (W - x, y) when the flip swaps left and
    right (long edge of a portrait sheet, short edge of a landscape one), (x, H - y) when it
    swaps top and bottom.
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

import msgspec

from ..draw import calibration as artwork
from ..draw.calibration import (
    LINE_SPACING,
    TIGHT_SPACING,
    Item,
    draw_back_mark,
    draw_example,
    draw_heading,
    draw_target,
)
from ..draw.sheet import begin_page
from ..draw.text import draw_centred_stack, draw_stack, fits_width, stack_height
from ..draw.theme import make_theme
from ..errors import UsageError
from ..geometry.calibration import (
    EXAMPLE_READING,
    FrontLayout,
    Point,
    example_mark,
    front_layout,
    is_portrait,
    place_example,
    target_scales,
    too_small,
)
from ..geometry.pages import Page
from ..geometry.sheet import Box, swaps_left_right
from ..geometry.style import BODY, CAPTION, HEADING, SUBTITLE
from ..geometry.style import TITLE as TITLE_SIZE
from ..inputs.bundled import BOLD, REGULAR
from ..output.pdf import PdfDocument, PdfSettings
from ..settings.options import CalibrationOptions, default
from ..typeface.font import FontFamily, register_family
from ..units import MM, format_number, format_offset
from .sources import load_font

TITLE = "Duplex calibration"
# Sizes from the kit's type scale, largest first: each text takes the largest that fits, the
# instructions and the back's note going below BODY in half points down to CAPTION on small
# sheets, where the instructions' lines may then close up a little.
TITLE_SIZES = (TITLE_SIZE, SUBTITLE, HEADING)
TEXT_SIZES = (BODY, 9.0, 8.5, 8.0, 7.5, CAPTION)
TEXT_SETTINGS = tuple((size, LINE_SPACING) for size in TEXT_SIZES) + ((CAPTION, TIGHT_SPACING),)
SUBTITLE_SIZE = CAPTION  # a slug: which side, sheet and flip this is
# The example's caption is set as large as the instructions.
_FLIP = {"long-edge": "flip on long edge", "short-edge": "flip on short edge"}


class CalibrationResult(msgspec.Struct, frozen=True):
    pdf: bytes
    pages: int


def build_calibration(options: CalibrationOptions) -> CalibrationResult:
    """The two-page calibration PDF for the paper, flip and current back offset."""
    page, sides, back_offset = options.paper, options.sides, options.back_offset
    if sides not in _FLIP:
        raise UsageError(f"calibration measures double-sided printing: choose --sides long-edge or short-edge, "
                         f"not {sides}")
    fonts = FontFamily(regular=load_font(None, REGULAR), bold=load_font(None, BOLD))
    register_family(fonts)
    # CMYK: the sheet holds no RGB, so its crosses print in the inks the cards are printed in.
    theme = make_theme(True, dict(options.style.colours), ink_limit=default("ink_limit"), ink="full")
    red = theme.colour("red")

    # Where things go, then the text measured into that room.
    layout = front_layout(page)
    horizontal, vertical = target_scales(page, sides)
    notes = (artwork.note(_back_note_parts(options), fonts, size) for size in TEXT_SIZES)
    note = next((note for note in notes if fits_width(note, layout.heading_width)), None)
    if note is None:
        raise UsageError(too_small(page))
    steps = instructions(page, sides, back_offset)
    heading, (size, spacing) = _set_front(layout, _subtitle_parts(options), steps, fonts)
    text_top = layout.text_top(heading.height(layout.heading_width))
    example = place_example(layout, lambda magnification: stack_height(
        artwork.items(_caption(magnification), fonts, size, spacing), layout.text_width))

    document = PdfDocument(PdfSettings(TITLE, page, fonts.regular.name, duplex=sides))
    canvas = document.canvas
    whole = Box(0.0, 0.0, *page)
    begin_page(canvas, Page(page, whole, whole, (), ()))
    for centre in layout.centres:
        draw_target(canvas, centre, horizontal, vertical, fonts)
    draw_heading(canvas, heading, layout.centre_x - layout.heading_width / 2, layout.heading_top,
                 layout.heading_width, theme.line)
    draw_stack(canvas, artwork.items(steps, fonts, size, spacing), layout.text_left, text_top, layout.text_width)
    if example is not None:
        draw_example(canvas, example.centre, example.magnification, horizontal, vertical, fonts,
                     example_mark(page, sides), red)
        caption = artwork.items(_caption(example.magnification), fonts, size, spacing)
        draw_stack(canvas, caption, layout.text_left, example.caption_top, layout.text_width)
    canvas.showPage()

    # The back moves by the offset being checked, through the same path as the cards' backs.
    begin_page(canvas, Page(page, whole, whole, (), (), offset=back_offset))
    for mark in layout.back_marks(sides):
        draw_back_mark(canvas, mark, red)
    draw_centred_stack(canvas, note, layout.back_note_centre(sides), layout.heading_width)
    canvas.showPage()
    return CalibrationResult(document.finish(), 2)


def _set_front(layout: FrontLayout, subtitle: list[str], steps: list[Item],
               fonts: FontFamily) -> tuple[artwork.Heading, tuple[float, float]]:
    """The heading and the instructions' (size, line spacing): the instructions as large as
    they fit under the smallest title, then the title as large as it can be over them."""
    headings = [heading for heading in (artwork.heading(TITLE, subtitle, fonts, size, SUBTITLE_SIZE)
                                        for size in TITLE_SIZES) if heading.fits(layout.heading_width)]
    for size, spacing in TEXT_SETTINGS:
        paragraphs = artwork.items(steps, fonts, size, spacing)
        if not fits_width(paragraphs, layout.text_width):
            continue
        height = stack_height(paragraphs, layout.text_width)
        for heading in headings:
            if height <= layout.text_top(heading.height(layout.heading_width)) - layout.text_bottom + 1e-6:
                return heading, (size, spacing)
    raise UsageError(too_small(layout.page))


def instructions(page: Point, sides: str, back_offset: Point) -> list[Item]:
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


def _caption(magnification: float) -> list[Item]:
    dx, dy = (format_number(value) for value in EXAMPLE_READING)
    return [(
        "",
        f"Example, {format_number(magnification)} times life size: seen through the paper, the red cross sits at "
        f"{dx} on the horizontal scale and at {dy} on the vertical one, so this printer needs "
        f"`--back-offset {dx},{dy}`.",
    )]


def _subtitle_parts(options: CalibrationOptions) -> list[str]:
    width, height = options.paper
    return [
        "front side",
        f"{format_number(width / MM)} x {format_number(height / MM)} mm",
        _FLIP[options.sides],
        f"printed with --back-offset {format_offset(options.back_offset)}",
    ]


def _back_note_parts(options: CalibrationOptions) -> list[str]:
    parts = ["back side of the duplex calibration sheet"]
    if options.back_offset != (0.0, 0.0):
        parts.append(f"moved by --back-offset {format_offset(options.back_offset)}")
    return parts
