"""The picture edition's rules example as geometry: the spymasters' view (the 5 x 4 key card,
and the clue in a speech bubble beside it, with a caption) above the table as the turn leaves
it (20 square picture cards in 4 rows of 5, each with its corner mark, the guessed ones
covered by their tiles, and a caption).

The figure is the classic example's (``classic.example_layout``) with this game's grid, square
cards that carry a picture rather than a word, and its own key card; here are only what a
picture card adds: where its picture and its corner mark sit, uncovered or on the tile that
covers it.

Pure: points, origin at the bottom left of the figure, the column's width given.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ...geometry.sheet import Box
from ...typeface.font import Font
from ...units import MM
from ..classic.example_layout import TILE_INSET, ExampleLayout, example_layout
from .deal import COLUMNS, ROWS

CELL_RATIO = 1.0  # the picture cards are square
WINDOW_SHARE = 0.06  # of a card's side: the card's margin round its window, inside the frame
MARK_SHARE = 0.15  # of the window's side: the corner mark's legs
PICTURE_MARGIN = 0.07  # of the window's side: room round the picture, so the mark hides none of it
PANEL_SHARE = 0.56  # of a tile's side: a light panel on the tile that covers a card, showing its picture
PANEL_PICTURE = 0.8  # of the panel's side: the picture on it
SYMBOL_SHARE = 0.2  # of a tile's side: the role's symbol above the panel
SYMBOL_GAP = 0.5 * MM


class PictureCell(msgspec.Struct, frozen=True):
    """One picture card of the table: its window (the mark at its upper left) and its picture's
    box; covered, the light panel on its tile, the picture on it, and the role's symbol above
    (centre x, centre y, size)."""

    window: Box
    picture: Box
    panel: Box
    tile_picture: Box
    symbol: tuple[float, float, float]


class PictureExampleLayout(msgspec.Struct, frozen=True):
    """The classic figure (``figure``: the key card, bubble, captions and the grid's cells) and
    each picture card's own geometry."""

    figure: ExampleLayout
    cards: tuple[PictureCell, ...]
    mark: float  # the corner mark's legs


def picture_example_layout(width: float, font: Font, key_face: Any, *, clue: str | None = None,
                           clue_caption: str | None = None, grid_caption: str | None = None,
                           caption_font: Font | None = None) -> PictureExampleLayout:
    """The figure for a column ``width`` wide: the clue in ``font``, the captions in
    ``caption_font``, the key card as ``key_face`` lays it out (its ``card`` and ``cells``)."""
    figure = example_layout(width, (), font, clue=clue, clue_caption=clue_caption, grid_caption=grid_caption,
                            caption_font=caption_font, rows=ROWS, columns=COLUMNS, cell_ratio=CELL_RATIO,
                            key_face=key_face)
    side = figure.cells[0].width
    window_inset = side * WINDOW_SHARE
    window_side = side - 2 * window_inset
    cards = tuple(_card(cell, window_inset, window_side) for cell in figure.cells)
    return PictureExampleLayout(figure, cards, window_side * MARK_SHARE)


def _card(cell: Box, inset: float, window_side: float) -> PictureCell:
    window = cell.inset(inset)
    picture = window.inset(window_side * PICTURE_MARGIN)
    tile = cell.inset(TILE_INSET)
    panel_side = tile.width * PANEL_SHARE
    centre_x = tile.centre[0]
    symbol_size = tile.width * SYMBOL_SHARE
    # The symbol and the panel, one above the other, centred on the tile together.
    bottom = tile.centre[1] - (symbol_size + SYMBOL_GAP + panel_side) / 2
    panel = Box(centre_x - panel_side / 2, bottom, panel_side, panel_side)
    tile_picture = panel.inset(panel_side * (1 - PANEL_PICTURE) / 2)
    symbol = (centre_x, panel.top + SYMBOL_GAP + symbol_size / 2, symbol_size)
    return PictureCell(window, picture, panel, tile_picture, symbol)
