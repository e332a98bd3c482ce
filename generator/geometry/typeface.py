"""A TrueType font, parsed from its bytes, and the measurements cngen needs from it.

ReportLab keeps registered fonts in a process-wide table; the registered name is derived
from the file's contents, so the same font always gets the same name and two different
files never collide.

A font a user gives is checked by ``fontfile`` before and after ReportLab reads it, so that a
damaged one is refused with its name and never crashes the parser or the PDF's writing.
"""

from __future__ import annotations

import hashlib
import io
import struct
import unicodedata
from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from ..errors import CngenError
from .fontfile import CutShort, Damaged, check_glyphs, check_layout

# Whatever ReportLab's parser raises on damaged bytes: it checks little, and indexes and
# unpacks whatever the file says.
_PARSER_ERRORS = (TTFError, struct.error, ArithmeticError, LookupError, ValueError, TypeError,
                  AssertionError, OSError, AttributeError)


@dataclass(frozen=True)
class Font:
    """A registered, embeddable TrueType font and its vertical metrics (per point of size)."""

    name: str
    label: str
    ascent: float
    descent: float
    characters: frozenset[int]
    cap_height: float  # height of capitals and figures

    def width(self, text: str, size: float) -> float:
        return pdfmetrics.stringWidth(text, self.name, size)

    def line_height(self, size: float) -> float:
        """Room one line needs so that accents above and tails below are never clipped."""
        return (self.ascent - self.descent) * size

    def missing_characters(self, text: str) -> list[str]:
        """Characters the font has no glyph for; ReportLab would silently draw them blank."""
        return sorted({char for char in text if ord(char) not in self.characters})


def parse_font(data: bytes, source: str, label: str) -> Font:
    """Register the TrueType font in ``data`` (read from ``source``, called ``label`` in
    messages), or explain why it cannot be used."""
    name = f"{label}-{hashlib.sha256(data).hexdigest()[:8]}"
    if name not in pdfmetrics.getRegisteredFontNames():
        try:
            check_layout(data)
            ttfont = TTFont(name, io.BytesIO(data))
            check_glyphs(ttfont.face, data)
        except CutShort as problem:
            raise CngenError(f"{source} is cut short: {problem}: copy or download the font again") from None
        except Damaged as problem:
            raise CngenError(f"{source} is damaged: {problem}: copy or download the font again, "
                             "or pass another .ttf file with --font") from None
        except _PARSER_ERRORS as error:
            raise CngenError(_font_problem(source, error)) from None
        pdfmetrics.registerFont(ttfont)
    face = pdfmetrics.getFont(name).face
    return Font(
        name=name,
        label=label,
        ascent=face.ascent / 1000,
        descent=face.descent / 1000,
        characters=frozenset(face.charToGlyph),
        cap_height=(getattr(face, "capHeight", 0) or 700) / 1000,
    )


def _font_problem(source: str, error: Exception) -> str:
    detail = str(error)
    if "postscript outlines" in detail.lower():
        return (
            f"{source} has PostScript (CFF) outlines, which cannot be embedded here: "
            "use a TrueType font (.ttf), e.g. the same family's TTF release"
        )
    if isinstance(error, UnicodeError) or not isinstance(error, (TTFError, ValueError)):
        detail = f"it is damaged: reading it fails with {type(error).__name__}: {detail}"  # deep in the parser
    detail = detail.replace(' "(ttf)"', "")  # ReportLab's name for a font it was given as bytes
    return f"{source} is not a usable TrueType font ({detail}): pass a .ttf file with --font"


def describe_character(char: str) -> str:
    """'Д' -> "'Д' (U+0414 CYRILLIC CAPITAL LETTER DE)", for error messages."""
    name = unicodedata.name(char, "unnamed character")
    shown = char if char.isprintable() and not char.isspace() else ""
    return f"'{shown}' (U+{ord(char):04X} {name})" if shown else f"U+{ord(char):04X} {name}"


@dataclass(frozen=True)
class RuleFonts:
    """The rules sheet's three styles: the bundled family, or one font of the user's for all."""

    regular: Font
    bold: Font
    italic: Font
