"""Decks kept in a spreadsheet: CSV, TSV and Excel workbooks (.xlsx) read as rows of text.

Pure: bytes in (the caller reads them with ``read_input``), rows out; nothing is opened, and
nothing in a file is ever executed. Row 1 holds the headers, which say what each column is
(``word``, ``second``, ``picture``, ``category``, ``copies``, or a language's own words for
them); every later row with a value in a column a field reads is one row of the deck,
numbered as the spreadsheet numbers it, so that a message points where the user looks.

Every cell is read as the text a person sees: 3.0 as "3", TRUE as "TRUE", a date as
2024-03-01. A workbook's formula is read as the value the spreadsheet program saved with it
(the result last calculated, not the formula); one saved without a value (by a program that
does not calculate) or holding an error (#REF!, #N/A...) is refused, naming its cell. Hidden
rows and hidden sheets are read like any other: the file, not its view, is the deck.
Merged cells read as their top-left value over a range within one column (a category written
once over several rows); a range across columns is refused.

A workbook is checked before openpyxl reads it: a ZIP at all, not an old .xls or an
encrypted one, no macros, no member that unpacks to far more than it holds. The worksheet's
XML is streamed once (lxml, entities off) for what openpyxl's read-only mode does not tell:
merged ranges, formulas without a saved value, error cells, and how many rows there are, so
that a million-row sheet is refused before openpyxl reads a row of it.
"""

from __future__ import annotations

import csv
import datetime
import io
import itertools
import posixpath
import re
import unicodedata
import warnings
import zipfile
from collections.abc import Callable, Generator, Mapping, Sequence
from contextlib import closing
from typing import Any, TypeVar

import msgspec

from ..errors import CngenError, first_few, quoted

T = TypeVar("T")
Rows = Generator[list[str], None, None]  # a sheet's rows as text, row 1 first: closed when read

FIELDS = ("word", "second", "picture", "category", "copies")
# Fields that hold one line of text: a line break in one of them is a mistake to show.
ONE_LINE = ("word", "second", "category")

# A real deck's workbook is a few hundred kilobytes; these are far past any, and small enough
# that a zip bomb is refused before a byte of it is unpacked.
MOST_UNPACKED = 256 * 2**20
MOST_RATIO = 200  # a member larger than RATIO_FLOOR unpacking to more than 200 times its size
RATIO_FLOOR = 2**20
# A sheet's stated size counts formatted empty rows too, so only a far larger one is refused
# from it; the rows themselves are counted as they are read.
STATED_ROWS_SLACK = 10

_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # an old .xls, or an .xlsx Excel encrypted
_ZIP = b"PK\x03\x04"
_PROLOG = 64 * 1024  # what comes before a part's root element: a declaration, a comment at most
_ROOT_ELEMENT = re.compile(rb"<[A-Za-z_]")
_SPLIT_REF = re.compile(r"^([A-Z]{1,3})([0-9]+)$")


class SheetRow(msgspec.Struct, frozen=True):
    number: int  # the row as the spreadsheet numbers it: the header is row 1
    cells: dict[str, str]  # field -> the cell's text, trimmed ("" when empty); only fields present


class Sheet(msgspec.Struct, frozen=True):
    source: str  # how messages name the file
    sheet: str  # the worksheet's name ("" for CSV/TSV)
    columns: dict[str, str]  # field -> its column letter ("A", "B", ... "AA")
    headers: dict[str, str]  # field -> the header text as written in the sheet
    ignored: tuple[str, ...]  # headers of columns no field reads, as "C (Notes)", for a note
    rows: tuple[SheetRow, ...]  # data rows with at least one non-empty cell, in order


