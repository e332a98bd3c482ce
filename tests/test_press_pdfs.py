"""Shop press sheets and print-on-demand pages, read back from the PDFs as a copy shop or a
service would open them: sheet size, cards per sheet, boxes, crop marks, where each back
lands, the PDF/X keys and the preflight, page order and image sizes."""

from __future__ import annotations

import io
import json

import pdfplumber
import pikepdf
import pypdf
import pytest
from PIL import Image

from generator.jobs.deck import build_deck
from generator.jobs.keys import build_keys
from generator.jobs.kit import build_kit
from generator.jobs.tokens import build_tokens
from generator.preflight import preflight
from generator.settings.options import DeckOptions, KeyOptions, KitOptions, RulesOptions, SheetOptions, TokenOptions
from generator.units import MM, PAPERS
from pdfcheck import font_report

SRA3 = PAPERS["sra3"]
WORDS = ["ace", "anchor", "bank", "comet", "harp", "ice cream", "mercury", "pitch"]


def press_kit(sheet: SheetOptions) -> dict[str, bytes]:
    options = KitOptions(
        deck=DeckOptions(sheet=sheet, blanks=1),
        keys=KeyOptions(seed=5, count=4, sheet=sheet),
        tokens=TokenOptions(sheet=sheet),
        rules=RulesOptions(profile=sheet.profile, output_condition=sheet.output_condition, ink_limit=sheet.ink_limit),
    )
    return {part.name: part.data for part in build_kit(options).parts if part.name.endswith(".pdf")}


@pytest.fixture(scope="module")
def shop():
    return press_kit(SheetOptions(profile="shop", paper=SRA3, marks=True))


@pytest.fixture(scope="module")
def pod():
    return press_kit(SheetOptions(profile="pod"))


def boxes(page) -> dict[str, list[float]]:
    return {name: [float(value) for value in getattr(page, name)] for name in ("mediabox", "bleedbox", "trimbox")}


def marks_of(page) -> list[dict]:
    return [line for line in page.lines if line["linewidth"] == pytest.approx(0.25)]


@pytest.mark.parametrize("name", ["deck.pdf", "keys.pdf", "tokens.pdf", "rules.pdf"])
@pytest.mark.parametrize("profile", ["shop", "pod"])
def test_every_press_file_is_pdfx_1a_and_passes_the_preflight(shop, pod, profile, name):
    data = (shop if profile == "shop" else pod)[name]
    assert data.startswith(b"%PDF-1.3")
    with pikepdf.open(io.BytesIO(data)) as pdf:
        info = pdf.docinfo
        assert str(info["/GTS_PDFXVersion"]) == "PDF/X-1:2001"
        assert str(info["/GTS_PDFXConformance"]) == "PDF/X-1a:2001"
        assert str(info["/Trapped"]) == "/False" and str(info["/Title"])
        (intent,) = pdf.Root.OutputIntents
        assert intent.S == pikepdf.Name.GTS_PDFX and str(intent.OutputConditionIdentifier) == "FOGRA39"
        assert str(intent.RegistryName) == "http://www.color.org"
        assert "/ID" in pdf.trailer
    report = preflight(data)
    assert report.ok, [finding for finding in report.findings if not finding.ok]
    fonts = font_report(io.BytesIO(data))
    assert fonts and all(font["embedded"] and font["subset"] for font in fonts)


def test_an_sra3_shop_sheet_holds_25_word_cards_with_their_bleed_inside_the_marks(shop):
    reader = pypdf.PdfReader(io.BytesIO(shop["deck.pdf"]))
    assert len(reader.pages) == 2 * 9  # 217 word cards and a blank, 25 a sheet: 9 sheets, fronts and backs
    page = reader.pages[0]
    found = boxes(page)
    assert [value / MM for value in found["mediabox"][2:]] == pytest.approx([320, 450])
    trim, bleed = found["trimbox"], found["bleedbox"]
    assert [t - b for t, b in zip(trim[:2], bleed[:2])] == pytest.approx([3 * MM] * 2, abs=1e-4)
    with pdfplumber.open(io.BytesIO(shop["deck.pdf"])) as document:
        first = document.pages[0]
        uprights = [word for word in first.extract_words() if word["upright"] is False]
        marks = marks_of(first)
    assert len(marks) == 2 * (2 * 5 + 2 * 5)  # every cut of 5 columns and 5 rows, at both ends
    for mark in marks:
        assert 3 * MM <= max(mark["width"], mark["height"]) <= 6 * MM
        x0, x1 = mark["x0"], mark["x1"]
        y0, y1 = first.height - mark["bottom"], first.height - mark["top"]
        assert x1 <= bleed[0] or x0 >= bleed[2] or y1 <= bleed[1] or y0 >= bleed[3]
        assert tuple(mark["stroking_color"]) == (0, 0, 0, 1)
    assert uprights  # the cards are turned on this sheet


