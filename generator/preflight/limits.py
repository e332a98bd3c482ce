"""How much a preflight reads before it says that a file is too large to check.

A PDF of a few kilobytes can hold a content stream that inflates to gigabytes, forms that
draw each other a million times, or a page tree of a million pages. The limits below stop
such a file in bounded memory and time with one clear message, and are far beyond any real
print file: the largest content stream of a detailed map is tens of megabytes, a book has a
few thousand pages, and a busy catalogue a few million content operators.
"""

from __future__ import annotations

import base64
import binascii
import io
import logging
import re
import warnings
from collections.abc import Iterator
from typing import Any
from contextlib import contextmanager

import pikepdf

from ..errors import CngenError

MB = 2**20
# One stream decoded: qpdf's decoders stop here, so a zip bomb costs at most this much memory.
MAX_STREAM_BYTES = 64 * MB
# All content streams decoded and parsed, a form counted each time it is parsed: parsing
# runs at about 15 MB a second, so this bounds the time the pages take.
MAX_CONTENT_BYTES = 256 * MB
# All image data decoded to find the darkest pixel: about 200 MB a second with the pixel
# arithmetic. Only Flate or LZW CMYK images of up to 8 million pixels (32 MB) are decoded;
# JPEG images, what most files hold, are not.
MAX_IMAGE_BYTES = 1024 * MB
# Content operators run, a form's counted each time it is drawn: one to two microseconds each.
# A busy page runs a few hundred to 2,000 (cngen's own shop deck: 500).
MAX_OPERATORS = 3_000_000
# Content streams read or walked: each page's, each form, pattern and annotation each time it
# is drawn (a form drawn again in the same state is not walked again and costs nothing here).
# cngen's shop deck walks 40.
MAX_WALKS = 100_000
MAX_PAGES = 10_000  # the thickest printed books have a few thousand
# Objects in the file: with qpdf's copy and the check for LZW, each costs up to 1 KB, and a
# file of a few megabytes can pack a million into object streams. A 10,000-page book has
# some 100,000.
MAX_OBJECTS = 300_000
# Items in one array or dictionary as qpdf parses it: a page tree's /Kids for MAX_PAGES
# pages, or a CJK font's widths, are far smaller.
MAX_CONTAINER_ITEMS = 1_000_000
MAX_FILTERS = 25  # qpdf decodes no stream with more filters than this

LZW = frozenset({"/LZWDecode", "/LZW"})
# The text filters that may come before LZW (Acrobat 2 and 3 wrote ASCII85, then LZW): undone
# here to measure the LZW data behind them.
ASCII_DECODERS = {
    "/ASCIIHexDecode": lambda data: binascii.unhexlify(hex_digits(data)),
    "/AHx": lambda data: binascii.unhexlify(hex_digits(data)),
    "/ASCII85Decode": lambda data: base64.a85decode(data.split(b"~>")[0], ignorechars=b" \t\n\r\x0b\x0c\x00"),
    "/A85": lambda data: base64.a85decode(data.split(b"~>")[0], ignorechars=b" \t\n\r\x0b\x0c\x00"),
}
NOT_HEX = bytes(byte for byte in range(256) if chr(byte) not in "0123456789abcdefABCDEF")
LZW_LONGEST = 4096 - 258 + 1  # bytes one LZW code can stand for: its table has 3,838 entries
LZW_SMALLEST_CODE = 9  # bits
OBJECT_COUNT = re.compile(rb"/N\s+(\d+)")


class TooLarge(CngenError):
    """A file, or a part of it, beyond what the preflight reads."""


def too_large(what: str, limit: str) -> TooLarge:
    return TooLarge(f"{what} is too large to check ({limit})")


def megabytes(count: int) -> str:
    return f"{count // MB:,} MB"


