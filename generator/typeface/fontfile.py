"""Checking a TrueType file before and after ReportLab reads it.

Fonts come from users, and a font file cut short by a failed download or damaged on a disk
must be refused with its name, never crash the parser or, later, the PDF's writing (which
copies the glyphs the cards use into the PDF). So the file's layout is checked before
ReportLab reads it (every table within the file, the tables cngen needs present, the
character map's size bounded), and what ReportLab read is checked afterwards (every glyph the
character map or a composite glyph names exists and lies within the glyph table).
"""

from __future__ import annotations

import struct

from reportlab.pdfbase.ttfonts import TTFError, TTFontFace

# The tables ReportLab reads to measure a font and to embed the glyphs it draws.
NEEDED_TABLES = ("cmap", "glyf", "head", "hhea", "hmtx", "loca", "maxp", "name", "post")
# Fixed-size tables: the bytes ReportLab reads from, or writes into, each (OS/2 version 0).
_SHORTEST = {"head": 54, "hhea": 36, "maxp": 6, "post": 32, "name": 6, "cmap": 4, "OS/2": 78}
# Characters one character map may list: more than Unicode assigns (about 150,000), and more
# than a format 4 map can hold in its 65,536. A damaged map may claim billions, which ReportLab
# would list one by one, for minutes and gigabytes.
_MOST_CHARACTERS = 0x30000

class Damaged(Exception):
    """Why a font's bytes cannot be used: completes "SOURCE is damaged: ..."."""


class CutShort(Damaged):
    """A table that runs past the end of the file: the file was cut short."""


class NoSuchFace(Exception):
    """The face asked for is not in the file: ``names`` are the faces it has (none for a
    single font)."""

    def __init__(self, index: int, names: list[str]):
        super().__init__(f"there is no face {index}")
        self.names = names


# --- Before ReportLab reads the font: the layout of the file ----------------------------------


def check_layout(data: bytes, index: int = 0) -> None:
    """Refuse a file whose table directory points past its end, that lacks a table cngen
    needs, or whose character map would take ReportLab forever to list. In a collection
    (.ttc) the face ``index`` is checked: that is the one ReportLab reads and cngen embeds."""
    version = data[:4]
    if not data:
        raise TTFError("the file is empty")
    if version == b"OTTO":
        raise TTFError("postscript outlines are not supported")
    start = 0
    if version == b"ttcf":
        starts = face_starts(data)
        if index >= len(starts):
            raise NoSuchFace(index, face_names(data))
        start = starts[index]
    elif not (b"\x00\x01\x00\x00".startswith(version) or b"true".startswith(version)):
        raise TTFError("it does not start as a TrueType font does")
    elif index:
        raise NoSuchFace(index, [])
    _need(data, start, 12, "its table directory")
    if _ulong(data, start, "its table directory") not in (0x00010000, 0x74727565):
        raise TTFError("it does not start as a TrueType font does")
    count = _ushort(data, start + 4, "its table directory")
    _need(data, start + 12, 16 * count, "its table directory")
    tables: dict[str, tuple[int, int]] = {}
    for index in range(count):
        tag, _, offset, length = struct.unpack_from(">4sLLL", data, start + 12 + 16 * index)
        if not all(32 <= byte < 127 for byte in tag):  # the spec's table names are printable ASCII
            raise Damaged(f"its table directory names a table {ascii(tag.decode('latin-1'))}")
        tables[tag.decode("ascii").rstrip()] = (offset, length)
    _refuse_cut_tables(tables, len(data))
    if "glyf" not in tables and ("CFF" in tables or "CFF2" in tables):
        raise TTFError("postscript outlines are not supported")
    missing = [tag for tag in NEEDED_TABLES if tag not in tables]
    if missing:
        raise TTFError(f"it has no {', '.join(missing)} table{'s' if len(missing) > 1 else ''}, "
                       "which cngen needs to measure and embed it")
    for tag, shortest in _SHORTEST.items():
        if tag in tables and tables[tag][1] < shortest:
            raise Damaged(f"its {tag} table holds {tables[tag][1]} bytes, fewer than the {shortest} it must")
    if "OS/2" in tables and _ushort(data, tables["OS/2"][0], "its OS/2 table") > 1 and tables["OS/2"][1] < 90:
        raise Damaged(f"its OS/2 table holds {tables['OS/2'][1]} bytes, fewer than its version needs")
    if "OS/2" in tables:
        _refuse_embedding_forbidden(_ushort(data, tables["OS/2"][0] + 8, "its OS/2 table"))
    units = _ushort(data, tables["head"][0] + 18, "its head table")  # ReportLab divides by it
    if not 16 <= units <= 16384:
        raise Damaged(f"its head table gives {units} units per em, not 16 to 16384 as the format allows")
    _check_character_map(data, *tables["cmap"])


