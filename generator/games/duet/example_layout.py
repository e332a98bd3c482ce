"""The Duet rules sheet's drawn example as geometry: one key card's two sides next to each other
(side A on the left, side B on the right, each upright as its player reads it, each with a
caption under it), above the 25 words on the table as player A sees them. B's seat is named
above the table and A's below it; each word card carries two bands, the one on A's near edge
in the colour side A gives the word, the one on its far edge (B's near edge) in side B's, and
the words that are agents on both sides are ringed.

The key card is laid out at ``LAYOUT_CARD`` (or less) and drawn scaled down, never below half
size, so that the tab's letter prints at 7 pt or more; its number, which would not, is left
off. Every word is set at 7 pt or more (``MIN_WORD_SIZE``): words that do not fit, and
captions too long for their room, are listed for the caller to report.

Pure: points, origin at the bottom left of the figure, the column's width given.
"""

from __future__ import annotations

from typing import Sequence

import msgspec

from ...geometry.fit import FittedText
from ...geometry.rulesexample import (
    CAPTION_GAP,
    MAX_WIDTH,
    WORD_PADDING,
    Caption,
    caption_height,
    drawn_cells,
    fit_caption,
    fit_words,
    table_card,
    table_cells,
    table_height,
)
from ...geometry.sheet import Box
from ...typeface.font import Font
from ...units import MM
from .deal import SIDE
from .face import duet_face_layout

MAX_CARD = 38 * MM  # each side of the key card, as drawn
CARD_GAP = 5 * MM  # at least this between the two sides
LAYOUT_CARD = 70 * MM  # the key card is laid out at this size (or less) and drawn scaled down
MIN_SCALE = 0.5  # the tab's 14 pt letter prints at 7 pt or more
CELL_RATIO = 0.64  # a word card's height to its width: room for a band above and below the word
BAND_SHARE = 0.24  # of a word card's height, for each band
BAND_INSET = 0.5 * MM  # a band lies a little inside its word card
SYMBOL_SHARE = 0.62  # of a band's height, for its symbol
ROW_GAP = 4 * MM  # between the key card's captions and the table
SEAT_GAP = 1.0 * MM  # between a seat's label and the table
SIDE_CAPTION_LINES = 2
SEAT_LINES = 1
GRID_CAPTION_LINES = 3


class Label(msgspec.Struct, frozen=True):
    """Caption lines, each centred on ``centre_x``, the first line's box topping at ``top``."""

    text: FittedText
    centre_x: float
    top: float


class DuetExampleLayout(msgspec.Struct, frozen=True):
    width: float
    height: float
    layout_card: float  # the size the key card is laid out at, before it is scaled to ``sides``
    sides: tuple[Box, Box]  # side A's card, side B's card, as drawn
    side_cells: tuple[tuple[Box, ...], tuple[Box, ...]]  # each side's cells as drawn, row-major, top row first
    cells: tuple[Box, ...]  # the table, row-major as A sees it: top row farthest from A
    words: tuple[FittedText | None, ...]  # None: the word does not fit at MIN_WORD_SIZE
    side_captions: tuple[Label | None, Label | None] = (None, None)
    seats: tuple[Label | None, Label | None] = (None, None)  # A's (under the table), B's (above it)
    grid_caption: Caption | None = None
    overflowing: tuple[str, ...] = ()  # caption names ("a", "b", "a-seat", "b-seat", "grid"): too long

    @property
    def scale(self) -> float:
        return self.sides[0].width / self.layout_card

    @property
    def unfitting(self) -> tuple[int, ...]:
        """Indexes of the words that do not fit their cells at the smallest size."""
        return tuple(index for index, word in enumerate(self.words) if word is None)

    def band(self, cell: int, near: bool) -> Box:
        """The band along a word card's near edge (A's: the bottom) or its far edge (B's)."""
        box = self.cells[cell].inset(BAND_INSET)
        height = self.cells[cell].height * BAND_SHARE
        return Box(box.x, box.y if near else box.top - height, box.width, height)

    def symbol(self, cell: int, near: bool) -> tuple[float, float, float]:
        """Centre and size of the role symbol in a band."""
        band = self.band(cell, near)
        return band.centre[0], band.centre[1], band.height * SYMBOL_SHARE


