"""Drawing the duplex calibration sheet: front targets with scales, back crosses, text.

Everything here draws what it is given where it is told: which way the scales count and
where each target sits are decided by ``generator.calibration``. Lengths are points, the
origin is the bottom left of the page.

A front target is a 10 x 10 mm square of 1 mm graph paper centred on the target, its two
middle lines drawn heavier as a crosshair with a tick at every half millimetre. Its numbers
sit outside the square so they never crowd the crosshair (at 5 pt, eleven numbers do not
fit in 10 mm on one line): one number every millimetre, alternately above and below for the
horizontal scale and left and right for the vertical one, each in line with its grid line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from reportlab.pdfgen.canvas import Canvas

from ..geometry.typeface import Font
from ..settings.units import MM
from .theme import CMYK
from .paint import fill, stroke

BLACK: CMYK = (0.0, 0.0, 0.0, 1.0)

HAIRLINE = 0.25  # grid lines and ticks
CROSSHAIR = 0.5  # the target's middle lines, so the zero stands out from the grid
SCALE_HALF = 5 * MM  # the scales run from -5 to +5 mm
GRID_STEP = 1 * MM
TICK_STEP = 0.5 * MM
TICK_HALF = 0.5 * MM  # half-millimetre ticks stick out this far on either side of the crosshair
LABEL_SIZE = 5.0  # points: the smallest type on the sheet
LABEL_GAP = 0.8 * MM  # between the square and its numbers
MARKER_SIZE = 5.5
HEADING_GAP = 0.3  # between the title and the line under it, in that line's size
MARKER_INSET = 1.7 * MM  # from the square to the "+DX" and "+DY" markers in its corners

BACK_ARM = 3 * MM  # from the centre of a back cross to the end of each arm
BACK_RING = 1 * MM  # radius of the ring around its centre
BACK_WEIGHT = 0.8

# How far a front target's drawing reaches from its centre, numbers and "+DX ->" included.
TARGET_REACH = (12.5 * MM, 8 * MM)


@dataclass(frozen=True)
class CalibrationFonts:
    regular: Font
    bold: Font


@dataclass(frozen=True)
class Scale:
    """One of a target's two scales as it is printed.

    ``labels`` are (offset from the target's centre, right or up positive; printed number).
    ``marker`` names the positive direction ("+DX →") and sits at the ``positive_end``:
    +1 the right or top end, -1 the left or bottom end.
    """

    labels: tuple[tuple[float, str], ...]
    marker: str
    positive_end: int


def draw_target(
    canvas: Canvas,
    centre: tuple[float, float],
    horizontal: Scale,
    vertical: Scale,
    fonts: CalibrationFonts,
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
    canvas.setFont(font.name, LABEL_SIZE)
    above = cy + half + LABEL_GAP
    below = cy - half - LABEL_GAP - cap
    # Even millimetres below and on the left, odd ones above and on the right.
    for offset, text in horizontal.labels:
        baseline = below if _even(offset) else above
        canvas.drawCentredString(cx + offset, baseline, text)
    for offset, text in vertical.labels:
        baseline = cy + offset - cap / 2
        if _even(offset):
            canvas.drawRightString(cx - half - LABEL_GAP, baseline, text)
        else:
            canvas.drawString(cx + half + LABEL_GAP, baseline, text)

    # The markers go in the corners outside the numbers: "+DX" on the bottom row at the end
    # the numbers grow towards, "+DY" at the end its numbers grow towards, on the other side.
    bold = fonts.bold
    canvas.setFont(bold.name, MARKER_SIZE)
    corner = half + MARKER_INSET
    _corner_text(canvas, cx + horizontal.positive_end * corner, below, horizontal.marker, horizontal.positive_end)
    row = above if vertical.positive_end > 0 else below
    side = -horizontal.positive_end
    _corner_text(canvas, cx + side * corner, row, vertical.marker, side)


def _even(offset: float) -> bool:
    return round(offset / GRID_STEP) % 2 == 0


def _corner_text(canvas: Canvas, x: float, baseline: float, text: str, side: int) -> None:
    if side > 0:
        canvas.drawString(x, baseline, text)
    else:
        canvas.drawRightString(x, baseline, text)


def draw_back_mark(canvas: Canvas, centre: tuple[float, float], colour: CMYK) -> None:
    """A back target: a bold cross with a ring, to be seen through the paper from the front."""
    cx, cy = centre
    stroke(canvas, colour, BACK_WEIGHT)
    canvas.line(cx - BACK_ARM, cy, cx + BACK_ARM, cy)
    canvas.line(cx, cy - BACK_ARM, cx, cy + BACK_ARM)
    canvas.circle(cx, cy, BACK_RING, stroke=1, fill=0)


def draw_example(
    canvas: Canvas,
    centre: tuple[float, float],
    magnification: float,
    horizontal: Scale,
    vertical: Scale,
    fonts: CalibrationFonts,
    mark: tuple[float, float],
    colour: CMYK,
) -> None:
    """A target enlarged ``magnification`` times with a back cross ``mark`` (life-size
    points from its centre) under it, the way it looks against the light."""
    canvas.saveState()
    canvas.translate(*centre)
    canvas.scale(magnification, magnification)
    draw_back_mark(canvas, mark, colour)
    draw_target(canvas, (0.0, 0.0), horizontal, vertical, fonts)
    canvas.restoreState()


def draw_heading(
    canvas: Canvas, title: str, subtitle: Sequence[str], fonts: CalibrationFonts, centre_x: float, top: float,
    title_size: float, subtitle_size: float,
) -> None:
    """The title and the lines under it, centred below ``top``."""
    fill(canvas, BLACK)
    baseline = top - fonts.bold.ascent * title_size
    canvas.setFont(fonts.bold.name, title_size)
    canvas.drawCentredString(centre_x, baseline, title)
    baseline += fonts.bold.descent * title_size - fonts.regular.ascent * subtitle_size - HEADING_GAP * subtitle_size
    canvas.setFont(fonts.regular.name, subtitle_size)
    for line in subtitle:
        canvas.drawCentredString(centre_x, baseline, line)
        baseline -= fonts.regular.line_height(subtitle_size)


def heading_height(fonts: CalibrationFonts, lines: int, title_size: float, subtitle_size: float) -> float:
    title = fonts.bold.line_height(title_size)
    return title + HEADING_GAP * subtitle_size + lines * fonts.regular.line_height(subtitle_size)


def draw_note(canvas: Canvas, lines: Sequence[str], font: Font, size: float, centre: tuple[float, float]) -> None:
    """Lines of text, each centred, the block centred on ``centre``."""
    fill(canvas, BLACK)
    canvas.setFont(font.name, size)
    leading = font.line_height(size)
    first = centre[1] + (len(lines) - 1) * leading / 2
    for index, line in enumerate(lines):
        canvas.drawCentredString(centre[0], first - index * leading - cap_height(font) * size / 2, line)


def cap_height(font: Font) -> float:
    """Height of capitals and figures per point of size."""
    return font.cap_height


# Paragraphs: (marker, text). The marker ("1.") hangs in the left indent; `backticks` set
# their contents in bold and keep it on one line (commands and options), and so does a
# no-break space (U+00A0) between two words; it is printed as an ordinary space.
Paragraph = tuple[str, str]
_Word = tuple[tuple[str, bool], ...]
NO_BREAK = "\u00a0"
LINE_SPACING = 1.3
PARAGRAPH_GAP = 0.45  # in lines


def fit_paragraphs(
    paragraphs: Sequence[Paragraph], fonts: CalibrationFonts, width: float, height: float,
    sizes: Sequence[float],
) -> float | None:
    """The first of ``sizes`` at which the paragraphs fit the box, or None."""
    for size in sizes:
        if paragraphs_height(paragraphs, fonts, width, size) <= height:
            return size
    return None


def paragraphs_height(paragraphs: Sequence[Paragraph], fonts: CalibrationFonts, width: float, size: float) -> float:
    lines = sum(len(_wrap(_words(text), fonts, size, width - _indent(size))) for _, text in paragraphs)
    gaps = max(0, len(paragraphs) - 1) * PARAGRAPH_GAP
    return (lines + gaps) * LINE_SPACING * size


def draw_paragraphs(
    canvas: Canvas, paragraphs: Sequence[Paragraph], fonts: CalibrationFonts, left: float, top: float,
    width: float, size: float,
) -> None:
    fill(canvas, BLACK)
    leading = LINE_SPACING * size
    indent = _indent(size)
    baseline = top - fonts.regular.ascent * size
    for marker, text in paragraphs:
        if marker:
            canvas.setFont(fonts.bold.name, size)
            canvas.drawString(left, baseline, marker)
        for line in _wrap(_words(text), fonts, size, width - indent):
            # Whole runs with their spaces, so that the text copies out of the PDF as written.
            x = left + indent
            for run, bold in _runs(line):
                font = fonts.bold if bold else fonts.regular
                canvas.setFont(font.name, size)
                canvas.drawString(x, baseline, run)
                x += font.width(run, size)
            baseline -= leading
        baseline -= PARAGRAPH_GAP * leading


def _indent(size: float) -> float:
    return 1.4 * size


def _words(text: str) -> list[_Word]:
    """Split at spaces outside backticks; each word is its runs of (text, bold)."""
    words: list[_Word] = []
    pieces: list[tuple[str, bool]] = []
    current = ""
    bold = False
    for char in text:
        if char == "`":
            if current:
                pieces.append((current, bold))
                current = ""
            bold = not bold
        elif char == " " and not bold:
            if current:
                pieces.append((current, bold))
                current = ""
            if pieces:
                words.append(tuple(pieces))
                pieces = []
        else:
            current += char
    if current:
        pieces.append((current, bold))
    if pieces:
        words.append(tuple(pieces))
    return words


def _runs(line: list[_Word]) -> list[tuple[str, bool]]:
    """A line as runs of one style; each space takes the style of the text before it."""
    runs: list[tuple[str, bool]] = []
    for index, word in enumerate(line):
        pieces = list(word)
        if index:
            text, bold = runs[-1]
            runs[-1] = (text + " ", bold)
        for piece, bold in pieces:
            piece = piece.replace(NO_BREAK, " ")
            if runs and runs[-1][1] == bold:
                runs[-1] = (runs[-1][0] + piece, bold)
            else:
                runs.append((piece, bold))
    return runs


def _line_width(line: list[_Word], fonts: CalibrationFonts, size: float) -> float:
    return sum((fonts.bold if bold else fonts.regular).width(run, size) for run, bold in _runs(line))


def _wrap(words: list[_Word], fonts: CalibrationFonts, size: float, width: float) -> list[list[_Word]]:
    """Greedy line filling; a word longer than the line gets a line of its own."""
    lines: list[list[_Word]] = []
    line: list[_Word] = []
    for word in words:
        if line and _line_width(line + [word], fonts, size) > width:
            lines.append(line)
            line = []
        line.append(word)
    if line:
        lines.append(line)
    return lines
