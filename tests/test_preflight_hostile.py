"""`cngen preflight` on hostile PDFs: each gets a report (exit 0 or 1) or one clear line
(exit 1), in bounded memory and time; never a traceback, a MemoryError or a hang.

The files are made small and fast: zip bombs inflate what zlib squeezed, page trees repeat
one reference, and the limits that take seconds to reach at their real values are lowered
for the test (the code reads them where they are named, in generator/preflight/limits.py).
"""

from __future__ import annotations

import base64
import io
import subprocess
import sys
import zlib
from collections.abc import Callable

import pikepdf
import pytest
from test_preflight import crafted, form

from generator.preflight import limits, report

Name = pikepdf.Name
MB = 2**20


# -- making hostile files ------------------------------------------------------------------------


def inflating_to(size: int, unit: bytes = b" ") -> bytes:
    """Flate data of a few dozen kilobytes that inflates to ``size`` bytes of ``unit``."""
    squeezer = zlib.compressobj(9)
    chunk = unit * (MB // len(unit))
    return b"".join(squeezer.compress(chunk) for _ in range(size // len(chunk) + 1)) + squeezer.flush()


def one_page(content: bytes = b"", resources: Callable[[pikepdf.Pdf], dict] | None = None,
             make: Callable[[pikepdf.Pdf], pikepdf.Object | None] | None = None) -> bytes:
    """A one-page PDF drawing ``content`` with ``resources(pdf)``, its streams saved exactly
    as made (a bomb stays a bomb). ``make(pdf)`` may return another content stream, or change
    the page itself."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    page = pdf.pages[0].obj
    page.Contents = pdf.make_stream(content)
    page.Resources = pikepdf.Dictionary(resources(pdf) if resources else {})
    if make is not None:
        made = make(pdf)
        if made is not None:
            page.Contents = made
    buffer = io.BytesIO()
    pdf.save(buffer, compress_streams=False, stream_decode_level=pikepdf.StreamDecodeLevel.none)
    return buffer.getvalue()


def raw_pdf(*objects: bytes) -> bytes:
    """A PDF written by hand, object 1 the catalog; streams get their /Length."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        if b"\nstream\n" in body:
            data = body.split(b"\nstream\n", 1)[1].rsplit(b"\nendstream", 1)[0]
            body = body.replace(b"<<", b"<< /Length %d" % len(data), 1)
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


CATALOG = b"<< /Type /Catalog /Pages 2 0 R >>"


def page_tree(kids: bytes, count: int) -> bytes:
    return raw_pdf(CATALOG, b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, count),
                   b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>")


def lzw_bits(codes: list[int], early: int = 1) -> bytes:
    """LZW codes packed as a reader expects: 9 bits wide, one bit wider as the table grows."""
    bits = count = 0
    out = bytearray()
    width, size, previous = 9, 258, 256
    for code in codes:
        bits, count = (bits << width) | code, count + width
        while count >= 8:
            count -= 8
            out.append((bits >> count) & 255)
        bits &= (1 << count) - 1
        if code == 256:
            width, size, previous = 9, 258, 256
            continue
        if previous != 256:
            size += 1
            if size - 1 + early in (511, 1023, 2047):
                width += 1
        previous = code
    return bytes(out + (bytes([(bits << (8 - count)) & 255]) if count else b""))


def lzw(data: bytes) -> bytes:
    """``data`` LZW-compressed, starting over whenever the table fills."""
    table = {bytes([byte]): byte for byte in range(256)}
    codes, word = [256], b""
    for byte in data:
        longer = word + bytes([byte])
        if longer in table:
            word = longer
            continue
        codes.append(table[word])
        if len(table) + 2 < 4095:
            table[longer] = len(table) + 2
        else:
            codes.append(256)
            table = {bytes([item]): item for item in range(256)}
        word = bytes([byte])
    return lzw_bits([*codes, table[word], 257] if word else [*codes, 257])


def lzw_bomb(cycles: int) -> bytes:
    """A few kilobytes a cycle that each decode to 7 MB: "A", then codes for ever longer runs
    of A until the table is nearly full, then a fresh table."""
    return lzw_bits([256, 65, *range(258, 4094)] * cycles + [257])


def cmyk_image(pdf: pikepdf.Pdf, data: bytes, width: int, height: int, **keys) -> pikepdf.Object:
    return pdf.make_stream(data, Type=Name.XObject, Subtype=Name.Image, Width=width, Height=height,
                           ColorSpace=Name.DeviceCMYK, BitsPerComponent=8, **keys)


def nested_forms(pdf: pikepdf.Pdf, levels: int, draws: int) -> pikepdf.Object:
    """Forms that multiply: each draws the one below ``draws`` times, each time a little larger
    (a form drawn again at the same size is not walked again)."""
    drawn = form(pdf, b"0 0 0 1 k 0 0 1 1 re f")
    for _ in range(levels):
        content = b"".join(b"q %d 0 0 1 0 0 cm /X Do Q\n" % (scale + 1) for scale in range(draws))
        drawn = form(pdf, content, {"/XObject": pikepdf.Dictionary(X=drawn)})
    return drawn


# -- what a user sees ----------------------------------------------------------------------------


def refused(result, message: str) -> None:
    """One line on stderr saying ``message``, exit 1, no table, no traceback."""
    assert result.exit_code == 1, result.output
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert "Traceback" not in lines[0] and "unexpected internal error" not in lines[0]


def reported(result) -> str:
    """The report's table, exit 0 or 1, and nothing on stderr."""
    assert result.exit_code in (0, 1), result.output
    assert result.stderr == "", result.stderr
    assert "passes every rule" in result.stdout or "FAILS" in result.stdout
    return result.stdout


def row(table: str, rule: str) -> str:
    return next(line for line in table.splitlines() if line.startswith(f"  {rule} "))


@pytest.fixture
def check(run, tmp_path):
    """Writes a file and runs `cngen preflight` on it."""
    def preflight(data: bytes, name: str = "x.pdf"):
        (tmp_path / name).write_bytes(data)
        return run("preflight", name)
    return preflight


# -- encryption --------------------------------------------------------------------------------


def encrypted(data: bytes, user: str) -> bytes:
    buffer = io.BytesIO()
    with pikepdf.open(io.BytesIO(data)) as pdf:
        # RC4 keeps the file PDF 1.4, so that encryption is the one rule it breaks.
        pdf.save(buffer, force_version="1.4",
                 encryption=pikepdf.Encryption(owner="secret", user=user, R=3, aes=False, metadata=False))
    return buffer.getvalue()


def test_a_file_encrypted_with_an_owner_password_alone_fails_the_trailer_rule(check):
    good = crafted(b"0 0 0 1 k 0 0 10 10 re f")
    assert "passes every rule" in reported(check(good))
    table = reported(check(encrypted(good, user="")))
    assert "FAILS" in table
    assert "FAIL  the file is encrypted (/Encrypt in the trailer)" in row(table, "trailer ID")
    assert sum("FAIL" in line for line in table.splitlines()[1:]) == 1  # nothing else


def test_a_file_that_needs_a_password_is_refused_in_one_line(check):
    refused(check(encrypted(crafted(b""), user="u")), "x.pdf: the PDF is encrypted with a password")


# -- streams that inflate without end ------------------------------------------------------------


@pytest.fixture(scope="module")
def bomb() -> bytes:
    return inflating_to(80 * MB)


def test_a_content_stream_that_inflates_to_80_mb_is_too_large(check, bomb):
    data = one_page(make=lambda pdf: pdf.make_stream(bomb, Filter=Name.FlateDecode))
    assert len(data) < 100_000
    refused(check(data), "page 1: the content is too large to check (more than 64 MB decoded)")


def test_a_bomb_inside_a_bomb_is_too_large(check, bomb):
    inner = zlib.compress(bomb, 9)  # 80 MB from 2 kB
    data = one_page(make=lambda pdf: pdf.make_stream(inner, Filter=[Name.FlateDecode, Name.FlateDecode]))
    refused(check(data), "page 1: the content is too large to check")


def test_an_lzw_bomb_is_measured_before_it_is_decoded(check):
    data = one_page(make=lambda pdf: pdf.make_stream(lzw_bomb(12), Filter=Name.LZWDecode))  # 88 MB
    refused(check(data), "page 1: the content is too large to check (more than 64 MB decoded)")


def test_real_lzw_content_behind_ascii85_is_read_and_judged(check):
    content = b"".join(b"0 0 1 rg %d %d 1 1 re f\n" % (step, step * 7 % 1000) for step in range(6_000))
    encoded = base64.a85encode(lzw(content)) + b"~>"
    assert len(encoded) > 25_000  # more than LZW could make 64 MB from without measuring
    table = reported(check(one_page(make=lambda pdf: pdf.make_stream(
        encoded, Filter=[Name.ASCII85Decode, Name.LZWDecode]))))
    assert "page 1: content compressed with LZW" in row(table, "compression")
    assert "page 1: fill DeviceRGB 0 0 1 (rg)" in row(table, "colour spaces")


def test_an_image_that_inflates_without_end_is_too_large(check, bomb):
    def make(pdf):
        image = cmyk_image(pdf, zlib.compress(bomb, 9), 1000, 1000, Filter=[Name.FlateDecode, Name.FlateDecode])
        pdf.pages[0].obj.Contents = pdf.make_stream(b"/Im0 Do")
        pdf.pages[0].obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=image))
    refused(check(one_page(make=make)), "page 1, image /Im0 is too large to check (more than 64 MB decoded)")


def test_huge_declared_images_are_not_decoded(check):
    def make(pdf):
        image = cmyk_image(pdf, bytes(4), 10**9, 10**9)
        pdf.pages[0].obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(Im0=image))
        return pdf.make_stream(b"/Im0 Do BI /W 100000 /H 100000 /CS /CMYK /BPC 8 /F /Fl ID "
                               + zlib.compress(bytes(10 * MB), 9) + b"\nEI")
    reported(check(one_page(make=make)))


