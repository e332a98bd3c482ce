"""Choosing the size and line breaks that make a word fit its box.

Pure: the font is consulted only for widths and line heights.
"""

from __future__ import annotations

from dataclasses import dataclass

from .typeface import Font


@dataclass(frozen=True)
class FittedText:
    lines: tuple[str, ...]
    size: float


def fit_text(
    text: str, font: Font, width: float, height: float, max_size: float, min_size: float
) -> FittedText | None:
    """The largest size up to ``max_size`` at which ``text`` fits, on one line or two.

    A multi-word entry may break onto two lines when that lets it be printed larger.
    Returns None when even ``min_size`` does not fit: the caller reports the word.
    """
    best: FittedText | None = None
    for lines in _line_options(text):
        size = _largest_size(lines, font, width, height, max_size)
        if size >= min_size and (best is None or size > best.size + 0.01):
            best = FittedText(lines, size)
    return best


def _line_options(text: str) -> list[tuple[str, ...]]:
    """The text on one line, then every break into two lines at a space (one line wins ties)."""
    words = text.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    return [(text,), *splits]


def _largest_size(
    lines: tuple[str, ...], font: Font, width: float, height: float, max_size: float
) -> float:
    widest = max(font.width(line, 1.0) for line in lines)
    by_width = width / widest if widest > 0 else max_size
    by_height = height / (len(lines) * font.line_height(1.0))
    return min(max_size, by_width, by_height)
