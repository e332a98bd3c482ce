"""What fitting and drawing need of text in a font: its metrics, and a shaped line's glyphs.

Light on purpose: fitting imports these types for every word, and only text that needs
shaping loads HarfBuzz (``shaping``).
"""

from __future__ import annotations

from typing import Protocol

import msgspec


class Metrics(Protocol):
    """What fitting needs of a font: ``typeface.Font`` measures plain text, and
    ``shaping.ShapedMeasure`` text that HarfBuzz shapes."""

    @property
    def ascent(self) -> float: ...

    @property
    def descent(self) -> float: ...

    @property
    def cap_height(self) -> float: ...

    def width(self, text: str, size: float) -> float: ...

    def line_height(self, size: float) -> float: ...


class Face(Metrics, Protocol):
    """A face a word may be set in: its metrics, and the characters of a text it has no glyph
    for (``typeface.Font``, and ``widths.MeasuredFace`` for a face measured but not registered)."""

    def missing_characters(self, text: str) -> list[str]: ...


class Glyph(msgspec.Struct, frozen=True):
    """One glyph as drawn: its id in the font, and in ems its advance and its offset from the
    pen. ``text`` is what it stands for, as read left to right on the page (``_as_seen``): a
    ligature stands for several characters, the further glyphs of one cluster for nothing."""

    gid: int
    advance: float
    x_offset: float = 0.0
    y_offset: float = 0.0
    text: str = ""
    width: float = 0.0  # the glyph's own advance in the font (shaping may change the advance)


class ShapedLine(msgspec.Struct, frozen=True):
    """A line's glyphs from left to right, and the line in logical (reading) order."""

    text: str
    glyphs: tuple[Glyph, ...]

    @property
    def width(self) -> float:
        """In ems."""
        return sum(glyph.advance for glyph in self.glyphs)
