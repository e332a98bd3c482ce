"""Drawing the duplex calibration sheet: front targets with scales, back crosses, text.

Everything here draws what it is given where it is told: which way the scales count and
where each target sits are decided by ``geometry.calibration``. Lengths are points, the
origin is the bottom left of the page.

A front target is a 10 x 10 mm square of 1 mm graph paper centred on the target, its two
middle lines drawn heavier as a crosshair with a tick at every half millimetre. Its numbers
sit outside the square so they never crowd the crosshair (at 6 pt, eleven numbers do not
fit in 10 mm on one line): one number every millimetre, alternately above and below for the
horizontal scale and left and right for the vertical one, each in line with its grid line.
6 pt is the smallest text print shops accept, and at full width two neighbours on a row
("-4", "-2", 2 mm apart) would touch: the numbers are set condensed (PDF horizontal scaling,
which keeps their size), as narrow as 5 pt figures.
All of it stays within ``geometry.calibration.TARGET_REACH`` of the centre.

The back's crosses are drawn in the theme's red, COLOUR_LINE_MIN (2 pt) wide: on a CMYK file
a thinner coloured line breaks the print shops' rule (thin lines in black ink only), and a
bold cross shows through the paper better; its centre is still read to half a millimetre.

The text is set with Platypus (``draw.text``) in the kit's type scale (``geometry.style``):
the heading (the emblem and the title, as on the rules sheet, and a subtitle), the numbered
instructions, the example's caption and the back's note are lists of paragraphs,
measured by the caller to choose sizes and places, then drawn with ``draw.text.draw_stack``.
"""

from __future__ import annotations

from typing import Sequence

import msgspec
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from ..geometry.calibration import Scale
from ..geometry.style import EMBLEM_LINE, EMBLEM_RADIUS
from ..typeface.font import Font, FontFamily
from ..units import MM
from .emblem import draw_keyhole_emblem
from .paint import fill, stroke
from .text import BLACK, backtick_markup, draw_stack, fits_width, joined_markup, paragraph, stack_height, text_style
from .theme import COLOUR_LINE_MIN, Colour

HAIRLINE = 0.25  # grid lines and ticks
CROSSHAIR = 0.5  # the target's middle lines, so the zero stands out from the grid
SCALE_HALF = 5 * MM  # the scales run from -5 to +5 mm
GRID_STEP = 1 * MM
TICK_STEP = 0.5 * MM
TICK_HALF = 0.5 * MM  # half-millimetre ticks stick out this far on either side of the crosshair
LABEL_SIZE = 6.0  # points: the smallest type on the sheet, and the smallest print shops accept
LABEL_WIDTH = 80  # percent: the numbers' horizontal scaling, so that neighbours stay apart
LABEL_GAP = 0.8 * MM  # between the square and its numbers
MARKER_SIZE = 6.0
MARKER_INSET = 1.7 * MM  # from the square to the "+DX" and "+DY" markers in its corners

BACK_ARM = 3.5 * MM  # from the centre of a back cross to the end of each arm
BACK_RING = 1.8 * MM  # radius of the ring around its centre
BACK_WEIGHT = COLOUR_LINE_MIN  # the thinnest coloured line a CMYK file may hold

EMBLEM_GAP = 2.5 * MM  # between the heading's emblem and the title
LINE_SPACING = 1.3  # of the instructions and the caption, in their size
TIGHT_SPACING = 1.2  # the same at the smallest size, on sheets with little room
PARAGRAPH_GAP = 0.35  # between two instructions, in lines
HANGING = 1.4  # the instructions' indent, in their size: the numbers hang in it


