"""Key cards read back from the PDF and checked against the manifest, cell by cell."""

from __future__ import annotations

import hashlib
import io
import json

import pdfplumber
import pytest

from generator.build.keys import build_keys
from generator.settings.options import KeyOptions
from generator.draw.theme import DEFAULT_THEME as THEME
from pdfcheck import rounded, MM, Rect, card_rects, centre, colour_of, font_report, inside, pdf_rect, placed_texts, symbol_kind

COLOUR_LETTERS = {rounded(THEME.red): "R", rounded(THEME.blue): "B", rounded(THEME.bystander): "N", rounded(THEME.assassin): "A"}
TEAM_OF = {rounded(THEME.red): "red", rounded(THEME.blue): "blue"}


def read_faces(pdf: bytes) -> list[dict]:
    """Every key face on every page: its label, grid, lights, symbols and position."""
    faces = []
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for number, page in enumerate(document.pages):
            height = page.height
            cards = card_rects(page, THEME.card)
            labels = {t.card.rounded(): t.text for t in placed_texts(page, cards) if t.direction == 0}
            shapes = page.curves + page.rects + page.lines
            for card in cards:
                within = [o for o in shapes if card.contains(*centre(pdf_rect(o, height)))]
                cells = [o for o in within if colour_of(o) in COLOUR_LETTERS and abs(o["width"] - o["height"]) < 0.5
                         and o["width"] > 5 * MM]
                lights = [o for o in within if colour_of(o) in TEAM_OF and max(o["width"], o["height"]) > 12 * MM]
                cells.sort(key=lambda o: (round(o["top"]), o["x0"]))  # top row first, as the card is read
                faces.append({
                    "page": number,
                    "card": card,
                    "label": labels.get(card.rounded()),
                    "grid": ["".join(COLOUR_LETTERS[colour_of(c)] for c in cells[r * 5:(r + 1) * 5]) for r in range(5)]
                    if cells else [],
                    "lights": sorted(TEAM_OF[colour_of(light)] for light in lights),
                    "symbols": {
                        COLOUR_LETTERS[colour_of(cell)]: symbol_kind(
                            [o for o in within if o is not cell and inside(pdf_rect(o, height), pdf_rect(cell, height))]
                        )
                        for cell in cells
                    },
                })
    return faces


@pytest.fixture(scope="module")
def deck():
    result = build_keys(KeyOptions(seed=1234, count=12))
    return result, json.loads(result.manifest), read_faces(result.pdf)


def test_the_manifest_has_the_documented_shape(deck):
    _, manifest, _ = deck
    assert manifest["seed"] == 1234
    assert [card["card"] for card in manifest["cards"]] == list(range(1, 13))
    for card in manifest["cards"]:
        starts = [face["starting"] for face in card["faces"]]
        assert sorted(starts) == ["blue", "red"]
        for face in card["faces"]:
            assert len(face["grid"]) == 5 and all(len(row) == 5 and set(row) <= set("RBNA") for row in face["grid"])
            letters = "".join(face["grid"])
            first, second = ("R", "B") if face["starting"] == "red" else ("B", "R")
            assert (letters.count(first), letters.count(second), letters.count("N"), letters.count("A")) == (9, 8, 7, 1)


def test_every_printed_face_matches_the_manifest_cell_for_cell(deck):
    _, manifest, faces = deck
    by_label = {face["label"]: face for card in manifest["cards"] for face in card["faces"]}
    printed = {face["label"]: face for face in faces}
    assert sorted(printed) == sorted(by_label)
    for label, face in by_label.items():
        assert printed[label]["grid"] == face["grid"], label
        assert printed[label]["lights"] == [face["starting"]] * 4, label


def test_fronts_are_on_front_pages_and_backs_sit_behind_them(deck):
    _, _, faces = deck
    by_label = {face["label"]: face for face in faces}
    width = 210 * MM
    for label, face in by_label.items():
        if label.endswith("a"):
            back = by_label[label[:-1] + "b"]
            assert face["page"] % 2 == 0 and back["page"] == face["page"] + 1
            card = face["card"]
            assert back["card"].rounded() == Rect(width - card.x1, card.y0, width - card.x0, card.y1).rounded()


def test_every_cell_type_has_its_own_symbol_so_colour_is_never_the_only_signal(deck):
    _, _, faces = deck
    symbols = {}
    for face in faces:
        for letter, kind in face["symbols"].items():
            symbols.setdefault(letter, set()).add(kind)
    assert symbols == {"R": {"polygon"}, "B": {"disc"}, "N": {"bar"}, "A": {"line+line"}}


def test_single_sided_cards_have_one_key_and_a_plain_common_back():
    result = build_keys(KeyOptions(seed=5, count=3, single_sided=True))
    manifest = json.loads(result.manifest)
    assert [len(card["faces"]) for card in manifest["cards"]] == [1, 1, 1]
    faces = read_faces(result.pdf)
    fronts = [face for face in faces if face["page"] == 0]
    backs = [face for face in faces if face["page"] == 1]
    assert sorted(face["label"] for face in fronts) == ["1", "2", "3"]
    assert len(backs) == 3 and all(not face["grid"] and not face["lights"] for face in backs)
    with pdfplumber.open(io.BytesIO(result.pdf)) as document:
        assert document.pages[1].extract_text().count("KEY CARD") == 3


def test_fonts_are_embedded_and_the_output_is_reproducible(deck):
    result, _, _ = deck
    assert all(font["embedded"] and font["subset"] for font in font_report(io.BytesIO(result.pdf)))
    again = build_keys(KeyOptions(seed=1234, count=12))
    assert again.pdf == result.pdf and again.manifest == result.manifest


def test_a_pinned_seed_always_deals_the_same_deck():
    manifest = build_keys(KeyOptions(seed=1234, count=40)).manifest
    assert hashlib.sha256(manifest.encode()).hexdigest() == PINNED_MANIFEST_SHA256


PINNED_MANIFEST_SHA256 = "ce935541fc7d1277b6bf08ff05a1c1ca2b581ca8aa104ab321f20283abfcbaa3"


def test_all_key_card_art_keeps_three_millimetres_from_the_cut(deck):
    result, _, _ = deck
    with pdfplumber.open(io.BytesIO(result.pdf)) as document:
        page = document.pages[0]
        cards = card_rects(page, THEME.card)
        for obj in page.curves + page.rects + page.chars:
            box = pdf_rect(obj, page.height)
            card = next((c for c in cards if c.contains(*centre(box))), None)
            if card is None or box.rounded() == card.rounded():
                continue  # cut marks outside the cards, and the card's own background
            assert card.contains(box.x0, box.y0, 3 * MM) and card.contains(box.x1, box.y1, 3 * MM), obj["object_type"]
