"""cngen's mark: a keyhole in a ring. Our own vector artwork, drawn in code. An edition may
bring its own (``--emblem``): a small picture, drawn whole inside the ring's square.

Where it divides (a word card's strip, the calibration sheet's heading) it sits between two
rules of the frame's weight: the same motif wherever it appears.
"""

from __future__ import annotations

from typing import Any

import msgspec
from reportlab.pdfgen.canvas import Canvas

from ..geometry.style import EMBLEM_LINE, FRAME_LINE
from .paint import fill, stroke
from .theme import Colour, Emblem, Ink
from .theme import line_width as drawn_width

RULE_GAP = 0.8  # between the ring and each rule, in the ring's radius


def draw_keyhole_emblem(canvas: Canvas, x: float, y: float, radius: float, colour: Colour, line_width: float) -> None:
    """A ring of ``radius`` centred on (x, y) with a solid keyhole inside. On a press file a
    coloured ring is drawn heavier (``theme.line_width``): it grows inwards, so that the
    emblem keeps its size and its distance from what is around it."""
    stroke(canvas, colour, line_width)
    canvas.circle(x, y, radius - (drawn_width(colour, line_width) - line_width) / 2, stroke=1, fill=0)
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


class EmblemArt(msgspec.Struct, frozen=True):
    """A user's emblem ready for the file: a photo's encoded pixels (``data``, in the file's
    colour space) or a drawing (an SVG's, its paints already in the file's colour space), of
    ``size`` in its own units (the width and height it is fitted by). Drawn once per file as a
    form named by ``key``, and placed, whole and centred, in each emblem's square."""

    key: str  # short and the same every run: the file's digest
    size: tuple[float, float]
    data: bytes | None = None
    drawing: Any = None

    def draw(self, canvas: Canvas, x: float, y: float, radius: float) -> None:
        width, height = self.size
        scale = 2 * radius / max(width, height)  # contain: the longer side spans the ring's square
        name = f"cngen-emblem-{self.key}"
        if not canvas.hasForm(name):
            canvas.beginForm(name, 0, 0, width, height)
            self._draw_whole(canvas)
            canvas.endForm()
        canvas.saveState()
        canvas.translate(x - width * scale / 2, y - height * scale / 2)
        canvas.scale(scale, scale)
        canvas.doForm(name)
        canvas.restoreState()

    def _draw_whole(self, canvas: Canvas) -> None:
        width, height = self.size
        if self.data is not None:
            from ..reportlab_private import draw_image

            draw_image(canvas, self.data, 0, 0, width, height)
            return
        from reportlab.graphics import renderPDF

        canvas.scale(width / self.drawing.width, height / self.drawing.height)
        renderPDF.draw(self.drawing, canvas, 0, 0, showBoundary=False)


def strokes_in_black(drawing: Any) -> Any:
    """A press file's emblem drawing, in place: its strokes in a grey of black ink alone, as dark
    as their colour. An emblem is drawn a few millimetres across, so its lines are far thinner
    than the 2 points below which shops take lines in black ink only (``Theme.colour_line_min``)."""
    from reportlab.graphics.shapes import Group
    from reportlab.lib.colors import CMYKColor

    def walk(node: Any) -> None:
        paint = getattr(node, "strokeColor", None)
        if isinstance(paint, CMYKColor):
            ink = Ink((paint.cyan, paint.magenta, paint.yellow, paint.black)).black_only()
            node.strokeColor = CMYKColor(*ink.cmyk)
        if isinstance(node, Group) or hasattr(node, "contents"):
            for child in getattr(node, "contents", ()):
                walk(child)

    walk(drawing)
    return drawing


def draw_emblem(canvas: Canvas, x: float, y: float, radius: float, colour: Colour, line_width: float,
                art: Emblem | None = None) -> None:
    """The kit's emblem in the circle of ``radius`` centred on (x, y): the user's ``art``
    (``Theme.emblem``) where there is one, else the keyhole in a ring."""
    if art is None:
        draw_keyhole_emblem(canvas, x, y, radius, colour, line_width)
        return
    art.draw(canvas, x, y, radius)


def draw_emblem_between_rules(canvas: Canvas, left: float, right: float, y: float, radius: float,
                              colour: Colour, art: Emblem | None = None) -> None:
    """The emblem (the user's ``art``, else the keyhole) centred between ``left`` and ``right``
    on the line ``y``, a rule either side of it running to those ends."""
    centre = (left + right) / 2
    draw_emblem(canvas, centre, y, radius, colour, EMBLEM_LINE, art)
    stroke(canvas, colour, FRAME_LINE)
    gap = radius * (1 + RULE_GAP)
    if centre - gap > left:
        canvas.line(left, y, centre - gap, y)
        canvas.line(centre + gap, y, right, y)