# -- content that costs without end ---------------------------------------------------------------


def test_one_instruction_with_a_million_operands_is_too_large(check):
    data = one_page(make=lambda pdf: pdf.make_stream(zlib.compress(b"1 " * 1_000_000 + b"k", 9),
                                                     Filter=Name.FlateDecode))
    refused(check(data), "page 1: one instruction is too large to check (more than 256 KB of operands)")


def test_a_long_stream_read_in_pieces_finds_what_a_short_one_does(check):
    # Over 256 KB: parsed in pieces. The RGB at its very end is still found, once.
    content = b"0 0 0 1 k 0 0 1 1 re f (a string \\) with Q q) Tj\n" * 20_000 + b"0 0 1 rg 0 0 1 1 re f\n"
    assert len(content) > 900_000
    table = reported(check(crafted(content, lambda pdf: {})))
    assert row(table, "colour spaces").endswith("FAIL  page 1: fill DeviceRGB 0 0 1 (rg)")


def test_a_page_that_draws_one_form_and_one_image_10000_times_gets_its_report(check):
    def make(pdf):
        pdf.pages[0].obj.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(
            Fm0=form(pdf, b"0 0 1 RG 0 0 1 1 re S"), Im0=cmyk_image(pdf, bytes(4), 1, 1)))
        return pdf.make_stream(b"".join(b"q %d 0 0 1 0 0 cm /Fm0 Do /Im0 Do Q\n" % (scale + 1)
                                        for scale in range(10_000)))
    table = reported(check(one_page(make=make)))
    assert row(table, "colour spaces").endswith("FAIL  page 1, form /Fm0: stroke DeviceRGB 0 0 1 (RG)")


