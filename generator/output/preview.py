"""PNG previews of PDFs, so a user can see a result without a PDF viewer."""

from __future__ import annotations

import io

import pypdfium2

PREVIEW_DPI = 72


def first_page_png(pdf: bytes, dpi: int = PREVIEW_DPI) -> bytes:
    """The first page (the first sheet's fronts) as a PNG."""
    document = pypdfium2.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72).to_pil()
    finally:
        document.close()
    buffer = io.BytesIO()
    image.convert("RGB").save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()

