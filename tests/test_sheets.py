"""Decks kept in a spreadsheet (generator/inputs/sheets.py): CSV, TSV and .xlsx read as rows of
text by header, and every file that cannot be read as one refused with its row and column.

The workbooks are made here: openpyxl writes them, and what it cannot write (a formula with a
saved value, macros, a million rows) is patched or streamed into the ZIP directly.
"""

from __future__ import annotations

import csv
import datetime
import io
import random
import re
import time
import zipfile

import openpyxl
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from generator.errors import CngenError
from generator.inputs import sheets
from generator.inputs.sheets import FIELDS, Sheet, read_sheet
from generator.model.words import spreadsheet_format

SHEET_XML = "xl/worksheets/sheet1.xml"


def read_csv(text: str, **options) -> Sheet:
    return read_sheet(text.encode("utf-8"), "deck.csv", "csv", **options)


def refused(data: bytes, fmt: str, match: str, **options) -> str:
    with pytest.raises(CngenError, match=match) as caught:
        read_sheet(data, f"deck.{fmt}", fmt, **options)
    return str(caught.value)


def cells(sheet: Sheet) -> list[tuple[int, dict[str, str]]]:
    return [(row.number, row.cells) for row in sheet.rows]


def workbook(*rows: list[object], title: str = "Deck", build=None) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = title
    for row in rows:
        sheet.append(row)
    if build:
        build(book, sheet)
    stream = io.BytesIO()
    book.save(stream)
    return stream.getvalue()


def patched(data: bytes, member: str, change, extra: dict[str, bytes] | None = None) -> bytes:
    """The workbook with ``member`` rewritten by ``change`` (bytes -> bytes), and members added."""
    source = zipfile.ZipFile(io.BytesIO(data))
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED) as target:
        for info in source.infolist():
            content = source.read(info.filename)
            target.writestr(info.filename, change(content) if info.filename == member else content)
        for name, content in (extra or {}).items():
            target.writestr(name, content)
    return stream.getvalue()


# -- what a name says ---------------------------------------------------------------------------

def test_the_format_comes_from_the_suffix_whatever_its_case():
    assert [spreadsheet_format(name) for name in ("a.csv", "B.TSV", "c.tab", "d.XLSX", "e.xls", "f.txt", "csv")] \
        == ["csv", "tsv", "tsv", "xlsx", None, None, None]


# -- headers -------------------------------------------------------------------------------------

def test_english_headers_name_the_fields_and_other_columns_are_noted():
    sheet = read_csv("Word,Notes,copies,Category\nAPPLE,red,2,Fruit\n")
    assert list(sheet.columns.items()) == [("word", "A"), ("category", "D"), ("copies", "C")]  # FIELDS' order
    assert sheet.headers["word"] == "Word"
    assert sheet.ignored == ("B (Notes)",)
    assert cells(sheet) == [(2, {"word": "APPLE", "copies": "2", "category": "Fruit"})]


def test_a_languages_names_match_casefolded_trimmed_and_composed():
    decomposed = "traduccio\u0301n"  # ó as o and a combining accent
    sheet = read_csv(f" WORT ,{decomposed}\nApfel,manzana\n",
                     names={"word": ["Wort"], "second": ["traducción"]})
    assert sheet.columns == {"word": "A", "second": "B"}
    assert cells(sheet) == [(2, {"word": "Apfel", "second": "manzana"})]


def test_columns_maps_a_field_to_its_header_and_refuses_what_is_not_there():
    sheet = read_csv("Term,word\nAPPLE,ignored\n", columns={"word": "term"})
    assert sheet.columns == {"word": "A"} and sheet.ignored == ("B (word)",)
    message = refused(b"Name,Notes\nAPPLE,x\n", "csv", "no column headed 'Term'", columns={"word": "Term"})
    assert "A 'Name', B 'Notes'" in message
    refused(b"word\nAPPLE\n", "csv", "not a field of a deck: use word, second, picture, category, copies",
            columns={"colour": "Farbe"})


def test_a_missing_word_column_names_row_1_its_headers_and_the_fix():
    message = refused(b"Term,Notes\nAPPLE,x\n", "csv", "row 1 has no word column")
    assert "A 'Term', B 'Notes'" in message and "--columns word=HEADER" in message


