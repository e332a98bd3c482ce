"""The PDF canvas every document is drawn on: reproducible, print settings for the viewer, and
CMYK only for print shops. The drawing code draws on it; ``finish`` returns the bytes."""

from __future__ import annotations

import io

import msgspec
from reportlab.pdfgen.canvas import Canvas

CREATOR = "cngen"  # the Author and Creator of every file; preflight knows cngen's home files by it
DUPLEX = {"long-edge": "DuplexFlipLongEdge", "short-edge": "DuplexFlipShortEdge"}


class PdfSettings(msgspec.Struct, frozen=True):
    title: str
    page_size: tuple[float, float]  # of the first page; every page may set its own
    font_name: str  # an embedded font: without one ReportLab adds an unembedded Helvetica
    duplex: str | None = None  # long-edge or short-edge asks the viewer for duplex printing
    cmyk: bool = False  # a shop file holds CMYK only: ReportLab then refuses any RGB colour


class PdfDocument:
    """A canvas drawing into memory."""

    def __init__(self, settings: PdfSettings):
        self._buffer = io.BytesIO()
        self.canvas = Canvas(
            self._buffer,
            pagesize=settings.page_size,
            invariant=1,  # fixed dates and IDs: the same inputs give byte-identical files
            initialFontName=settings.font_name,  # type: ignore[arg-type]  # the stubs say float
            pdfVersion=(1, 4),
            enforceColorSpace="cmyk" if settings.cmyk else None,
        )
        canvas = self.canvas
        canvas.setTitle(settings.title)
        canvas.setAuthor(CREATOR)
        canvas.setCreator(CREATOR)
        # Printing at "fit to page" shrinks the cards and breaks front-to-back registration.
        canvas.setViewerPreference("PrintScaling", "None")
        if settings.duplex in DUPLEX:
            canvas.setViewerPreference("Duplex", DUPLEX[settings.duplex])

    def finish(self) -> bytes:
        self.canvas.save()
        return self._buffer.getvalue()
