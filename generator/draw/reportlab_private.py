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
- An image reader refers to itself, so the pixels it decodes wait for Python's collector of
  cycles; they are dropped as soon as the image is in the document.
"""

from __future__ import annotations

import functools
import io
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

if TYPE_CHECKING:  # Platypus loads only where text is laid out (the rules sheet), never for cards
    from reportlab.platypus import Flowable, Frame, KeepTogether


def column_width(frame: Frame) -> float:
    """The width a flowable gets in ``frame``."""
    return frame._getAvailableWidth()


def column_height(frame: Frame) -> float:
    """The whole height of ``frame``."""
    return frame._height


def room_left(frame: Frame) -> float:
    """How much height is still free in ``frame``, under what has been set in it."""
    return frame._y - frame._y1p


def nothing_set_yet(frame: Frame) -> bool:
    """Whether ``frame`` is still empty: a flowable there starts the column."""
    return bool(getattr(frame, "_atTop", False))


def kept_together(group: KeepTogether) -> list[Flowable]:
    """The flowables a KeepTogether holds."""
    return group._content


def laid_out_in(flowable: Flowable, name: str):
    """What the document template laying ``flowable`` out has as ``name`` ("frame",
    "pageTemplate"), or None outside a layout."""
    return flowable._doctemplateAttr(name)


def __getattr__(name: str) -> Any:
    """``OnCanvas``, made when first imported, so that only a module that lays text out loads Platypus."""
    if name == "OnCanvas":
        return _on_canvas()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@functools.cache
def _on_canvas() -> type:
    from reportlab.lib.sequencer import Sequencer
    from reportlab.platypus.doctemplate import BaseDocTemplate

    class OnCanvas(BaseDocTemplate):
        """A document template that draws on ``canvas``, made and finished by its caller."""

        def __init__(self, canvas: Canvas, *args, **kwargs):
            self._given_canvas = canvas
            super().__init__(*args, **kwargs)
            self._doSave = 0  # the caller's document finishes the canvas

        def _makeCanvas(self, filename=None, canvasmaker=None) -> Canvas:
            self.seq = Sequencer()
            return self._given_canvas

    return OnCanvas


def delayed_fonts(canvas: Canvas) -> list:
    """The fonts ``canvas``'s document writes when it is saved (ReportLab's delayed fonts)."""
    return canvas._doc.delayedFonts


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
