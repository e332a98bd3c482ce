"""The corner mark: a small filled right triangle in a card's upper-left corner. The picture
edition's cards wear it, so that the grid of pictures has one way up, and its key card wears the
same mark at its grid's upper-left, so that the key's marked corner is matched with the grid's.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..geometry.sheet import Box
from ..geometry.style import FRAME_LINE, FRAME_RADIUS
from .paint import fill, polygon_path
from .theme import Colour

# The inside of the kit's frame: the frame's radius less half its line.
WINDOW_RADIUS = FRAME_RADIUS - FRAME_LINE / 2


def draw_corner_mark(canvas: Canvas, left: float, top: float, size: float, colour: Colour) -> None:
    """The mark with its right angle at (``left``, ``top``) and its legs running ``size`` right
    and ``size`` down, filled in ``colour`` (a theme colour): it points into the corner it marks."""
    fill(canvas, colour)
    canvas.drawPath(polygon_path(canvas, [(left, top), (left + size, top), (left, top - size)]), stroke=0, fill=1)


def clip_to_window(canvas: Canvas, window: Box) -> None:
    """Clip what follows to ``window``, the inside of a card's frame, rounded corners and all."""
    path = canvas.beginPath()
    path.roundRect(window.x, window.y, window.width, window.height, WINDOW_RADIUS)
    canvas.clipPath(path, stroke=0, fill=0)


def draw_window_mark(canvas: Canvas, window: Box, size: float, colour: Colour) -> None:
    """The mark at the upper left of ``window`` (the inside of a card's frame), cut by its
    rounded corner, so that it reads as the frame's own corner: a picture card's and its key
    card's alike."""
    canvas.saveState()
    clip_to_window(canvas, window)
    draw_corner_mark(canvas, window.x, window.top, size, colour)
    canvas.restoreState()
