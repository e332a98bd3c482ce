"""What cngen tells a user about where a file goes: the preflight's word on files that never
claimed PDF/X, the upload advice for services that take images, and the key card's number."""

from __future__ import annotations

import io

import pikepdf
import pytest
from click.testing import CliRunner
from test_pdfx import cmyk_card_pdf
from test_preflight import crafted

from generator.cli.app import main
from generator.cli.report import NOT_FOR_PRESS, how_to_print, preflight_table
from generator.geometry.keyface import key_face_layout
from generator.geometry.services import SERVICES
from generator.jobs import cards
from generator.jobs.deck import build_deck
from generator.output.pdfx import finish_pdfx
from generator.preflight import preflight
from generator.preflight.report import HOME_FILE, OTHER_FILE, PRESS_FILE
from generator.settings.options import DeckOptions, SheetOptions
from generator.units import MM


@pytest.fixture(scope="module")
def home_pdf() -> bytes:
    return cmyk_card_pdf()  # made by cngen, not finished as PDF/X: what a home file is to the preflight


def test_the_preflight_knows_a_press_file_a_cngen_home_file_and_another_programs_file(home_pdf):
    assert preflight(finish_pdfx(home_pdf, "FOGRA39")).kind == PRESS_FILE
    assert preflight(home_pdf).kind == HOME_FILE
    assert preflight(crafted(b"1 0 0 rg 20 20 50 50 re f", version="1.4")).kind == PRESS_FILE  # it claims PDF/X
    assert preflight(another_programs_pdf()).kind == OTHER_FILE
    assert set(NOT_FOR_PRESS) == {HOME_FILE, OTHER_FILE}


def another_programs_pdf() -> bytes:
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(200, 200))
    buffer = io.BytesIO()
    pdf.save(buffer, deterministic_id=True)
    return buffer.getvalue()


def test_another_programs_file_without_pdfx_is_told_to_export_as_pdfx(tmp_path):
    report = preflight(another_programs_pdf())
    assert not report.ok
    assert "does not claim to be PDF/X" in preflight_table(tmp_path / "x.pdf", report).splitlines()[-1]


def test_a_home_file_fails_the_shop_rules_and_the_report_says_why_and_which_profile_to_use(home_pdf, tmp_path):
    (tmp_path / "deck.pdf").write_bytes(home_pdf)
    result = CliRunner().invoke(main, ["preflight", str(tmp_path / "deck.pdf")])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].endswith("deck.pdf: FAILS")
    assert "for home printers" in lines[-2] and "RGB and not PDF/X by design" in lines[-2]
    assert "--profile shop" in lines[-1] and "--profile pod --service" in lines[-1]


def test_a_file_that_passes_gets_no_note(home_pdf, tmp_path):
    report = preflight(finish_pdfx(home_pdf, "FOGRA39"))
    assert report.ok
    assert "by design" not in preflight_table(tmp_path / "deck.pdf", report)


@pytest.mark.parametrize("service", sorted(SERVICES))
def test_upload_advice_names_what_the_service_takes(service):
    advice = how_to_print(SheetOptions(profile="pod", service=service))
    short = how_to_print(SheetOptions(profile="pod", service=service), short=True)
    if SERVICES[service].images:
        assert advice.startswith("upload the PNG images to") and "300 dpi, RGB" in advice
        assert "PNG" in short and "PDF/X" not in short
    else:
        assert "CMYK PDF/X-1a" in advice and "PNG" not in advice


@pytest.mark.parametrize("size,rows", [(70, 5), (60, 5), (90, 5), (70, 4)])
def test_the_key_number_sits_as_far_from_the_grid_as_from_the_frame(size, rows):
    layout = key_face_layout(size * MM, size * MM, rows=rows)
    cap = 4.0
    x, baseline = layout.number_origin(cap)
    grid_bottom = min(cell.y for cell in layout.cells)
    frame_inside = layout.frame.inset(0.4).y
    assert grid_bottom - (baseline + cap) == pytest.approx(baseline - frame_inside)
    assert grid_bottom - (baseline + cap) > 2 * MM
    assert x < min(cell.x for cell in layout.cells)


def test_a_long_image_upload_says_what_it_is_doing(monkeypatch, tmp_path):
    """Hundreds of faces take seconds to draw as images: the progress hears of it (stderr)."""
    monkeypatch.setattr(cards, "IMAGES_PROGRESS_FROM", 4)  # a short list stands for a long one
    words = tmp_path / "words.txt"
    words.write_text("BANK\nPITCH\nMERCURY\nICE\n", encoding="utf-8")
    heard: list[str] = []
    result = build_deck(DeckOptions(words=words, blanks=0, sheet=SheetOptions(profile="pod", service="tgc")),
                        progress=heard.append)
    assert heard[-1] == "drawing 4 card faces as images at 300 dpi"
    assert [name for name, _ in result.images] == ["codename-cards-001-1-front.png", "codename-cards-001-2-back.png",
                                                    "codename-cards-002-1-front.png", "codename-cards-002-2-back.png"]


@pytest.mark.parametrize("args,flag", [
    (["deck", "--card-size", "30x20mm"], "--card-size"),
    (["kit", "--keys-count", "1", "--deck-card-size", "30x20mm"], "--deck-card-size"),
    (["kit", "--keys-count", "1", "--token-card-size", "20x15mm"], "--token-card-size"),
    (["kit", "--keys-count", "1", "--keys-card-size", "40x40mm"], "--keys-card-size"),
])
def test_a_card_too_small_is_refused_naming_the_flag_this_command_takes(run, args, flag):
    result = run(*args)
    assert result.exit_code == 2
    assert f"choose a larger {flag}" in result.stderr or f"choose a {flag}" in result.stderr
    assert "Traceback" not in result.output
