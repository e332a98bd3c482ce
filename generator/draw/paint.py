"""Small drawing helpers shared by every face: colours, polygons, stripes, centred text lines,
form names."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..geometry.fit import FittedText
from ..geometry.sheet import Box
from ..geometry.stripes import Polygon
from ..typeface.font import Font
from .theme import Colour, line_width


def begin_form(canvas: Canvas, name: str, area: Box) -> None:
    """Start the form ``name`` (drawn once, shown on many faces), bounded by ``area``."""
    # ReportLab takes any number for the bounding box; its type stubs ask for whole ones.
    canvas.beginForm(name, area.x, area.y, area.right, area.top)  # type: ignore[arg-type]


def fill(canvas: Canvas, colour: Colour) -> None:
    """A resolved theme colour: three values are RGB (home), four are CMYK (shop)."""
    if len(colour) == 4:
        canvas.setFillColorCMYK(*colour)
    else:
        canvas.setFillColorRGB(*colour)


def stroke(canvas: Canvas, colour: Colour, width: float) -> None:
    """Lines in a resolved theme colour, ``width`` wide; on a press file a line of more than
    black ink is drawn at least ``COLOUR_LINE_MIN`` wide (``theme.line_width``). That width is
    in the canvas's units: a drawing that is placed scaled down draws such lines in black ink
    (``Theme.line``) or wide enough to stay over the minimum as printed."""
    if len(colour) == 4:
        canvas.setStrokeColorCMYK(*colour)
    else:
        canvas.setStrokeColorRGB(*colour)
    canvas.setLineWidth(line_width(colour, width))


def polygon_path(canvas: Canvas, points: list[tuple[float, float]]) -> PDFPathObject:
    """A closed path through ``points``, to fill or stroke."""
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    return path


def rounded_path(canvas: Canvas, box: Box, radius: float, path: PDFPathObject | None = None) -> PDFPathObject:
    """A rectangle with rounded corners, as a path (added to ``path`` when given)."""
    if path is None:
        path = canvas.beginPath()
    path.roundRect(box.x, box.y, box.width, box.height, radius)
    return path


def draw_stripes(canvas: Canvas, box: Box, radius: float, pieces: list[Polygon], colour: Colour) -> None:
    """Stripes of ``colour`` (``geometry.stripes``' pieces) in the rounded rectangle ``box``,
    whose corners clip them: a pattern, not a tone, that reads in any printer's greys."""
    path = canvas.beginPath()
    for piece in pieces:
        path.moveTo(*piece[0])
        for point in piece[1:]:
            path.lineTo(*point)
        path.close()
    canvas.saveState()
    canvas.clipPath(rounded_path(canvas, box, radius), stroke=0, fill=0)
    fill(canvas, colour)
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.restoreState()


def centred_lines(canvas: Canvas, text: FittedText, font: Font, centre_x: float, centre_y: float) -> None:
    """Draw the fitted lines as a block centred on (centre_x, centre_y)."""
    line_height = font.line_height(text.size)
    block_top = centre_y + len(text.lines) * line_height / 2
    canvas.setFont(font.name, text.size)
    for index, line in enumerate(text.lines):
        baseline = block_top - index * line_height - font.ascent * text.size
        canvas.drawCentredString(centre_x, baseline, line)


def form_name(kind: str, box: Box) -> str:
    """Forms are named by their size, so that components of several sizes can share a canvas
    and the same size is declared only once."""
    return f"cngen-{kind}-{box.width:.2f}x{box.height:.2f}"
