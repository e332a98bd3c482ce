"""Shop press sheets and print-on-demand pages, read back from the PDFs as a copy shop or a
service would open them: sheet size, cards per sheet, boxes, crop marks, where each back
lands, the PDF/X keys and the preflight, page order and image sizes."""

from __future__ import annotations

import io

import builds
import pikepdf
import pypdf
import pypdfium2
import pytest
from pdfcheck import card_rects, font_report, placed_texts, theme_for
from pdfiumpage import direction, paint, read_pages
from PIL import Image
from test_cmyk_inks import read_marks

from generator.games import GAMES
from generator.jobs.kit import build_kit
from generator.jobs.sources import load_words
from generator.preflight import preflight
from generator.settings.options import DeckOptions, KeyOptions, KitOptions, RulesOptions, SheetOptions, TokenOptions
from generator.units import MM, PAPERS

SRA3 = PAPERS["sra3"]
WORDS = ["ace", "anchor", "bank", "comet", "harp", "ice cream", "mercury", "pitch"]


def kit_options(sheet: SheetOptions, words=None) -> KitOptions:
    return KitOptions(
        GAMES["classic"],
        deck=DeckOptions(words=words, sheet=sheet, blanks=1),
        keys=KeyOptions(seed=5, count=4, sheet=sheet),
        tokens=TokenOptions(sheet=sheet),
        rules=RulesOptions(profile=sheet.profile, output_condition=sheet.output_condition, ink_limit=sheet.ink_limit),
    )


def press_kit(sheet: SheetOptions, words) -> dict[str, bytes]:
    return {part.name: part.data for part in builds.kit(kit_options(sheet, words)).parts if part.name.endswith(".pdf")}


