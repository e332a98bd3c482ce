"""Key cards read back from the PDF and checked against the manifest, cell by cell."""

from __future__ import annotations

import io
import json
import re

import builds
import pytest
from pdfcheck import (
    MM,
    Rect,
    assert_same_pdf,
    card_rects,
    centre,
    colour_of,
    font_report,
    in_border,
    inside,
    pdf_rect,
    placed_texts,
    symbol_kind,
    theme_for,
)
from pdfiumpage import near, paint, read_pages

from generator.draw.keycard import ASSASSIN_BAND
from generator.games import GAMES
from generator.geometry.sheet import HOME_BLEED
from generator.jobs.keys import build_keys
from generator.settings.options import KeyOptions

CLASSIC = GAMES["classic"]
THEME = theme_for()
CARD = paint(THEME.card)
COLOUR_LETTERS = {paint(THEME.colour("red")): "R", paint(THEME.colour("blue")): "B", paint(THEME.colour("bystander")): "N", paint(THEME.colour("assassin")): "A"}
TEAM_OF = {paint(THEME.colour("red")): "red", paint(THEME.colour("blue")): "blue"}


def read_faces(pages) -> list[dict]:
    """Every key face on every page (``pdfiumpage.read_pages``): its label, grid, lights, symbols
    and position."""
    faces = []
    for number, page in enumerate(pages):
        height = page.height
        cards = home_cards(page)
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
                        [o for o in within if o is not cell and inside(pdf_rect(o, height), pdf_rect(cell, height))
                         and not in_border(pdf_rect(o, height), pdf_rect(cell, height), ASSASSIN_BAND * cell["width"])]
                    )
                    for cell in cells
                },
            })
    return faces


@pytest.fixture(scope="module")
def deck():
    result = builds.keys(KeyOptions(seed=1234, count=12))
    pages = read_pages(result.pdf)
    return result, json.loads(result.manifest), read_faces(pages), pages


def test_the_manifest_has_the_documented_shape(deck):
    _, manifest, _, _ = deck
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
    _, manifest, faces, _ = deck
    by_label = {face["label"]: face for card in manifest["cards"] for face in card["faces"]}
    printed = {face["label"]: face for face in faces}
    assert sorted(printed) == sorted(by_label)
    for label, face in by_label.items():
        assert printed[label]["grid"] == face["grid"], label
        assert printed[label]["lights"] == [face["starting"]] * 4, label


def test_fronts_are_on_front_pages_and_backs_sit_behind_them(deck):
    _, _, faces, _ = deck
    by_label = {face["label"]: face for face in faces}
    width = 210 * MM
    for label, face in by_label.items():
        if label.endswith("a"):
            back = by_label[label[:-1] + "b"]
            assert face["page"] % 2 == 0 and back["page"] == face["page"] + 1
            card = face["card"]
            assert near(back["card"], Rect(width - card.x1, card.y0, width - card.x0, card.y1))


def test_every_cell_type_has_its_own_symbol_so_colour_is_never_the_only_signal(deck):
    _, _, faces, _ = deck
    symbols = {}
    for face in faces:
        for letter, kind in face["symbols"].items():
            symbols.setdefault(letter, set()).add(kind)
    assert symbols == {"R": {"polygon"}, "B": {"disc"}, "N": {"bar"}, "A": {"line+line"}}


def test_single_sided_cards_have_one_key_and_a_plain_common_back():
    result = builds.keys(KeyOptions(seed=5, count=3, single_sided=True))
    manifest = json.loads(result.manifest)
    assert [len(card["faces"]) for card in manifest["cards"]] == [1, 1, 1]
    faces = read_faces(read_pages(result.pdf))
    fronts = [face for face in faces if face["page"] == 0]
    backs = [face for face in faces if face["page"] == 1]
    assert sorted(face["label"] for face in fronts) == ["1", "2", "3"]
    assert len(backs) == 3 and all(not face["grid"] and not face["lights"] for face in backs)
    back_page = read_pages(result.pdf, [1], shapes=False)[0]
    assert "".join(text.text for text in placed_texts(back_page, [])).count("KEY CARD") == 3


def test_fonts_are_embedded_and_the_output_is_reproducible(deck):
    result, _, _, _ = deck
    assert all(font["embedded"] and font["subset"] for font in font_report(io.BytesIO(result.pdf)))
    again = build_keys(CLASSIC, KeyOptions(seed=1234, count=12))
    assert again.manifest == result.manifest
    assert_same_pdf(again.pdf, result.pdf)


