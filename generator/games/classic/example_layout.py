"""The classic rules sheet's drawn example as geometry: the spymasters' view (the key card, and
the clue in a speech bubble beside it, with a caption) above the table as the turn leaves it
(a 5 x 5 grid of word cards, the guessed ones covered by their tiles, and a caption).

Every word is set at 7 pt or more (``MIN_WORD_SIZE``): words that do not fit their cell at
that size, or a clue or caption too long for its room, are listed for the caller to report.

Another game of two teams lays its example out the same way with its own grid (rows x columns),
cards (their shape) and key card face: the picture edition's 5 x 4 pictures, which carry no word.

Pure: points, origin at the bottom left of the figure, the column's width given.
"""

from __future__ import annotations

from typing import Any, Sequence

import msgspec

from ...geometry.fit import FittedText, fit_text
from ...geometry.keyface import key_face_layout
from ...geometry.rulesexample import (
    CAPTION_GAP,
    MAX_WIDTH,
    MIN_WORD_SIZE,
    WORD_PADDING,
    Caption,
    caption_height,
    drawn_cells,
    fit_caption,
    fit_words,
)
from ...geometry.sheet import Box
from ...geometry.style import SUBTITLE
from ...typeface.font import Font
from ...units import MM
from ..examples import grid_card, grid_cells, grid_height
from .deal import SIDE

CLUE_SIZE = SUBTITLE  # the clue in its bubble at its largest
CELL_RATIO = 0.52  # a cell's height to its width: about a word card's
WORD_HEIGHT_SHARE = 0.5  # of a cell's height: a covered cell shows its symbol above the word
TILE_INSET = 0.5 * MM  # a tile lies a little inside its card
KEY_SHARE = 0.36  # of the figure's width, for the key card
MAX_KEY = 31 * MM
EXAMPLE_CARD = 70 * MM  # the key card is laid out at this size and drawn scaled down
KEY_GAP = 4.5 * MM  # from the key card to the bubble: room for the bubble's tail
TAIL_REACH = 1.2 * MM  # the tail's tip stops this far from the key card
BUBBLE_PADDING = 2.2 * MM
ROW_GAP = 4 * MM  # between the spymasters' view and the grid
CLUE_CAPTION_LINES = 4
GRID_CAPTION_LINES = 2


class ExampleLayout(msgspec.Struct, frozen=True):
    width: float
    height: float
    cells: tuple[Box, ...]  # the grid, row-major, top row first
    words: tuple[FittedText | None, ...]  # None: the word does not fit at MIN_WORD_SIZE
    key: Box  # the key card
    key_cells: tuple[Box, ...]  # the key card's cells, as drawn
    bubble: Box | None = None  # the clue's speech bubble
    tail: tuple[tuple[float, float], ...] = ()  # the bubble's tail: base, tip, base
    clue: FittedText | None = None
    clue_caption: Caption | None = None
    grid_caption: Caption | None = None
    overflowing: tuple[str, ...] = ()  # "clue", "clue caption", "grid caption": too long

    @property
    def unfitting(self) -> tuple[int, ...]:
        """Indexes of the words that do not fit their cells at the smallest size."""
        return tuple(index for index, word in enumerate(self.words) if word is None)

    def tile(self, cell: int) -> Box:
        """The tile that covers a guessed cell."""
        return self.cells[cell].inset(TILE_INSET)

    def word_centre(self, cell: int, covered: bool) -> tuple[float, float]:
        """Where a word is centred: in its card, or under the symbol on the tile that covers it."""
        box = self.cells[cell]
        if not covered:
            return box.centre
        return box.centre[0], box.y + box.height * 0.36

    def symbol(self, cell: int) -> tuple[float, float, float]:
        """Centre and size of the role symbol on the tile that covers a cell."""
        box = self.cells[cell]
        size = box.height * 0.28
        return box.centre[0], box.top - box.height * 0.3, size


