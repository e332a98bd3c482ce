"""PNG previews of PDFs, so a user can see a result without a PDF viewer."""

from __future__ import annotations

from .images import POINTS_PER_INCH, encode_png, render_page

# Today's screens show a 72 dpi A4 page (596 x 842 pixels) blurred or too small to read a card's
# word; 150 dpi (1240 x 1754) reads like the sheet, at a few hundred kilobytes.
PREVIEW_DPI = 150


def first_page_png(pdf: bytes, dpi: int = PREVIEW_DPI) -> bytes:
    """The first page (the first sheet's fronts) as a PNG."""
    import pypdfium2  # here, as in images.py: only a preview or an image upload loads pdfium

    with pypdfium2.PdfDocument(pdf) as document:
        return encode_png(render_page(document[0], dpi / POINTS_PER_INCH), dpi)