def read_sheet(data: bytes, source: str, fmt: str, *, sheet: str | None = None,
               columns: Mapping[str, str] = {}, names: Mapping[str, Sequence[str]] = {},
               most_rows: int = 100_000) -> Sheet:
    """The deck in ``data`` (a ``fmt`` file named ``source`` in messages): its header row
    matched to FIELDS through ``columns`` (the user's --columns: field -> header) and
    ``names`` (field -> other headers meaning it), and its rows as text."""
    unknown = [field for field in columns if field not in FIELDS]
    if unknown:
        raise CngenError(f"--columns names {quoted(unknown[0])}, which is not a field of a deck: "
                         f"use {', '.join(FIELDS)}")
    if fmt in ("csv", "tsv"):
        title, grid = "", _text_grid(data, source, fmt)
        merges: Merges = Merges({}, ())
    elif fmt == "xlsx":
        title, grid, merges = _workbook_grid(data, source, sheet, most_rows)
    else:
        raise CngenError(f"{source}: cngen reads decks from .csv, .tsv and .xlsx files, not {quoted(fmt)}")
    return _sheet(source, title, grid, merges, columns, names, most_rows)


# -- the header and the rows, whatever the format ------------------------------------------------

class Merges(msgspec.Struct, frozen=True):
    """A worksheet's merged ranges: within one column, each column's (first row, last row)
    by its index; across columns, their refs (refused where a field reads them)."""

    down: dict[int, tuple[tuple[int, int], ...]]
    across: tuple[tuple[str, int, int], ...]  # (ref, first column, last column), 0-based


def _sheet(source: str, title: str, grid: Rows, merges: Merges,
           columns: Mapping[str, str], names: Mapping[str, Sequence[str]], most_rows: int) -> Sheet:
    with closing(grid):  # a refusal half way lets the workbook go at once
        header = [cell.strip() for cell in next(grid, [])]
        found = _match_headers(header, source, columns, names)
        for ref, first, last in merges.across:
            if any(first <= index <= last for index in found.values()):
                raise CngenError(f"{source}: the cells {ref} are merged across columns: unmerge {ref}: "
                                 "one value a cell")
        rows = []
        for number, cells in enumerate(grid, start=2):
            row = _row(cells, number, found, header, source)
            if row is not None:
                rows.append(row)
                if len(rows) > most_rows:
                    raise _too_many_rows(source, most_rows)
    return Sheet(source=source, sheet=title,
                 columns={field: column_letter(index) for field, index in found.items()},
                 headers={field: header[index] for field, index in found.items()},
                 ignored=tuple(f"{column_letter(index)} ({text})" for index, text in enumerate(header)
                               if text and index not in found.values()),
                 rows=tuple(rows))


def _match_headers(header: list[str], source: str, columns: Mapping[str, str],
                   names: Mapping[str, Sequence[str]]) -> dict[str, int]:
    """field -> its column's index. A field the user mapped is found by that header alone."""
    meanings: dict[str, str] = {}  # a header's folded text -> the field it means
    for field in reversed(FIELDS):  # the first field of FIELDS wins a header two fields name
        if field not in columns:
            for text in (field, *names.get(field, ())):
                meanings[_folded(text)] = field
    meanings.update({_folded(text): field for field, text in columns.items()})
    found: dict[str, int] = {}
    for index, text in enumerate(header):
        meant = meanings.get(_folded(text)) if text else None
        if meant is None:
            continue
        field = meant
        if field in found:
            raise CngenError(f"{source}: row 1: columns {column_letter(found[field])} and "
                             f"{column_letter(index)} are both the {field} column: rename one of them, "
                             f"or choose one with --columns {field}=HEADER")
        found[field] = index
    for field, text in columns.items():
        if field not in found:
            raise CngenError(f"{source}: row 1 has no column headed {quoted(text)} (--columns "
                             f"{field}={text}): its headers are {_headers_found(header)}")
    if "word" not in found:
        raise CngenError(f"{source}: row 1 has no word column (its headers are {_headers_found(header)}): "
                         "head the column of words \"word\", or name its header with --columns word=HEADER")
    return dict(sorted(found.items(), key=lambda item: FIELDS.index(item[0])))


def _row(cells: list[str], number: int, found: dict[str, int], header: list[str],
         source: str) -> SheetRow | None:
    for index in range(len(header), len(cells)):
        _no_value_without_header(cells[index], number, index, source)
    for index, text in enumerate(header):
        if not text and index < len(cells):
            _no_value_without_header(cells[index], number, index, source)
    read = {}
    for field, index in found.items():
        text = cells[index].strip() if index < len(cells) else ""
        if field in ONE_LINE and ("\n" in text or "\r" in text):
            raise CngenError(f"{source}: row {number}, column {column_letter(index)}: the {field} "
                             f"{quoted(text)} holds a line break: a {field} is one line of text, "
                             "so put it on one line, or each entry in a row of its own")
        read[field] = text
    return SheetRow(number, read) if any(read.values()) else None


