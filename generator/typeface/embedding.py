"""A font whose glyphs are drawn by their ids: shaped Hebrew, Arabic and other complex text.

ReportLab's own fonts are reached through characters: a glyph with no character of its own
(an Arabic letter's joining form, a ligature) it can only draw by giving it a made-up private
character, in the order glyphs are first met in the process, so that the same word may come
out as different bytes depending on what was printed before. Here the PDF gets its own font
instead, one per font and document: a Type0 font with the Identity-H encoding, where each
code is two bytes holding the glyph id itself (CIDToGIDMap /Identity). The font file embedded
is a subset made by HarfBuzz that keeps the glyph ids, so codes never need renumbering, and
its ToUnicode map gives each glyph the text it stands for. The file then depends only on the
glyphs drawn, never on the order or the history of the run.

ReportLab builds its document's fonts when the document is saved, from its list of delayed
fonts; a ``GlyphFont`` joins that list, records the glyphs drawn with it, and writes its
objects then.
"""

from __future__ import annotations

import hashlib
from typing import Iterable

import uharfbuzz as hb
from reportlab.pdfbase import pdfdoc

from ..errors import CngenError
from ..reportlab_private import add_font_resource

# Font descriptor flags: symbolic (the glyphs are reached by id, not by a standard encoding).
_SYMBOLIC = 1 << 2
_NONSYMBOLIC = 1 << 5
# Tables a PDF reader needs to draw glyphs by id; layout tables served shaping, which is done.
_DROPPED_TABLES = ("GSUB", "GPOS", "GDEF", "BASE", "JSTF", "MATH", "kern", "vhea", "vmtx", "VORG", "DSIG",
                   "hdmx", "LTSH", "VDMX", "morx", "kerx")
_BFCHARS_A_BLOCK = 100  # a CMap's bfchar blocks hold at most 100 entries


class GlyphFont:
    """The glyphs of one face drawn in one document, and the PDF objects that embed them."""

    def __init__(self, key: str, resource: str, data: bytes, index: int, face: object):
        self.key = key  # the registered font's name: one GlyphFont per font and document
        self.resource = resource  # the name content streams use with Tf
        self._data, self._index, self._face = data, index, face
        self._texts: dict[int, set[str]] = {}
        self._widths: dict[int, float] = {}  # glyph id -> its own advance, thousandths of an em

    def use(self, glyphs: Iterable[tuple[int, str, float]]) -> None:
        """Record glyphs drawn: (glyph id, the text it stands for, its own advance in ems)."""
        for gid, text, width in glyphs:
            self._texts.setdefault(gid, set()).add(text)
            self._widths[gid] = width * 1000

    def addObjects(self, doc: pdfdoc.PDFDocument) -> None:  # noqa: N802 - ReportLab's name for it
        """Write the font into ``doc``: ReportLab calls this as it saves the document."""
        gids = sorted(self._texts)
        base = f"{_subset_tag(self._data, self._index, gids)}+{_postscript_name(self._face)}"
        font_file = pdfdoc.PDFStream(content=_subset(self._data, self._index, gids), filters=[pdfdoc.PDFZCompress])
        font_file.dictionary["Length1"] = len(font_file.content)
        descriptor = pdfdoc.PDFDictionary(_descriptor(self._face, base))
        descriptor["FontFile2"] = doc.Reference(font_file, f"glyphFontFile:{self.resource}")
        cid_font = pdfdoc.PDFDictionary({
            "Type": pdfdoc.PDFName("Font"),
            "Subtype": pdfdoc.PDFName("CIDFontType2"),
            "BaseFont": pdfdoc.PDFName(base),
            "CIDSystemInfo": pdfdoc.PDFDictionary({
                "Registry": pdfdoc.PDFString("Adobe"), "Ordering": pdfdoc.PDFString("Identity"), "Supplement": 0}),
            "FontDescriptor": doc.Reference(descriptor, f"glyphFontDescriptor:{self.resource}"),
            "W": pdfdoc.PDFArrayCompact(_widths(self._widths)),
            "CIDToGIDMap": pdfdoc.PDFName("Identity"),
        })
        to_unicode = pdfdoc.PDFStream(content=_to_unicode(self._texts), filters=[pdfdoc.PDFZCompress])
        font = pdfdoc.PDFDictionary({
            "Type": pdfdoc.PDFName("Font"),
            "Subtype": pdfdoc.PDFName("Type0"),
            "BaseFont": pdfdoc.PDFName(base),
            "Encoding": pdfdoc.PDFName("Identity-H"),
            "DescendantFonts": pdfdoc.PDFArray([doc.Reference(cid_font, f"glyphCIDFont:{self.resource}")]),
            "ToUnicode": doc.Reference(to_unicode, f"glyphToUnicode:{self.resource}"),
        })
        add_font_resource(doc, self.resource, doc.Reference(font, f"glyphFont:{self.resource}"))


