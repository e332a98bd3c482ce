"""What the rules sheet's drawn examples share, as geometry: the smallest size of their
words, the word cards on the table and the words fitted into them, a key card's cells as
drawn at a smaller size, and captions fitted to their room. Each game lays its own example out
(``games/*/example_layout.py``) from these.

Pure: points.
"""

from __future__ import annotations

from typing import Sequence

import msgspec

from ..typeface.font import Font
from ..units import MM
from .fit import FittedText, fit_text
from .rulespage import wrap_words
from .sheet import Box
from .style import BODY, CAPTION

MIN_WORD_SIZE = CAPTION  # points: every word of an example, its clue and its captions
WORD_SIZE = BODY  # the grid's words at their largest
CAPTION_SIZE = BODY  # captions at their largest
MAX_WIDTH = 100 * MM  # a wider column keeps a figure this wide, at its left
CELL_GAP = 1.2 * MM  # between the word cards on the table
WORD_PADDING = 1.0 * MM  # room beside a word, both sides together, inside its card or tile
CAPTION_GAP = 1.8 * MM
SIZE_STEP = 0.25  # points: fitted captions shrink by this much at a time


class Caption(msgspec.Struct, frozen=True):
    """Caption lines set flush left from ``x``, the first line's box topping at ``top``."""

    text: FittedText  # its lines and size
    x: float
    top: float  # the top of its first line's box


def fit_caption(text: str | None, font: Font, width: float, most_lines: int) -> FittedText | None:
    """A caption broken into at most ``most_lines`` lines ``width`` wide, at the largest size
    from CAPTION_SIZE down to MIN_WORD_SIZE; None when it is absent or does not fit."""
    if text is None:
        return None
    size = CAPTION_SIZE
    while size >= MIN_WORD_SIZE - 1e-9:
        lines = wrap_words(text, font, size, width)
        if lines is not None and len(lines) <= most_lines:
            return FittedText(lines, size)
        size -= SIZE_STEP
    return None


def caption_height(caption: FittedText | None, font: Font) -> float:
    return len(caption.lines) * font.line_height(caption.size) if caption is not None else 0.0


def table_card(width: float, side: int, ratio: float) -> tuple[float, float]:
    """The width and height of each word card of a table ``side`` cards square that fills
    ``width``, each card ``ratio`` times as tall as it is wide."""
    card_width = (width - (side - 1) * CELL_GAP) / side
    return card_width, card_width * ratio


def table_height(width: float, side: int, ratio: float) -> float:
    """The height of that table (``table_card``)."""
    return side * table_card(width, side, ratio)[1] + (side - 1) * CELL_GAP


def table_cells(width: float, side: int, ratio: float, top: float) -> tuple[Box, ...]:
    """That table's word cards (``table_card``), row-major, the top row first, from x = 0 with
    the top row's top at ``top``."""
    card_width, card_height = table_card(width, side, ratio)
    return tuple(
        Box(column * (card_width + CELL_GAP), top - (row + 1) * card_height - row * CELL_GAP, card_width, card_height)
        for row in range(side)
        for column in range(side)
    )


def fit_words(words: Sequence[str], font: Font, width: float, height: float) -> tuple[FittedText | None, ...]:
    """The words fitted to a room ``width`` x ``height`` in their cards, all at one size: the
    largest, from WORD_SIZE down to MIN_WORD_SIZE, at which the longest fits, as the cards on a
    table print every word alike. None for a word that does not fit at the smallest size (the
    others keep the size of the longest that does)."""
    alone = [fit_text(word, font, width, height, WORD_SIZE, MIN_WORD_SIZE) for word in words]
    sizes = [fitted.size for fitted in alone if fitted is not None]
    if not sizes:
        return tuple(alone)
    size = min(sizes)
    return tuple(fit_text(word, font, width, height, size, MIN_WORD_SIZE) if fitted is not None else None
                 for word, fitted in zip(words, alone))


def drawn_cells(cells: Sequence[Box], card: Box, scale: float) -> tuple[Box, ...]:
    """A key card's ``cells``, laid out at the card's full size, as drawn ``scale`` times that
    size in ``card``."""
    return tuple(Box(card.x + cell.x * scale, card.y + cell.y * scale, cell.width * scale, cell.height * scale)
                 for cell in cells)
