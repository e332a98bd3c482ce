"""Preflight: checking any PDF, cngen's or another's, against the PDF/X-1a rules print shops
ask for, and saying where each rule is broken.

``checks`` judges the file as a whole, ``content`` walks what the pages paint, and
``painting`` and ``objects`` judge what the walk meets.
"""

from __future__ import annotations

import io

import pikepdf

from ..errors import CngenError
from .checks import document_findings
from .content import ContentWalker, Observers, reason
from .objects import ObjectRules
from .painting import PaintingRules
from .report import RULES, Finding, Report

__all__ = ["RULES", "Finding", "Report", "preflight"]

PDF_SIGNATURE = b"%PDF-"
SIGNATURE_WINDOW = 1024  # readers accept a little junk before the header, and after %%EOF
END_OF_FILE = b"%%EOF"


def preflight(pdf: bytes, ink_limit: int = 300, min_text_size: float = 6.0) -> Report:
    """Every rule's finding for the PDF ``pdf``, in the order of ``RULES``.

    Raises CngenError when ``pdf`` is not a PDF or cannot be read.
    """
    if PDF_SIGNATURE not in pdf[:SIGNATURE_WINDOW]:
        raise CngenError("not a PDF file (no %PDF- header)")
    # qpdf would rebuild a cut-off file from what is left: a shop's checker refuses it.
    if END_OF_FILE not in pdf[-SIGNATURE_WINDOW:]:
        raise CngenError("the PDF is truncated (no %%EOF at its end)")
    try:
        with pikepdf.open(io.BytesIO(pdf)) as document:
            if len(document.pages) == 0:
                raise CngenError("the PDF has no pages (damaged or truncated?)")
            findings = all_findings(document, ink_limit, min_text_size)
    except pikepdf.PasswordError as error:
        raise CngenError("the PDF is encrypted with a password") from error
    except (pikepdf.PdfError, RecursionError) as error:
        raise CngenError(f"the PDF cannot be read: {reason(error)}") from error
    by_rule = {finding.rule: finding for finding in findings}
    return Report(tuple(by_rule[rule] for rule in RULES))


def all_findings(document: pikepdf.Pdf, ink_limit: int, min_text_size: float) -> tuple[Finding, ...]:
    painting = PaintingRules(ink_limit, min_text_size)
    objects = ObjectRules()
    ContentWalker(Observers(painting, objects)).walk(document)
    return document_findings(document) + painting.findings() + objects.findings(document)
