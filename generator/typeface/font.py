"""A TrueType font, parsed from its bytes, and the measurements cngen needs from it.

ReportLab keeps registered fonts in a process-wide table; the registered name is derived
from the file's contents, so the same font always gets the same name and two different
files never collide.

A font a user gives is checked by ``fontfile`` before and after ReportLab reads it, so that a
damaged one is refused with its name and never crashes the parser or the PDF's writing.

French sets a narrow no-break space (U+202F) before ; ! ? and inside « », and many fonts (Fira
Sans among them) have no glyph for it, nor for the thin space (U+2009). A font registered here
that lacks them is given them: the font's blank space glyph, declared as wide as its thin space
where it has one, else half its space (the width HarfBuzz gives a narrow space a font lacks).
The PDF's widths place the next glyph, and the text still reads back as U+202F.
"""

from __future__ import annotations

import hashlib
import io
import struct
from functools import cached_property
from typing import TYPE_CHECKING, Callable, Collection

import msgspec
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont, TTFontFace

from ..errors import JOINERS, CngenError, UsageError
from ..reportlab_private import print_with_glyph
from .fontfile import CutShort, Damaged, NoSuchFace, check_glyphs, check_layout

if TYPE_CHECKING:
    from .shaping import Shaper

SPACE, THIN_SPACE, NARROW_NO_BREAK = 0x20, 0x2009, 0x202F
# Platypus breaks lines at every U+202F, as if it were an ordinary space: ``draw.text`` sets
# this stand-in there while the lines are broken, and puts U+202F back before they are drawn.
# A noncharacter, kept by Unicode for a program's own use. Every registered font maps it (to
# the narrow space), but no font's ``characters`` list it, so a text holding one is refused.
NARROW_STAND_IN = "\ufdd0"

# Whatever ReportLab's parser raises on damaged bytes: it checks little, and indexes and
# unpacks whatever the file says.
_PARSER_ERRORS = (TTFError, struct.error, ArithmeticError, LookupError, ValueError, TypeError,
                  AssertionError, OSError, AttributeError)


class Font(msgspec.Struct, frozen=True, dict=True):  # a __dict__ for the shaper made on first use
    """A registered, embeddable TrueType font and its vertical metrics (per point of size)."""

    name: str
    label: str
    ascent: float
    descent: float
    characters: frozenset[int]
    cap_height: float  # height of capitals and figures
    data: bytes = b""  # the file, for shaping and embedding glyphs
    index: int = 0  # the face in a collection (.ttc); 0 in a plain .ttf
    # The same family's condensed face, which a word card sets a long word in before shrinking
    # it (geometry.wordface); None for a font of the user's, whose condensed face is not known,
    # and until a word needs it: ``condensed_file`` names cngen's file of it, read only then.
    condensed: Font | None = None
    condensed_file: str | None = None

    @cached_property
    def shaper(self) -> Shaper:
        """HarfBuzz on this face, made on first use: a deck in Latin letters never loads it."""
        from .shaping import Shaper

        return Shaper(self.data, self.index)

    def __repr__(self) -> str:  # the file's bytes would fill a screen
        return f"Font({self.name!r}, {self.label!r}, index={self.index})"

    @property
    def face(self) -> TTFontFace:
        """ReportLab's parsed face of the font: its glyph ids, widths and tables."""
        return _face_of(self.name)

    def width(self, text: str, size: float) -> float:
        return pdfmetrics.stringWidth(text, self.name, size)

    def line_height(self, size: float) -> float:
        """Room one line needs so that accents above and tails below are never clipped."""
        return (self.ascent - self.descent) * size

    def missing_characters(self, text: str) -> list[str]:
        """Characters the font has no glyph for; ReportLab would silently draw them blank."""
        return missing_from(self.characters, text)


def parse_font(data: bytes, source: str, label: str, index: int | None = None, ours: bool = False) -> Font:
    """Register the TrueType font in ``data`` (read from ``source``, called ``label`` in
    messages), or explain why it cannot be used. ``index`` chooses a face of a collection
    (.ttc); None takes the first. ``ours``: a font cngen ships, which its tests hold to every
    check a user's font gets, so a run reads it without them."""
    face_index = index or 0
    name = f"{label.split('#')[0]}-{hashlib.sha256(data).hexdigest()[:8]}"
    if face_index:  # the same file's faces are different fonts
        name += f"-{face_index}"
    if name not in pdfmetrics.getRegisteredFontNames():
        font = TTFont(name, io.BytesIO(data)) if ours else _checked_font(name, data, source, face_index)
        _add_narrow_spaces(font.face)
        pdfmetrics.registerFont(font)
    face = _face_of(name)
    return Font(
        name=name,
        label=label,
        ascent=face.ascent / 1000,
        descent=face.descent / 1000,
        characters=frozenset(face.charToGlyph) - {ord(NARROW_STAND_IN)},
        cap_height=(getattr(face, "capHeight", 0) or 700) / 1000,
        data=data,
        index=face_index,
    )


