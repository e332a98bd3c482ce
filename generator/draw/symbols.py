"""The symbol of each role, shared by key cards and tokens so that players learn one set.

Red: a diamond. Blue: a disc. Bystander: a bar. Assassin: a cross. Duet's agents: a
five-pointed star. Vector shapes, so no font can lack them, and they tell the roles apart
without colour.
"""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from ..model.roles import AGENT, BLUE, BYSTANDER, RED
from .paint import fill, stroke
from .theme import Colour


def draw_role_symbol(canvas: Canvas, letter: str, x: float, y: float, size: float, colour: Colour) -> None:
    """Red: a diamond. Blue: a disc. Bystander: a bar. Assassin: a cross. Duet agent: a star."""
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
    elif letter == AGENT:
        _draw_star(canvas, x, y, half)
    elif letter == BYSTANDER:
        canvas.rect(x - half, y - size * 0.09, size, size * 0.18, stroke=0, fill=1)
    else:
        stroke(canvas, colour, size * 0.2)
        canvas.setLineCap(1)
        canvas.line(x - half * 0.8, y - half * 0.8, x + half * 0.8, y + half * 0.8)
        canvas.line(x - half * 0.8, y + half * 0.8, x + half * 0.8, y - half * 0.8)


def _draw_star(canvas: Canvas, x: float, y: float, radius: float) -> None:
    """A five-pointed star, one point up, its inner corners at 0.45 of its reach (a star
    that stays a star when printed small)."""
    path = canvas.beginPath()
    # The lowest points sit cos 36 degrees of the reach below the middle: move the star down
    # by half the difference so that its box, not its middle, is centred on (x, y).
    centre_y = y - radius * (1 - math.cos(math.pi / 5)) / 2
    for index in range(10):
        reach = radius if index % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + index * math.pi / 5
        point = (x + reach * math.cos(angle), centre_y + reach * math.sin(angle))
        path.moveTo(*point) if index == 0 else path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