def test_forms_that_multiply_stop_at_the_walk_limit(check, monkeypatch):
    monkeypatch.setattr(limits, "MAX_WALKS", 2_000)  # 100,000 take seconds
    data = one_page(b"/X Do", lambda pdf: {"/XObject": pikepdf.Dictionary(X=nested_forms(pdf, 4, 100))})
    refused(check(data), "the content of the pages is too large to check (more than 2,000 content streams")


@pytest.mark.parametrize("limit, value, message", [
    ("MAX_OPERATORS", 50_000, "more than 50,000 operators"),
    ("MAX_CONTENT_BYTES", MB, "more than 1 MB decoded, a form counted each time it is read"),
])
def test_the_whole_file_stops_at_its_limits(check, monkeypatch, limit, value, message):
    monkeypatch.setattr(limits, limit, value)  # the real limits take seconds to reach
    data = one_page(make=lambda pdf: pdf.make_stream(zlib.compress(b"q Q\n" * 300_000), Filter=Name.FlateDecode))
    refused(check(data), f"the content of the pages is too large to check ({message}")


def test_content_that_hides_behind_syntax_errors_is_not_passed(check):
    hidden = crafted(b") " * 20 + b"0 0 1 rg 0 0 10 10 re f")
    refused(check(hidden), "page 1: the content cannot be read (qpdf gave up on it")
    nested = crafted(b"[" * 10_000 + b"]" * 10_000 + b" TJ 0 0 1 rg f")
    refused(check(nested), "page 1: the content cannot be read (qpdf gave up on it")


