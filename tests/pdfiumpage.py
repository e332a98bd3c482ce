"""Pages read back with pypdfium2, a few times faster than pdfplumber, as plain dicts shaped like
pdfplumber's (``rects``, ``curves``, ``lines``, ``chars``; ``x0``/``x1``/``top``/``bottom`` from
the page's top left), so that ``pdfcheck``'s helpers (``pdf_rect``, ``centre``, ``inside``,
``symbol_kind``...) read them alike.

Shapes are PDFium's path objects followed into forms with their matrices and split into
subpaths as pdfminer splits them: two points make a ``line``, four that close an upright
rectangle a ``rect``, anything else a ``curve`` (its ``path`` steps ``m``, ``l``, ``c``, ``h``).
A character's box is pdfminer's: its advance along the way it runs, one em across from the
font's descent; ``matrix`` runs that way, with the character's own origin as its last two values,
and ``size`` is its printed size (font size, as the text matrix and forms scale it).

Colours are what PDFium paints: RGB in 0-255. ``paint`` turns a theme colour (RGB or CMYK) into
the same numbers, by having PDFium read a swatch of it, so a CMYK file's colours are matched as
exactly as an RGB file's.
"""

from __future__ import annotations

import ctypes
import functools
import io
import math
from dataclasses import dataclass, field
from typing import Callable, Iterable

import pypdfium2 as pdfium
import pypdfium2.raw as raw

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass
class Page:
    number: int
    width: float
    height: float
    rects: list[dict] = field(default_factory=list)
    curves: list[dict] = field(default_factory=list)
    lines: list[dict] = field(default_factory=list)
    chars: list[dict] = field(default_factory=list)


def read_pages(pdf: bytes, pages: list[int] | range | None = None, *, shapes: bool = True,
               chars: bool = True) -> list[Page]:
    """The given pages (numbered from 0; all by default) of ``pdf``: its shapes, its characters
    or both."""
    document = pdfium.PdfDocument(pdf)
    try:
        numbers = range(len(document)) if pages is None else pages
        return [_read_page(document, number, shapes, chars) for number in numbers]
    finally:
        document.close()


def _read_page(document, number: int, shapes: bool, chars: bool) -> Page:
    page = document[number]
    try:
        width, height = page.get_size()
        found = Page(number, width, height)
        if shapes:
            count = raw.FPDFPage_CountObjects(page)
            for index in range(count):
                _walk(raw.FPDFPage_GetObject(page, index), IDENTITY, found)
        if chars:
            textpage = page.get_textpage()
            try:
                found.chars = _chars(textpage, height)
            finally:
                textpage.close()
        return found
    finally:
        page.close()


# --- shapes ----------------------------------------------------------------------------------

def _matrix(obj) -> Matrix:
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, m)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def multiply(first: Matrix, second: Matrix) -> Matrix:
    """``first`` then ``second``, as PDF concatenates matrices."""
    a, b, c, d, e, f = first
    A, B, C, D, E, F = second
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _colour(getter, obj) -> tuple[int, int, int] | None:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    if not getter(obj, r, g, b, a):
        return None
    return (r.value, g.value, b.value)


def _walk(obj, outer: Matrix, page: Page) -> None:
    kind = raw.FPDFPageObj_GetType(obj)
    if kind == raw.FPDF_PAGEOBJ_FORM:
        matrix = multiply(_matrix(obj), outer)
        for index in range(raw.FPDFFormObj_CountObjects(obj)):
            _walk(raw.FPDFFormObj_GetObject(obj, index), matrix, page)
    elif kind == raw.FPDF_PAGEOBJ_PATH:
        _path(obj, multiply(_matrix(obj), outer), page)


