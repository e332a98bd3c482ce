"""The rules sheet's page as geometry: margins, one or two columns, the head's title fitted to
its width, and the footer's line shortened to fit.

Two columns where each is wide enough for the drawn example's words (A4, Letter, B5), one
column on narrower paper (A5), where two would set a dozen words a line and squeeze the
example below the smallest size.

Pure: points, fonts consulted only for widths.
"""

from __future__ import annotations

from typing import Sequence

import msgspec

from ..typeface.font import Font
from ..units import MM
from .fit import FittedText
from .style import HEADING, SUBTITLE, TITLE

SMALLEST_PAGE = (148 * MM, 210 * MM)  # A5: the smallest paper the sheet is set on
WIDE_MARGIN = 14 * MM  # pages 180 mm wide or more (A4, Letter)
NARROW_MARGIN = 12 * MM  # smaller pages (A5, B5): the text keeps most of the page
WIDE_PAGE = 180 * MM
GUTTER = 8 * MM
TWO_COLUMNS_FROM = 66 * MM  # a narrower column goes to one column across the page
FOOTER = 7 * MM  # from the bottom margin (the footer's baseline) to the bottom of the text
TITLE_SIZES = (TITLE, SUBTITLE, HEADING)  # the head's title, largest first
ELLIPSIS = "\u2026"


class RulesPage(msgspec.Struct, frozen=True):
    width: float
    height: float
    margin: float
    columns: int  # 1 or 2
    column_width: float
    gutter: float

    @property
    def text_width(self) -> float:
        return self.width - 2 * self.margin

    def column_x(self, index: int) -> float:
        return self.margin + index * (self.column_width + self.gutter)

    @property
    def text_bottom(self) -> float:
        """Where the columns end, above the footer."""
        return self.margin + FOOTER

    @property
    def text_top(self) -> float:
        """Where the columns start on pages after the first (the first has the head above)."""
        return self.height - self.margin


def page_fits(page: tuple[float, float]) -> bool:
    """Whether the sheet can be set on this paper: A5 portrait or larger (1 mm of slack)."""
    return page[0] >= SMALLEST_PAGE[0] - MM and page[1] >= SMALLEST_PAGE[1] - MM


def rules_page(page: tuple[float, float]) -> RulesPage:
    width, height = page
    margin = WIDE_MARGIN if width >= WIDE_PAGE else NARROW_MARGIN
    two = (width - 2 * margin - GUTTER) / 2
    if two >= TWO_COLUMNS_FROM:
        return RulesPage(width, height, margin, 2, two, GUTTER)
    return RulesPage(width, height, margin, 1, width - 2 * margin, 0.0)


def wrap_words(text: str, font: Font, size: float, width: float) -> tuple[str, ...] | None:
    """``text`` broken at spaces into the fewest lines no wider than ``width`` (greedy), or
    None when a single word is wider than that."""
    lines: list[str] = []
    for word in text.split():
        if font.width(word, size) > width:
            return None
        if lines and font.width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return tuple(lines)


def wrap_characters(text: str, font: Font, size: float, width: float) -> tuple[str, ...]:
    """``text`` broken at spaces, and inside any word wider than ``width``, so that no line is
    wider than that (a character wider than the line still gets a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and font.width(candidate, size) <= width:
            lines[-1] = candidate
            continue
        piece = ""
        for char in word:
            if piece and font.width(piece + char, size) > width:
                lines.append(piece)
                piece = ""
            piece += char
        lines.append(piece)
    return tuple(lines)


def fit_title(text: str, font: Font, width: float) -> FittedText:
    """The head's title: the largest of the title sizes at which it takes at most two lines,
    broken at spaces; a title too long even then is set at the smallest, broken where it must."""
    for size in TITLE_SIZES:
        lines = wrap_words(text, font, size, width)
        if lines is not None and len(lines) <= 2:
            return FittedText(lines, size)
    return FittedText(wrap_characters(text, font, TITLE_SIZES[-1], width), TITLE_SIZES[-1])


def footer_line(parts: Sequence[str], page_label: str, font: Font, size: float, width: float) -> str:
    """The footer: ``parts`` and the page label joined by middle dots. Parts are dropped from
    the end while the line is too wide, then the first is cut short with an ellipsis."""
    kept = [part for part in parts if part]
    while True:
        line = "  \u00b7  ".join([*kept, page_label])
        if font.width(line, size) <= width or len(kept) <= 1:
            break
        kept.pop()
    if font.width(line, size) <= width or not kept:
        return line
    first = kept[0]
    while first and font.width(f"{first}{ELLIPSIS}  \u00b7  {page_label}", size) > width:
        first = first[:-1]
    return f"{first.rstrip()}{ELLIPSIS}  \u00b7  {page_label}"
