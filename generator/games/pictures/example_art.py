"""The picture edition's rules example drawn: the classic figure (``classic.example_art``: the
key card, the clue in a bubble, the rings, the captions) with this game's key card, and picture
cards on the table instead of word cards.

A picture card is drawn small, as the real one looks: the card's ground, its light window, the
picture, the frame and the corner mark at the window's upper left. A guessed card is covered
by its tile, which shows the role's symbol above the picture, smaller, on a light panel. Each picture is drawn
once in the file, as a form that its cards place.
"""

from __future__ import annotations

from typing import Any, Mapping

from reportlab.pdfgen.canvas import Canvas

from ...draw.cornermark import draw_corner_mark
from ...draw.figure import word_card
from ...draw.keycard import cell_colours, draw_cell_ground
from ...draw.paint import fill
from ...draw.symbols import draw_role_symbol
from ...draw.theme import Theme
from ...geometry.sheet import Box
from ...geometry.style import PANEL_RADIUS
from ...typeface.font import FontFamily
from ..classic.example_art import ExampleArt
from .example import PictureExample
from .example_layout import PictureExampleLayout

WINDOW_RADIUS = PANEL_RADIUS * 0.4


class PictureExampleArt(ExampleArt):
    """What the example draws: the classic figure's parts, the key card given (its ``card``
    artist, the ``face`` it draws and the card's box ``key_card``), and ``drawings``: each
    picture of the example by name, a ReportLab drawing whose colours are the file's."""

    def __init__(self, layout: PictureExampleLayout, example: PictureExample, fonts: FontFamily, theme: Theme, *,
                 drawings: Mapping[str, Any], card: Any, face: Any, key_card: Box):
        super().__init__(layout.figure, example, fonts, theme, card=card, face=face, key_card=key_card)
        self.pictures = layout
        self.drawings = dict(drawings)
        self.forms = {name: f"cngen-example-picture-{number}" for number, name in enumerate(self.drawings)}

    def define(self, canvas: Canvas) -> None:
        """The key card's forms, and one form a picture, each at its drawing's own size."""
        super().define(canvas)
        from reportlab.graphics import renderPDF  # only a sheet that draws pictures needs it

        for name, drawing in self.drawings.items():
            canvas.beginForm(self.forms[name], 0, 0, drawing.width, drawing.height)
            renderPDF.draw(drawing, canvas, 0, 0, showBoundary=False)
            canvas.endForm()

    def table_card(self, canvas: Canvas, cell: int, letter: str | None) -> None:
        """A picture card of the table, or the tile that covers it, showing its picture."""
        card, box, theme = self.pictures.cards[cell], self.layout.cells[cell], self.theme
        name = self.example.words[cell]
        if letter is None:
            word_card(canvas, box, theme)
            window = card.window
            fill(canvas, theme.label)
            canvas.roundRect(window.x, window.y, window.width, window.height, WINDOW_RADIUS, stroke=0, fill=1)
            self._picture(canvas, name, card.picture)
            draw_corner_mark(canvas, window.x, window.top, self.pictures.mark, theme.line)
            return
        symbol = cell_colours(letter, theme)[1]
        tile = self.layout.tile(cell)
        draw_cell_ground(canvas, tile, letter, theme, PANEL_RADIUS * 0.5)  # the assassin's striped
        draw_role_symbol(canvas, letter, *card.symbol, symbol)
        fill(canvas, theme.label)
        panel = card.panel
        canvas.roundRect(panel.x, panel.y, panel.width, panel.height, WINDOW_RADIUS, stroke=0, fill=1)
        self._picture(canvas, name, card.tile_picture)

    def _picture(self, canvas: Canvas, name: str, box: Box) -> None:
        """The picture's form, as large as fits ``box``, centred in it."""
        drawing = self.drawings[name]
        scale = min(box.width / drawing.width, box.height / drawing.height)
        canvas.saveState()
        canvas.translate(box.centre[0] - drawing.width * scale / 2, box.centre[1] - drawing.height * scale / 2)
        canvas.scale(scale, scale)
        canvas.doForm(self.forms[name])
        canvas.restoreState()

