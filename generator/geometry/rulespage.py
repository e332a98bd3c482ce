"""The rules sheet's page as geometry: margins, one or two columns, the head's title fitted to
its width, the footer's line shortened to fit, and a table's columns sized by their content.

Two columns where each is wide enough for the drawn example's words (A4, Letter, B5), one
column on narrower paper (A5), where two would set a dozen words a line and squeeze the
example below the smallest size.

A sheet in two columns is meant to print on one sheet of paper, both sides: ``MOST_PAGES``.
Its running text is set at the type scale's ``BODY``, and a little smaller (``BODY_SIZES``,
down to 8.5 pt, still easy to read in Fira Sans) only where that keeps a text to two pages.

Pure: points, fonts consulted only for widths.
"""

from __future__ import annotations

import re
from typing import Sequence

import msgspec

from ..typeface.font import Font
from ..units import MM
from .fit import FittedText, unspaced_pieces, written_without_spaces
from .style import BODY, HEADING, SUBTITLE, TITLE

SMALLEST_PAGE = (148 * MM, 210 * MM)  # A5: the smallest paper the sheet is set on
WIDE_MARGIN = 14 * MM  # pages 180 mm wide or more (A4, Letter)
NARROW_MARGIN = 12 * MM  # smaller pages (A5, B5): the text keeps most of the page
WIDE_PAGE = 180 * MM
GUTTER = 8 * MM
TWO_COLUMNS_FROM = 66 * MM  # a narrower column goes to one column across the page
FOOTER = 7 * MM  # from the bottom margin (the footer's baseline) to the bottom of the text
TITLE_SIZES = (TITLE, SUBTITLE, HEADING)  # the head's title, largest first
ELLIPSIS = "\u2026"
BREAKS = re.compile(r"[ \t\n\r]+")  # where a line may break: ordinary white space only
MOST_PAGES = 2  # one sheet of paper, printed on both sides
BODY_SIZES = (BODY, 9.0, 8.5)  # points: the running text's size, largest first


class Measure(msgspec.Struct, frozen=True):
    """A table cell's text measured: as wide as it is set on one line, on two lines (broken at
    the space that makes the longer line shortest), and its widest word."""

    whole: float
    two_lines: float
    widest_word: float


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


def breakable_words(text: str) -> list[str]:
    """``text`` split where a line may break: at ordinary spaces, tabs and line ends, never at
    a no-break space (U+00A0, U+202F), which str.split() would break at."""
    return [word for word in BREAKS.split(text) if word]


def wrap_words(text: str, font: Font, size: float, width: float) -> tuple[str, ...] | None:
    """``text`` broken at spaces into the fewest lines no wider than ``width`` (greedy), or
    None when a single word is wider than that. No-break spaces hold (a French colon never
    starts a line). Text written without spaces (Japanese) also breaks between characters,
    where its typesetting rules allow."""
    unspaced = written_without_spaces(text)
    lines: list[str] = []
    for word in breakable_words(text):
        for index, piece in enumerate(unspaced_pieces(word) if unspaced else [word]):
            if font.width(piece, size) > width:
                return None
            joined = f"{lines[-1]}{' ' if index == 0 else ''}{piece}" if lines else piece
            if lines and font.width(joined, size) <= width:
                lines[-1] = joined
            else:
                lines.append(piece)
    return tuple(lines)


def wrap_characters(text: str, font: Font, size: float, width: float) -> tuple[str, ...]:
    """``text`` broken at spaces, and inside any word wider than ``width``, so that no line is
    wider than that (a character wider than the line still gets a line of its own)."""
    lines: list[str] = []
    for word in breakable_words(text):
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


def table_widths(heads: Sequence[Measure], cells: Sequence[Sequence[Measure]], width: float,
                 padding: float) -> tuple[float, ...]:
    """Each column's width in a table ``width`` wide, from its content: ``heads`` (the head
    row's cells) and ``cells`` (each column's other cells); ``padding`` is a cell's, both sides.

    A column first gets what keeps its cells on one line, and its head no narrower than the
    head's widest word: a head may wrap, a row should not. What is left widens the heads, to
    two lines first, then to one, and the rest goes to the last column. When the table is too
    narrow for its rows, each column keeps its widest word and the rest is shared in proportion
    to what each wanted."""
    columns = [list(column) for column in cells] if cells else [[] for _ in heads]
    wanted = [max([cell.whole for cell in column] + [head.widest_word]) + padding
              for head, column in zip(heads, columns)]
    if sum(wanted) <= width:
        widths = wanted
        for step in ("two_lines", "whole"):
            more = [max(0.0, getattr(head, step) + padding - current) for head, current in zip(heads, widths)]
            spare = width - sum(widths)
            share = min(1.0, spare / sum(more)) if sum(more) > 0 else 0.0
            widths = [current + share * extra for current, extra in zip(widths, more)]
        widths[-1] += width - sum(widths)
        return tuple(widths)
    floors = [max([cell.widest_word for cell in column] + [head.widest_word]) + padding
              for head, column in zip(heads, columns)]
    room = width - sum(floors)
    if room <= 0:  # even the widest words do not fit: each column in proportion to them
        return tuple(width * floor / sum(floors) for floor in floors)
    stretch = [want - floor for want, floor in zip(wanted, floors)]
    total = sum(stretch)
    return tuple(floor + (room * more / total if total else room / len(floors)) for floor, more in zip(floors, stretch))