def _no_value_without_header(text: str, number: int, index: int, source: str) -> None:
    if text.strip():
        letter = column_letter(index)
        raise CngenError(f"{source}: row {number} has a value in column {letter}, which has no header "
                         f"({quoted(text.strip())}): give column {letter} a header in row 1, or clear it")


def _headers_found(header: list[str]) -> str:
    shown = [f"{column_letter(index)} {quoted(text)}" for index, text in enumerate(header) if text]
    return first_few(shown, 10) if shown else "none (row 1 is empty)"


def _folded(text: str) -> str:
    return unicodedata.normalize("NFC", text.strip().casefold())


def _too_many_rows(source: str, most_rows: int) -> CngenError:
    return CngenError(f"{source} holds more than {most_rows:,} rows, far more than any deck: "
                      "give a sheet that holds only the deck")


def column_letter(index: int) -> str:
    """0 -> "A", 25 -> "Z", 26 -> "AA"."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def column_index(letters: str) -> int:
    """"A" -> 0, "AA" -> 26."""
    index = 0
    for letter in letters:
        index = index * 26 + ord(letter) - ord("A") + 1
    return index - 1


# -- CSV and TSV ---------------------------------------------------------------------------------

def _text_grid(data: bytes, source: str, fmt: str) -> Rows:
    text = _decode(data, source)
    delimiter = "\t" if fmt == "tsv" else _csv_delimiter(text)
    return _records(text, delimiter, source)


def _records(text: str, delimiter: str, source: str) -> Rows:
    # A record is a spreadsheet's row however many lines its quoted cells span, and a blank
    # line is an empty row: so the rows are numbered by counting records.
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    number = 0
    try:
        for number, record in enumerate(reader, start=1):
            yield record
    except csv.Error as error:
        raise CngenError(f"{source}: row {number + 1}: the quotes do not pair up ({error}): a cell "
                         "that starts with \" ends with \" too, and a \" inside it is written \"\"") from None


def _csv_delimiter(text: str) -> str:
    """A comma, or a semicolon when the header line has semicolons and no commas outside
    quotes: Excel saves "CSV" with semicolons where a comma is the decimal sign."""
    commas = semicolons = 0
    quoted_cell = False
    for char in text:
        if char == '"':
            quoted_cell = not quoted_cell
        elif not quoted_cell:
            if char in "\r\n":
                break
            commas += char == ","
            semicolons += char == ";"
    return ";" if semicolons and not commas else ","


def _decode(data: bytes, source: str) -> str:
    """UTF-8 with or without a BOM, or UTF-16 with one (Excel's "Unicode text")."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError as error:
            raise CngenError(f"{source}: row {_row_at(data, error.start, 'utf-16')}: this UTF-16 text "
                             "is damaged (it ends in half a character, or holds an unpaired surrogate): "
                             "save it again, as CSV UTF-8 or Unicode text") from None
    if b"\x00" in data:
        row = _row_at(data, data.index(b"\x00"), "utf-8")
        raise CngenError(f"{source}: row {row}: this is not "
                         "text (it holds NUL bytes, as UTF-16 without a byte-order mark and binary "
                         "files do): save the sheet as CSV UTF-8 (Comma delimited)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CngenError(f"{source}: row {_row_at(data, error.start, 'utf-8')}: this is not UTF-8 text "
                         "(old versions of Excel save \"CSV\" in the computer's own encoding): save it "
                         "as CSV UTF-8 (Comma delimited), or as an Excel workbook (.xlsx)") from None


def _row_at(data: bytes, offset: int, encoding: str) -> int:
    """The row the byte at ``offset`` is on, counting records as the spreadsheet does."""
    before = data[:offset].decode(encoding, errors="replace").lstrip("\ufeff")
    try:
        records = sum(1 for _ in csv.reader(io.StringIO(before, newline="")))
    except csv.Error:  # the text before is itself broken: count its lines instead
        return before.count("\n") + 1
    return records + 1 if before == "" or before.endswith(("\n", "\r")) else records


# -- Excel workbooks -----------------------------------------------------------------------------

_NOT_WORKBOOK = "is not an Excel workbook (.xlsx): save the sheet as an Excel Workbook (.xlsx) or as CSV UTF-8"


def _workbook_grid(data: bytes, source: str, sheet: str | None,
                   most_rows: int) -> tuple[str, Rows, Merges]:
    archive = _checked_archive(data, source)
    with archive:
        title, path = _chosen_sheet(archive, source, sheet)
        scan = _scan_sheet(archive, path, source, title, most_rows)
    if scan.missing:
        raise CngenError(f"{source}: {_where(scan.missing)} holds a formula with no saved value: open the "
                         "file in a spreadsheet program and save it, or type the value")
    if scan.errors:
        raise CngenError(f"{source}: {_where(scan.errors)} holds an error ({scan.errors[1]}) where a "
                         "value should be: correct the formula, or type the value")
    return title, _workbook_rows(data, source, title, scan), scan.merges


def _where(cell: tuple[str, str]) -> str:
    split = _split_ref(cell[0])
    return f"row {split[1]}, column {split[0]}" if split else f"the cell {quoted(cell[0])}"


def _checked_archive(data: bytes, source: str) -> zipfile.ZipFile:
    if data.startswith(_OLE):
        raise CngenError(f"{source} is either a workbook protected by a password (Excel encrypts those) "
                         "or an old Excel 97-2003 workbook (.xls): remove the password, or save it as "
                         "an Excel Workbook (.xlsx) or as CSV UTF-8")
    if not data.startswith(_ZIP):
        raise CngenError(f"{source} {_NOT_WORKBOOK}")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, EOFError) as error:
        raise CngenError(f"{source} is damaged, or cut short ({error}): save the workbook again") from None
    names = {member.filename for member in members}
    if "xl/vbaProject.bin" in names or b"macroenabled" in _member(archive, "[Content_Types].xml", source).lower():
        raise CngenError(f"{source} holds macros, and cngen never runs macros: save it as .xlsx "
                         "(Excel Workbook)")
    _no_bomb(members, source)
    _no_doctype(archive, members, source)
    if "xl/workbook.xml" not in names:
        raise CngenError(f"{source} {_NOT_WORKBOOK}")
    return archive