def _path(obj, matrix: Matrix, page: Page) -> None:
    fill_mode, stroked = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj, fill_mode, stroked)
    fill, stroke = fill_mode.value != 0, bool(stroked.value)
    if not (fill or stroke):
        return  # a clipping path, or one painted with n: nothing shows
    width = ctypes.c_float()
    raw.FPDFPageObj_GetStrokeWidth(obj, width)
    dash = None
    count = raw.FPDFPageObj_GetDashCount(obj)
    if count > 0:
        array = (ctypes.c_float * count)()
        raw.FPDFPageObj_GetDashArray(obj, array, count)
        phase = ctypes.c_float()
        raw.FPDFPageObj_GetDashPhase(obj, phase)
        dash = (list(array), phase.value)
    # The width as printed: the line's own width scaled as the matrix scales lengths, as pdfplumber
    # gives it.
    printed = width.value * math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))
    common = {"fill": fill, "stroke": stroke, "linewidth": printed, "dash": dash,
              "non_stroking_color": _colour(raw.FPDFPageObj_GetFillColor, obj) if fill else None,
              "stroking_color": _colour(raw.FPDFPageObj_GetStrokeColor, obj) if stroke else None}
    x, y = ctypes.c_float(), ctypes.c_float()
    subpaths: list[list[tuple]] = []
    for index in range(raw.FPDFPath_CountSegments(obj)):
        segment = raw.FPDFPath_GetPathSegment(obj, index)
        raw.FPDFPathSegment_GetPoint(segment, x, y)
        point = _apply(matrix, x.value, y.value)
        kind = raw.FPDFPathSegment_GetType(segment)
        if kind == raw.FPDF_SEGMENT_MOVETO or not subpaths:
            subpaths.append([("m", point)])
        elif kind == raw.FPDF_SEGMENT_BEZIERTO:
            subpaths[-1].append(("c", point))
        else:
            subpaths[-1].append(("l", point))
        if raw.FPDFPathSegment_GetClose(segment):
            subpaths[-1].append(("h", subpaths[-1][0][1]))
    for steps in subpaths:
        _add_shape(steps, common, page)


def _add_shape(steps: list[tuple], common: dict, page: Page) -> None:
    # The points the path passes through, a Bezier's end but not its control points: pdfminer's.
    points = [point for index, (command, point) in enumerate(steps)
              if command != "c" or _bezier_end(steps, index)]
    xs, ys = [x for x, _ in points], [y for _, y in points]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    shape = {**common, "x0": x0, "x1": x1, "top": page.height - y1, "bottom": page.height - y0,
             "width": x1 - x0, "height": y1 - y0, "pts": points,
             "path": _grouped(steps)}
    drawn = [point for command, point in steps if command != "h"]
    if len(drawn) == 2 and all(command in "ml" for command, _ in steps):
        shape["object_type"] = "line"
        page.lines.append(shape)
    elif _is_rect(steps):
        shape["object_type"] = "rect"
        page.rects.append(shape)
    else:
        shape["object_type"] = "curve"
        page.curves.append(shape)


def _bezier_end(steps: list[tuple], index: int) -> bool:
    """Whether the ``c`` step at ``index`` ends its Bezier (the third of its three points)."""
    run = 0
    while index - run >= 0 and steps[index - run][0] == "c":
        run += 1
    return run % 3 == 0


def _grouped(steps: list[tuple]) -> list[tuple]:
    """pdfminer's path: a Bezier's three points as one ``c`` step."""
    result, pending = [], []
    for command, point in steps:
        if command == "c":
            pending.append(point)
            if len(pending) == 3:
                result.append(("c", *pending))
                pending = []
        else:
            result.append((command, point))
    return result


def _is_rect(steps: list[tuple]) -> bool:
    """Four corners of an upright rectangle, in order (the last point may repeat the first)."""
    if any(command == "c" for command, _ in steps):
        return False
    points = [point for command, point in steps if command != "h"]
    if len(points) == 5 and math.dist(points[0], points[4]) < 1e-3:
        points = points[:4]
    if len(points) != 4:
        return False
    for (ax, ay), (bx, by) in zip(points, points[1:] + points[:1]):
        if abs(ax - bx) > 1e-3 and abs(ay - by) > 1e-3:
            return False
    return len({round(x, 2) for x, _ in points}) == 2 and len({round(y, 2) for _, y in points}) == 2


# --- characters ------------------------------------------------------------------------------