def test_two_columns_for_one_field_are_refused_naming_both():
    refused(b"word,Notes,Wort\nA,,B\n", "csv", "columns A and C are both the word column", names={"word": ["wort"]})


# -- rows ----------------------------------------------------------------------------------------

def test_blank_rows_are_skipped_and_still_counted():
    sheet = read_csv("word,Notes\nAPPLE,\n\n,only a note\n , \nPEAR,\n")
    assert cells(sheet) == [(2, {"word": "APPLE"}), (6, {"word": "PEAR"})]


def test_a_cell_over_several_lines_is_one_row_and_numbers_follow_it():
    sheet = read_csv('word,Notes\nAPPLE,"one\ntwo\nthree"\nPEAR,\n')
    assert cells(sheet) == [(2, {"word": "APPLE"}), (3, {"word": "PEAR"})]
    message = refused(b'word,Notes\nAPPLE,"a\nb"\n"PE\nAR",\n', "csv", "row 3, column A")
    assert "holds a line break" in message


def test_a_ragged_row_may_only_add_empty_cells():
    assert cells(read_csv("word,copies\nAPPLE,2,,\n")) == [(2, {"word": "APPLE", "copies": "2"})]
    refused(b"word,copies\nAPPLE,2,,,late\n", "csv", "row 2 has a value in column E, which has no header")
    refused(b"word,,copies\nAPPLE,x,2\n", "csv", "row 2 has a value in column B, which has no header")


def test_quotes_that_do_not_pair_up_are_refused_with_their_row():
    refused(b'word\nAPPLE\n"PEAR"x\n', "csv", "row 3: the quotes do not pair up")
    refused(b'word\nAPPLE\n"PEAR\nPLUM\n', "csv", "row 3: the quotes do not pair up")


def test_an_empty_header_row_says_so():
    refused(b"\nAPPLE\n", "csv", r"row 1 has no word column \(its headers are none \(row 1 is empty\)\)")


def test_a_line_break_in_a_workbooks_category_is_refused_naming_its_cell():
    refused(workbook(["word", "Category"], ["APPLE", "Fruit\nand more"]), "xlsx", "row 2, column B: the category")


# -- encodings and delimiters ---------------------------------------------------------------------

def test_utf8_with_a_byte_order_mark():
    sheet = read_sheet("\ufeffword\nÄPFEL\n".encode(), "deck.csv", "csv")
    assert sheet.columns == {"word": "A"} and cells(sheet) == [(2, {"word": "ÄPFEL"})]


def test_excels_unicode_text_is_utf16_tsv():
    data = "word\tcategory\nÄPFEL\tObst, rot\n".encode("utf-16")
    assert data[:2] in (b"\xff\xfe", b"\xfe\xff")
    assert cells(read_sheet(data, "deck.txt", "tsv")) == [(2, {"word": "ÄPFEL", "category": "Obst, rot"})]


def test_windows_1252_is_refused_naming_the_row_of_the_first_bad_byte():
    data = 'word,Notes\nAPPLE,"one\ntwo"\nCAFÉ,\n'.encode("cp1252")
    message = refused(data, "csv", "deck.csv: row 3: this is not UTF-8 text")
    assert "CSV UTF-8" in message


def test_damaged_utf16_is_refused_naming_its_row():
    refused("word\nAPPLE\n".encode("utf-16") + b"\x00", "tsv", "row 3: this UTF-16 text is damaged")


def test_nul_bytes_without_a_utf16_mark_are_refused():
    refused("word\nAPPLE\n".encode("utf-16-le"), "csv", "holds NUL bytes")


def test_european_excel_separates_with_semicolons():
    sheet = read_csv("word;copies;Notes\nAPPLE;2;1,5 cm\n")
    assert cells(sheet) == [(2, {"word": "APPLE", "copies": "2"})]
    # A semicolon inside quotes, or beside a comma, leaves the comma the separator.
    assert read_csv('"word;x",word\n1,APPLE\n').columns == {"word": "B"}
    assert cells(read_csv("word,Notes\nAPPLE,a;b\n")) == [(2, {"word": "APPLE"})]


printable = st.text(st.characters(codec="utf-8", categories=("L", "M", "N", "P", "S", "Zs")), max_size=8)


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4).flatmap(lambda width: st.lists(st.lists(printable, min_size=width, max_size=width),
                                                         max_size=6).map(lambda grid: (width, grid))))
