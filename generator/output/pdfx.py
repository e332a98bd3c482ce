"""Finishing a ReportLab CMYK PDF as PDF/X-1a:2001: the output intent, the PDF/X keys in the
document information, a PDF 1.3 header and a deterministic trailer ID.

ReportLab drops OutputIntents, so the file is reworked with pikepdf (qpdf) after drawing,
never by writing PDF syntax by hand. Whether the drawing itself keeps the PDF/X-1a rules (CMYK
only, no transparency, fonts embedded) is for the drawing code and the preflight to ensure.
"""

from __future__ import annotations

import io
import os
import time

import pikepdf

PDFX_VERSION = "PDF/X-1:2001"
PDFX_CONFORMANCE = "PDF/X-1a:2001"
PDF_VERSION = "1.3"  # what PDF/X-1a:2001 is built on
REGISTRY_NAME = "http://www.color.org"

# Reference names of the ICC characterization data registry (color.org) that cngen offers as
# output conditions, with the description written to the OutputIntent. A shop names one of
# these; the name alone identifies the printing condition, no profile needs embedding.
OUTPUT_CONDITIONS: dict[str, str] = {
    "FOGRA39": "Coated FOGRA39 (ISO 12647-2:2004/Amd 1, offset, paper type 1 or 2: coated)",
    "FOGRA47": "Uncoated FOGRA47 (ISO 12647-2:2004/Amd 1, offset, paper type 4: uncoated white)",
    "FOGRA51": "PSO Coated v3, FOGRA51 (ISO 12647-2:2013, offset, premium coated, PC1)",
    "FOGRA52": "PSO Uncoated v3, FOGRA52 (ISO 12647-2:2013, offset, wood-free uncoated, PC5)",
    "CGATS TR 001": "SWOP (publication) printing in the USA, CGATS TR 001",
    "CGATS TR 006": "Commercial offset printing in the USA, CGATS TR 006",
    "CGATS21-2-CRPC5": "Universal publication coated, CRPC5 (CGATS 21-2)",
    "CGATS21-2-CRPC6": "Universal premium coated (GRACoL 2013), CRPC6 (CGATS 21-2)",
}

# Further reference names of the registry that other tools write: a file naming one of them
# identifies its printing condition as well as one of ours does.
OTHER_REGISTERED_CONDITIONS = frozenset({
    "FOGRA27", "FOGRA28", "FOGRA29", "FOGRA30", "FOGRA40", "FOGRA45", "FOGRA46", "FOGRA48",
    "FOGRA53", "CGATS TR 002", "CGATS TR 003", "CGATS TR 005", "CGATS21-2-CRPC1",
    "CGATS21-2-CRPC2", "CGATS21-2-CRPC3", "CGATS21-2-CRPC4", "CGATS21-2-CRPC7", "JC200103",
    "JCS2011", "IFRA26", "IFRA30",
})
REGISTERED_CONDITIONS = frozenset(OUTPUT_CONDITIONS) | OTHER_REGISTERED_CONDITIONS

# Document information entries worth keeping; the rest of ReportLab's (an "unspecified"
# Subject, empty Keywords) says nothing.
KEPT_INFO = ("/Title", "/Author", "/Subject", "/Creator", "/Producer", "/CreationDate", "/ModDate")
UNSPECIFIED = {"", "unspecified"}

# Viewer preferences that PDF 1.3 defines; newer ones (PrintScaling 1.6, Duplex 1.7...) are
# not allowed in a PDF 1.3 file.
PDF13_VIEWER_PREFERENCES = frozenset({
    "/HideToolbar", "/HideMenubar", "/HideWindowUI", "/FitWindow", "/CenterWindow",
    "/NonFullScreenPageMode", "/Direction",
})


def finish_pdfx(pdf: bytes, condition: str) -> bytes:
    """``pdf`` rewritten as PDF/X-1a:2001 for the registered printing ``condition``.

    The same bytes in give the same bytes out.
    """
    if condition not in OUTPUT_CONDITIONS:
        raise ValueError(f"unknown output condition {condition!r}: use one of {', '.join(OUTPUT_CONDITIONS)}")
    with pikepdf.open(io.BytesIO(pdf)) as document:
        set_output_intent(document, condition)
        set_pdfx_info(document)
        drop_newer_viewer_preferences(document)
        # The catalog may name a newer version than the header; the header alone must say 1.3.
        if "/Version" in document.Root:
            del document.Root["/Version"]
        buffer = io.BytesIO()
        document.save(
            buffer,
            force_version=PDF_VERSION,
            # Object and cross-reference streams are PDF 1.5: a cross-reference table instead.
            object_stream_mode=pikepdf.ObjectStreamMode.disable,
            deterministic_id=True,  # the ID is a digest of the content: reproducible
            fix_metadata_version=False,  # XMP, if any, is left as the producer wrote it
        )
        return buffer.getvalue()


def set_output_intent(document: pikepdf.Pdf, condition: str) -> None:
    """Exactly one output intent: any the file had are replaced."""
    intent = pikepdf.Dictionary(
        Type=pikepdf.Name.OutputIntent,
        S=pikepdf.Name.GTS_PDFX,
        OutputConditionIdentifier=pikepdf.String(condition),
        RegistryName=pikepdf.String(REGISTRY_NAME),
        Info=pikepdf.String(OUTPUT_CONDITIONS[condition]),
        OutputCondition=pikepdf.String(OUTPUT_CONDITIONS[condition]),
    )
    document.Root.OutputIntents = pikepdf.Array([document.make_indirect(intent)])


def set_pdfx_info(document: pikepdf.Pdf) -> None:
    old = document.trailer.get("/Info", pikepdf.Dictionary())
    info = pikepdf.Dictionary()
    for key in KEPT_INFO:
        if key in old and str(old[key]).strip() not in UNSPECIFIED:
            info[key] = old[key]
    created = info.get("/CreationDate", info.get("/ModDate", pikepdf.String(fallback_date())))
    info.CreationDate = created
    info.ModDate = info.get("/ModDate", created)
    info.GTS_PDFXVersion = pikepdf.String(PDFX_VERSION)
    info.GTS_PDFXConformance = pikepdf.String(PDFX_CONFORMANCE)
    # PDF/X wants a decision on trapping: cngen's files are not trapped.
    info.Trapped = pikepdf.Name("/False")
    document.trailer.Info = document.make_indirect(info)


def fallback_date() -> str:
    """A PDF date for a file that has none: SOURCE_DATE_EPOCH when set, else a fixed date
    (the one ReportLab's invariant mode writes), so the output stays reproducible."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "")
    seconds = int(epoch) if epoch.isdigit() else 946684800  # 2000-01-01 00:00:00 UTC
    return time.strftime("D:%Y%m%d%H%M%S+00'00'", time.gmtime(seconds))


def drop_newer_viewer_preferences(document: pikepdf.Pdf) -> None:
    preferences = document.Root.get("/ViewerPreferences")
    if not isinstance(preferences, pikepdf.Dictionary):
        return
    for key in list(preferences.keys()):
        if key not in PDF13_VIEWER_PREFERENCES:
            del preferences[key]
    if not preferences.keys():
        del document.Root["/ViewerPreferences"]
