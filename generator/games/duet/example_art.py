"""The Duet rules sheet's drawn example: one key card's two sides, drawn by the Duet key card's
own artist, above the table as player A sees it, every word card banded with what each side
gives it and the words both sides call agents ringed, as ``example_layout`` lays them
out for the column."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from ...draw.figure import RING_WIDTH, ExampleFlowable, caption, draw_face_in, ring, word_card
from ...draw.keycard import cell_colours, draw_cell_ground
from ...draw.paint import centred_lines, fill
from ...draw.symbols import draw_role_symbol
from ...draw.theme import Theme
from ...geometry.style import PANEL_RADIUS
from ...typeface.font import FontFamily
from ...units import MM
from .card import DuetCardArtist, DuetFace
from .deal import CELL_COUNT, SIDES
from .example import DuetExample
from .example_layout import DuetExampleLayout
from .face import duet_face_layout

# The ring round a key cell sits in the gap beside it, on the card's pale ground, so that it
# shows round a dark cell in black and white too.
KEY_RING_OFFSET = 0.25 * MM


class DuetExampleArt:
    """What the example draws: its layout in a column, its card and words, and the card's artist."""

    def __init__(self, layout: DuetExampleLayout, example: DuetExample, fonts: FontFamily, theme: Theme):
        self.layout, self.example, self.fonts, self.theme = layout, example, fonts, theme
        # Drawn at half size or so, the card's number would print under 7 pt: it is left off.
        self.card = DuetCardArtist(duet_face_layout(layout.layout_card, layout.layout_card), fonts.bold, theme,
                                   scale=layout.scale, numbered=False)

    def define(self, canvas: Canvas) -> None:
        """The key card's forms, declared once before the sheet is poured."""
        self.card.define(canvas)

    def figure(self) -> Flowable:
        return DuetExampleFigure(self)


class DuetExampleFigure(ExampleFlowable["DuetExampleArt"]):
    """Side A and side B, each upright as its player reads it, their shared agents ringed; then
    the table from A's chair between the two seats' names, each word card banded along A's
    edge and B's with what that side gives it."""

    def draw(self) -> None:
        canvas, art = self.canv, self.art
        layout, example, theme, fonts = art.layout, art.example, art.theme, art.fonts
        shared = example.shared
        for index, (side, box) in enumerate(zip(SIDES, layout.sides)):
            draw_face_in(canvas, box, art.card.layout.card, art.card,
                         DuetFace(side, example.card.grid(side), example.card.number))
            # A's cell i is B's cell 24 - i: the same words, seen from across the table.
            for cell in shared:
                ring(canvas, layout.side_cells[index][cell if side == "A" else CELL_COUNT - 1 - cell], KEY_RING_OFFSET,
                     RING_WIDTH * 0.75, theme)
            label = layout.side_captions[index]
            if label is not None:
                caption(canvas, label.text, fonts.slanted, label.centre_x, label.top, theme, centred=True)
        for label in layout.seats:
            if label is not None:
                caption(canvas, label.text, fonts.slanted, label.centre_x, label.top, theme, centred=True)
        for cell, (box, roles) in enumerate(zip(layout.cells, example.roles)):
            word_card(canvas, box, theme)
            for near, letter in zip((True, False), roles):
                _band(canvas, layout, cell, near, letter, theme)
            word = layout.words[cell]
            if word is not None:
                fill(canvas, theme.text)
                centred_lines(canvas, word, fonts.bold, *box.centre)
        for cell in shared:
            ring(canvas, layout.cells[cell], 0.35 * MM, RING_WIDTH, theme)
        if layout.grid_caption is not None:
            block = layout.grid_caption
            caption(canvas, block.text, fonts.slanted, block.x, block.top, theme)


def _band(canvas: Canvas, layout: DuetExampleLayout, cell: int, near: bool, letter: str, theme: Theme) -> None:
    """One side's word for a word card: a band in its key cell's colour, with its symbol."""
    symbol = cell_colours(letter, theme)[1]
    band = layout.band(cell, near)
    draw_cell_ground(canvas, band, letter, theme, min(PANEL_RADIUS * 0.5, band.height / 2))  # the assassin's striped
    draw_role_symbol(canvas, letter, *layout.symbol(cell, near), symbol)
