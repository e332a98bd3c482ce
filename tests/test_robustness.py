"""Bad input never hurts: one case per thing users get wrong.

Every case asserts the exit code, the message (naming the input and what to do), no
traceback, an earlier output left byte-identical with nothing else written beside it, and
the user's own files untouched.
"""

from __future__ import annotations

import struct
import unicodedata
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from pdfcheck import card_rects, placed_texts, theme_for
from pdfiumpage import paint, read_pages
from reportlab.pdfbase.ttfonts import TTFontFile

from generator.cards.word_faces import PROGRESS_FROM
from generator.cli import main
from generator.errors import CngenError
from generator.inputs.bundled import font_path
from generator.jobs.deck import build_deck
from generator.model.words import normalise
from generator.settings.options import DeckOptions

OTF_WITH_CFF = b"OTTO" + struct.pack(">HHHH", 1, 16, 0, 0) + b"CFF " + struct.pack(">III", 0, 28, 4) + b"\x01\x00\x04\x01"

# name: (files to create, arguments, exit code, text the message contains)
CASES = {
    "missing word file": ({}, ["deck", "--words", "nope.txt"], 1, "--words nope.txt: there is no such file"),
    "folder as word file": ({"words/keep": b""}, ["deck", "--words", "words"], 1,
                            "--words words: this is a folder, not a file"),
    "empty list": ({"w.txt": b""}, ["deck", "--words", "w.txt"], 1, "w.txt: the list has no words"),
    "only comments": ({"w.txt": b"# a\n# b\n"}, ["deck", "--words", "w.txt"], 1, "w.txt: the list has no words"),
    "latin-1": ({"w.txt": b"caf\xe9\n"}, ["deck", "--words", "w.txt"], 1, "w.txt:1: this is not UTF-8 text"),
    "utf-16 without bom": ({"w.txt": "bank\n".encode("utf-16-le")}, ["deck", "--words", "w.txt"], 1,
                           "(it contains NUL bytes, as UTF-16 files do)"),
    "binary garbage": ({"w.bin": bytes(range(128, 256)) * 8}, ["deck", "--words", "w.bin"], 1, "not UTF-8 text"),
    "nul bytes": ({"w.txt": b"bank\npi\x00tch\n"}, ["deck", "--words", "w.txt"], 1, "w.txt:2: this is not UTF-8"),
    "duplicates": ({"w.txt": b"bank\nBank\n"}, ["deck", "--words", "w.txt"], 1, "w.txt:2: 'BANK' appears twice"),
    "300-character entry": ({"w.txt": b"x" * 300}, ["deck", "--words", "w.txt"], 1,
                            "an entry of 300 characters is far longer than a card holds (at most 100)"),
    "emoji": ({"w.txt": "party 🎉\n".encode()}, ["deck", "--words", "w.txt"], 1,
              "uses '🎉' (U+1F389 PARTY POPPER), which the font FiraSans-Bold cannot draw: use --font"),
    "cjk": ({"w.txt": "東京\n".encode()}, ["deck", "--words", "w.txt"], 1, "which the font FiraSans-Bold cannot draw"),
    "hebrew": ({"w.txt": "שלום\n".encode()}, ["deck", "--words", "w.txt"], 1,
               "cannot draw: use --font FILE.ttf with a font that has it (for Hebrew: DejaVu Sans Bold or Noto Sans"),
    "arabic": ({"w.txt": "سلام\n".encode()}, ["deck", "--words", "w.txt"], 1,
               "(for Arabic: DejaVu Sans Bold, Noto Naskh Arabic or Noto Sans Arabic)"),
    "control characters": ({"w.txt": b"be\x1bll\n"}, ["deck", "--words", "w.txt"], 1,
                           "contains the control character U+001B"),
    "one line over the limit": ({"w.txt": b"word\n" * 100_001}, ["deck", "--words", "w.txt"], 1,
                                "the list has more than 100,000 entries; cngen prints at most 100,000"),
    "invalid yaml deck": ({"d.yaml": b"words: [a\n"}, ["deck", "--words", "d.yaml"], 1, "d.yaml:2: this is not valid YAML"),
    "deck with wrong types": ({"d.yaml": b"words: 5\n"}, ["deck", "--words", "d.yaml"], 1,
                              "d.yaml:1: words: this must be a list of entries such as [PLANET, COMET], not '5'"),
    "deck with unknown key": ({"d.yaml": b"wrods: [a]\n"}, ["deck", "--words", "d.yaml"], 1,
                              "d.yaml:1: top level: unknown key 'wrods': did you mean 'words'?"),
    "deck without words": ({"d.yaml": b"name: x\nwords: []\n"}, ["deck", "--words", "d.yaml"], 1, "the list has no words"),
    "deck with object tags": ({"d.yaml": b"words: !!python/object/apply:os.system [ls]\n"},
                              ["deck", "--words", "d.yaml"], 1, "is not allowed: a deck holds plain text only"),
    "invalid yaml settings": ({"cngen.yaml": b"paper: [a4\n"}, ["deck"], 1, "cngen.yaml:2: this is not valid YAML"),
    "settings of the wrong type": ({"cngen.yaml": b"deck:\n  blanks: many\n"}, ["deck"], 1,
                                   "cngen.yaml:2: deck.blanks: this must be a whole number from 0 to 10000, not 'many'"),
    "unknown settings key": ({"cngen.yaml": b"papr: a4\n"}, ["deck"], 1, "cngen.yaml:1: top level: unknown key 'papr': did you mean 'paper'?"),
    "settings with object tags": ({"cngen.yaml": b"paper: !!python/name:os.system\n"}, ["deck"], 1, "is not allowed"),
    "negative blanks": ({}, ["deck", "--blanks", "-1"], 2, "Invalid value for '--blanks'"),
    "zero key cards": ({}, ["keys", "--count", "0"], 2, "0 is not in the range 1<=x<=10000"),
    "zero token sets": ({}, ["tokens", "--sets", "0"], 2, "0 is not in the range 1<=x<=100"),
    "absurd card size": ({}, ["deck", "--card-size", "9000x45mm"], 2, "is not a printable size"),
    "absurd paper": ({}, ["deck", "--paper", "99999x100mm"], 2, "is not a printable size"),
    "zero-sized card": ({}, ["deck", "--card-size", "0x45mm"], 2, "is not a printable size"),
    "card larger than the sheet": ({}, ["keys", "--card-size", "250x250mm"], 2, "does not fit on a 210 x 297 mm sheet"),
    "margins that leave no room": ({}, ["deck", "--paper", "a6", "--margin", "45mm"], 2, "with 45 mm margins"),
    # A length past its setting's range, whatever its unit, on the command line or in the file.
    "a margin past its range": ({}, ["deck", "--margin", "120mm"], 2,
                                "Invalid value for '--margin': a margin of 120 mm is more than a printer leaves "
                                "blank: use 0 to 50 mm"),
    "a gutter past its range": ({}, ["deck", "--profile", "shop", "--gutter", "30cm"], 2,
                                "Invalid value for '--gutter': a gutter of 300 mm is wider than a shop cuts"),
    **{f"a card thickness of {given}": ({}, ["box", "--card-thickness", given], 2,
                                        f"Invalid value for '--card-thickness': a card thickness of {shown} is not "
                                        "how thick a card is: use 0.05 to 2 mm")
       for given, shown in (("0", "0 mm"), ("0mm", "0 mm"), ("0in", "0 mm"), ("0.001mm", "0.001mm"),
                            ("3mm", "3 mm"), ("1in", "25.4 mm"))},
    "a kit's box for cards 0 mm thick": ({}, ["kit", "--box", "--card-thickness", "0pt"], 2,
                                         "a card thickness of 0 mm is not how thick a card is"),
    "a card thickness of 0 in the file": ({"cngen.yaml": b"box:\n  card_thickness: 0in\n"}, ["box"], 1,
                                          "cngen.yaml:2: box.card_thickness: a card thickness of 0 mm is not how "
                                          "thick a card is: use 0.05 to 2 mm"),
    "unknown paper": ({}, ["deck", "--paper", "foolscap"], 2, "unknown paper 'foolscap'"),
    "a length without a unit": ({}, ["deck", "--margin", "5"], 2, "'5' is not a length"),
    "an unknown unit": ({}, ["deck", "--card-size", "70x45furlongs"], 2, "is not a size"),
    "an absurd bleed": ({}, ["deck", "--profile", "shop", "--bleed", "40mm"], 2, "a bleed of 40 mm"),
    "a bad back offset": ({}, ["deck", "--back-offset", "left"], 2, "'left' is not an offset"),
    "output that is a folder": ({"out/keep": b""}, ["deck", "-o", "out"], 2, "--output out is a folder"),
    "output in an unwritable folder": ({"blocker": b"x"}, ["deck", "-o", "blocker/deck.pdf"], 2,
                                       "blocker is a file, so it cannot hold"),
    "a font that is not a font": ({"f.ttf": b"not a font"}, ["deck", "--font", "f.ttf"], 1, "is not a usable TrueType font"),
    "a font with postscript outlines": ({"f.otf": OTF_WITH_CFF}, ["deck", "--font", "f.otf"], 1,
                                        "has PostScript (CFF) outlines"),
    "an unknown rules variant": ({}, ["rules", "--variant", "five-players"], 2, "unknown variant 'five-players'"),
}


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` and its contents."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def assert_unchanged(folder: Path, before: dict[str, bytes]) -> None:
    """Nothing written beside the files, none removed, none changed: naming the files if so."""
    after = snapshot(folder)
    assert sorted(after) == sorted(before), "files were written or removed"
    changed = [f"{name} ({len(before[name]):,} bytes, now {len(after[name]):,})"
               for name in before if after[name] != before[name]]
    assert not changed, f"changed: {', '.join(changed)}"


@pytest.mark.parametrize("files, args, code, message", CASES.values(), ids=CASES.keys())
def test_bad_input_gives_a_clear_error_and_hurts_nothing(tmp_path, monkeypatch, files, args, code, message):
    monkeypatch.chdir(tmp_path)
    earlier = tmp_path / "output" / "deck.pdf"
    earlier.parent.mkdir()
    earlier.write_bytes(b"%PDF- an earlier deck")
    for name, data in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    before = snapshot(tmp_path)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == code, result.output
    assert message in result.stderr
    assert result.stderr.count("\n") <= 12 and "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert_unchanged(tmp_path, before)  # nothing written, nothing changed, no stray files


def test_an_unexpected_fault_is_a_message_unless_debug_asks_for_the_traceback(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr("generator.jobs.deck.build_deck", broken)
    result = CliRunner().invoke(main, ["deck"])
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: unexpected internal error (ZeroDivisionError: a bug); rerun with --debug")
    debug = CliRunner().invoke(main, ["--debug", "deck"])
    assert isinstance(debug.exception, ZeroDivisionError)


def test_a_list_long_enough_to_take_a_while_prints_with_progress(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "big.txt").write_text("\n".join(f"word{i}" for i in range(PROGRESS_FROM)), encoding="utf-8")
    result = CliRunner().invoke(main, ["deck", "--words", "big.txt", "--blanks", "0", "-o", "big.pdf"])
    assert result.exit_code == 0
    assert result.stderr.splitlines() == ["  checking 2,000 words against the font and the card...",
                                          "  drawing 1,000 cards..."]
    assert "1,000 cards: 1,000 with words (2,000 words from big.txt), 0 blank" in result.stdout
    assert "63 sheets, 126 pages" in result.stdout
    assert len(pypdf.PdfReader(tmp_path / "big.pdf").pages) == 126


def read_deck(pdf: bytes) -> tuple[int, list[str]]:
    """The pages of a deck and the words on its cards, read back: the upright copy of each (read
    with PDFium, a few times faster than pdfplumber for the same characters and card faces)."""
    pages, card = read_pages(pdf), paint(theme_for().card)
    return len(pages), sorted(
        text.text for page in pages for text in placed_texts(page, card_rects(page, card)) if text.direction == 90
    )


def expected_words(entries: list[str]) -> list[str]:
    """What a list file of these entries asks to print: its lines that are not blank or comments."""
    return sorted(normalise(line) for line in "\n".join(entries).splitlines()
                  if line.strip() and not line.strip().startswith("#"))


# Letters of the scripts the bundled font (Fira Sans Bold) is meant for: Latin with Latin-1
# and Latin Extended-A, Greek and Cyrillic; those it has a glyph for, in capitals too (the
# cards print capitals), and that stay one letter in capitals (not 'ß', which becomes 'SS').
_FONT_CHARACTERS = set(TTFontFile(str(font_path())).charToGlyph)
_SCRIPTS = [(0x41, 0x5A), (0x61, 0x7A), (0xC0, 0x17F), (0x370, 0x3FF), (0x400, 0x4FF)]
FONT_LETTERS = "".join(
    char for low, high in _SCRIPTS for char in map(chr, range(low, high + 1))
    if unicodedata.category(char).startswith("L") and ord(char) in _FONT_CHARACTERS
    and len(normalise(char)) == 1 and ord(normalise(char)) in _FONT_CHARACTERS
    and unicodedata.category(normalise(char)).startswith("L")
)
# At most 12 letters a word, so that a word of the widest capitals ('Ѹ', about 1.2 em)
# still fits a 70 mm card at the smallest readable size (13 do, 14 do not); a phrase of two
# such words wraps onto two lines.
font_word = st.text(FONT_LETTERS, min_size=1, max_size=12)
font_entry = st.lists(font_word, min_size=1, max_size=2).map(" ".join)
font_lists = st.lists(font_entry, min_size=1, max_size=12, unique_by=lambda entry: normalise(entry).casefold())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(font_lists)
def test_any_list_the_font_can_draw_prints_exactly_its_words(tmp_path, entries):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(entries), encoding="utf-8")
    result = build_deck(DeckOptions(words=path, blanks=0))
    pages, printed = read_deck(result.pdf)
    assert pages == result.pages == 2 * result.sheets
    assert printed == sorted(normalise(entry) for entry in entries)


# Any character at all, with Latin, Greek and Cyrillic (which the bundled font draws) mixed
# in more often, so that some lists print and the rest must be refused cleanly.
any_letter = st.one_of(
    st.characters(max_codepoint=0x52F, exclude_categories=["Cs"]),
    st.characters(codec="utf-8", exclude_categories=["Cs"]),
)
any_lists = st.lists(st.text(any_letter, min_size=1, max_size=24), min_size=1, max_size=12)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(any_lists)
def test_any_unicode_list_gives_a_valid_pdf_or_a_clean_error(tmp_path, entries):
    path = tmp_path / "words.txt"
    path.write_text("\n".join(entries), encoding="utf-8")
    try:
        result = build_deck(DeckOptions(words=path, blanks=0))
    except CngenError as error:
        event("refused with a message")
        message = str(error)
        assert message.strip() and "Traceback" not in message
        assert path.name in message.splitlines()[0], message  # it names the list (and the line)
    else:
        event("printed")
        pages, printed = read_deck(result.pdf)
        assert pages == result.pages == 2 * result.sheets
        assert printed == expected_words(entries)


@pytest.mark.parametrize("count, lines", [
    (4, []),  # a deck smaller than a large one finishes before a message would help
    (5, ["  dealing 10 balanced keys...", "  drawing 5 cards...", "  measuring the balance of 10 keys..."]),
])
def test_large_key_decks_show_progress(tmp_path, monkeypatch, count, lines):
    # A large deck is 500 cards and more (PROGRESS_FROM): here 5, so that one takes no time to print.
    monkeypatch.setattr("generator.jobs.keys.PROGRESS_FROM", 5)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["keys", "--count", str(count), "--seed", "1", "--stats", "-o", "k.pdf"])
    assert result.exit_code == 0
    assert result.stderr.splitlines() == lines
    assert f"{count} key cards, {2 * count} keys" in result.stdout
    assert len(pypdf.PdfReader(tmp_path / "k.pdf").pages) == 2
