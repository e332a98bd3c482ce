"""The classic rules sheet's drawn example: the spymasters' view (the key card, the clue in a
bubble, the clue's words ringed) above the table as the turn leaves it (the guessed words
covered by their tiles), as ``example_layout`` lays them out for the column.

Another game of two teams draws its example with the same figure: it gives its own key card
(an artist, the face it draws and the card's box) and draws its own cards on the table
(``ExampleArt.table_card``), as the picture edition does."""

from __future__ import annotations

from typing import Any

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from ...draw.figure import RING_WIDTH, ExampleFlowable, caption, draw_face_in, ring, word_card
from ...draw.keycard import cell_colours, draw_cell_ground
from ...draw.paint import centred_lines, fill, stroke
from ...draw.symbols import draw_role_symbol
from ...draw.theme import Theme
from ...geometry.keyface import key_face_layout
from ...geometry.sheet import Box
from ...geometry.style import FRAME_LINE, PANEL_RADIUS
from ...model.roles import role_of
from ...typeface.font import FontFamily
from ...units import MM
from .card import KeyCardArtist, KeyFace
from .example import Example
from .example_layout import EXAMPLE_CARD, ExampleLayout


class ExampleArt:
    """What the example draws: its layout in a column, its turn, and the key card: its artist
    (``card``: the classic one when not given), the ``face`` it draws and the ``key_card`` box
    it draws it in, at full size."""

    def __init__(self, layout: ExampleLayout, example: Example, fonts: FontFamily, theme: Theme, *,
                 card: Any = None, face: Any = None, key_card: Box | None = None):
        self.layout, self.example, self.fonts, self.theme = layout, example, fonts, theme
        if card is None:
            card = KeyCardArtist(key_face_layout(EXAMPLE_CARD, EXAMPLE_CARD), fonts.bold, theme,
                                 scale=layout.key.width / EXAMPLE_CARD)
        self.card = card
        self.face = face if face is not None else KeyFace(example.key)
        self.key_card = key_card if key_card is not None else card.layout.card

    def define(self, canvas: Canvas) -> None:
        """The key card's forms, declared once before the sheet is poured."""
        self.card.define(canvas)

    def figure(self) -> Flowable:
        return ExampleFigure(self)

    def table_card(self, canvas: Canvas, cell: int, letter: str | None) -> None:
        """A card of the table: a word card, covered by the tile of ``letter`` if it was guessed."""
        layout, theme, fonts = self.layout, self.theme, self.fonts
        word_card(canvas, layout.cells[cell], theme)
        word = layout.words[cell]
        text_colour = theme.text
        if letter is not None:
            symbol = cell_colours(letter, theme)[1]
            text_colour = theme.text if role_of(letter).pale else symbol  # dark on the pale bystander
            tile = layout.tile(cell)
            draw_cell_ground(canvas, tile, letter, theme, PANEL_RADIUS * 0.5)  # the assassin's striped
            x, y, size = layout.symbol(cell)
            draw_role_symbol(canvas, letter, x, y, size, symbol)
        if word is not None:
            fill(canvas, text_colour)
            centred_lines(canvas, word, fonts.bold, *layout.word_centre(cell, letter is not None))


class ExampleFigure(ExampleFlowable[ExampleArt]):
    """The spymasters' view (the key card, the clue in a bubble, the clue's words ringed) above
    the table as the turn leaves it (the guessed words covered by their tiles), as
    ``example_layout`` lays them out for the column."""

    def draw(self) -> None:
        canvas, art = self.canv, self.art
        layout, example, theme, fonts = art.layout, art.example, art.theme, art.fonts
        # The spymasters' view.
        draw_face_in(canvas, layout.key, art.key_card, art.card, art.face)
        for cell in example.targets:
            ring(canvas, layout.key_cells[cell], 0.0, RING_WIDTH * 0.75, theme)
        if layout.bubble is not None and layout.clue is not None:
            _bubble(canvas, layout.bubble, layout.tail, theme)
            fill(canvas, theme.text)
            centred_lines(canvas, layout.clue, fonts.bold, *layout.bubble.centre)
        if layout.clue_caption is not None:
            caption(canvas, layout.clue_caption.text, fonts.slanted, layout.clue_caption.x, layout.clue_caption.top,
                     theme)
        # The table after the turn.
        covered = dict(example.covers)
        for cell in range(len(layout.cells)):
            art.table_card(canvas, cell, covered.get(cell))
        for cell in example.targets:
            ring(canvas, layout.cells[cell], 0.35 * MM, RING_WIDTH, theme)
        if layout.grid_caption is not None:
            caption(canvas, layout.grid_caption.text, fonts.slanted, layout.grid_caption.x, layout.grid_caption.top,
                     theme)


def _bubble(canvas: Canvas, bubble: Box, tail: tuple[tuple[float, float], ...], theme: Theme) -> None:
    """A speech bubble with its tail toward the key card, in the card colour, framed in the line colour."""
    radius = min(bubble.height / 2, 2.5 * MM)
    stroke(canvas, theme.line, FRAME_LINE)
    fill(canvas, theme.card)
    canvas.roundRect(bubble.x, bubble.y, bubble.width, bubble.height, radius, stroke=1, fill=1)
    path = canvas.beginPath()
    path.moveTo(*tail[0])
    for point in tail[1:]:
        path.lineTo(*point)
    canvas.drawPath(path, stroke=1, fill=1)
    # Cover the bubble's frame where the tail joins it, so that they read as one outline.
    fill(canvas, theme.card)
    (x, upper), _, (_, lower) = tail
    inner = FRAME_LINE
    canvas.rect(x - inner / 2, lower + inner / 2, inner * 1.5, upper - lower - inner, stroke=0, fill=1)