def _subset(data: bytes, index: int, gids: list[int]) -> bytes:
    """The face cut down to ``gids`` (and .notdef), every glyph keeping its id."""
    face = hb.Face(hb.Blob(data), index)
    wanted = hb.SubsetInput()
    wanted.glyph_set.update({0, *gids})
    wanted.flags = hb.SubsetFlags.RETAIN_GIDS | hb.SubsetFlags.NO_LAYOUT_CLOSURE
    dropped = wanted.sets(hb.SubsetInputSets.DROP_TABLE_TAG)
    dropped.update({int.from_bytes(tag.ljust(4).encode("ascii"), "big") for tag in _DROPPED_TABLES})
    try:
        subset = hb.subset(face, wanted)
    except RuntimeError as error:  # older uharfbuzz returns None instead
        subset = None
        detail = f": {error}"
    else:
        detail = ""
    if subset is None:
        raise CngenError(f"the font could not be cut down to the glyphs drawn (HarfBuzz's subsetter failed{detail}): "
                         "try another font with --font")
    return bytes(subset.blob.data)


def _subset_tag(data: bytes, index: int, gids: list[int]) -> str:
    """Six capitals naming the subset, from the font and the glyphs in it: the same glyphs of
    the same font always get the same tag, different subsets practically never share one."""
    digest = hashlib.sha256(data + f"{index}:{gids}".encode()).digest()
    return "".join(chr(ord("A") + byte % 26) for byte in digest[:6])


def _postscript_name(face: object) -> str:
    name = getattr(face, "name", b"") or b"Font"
    text = name.decode("latin-1") if isinstance(name, bytes) else str(name)
    return "".join(char for char in text if "!" <= char <= "~" and char not in "()<>[]{}/%#") or "Font"


def _descriptor(face: object, base: str) -> dict[str, object]:
    flags = (getattr(face, "flags", 0) & ~_NONSYMBOLIC) | _SYMBOLIC
    return {
        "Type": pdfdoc.PDFName("FontDescriptor"),
        "FontName": pdfdoc.PDFName(base),
        "Flags": flags,
        "FontBBox": pdfdoc.PDFArrayCompact([round(value, 3) for value in face.bbox]),  # type: ignore[attr-defined]
        "ItalicAngle": face.italicAngle,  # type: ignore[attr-defined]
        "Ascent": round(face.ascent, 3),  # type: ignore[attr-defined]
        "Descent": round(face.descent, 3),  # type: ignore[attr-defined]
        "CapHeight": round(face.capHeight, 3),  # type: ignore[attr-defined]
        "StemV": face.stemV,  # type: ignore[attr-defined]
    }


def _widths(widths: dict[int, float]) -> list[object]:
    """The W array: each run of consecutive glyph ids as `first [w w w]`."""
    result: list[object] = []
    run: list[float] = []
    first = previous = -2
    for gid in sorted(widths):
        if gid != previous + 1 and run:
            result += [first, pdfdoc.PDFArrayCompact(run)]
            run = []
        if not run:
            first = gid
        run.append(round(widths[gid], 3))
        previous = gid
    if run:
        result += [first, pdfdoc.PDFArrayCompact(run)]
    return result


def _to_unicode(texts: dict[int, set[str]]) -> bytes:
    """The CMap from each glyph to the text it stands for (the shortest, then the first in
    order, where one glyph was drawn for several), so that copying text gives the letters."""
    chosen = {gid: min(options - {""}, key=lambda text: (len(text), text))
              for gid, options in texts.items() if options - {""}}
    entries = [f"<{gid:04X}> <{text.encode('utf-16-be').hex().upper()}>" for gid, text in sorted(chosen.items())]
    blocks = []
    for start in range(0, len(entries), _BFCHARS_A_BLOCK):
        block = entries[start:start + _BFCHARS_A_BLOCK]
        blocks.append(f"{len(block)} beginbfchar\n" + "\n".join(block) + "\nendbfchar")
    return "\n".join([
        "/CIDInit /ProcSet findresource begin",
        "12 dict begin",
        "begincmap",
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def",
        "/CMapName /Adobe-Identity-UCS def",
        "/CMapType 2 def",
        "1 begincodespacerange",
        "<0000> <FFFF>",
        "endcodespacerange",
        *blocks,
        "endcmap",
        "CMapName currentdict /CMap defineresource pop",
        "end",
        "end",
    ]).encode("ascii")
