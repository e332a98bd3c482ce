"""The symbol of each role, shared by key cards and tokens so that players learn one set.

Red: a diamond. Blue: a disc. Bystander: a bar. Assassin: a cross. Vector shapes, so no
font can lack them, and they tell the roles apart without colour.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..model.keys import BLUE, BYSTANDER, RED
from .theme import Colour
from .paint import fill, stroke


def draw_role_symbol(canvas: Canvas, letter: str, x: float, y: float, size: float, colour: Colour) -> None:
    """Red: a diamond. Blue: a disc. Bystander: a bar. Assassin: a cross."""
    half = size / 2
    fill(canvas, colour)
    if letter == RED:
        path = canvas.beginPath()
        path.moveTo(x, y + half)
        path.lineTo(x + half, y)
        path.lineTo(x, y - half)
        path.lineTo(x - half, y)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
    elif letter == BLUE:
        canvas.circle(x, y, half * 0.82, stroke=0, fill=1)
    elif letter == BYSTANDER:
        canvas.rect(x - half, y - size * 0.09, size, size * 0.18, stroke=0, fill=1)
    else:
        stroke(canvas, colour, size * 0.2)
        canvas.setLineCap(1)
        canvas.line(x - half * 0.8, y - half * 0.8, x + half * 0.8, y + half * 0.8)
        canvas.line(x - half * 0.8, y + half * 0.8, x + half * 0.8, y - half * 0.8)