def _no_bomb(members: list[zipfile.ZipInfo], source: str) -> None:
    unpacked = sum(member.file_size for member in members)
    swollen = [member for member in members if member.file_size > RATIO_FLOOR
               and member.file_size > MOST_RATIO * max(member.compress_size, 1)]
    if unpacked > MOST_UNPACKED or swollen:
        raise CngenError(f"{source} unpacks to {unpacked // 2**20:,} MB, far more than any workbook of "
                         "a deck (this is what a zip bomb looks like): give the deck's own workbook, "
                         "or save the sheet as CSV UTF-8")


def _no_doctype(archive: zipfile.ZipFile, members: list[zipfile.ZipInfo], source: str) -> None:
    """No part declares a DTD: Excel never writes one, and its entities are how XML is made to
    swell or reach outside the file when a parser expands them (openpyxl parses the parts itself)."""
    for member in members:
        if member.filename.endswith((".xml", ".rels", ".vml")):
            try:
                with archive.open(member) as stream:
                    start = stream.read(_PROLOG)
            except (zipfile.BadZipFile, ValueError, EOFError, OSError, RuntimeError) as error:
                raise CngenError(f"{source} is damaged ({error}): save the workbook again") from None
            root = _ROOT_ELEMENT.search(start)
            prolog = start[: root.start()] if root else start
            if b"<!DOCTYPE" in prolog or root is None and len(start) == _PROLOG:
                raise CngenError(f"{source}: its part {quoted(member.filename)} declares a DTD, which no "
                                 "spreadsheet program writes: save the sheet again as an Excel Workbook (.xlsx)")


