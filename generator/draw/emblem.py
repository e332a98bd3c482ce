"""cngen's mark: a keyhole in a ring. Our own vector artwork, drawn in code."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from .theme import Colour
from .paint import fill, stroke


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