def example_layout(width: float, words: Sequence[str], font: Font, *, clue: str | None = None,
                   clue_caption: str | None = None, grid_caption: str | None = None,
                   caption_font: Font | None = None, rows: int = SIDE, columns: int = SIDE,
                   cell_ratio: float = CELL_RATIO, key_face: Any = None) -> ExampleLayout:
    """The figure for a column ``width`` wide: ``words`` in ``font`` (none for cards that
    carry no word), the clue in ``font`` and the captions in ``caption_font`` (``font`` when not
    given); a grid of ``rows`` x ``columns`` cards each ``cell_ratio`` times as tall as wide, and
    the key card as ``key_face`` lays it out (its ``card`` and ``cells``: the classic card at
    EXAMPLE_CARD when not given), drawn as wide as a square card would be."""
    caption_font = caption_font or font
    figure = min(width, MAX_WIDTH)
    overflowing: list[str] = []
    key_face = key_face or key_face_layout(EXAMPLE_CARD, EXAMPLE_CARD)

    key_side = min(figure * KEY_SHARE, MAX_KEY)
    key_height = key_side * (key_face.card.height / key_face.card.width)
    beside = figure - key_side - KEY_GAP  # room right of the key card
    fitted_clue = None
    bubble_height = 0.0
    if clue is not None:
        fitted_clue = fit_text(clue, font, beside - 2 * BUBBLE_PADDING, key_side - 2 * BUBBLE_PADDING, CLUE_SIZE,
                               MIN_WORD_SIZE)
        if fitted_clue is None:
            overflowing.append("clue")
        else:
            bubble_height = len(fitted_clue.lines) * font.line_height(fitted_clue.size) + 2 * BUBBLE_PADDING
    first_caption = fit_caption(clue_caption, caption_font, beside, CLUE_CAPTION_LINES)
    if clue_caption is not None and first_caption is None:
        overflowing.append("clue caption")
    first_caption_height = caption_height(first_caption, caption_font)
    gap = CAPTION_GAP if bubble_height and first_caption_height else 0.0
    top_row = max(key_height, bubble_height + gap + first_caption_height)

    cell_width, cell_height = grid_card(figure, columns, cell_ratio)
    table_height = grid_height(figure, rows, columns, cell_ratio)
    last_caption = fit_caption(grid_caption, caption_font, figure, GRID_CAPTION_LINES)
    if grid_caption is not None and last_caption is None:
        overflowing.append("grid caption")
    last_caption_height = caption_height(last_caption, caption_font)
    bottom = CAPTION_GAP + last_caption_height if last_caption_height else 0.0
    height = top_row + ROW_GAP + table_height + bottom

    key = Box(0.0, height - key_height, key_side, key_height)
    key_cells = drawn_cells(key_face.cells, key, key_side / key_face.card.width)

    bubble = None
    tail: tuple[tuple[float, float], ...] = ()
    if fitted_clue is not None:
        widest = max(font.width(line, fitted_clue.size) for line in fitted_clue.lines)
        bubble = Box(key.right + KEY_GAP, height - bubble_height, widest + 2 * BUBBLE_PADDING, bubble_height)
        middle = bubble.centre[1]
        half_base = min(1.6 * MM, bubble_height / 4)
        tail = ((bubble.x, middle + half_base), (key.right + TAIL_REACH, middle - 2 * half_base),
                (bubble.x, middle - half_base))
    clue_caption_placed = None
    if first_caption is not None:
        top = bubble.y - gap if bubble is not None else height
        clue_caption_placed = Caption(first_caption, key.right + KEY_GAP, top)

    grid_top = height - top_row - ROW_GAP
    cells = grid_cells(figure, rows, columns, cell_ratio, grid_top)
    fitted = fit_words(words, font, cell_width - 2 * TILE_INSET - WORD_PADDING, cell_height * WORD_HEIGHT_SHARE)
    grid_caption_placed = None
    if last_caption is not None:
        grid_caption_placed = Caption(last_caption, 0.0, grid_top - table_height - CAPTION_GAP)
    return ExampleLayout(figure, height, cells, fitted, key, key_cells, bubble, tail, fitted_clue,
                         clue_caption_placed, grid_caption_placed, tuple(overflowing))