def _chars(textpage, height: float) -> list[dict]:
    chars = []
    m = raw.FS_MATRIX()
    x, y = ctypes.c_double(), ctypes.c_double()
    unit, width, descent = ctypes.c_float(1.0), ctypes.c_float(), ctypes.c_float()
    for index in range(raw.FPDFText_CountChars(textpage)):
        text_object = raw.FPDFText_GetTextObject(textpage, index)
        if raw.FPDFText_IsGenerated(textpage, index) or not text_object:
            continue
        code = raw.FPDFText_GetUnicode(textpage, index)
        raw.FPDFText_GetMatrix(textpage, index, m)
        raw.FPDFText_GetCharOrigin(textpage, index, x, y)
        font = raw.FPDFTextObj_GetFont(text_object)
        assert raw.FPDFFont_GetGlyphWidth(font, code, unit, width) and raw.FPDFFont_GetDescent(font, unit, descent)
        scale, height_scale = math.hypot(m.a, m.b), math.hypot(m.c, m.d)
        along = (m.a / scale, m.b / scale)
        up = (m.c / height_scale, m.d / height_scale)  # across the text, mirrored or not
        size = raw.FPDFText_GetFontSize(textpage, index) * scale
        advance, low = width.value * size, descent.value * size
        ox, oy = x.value, y.value
        # pdfminer's box: the advance along the way the character runs, one em across from
        # the font's descent.
        box = [(ox + along[0] * s + up[0] * t, oy + along[1] * s + up[1] * t)
               for s in (0.0, advance) for t in (low, low + size)]
        xs, ys = [p[0] for p in box], [p[1] for p in box]
        chars.append({
            "object_type": "char", "text": chr(code), "size": size, "adv": advance,
            "matrix": (along[0], along[1], up[0], up[1], ox, oy),
            "x0": min(xs), "x1": max(xs), "top": height - max(ys), "bottom": height - min(ys),
            "width": max(xs) - min(xs), "height": max(ys) - min(ys),
            "non_stroking_color": _text_colour(textpage, index),
        })
    return chars


def _text_colour(textpage, index: int) -> tuple[int, int, int]:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    raw.FPDFText_GetFillColor(textpage, index, r, g, b, a)
    return (r.value, g.value, b.value)


def runs(chars: Iterable[dict], follows: Callable[[dict, dict], bool]) -> list[list[dict]]:
    """``chars`` in their order, grouped while each ``follows`` the one before it."""
    grouped: list[list[dict]] = []
    for char in chars:
        if grouped and follows(grouped[-1][-1], char):
            grouped[-1].append(char)
        else:
            grouped.append([char])
    return grouped


def direction(char: dict) -> int:
    """The way a character runs, in degrees anticlockwise: 0, 90, 180 or 270."""
    a, b = char["matrix"][:2]
    return round(math.degrees(math.atan2(b, a)) / 90) * 90 % 360


# --- colours ---------------------------------------------------------------------------------

def paint(colour) -> tuple[int, int, int]:
    """A colour (RGB or CMYK, 0-1) as PDFium reads it from a page: 0-255 RGB."""
    return _paints((tuple(colour),))[0]