def _member(archive: zipfile.ZipFile, name: str, source: str) -> bytes:
    try:
        return archive.read(name)
    except KeyError:
        return b""
    except (zipfile.BadZipFile, ValueError, EOFError, OSError, RuntimeError) as error:  # RuntimeError: encrypted
        raise CngenError(f"{source} is damaged ({error}): save the workbook again") from None


def _chosen_sheet(archive: zipfile.ZipFile, source: str, sheet: str | None) -> tuple[str, str]:
    """The chosen worksheet's name and its member's path (the first worksheet, or ``sheet``)."""
    sheets = _worksheets(archive, source)
    if not sheets:
        raise CngenError(f"{source} holds no worksheet: save the deck in a worksheet of its own")
    if sheet is None:
        return sheets[0]
    for title, path in sheets:
        if title == sheet:
            return title, path
    listed = first_few([quoted(title) for title, _ in sheets], 10)
    raise CngenError(f"{source} has no sheet named {quoted(sheet)}: its sheets are {listed}")


_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_RELATIONSHIP = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_RELATIONSHIPS = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def _worksheets(archive: zipfile.ZipFile, source: str) -> list[tuple[str, str]]:
    """(name, member path) of each worksheet in the workbook's order; chart sheets left out."""
    workbook = _parsed(_member(archive, "xl/workbook.xml", source), source)
    rels = _parsed(_member(archive, "xl/_rels/workbook.xml.rels", source), source)
    targets = {rel.get("Id"): rel.get("Target", "") for rel in rels.iter(f"{_RELATIONSHIPS}Relationship")
               if rel.get("Type", "").endswith("/worksheet")}
    sheets = []
    for element in workbook.iter(f"{_MAIN}sheet"):
        target = targets.get(element.get(_RELATIONSHIP))
        if target:
            path = target.lstrip("/") if target.startswith("/") else posixpath.normpath(f"xl/{target}")
            sheets.append((element.get("name", ""), path))
    return sheets


def _parsed(xml: bytes, source: str) -> Any:
    from lxml import etree

    if not xml:
        raise CngenError(f"{source} {_NOT_WORKBOOK}")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    try:
        return etree.fromstring(xml, parser)
    except etree.XMLSyntaxError as error:
        raise CngenError(f"{source} is damaged ({error}): save the workbook again") from None


class Scan(msgspec.Struct, frozen=True):
    """What the worksheet's XML says that openpyxl's read-only mode does not."""

    merges: Merges
    missing: tuple[str, str] | None  # the first formula cell with no saved value: (ref, "")
    errors: tuple[str, str] | None  # the first error cell: (ref, "#REF!")


def _scan_sheet(archive: zipfile.ZipFile, path: str, source: str, title: str, most_rows: int) -> Scan:
    from lxml import etree

    rows = 0
    missing = errors = None
    ranges: list[str] = []
    try:
        with archive.open(path) as stream:
            for _, element in etree.iterparse(stream, events=("end",), resolve_entities=False,
                                              no_network=True, load_dtd=False, huge_tree=False,
                                              tag=(f"{_MAIN}dimension", f"{_MAIN}row", f"{_MAIN}mergeCell")):
                tag = element.tag[len(_MAIN):]
                if tag == "row":
                    holds, missing_here, error_here = _read_row(element)
                    rows += holds
                    if rows > most_rows + 1:  # the header is not a row of the deck
                        raise _too_many_rows(source, most_rows)
                    missing, errors = missing or missing_here, errors or error_here
                elif tag == "dimension":
                    _stated_size(element.get("ref", ""), source, most_rows)
                else:
                    ranges.append(element.get("ref", ""))
                element.clear()
                while element.getprevious() is not None:  # what is read is let go
                    del element.getparent()[0]
    except KeyError:
        raise CngenError(f"{source}: the sheet {quoted(title)} is missing from the workbook: save it again") from None
    except (etree.XMLSyntaxError, zipfile.BadZipFile, EOFError, OSError, ValueError) as error:
        raise CngenError(f"{source}: the sheet {quoted(title)} is damaged ({error}): save the workbook again") from None
    return Scan(_merges(ranges), missing, errors)


