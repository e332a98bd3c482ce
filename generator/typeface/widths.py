"""A face measured without being registered: its characters and advance widths, read by
HarfBuzz from the file's character map and metrics, as ReportLab measures a registered face
(each character's advance in thousandths of an em, no kerning).

ReportLab reads a face whole, table by table in Python: for Fira Sans that takes about as long
as fitting the 400 words of a deck. HarfBuzz reads only what it is asked, in C, in well under
a millisecond. A word card tries cngen's condensed face for a long word before shrinking it,
and most decks never print a word in it: they measure it this way, and it is registered (read
by ReportLab) only once a word is set in it (``jobs.deck``). Only cngen's own condensed face is
measured this way, and tests/test_long_words.py holds every width and character of it to what
ReportLab reads.
"""

from __future__ import annotations

import uharfbuzz as hb

from .font import SPACE, Font, missing_from, narrow_spaces

NO_BREAK_SPACE = 0xA0


class MeasuredFace:
    """What fitting asks of a face (``Metrics``, and which characters it lacks), for the face
    in ``data``. Its vertical metrics are those of ``family``, the registered font it is a face
    of: the faces of one family share them (Fira Sans and its condensed face do)."""

    def __init__(self, data: bytes, family: Font):
        face = hb.Face(hb.Blob(data))
        self._font = hb.Font(face)
        self._scale = 1.0 if face.upem == 1000 else 1000 / face.upem
        self.ascent, self.descent, self.cap_height = family.ascent, family.descent, family.cap_height
        mapped = frozenset(face.unicodes)
        self._own = self._as_registered(mapped)  # the widths a registered face is given, not read
        self.characters = mapped | self._own.keys()
        self._default = self._advance(0)  # glyph 0's, as ReportLab gives a character it lacks

    def width(self, text: str, size: float) -> float:
        # The same sum in the same order as ReportLab's, so the same word fits at the same size.
        return 0.001 * size * sum(self._width(ord(char)) for char in text)

    def line_height(self, size: float) -> float:
        return (self.ascent - self.descent) * size

    def missing_characters(self, text: str) -> list[str]:
        return missing_from(self.characters, text)

    def _width(self, code: int) -> float:
        own = self._own.get(code)
        if own is not None:
            return own
        glyph = self._font.get_nominal_glyph(code)
        return self._default if glyph is None else self._advance(glyph)

    def _advance(self, glyph: int) -> float:
        advance: int = self._font.get_glyph_h_advance(glyph)  # in the face's units
        return advance * self._scale

    def _as_registered(self, mapped: frozenset[int]) -> dict[int, float]:
        """The widths ReportLab and ``font.parse_font`` set rather than read: the no-break space
        as wide as the space, and the thin and narrow spaces a face lacks (``font.narrow_spaces``)."""
        own = narrow_spaces(mapped, self._width_read)
        if SPACE in mapped:
            own[NO_BREAK_SPACE] = self._width_read(SPACE)
        return own

    def _width_read(self, code: int) -> float:
        glyph = self._font.get_nominal_glyph(code)
        assert glyph is not None, "a character the face maps has a glyph"
        return self._advance(glyph)
