"""What the rules sheet's drawn examples share: a key card face drawn smaller, word cards on the
table, the rings round the words an example points at, captions, and the flowable an example
is drawn in. Each game
draws its own example (``games/*/example_art.py``) through ``ExampleArt``."""

from __future__ import annotations

from typing import Generic, Protocol, TypeVar

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from ..geometry.fit import FittedText
from ..geometry.sheet import Box
from ..geometry.style import PANEL_RADIUS
from ..typeface.font import Font
from .paint import fill, stroke
from .sheet import Artist
from .theme import Theme

LINE_WIDTH = 0.4  # points: the table's rules and the example's cards
RING_WIDTH = 0.8  # points: the rings round the words an example points at


def draw_face_in(canvas: Canvas, box: Box, card: Box, artist: Artist, face: object) -> None:
    """A key card's ``face``, which ``artist`` draws at the card's full size (``card``), drawn
    scaled into ``box``."""
    canvas.saveState()
    canvas.translate(box.x, box.y)
    canvas.scale(box.width / card.width, box.height / card.height)
    artist.draw(canvas, face)
    canvas.restoreState()


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


def caption(canvas: Canvas, text: FittedText, font: Font, x: float, top: float, theme: Theme,
            centred: bool = False) -> None:
    """Caption lines, the first line's box topping at ``top``: flush left from ``x``, or each
    line centred on ``x``."""
    fill(canvas, theme.text)
    canvas.setFont(font.name, text.size)
    baseline = top - font.ascent * text.size
    draw = canvas.drawCentredString if centred else canvas.drawString
    for line in text.lines:
        draw(x, baseline, line)
        baseline -= font.line_height(text.size)


class Measured(Protocol):
    """A laid-out example's size, in points."""

    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...


class ExampleArt(Protocol):
    """A game's example laid out for a column: it declares its forms on the canvas once, and
    gives the flowable that draws it in the rules' flow."""

    @property
    def layout(self) -> Measured: ...

    def define(self, canvas: Canvas) -> None: ...

    def figure(self) -> Flowable: ...


Art = TypeVar("Art", bound=ExampleArt)


class ExampleFlowable(Flowable, Generic[Art]):
    """A drawn example in the rules' flow of text: as wide and tall as its laid-out ``art``
    (a game's own, which its figure draws)."""

    def __init__(self, art: Art) -> None:
        super().__init__()
        self.art = art

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width, self.height = self.art.layout.width, self.art.layout.height
        return self.width, self.height
