"""Reading shaped text back out of cngen's PDFs, independently of cngen's code.

Each text object (BT ... ET) drawn with a Type0 font is read as the glyph ids it shows, in the
order they are drawn (left to right on the page), with the font size it sets: the codes are
two-byte CIDs (Identity-H), turned into glyph ids through the font's CIDToGIDMap.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import pikepdf
import uharfbuzz as hb

FONTS = Path(__file__).parent / "fonts"
HEBREW_ARABIC = FONTS / "DejaVuSansBold-HebrewArabic.ttf"
CJK_COLLECTION = FONTS / "WenQuanYiMicroHei-CJK.ttc"


@dataclass(frozen=True)
class DrawnLine:
    page: int
    font: str  # the BaseFont of the Type0 font
    size: float
    gids: tuple[int, ...]


def drawn_lines(pdf: bytes) -> list[DrawnLine]:
    """Every text object drawn with a Type0 (glyph id) font, page by page, in drawing order."""
    lines = []
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for number, page in enumerate(document.pages, start=1):
            fonts = page.Resources.get("/Font", {})
            font, size, gids = None, 0.0, []
            for operands, operator in pikepdf.parse_content_stream(page):
                name = str(operator)
                if name == "BT":
                    font, gids = None, []
                elif name == "Tf":
                    font, size = fonts[str(operands[0])], float(operands[1])
                elif name in ("TJ", "Tj") and font is not None and font.Subtype == "/Type0":
                    strings = operands[0] if name == "TJ" else [operands[0]]
                    gids += [_gid(font, code) for item in strings if isinstance(item, pikepdf.String)
                             for code in _codes(bytes(item))]
                elif name == "ET" and font is not None and font.Subtype == "/Type0" and gids:
                    lines.append(DrawnLine(number, str(font.BaseFont), size, tuple(gids)))
    return lines


def _codes(data: bytes) -> list[int]:
    assert len(data) % 2 == 0, "Identity-H codes are two bytes each"
    return [int.from_bytes(data[index:index + 2], "big") for index in range(0, len(data), 2)]


def _gid(font: pikepdf.Dictionary, cid: int) -> int:
    assert font.Encoding == "/Identity-H"
    mapping = font.DescendantFonts[0].get("/CIDToGIDMap", pikepdf.Name.Identity)
    if mapping == pikepdf.Name.Identity:
        return cid
    table = mapping.read_bytes()
    return int.from_bytes(table[2 * cid:2 * cid + 2], "big")


def shaped(text: str, font: Path = HEBREW_ARABIC, direction: str | None = None, index: int = 0) -> tuple[int, ...]:
    """HarfBuzz's glyph ids for ``text`` shaped as one run, left to right as drawn."""
    face = hb.Face(hb.Blob(font.read_bytes()), index)
    buffer = hb.Buffer()
    buffer.add_str(text)
    buffer.guess_segment_properties()
    if direction:
        buffer.direction = direction
    buffer.flags = hb.BufferFlags.REMOVE_DEFAULT_IGNORABLES
    hb.shape(hb.Font(face), buffer)
    return tuple(info.codepoint for info in buffer.glyph_infos)


def type0_fonts(pdf: bytes) -> list[dict]:
    """Each Type0 font of the file: its BaseFont, whether its descendant embeds a TrueType
    program (FontFile2), the glyph count of that program, and its ToUnicode map's pairs."""
    found = {}
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            for font in page.Resources.get("/Font", {}).values():
                if font.get("/Subtype") != "/Type0":
                    continue
                descendant = font.DescendantFonts[0]
                descriptor = descendant.FontDescriptor
                program = descriptor.get("/FontFile2")
                found[str(font.BaseFont)] = {
                    "base": str(font.BaseFont),
                    "embedded": program is not None,
                    "program": program.read_bytes() if program is not None else b"",
                    "to_unicode": font.ToUnicode.read_bytes().decode("ascii"),
                }
    return list(found.values())