def test_the_manifest_is_the_deal_for_its_seed_one_card_a_line():
    """keys.json of the default 40 cards lists the deal printed, one card a line (so that it
    reads like the deck and diffs line by line); the deal of a seed is tested in test_keys."""
    result = builds.keys(KeyOptions(seed=7))
    manifest = result.manifest
    lines = manifest.splitlines()
    assert len(lines) == 42 and manifest.endswith("\n")  # the opening, one line per card, the closing
    assert lines[0] == '{"seed": 7, "cards": [' and lines[-1] == "]}"
    assert len(result.cards) == 40
    for line, card in zip(lines[1:-1], result.cards):
        assert line.endswith(",") == (card.number < 40)
        assert json.loads(line.rstrip(",")) == {
            "card": card.number,
            "faces": [{"label": f"{card.number}{side}", "starting": face.starting, "grid": list(face.rows)}
                      for side, face in zip("AB", card.faces)]}
        assert re.fullmatch(r'\{"card": \d+, "faces": \[\{"label": "\d+A", "starting": "(red|blue)", "grid": '
                            r'\["[RBNA]{5}"(, "[RBNA]{5}"){4}\]\}, \{"label": "\d+B".*\]\}\]\},?', line)


def test_all_key_card_art_keeps_three_millimetres_from_the_cut(deck):
    _, _, _, (page, *_) = deck
    cards = home_cards(page)
    for obj in page.curves + page.rects + page.chars:
        box = pdf_rect(obj, page.height)
        card = next((c for c in cards if c.contains(*centre(box))), None)
        if card is None or near(box, grown(card, HOME_BLEED)):
            continue  # cut marks outside the cards, and the card's own background, past its cut
        assert card.contains(box.x0, box.y0, 3 * MM) and card.contains(box.x1, box.y1, 3 * MM), obj["object_type"]


def home_cards(page) -> list[Rect]:
    """The key cards' cuts: their grounds, less the bleed they run past the cut on home sheets."""
    return [grown(r, -HOME_BLEED) for r in card_rects(page, CARD)]


def grown(rect: Rect, by: float) -> Rect:
    return Rect(rect.x0 - by, rect.y0 - by, rect.x1 + by, rect.y1 + by)


FIRA_CAP_HEIGHT = 0.689  # the bundled font's capitals and figures, a share of the size


def test_the_frame_is_the_kits_and_the_number_a_caption_midway_between_grid_and_frame(deck):
    """One visual language: the kit's frame (a thin rounded line 3.5 mm inside the cut, in the
    theme's line colour, not the team's), and the card number on the type scale's smallest step,
    3 mm in from the frame's side, its capitals midway between the grid and the frame below (as
    the bottom light is), so that it does not crowd the grid."""
    _, _, _, (page, *_) = deck
    cards = home_cards(page)
    frames = [o for o in page.curves + page.rects if o.get("stroke") and o["width"] > 40 * MM]
    assert len(frames) == len(cards) == 8
    for card in cards:
        (frame,) = [o for o in frames if card.contains(*centre(pdf_rect(o, page.height)))]
        box, width = pdf_rect(frame, page.height), frame["linewidth"]
        assert frame["stroking_color"] == paint(THEME.line)
        assert width == pytest.approx(0.8)
        assert box.x0 - card.x0 - width / 2 == pytest.approx(3.5 * MM, abs=0.01)
        number = [c for c in page.chars if card.contains(*centre(pdf_rect(c, page.height)))]
        assert number and {round(c["size"], 2) for c in number} == {7.0}
        inner = Rect(box.x0 + width / 2, box.y0 + width / 2, box.x1 - width / 2, box.y1 - width / 2)
        for char in number:
            glyph = pdf_rect(char, page.height)
            # Figures and lower-case letters sit on the baseline: their ink starts there.
            baseline, cap_top = char["matrix"][5], char["matrix"][5] + 7.0 * FIRA_CAP_HEIGHT
            grid_bottom = card.y0 + 10 * MM  # a square grid fills its room, 10 mm inside the cut
            assert glyph.x0 - inner.x0 >= 3 * MM - 0.01
            assert grid_bottom - cap_top == pytest.approx(baseline - inner.y0, abs=0.05)
            assert baseline - inner.y0 > 2 * MM
