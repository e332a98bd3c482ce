"""A page as a person sees it, written down: the normalised description that the reference
pages in ``tests/reference/`` hold, and the comparison that says what moved.

A description is one line an element, sorted, positions in points rounded to 0.1 pt (PDFium
reads coordinates as 32-bit floats, so 0.01 would flicker), sizes to 0.1 pt, colours as PDFium
paints them (8-bit RGB, for CMYK pages too). It holds

- the page's size and its boxes (media, trim, bleed, crop, art);
- each run of text: what it says, its font, size, direction, where its baseline starts and
  its colour;
- each painted shape: a rectangle, a line or a curve, filled and/or stroked, with its box (a
  line's two ends), colours, stroke width and dash;
- each picture: its box and its pixels.

Not the file's bytes: a ReportLab release that writes the same page with other operators, or
another order, leaves the description as it is, while a card moved by 2 mm or a colour changed
shows, element by element.
"""

from __future__ import annotations

import ctypes
import difflib
import math
import re
from collections import Counter, defaultdict
from typing import Iterable

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from pdfiumpage import direction, read_pages, runs

BOXES = (("MediaBox", raw.FPDFPage_GetMediaBox), ("CropBox", raw.FPDFPage_GetCropBox),
         ("BleedBox", raw.FPDFPage_GetBleedBox), ("TrimBox", raw.FPDFPage_GetTrimBox),
         ("ArtBox", raw.FPDFPage_GetArtBox))


def describe_page(pdf: bytes, number: int = 0) -> list[str]:
    """Page ``number`` (from 0) of ``pdf``, one sorted line an element."""
    (page,) = read_pages(pdf, [number])
    document = pdfium.PdfDocument(pdf)
    try:
        handle = document[number]
        head = [f"page {_n(page.width)} x {_n(page.height)} pt, page {number + 1} of {len(document)}",
                *_boxes(handle), *_font_names(handle)]
        pictures = _pictures(handle)
        handle.close()
    finally:
        document.close()
    shapes = [_shape(shape) for shape in page.rects + page.lines + page.curves]
    return head + sorted(_texts(page.chars) + shapes + pictures, key=_reading_order)


def _n(value: float) -> str:
    """0.1 pt, without a trailing ".0" and never "-0"."""
    rounded = round(value, 1) or 0.0
    return f"{rounded:.1f}".removesuffix(".0")


def _point(x: float, y: float) -> str:
    return f"({_n(x)}, {_n(y)})"


def _box(x0: float, y0: float, x1: float, y1: float) -> str:
    return f"({_n(x0)}, {_n(y0)}, {_n(x1)}, {_n(y1)})"


def _colour(colour: tuple[int, int, int] | None) -> str:
    return "none" if colour is None else "#{:02X}{:02X}{:02X}".format(*colour)


def _boxes(handle) -> list[str]:
    found = []
    for name, getter in BOXES:
        values = [ctypes.c_float() for _ in range(4)]
        if getter(handle, *values):
            left, bottom, right, top = (value.value for value in values)
            found.append(f"box {name} {_box(left, bottom, right, top)}")
    return found


def _font_names(handle) -> list[str]:
    """Each font the page's text uses, by its name without the subset's tag ("ABCDEF+")."""
    names: set[str] = set()
    for obj in _objects(handle, raw.FPDF_PAGEOBJ_TEXT):
        font = raw.FPDFTextObj_GetFont(obj)
        size = raw.FPDFFont_GetBaseFontName(font, None, 0)
        buffer = ctypes.create_string_buffer(size)
        raw.FPDFFont_GetBaseFontName(font, buffer, size)
        names.add(re.sub(r"^[A-Z]{6}\+", "", buffer.value.decode("utf-8", "replace")))
    return [f"font {name}" for name in sorted(names)]


def _pictures(handle) -> list[str]:
    found = []
    for obj in _objects(handle, raw.FPDF_PAGEOBJ_IMAGE):
        width, height = ctypes.c_uint(), ctypes.c_uint()
        raw.FPDFImageObj_GetImagePixelSize(obj, width, height)
        left, bottom, right, top = (ctypes.c_float() for _ in range(4))
        raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top)
        found.append(f"picture {width.value} x {height.value} px in "
                     f"{_box(left.value, bottom.value, right.value, top.value)}")
    return found


def _objects(handle, kind: int) -> Iterable:
    """The page's objects of ``kind``, forms followed (their bounds are on the page)."""
    def walk(objects):
        for obj in objects:
            found = raw.FPDFPageObj_GetType(obj)
            if found == kind:
                yield obj
            if found == raw.FPDF_PAGEOBJ_FORM:
                yield from walk(raw.FPDFFormObj_GetObject(obj, index) for index in range(raw.FPDFFormObj_CountObjects(obj)))

    yield from walk(raw.FPDFPage_GetObject(handle, index) for index in range(raw.FPDFPage_CountObjects(handle)))


def _texts(chars: list[dict]) -> list[str]:
    """Characters joined into runs while each follows on from the last in the same size, way
    and colour (a word, or a line where spaces are drawn)."""
    lines = []
    for run in runs(chars, _follows):
        first = run[0]
        text = "".join(char["text"] for char in run)
        if not text.strip():
            continue
        x, y = first["matrix"][4], first["matrix"][5]
        lines.append(f"text {text.strip()!r} {_n(first['size'])}pt {direction(first)}deg at {_point(x, y)} "
                     f"{_colour(first['non_stroking_color'])}")
    return lines