def draw_target(
    canvas: Canvas,
    centre: tuple[float, float],
    horizontal: Scale,
    vertical: Scale,
    fonts: FontFamily,
) -> None:
    """A front target: graph paper, crosshair with half-millimetre ticks, numbers, markers."""
    cx, cy = centre
    half = SCALE_HALF
    steps = round(half / GRID_STEP)
    stroke(canvas, BLACK, HAIRLINE)
    for index in range(-steps, steps + 1):
        if index == 0:
            continue  # the crosshair, drawn heavier below
        offset = index * GRID_STEP
        canvas.line(cx + offset, cy - half, cx + offset, cy + half)
        canvas.line(cx - half, cy + offset, cx + half, cy + offset)
    ticks = round(half / TICK_STEP)
    for index in range(-ticks, ticks + 1):
        if index % 2 == 0:
            continue  # whole millimetres are grid lines
        offset = index * TICK_STEP
        canvas.line(cx + offset, cy - TICK_HALF, cx + offset, cy + TICK_HALF)
        canvas.line(cx - TICK_HALF, cy + offset, cx + TICK_HALF, cy + offset)
    stroke(canvas, BLACK, CROSSHAIR)
    canvas.line(cx - half, cy, cx + half, cy)
    canvas.line(cx, cy - half, cx, cy + half)

    fill(canvas, BLACK)
    font = fonts.regular
    cap = cap_height(font) * LABEL_SIZE
    above = cy + half + LABEL_GAP
    below = cy - half - LABEL_GAP - cap
    # Even millimetres below and on the left, odd ones above and on the right.
    for offset, text in horizontal.labels:
        baseline = below if _even(offset) else above
        _scale_number(canvas, font, cx + offset, baseline, text, 0.5)
    for offset, text in vertical.labels:
        baseline = cy + offset - cap / 2
        if _even(offset):
            _scale_number(canvas, font, cx - half - LABEL_GAP, baseline, text, 1.0)
        else:
            _scale_number(canvas, font, cx + half + LABEL_GAP, baseline, text, 0.0)

    # The markers go in the corners outside the numbers: "+DX" on the bottom row at the end
    # the numbers grow towards, "+DY" at the end its numbers grow towards, on the other side.
    bold = fonts.bold
    canvas.setFont(bold.name, MARKER_SIZE)
    corner = half + MARKER_INSET
    _corner_text(canvas, cx + horizontal.positive_end * corner, below, horizontal.marker, horizontal.positive_end)
    row = above if vertical.positive_end > 0 else below
    side = -horizontal.positive_end
    _corner_text(canvas, cx + side * corner, row, vertical.marker, side)


def _scale_number(canvas: Canvas, font: Font, x: float, baseline: float, text: str, anchor: float) -> None:
    """A scale's number, condensed to ``LABEL_WIDTH``: ``anchor`` 0 starts it at ``x``, 0.5
    centres it there, 1 ends it there."""
    width = font.width(text, LABEL_SIZE) * LABEL_WIDTH / 100
    canvas.saveState()  # horizontal scaling is graphics state: it ends with the number
    number = canvas.beginText(x - anchor * width, baseline)
    number.setFont(font.name, LABEL_SIZE)
    number.setHorizScale(LABEL_WIDTH)
    number.textOut(text)
    canvas.drawText(number)
    canvas.restoreState()


def _even(offset: float) -> bool:
    return round(offset / GRID_STEP) % 2 == 0


def _corner_text(canvas: Canvas, x: float, baseline: float, text: str, side: int) -> None:
    if side > 0:
        canvas.drawString(x, baseline, text)
    else:
        canvas.drawRightString(x, baseline, text)


def draw_back_mark(canvas: Canvas, centre: tuple[float, float], colour: Colour, weight: float = BACK_WEIGHT) -> None:
    """A back target: a bold cross with a ring, to be seen through the paper from the front."""
    cx, cy = centre
    stroke(canvas, colour, weight)
    canvas.line(cx - BACK_ARM, cy, cx + BACK_ARM, cy)
    canvas.line(cx, cy - BACK_ARM, cx, cy + BACK_ARM)
    canvas.circle(cx, cy, BACK_RING, stroke=1, fill=0)