_VALUE, _INLINE, _FORMULA = f"{_MAIN}v", f"{_MAIN}is", f"{_MAIN}f"


def _read_row(row: Any) -> tuple[bool, tuple[str, str] | None, tuple[str, str] | None]:
    """Whether the row holds a value, its first formula with no saved value as (ref, ""), and
    its first error as (ref, "#REF!"): one pass over its cells, a million rows being possible."""
    holds = False
    missing = error = None
    for cell in row:
        parts = {child.tag: child.text for child in cell}
        holds = holds or _VALUE in parts or _INLINE in parts
        # An empty saved value is an empty text only where the cell says its result is text.
        if _FORMULA in parts and not missing and not parts.get(_VALUE) and \
                (_VALUE not in parts or cell.get("t") != "str"):
            missing = cell.get("r", ""), ""
        if cell.get("t") == "e" and not error:
            error = cell.get("r", ""), parts.get(_VALUE) or "#VALUE!"
    return holds, missing, error


def _stated_size(ref: str, source: str, most_rows: int) -> None:
    last = _split_ref(ref.split(":")[-1])
    if last is not None and last[1] > STATED_ROWS_SLACK * most_rows:
        raise _too_many_rows(source, most_rows)


def _split_ref(ref: str) -> tuple[str, int] | None:
    match = _SPLIT_REF.match(ref.replace("$", "").upper())
    return (match.group(1), int(match.group(2))) if match else None


def _merges(ranges: list[str]) -> Merges:
    down: dict[int, list[tuple[int, int]]] = {}
    across = []
    for ref in ranges:
        corners = ref.split(":")
        top_left, bottom_right = (_split_ref(corners[0]), _split_ref(corners[-1]))
        if len(corners) != 2 or top_left is None or bottom_right is None:
            continue  # a range of one cell, or none: nothing merged
        (first_letters, first_row), (last_letters, last_row) = top_left, bottom_right
        first, last = column_index(first_letters), column_index(last_letters)
        if first == last:
            down.setdefault(first, []).append((first_row, last_row))
        else:
            across.append((ref, min(first, last), max(first, last)))
    return Merges({column: tuple(spans) for column, spans in down.items()}, tuple(across))


def _workbook_rows(data: bytes, source: str, title: str, scan: Scan) -> Rows:
    """The worksheet's rows as text, row 1 first, each merged range within a column filled
    with its top-left value."""
    import openpyxl

    fills = {(column, top): bottom for column, spans in scan.merges.down.items() for top, bottom in spans}
    carried: dict[int, tuple[str, int]] = {}  # column -> (top-left value, last row of its range)
    try:
        workbook = _quietly(lambda: openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True))
        try:
            rows = workbook[title].iter_rows(values_only=True)
            for number in itertools.count(1):
                values = _quietly(lambda: next(rows, None))
                if values is None:
                    return
                yield _filled([cell_text(value) for value in values], number, fills, carried)
        finally:
            workbook.close()
    except Exception as error:  # noqa: BLE001  # checked first: only a workbook openpyxl cannot follow gets here
        raise CngenError(f"{source}: the workbook cannot be read ({type(error).__name__}: {error}): "
                         "open it in a spreadsheet program and save it again, or save it as CSV UTF-8") from None


def _quietly(read: Callable[[], T]) -> T:
    """openpyxl warns of the parts of a workbook it leaves out (data validation, extensions):
    nothing a deck needs, and not for the user's terminal. Not held across a yield, as the
    filter is the whole process's."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return read()


def _filled(cells: list[str], number: int, fills: dict[tuple[int, int], int],
            carried: dict[int, tuple[str, int]]) -> list[str]:
    for column, (value, bottom) in list(carried.items()):
        if number > bottom:
            del carried[column]
        else:
            cells.extend([""] * (column + 1 - len(cells)))
            cells[column] = value
    for (column, top), bottom in fills.items():
        if top == number and column < len(cells):
            carried[column] = (cells[column], bottom)
    return cells


def cell_text(value: object) -> str:
    """A cell's value as a person reads it in the spreadsheet, trimmed."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, datetime.datetime):
        return value.date().isoformat() if value.time() == datetime.time() else value.isoformat(" ")
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value).strip()