def test_200000_unrestored_q_and_places_past_the_cap_cost_little(check, monkeypatch):
    monkeypatch.setattr(report, "MAX_PLACES", 100)
    content = b"q\n" * 200_000 + b"".join(b"0 0 %d rg 0 0 1 1 re f\n" % value for value in range(300))
    table = reported(check(crafted(content, lambda pdf: {})))
    assert row(table, "colour spaces").endswith("... and more than 95 more")


def test_a_spot_colour_with_a_thousand_colorants_is_named_in_short(check):
    names = pikepdf.Array([Name(f"/Ink{number}") for number in range(1000)])
    space = pikepdf.Array([Name.DeviceN, names, Name.DeviceRGB, pikepdf.Dictionary(FunctionType=2)])
    table = reported(check(crafted(b"/S cs 0 0 1 1 re f", lambda pdf: {"/ColorSpace": pikepdf.Dictionary(S=space)})))
    assert "/Ink31 ... 968 more]" in row(table, "colour spaces")
    assert len(row(table, "colour spaces")) < 1000


# -- page trees, objects and damage --------------------------------------------------------------


def test_a_page_tree_naming_one_page_20001_times_is_too_large(check):
    # A million entries, as in the memory test below, are refused the same way.
    refused(check(page_tree(b"3 0 R " * 20_001, 20_001)),
            "the page tree is too large to check (more than 10,000 pages)")


def test_a_page_tree_nested_30000_deep_is_too_large(check):
    depth = 30_000
    nodes = [b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % (level + 3) for level in range(depth)]
    data = raw_pdf(CATALOG, *nodes, b"<< /Type /Page /MediaBox [0 0 200 200] >>")
    refused(check(data), "the page tree is too large to check")


@pytest.mark.parametrize("objects, message", [
    ([CATALOG, b"<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 /Parent 3 0 R >>",
      b"<< /Type /Pages /Kids [2 0 R] /Parent 2 0 R >>"], "the PDF cannot be read: Loop detected in /Pages"),
    ([CATALOG, b"<< /Type /Pages /Kids [7 0 R 8 0 R] /Count 2 >>"], "the PDF has no pages"),
    ([b"<< /Type /Catalog >>"], "the PDF cannot be read: unable to find page tree"),
    ([CATALOG, b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      b"<< /Type /Page /Parent 2 0 R /X " + b"[" * 10_000 + b"]" * 10_000 + b" >>"], "the PDF has no pages"),
], ids=["page tree loop", "missing pages", "no page tree", "nesting 10000 deep"])
def test_broken_page_trees_are_refused_in_one_line(check, objects, message):
    refused(check(raw_pdf(*objects)), message)


def test_a_page_whose_resources_draw_themselves_gets_its_report(check):
    data = raw_pdf(
        CATALOG, b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources 5 0 R >>",
        b"<<>>\nstream\n/Fm0 Do /P0 Do\nendstream",
        b"<< /XObject << /Fm0 6 0 R /P0 7 0 R >> /ColorSpace << /A /B /B /A >> /Pattern << /P 7 0 R >> >>",
        b"<< /Type /XObject /Subtype /Form /BBox [0 0 1 1] /Resources 5 0 R >>\nstream\n"
        b"/Fm0 Do /A cs /Pattern cs /P scn 0 0 1 1 re f\nendstream",
        b"<< /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 1 1] /XStep 1 /YStep 1 /Resources 5 0 R >>"
        b"\nstream\n/Pattern cs /P scn 0 0 1 1 re f /Fm0 Do\nendstream")
    assert "a colour space defined through itself" in row(reported(check(data)), "colour spaces")


def test_a_broken_cross_reference_table_is_repaired_quietly(check):
    good = page_tree(b"3 0 R", 1)
    broken = good.replace(b"0000000009 00000 n", b"0000000999 00000 n")
    assert broken != good
    reported(check(broken))
    reported(check(good[:good.index(b"xref")] + b"%%EOF\n"))  # no table at all