@functools.lru_cache(maxsize=None)
def _paints(colours: tuple[tuple[float, ...], ...]) -> tuple[tuple[int, int, int], ...]:
    """A swatch of each colour, drawn with ReportLab and read back by PDFium."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(10 * (len(colours) + 1), 10))
    for index, colour in enumerate(colours):
        if len(colour) == 4:
            canvas.setFillColorCMYK(*colour)
        else:
            canvas.setFillColorRGB(*colour)
        canvas.rect(10 * index, 0, 5, 5, stroke=0, fill=1)
    canvas.showPage()
    canvas.save()
    (page,) = read_pages(buffer.getvalue(), chars=False)
    assert len(page.rects) == len(colours)
    return tuple(rect["non_stroking_color"] for rect in sorted(page.rects, key=lambda r: r["x0"]))


def near(first, second, tolerance: float = 0.01) -> bool:
    """Two boxes (``pdfcheck.Rect``) alike within ``tolerance`` points: PDFium reads coordinates
    as 32-bit floats, so a box rounded to 0.01 pt can round either way."""
    return all(abs(a - b) <= tolerance for a, b in zip((first.x0, first.y0, first.x1, first.y1),
                                                        (second.x0, second.y0, second.x1, second.y1)))


# --- pdfplumber's text tools on PDFium's pages -------------------------------------------------

def plumber_pages(pdf: bytes, pages: list[int] | range | None = None, *, shapes: bool = False) -> list[Page]:
    """``read_pages``, each character also given the keys pdfplumber's text tools group by
    (``fontname``, the base font's name, without pdfplumber's subset tag: ``FiraSans-Bold``
    for its ``AAAAAA+FiraSans-Bold``; ``upright``, pdfminer's; ``doctop``, its top counted from
    the document's first page), so that ``pdfplumber.utils.chars_to_textmap`` and
    ``extract_words`` set PDFium's characters in lines and words as pdfplumber sets its own,
    without pdfminer parsing the pages."""
    found = read_pages(pdf, pages, shapes=shapes)
    document = pdfium.PdfDocument(pdf)
    try:
        for page in found:
            offset = sum(document.get_page_size(number)[1] for number in range(page.number))
            for char, name in zip(page.chars, _font_names(document, page.number), strict=True):
                a, b, c, d = char["matrix"][:4]
                char.update(fontname=name, upright=a * d > 0 and b * c <= 0, doctop=char["top"] + offset)
    finally:
        document.close()
    return found


def _font_names(document, number: int) -> list[str]:
    """The base font's name of each character ``_chars`` reads of page ``number``, in its order."""
    page = document[number]
    textpage = page.get_textpage()
    try:
        names, buffer = [], ctypes.create_string_buffer(256)
        for index in range(raw.FPDFText_CountChars(textpage)):
            text_object = raw.FPDFText_GetTextObject(textpage, index)
            if raw.FPDFText_IsGenerated(textpage, index) or not text_object:
                continue
            raw.FPDFFont_GetBaseFontName(raw.FPDFTextObj_GetFont(text_object), buffer, len(buffer))
            names.append(buffer.value.decode())
        return names
    finally:
        textpage.close()
        page.close()


def text_lines(chars: list[dict]) -> list[dict]:
    """pdfplumber's ``page.extract_text_lines()`` of these characters (``plumber_pages``'),
    each line with its characters."""
    from pdfplumber.utils import chars_to_textmap

    return chars_to_textmap(chars).extract_text_lines(strip=True, return_chars=True)


def read_widths(pdf: bytes, pages: list[int] | range, width: float, tolerance: float = 0.01) -> list[Page]:
    """The given pages' shapes drawn ``width`` points wide as printed (within ``tolerance``),
    as ``read_pages`` reads them, and no others: each path's width is read before its
    segments, so that a sheet of a few dozen cut marks among thousands of curves (the tiles'
    figures) is read for its marks alone."""
    document = pdfium.PdfDocument(pdf)
    try:
        found = []
        for number in pages:
            page = document[number]
            try:
                read = Page(number, *page.get_size())
                for index in range(raw.FPDFPage_CountObjects(page)):
                    _walk_widths(raw.FPDFPage_GetObject(page, index), IDENTITY, read, width, tolerance)
                found.append(read)
            finally:
                page.close()
        return found
    finally:
        document.close()


def _walk_widths(obj, outer: Matrix, page: Page, width: float, tolerance: float) -> None:
    """``_walk``, passing over the paths not ``width`` wide as ``_path`` measures them."""
    kind = raw.FPDFPageObj_GetType(obj)
    if kind == raw.FPDF_PAGEOBJ_FORM:
        matrix = multiply(_matrix(obj), outer)
        for index in range(raw.FPDFFormObj_CountObjects(obj)):
            _walk_widths(raw.FPDFFormObj_GetObject(obj, index), matrix, page, width, tolerance)
    elif kind == raw.FPDF_PAGEOBJ_PATH:
        matrix = multiply(_matrix(obj), outer)
        own = ctypes.c_float()
        raw.FPDFPageObj_GetStrokeWidth(obj, own)
        if abs(own.value * math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2])) - width) < tolerance:
            _path(obj, matrix, page)