def _face_of(name: str) -> TTFontFace:
    """The face of a TrueType font registered here (every font cngen registers is one)."""
    font = pdfmetrics.getFont(name)
    assert isinstance(font, TTFont), f"{name} is not a TrueType font"
    return font.face


def missing_from(characters: Collection[int], text: str) -> list[str]:
    """The characters of ``text`` that a face of ``characters`` has no glyph for, sorted. The
    joiners are not drawn at all (they steer how shaped letters join), so no face lacks them."""
    return sorted({char for char in text if ord(char) not in characters and char not in JOINERS})


def narrow_spaces(mapped: Collection[int], width: Callable[[int], float]) -> dict[int, float]:
    """The thin and narrow no-break spaces a face lacks (of the characters it ``mapped``), each
    with the width it is given: its thin space's ``width`` where it has one, else half its
    space's (see the module's notes). A face without a space (symbols, say) is given none."""
    if SPACE not in mapped:
        return {}
    thin = width(THIN_SPACE) if THIN_SPACE in mapped else width(SPACE) / 2
    return {code: thin for code in (THIN_SPACE, NARROW_NO_BREAK) if code not in mapped}


def _add_narrow_spaces(face: TTFontFace) -> None:
    """Map U+202F and U+2009, where the font lacks them, to its space glyph at a thin space's
    width (see the module's notes), and the stand-in to whatever U+202F now is. ReportLab takes
    a character's glyph and its width in the PDF from the face's tables, as it does for the
    no-break space, which it maps to the space glyph itself."""
    glyphs, widths = face.charToGlyph, face.charWidths
    for code, width in narrow_spaces(glyphs, lambda code: widths.get(code, face.defaultWidth)).items():
        print_with_glyph(face, code, glyphs[SPACE], width)
    if NARROW_NO_BREAK in glyphs:
        print_with_glyph(face, ord(NARROW_STAND_IN), glyphs[NARROW_NO_BREAK],
                         widths.get(NARROW_NO_BREAK, face.defaultWidth))


def _checked_font(name: str, data: bytes, source: str, index: int) -> TTFont:
    """ReportLab's font, read only once the file's layout has been checked."""
    try:
        check_layout(data, index)
        ttfont = TTFont(name, io.BytesIO(data), subfontIndex=index)
        check_glyphs(ttfont.face, data)
    except NoSuchFace as problem:
        raise UsageError(_face_problem(source, index, problem.names)) from None
    except CutShort as problem:
        raise CngenError(f"{source} is cut short: {problem}: copy or download the font again") from None
    except Damaged as problem:
        raise CngenError(f"{source} is damaged: {problem}: copy or download the font again, "
                         "or pass another .ttf file with --font") from None
    except _PARSER_ERRORS as error:
        raise CngenError(_font_problem(source, error)) from None
    return ttfont


def _face_problem(source: str, index: int, names: list[str]) -> str:
    """A face the file does not have: list those it has, with the way to choose one."""
    if not names:
        return f"{source} holds one font, not a collection: there is no face {index}; drop '#{index}'"
    faces = "; ".join(f"#{number}: {face or 'unnamed'}" for number, face in enumerate(names))
    return (f"{source} is a collection of {len(names)} face{'s' if len(names) > 1 else ''} ({faces}): "
            f"there is no face {index}; name one as {source}#N, N from 0 to {len(names) - 1}")


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


class FontFamily(msgspec.Struct, frozen=True):
    """The styles a sheet of running text is set in: the bundled family, or one font of the
    user's for all of them. ``italic`` None: the sheet sets no italics."""

    regular: Font
    bold: Font
    italic: Font | None = None

    @property
    def slanted(self) -> Font:
        """What italic text is set in: the italic, or the regular face in a family without one."""
        return self.italic or self.regular

    def styled(self, bold: bool, italic: bool) -> Font:
        """The face a span in bold or italic (or both: bold wins) is set in."""
        return self.bold if bold else self.slanted if italic else self.regular


def register_family(family: FontFamily) -> None:
    """Let ``<b>`` (and ``<i>``, where the family has an italic) in ReportLab's paragraphs set
    in ``family.regular`` switch to the family's other styles. Without an italic only the two
    bold mappings are set, so that an italic registered for the same font stays."""
    regular = family.regular.name
    if family.italic is None:
        addMapping(regular, 0, 0, regular)
        addMapping(regular, 1, 0, family.bold.name)
        return
    pdfmetrics.registerFontFamily(regular, normal=regular, bold=family.bold.name, italic=family.italic.name,
                                  boldItalic=family.bold.name)