def draw_example(
    canvas: Canvas,
    centre: tuple[float, float],
    magnification: float,
    horizontal: Scale,
    vertical: Scale,
    fonts: FontFamily,
    mark: tuple[float, float],
    colour: Colour,
) -> None:
    """A target enlarged ``magnification`` times with a back cross ``mark`` (life-size
    points from its centre) under it, the way it looks against the light."""
    canvas.saveState()
    canvas.translate(*centre)
    canvas.scale(magnification, magnification)
    # The enlarged cross keeps the life-size weight as printed, so that it hides no number.
    draw_back_mark(canvas, mark, colour, BACK_WEIGHT / magnification)
    draw_target(canvas, (0.0, 0.0), horizontal, vertical, fonts)
    canvas.restoreState()


def cap_height(font: Font) -> float:
    """Height of capitals and figures per point of size."""
    return font.cap_height


# --- Text ----------------------------------------------------------------------------------

# An item of text: (marker, text). The marker ("1.") hangs in the left indent; `backticks`
# set their contents in bold and keep it on one line (commands and options), and so does a
# no-break space (U+00A0) between two words.
Item = tuple[str, str]


class Heading(msgspec.Struct, frozen=True):
    """The sheet's heading: the emblem and the title on one line, the subtitle under them."""

    title: str
    size: float
    font: Font
    subtitle: list[Paragraph]

    @property
    def radius(self) -> float:
        """The emblem's: EMBLEM_RADIUS, or half the capitals' height under a smaller title."""
        return min(EMBLEM_RADIUS, self.font.cap_height * self.size / 2)

    @property
    def line_width(self) -> float:
        """The emblem and the title, side by side."""
        return 2 * self.radius + EMBLEM_GAP + self.font.width(self.title, self.size)

    def fits(self, width: float) -> bool:
        return self.line_width <= width and fits_width(self.subtitle, width)

    def height(self, width: float) -> float:
        return self.font.line_height(self.size) + stack_height(self.subtitle, width)


def heading(
    title: str, subtitle: Sequence[str], fonts: FontFamily, title_size: float, subtitle_size: float,
) -> Heading:
    """The title on one line beside the emblem, and the subtitle's phrases joined with " · "
    into as few centred lines as the width allows."""
    subtitle_style = text_style("calibration-subtitle", fonts.regular, subtitle_size, centred=True)
    return Heading(title, title_size, fonts.bold, [paragraph(joined_markup(subtitle), subtitle_style)])


def draw_heading(canvas: Canvas, heading: Heading, left: float, top: float, width: float, colour: Colour) -> None:
    """The heading centred in ``width`` from ``top``; the emblem in ``colour``, as the rules
    sheet has it beside its title."""
    font, size, radius = heading.font, heading.size, heading.radius
    start = left + (width - heading.line_width) / 2
    baseline = top - font.ascent * size
    draw_keyhole_emblem(canvas, start + radius, baseline + font.cap_height * size / 2, radius - EMBLEM_LINE / 2,
                        colour, EMBLEM_LINE)
    fill(canvas, BLACK)
    canvas.setFont(font.name, size)
    canvas.drawString(start + 2 * radius + EMBLEM_GAP, baseline, heading.title)
    draw_stack(canvas, heading.subtitle, left, top - font.line_height(size), width)


def items(
    texts: Sequence[Item], fonts: FontFamily, size: float, spacing: float = LINE_SPACING,
) -> list[Paragraph]:
    """Paragraphs of running text with their hanging markers, ``size`` points, the lines
    ``spacing`` times the size apart."""
    leading = spacing * size
    style = text_style(f"calibration-{size:g}-{spacing:g}", fonts.regular, size, leading=leading,
                       hanging=HANGING * size, marker_font=fonts.bold, space_after=PARAGRAPH_GAP * leading)
    return [paragraph(backtick_markup(text), style, marker) for marker, text in texts]


def note(parts: Sequence[str], fonts: FontFamily, size: float) -> list[Paragraph]:
    """Phrases joined with " · " into as few centred lines as the width allows."""
    return [paragraph(joined_markup(parts), text_style("calibration-note", fonts.regular, size, centred=True))]
