"""PNG previews of PDFs, so a user can see a result without a PDF viewer."""

from __future__ import annotations

import io
from pathlib import Path

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


def with_previews(files: dict[Path, bytes], wanted: bool) -> dict[Path, bytes]:
    """The files to write, plus a PNG beside each PDF when previews are wanted."""
    if not wanted:
        return files
    previews = {path.with_suffix(".png"): first_page_png(data) for path, data in files.items() if path.suffix == ".pdf"}
    return {**files, **previews}
