"""The rules sheet's drawn example as geometry: a 5 x 5 grid of words and, beside it or under
it, the key card that describes it, sized so that every word is printed at 6 pt or more.

Pure: points, origin at the bottom left of the figure, the column's width given.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..model.keys import SIDE
from ..settings.units import MM
from .fit import FittedText, fit_text
from .sheet import Box
from .typeface import Font

CELL_GAP = 0.8 * MM
KEY_GAP = 3 * MM  # between the grid and the key card
WORD_SIZE = 6.5  # points: the words' size when they fit
MIN_WORD_SIZE = 6.0  # points: the smallest text print shops accept
# The grid's share of the column when the key card sits beside it, tried in turn: the first
# at which every word fits is taken. When none is wide enough the key card goes under a grid
# as wide as the column, and the words may come closer to their cells' edges.
SHARES = tuple(round(0.62 + step / 100, 2) for step in range(9))  # 0.62 to 0.70
PADDINGS = (1.5 * MM, 1.0 * MM)  # the room around a word, both sides together
STACKED_KEY_SHARE = 0.5  # of the column, for the key card under the grid


@dataclass(frozen=True)
class ExampleLayout:
    width: float
    height: float
    cells: tuple[Box, ...]  # row-major, top row first
    words: tuple[FittedText | None, ...]  # None: the word does not fit at MIN_WORD_SIZE
    key: Box

    @property
    def unfitting(self) -> tuple[int, ...]:
        """Indexes of the words that do not fit their cells at the smallest size."""
        return tuple(index for index, word in enumerate(self.words) if word is None)


def example_layout(width: float, words: Sequence[str], font: Font) -> ExampleLayout:
    """The largest-share arrangement at which every word fits at 6 pt or more; if none does,
    the stacked one with the closest padding, whose ``unfitting`` words the caller reports."""
    candidates = [(share, PADDINGS[0]) for share in SHARES] + [(1.0, padding) for padding in PADDINGS]
    layout = None
    for share, padding in candidates:
        layout = _arrange(width, share, padding, words, font)
        if not layout.unfitting:
            return layout
    assert layout is not None
    return layout


def _arrange(width: float, share: float, padding: float, words: Sequence[str], font: Font) -> ExampleLayout:
    grid_side = width * share
    cell = (grid_side - (SIDE - 1) * CELL_GAP) / SIDE
    stacked = share >= 1.0
    if stacked:
        key_side = width * STACKED_KEY_SHARE
        height = grid_side + KEY_GAP + key_side
        grid_bottom = height - grid_side
        key = Box((width - key_side) / 2, 0.0, key_side, key_side)
    else:
        key_side = width - grid_side - KEY_GAP
        height = grid_side
        grid_bottom = 0.0
        key = Box(grid_side + KEY_GAP, (grid_side - key_side) / 2, key_side, key_side)
    cells = tuple(
        Box(column * (cell + CELL_GAP), grid_bottom + grid_side - (row + 1) * cell - row * CELL_GAP, cell, cell)
        for row in range(SIDE)
        for column in range(SIDE)
    )
    room = cell - padding
    fitted = tuple(fit_text(word, font, room, room, WORD_SIZE, MIN_WORD_SIZE) for word in words)
    return ExampleLayout(width, height, cells, fitted, key)