# The OS/2 table's embedding permissions (fsType). Bits 1 to 3 say how far a document may
# embed the font; the least restrictive one set applies, as the OpenType specification says.
_RESTRICTED, _PREVIEW_AND_PRINT, _EDITABLE = 0x0002, 0x0004, 0x0008
_NO_SUBSETTING, _BITMAP_ONLY = 0x0100, 0x0200


def _refuse_embedding_forbidden(permissions: int) -> None:
    """A PDF for print carries its fonts, subset to the letters it uses: a font whose licence
    forbids that is refused, rather than embedded against its maker's word."""
    if permissions & (_RESTRICTED | _PREVIEW_AND_PRINT | _EDITABLE) == _RESTRICTED:
        why = "its licence forbids embedding it in a document (OS/2 fsType: restricted)"
    elif permissions & _BITMAP_ONLY:
        why = "its licence lets a document embed only its bitmaps, not its outlines (OS/2 fsType)"
    elif permissions & _NO_SUBSETTING:
        why = "its licence forbids embedding only the letters a document uses (OS/2 fsType), as cngen does"
    else:
        return
    raise TTFError(f"{why}, and every PDF cngen makes carries its fonts: choose a font whose licence allows it")


def face_starts(data: bytes) -> list[int]:
    """Where each face of a collection starts: its table directory's offset."""
    fonts = _ulong(data, 8, "its collection header")
    _need(data, 12, 4 * max(fonts, 1), "its collection header")  # ReportLab reads every offset
    return [_ulong(data, 12 + 4 * face, "its collection header") for face in range(fonts)]


def face_names(data: bytes) -> list[str]:
    """The full name of each face of a collection, as its name table gives it ("" where it
    cannot be read): an error lists them so that the user can choose one."""
    return [_full_name(data, start) for start in face_starts(data)]


def _full_name(data: bytes, start: int) -> str:
    """The name table's full name (name 4): in English from the Windows records if there is
    one, else the first Windows record, else the Macintosh Roman one."""
    try:
        count = _ushort(data, start + 4, "its table directory")
        _need(data, start + 12, 16 * count, "its table directory")
        tables = {tag: offset for tag, _, offset, _ in
                  (struct.unpack_from(">4sLLL", data, start + 12 + 16 * entry) for entry in range(count))}
        table = tables[b"name"]
        records, strings = _ushort(data, table + 2, "its name table"), _ushort(data, table + 4, "its name table")
        _need(data, table + 6, 12 * records, "its name table")
        found: dict[tuple[int, bool], bytes] = {}
        for record in range(records):
            platform, encoding, language, name, length, offset = struct.unpack_from(">6H", data, table + 6 + 12 * record)
            if name == 4 and (platform, encoding) in ((3, 1), (1, 0)):
                _need(data, table + strings + offset, length, "its name table")
                found.setdefault((platform, language == 0x409), data[table + strings + offset:][:length])
    except (Damaged, KeyError):
        return ""
    for key in ((3, True), (3, False)):
        if key in found:
            return found[key].decode("utf-16-be", "replace")
    mac = [name for (platform, _), name in found.items() if platform == 1]
    return mac[0].decode("mac-roman", "replace") if mac else ""


def _refuse_cut_tables(tables: dict[str, tuple[int, int]], size: int) -> None:
    """Name the tables that run past the end of the file, those cngen needs first: a file
    cut short if the tables follow each other as they should, else a damaged directory."""
    cut = sorted((tag for tag, (offset, length) in tables.items() if offset + length > size),
                 key=lambda tag: (tag not in NEEDED_TABLES, tag))
    if not cut:
        return
    end = max(offset + length for offset, length in tables.values())
    shown = cut if len(cut) <= 5 else [*cut[:4], f"{len(cut) - 4} more"]
    named = f"{', '.join(shown[:-1])} and {shown[-1]}" if len(shown) > 1 else shown[0]
    table = f"its {named} table{'s' if len(cut) > 1 else ''}"
    places = sorted(tables.values())
    if any(offset + length > following for (offset, length), (following, _) in zip(places, places[1:])):
        raise Damaged(f"its table directory is garbled: it places tables on top of each other, and "
                       f"{table} past the end of the file (up to byte {end:,} of {size:,})")
    raise CutShort(f"the file has {size:,} bytes, but its tables run on to byte {end:,} "
                    f"({table} {'are' if len(cut) > 1 else 'is'} incomplete)")


