"""Loading a TrueType font once, and the measurements cngen needs from it.

ReportLab keeps registered fonts in a process-wide table; the registered name is derived
from the file's contents, so the same font always gets the same name and two different
files never collide.
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from .errors import CngenError


@dataclass(frozen=True)
class Font:
    """A registered, embeddable TrueType font and its vertical metrics (per point of size)."""

    name: str
    label: str
    ascent: float
    descent: float
    characters: frozenset[int]

    def width(self, text: str, size: float) -> float:
        return pdfmetrics.stringWidth(text, self.name, size)

    def line_height(self, size: float) -> float:
        """Room one line needs so that accents above and tails below are never clipped."""
        return (self.ascent - self.descent) * size

    def missing_characters(self, text: str) -> list[str]:
        """Characters the font has no glyph for; ReportLab would silently draw them blank."""
        return sorted({char for char in text if ord(char) not in self.characters})


def load_font(path: Path) -> Font:
    """Read and register a TrueType font file, or explain why it cannot be used."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise CngenError(f"cannot read the font {path}: {error.strerror or error}") from None
    name = f"{path.stem}-{hashlib.sha256(data).hexdigest()[:8]}"
    try:
        ttfont = TTFont(name, path)
    except (TTFError, ValueError, OSError, IndexError, KeyError, TypeError) as error:
        raise CngenError(_font_problem(path, error)) from None
    pdfmetrics.registerFont(ttfont)
    face = ttfont.face
    return Font(
        name=name,
        label=path.stem,
        ascent=face.ascent / 1000,
        descent=face.descent / 1000,
        characters=frozenset(face.charToGlyph),
    )


def _font_problem(path: Path, error: Exception) -> str:
    detail = str(error)
    if "postscript outlines" in detail.lower():
        return (
            f"{path} has PostScript (CFF) outlines, which cannot be embedded here: "
            "use a TrueType font (.ttf), e.g. the same family's TTF release"
        )
    return f"{path} is not a usable TrueType font ({detail}): pass a .ttf file with --font"


def describe_character(char: str) -> str:
    """'Д' -> "'Д' (U+0414 CYRILLIC CAPITAL LETTER DE)", for error messages."""
    name = unicodedata.name(char, "unnamed character")
    shown = char if char.isprintable() and not char.isspace() else ""
    return f"'{shown}' (U+{ord(char):04X} {name})" if shown else f"U+{ord(char):04X} {name}"