def test_any_grid_written_by_the_csv_module_reads_back_trimmed(shaped):
    width, grid = shaped
    assume(any(cell.strip() for row in grid for cell in row))
    fields = FIELDS[:width]
    stream = io.StringIO()
    csv.writer(stream).writerows([fields, *grid])
    sheet = read_sheet(stream.getvalue().encode(), "deck.csv", "csv")
    expected = [(number, dict(zip(fields, (cell.strip() for cell in row))))
                for number, row in enumerate(grid, start=2) if any(cell.strip() for cell in row)]
    assert cells(sheet) == expected


# -- workbooks -----------------------------------------------------------------------------------

def test_a_workbook_reads_every_value_as_the_text_a_person_sees():
    data = workbook(["Word", "copies", "second", "category"],
                    ["APPLE", 3.0, True, datetime.date(2024, 3, 1)],
                    ["PEAR", 2.5, 7, " Fruit "])
    sheet = read_sheet(data, "deck.xlsx", "xlsx")
    assert sheet.sheet == "Deck"
    assert cells(sheet) == [(2, {"word": "APPLE", "second": "TRUE", "category": "2024-03-01", "copies": "3"}),
                            (3, {"word": "PEAR", "second": "7", "category": "Fruit", "copies": "2.5"})]


def test_hidden_rows_and_empty_rows_keep_their_numbers():
    def hide(book, sheet):
        sheet.row_dimensions[3].hidden = True
        sheet["A5"] = "PLUM"

    data = workbook(["word"], ["APPLE"], ["PEAR"], build=hide)
    assert cells(read_sheet(data, "deck.xlsx", "xlsx")) == \
        [(2, {"word": "APPLE"}), (3, {"word": "PEAR"}), (5, {"word": "PLUM"})]


def test_a_sheet_is_chosen_by_name_and_a_missing_name_lists_the_sheets():
    def second(book, sheet):
        book.create_sheet("Fruit").append(["word"])
        book["Fruit"].append(["APPLE"])

    data = workbook(["Notes"], ["nothing"], build=second)
    assert cells(read_sheet(data, "deck.xlsx", "xlsx", sheet="Fruit")) == [(2, {"word": "APPLE"})]
    refused(data, "xlsx", "has no sheet named 'Veg': its sheets are 'Deck', 'Fruit'", sheet="Veg")


def formula_cell(value: str, cached: str | None) -> bytes:
    data = workbook(["word"], ["=UPPER(\"apple\")"], ["PEAR"])
    saved = f'<c r="A2" t="str"><f>UPPER("apple")</f><v>{cached}</v></c>' if cached else \
        '<c r="A2"><f>UPPER("apple")</f></c>'
    return patched(data, SHEET_XML, lambda xml: re.sub(rb'<c r="A2".*?</c>', saved.encode(), xml))


def test_a_formula_reads_as_its_saved_value():
    assert cells(read_sheet(formula_cell("x", "APPLE"), "deck.xlsx", "xlsx"))[0] == (2, {"word": "APPLE"})


def test_a_formula_without_a_saved_value_is_refused_naming_its_cell():
    refused(formula_cell("x", None), "xlsx", "row 2, column A holds a formula with no saved value")
    # openpyxl itself writes formulas with an empty value, as any program that does not calculate.
    refused(workbook(["word"], ["PEAR"], ["=UPPER(\"apple\")"]), "xlsx", "row 3, column A holds a formula")


def test_an_error_value_is_refused_naming_its_cell():
    data = workbook(["word", "Notes"], ["APPLE", "x"], ["PEAR", "y"])
    data = patched(data, SHEET_XML, lambda xml: re.sub(rb'<c r="B3".*?</c>', b'<c r="B3" t="e"><v>#REF!</v></c>', xml))
    refused(data, "xlsx", r"row 3, column B holds an error \(#REF!\)")


def test_a_merge_within_a_column_fills_it_and_a_merge_across_columns_is_refused():
    def merge_down(book, sheet):
        sheet.merge_cells("B2:B3")

    data = workbook(["word", "category"], ["APPLE", "Fruit"], ["PEAR", None], ["LEEK", "Veg"], build=merge_down)
    assert [row.cells["category"] for row in read_sheet(data, "deck.xlsx", "xlsx").rows] == ["Fruit", "Fruit", "Veg"]

    def merge_across(book, sheet):
        sheet.merge_cells("A3:B3")

    data = workbook(["word", "category"], ["APPLE", "Fruit"], ["PEAR", None], build=merge_across)
    refused(data, "xlsx", "the cells A3:B3 are merged across columns: unmerge A3:B3: one value a cell")


