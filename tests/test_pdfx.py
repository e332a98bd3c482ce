"""finish_pdfx: a ReportLab CMYK file becomes PDF/X-1a:2001, read back with pikepdf and pypdf."""

from __future__ import annotations

import io
import time

import pikepdf
import pypdf
import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from generator.inputs.bundled import BOLD, font_path
from generator.output.pdfx import OUTPUT_CONDITIONS, PDFX_CONFORMANCE, PDFX_VERSION, finish_pdfx

FONT = "PdfxTestFont"
MM = 72 / 25.4
TRIM = (3 * MM, 3 * MM, 66.5 * MM, 91.9 * MM)  # a poker card with 3 mm bleed around it
BLEED = (0.0, 0.0, 69.5 * MM, 94.9 * MM)


def cmyk_card_pdf(pages: int = 1, cards_per_page: int = 1) -> bytes:
    """A small CMYK file as cngen draws them: embedded TTF, boxes, duplex preferences."""
    pdfmetrics.registerFont(TTFont(FONT, str(font_path(BOLD))))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=BLEED[2:], invariant=1, pdfVersion=(1, 3), enforceColorSpace="cmyk",
                    initialFontName=FONT)
    canvas.setTitle("Test cards")
    canvas.setAuthor("cngen")
    canvas.setCreator("cngen")
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", "DuplexFlipLongEdge")
    for page in range(pages):
        canvas.setTrimBox(TRIM)
        canvas.setBleedBox(BLEED)
        for card in range(cards_per_page):
            draw_card(canvas, f"WORD {page}-{card}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def draw_card(canvas: Canvas, word: str) -> None:
    canvas.setFillColorCMYK(0, 0.05, 0.16, 0.03)
    canvas.rect(0, 0, BLEED[2], BLEED[3], stroke=0, fill=1)
    canvas.setStrokeColorCMYK(0, 0, 0, 1)
    canvas.setLineWidth(0.25)
    canvas.line(TRIM[0], 0, TRIM[0], 2 * MM)
    canvas.setStrokeColorCMYK(0.9, 0.5, 0, 0.05)  # a coloured line, thick enough
    canvas.setLineWidth(3)
    canvas.line(10 * MM, 40 * MM, 50 * MM, 40 * MM)
    canvas.setFillColorCMYK(0, 0, 0, 1)
    canvas.setFont(FONT, 14)
    canvas.drawCentredString(BLEED[2] / 2, 30 * MM, word)
    canvas.saveState()
    canvas.translate(BLEED[2] / 2, 60 * MM)
    canvas.rotate(180)  # the word for the player across the table
    canvas.setFont(FONT, 9)
    canvas.drawCentredString(0, 0, word)
    canvas.restoreState()


@pytest.fixture(scope="module")
def source() -> bytes:
    return cmyk_card_pdf(pages=2)


@pytest.fixture(scope="module")
def finished(source) -> bytes:
    return finish_pdfx(source, "FOGRA39")


def test_the_header_says_pdf_1_3_and_there_are_no_object_or_xref_streams(finished):
    assert finished.startswith(b"%PDF-1.3\n")
    assert b"/ObjStm" not in finished and b"/XRef" not in finished
    assert b"\nxref\n" in finished and b"trailer" in finished
    with pikepdf.open(io.BytesIO(finished)) as document:
        assert document.pdf_version == "1.3"
        assert "/Version" not in document.Root


def test_exactly_one_output_intent_names_a_registered_condition(finished):
    with pikepdf.open(io.BytesIO(finished)) as document:
        intents = document.Root.OutputIntents
        assert len(intents) == 1
        intent = intents[0]
        assert intent.Type == pikepdf.Name.OutputIntent
        assert intent.S == pikepdf.Name.GTS_PDFX
        assert str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert str(intent.RegistryName) == "http://www.color.org"
        assert str(intent.Info) == OUTPUT_CONDITIONS["FOGRA39"]
        assert str(intent.OutputCondition) == OUTPUT_CONDITIONS["FOGRA39"]
        assert "ISO 12647-2:2004" in str(intent.Info)


def test_the_document_information_has_the_pdfx_keys_and_keeps_reportlabs(finished):
    info = pypdf.PdfReader(io.BytesIO(finished)).metadata
    assert info["/GTS_PDFXVersion"] == PDFX_VERSION == "PDF/X-1:2001"
    assert info["/GTS_PDFXConformance"] == PDFX_CONFORMANCE == "PDF/X-1a:2001"
    assert info["/Trapped"] == "/False"
    assert isinstance(info["/Trapped"], pypdf.generic.NameObject)
    assert info["/Title"] == "Test cards"
    assert info["/Author"] == info["/Creator"] == "cngen"
    assert info["/CreationDate"].startswith("D:") and info["/ModDate"].startswith("D:")
    assert "/Subject" not in info and "/Keywords" not in info  # ReportLab's placeholders


def test_viewer_preferences_newer_than_pdf_1_3_are_dropped(source, finished):
    assert b"/PrintScaling" in source and b"/Duplex" in source
    with pikepdf.open(io.BytesIO(finished)) as document:
        assert "/ViewerPreferences" not in document.Root


def test_the_trailer_id_is_there_and_the_output_reproducible(source, finished):
    assert finish_pdfx(source, "FOGRA39") == finished
    assert finish_pdfx(source, "FOGRA51") != finished
    identifier = pypdf.PdfReader(io.BytesIO(finished)).trailer["/ID"]
    assert len(identifier) == 2 and all(len(part) == 16 for part in identifier)


def test_pages_boxes_and_fonts_come_through_unchanged(source, finished):
    before, after = pypdf.PdfReader(io.BytesIO(source)), pypdf.PdfReader(io.BytesIO(finished))
    assert len(after.pages) == len(before.pages) == 2
    for old, new in zip(before.pages, after.pages):
        assert list(new.trimbox) == list(old.trimbox) and list(new.bleedbox) == list(old.bleedbox)
        assert new.extract_text() == old.extract_text()


def test_missing_dates_are_set_reproducibly(monkeypatch):
    with pikepdf.open(io.BytesIO(cmyk_card_pdf())) as document:
        del document.trailer.Info["/CreationDate"]
        del document.trailer.Info["/ModDate"]
        buffer = io.BytesIO()
        document.save(buffer)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    info = pypdf.PdfReader(io.BytesIO(finish_pdfx(buffer.getvalue(), "FOGRA39"))).metadata
    assert info["/CreationDate"] == info["/ModDate"] == "D:20231114221320+00'00'"


@pytest.mark.parametrize("condition", ["FOGRA39", "FOGRA51", "FOGRA52", "CGATS TR 001", "CGATS TR 006"])
def test_the_registry_names_the_shops_use_are_offered(condition):
    assert condition in OUTPUT_CONDITIONS


@pytest.mark.parametrize("condition", ["GRACoL", "fogra39", "", "sRGB"])
def test_an_unknown_condition_is_refused(source, condition):
    with pytest.raises(ValueError, match="unknown output condition"):
        finish_pdfx(source, condition)


def test_finishing_twenty_pages_of_cards_is_fast():
    source = cmyk_card_pdf(pages=20, cards_per_page=25)
    start = time.perf_counter()
    finish_pdfx(source, "FOGRA39")
    assert time.perf_counter() - start < 0.5  # measured ~0.01 s
