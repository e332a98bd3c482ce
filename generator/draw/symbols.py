"""The symbol of each role, shared by key cards and tokens so that players learn one set.

Each role names its shape (``model.roles``): red a diamond, blue a disc, green a square, orange
a triangle, a bystander a bar, the assassin a cross, Duet's agents a five-pointed star. Vector shapes, so no font can lack them,
and they tell the roles apart without colour.
"""

from __future__ import annotations

import math
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from ..model.roles import Shape, role_of
from .paint import fill, stroke
from .theme import Colour


def draw_role_symbol(canvas: Canvas, letter: str, x: float, y: float, size: float, colour: Colour) -> None:
    """The symbol of the role of ``letter``, ``size`` points across, centred on (x, y)."""
    fill(canvas, colour)
    SHAPES[role_of(letter).symbol](canvas, x, y, size, colour)


def _diamond(canvas: Canvas, x: float, y: float, size: float, colour: Colour) -> None:
    half = size / 2
    path = canvas.beginPath()
    path.moveTo(x, y + half)
    path.lineTo(x + half, y)
    path.lineTo(x, y - half)
    path.lineTo(x - half, y)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _disc(canvas: Canvas, x: float, y: float, size: float, colour: Colour) -> None:
    canvas.circle(x, y, size / 2 * 0.82, stroke=0, fill=1)


def _square(canvas: Canvas, x: float, y: float, size: float, colour: Colour) -> None:
    half = size / 2 * 0.74  # as much ink as the disc, near enough: no shape shouts louder
    canvas.rect(x - half, y - half, 2 * half, 2 * half, stroke=0, fill=1)


def _triangle(canvas: Canvas, x: float, y: float, size: float, colour: Colour) -> None:
    """A triangle, point up, its box centred on (x, y)."""
    half = size / 2
    path = canvas.beginPath()
    path.moveTo(x, y + half * 0.9)
    path.lineTo(x + half, y - half * 0.82)
    path.lineTo(x - half, y - half * 0.82)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _bar(canvas: Canvas, x: float, y: float, size: float, colour: Colour) -> None:
    canvas.rect(x - size / 2, y - size * 0.09, size, size * 0.18, stroke=0, fill=1)


def _cross(canvas: Canvas, x: float, y: float, size: float, colour: Colour) -> None:
    half = size / 2
    stroke(canvas, colour, size * 0.2)
    canvas.setLineCap(1)
    canvas.line(x - half * 0.8, y - half * 0.8, x + half * 0.8, y + half * 0.8)
    canvas.line(x - half * 0.8, y + half * 0.8, x + half * 0.8, y - half * 0.8)


def _star(canvas: Canvas, x: float, y: float, size: float, colour: Colour) -> None:
    """A five-pointed star, one point up, its inner corners at 0.45 of its reach (a star
    that stays a star when printed small)."""
    radius = size / 2
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


# Each shape a role's symbol may take (``Role.symbol``), drawn ``size`` points across.
SHAPES: dict[Shape, Callable[[Canvas, float, float, float, Colour], None]] = {
    "diamond": _diamond,
    "disc": _disc,
    "square": _square,
    "triangle": _triangle,
    "star": _star,
    "bar": _bar,
    "cross": _cross,
}