def test_macros_are_never_run_nor_read():
    data = workbook(["word"], ["APPLE"])
    refused(patched(data, "", bytes, {"xl/vbaProject.bin": b"\x00" * 64}), "xlsx", "cngen never runs macros")
    macro_type = patched(data, "[Content_Types].xml",
                         lambda xml: xml.replace(b"sheet.main+xml", b"sheet.macroEnabled.main+xml"))
    refused(macro_type, "xlsx", r"save it as .xlsx \(Excel Workbook\)")


def test_an_ole_file_is_an_old_xls_or_an_encrypted_workbook():
    message = refused(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512), "xlsx", "protected by a password")
    assert ".xls" in message and "remove the password" in message


def test_random_bytes_and_a_truncated_workbook_are_refused():
    noise = random.Random(41).randbytes(4096)
    refused(noise, "xlsx", r"is not an Excel workbook \(.xlsx\)")
    data = workbook(["word"], ["APPLE"])
    refused(data[: len(data) // 2], "xlsx", "is damaged, or cut short")


def test_a_zip_bomb_is_refused_before_it_is_unpacked(monkeypatch):
    data = workbook(["word"], ["APPLE"])
    refused(patched(data, "", bytes, {"xl/media/image1.png": bytes(16 * 2**20)}), "xlsx", "zip bomb")
    monkeypatch.setattr(sheets, "MOST_UNPACKED", 4096)  # the sum of members, however each packs
    refused(data, "xlsx", "unpacks to")


def test_a_part_declaring_entities_is_refused_before_any_parser_reads_it():
    laughs = b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
    data = patched(workbook(["word"], ["APPLE"]), SHEET_XML, lambda xml: laughs + xml.replace(b"APPLE", b"&b;"))
    refused(data, "xlsx", "its part 'xl/worksheets/sheet1.xml' declares a DTD")


def streamed_workbook(rows: int, dimension: str | None) -> bytes:
    """A workbook of ``rows`` rows, its sheet's XML streamed into the ZIP a block at a time."""
    data = workbook(["word"], ["APPLE"])
    source = zipfile.ZipFile(io.BytesIO(data))
    stream = io.BytesIO()
    with zipfile.ZipFile(stream, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as target:
        for info in source.infolist():
            if info.filename != SHEET_XML:
                target.writestr(info.filename, source.read(info.filename))
        with target.open(SHEET_XML, "w") as sheet:
            ns = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
            stated = f'<dimension ref="{dimension}"/>' if dimension else ""
            sheet.write(f'<worksheet xmlns="{ns}">{stated}<sheetData>'.encode())
            for start in range(1, rows + 1, 10_000):
                sheet.write("".join(f'<row r="{n}"><c r="A{n}" t="inlineStr"><is><t>{"W" if n > 1 else "word"}'
                                    '</t></is></c></row>'
                                    for n in range(start, min(start + 10_000, rows + 1))).encode())
            sheet.write(b"</sheetData></worksheet>")
    return stream.getvalue()


@pytest.fixture(scope="session")
def million_rows() -> bytes:
    return streamed_workbook(1_000_000, None)


def test_a_million_rows_are_refused_in_bounded_time(million_rows):
    started = time.process_time()
    refused(million_rows, "xlsx", "holds more than 100,000 rows")
    assert time.process_time() - started < 2


def test_a_sheet_stated_far_beyond_the_limit_is_refused_at_once():
    refused(streamed_workbook(3, "A1:A1000001"), "xlsx", "holds more than 100,000 rows")
    assert len(read_sheet(streamed_workbook(3, "A1:A3"), "deck.xlsx", "xlsx").rows) == 2


def test_most_rows_stops_reading_as_soon_as_it_is_passed():
    refused(workbook(["word"], *[[f"W{n}"] for n in range(6)]), "xlsx", "more than 5 rows", most_rows=5)
    refused(b"word\n" + b"W\n" * 6, "csv", "more than 5 rows", most_rows=5)
    assert len(read_sheet(b"word\n" + b"W\n" * 5, "deck.csv", "csv", most_rows=5).rows) == 5
