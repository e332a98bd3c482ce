"""What the rules sheet's drawn examples share: word cards on the table, the rings round the
words an example points at, and captions."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..geometry.fit import FittedText
from ..geometry.sheet import Box
from ..geometry.style import PANEL_RADIUS
from ..geometry.typeface import Font
from .paint import fill, stroke
from .theme import Theme

LINE_WIDTH = 0.4  # points: the table's rules and the example's cards
RING_WIDTH = 0.8  # points: the rings round the words an example points at


def word_card(canvas: Canvas, box: Box, theme: Theme) -> None:
    """A word card lying on the table: the card colour, framed in the line colour."""
    fill(canvas, theme.card)
    stroke(canvas, theme.line, LINE_WIDTH)
    canvas.roundRect(box.x, box.y, box.width, box.height, PANEL_RADIUS * 0.6, stroke=1, fill=1)


def ring(canvas: Canvas, box: Box, offset: float, width: float, theme: Theme) -> None:
    """The mark of a word an example points at: a ring round its cell, in black ink."""
    outer = box.inset(-offset)
    stroke(canvas, theme.text, width)
    canvas.roundRect(outer.x, outer.y, outer.width, outer.height, min(outer.width, outer.height) * 0.18, stroke=1,
                     fill=0)


def caption(canvas: Canvas, text: FittedText, font: Font, x: float, top: float, theme: Theme) -> None:
    """Caption lines set flush left from ``x``, the first line's box topping at ``top``."""
    fill(canvas, theme.text)
    canvas.setFont(font.name, text.size)
    baseline = top - font.ascent * text.size
    for line in text.lines:
        canvas.drawString(x, baseline, line)
        baseline -= font.line_height(text.size)


def centred_caption(canvas: Canvas, text: FittedText, font: Font, centre_x: float, top: float, theme: Theme) -> None:
    """Caption lines each centred on ``centre_x``, the first line's box topping at ``top``."""
    fill(canvas, theme.text)
    canvas.setFont(font.name, text.size)
    baseline = top - font.ascent * text.size
    for line in text.lines:
        canvas.drawCentredString(centre_x, baseline, line)
        baseline -= font.line_height(text.size)