def duet_example_layout(width: float, words: Sequence[str], font: Font, *, captions: dict[str, str] | None = None,
                        caption_font: Font | None = None) -> DuetExampleLayout:
    """The figure for a column ``width`` wide: ``words`` (row-major, as A sees the table) in
    ``font``, the captions (by the names of ``DuetExampleLayout.overflowing``) in
    ``caption_font`` (``font`` when not given)."""
    captions = captions or {}
    caption_font = caption_font or font
    figure = min(width, MAX_WIDTH)
    half = figure / 2
    overflowing: list[str] = []

    def fitted(name: str, room: float, lines: int) -> FittedText | None:
        text = fit_caption(captions.get(name), caption_font, room, lines)
        if name in captions and text is None:
            overflowing.append(name)
        return text

    card = min(MAX_CARD, half - CARD_GAP / 2)
    layout_card = min(LAYOUT_CARD, card / MIN_SCALE)
    side_texts = (fitted("a", half - CARD_GAP / 2, SIDE_CAPTION_LINES),
                  fitted("b", half - CARD_GAP / 2, SIDE_CAPTION_LINES))
    side_caption_height = max(caption_height(text, caption_font) for text in side_texts)
    top_row = card + (CAPTION_GAP + side_caption_height if side_caption_height else 0.0)
    seat_texts = (fitted("a-seat", figure, SEAT_LINES), fitted("b-seat", figure, SEAT_LINES))
    seat_heights = tuple(caption_height(text, caption_font) for text in seat_texts)
    above = seat_heights[1] + SEAT_GAP if seat_heights[1] else 0.0
    below = seat_heights[0] + SEAT_GAP if seat_heights[0] else 0.0

    cell_width, cell_height = table_card(figure, SIDE, CELL_RATIO)
    grid_height = table_height(figure, SIDE, CELL_RATIO)
    grid_text = fitted("grid", figure, GRID_CAPTION_LINES)
    grid_text_height = caption_height(grid_text, caption_font)
    bottom = CAPTION_GAP + grid_text_height if grid_text_height else 0.0
    height = top_row + ROW_GAP + above + grid_height + below + bottom

    centres = (half / 2, half + half / 2)
    left, right = (Box(centre - card / 2, height - card, card, card) for centre in centres)
    sides = (left, right)
    face = duet_face_layout(layout_card, layout_card)
    scale = card / layout_card
    side_cells = (drawn_cells(face.cells, left, scale), drawn_cells(face.cells, right, scale))
    caption_top = height - card - CAPTION_GAP
    left_caption, right_caption = (Label(text, centre, caption_top) if text is not None else None
                                   for text, centre in zip(side_texts, centres))
    side_captions = (left_caption, right_caption)

    grid_top = height - top_row - ROW_GAP - above
    cells = table_cells(figure, SIDE, CELL_RATIO, grid_top)
    grid_bottom = grid_top - grid_height
    seats = (Label(seat_texts[0], half, grid_bottom - SEAT_GAP) if seat_texts[0] is not None else None,
             Label(seat_texts[1], half, grid_top + above) if seat_texts[1] is not None else None)
    room = cell_width - 2 * BAND_INSET - WORD_PADDING
    word_height = cell_height * (1 - 2 * BAND_SHARE) - BAND_INSET
    fitted_words = fit_words(words, font, room, word_height)
    grid_caption = Caption(grid_text, 0.0, grid_bottom - below - CAPTION_GAP) if grid_text is not None else None
    return DuetExampleLayout(figure, height, layout_card, sides, side_cells, cells, fitted_words, side_captions,
                             seats, grid_caption, tuple(overflowing))
