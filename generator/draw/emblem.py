"""cngen's mark: a keyhole in a ring. Our own vector artwork, drawn in code.

Where it divides (a word card's strip, the calibration sheet's heading) it sits between two
rules of the frame's weight: the same motif wherever it appears.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..geometry.style import EMBLEM_LINE, FRAME_LINE
from .paint import fill, stroke
from .theme import Colour

RULE_GAP = 0.8  # between the ring and each rule, in the ring's radius


def draw_keyhole_emblem(canvas: Canvas, x: float, y: float, radius: float, colour: Colour, line_width: float) -> None:
    """A ring of ``radius`` centred on (x, y) with a solid keyhole inside."""
    stroke(canvas, colour, line_width)
    canvas.circle(x, y, radius, stroke=1, fill=0)
    fill(canvas, colour)
    head = radius * 0.30
    canvas.circle(x, y + head * 0.6, head, stroke=0, fill=1)
    path = canvas.beginPath()
    path.moveTo(x - head * 0.55, y + head * 0.4)
    path.lineTo(x + head * 0.55, y + head * 0.4)
    path.lineTo(x + head * 0.95, y - radius * 0.62)
    path.lineTo(x - head * 0.95, y - radius * 0.62)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def draw_emblem_between_rules(canvas: Canvas, left: float, right: float, y: float, radius: float,
                              colour: Colour) -> None:
    """The emblem centred between ``left`` and ``right`` on the line ``y``, a rule either side
    of it running to those ends."""
    centre = (left + right) / 2
    draw_keyhole_emblem(canvas, centre, y, radius, colour, EMBLEM_LINE)
    stroke(canvas, colour, FRAME_LINE)
    gap = radius * (1 + RULE_GAP)
    if centre - gap > left:
        canvas.line(left, y, centre - gap, y)
        canvas.line(centre + gap, y, right, y)
