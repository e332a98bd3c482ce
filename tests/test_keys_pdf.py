"""Key cards read back from the PDF and checked against the manifest, cell by cell."""

from __future__ import annotations

import io
import json

import pdfplumber
import pytest

from generator.jobs.keys import build_keys
from generator.settings.options import KeyOptions
from pdfcheck import assert_same_pdf, card_rects, centre, colour_of, font_report, inside, MM, pdf_rect, placed_texts, Rect, rounded, symbol_kind, theme_for

THEME = theme_for()
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
    assert again.manifest == result.manifest
    assert_same_pdf(again.pdf, result.pdf)


def test_a_pinned_seed_always_deals_the_same_deck():
    """A user's keys.json for --seed 1234 --count 40 stays valid: its text never changes."""
    manifest = build_keys(KeyOptions(seed=1234, count=40)).manifest
    lines = manifest.splitlines()
    assert len(lines) == 42 and manifest.endswith("\n")  # the opening, one line per card, the closing
    assert lines[:4] + lines[-2:] == [
        '{"seed": 1234, "cards": [',
        '{"card": 1, "faces": [{"label": "1a", "starting": "blue", "grid": ["NRRBR", "BBNNR", "RABBB", "BBRBR", "NRNNN"]}, '
        '{"label": "1b", "starting": "red", "grid": ["BRRBB", "NNBBA", "BNNNR", "NRRBR", "BRRNR"]}]},',
        '{"card": 2, "faces": [{"label": "2a", "starting": "red", "grid": ["BNBRA", "RBBNB", "RNRBR", "NRNRN", "BNBRR"]}, '
        '{"label": "2b", "starting": "blue", "grid": ["NNBNN", "BBNRN", "BBARN", "RBBBR", "RRRBR"]}]},',
        '{"card": 3, "faces": [{"label": "3a", "starting": "red", "grid": ["BBRBB", "RNNRN", "ARRBN", "RRNBN", "BRRNB"]}, '
        '{"label": "3b", "starting": "blue", "grid": ["BRBRB", "BBBBR", "BNRBN", "NNNRN", "NRRRA"]}]},',
        '{"card": 40, "faces": [{"label": "40a", "starting": "red", "grid": ["RRBBB", "RBRNB", "NRRRN", "RABRB", "NNBNN"]}, '
        '{"label": "40b", "starting": "blue", "grid": ["NRBBB", "BRBBN", "RRBRN", "NNNRA", "RRNBB"]}]}',
        "]}",
    ]
    cards = json.loads(manifest)["cards"]
    assert [card["card"] for card in cards] == list(range(1, 41))
    # The rest of the deck, briefly: who starts on each card's first face, and where every
    # face hides its assassin (cell 0-24, row by row; a/b, ten cards a line).
    assert "".join(card["faces"][0]["starting"][0].upper() for card in cards) == "BRRBBBBRBRRBRBBRRRRRBRBRBRBRBBRRRBRBRBRR"
    assert [" ".join("/".join(str("".join(face["grid"]).index("A")) for face in card["faces"]) for card in cards[i:i + 10])
            for i in range(0, 40, 10)] == [
        "11/9 4/12 10/24 2/16 13/15 18/1 0/20 8/22 23/19 10/5",
        "21/12 9/17 14/3 21/6 13/22 14/3 23/8 2/20 6/15 18/11",
        "1/9 17/4 5/16 21/0 15/24 4/1 22/14 8/13 23/11 7/5",
        "7/16 18/7 6/24 9/3 17/0 2/14 20/12 19/7 13/10 16/19",
    ]


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


def test_the_frame_is_the_kits_and_the_number_a_caption_three_millimetres_inside_it(deck):
    """One visual language: the kit's frame (a thin rounded line 3.5 mm inside the cut, in the
    theme's line colour, not the team's), and the card number on the type scale's smallest step,
    keeping the kit's 3 mm from its frame."""
    result, _, _ = deck
    with pdfplumber.open(io.BytesIO(result.pdf)) as document:
        page = document.pages[0]
        cards = card_rects(page, THEME.card)
        frames = [o for o in page.curves + page.rects if o.get("stroke") and o["width"] > 40 * MM]
        assert len(frames) == len(cards) == 8
        for card in cards:
            (frame,) = [o for o in frames if card.contains(*centre(pdf_rect(o, page.height)))]
            box, width = pdf_rect(frame, page.height), frame["linewidth"]
            assert rounded(frame["stroking_color"]) == rounded(THEME.line)
            assert width == pytest.approx(0.8)
            assert box.x0 - card.x0 - width / 2 == pytest.approx(3.5 * MM, abs=0.01)
            number = [c for c in page.chars if card.contains(*centre(pdf_rect(c, page.height)))]
            assert number and {round(c["size"], 2) for c in number} == {7.0}
            inner = Rect(box.x0 + width / 2, box.y0 + width / 2, box.x1 - width / 2, box.y1 - width / 2)
            for char in number:
                glyph = pdf_rect(char, page.height)
                # Figures and lower-case letters sit on the baseline: their ink starts there.
                baseline = char["matrix"][5]
                assert glyph.x0 - inner.x0 >= 3 * MM - 0.01 and baseline - inner.y0 >= 3 * MM - 0.01
