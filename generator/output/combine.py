"""Several finished PDFs as one, for a single upload: pages copied as they are, never drawn
again. pikepdf (qpdf) does the copying; the result is reproducible and stays PDF 1.4."""

from __future__ import annotations

import io
from typing import Sequence

import pikepdf

from .pdf import CREATOR, DUPLEX


def combine(pdfs: Sequence[bytes], title: str, duplex: str | None) -> bytes:
    combined = pikepdf.Pdf.new()
    sources = [pikepdf.Pdf.open(io.BytesIO(pdf)) for pdf in pdfs]
    try:
        for source in sources:
            combined.pages.extend(source.pages)
        combined.docinfo["/Title"] = title
        combined.docinfo["/Author"] = CREATOR
        combined.docinfo["/Creator"] = CREATOR
        preferences = pikepdf.Dictionary(PrintScaling=pikepdf.Name("/None"))
        if duplex in DUPLEX:
            preferences.Duplex = pikepdf.Name("/" + DUPLEX[duplex])
        combined.Root.ViewerPreferences = preferences
        buffer = io.BytesIO()
        combined.save(buffer, deterministic_id=True, force_version="1.4",
                      object_stream_mode=pikepdf.ObjectStreamMode.disable)
        return buffer.getvalue()
    finally:
        for source in sources:
            source.close()
