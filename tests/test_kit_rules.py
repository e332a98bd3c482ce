"""A kit's rules sheet describes the kit it came with: its counts are read back from rules.pdf
and held against what the other files really hold (cards and words counted on the deck's
pages, keys in the manifest, tiles on the tiles' pages), and its printing section explains
the way the kit was made, and no other."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pdfcheck import pdf_rect, theme_for
from pdfiumpage import paint, read_pages

WORDS = ["bank", "pitch", "mercury", "ice cream", "anchor", "comet", "harp"]  # odd: one blank back
# The kit's defaults but for a deck of 30 words (even, as the bundled deck's 434): the counts
# are read off the deck's pages, two of them rather than the bundled deck's 28.
THIRTY = [f"word{number}" for number in range(30)]

PRINTING = {
    "long-edge": "flip on the long edge",
    "short-edge": "flip on the short edge",
    "fold": "one side of the paper only",
    "shop": "press sheets for a copy shop",
}

KITS = {
    "defaults, thirty words": ["--seed", "3", "--words", "thirty.txt"],
    "every count changed, folded": ["--keys-count", "20", "--blanks", "9", "--token-sets", "2", "--single-sided",
                                    "--words", "my.txt", "--sides", "fold", "--seed", "5"],
    "a print shop's": ["--profile", "shop", "--keys-count", "3", "--blanks", "0", "--token-sets", "3",
                       "--words", "my.txt", "--seed", "1"],
    "short edge, one blank, repeats dropped": ["--sides", "short-edge", "--blanks", "1", "--keys-count", "1",
                                               "--words", "repeats.txt", "--dedupe", "--seed", "2"],
}


def pdf_text(path: Path) -> str:
    """The text of every page, read with PDFium (as a PDF viewer copies it out)."""
    document = pdfium.PdfDocument(path)
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in document)
    finally:
        document.close()


def rules_text(path: Path) -> str:
    return " ".join(pdf_text(path).split())


def number(text: str, pattern: str) -> int:
    match = re.search(pattern, text)
    assert match, pattern
    return int(match.group(1).replace(",", ""))


def deck_faces(path: Path, profile: str) -> tuple[int, int]:
    """(card faces, faces that carry a word), counted on the pages: a face is a filled
    rectangle in the card's colour (as PDFium paints it)."""
    colour = paint(theme_for(profile).card)
    faces = worded = 0
    for page in read_pages(path.read_bytes()):
        height = page.height
        cards = [pdf_rect(rect, height) for rect in page.rects if rect["fill"] and rect["non_stroking_color"] == colour]
        faces += len(cards)
        for card in cards:
            if any(card.contains((c["x0"] + c["x1"]) / 2, height - (c["top"] + c["bottom"]) / 2)
                   for c in page.chars):
                worded += 1
    return faces, worded


def tile_names(path: Path) -> dict[str, int]:
    """Tiles of each kind: every tile shows its name on both faces."""
    text = " ".join(pdf_text(path).split())
    names = ("RED AGENT", "BLUE AGENT", "DOUBLE AGENT", "BYSTANDER", "ASSASSIN")
    return {name: len(re.findall(r"(?<!DOUBLE )" + name.replace(" ", r"\s+"), text)) // 2 for name in names}


@pytest.mark.parametrize("options", KITS.values(), ids=KITS.keys())
def test_the_rules_sheet_counts_what_the_kit_holds_and_says_how_to_print_it(run, tmp_path, options):
    (tmp_path / "my.txt").write_text("\n".join(WORDS), encoding="utf-8")
    (tmp_path / "repeats.txt").write_text("\n".join(WORDS + ["BANK", "Pitch"]), encoding="utf-8")
    (tmp_path / "thirty.txt").write_text("\n".join(THIRTY), encoding="utf-8")
    result = run("kit", *options)
    assert result.exit_code == 0, result.output
    out = tmp_path / "output"
    text = rules_text(out / "rules.pdf")
    profile = "shop" if "shop" in options else "home"

    faces, worded = deck_faces(out / "deck.pdf", profile)
    blank_faces = faces - worded
    codenames = worded
    word_cards = (codenames + 1) // 2
    assert number(text, r"([\d,]+) word cards? carrying") == word_cards
    assert number(text, r"carrying ([\d,]+) codenames?") == codenames
    blanks = (blank_faces - codenames % 2) // 2
    if blanks:
        assert number(text, r"([\d,]+) blank cards? for words of your own") == blanks
    else:
        assert "blank card" not in text

    manifest = json.loads((out / "keys.json").read_text())
    key_cards = len(manifest["cards"])
    keys = sum(len(card["faces"]) for card in manifest["cards"])
    if keys == 2 * key_cards:
        assert number(text, r"([\d,]+) key cards? holding") == key_cards
        assert number(text, r"holding ([\d,]+) keys?") == keys
    else:
        assert number(text, r"([\d,]+) key cards?, each with one key") == key_cards

    tiles = tile_names(out / "tokens.pdf")
    assert number(text, r"([\d,]+) cover tiles?") == sum(tiles.values())
    assert number(text, r"([\d,]+) red agents?") == tiles["RED AGENT"]
    assert number(text, r"([\d,]+) blue agents?") == tiles["BLUE AGENT"]
    assert number(text, r"([\d,]+) double agents?") == tiles["DOUBLE AGENT"]
    assert number(text, r"([\d,]+) innocent bystanders?") == tiles["BYSTANDER"]
    assert number(text, r"([\d,]+) assassins?") == tiles["ASSASSIN"]

    way = "shop" if profile == "shop" else next(
        (options[i + 1] for i, word in enumerate(options) if word == "--sides"), "long-edge")
    for mode, phrase in PRINTING.items():
        assert (phrase in text) == (mode == way), (mode, phrase)


def test_the_rules_sheet_alone_describes_the_default_kit_and_its_printing(run, tmp_path):
    assert run("rules").exit_code == 0
    text = rules_text(tmp_path / "output" / "rules.pdf")
    for phrase in ("217 word cards carrying 434 codenames from the bundled deck", "5 blank cards",
                   "40 key cards holding 80 keys", "25 cover tiles (1 full set of 25)", PRINTING["long-edge"]):
        assert phrase in text, phrase
    assert PRINTING["short-edge"] not in text and "--sides" not in text


def test_the_rules_sheet_alone_follows_the_kit_options_it_is_given(run, tmp_path):
    (tmp_path / "my.txt").write_text("\n".join(WORDS), encoding="utf-8")
    result = run("rules", "--words", "my.txt", "--blanks", "1", "--keys-count", "12", "--single-sided",
                 "--token-sets", "2", "--sides", "fold")
    assert result.exit_code == 0, result.output
    text = rules_text(tmp_path / "output" / "rules.pdf")
    for phrase in ("4 word cards carrying 7 codenames from your own word list", "1 blank card for",
                   "12 key cards, each with one key", "50 cover tiles (2 full sets of 25)", PRINTING["fold"]):
        assert phrase in text, phrase
    assert "It describes 4 word cards (7 codenames from your own word list), 1 blank card" in result.stdout
