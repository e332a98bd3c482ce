"""Small drawing helpers shared by every face: colours, polygons, centred text lines, form names."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..geometry.fit import FittedText
from ..geometry.sheet import Box
from ..typeface.font import Font
from .theme import Colour


def fill(canvas: Canvas, colour: Colour) -> None:
    """A resolved theme colour: three values are RGB (home), four are CMYK (shop)."""
    if len(colour) == 4:
        canvas.setFillColorCMYK(*colour)
    else:
        canvas.setFillColorRGB(*colour)


def stroke(canvas: Canvas, colour: Colour, width: float) -> None:
    if len(colour) == 4:
        canvas.setStrokeColorCMYK(*colour)
    else:
        canvas.setStrokeColorRGB(*colour)
    canvas.setLineWidth(width)


def polygon_path(canvas: Canvas, points: list[tuple[float, float]]) -> PDFPathObject:
    """A closed path through ``points``, to fill or stroke."""
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    return path


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