def _check_character_map(data: bytes, offset: int, length: int) -> None:
    """The subtable ReportLab chooses (as it chooses it) lies in the file and lists no more
    characters than Unicode assigns, so that reading it takes a moment, not hours."""
    where = "its character map"
    count = _ushort(data, offset + 2, where) or _ushort(data, offset, where)  # ReportLab takes them swapped
    _need(data, offset + 4, 8 * count, where)
    chosen, preference = None, 0
    for index in range(count):
        platform, encoding, place = struct.unpack_from(">HHL", data, offset + 4 + 8 * index)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            chosen, preference = place, 1
        elif platform == 1 and encoding == 0 and preference != 1:
            chosen, preference = place, 2
    if chosen is None:
        return  # ReportLab says it has no character map it can use
    table = offset + chosen
    kind = _ushort(data, table, where)
    characters = 0
    if kind == 4:
        segments = _ushort(data, table + 6, where) // 2
        _need(data, table + 14, 8 * segments + 2, where)
        ends = struct.unpack_from(f">{segments}H", data, table + 14)
        starts = struct.unpack_from(f">{segments}H", data, table + 16 + 2 * segments)
        characters = sum(max(0, end - begin + 1) for begin, end in zip(starts, ends))
    elif kind in (12, 13):
        groups = _ulong(data, table + 12, where)
        _need(data, table + 16, 12 * groups, where)
        for group in range(groups):
            begin, end = struct.unpack_from(">LL", data, table + 16 + 12 * group)
            if end > 0x10FFFF:
                raise Damaged(f"its character map lists character {end:#x}, beyond Unicode")
            characters += max(0, end - begin + 1)
    elif kind in (6, 10):
        entries = _ushort(data, table + 8, where) if kind == 6 else _ulong(data, table + 16, where)
        _need(data, table + (10 if kind == 6 else 20), 2 * entries, where)
        characters = entries
    elif kind == 2:
        raise Damaged("its character map is in format 2, for legacy Asian encodings, which cngen cannot read")
    if characters > (0x10000 if kind == 4 else _MOST_CHARACTERS):
        raise Damaged(f"its character map claims {characters:,} characters, more than "
                       f"{'its format holds' if kind == 4 else 'Unicode assigns'}")


def _need(data: bytes, offset: int, length: int, what: str) -> None:
    """``what`` (e.g. "its character map") is whole: the file was cut short in its header,
    or, past the directory, whatever points past the end is damaged."""
    if offset + length > len(data):
        header = what in ("its table directory", "its collection header")
        raise (CutShort if header else Damaged)(
            f"{what} runs past the end of the file (to byte {offset + length:,} of {len(data):,})")


def _ushort(data: bytes, offset: int, what: str) -> int:
    _need(data, offset, 2, what)
    (value,) = struct.unpack_from(">H", data, offset)
    return int(value)


def _ulong(data: bytes, offset: int, what: str) -> int:
    _need(data, offset, 4, what)
    (value,) = struct.unpack_from(">L", data, offset)
    return int(value)


# --- After ReportLab reads the font: what writing the PDF will rely on ------------------------


def check_glyphs(face: TTFontFace, data: bytes) -> None:
    """Everything the PDF's font subset will read exists: the glyphs the character map and
    composite glyphs name, and each glyph's bytes within the glyph table. ReportLab only
    reads these when the PDF is written, long after the font was accepted."""
    glyphs = face.numGlyphs
    if glyphs < 1:
        raise Damaged("it has no glyphs")
    if not face.ascent > face.descent:
        raise Damaged("its ascent is not above its descent, so a line of text would have no height")
    beyond = max(face.charToGlyph.values(), default=0)
    if beyond >= glyphs:
        raise Damaged(f"its character map names glyph {beyond}, but it has only {glyphs} glyphs")
    offset, length = face.table["glyf"]["offset"], face.table["glyf"]["length"]
    positions = face.glyphPos
    if len(positions) != glyphs + 1 or positions[-1] > length:
        raise Damaged("its loca table places glyphs beyond the end of its glyf table")
    for glyph in range(glyphs):
        start, end = positions[glyph], positions[glyph + 1]
        if end < start:
            raise Damaged(f"its loca table gives glyph {glyph} a negative length")
        if start == end:
            continue  # an empty glyph, such as the space
        if end - start < 10:
            raise Damaged(f"glyph {glyph} is shorter than a glyph's header")
        if struct.unpack_from(">h", data, offset + start)[0] < 0:
            _check_composite(data, offset + start, offset + end, glyph, glyphs)


def _check_composite(data: bytes, start: int, end: int, glyph: int, glyphs: int) -> None:
    """A composite glyph's parts, as ReportLab walks them: each within the glyph, each an
    existing glyph."""
    place, more = start + 10, True
    while more:
        if place + 4 > end:
            raise Damaged(f"glyph {glyph} runs past its end")
        flags, part = struct.unpack_from(">HH", data, place)
        if part >= glyphs:
            raise Damaged(f"glyph {glyph} is made of glyph {part}, but the font has only {glyphs} glyphs")
        place += 4 + (4 if flags & 0x0001 else 2)
        place += 2 if flags & 0x0008 else 4 if flags & 0x0040 else 8 if flags & 0x0080 else 0
        more = bool(flags & 0x0020)
    if place > end:
        raise Damaged(f"glyph {glyph} runs past its end")
