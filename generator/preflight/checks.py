"""The rules about the file as a whole: its PDF version, the PDF/X keys of its document
information, its output intent, its trailer ID, and every page's boxes."""

from __future__ import annotations

import pikepdf

from ..output.pdf import CREATOR
from ..output.pdfx import REGISTERED_CONDITIONS
from .report import (
    HOME_FILE,
    OTHER_FILE,
    OUTPUT_INTENT,
    PAGE_BOXES,
    PDF_VERSION,
    PDFX_KEYS,
    PRESS_FILE,
    TRAILER_ID,
    Finding,
    Places,
)

ALLOWED_VERSIONS = ("1.3", "1.4")  # what shops call "Acrobat 4/5 compatible"
TRAPPED_VALUES = ("/True", "/False")
BOX_TOLERANCE = 0.05  # points: rounding in the producer, not a misplaced box
MAX_PARENTS = 50  # page tree depth at which a /Parent chain is surely a loop
# What is wrong with an output intent without a profile (the messages are long for one line).
NOT_IN_REGISTRY = "no DestOutputProfile, and RegistryName is not http://www.color.org"
UNREGISTERED = "is not a registered characterization of the ICC registry, and there is no DestOutputProfile"


def document_findings(document: pikepdf.Pdf) -> tuple[Finding, ...]:
    return (version_finding(document), pdfx_keys_finding(document), output_intent_finding(document),
            trailer_id_finding(document), page_boxes_finding(document))


def version_finding(document: pikepdf.Pdf) -> Finding:
    places = Places()
    header = document.pdf_version
    if header not in ALLOWED_VERSIONS:
        places.add(f"the file is PDF {header}")
    # The catalog may raise the version above the header's (PDF 1.4 and later).
    catalog = document.Root.get("/Version")
    if catalog is not None and str(catalog).lstrip("/") not in ALLOWED_VERSIONS:
        places.add(f"the catalog says PDF {str(catalog).lstrip('/')}")
    return places.finding(PDF_VERSION)


def pdfx_keys_finding(document: pikepdf.Pdf) -> Finding:
    info = document.trailer.get("/Info")
    if not isinstance(info, pikepdf.Dictionary):
        return Finding(PDFX_KEYS, False, ("no document information dictionary",))
    places = Places()
    version = text(info, "/GTS_PDFXVersion")
    conformance = text(info, "/GTS_PDFXConformance")
    if not version.startswith("PDF/X-1"):
        places.add(f"GTS_PDFXVersion is {version!r}, not PDF/X-1" if version else "no GTS_PDFXVersion")
    # PDF/X-1a:2001 names its conformance level apart; PDF/X-1a:2003 puts it in the version.
    if not (conformance.startswith("PDF/X-1a") or version.startswith("PDF/X-1a")):
        places.add(f"GTS_PDFXConformance is {conformance!r}, not PDF/X-1a" if conformance
                   else "no GTS_PDFXConformance")
    trapped = info.get("/Trapped")
    if not isinstance(trapped, pikepdf.Name) or str(trapped) not in TRAPPED_VALUES:
        places.add(f"Trapped is {trapped}, not /True or /False" if trapped is not None else "no Trapped")
    for key in ("/Title", "/CreationDate", "/ModDate"):
        if not text(info, key):
            places.add(f"no {key[1:]}")
    return places.finding(PDFX_KEYS)


def file_kind(document: pikepdf.Pdf) -> str:
    """Whether the file claims PDF/X at all, and if not whether cngen made it (for a home printer)."""
    info = document.trailer.get("/Info")
    if not isinstance(info, pikepdf.Dictionary):
        return OTHER_FILE
    if text(info, "/GTS_PDFXVersion"):
        return PRESS_FILE
    return HOME_FILE if text(info, "/Creator") == CREATOR else OTHER_FILE


def text(info: pikepdf.Dictionary, key: str) -> str:
    value = info.get(key)
    return str(value).strip() if isinstance(value, pikepdf.String) else ""