@pytest.fixture(scope="module")
def word_list(tmp_path_factory):
    path = tmp_path_factory.mktemp("words") / "w.txt"
    path.write_text("\n".join(WORDS + ["blind date", "WWWWWWWWW"]), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def fifty_words(tmp_path_factory):
    """The first 50 words of the bundled deck: with a blank, 26 cards, a sheet and one card more."""
    path = tmp_path_factory.mktemp("words") / "fifty.txt"
    path.write_text("\n".join(load_words(None, "standard", dedupe=False).words[:50]), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def shop(fifty_words):
    return press_kit(SheetOptions(profile="shop", paper=SRA3, marks=True), fifty_words)


@pytest.fixture(scope="module")
def pod(fifty_words):
    return press_kit(SheetOptions(profile="pod"), fifty_words)


def pdfium_pages(pdf: bytes, count: int | None = None) -> list:
    document = pypdfium2.PdfDocument(pdf)
    return [document[number] for number in range(count or len(document))]


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
    assert len(reader.pages) == 2 * 2  # 25 word cards and a blank, 25 a sheet: 2 sheets, fronts and backs
    page = reader.pages[0]
    found = boxes(page)
    assert [value / MM for value in found["mediabox"][2:]] == pytest.approx([320, 450])
    trim, bleed = found["trimbox"], found["bleedbox"]
    assert [t - b for t, b in zip(trim[:2], bleed[:2])] == pytest.approx([3 * MM] * 2, abs=1e-4)
    (first,) = read_pages(shop["deck.pdf"], [0])
    turned = [char for char in first.chars if direction(char) in (90, 270)]
    marks = marks_of(first)
    assert len(card_rects(first, paint(theme_for("shop").card))) == 25
    assert len(marks) == 2 * (2 * 5 + 2 * 5)  # every cut of 5 columns and 5 rows, at both ends
    for mark in marks:
        assert 3 * MM <= max(mark["width"], mark["height"]) <= 6 * MM
        x0, x1 = mark["x0"], mark["x1"]
        y0, y1 = first.height - mark["bottom"], first.height - mark["top"]
        assert x1 <= bleed[0] or x0 >= bleed[2] or y1 <= bleed[1] or y0 >= bleed[3]
    assert turned  # the cards are turned on this sheet
    # Every line as thin as a mark is stroked in black ink only, as the content stream sets it.
    thin = [colour for colour, width in read_marks(shop["deck.pdf"])[0].strokes if width == pytest.approx(0.25)]
    assert len(thin) >= len(marks) and set(thin) == {(0.0, 0.0, 0.0, 1.0)}


@pytest.mark.parametrize("sides", ["long-edge", "short-edge"])
def test_each_back_lands_at_the_mirrored_slot_of_its_front(sides):
    result = builds.keys(KeyOptions(seed=3, count=6, sheet=SheetOptions(profile="shop", paper=SRA3, sides=sides)))
    plan = result.plan
    grid = plan.grid
    across, down = plan.pitch
    card = paint(theme_for("shop").card)

    def slots(page) -> dict[str, tuple[int, int]]:
        """Each card's label (as it reads upright) and the slot of the card it is on."""
        return {text.text: (int((text.bbox.x0 - grid.x) // across), int((text.bbox.y0 - grid.y) // down))
                for text in placed_texts(page, card_rects(page, card)) if text.text[:-1].isdigit()}

    fronts, backs = (slots(page) for page in read_pages(result.pdf, [0, 1]))
    assert len(fronts) == len(backs) == 6
    for label, (column, row) in fronts.items():
        back = backs[label[:-1] + "B"]
        if sides == "long-edge":  # portrait sheet: columns reversed, rows kept
            assert back == (plan.columns - 1 - column, row)
        else:
            assert back == (column, plan.rows - 1 - row)


def test_butted_cards_share_cuts_and_more_fit():
    butted = builds.deck(DeckOptions(sheet=SheetOptions(profile="shop", paper=SRA3, gutter=0.0, marks=True)))
    spaced = builds.deck(DeckOptions(sheet=SheetOptions(profile="shop", paper=SRA3, marks=True)))
    assert butted.plan.per_sheet > spaced.plan.per_sheet >= 25
    assert butted.sheets < spaced.sheets
    assert preflight(butted.pdf).ok


def test_the_slug_line_names_file_component_sheet_side_and_flip():
    sheet = SheetOptions(profile="shop", paper=PAPERS["a3"], marks=True, file_name="party.pdf", sides="short-edge")
    result = builds.tokens(TokenOptions(sheet=sheet))
    texts = [" ".join(page.get_textpage().get_text_range().split()) for page in pdfium_pages(result.pdf)]
    assert "party.pdf · agent tiles · sheet 1 of 1 · front · turn over on the short edge" in texts[0]
    assert "party.pdf · agent tiles · sheet 1 of 1 · back · turn over on the short edge" in texts[1]


def test_no_marks_leaves_the_sheet_without_crop_marks():
    marked, unmarked = (builds.tokens(TokenOptions(sheet=SheetOptions(profile="shop", paper=SRA3, marks=marks)))
                        for marks in (True, False))
    assert marks_of(read_pages(marked.pdf, [0], chars=False)[0])  # what the reader sees when there are marks
    assert marks_of(read_pages(unmarked.pdf, [0], chars=False)[0]) == []


# --- Print on demand -------------------------------------------------------------------------

def test_a_pod_page_is_the_trim_plus_the_bleed_front_then_back(pod):
    reader = pypdf.PdfReader(io.BytesIO(pod["deck.pdf"]))
    found = boxes(reader.pages[0])
    assert found["mediabox"] == found["bleedbox"]
    trim = found["trimbox"]
    assert [(trim[2] - trim[0]) / MM, (trim[3] - trim[1]) / MM] == pytest.approx([70, 45], abs=1e-3)
    assert [trim[0] / MM, trim[1] / MM] == pytest.approx([3, 3], abs=1e-3)
    words = [page.get_textpage().get_text_range().split() for page in pdfium_pages(pod["deck.pdf"], 2)]
    assert words[0][0] == "ACE" and words[1][0] == "ANCHOR"  # the first card's front, then its back


def test_a_pod_page_without_bleed_is_the_card_itself(word_list):
    result = builds.deck(DeckOptions(words=word_list, blanks=0, sheet=SheetOptions(profile="pod", bleed=0.0)))
    found = boxes(pypdf.PdfReader(io.BytesIO(result.pdf)).pages[0])
    assert found["mediabox"] == found["bleedbox"] == found["trimbox"]
    assert [value / MM for value in found["trimbox"]] == pytest.approx([0, 0, 70, 45], abs=1e-3)


def test_drivethrucards_gets_back_first_poker_pages_at_its_ink_limit():
    result = builds.keys(KeyOptions(seed=4, count=2, sheet=SheetOptions(profile="pod", service="dtc")))
    pages = pdfium_pages(result.pdf)
    media = pages[0].get_mediabox()
    assert (media[2] / 72, media[3] / 72) == pytest.approx((2.75, 3.75))
    labels = [page.get_textpage().get_text_range().split()[0] for page in pages]
    assert labels == ["1B", "1A", "2B", "2A"]
    assert preflight(result.pdf, ink_limit=240).ok
    with pikepdf.open(io.BytesIO(result.pdf)) as pdf:
        assert str(pdf.Root.OutputIntents[0].OutputConditionIdentifier) == "CGATS TR 001"


def check_images(images, size) -> None:
    for _, data in images:
        image = Image.open(io.BytesIO(data))
        assert image.size == size and image.mode == "RGB"
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)


def test_an_image_service_gets_one_png_a_face_of_the_tiles_at_its_exact_size():
    result = builds.tokens(TokenOptions(sheet=SheetOptions(profile="pod", service="tgc")))  # 70 x 45 mm tiles
    names = [name for name, _ in result.images]
    assert len(names) == 2 * 25 and names[:3] == ["agent-tiles-001-1-front.png", "agent-tiles-001-2-back.png",
                                                  "agent-tiles-002-1-front.png"]
    assert names == sorted(names)  # a folder sorted by name lists them in upload order
    check_images(result.images[:4], (600, 825))


@pytest.mark.parametrize("service, size", [("tgc", (825, 1125)), ("mpc", (822, 1122))])
def test_image_services_get_poker_cards_at_their_exact_size(word_list, service, size):
    result = builds.deck(DeckOptions(words=word_list, blanks=0, card_size=(63.5 * MM, 88.9 * MM),
                                     sheet=SheetOptions(profile="pod", service=service)))
    assert len(result.images) == 2 * 5  # 10 words: 5 cards, both faces
    assert [name.rsplit("-", 3)[1:] for name, _ in result.images[:3]] == [
        ["001", "1", "front.png"], ["001", "2", "back.png"], ["002", "1", "front.png"]]
    check_images(result.images, size)


def test_a_kit_with_every_press_option_changed_is_the_same_file_by_file_on_a_second_run(word_list):
    sheet = SheetOptions(profile="shop", paper=PAPERS["12x18in"], bleed=2 * MM, gutter=5 * MM, margin=4 * MM,
                         sides="short-edge", marks=True, output_condition="FOGRA51", ink_limit=280)
    first, second = ({part.name: part.data for part in build_kit(kit_options(sheet, word_list)).parts
                      if part.name.endswith(".pdf")} for _ in range(2))
    assert set(first) == {"deck.pdf", "keys.pdf", "tokens.pdf", "rules.pdf"}
    assert first.keys() == second.keys()
    for name in first:
        assert first[name] == second[name], name
        with pikepdf.open(io.BytesIO(first[name])) as pdf:
            assert str(pdf.Root.OutputIntents[0].OutputConditionIdentifier) == "FOGRA51"


@pytest.mark.parametrize("service", ["tgc", "mpc", "dtc"])
@pytest.mark.parametrize("component", ["deck", "keys", "tokens"])
def test_every_word_sits_inside_the_services_safe_area(word_list, service, component):
    from generator.geometry.services import SERVICES

    sheet = SheetOptions(profile="pod", service=service)
    result = {"deck": lambda: builds.deck(DeckOptions(words=word_list, blanks=0, sheet=sheet)),
              "keys": lambda: builds.keys(KeyOptions(seed=2, count=2, sheet=sheet)),
              "tokens": lambda: builds.tokens(TokenOptions(sheet=sheet))}[component]()
    safe = SERVICES[service].safe
    trims = [[float(value) for value in page.trimbox] for page in pypdf.PdfReader(io.BytesIO(result.pdf)).pages[:6]]
    pages = read_pages(result.pdf, range(min(6, len(trims))), shapes=False)
    assert sum(len(page.chars) for page in pages) > 0
    for page, (x0, y0, x1, y1) in zip(pages, trims):
        for char in page.chars:
            assert char["x0"] >= x0 + safe - 0.5 and char["x1"] <= x1 - safe + 0.5, (char["text"], service)
            bottom, top = page.height - char["bottom"], page.height - char["top"]
            assert bottom >= y0 + safe - 0.5 and top <= y1 - safe + 0.5, (char["text"], service)
