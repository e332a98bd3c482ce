"""ReportLab's private members, in this one module: the few places where cngen needs more of
ReportLab than its public interface gives. pyproject.toml pins the ReportLab versions the
tests pass on; a new version that renames one of these breaks here, and only here.

- Platypus's frames know how much room is left in a column, and whether nothing has been set
  in it yet, only through private attributes; a flowable asks its document template what it
  is being laid out in through a protected method.
- A document template makes its own canvas; the rules sheet is poured onto a canvas cngen
  made (fonts, colours, reproducible output), so the template's canvas maker is replaced.
- Shaped text embeds its own glyph font in the canvas's document, whose list of fonts to
  write on saving is reached through the canvas.
- A font of cngen's own making (shaped text's glyph font) is named among the document's font
  resources, a dictionary ReportLab keeps for its own fonts.
- An image reader refers to itself, so the pixels it decodes wait for Python's collector of
  cycles; they are dropped as soon as the image is in the document.
- A TrueType face prints a character with the glyph and width its own tables give; a font
  that lacks the narrow spaces French needs is given them by writing into those tables.

It sits beside units.py at the foot of the layers, so that typeface/ (fonts) and draw/ (the
rules sheet's layout, shaped text) both reach it by importing downwards.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

# Platypus is only for the rules sheet: a run that prints cards (and registers fonts, which
# come here too) never loads it, so every ReportLab name is imported where it is used.
if TYPE_CHECKING:
    from reportlab.pdfbase.pdfdoc import PDFDocument, PDFObject
    from reportlab.pdfbase.ttfonts import TTFontFace
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Flowable, Frame, KeepTogether, PageTemplate


def _member(owner: object, name: str) -> Any:
    """A private member of ``owner``: ReportLab's type stubs declare none of them."""
    return getattr(owner, name)


def column_width(frame: Frame) -> float:
    """The width a flowable gets in ``frame``."""
    return float(_member(frame, "_getAvailableWidth")())


def column_height(frame: Frame) -> float:
    """The whole height of ``frame``."""
    return float(_member(frame, "_height"))


def room_left(frame: Frame) -> float:
    """How much height is still free in ``frame``, under what has been set in it."""
    return float(_member(frame, "_y") - _member(frame, "_y1p"))


def nothing_set_yet(frame: Frame) -> bool:
    """Whether ``frame`` is still empty: a flowable there starts the column."""
    return bool(getattr(frame, "_atTop", False))


def kept_together(group: KeepTogether) -> list[Flowable]:
    """The flowables a KeepTogether holds."""
    return list(_member(group, "_content"))


def frame_laying_out(flowable: Flowable) -> Frame | None:
    """The frame the document template is laying ``flowable`` out in; None outside a layout."""
    from reportlab.platypus import Frame

    found = _member(flowable, "_doctemplateAttr")("frame")
    return found if isinstance(found, Frame) else None


def page_template_laying_out(flowable: Flowable) -> PageTemplate | None:
    """The page template of the page ``flowable`` is being laid out on; None outside a layout."""
    from reportlab.platypus import PageTemplate

    found = _member(flowable, "_doctemplateAttr")("pageTemplate")
    return found if isinstance(found, PageTemplate) else None


class OnCanvas:
    """Mixed into a document template, before it (``class T(OnCanvas, BaseDocTemplate)``): the
    template draws on ``canvas``, made and finished by its caller."""

    def __init__(self, canvas: Canvas, *args: Any, **kwargs: Any) -> None:
        self._given_canvas = canvas
        super().__init__(*args, **kwargs)
        self._doSave = 0  # the caller's document finishes the canvas

    def _makeCanvas(self, filename: object = None, canvasmaker: object = None) -> Canvas:
        from reportlab.lib.sequencer import Sequencer

        self.seq = Sequencer()
        return self._given_canvas


def delayed_fonts(canvas: Canvas) -> list[Any]:
    """The fonts ``canvas``'s document writes when it is saved (ReportLab's delayed fonts)."""
    fonts: list[Any] = _member(canvas, "_doc").delayedFonts
    return fonts


def add_font_resource(doc: PDFDocument, name: str, font: PDFObject) -> None:
    """Name ``font`` ``name`` among ``doc``'s font resources, as ReportLab names its own fonts."""
    from reportlab.pdfbase.pdfdoc import BasicFonts

    _member(doc.idToObject[BasicFonts], "dict")[name] = font


def print_with_glyph(face: TTFontFace, code: int, glyph: int, width: float) -> None:
    """Make ReportLab's TrueType ``face`` print the character ``code`` with ``glyph``, ``width``
    thousandths of an em wide."""
    face.charToGlyph[code] = glyph
    face.charWidths[code] = width


def draw_image(canvas: Canvas, data: bytes, x: float, y: float, width: float, height: float) -> None:
    """An encoded image (JPEG, PNG or TIFF) drawn in the box at ``x``, ``y``, stored once in the
    document. ReportLab decodes every pixel to name the image, and its reader keeps them; the
    reader holds a method bound to itself, so only the collector of cycles would free them, and
    large buffers never prompt it: 40 photos at 1,200 dpi held 1.4 GB. Its fields are cleared
    once the document has copied what it stores."""
    from reportlab.lib.utils import ImageReader

    reader = ImageReader(io.BytesIO(data))
    canvas.drawImage(reader, x, y, width, height)
    reader.__dict__.clear()