def output_intent_finding(document: pikepdf.Pdf) -> Finding:
    intents = document.Root.get("/OutputIntents")
    pdfx = [intent for intent in (intents if isinstance(intents, pikepdf.Array) else [])
            if isinstance(intent, pikepdf.Dictionary) and intent.get("/S") == pikepdf.Name.GTS_PDFX]
    if len(pdfx) != 1:
        return Finding(OUTPUT_INTENT, False, (f"{len(pdfx)} GTS_PDFX output intents, not 1",))
    intent = pdfx[0]
    identifier = text(intent, "/OutputConditionIdentifier")
    if not identifier:
        return Finding(OUTPUT_INTENT, False, ("no OutputConditionIdentifier",))
    if isinstance(intent.get("/DestOutputProfile"), pikepdf.Stream):
        return Finding(OUTPUT_INTENT, True)
    if not is_icc_registry(text(intent, "/RegistryName")):
        return Finding(OUTPUT_INTENT, False, (f"{identifier}: {NOT_IN_REGISTRY}",))
    if identifier not in REGISTERED_CONDITIONS:
        return Finding(OUTPUT_INTENT, False, (f"{identifier} {UNREGISTERED}",))
    return Finding(OUTPUT_INTENT, True)


def is_icc_registry(name: str) -> bool:
    """http://www.color.org, allowing for the https and trailing-slash variants files carry."""
    return name.lower().rstrip("/").split("://")[-1] in ("www.color.org", "color.org")


def trailer_id_finding(document: pikepdf.Pdf) -> Finding:
    """The trailer must name the file (/ID) and must not encrypt it (/Encrypt): PDF/X-1a asks
    both of the trailer. A file encrypted with an empty user password opens without asking
    and still breaks the rule: its owner password may forbid printing or changing it."""
    places = Places()
    identifier = document.trailer.get("/ID")
    if not (isinstance(identifier, pikepdf.Array) and len(identifier) == 2):
        places.add("the trailer has no /ID")
    if document.is_encrypted:
        places.add("the file is encrypted (/Encrypt in the trailer)")
    return places.finding(TRAILER_ID)


def page_boxes_finding(document: pikepdf.Pdf) -> Finding:
    places = Places()
    for number, page in enumerate(document.pages, start=1):
        for problem in box_problems(page.obj):
            places.add(f"page {number}: {problem}")
    return places.finding(PAGE_BOXES)


def box_problems(page: pikepdf.Dictionary) -> list[str]:
    media = rectangle(inherited(page, "/MediaBox"))
    if media is None:
        return ["no MediaBox"]
    trim_key = "/TrimBox" if "/TrimBox" in page else "/ArtBox"
    trim = rectangle(page.get(trim_key))
    if trim is None:
        return ["no TrimBox" if trim_key not in page else f"a malformed {trim_key[1:]}"]
    bleed = rectangle(page.get("/BleedBox"))
    if bleed is None:
        return [] if inside(trim, media) else [f"the {trim_key[1:]} {show(trim)} is outside the MediaBox {show(media)}"]
    problems = []
    if not inside(trim, bleed):
        problems.append(f"the {trim_key[1:]} {show(trim)} is outside the BleedBox {show(bleed)}")
    if not inside(bleed, media):
        problems.append(f"the BleedBox {show(bleed)} is outside the MediaBox {show(media)}")
    return problems


def inherited(page: pikepdf.Dictionary, key: str) -> pikepdf.Object | None:
    """A page attribute that may sit on an ancestor in the page tree (MediaBox may)."""
    node: pikepdf.Object | None = page
    for _ in range(MAX_PARENTS):
        if not isinstance(node, pikepdf.Dictionary):
            return None
        if key in node:
            return node[key]
        node = node.get("/Parent")
    return None


def rectangle(value: pikepdf.Object | None) -> tuple[float, float, float, float] | None:
    """A box as (left, bottom, right, top), whichever corners the file gives."""
    if not isinstance(value, pikepdf.Array) or len(value) != 4:
        return None
    try:
        x0, y0, x1, y1 = (float(item) for item in value)
    except (TypeError, ValueError):
        return None
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def inside(inner: tuple[float, ...], outer: tuple[float, ...]) -> bool:
    return (inner[0] >= outer[0] - BOX_TOLERANCE and inner[1] >= outer[1] - BOX_TOLERANCE
            and inner[2] <= outer[2] + BOX_TOLERANCE and inner[3] <= outer[3] + BOX_TOLERANCE)


def show(box: tuple[float, ...]) -> str:
    return "[" + " ".join(f"{value:g}" for value in box) + "]"
