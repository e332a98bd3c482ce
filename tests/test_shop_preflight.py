"""Preflight of the shop profile, as a print shop's checks would read the files: colour
operators and objects in every content stream (forms included), transparency, fonts, boxes."""

from __future__ import annotations

import io

import pdfplumber
import pypdf
import pytest

from generator.settings.options import DeckOptions
from generator.settings.options import KeyOptions
from generator.jobs.kit import build_kit
from generator.settings.options import KitOptions
from generator.settings.options import RulesOptions
from generator.settings.options import SheetOptions
from generator.settings.options import TokenOptions
from pdfcheck import MM, font_report

RGB_OPERATORS = {b"rg", b"RG"}
TRANSPARENCY_KEYS = {"/SMask", "/CA", "/ca", "/BM", "/Group"}


def shop_kit(bleed: float = 3 * MM) -> dict[str, bytes]:
    sheet = SheetOptions(profile="shop", bleed=bleed)
    options = KitOptions(
        deck=DeckOptions(sheet=sheet, blanks=1),
        keys=KeyOptions(seed=5, count=4, sheet=sheet),
        tokens=TokenOptions(sheet=sheet),
        rules=RulesOptions(profile="shop"),
        combined=True,
    )
    return {part.name: part.data for part in build_kit(options).parts if part.name.endswith(".pdf")}


@pytest.fixture(scope="module")
def kit():
    return shop_kit()


def content_streams(reader: pypdf.PdfReader):
    """Every page's content and every form XObject it uses, however deeply nested."""
    seen = set()
    for page in reader.pages:
        yield page.get_contents(), page["/Resources"]
        pending = [page["/Resources"]]
        while pending:
            resources = pending.pop()
            for xobject in resources.get("/XObject", {}).values():
                if xobject.idnum in seen:
                    continue
                seen.add(xobject.idnum)
                stream = xobject.get_object()
                assert stream["/Subtype"] == "/Form", "no images in a shop file"
                yield stream, stream.get("/Resources", {})
                if "/Resources" in stream:
                    pending.append(stream["/Resources"])


@pytest.mark.parametrize("name", ["deck.pdf", "keys.pdf", "tokens.pdf", "rules.pdf", "kit.pdf"])
def test_no_rgb_no_images_no_transparency(kit, name):
    reader = pypdf.PdfReader(io.BytesIO(kit[name]))
    assert kit[name].startswith((b"%PDF-1.3", b"%PDF-1.4"))
    for stream, resources in content_streams(reader):
        operators = {op for _, op in pypdf.generic.ContentStream(stream, reader).operations}
        assert not operators & RGB_OPERATORS
        assert "/Group" not in (stream if isinstance(stream, pypdf.generic.DictionaryObject) else {})
        for state in resources.get("/ExtGState", {}).values():
            assert not set(state.get_object()) & TRANSPARENCY_KEYS


@pytest.mark.parametrize("name", ["deck.pdf", "keys.pdf", "tokens.pdf", "rules.pdf", "kit.pdf"])
def test_every_font_is_embedded(kit, name):
    fonts = font_report(io.BytesIO(kit[name]))
    assert fonts and all(font["embedded"] and font["subset"] for font in fonts)


@pytest.mark.parametrize("name", ["deck.pdf", "keys.pdf", "tokens.pdf", "kit.pdf"])
def test_trim_inside_bleed_inside_media_with_the_bleed_asked_for(kit, name):
    for page in pypdf.PdfReader(io.BytesIO(kit[name])).pages:
        media, bleed, trim = (list(map(float, box)) for box in (page.mediabox, page.bleedbox, page.trimbox))
        assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2]
        assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3]
        if trim != media:  # card pages; the rules pages in kit.pdf have no bleed
            assert [t - b for t, b in zip(trim[:2], bleed[:2])] == pytest.approx([3 * MM, 3 * MM])


def test_a_wider_bleed_is_honoured_and_the_artwork_fills_it():
    deck = shop_kit(bleed=5 * MM)["deck.pdf"]
    page = pypdf.PdfReader(io.BytesIO(deck)).pages[0]
    assert float(page.trimbox[0]) - float(page.bleedbox[0]) == pytest.approx(5 * MM)
    with pdfplumber.open(io.BytesIO(deck)) as document:
        first = document.pages[0]
        largest = max(first.rects, key=lambda rect: rect["width"] * rect["height"])
        assert largest["x0"] == pytest.approx(float(page.bleedbox[0]), abs=0.01)
        assert largest["width"] == pytest.approx(float(page.bleedbox[2]) - float(page.bleedbox[0]), abs=0.01)


def test_small_text_and_crop_marks_use_black_ink_only(kit):
    for name in ("deck.pdf", "keys.pdf", "tokens.pdf", "rules.pdf"):
        with pdfplumber.open(io.BytesIO(kit[name])) as document:
            for page in document.pages[:4]:
                for char in page.chars:
                    cyan, magenta, yellow, _ = char["non_stroking_color"]
                    if char["size"] < 12:
                        assert (cyan, magenta, yellow) == (0, 0, 0), (name, char["text"])
                for line in page.lines:
                    if line["linewidth"] == pytest.approx(0.25):
                        assert tuple(line["stroking_color"]) == (0, 0, 0, 1)


def test_crop_marks_sit_outside_the_bleed_and_are_three_to_six_millimetres(kit):
    page = pypdf.PdfReader(io.BytesIO(kit["deck.pdf"])).pages[0]
    bleed = [float(v) for v in page.bleedbox]
    with pdfplumber.open(io.BytesIO(kit["deck.pdf"])) as document:
        first = document.pages[0]
        marks = [line for line in first.lines if line["linewidth"] == pytest.approx(0.25)]
        assert len(marks) == 8
        for mark in marks:
            length = max(mark["width"], mark["height"])
            assert 3 * MM <= length <= 6 * MM
            x0, x1 = mark["x0"], mark["x1"]
            y0, y1 = first.height - mark["bottom"], first.height - mark["top"]
            outside = x1 <= bleed[0] or x0 >= bleed[2] or y1 <= bleed[1] or y0 >= bleed[3]
            assert outside


def test_one_card_per_page_front_then_back(kit):
    reader = pypdf.PdfReader(io.BytesIO(kit["deck.pdf"]))
    words = [page.extract_text().split() for page in reader.pages[:4]]
    # ACE / ANCHOR are the first pair of the standard deck: ACE's back is ANCHOR.
    assert words[0][0] == "ACE" and words[1][0] == "ANCHOR"