def _follows(last: dict, char: dict) -> bool:
    if (direction(last), round(last["size"], 1), last["non_stroking_color"]) != (
            direction(char), round(char["size"], 1), char["non_stroking_color"]):
        return False
    angle = math.radians(direction(last))
    expected = (last["matrix"][4] + last["adv"] * math.cos(angle), last["matrix"][5] + last["adv"] * math.sin(angle))
    return math.dist(expected, (char["matrix"][4], char["matrix"][5])) < 0.05 * max(last["size"], 1.0)


def _shape(shape: dict) -> str:
    painted = []
    if shape["fill"]:
        painted.append(f"fill {_colour(shape['non_stroking_color'])}")
    if shape["stroke"]:
        dash = shape["dash"]
        dashed = f" dash [{', '.join(_n(v) for v in dash[0])}]" if dash and dash[0] else ""
        painted.append(f"stroke {_colour(shape['stroking_color'])} {_n(shape['linewidth'])}pt{dashed}")
    if shape["object_type"] == "line":
        (ax, ay), (bx, by) = shape["pts"][0], shape["pts"][-1]
        where = f"{_point(ax, ay)} to {_point(bx, by)}"
    else:
        where = _box(shape["x0"], _page_y(shape, "bottom"), shape["x1"], _page_y(shape, "top"))
    return f"{shape['object_type']} {where} {' '.join(painted)}"


def _page_y(shape: dict, edge: str) -> float:
    """A shape's lowest or highest point in PDF's coordinates (y upwards)."""
    points = shape["pts"]
    return min(y for _, y in points) if edge == "bottom" else max(y for _, y in points)


def _reading_order(line: str) -> tuple:
    """Kinds apart (text, then pictures, then shapes), then from the top of the page down, left
    to right: a diff reads like the page."""
    kind = line.split(" ", 1)[0]
    numbers = [float(value) for value in re.findall(r"\((-?[\d.]+), (-?[\d.]+)", line)[0]] if "(" in line else [0, 0]
    order = {"text": 0, "picture": 1, "rect": 2, "line": 3, "curve": 4}.get(kind, 5)
    return order, -numbers[1], numbers[0], line


# --- Comparing ---------------------------------------------------------------------------------

_POSITION = re.compile(r"\((-?[\d.]+), (-?[\d.]+)(?:, (-?[\d.]+), (-?[\d.]+))?\)")


def what_moved(expected: list[str], actual: list[str], limit: int = 40) -> str:
    """The differences as a person would say them: an element found at another place is
    "moved by (dx, dy)"; the rest is what appeared or went, in a diff's terms."""
    gone = Counter(expected) - Counter(actual)
    came = Counter(actual) - Counter(expected)
    moved, unmatched_came = [], list(came.elements())
    by_shape: dict[str, list[str]] = defaultdict(list)
    for line in unmatched_came:
        by_shape[_POSITION.sub("@", line)].append(line)
    unmatched_gone = []
    for line in gone.elements():
        candidates = by_shape.get(_POSITION.sub("@", line))
        if candidates:
            other = min(candidates, key=lambda candidate: _distance(line, candidate))
            candidates.remove(other)
            moved.append(f"moved by {_shift(line, other)}: {line}")
        else:
            unmatched_gone.append(line)
    rest = [line for lines in by_shape.values() for line in lines]
    changed, unmatched_gone, rest = _repainted(unmatched_gone, rest)
    report = moved + changed + [f"- {line}" for line in unmatched_gone] + [f"+ {line}" for line in rest]
    if not report:  # the same elements: the head lines (size, boxes, fonts) are in both
        report = [line for line in difflib.unified_diff(expected, actual, lineterm="", n=0)][2:]
    shown = report[:limit]
    if len(report) > limit:
        shown.append(f"... and {len(report) - limit} more")
    counts = f"{len(moved)} moved, {len(changed)} changed in place, {len(unmatched_gone)} gone, {len(rest)} new"
    return counts + "\n" + "\n".join(shown)


def _repainted(gone: list[str], came: list[str]) -> tuple[list[str], list[str], list[str]]:
    """Elements of one kind at one place that read otherwise (another colour, size or text):
    "changed", with both lines."""
    def place(line: str) -> str:
        return line.split(" ", 1)[0] + " " + " ".join(match.group(0) for match in _POSITION.finditer(line))

    waiting: dict[str, list[str]] = defaultdict(list)
    for line in came:
        waiting[place(line)].append(line)
    changed, left = [], []
    for line in gone:
        others = waiting.get(place(line))
        if others:
            changed.append(f"changed: {line}\n      now: {others.pop(0)}")
        else:
            left.append(line)
    return changed, left, [line for lines in waiting.values() for line in lines]


def _numbers(line: str) -> list[float]:
    return [float(value) for match in _POSITION.finditer(line) for value in match.groups() if value is not None]


def _distance(first: str, second: str) -> float:
    return sum(abs(a - b) for a, b in zip(_numbers(first), _numbers(second)))


def _shift(first: str, second: str) -> str:
    a, b = _numbers(first), _numbers(second)
    return f"({_n(b[0] - a[0])}, {_n(b[1] - a[1])}) pt"
