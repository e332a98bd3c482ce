"""The corner mark: a small filled right triangle in a card's upper-left corner. The picture
edition's cards wear it, so that the grid of pictures has one way up, and its key card wears the
same mark at its grid's upper-left, so that the key's marked corner is matched with the grid's.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from .paint import fill, polygon_path
from .theme import Colour


def draw_corner_mark(canvas: Canvas, left: float, top: float, size: float, colour: Colour) -> None:
    """The mark with its right angle at (``left``, ``top``) and its legs running ``size`` right
    and ``size`` down, filled in ``colour`` (a theme colour): it points into the corner it marks."""
    fill(canvas, colour)
    canvas.drawPath(polygon_path(canvas, [(left, top), (left + size, top), (left, top - size)]), stroke=0, fill=1)