def test_an_object_stream_of_20000_objects_gets_its_report(check):
    pdf = pikepdf.new()
    pdf.add_blank_page()
    pdf.Root.Junk = pdf.make_indirect(pikepdf.Array([pdf.make_indirect(pikepdf.Dictionary(A=n))
                                                     for n in range(20_000)]))
    buffer = io.BytesIO()
    pdf.save(buffer, object_stream_mode=pikepdf.ObjectStreamMode.generate)
    reported(check(buffer.getvalue()))


def packed_objects(count: int) -> bytes:
    """A PDF 1.5 file whose object 4 is an object stream of ``count`` objects (each a 0),
    listed in a cross-reference stream: a few bytes in the file for each."""
    out = bytearray(b"%PDF-1.5\n")
    offsets = []
    for number, body in enumerate([CATALOG, b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                                   b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>"], start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    header = b" ".join(b"%d %d" % (6 + index, 2 * index) for index in range(count)) + b" "
    packed = zlib.compress(header + b"0 " * count)
    offsets.append(len(out))
    out += (b"4 0 obj\n<< /Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d >>\nstream\n%s"
            b"\nendstream\nendobj\n" % (count, len(header), len(packed), packed))
    offsets.append(len(out))  # object 5, the cross-reference stream
    entries = [bytes(8)] + [b"\1" + offset.to_bytes(4, "big") + bytes(3) for offset in offsets]
    entries += [b"\2" + (4).to_bytes(4, "big") + index.to_bytes(3, "big") for index in range(count)]
    xref = zlib.compress(b"".join(entries))
    out += (b"5 0 obj\n<< /Type /XRef /Size %d /W [1 4 3] /Root 1 0 R /Filter /FlateDecode /Length %d >>\n"
            b"stream\n%s\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % (count + 6, len(xref), xref, offsets[-1]))
    return bytes(out)


def test_a_file_that_packs_more_objects_than_the_limit_into_a_stream_is_too_large(check, monkeypatch):
    monkeypatch.setattr(limits, "MAX_OBJECTS", 5_000)  # 500,000 take a second to make
    assert "FAILS" in reported(check(packed_objects(4_900)))
    refused(check(packed_objects(5_100)), "the PDF is too large to check (more than 5,000 objects)")


@pytest.mark.parametrize("data, message", [
    (b"", "not a PDF file"),
    (b"hello, I am not a PDF\n", "not a PDF file"),
    (b"%PDF-1.4\n%%EOF\n", "the PDF cannot be read"),
])
def test_what_is_no_pdf_is_refused_in_one_line(check, data, message):
    refused(check(data), message)


# -- memory --------------------------------------------------------------------------------------

CHILD = """
import sys
from generator.cli import main
for path in sys.argv[1:]:
    try:
        main(["preflight", path])
    except SystemExit:
        pass
"""

# Linux keeps a process's peak memory across fork and exec: a child of this (by then large)
# test runner would report the runner's peak. A small fresh Python starts the preflight
# instead, and reads its peak (kilobytes) as it ends.
LAUNCHER = """
import os, subprocess, sys
process = subprocess.Popen(sys.argv[1:])
_, status, usage = os.wait4(process.pid, 0)
print(usage.ru_maxrss // (1024 if sys.platform == "darwin" else 1))
"""


def test_the_worst_files_take_a_bounded_memory(tmp_path, bomb):
    files = {
        "bomb.pdf": one_page(make=lambda pdf: pdf.make_stream(bomb, Filter=Name.FlateDecode)),
        "lzw.pdf": one_page(make=lambda pdf: pdf.make_stream(lzw_bomb(12), Filter=Name.LZWDecode)),
        "operands.pdf": one_page(make=lambda pdf: pdf.make_stream(
            inflating_to(60 * MB, b"1 "), Filter=Name.FlateDecode)),
        "kids.pdf": page_tree(b"3 0 R " * 1_000_000, 1_000_000),
    }
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    done = subprocess.run([sys.executable, "-c", LAUNCHER, sys.executable, "-c", CHILD, *files], check=False,
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    errors = done.stderr.strip().splitlines()
    assert len(errors) == len(files) and all("too large to check" in line for line in errors), done.stderr
    peak_megabytes = int(done.stdout.split()[-1]) / 1024
    assert peak_megabytes < 400, peak_megabytes  # measured ~110 MB
