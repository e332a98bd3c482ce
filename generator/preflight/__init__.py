"""Preflight: checking any PDF, cngen's or another's, against the PDF/X-1a rules print shops
ask for, and saying where each rule is broken.

``checks`` judges the file as a whole, ``content`` walks what the pages paint, and
``painting`` and ``objects`` judge what the walk meets. ``limits`` bounds what any file,
however hostile, may cost in memory and time.
"""

from __future__ import annotations

import io

import pikepdf

from ..errors import CngenError
from .checks import document_findings, file_kind
from .content import ContentWalker, Observers, reason
from .limits import (
    MAX_STREAM_BYTES,
    Budget,
    TooLarge,
    check_object_count,
    check_page_tree,
    megabytes,
    reading_limits,
    too_large,
)
from .objects import ObjectRules
from .painting import PaintingRules
from .report import RULES, Finding, Report

__all__ = ["RULES", "Finding", "Report", "TooLarge", "preflight"]

PDF_SIGNATURE = b"%PDF-"
SIGNATURE_WINDOW = 1024  # readers accept a little junk before the header, and after %%EOF
END_OF_FILE = b"%%EOF"


def preflight(pdf: bytes, ink_limit: int = 300, min_text_size: float = 6.0) -> Report:
    """Every rule's finding for the PDF ``pdf``, in the order of ``RULES``.

    Raises CngenError when ``pdf`` is not a PDF, cannot be read, or is too large to check.
    """
    if PDF_SIGNATURE not in pdf[:SIGNATURE_WINDOW]:
        raise CngenError("not a PDF file (no %PDF- header)")
    # qpdf would rebuild a cut-off file from what is left: a shop's checker refuses it.
    if END_OF_FILE not in pdf[-SIGNATURE_WINDOW:]:
        raise CngenError("the PDF is truncated (no %%EOF at its end)")
    check_object_count(pdf)
    with reading_limits():
        findings, kind = read_findings(pdf, ink_limit, min_text_size)
    by_rule = {finding.rule: finding for finding in findings}
    return Report(tuple(by_rule[rule] for rule in RULES), kind)


def read_findings(pdf: bytes, ink_limit: int, min_text_size: float) -> tuple[tuple[Finding, ...], str]:
    try:
        check_page_tree(pdf)
        with pikepdf.open(io.BytesIO(pdf)) as document:
            if len(document.pages) == 0:
                raise CngenError("the PDF has no pages (damaged or truncated?)")
            return all_findings(document, ink_limit, min_text_size), file_kind(document)
    except pikepdf.PasswordError as error:
        raise CngenError("the PDF is encrypted with a password") from error
    except (pikepdf.PdfError, pikepdf.QpdfRuntimeError, RecursionError) as error:
        if "memory limit" in str(error):  # an object or cross-reference stream that inflates without end
            raise too_large("the PDF", f"a stream of more than {megabytes(MAX_STREAM_BYTES)} decoded") from None
        raise CngenError(f"the PDF cannot be read: {reason(error)}") from error
    except MemoryError:  # the limits should prevent it: a last resort, still one clear line
        raise too_large("the PDF", "it needs more memory than this computer has") from None


def all_findings(document: pikepdf.Pdf, ink_limit: int, min_text_size: float) -> tuple[Finding, ...]:
    budget = Budget()
    painting = PaintingRules(ink_limit, min_text_size, budget)
    objects = ObjectRules(budget)
    ContentWalker(Observers(painting, objects), budget).walk(document)
    return document_findings(document) + painting.findings() + objects.findings(document)
