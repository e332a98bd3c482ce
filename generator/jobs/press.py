"""Finishing files for a press: PDF/X-1a, checked by the same preflight anyone can run, and the
images a print-on-demand service takes instead of a PDF."""

from __future__ import annotations

from ..errors import CngenError
from ..output.pdfx import finish_pdfx
from ..preflight import preflight


def finish_for_press(pdf: bytes, condition: str, ink_limit: int) -> bytes:
    """The PDF/X-1a file, refused unless it passes every preflight rule: a shop must never get
    a file that cngen calls PDF/X and is not."""
    finished = finish_pdfx(pdf, condition)
    report = preflight(finished, ink_limit=ink_limit)
    if not report.ok:
        failures = "; ".join(f"{finding.rule}: {', '.join(finding.where)}" for finding in report.findings
                             if not finding.ok)
        raise CngenError(f"the file cngen made fails its own preflight ({failures}); nothing was written. "
                         "Please report this, with the command you ran")
    return finished


def face_images(pdf: bytes, pixels: tuple[int, int], dpi: int, what: str,
                back_first: bool) -> tuple[tuple[str, bytes], ...]:
    """One PNG a face at the service's exact pixel size, named in upload order: the card's
    number, then its face's place (1, 2) and name, so that a folder sorted by name lists each
    card's faces in the order the service takes them ("-001-1-front", "-001-2-back")."""
    from ..output.images import png_pages  # Pillow and pdfium only for services that take images

    images = png_pages(pdf, pixels, dpi)
    sides = ("back", "front") if back_first else ("front", "back")
    stem = what.lower().replace(" ", "-")
    return tuple((f"{stem}-{index // 2 + 1:03d}-{index % 2 + 1}-{sides[index % 2]}.png", image)
                 for index, image in enumerate(images))
