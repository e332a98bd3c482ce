"""What the rules sheet's drawn examples share, as geometry: the smallest size of their
words, the measures of the word cards on the table, and captions fitted to their room. Each
game lays its own example out (``games/*/example_layout.py``).

Pure: points.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..typeface.font import Font
from ..units import MM
from .fit import FittedText
from .rulespage import wrap_words
from .style import BODY, CAPTION

MIN_WORD_SIZE = CAPTION  # points: every word of an example, its clue and its captions
WORD_SIZE = BODY  # the grid's words at their largest
CAPTION_SIZE = BODY  # captions at their largest
MAX_WIDTH = 100 * MM  # a wider column keeps a figure this wide, at its left
CELL_GAP = 1.2 * MM  # between the word cards on the table
WORD_PADDING = 1.0 * MM  # room beside a word, both sides together, inside its card or tile
CAPTION_GAP = 1.8 * MM
SIZE_STEP = 0.25  # points: fitted captions shrink by this much at a time


@dataclass(frozen=True)
class Caption:
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