class Budget:
    """What one preflight has spent so far of each limit; each method raises TooLarge once
    its limit is passed."""

    def __init__(self) -> None:
        self.content_bytes = 0
        self.image_bytes = 0
        self.operators = 0
        self.walks = 0

    def parse(self, count: int) -> None:
        self.content_bytes += count
        if self.content_bytes > MAX_CONTENT_BYTES:
            raise too_large("the content of the pages", f"more than {megabytes(MAX_CONTENT_BYTES)} "
                            "decoded, a form counted each time it is read")

    def image(self, count: int) -> None:
        self.image_bytes += count
        if self.image_bytes > MAX_IMAGE_BYTES:
            raise too_large("the image data", f"more than {megabytes(MAX_IMAGE_BYTES)} decoded")

    def run(self, count: int) -> None:
        self.operators += count
        if self.operators > MAX_OPERATORS:
            raise too_large("the content of the pages", f"more than {MAX_OPERATORS:,} operators, "
                            "a form's counted each time it is drawn")

    def walk(self) -> None:
        self.walks += 1
        if self.walks > MAX_WALKS:
            raise too_large("the content of the pages", f"more than {MAX_WALKS:,} content streams, "
                            "a form counted each time it is drawn")


@contextmanager
def reading_limits() -> Iterator[None]:
    """qpdf's limits set for one preflight and put back after it (they are the process's),
    and qpdf's complaints about damaged files kept off the terminal: the report or the
    error says what matters."""
    previous: dict[str, Any] = pikepdf.settings.set_qpdf_limits(
        flate_max_memory=MAX_STREAM_BYTES, run_length_max_memory=MAX_STREAM_BYTES,
        png_max_memory=MAX_STREAM_BYTES, tiff_max_memory=MAX_STREAM_BYTES, dct_max_memory=MAX_STREAM_BYTES,
        parser_max_container_size=MAX_CONTAINER_ITEMS, max_stream_filters=MAX_FILTERS)
    qpdf_log = logging.getLogger("pikepdf._core")
    was_disabled = qpdf_log.disabled
    qpdf_log.disabled = True
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", module="pikepdf")
            yield
    finally:
        qpdf_log.disabled = was_disabled
        pikepdf.settings.set_qpdf_limits(**previous)


def read_stream(stream: pikepdf.Stream, what: str,
                level: pikepdf.StreamDecodeLevel = pikepdf.StreamDecodeLevel.specialized) -> bytes:
    """The decoded data of ``stream`` (``what`` names it in messages), decoded as far as qpdf
    decodes content to parse it unless ``level`` says otherwise.

    Raises TooLarge when it would pass MAX_STREAM_BYTES, CngenError when it cannot be decoded.
    """
    check_lzw(stream, what)
    try:
        return stream.read_bytes(decode_level=level)
    except (pikepdf.PdfError, pikepdf.QpdfRuntimeError) as error:
        if "memory limit" in str(error):
            raise too_large(what, f"more than {megabytes(MAX_STREAM_BYTES)} decoded") from None
        raise CngenError(f"{what} cannot be read ({first_line(error)})") from None


def first_line(error: Exception) -> str:
    lines = str(error).strip().splitlines() or [type(error).__name__]
    return lines[0].split("): ")[-1]


def filter_names(stream: pikepdf.Object) -> list[str]:
    """The names of a stream's filters, the first MAX_FILTERS of them."""
    value = stream.get("/Filter")
    items = list(value[:MAX_FILTERS]) if isinstance(value, pikepdf.Array) else [value]
    return [str(item) for item in items if item is not None]


def check_lzw(stream: pikepdf.Stream, what: str) -> None:
    """qpdf puts no limit on LZW, whose codes may each stand for 3,839 bytes: a stream that
    could pass MAX_STREAM_BYTES is measured before qpdf decodes it."""
    names = filter_names(stream)
    if not LZW & set(names):
        return
    data = stream.read_raw_bytes()
    for index, name in enumerate(names):
        if name in LZW:
            if len(data) * LZW_LONGEST * 8 // LZW_SMALLEST_CODE > MAX_STREAM_BYTES and \
                    lzw_length(data, early_change(stream, index), MAX_STREAM_BYTES) > MAX_STREAM_BYTES:
                raise too_large(what, f"more than {megabytes(MAX_STREAM_BYTES)} decoded")
            return
        decoder = ASCII_DECODERS.get(name)
        if decoder is None:  # LZW behind Flate or the like: no real file does it
            raise too_large(what, f"LZW behind {name.lstrip('/')}, which could pass "
                            f"{megabytes(MAX_STREAM_BYTES)} decoded")
        try:
            data = decoder(data)
        except (ValueError, binascii.Error):
            return  # qpdf will say what is wrong with it