@pytest.mark.parametrize("sides", ["long-edge", "short-edge"])
def test_each_back_lands_at_the_mirrored_slot_of_its_front(sides):
    result = build_keys(KeyOptions(seed=3, count=6, sheet=SheetOptions(profile="shop", paper=SRA3, sides=sides)))
    plan = result.plan
    grid = plan.grid
    across, down = plan.pitch

    def slots(page) -> dict[str, tuple[int, int]]:
        return {word["text"]: (int((word["x0"] - grid.x) // across),
                               int((page.height - word["bottom"] - grid.y) // down))
                for word in page.extract_words() if word["text"][:-1].isdigit()}

    with pdfplumber.open(io.BytesIO(result.pdf)) as document:
        fronts, backs = slots(document.pages[0]), slots(document.pages[1])
    assert len(fronts) == len(backs) == 6
    for label, (column, row) in fronts.items():
        back = backs[label[:-1] + "b"]
        if sides == "long-edge":  # portrait sheet: columns reversed, rows kept
            assert back == (plan.columns - 1 - column, row)
        else:
            assert back == (column, plan.rows - 1 - row)


def test_butted_cards_share_cuts_and_more_fit(shop):
    butted = build_deck(DeckOptions(sheet=SheetOptions(profile="shop", paper=SRA3, gutter=0.0, marks=True)))
    spaced = build_deck(DeckOptions(sheet=SheetOptions(profile="shop", paper=SRA3, marks=True)))
    assert butted.plan.per_sheet > spaced.plan.per_sheet >= 25
    assert butted.sheets < spaced.sheets
    assert preflight(butted.pdf).ok


def test_the_slug_line_names_file_component_sheet_side_and_flip():
    sheet = SheetOptions(profile="shop", paper=PAPERS["a3"], marks=True, file_name="party.pdf", sides="short-edge")
    result = build_tokens(TokenOptions(sheet=sheet))
    texts = [" ".join(page.extract_text().split()) for page in pypdf.PdfReader(io.BytesIO(result.pdf)).pages]
    assert "party.pdf · agent tiles · sheet 1 of 1 · front · turn over on the short edge" in texts[0]
    assert "party.pdf · agent tiles · sheet 1 of 1 · back · turn over on the short edge" in texts[1]


def test_no_marks_leaves_the_sheet_without_crop_marks():
    result = build_tokens(TokenOptions(sheet=SheetOptions(profile="shop", paper=SRA3, marks=False)))
    with pdfplumber.open(io.BytesIO(result.pdf)) as document:
        assert marks_of(document.pages[0]) == []


# --- Print on demand -------------------------------------------------------------------------

def test_a_pod_page_is_the_trim_plus_the_bleed_front_then_back(pod):
    reader = pypdf.PdfReader(io.BytesIO(pod["deck.pdf"]))
    found = boxes(reader.pages[0])
    assert found["mediabox"] == found["bleedbox"]
    trim = found["trimbox"]
    assert [(trim[2] - trim[0]) / MM, (trim[3] - trim[1]) / MM] == pytest.approx([70, 45], abs=1e-3)
    assert [trim[0] / MM, trim[1] / MM] == pytest.approx([3, 3], abs=1e-3)
    words = [page.extract_text().split() for page in reader.pages[:2]]
    assert words[0][0] == "ACE" and words[1][0] == "ANCHOR"  # the first card's front, then its back


def test_a_pod_page_without_bleed_is_the_card_itself():
    result = build_deck(DeckOptions(blanks=0, sheet=SheetOptions(profile="pod", bleed=0.0)))
    found = boxes(pypdf.PdfReader(io.BytesIO(result.pdf)).pages[0])
    assert found["mediabox"] == found["bleedbox"] == found["trimbox"]
    assert [value / MM for value in found["trimbox"]] == pytest.approx([0, 0, 70, 45], abs=1e-3)


def test_drivethrucards_gets_back_first_poker_pages_at_its_ink_limit():
    result = build_keys(KeyOptions(seed=4, count=2, sheet=SheetOptions(profile="pod", service="dtc")))
    reader = pypdf.PdfReader(io.BytesIO(result.pdf))
    media = [float(value) for value in reader.pages[0].mediabox]
    assert (media[2] / 72, media[3] / 72) == pytest.approx((2.75, 3.75))
    labels = [page.extract_text().split()[0] for page in reader.pages]
    assert labels == ["1b", "1a", "2b", "2a"]
    assert preflight(result.pdf, ink_limit=240).ok
    with pikepdf.open(io.BytesIO(result.pdf)) as pdf:
        assert str(pdf.Root.OutputIntents[0].OutputConditionIdentifier) == "CGATS TR 001"


@pytest.mark.parametrize("service, card, size", [
    ("tgc", (63.5 * MM, 88.9 * MM), (825, 1125)),
    ("mpc", (63.5 * MM, 88.9 * MM), (822, 1122)),
    ("tgc", (70 * MM, 45 * MM), (600, 825)),
])
def test_image_services_get_one_png_a_face_at_their_exact_size(service, card, size):
    result = build_tokens(TokenOptions(card_size=card, sheet=SheetOptions(profile="pod", service=service)))
    names = [name for name, _ in result.images]
    assert len(names) == 2 * 25 and names[:3] == ["agent-tiles-001-front.png", "agent-tiles-001-back.png",
                                                  "agent-tiles-002-front.png"]
    for _, data in result.images[:4]:
        image = Image.open(io.BytesIO(data))
        assert image.size == size and image.mode == "RGB"
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_a_kit_with_every_press_option_changed_is_the_same_file_by_file_on_a_second_run():
    sheet = SheetOptions(profile="shop", paper=PAPERS["12x18in"], bleed=2 * MM, gutter=5 * MM, margin=4 * MM,
                         sides="short-edge", marks=True, output_condition="FOGRA51", ink_limit=280)
    first, second = press_kit(sheet), press_kit(sheet)
    assert first.keys() == second.keys()
    for name in first:
        assert first[name] == second[name], name
        with pikepdf.open(io.BytesIO(first[name])) as pdf:
            assert str(pdf.Root.OutputIntents[0].OutputConditionIdentifier) == "FOGRA51"


@pytest.mark.parametrize("service", ["tgc", "mpc", "dtc"])
@pytest.mark.parametrize("component", ["deck", "keys", "tokens"])
def test_every_word_sits_inside_the_services_safe_area(tmp_path, service, component):
    from generator.geometry.services import SERVICES

    (tmp_path / "w.txt").write_text("\n".join(WORDS + ["blind date", "WWWWWWWWW"]), encoding="utf-8")
    sheet = SheetOptions(profile="pod", service=service)
    result = {"deck": lambda: build_deck(DeckOptions(words=tmp_path / "w.txt", blanks=0, sheet=sheet)),
              "keys": lambda: build_keys(KeyOptions(seed=2, count=2, sheet=sheet)),
              "tokens": lambda: build_tokens(TokenOptions(sheet=sheet))}[component]()
    safe = SERVICES[service].safe
    trims = [[float(value) for value in page.trimbox] for page in pypdf.PdfReader(io.BytesIO(result.pdf)).pages[:6]]
    with pdfplumber.open(io.BytesIO(result.pdf)) as document:
        for page, (x0, y0, x1, y1) in zip(document.pages[:6], trims):
            for char in page.chars:
                assert char["x0"] >= x0 + safe - 0.5 and char["x1"] <= x1 - safe + 0.5, (char["text"], service)
                bottom, top = page.height - char["bottom"], page.height - char["top"]
                assert bottom >= y0 + safe - 0.5 and top <= y1 - safe + 0.5, (char["text"], service)