def hex_digits(data: bytes) -> bytes:
    """The digits of ASCIIHex data, up to its end mark, made an even number as the filter does."""
    digits = data.split(b">")[0].translate(None, NOT_HEX)
    return digits + b"0" * (len(digits) % 2)


def early_change(stream: pikepdf.Stream, index: int) -> int:
    parameters = stream.get("/DecodeParms")
    if isinstance(parameters, pikepdf.Array):
        parameters = parameters[index] if index < len(parameters) else None
    if isinstance(parameters, pikepdf.Dictionary) and "/EarlyChange" in parameters:
        return 0 if parameters.EarlyChange == 0 else 1
    return 1


def lzw_length(data: bytes, early: int, limit: int) -> int:
    """How many bytes LZW ``data`` decodes to, counted as qpdf decodes it (without making
    them), or the first count past ``limit``."""
    lengths: list[int] = []  # of the table's entries from code 258 on
    width, previous, total = 9, 256, 0
    bits = count = 0
    for byte in data:
        bits, count = (bits << 8) | byte, count + 8
        if count < width:
            continue
        count -= width
        code, bits = bits >> count, bits & ((1 << count) - 1)
        if code == 256:
            lengths.clear()
            width, previous = 9, 256
            continue
        if code == 257 or code - 258 > len(lengths) or (previous != 256 and len(lengths) == 4096 - 258):
            break  # the end, or data qpdf refuses
        if previous != 256:
            lengths.append((1 if previous < 256 else lengths[previous - 258]) + 1)
            if 258 + len(lengths) - 1 + early in (511, 1023, 2047):
                width += 1
        if code >= 258 + len(lengths):
            break  # a code not in the table yet: qpdf refuses it
        total += 1 if code < 256 else lengths[code - 258]
        if total > limit:
            break
        previous = code
    return total


def check_object_count(pdf: bytes) -> None:
    """Refuses a file of more than MAX_OBJECTS objects before qpdf opens it: a file of a few
    megabytes can pack millions of empty objects into object streams. The objects are counted
    in the file as it is written: each endobj, and the /N of each object stream."""
    count = pdf.count(b"endobj")
    position = pdf.find(b"/ObjStm")
    while position >= 0 and count <= MAX_OBJECTS:
        dictionary = pdf[pdf.rfind(b"obj", 0, position):pdf.find(b"stream", position)]
        count += sum(int(number) for number in OBJECT_COUNT.findall(dictionary))
        position = pdf.find(b"/ObjStm", position + 1)
    if count > MAX_OBJECTS:
        raise too_large("the PDF", f"more than {MAX_OBJECTS:,} objects")


def check_page_tree(pdf: bytes) -> None:
    """Refuses a page tree of more than MAX_PAGES pages. The file is opened as it is stored,
    without inheriting page attributes: otherwise qpdf lists the pages on opening, and copies
    a page that the tree names twice, so a tree naming one page a million times would cost a
    million pages before anything could count them. It is opened apart, here, so that its
    memory is given back before the file is opened again to be checked."""
    with pikepdf.open(io.BytesIO(pdf), inherit_page_attributes=False) as stored:
        count_pages(stored)


def count_pages(document: pikepdf.Pdf) -> None:
    pending = [document.Root.get("/Pages")]
    seen: set[tuple[int, int]] = set()
    entries = pages = 0
    while pending:
        node = pending.pop()
        if not isinstance(node, pikepdf.Dictionary):
            continue
        kids = node.get("/Kids")
        if not isinstance(kids, pikepdf.Array):
            pages += 1  # each time it is named, as qpdf counts it
            continue
        if node.objgen in seen:
            continue  # a loop: qpdf says so when it lists the pages
        seen.add(node.objgen)
        entries += len(kids)
        # Pages, and the nodes that group them: twice the pages is more than enough.
        if entries > 2 * MAX_PAGES:
            raise too_large("the page tree", f"more than {MAX_PAGES:,} pages")
        pending.extend(kids)
    if pages > MAX_PAGES:
        raise too_large("the page tree", f"more than {MAX_PAGES:,} pages")
