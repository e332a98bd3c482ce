"""Long words on word cards, and the narrow no-break space in any font.

A long word keeps 24 pt across the table: the condensed face of the same family first, then two
lines, then the label grown into the emblem's strip on that card; the spymasters' copy is always
smaller than the operatives' word. Read back from the PDFs: the sizes printed, the faces used
and on which cards, the emblem left off where the label took its room.

French puts U+202F before ; ! ? and inside « »; Fira Sans has no glyph for it. Read back: it
extracts as U+202F, narrower than a space, lines never break at it, and no missing glyph prints.
"""

from __future__ import annotations

import ctypes
import io
import math
from collections import defaultdict
from dataclasses import dataclass
from types import SimpleNamespace

import builds
import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace
from pdfcheck import Rect, font_report
from pdfiumpage import read_pages
from reportlab.pdfgen.canvas import Canvas
from test_word_legibility import cut_cells, panels

from generator.draw.text import draw_stack, paragraph, text_style
from generator.draw.wordcard import WordCardArtist
from generator.geometry.fit import fit_text
from generator.geometry.wordface import (
    LEGIBLE_SIZE,
    MAX_MIRRORED_SIZE,
    MAX_WORD_SIZE,
    MIN_MIRRORED_SIZE,
    MIN_WORD_SIZE,
    MIRRORED_SHARE,
    OPEN_GAP,
    _fit_in,
    fit_word,
    word_face_layout,
)
from generator.inputs.bundled import font_path
from generator.jobs.cards import card_theme
from generator.jobs.deck import build_deck
from generator.jobs.language import shipped_languages
from generator.jobs.sources import font_family, load_font, load_words
from generator.settings.options import DeckOptions, SheetOptions, Style
from generator.typeface.files import condensed_widths, with_condensed
from generator.typeface.font import _add_narrow_spaces, missing_from, register_family

MM = 72 / 25.4
DEFAULT_CARD = (70 * MM, 45 * MM)
FONT = with_condensed(load_font(None))  # the bundled Fira Sans Bold, with its condensed face
PLAIN = replace(FONT, condensed=None)  # as a user's font: no condensed face known
DECKS = sorted(language.deck for language in shipped_languages().languages.values())
NARROW = "\u202f"


def face_of(fitted, font=FONT):
    return font.condensed if fitted.condensed else font


# --- Every bundled entry, on the default card ---------------------------------------------------


def test_the_bundled_font_brings_its_condensed_face_and_a_users_font_none():
    assert FONT.condensed is not None and FONT.condensed.label == "FiraSansCondensed-Bold"
    assert load_font(None).condensed is None  # read only where a word needs it (fitted_faces)
    assert with_condensed(load_font(font_path())).condensed is None  # the same file as --font: not known as ours


@pytest.mark.parametrize("deck", DECKS)
def test_every_bundled_entry_prints_upright_at_24_pt_or_more_and_above_its_upside_down_copy(deck):
    layout = word_face_layout(*DEFAULT_CARD)
    for word in load_words(None, deck, dedupe=False).words:
        face = fit_word(word, layout, FONT)
        assert face is not None, word
        assert face.upright.size >= LEGIBLE_SIZE - 1e-9, (word, face.upright.size)
        assert face.mirrored.size <= MIRRORED_SHARE * face.upright.size + 1e-9, word
        # The condensed face or the strip only where the font alone, on the usual label (even
        # without a side gap), would shrink the word below 24 pt.
        if face.upright.condensed or face.opened:
            box = layout.label_text
            alone = fit_text(word, PLAIN, box.width, box.height, MAX_WORD_SIZE, MIN_WORD_SIZE)
            assert alone.size < LEGIBLE_SIZE, word


@pytest.mark.parametrize("word, condensed, lines, opened", [
    ("AGENT", False, 1, False),
    ("CHAUVE-SOURIS", True, 1, False),  # one word: the condensed face keeps it on one line at 24 pt
    ("ROLLER COASTER", False, 2, True),  # condensed, still below 24 pt on one line: two lines, the strip's room
    ("MONTAGNES RUSSES", False, 2, True),
])
def test_a_long_word_tries_the_condensed_face_then_two_lines_then_the_strip(word, condensed, lines, opened):
    face = fit_word(word, word_face_layout(*DEFAULT_CARD), FONT)
    assert (face.upright.condensed, len(face.upright.lines), face.opened) == (condensed, lines, opened)
    assert face.upright.size >= LEGIBLE_SIZE


def test_a_users_font_without_a_condensed_face_shrinks_a_word_it_cannot_break():
    layout = word_face_layout(*DEFAULT_CARD)
    face = fit_word("CHAUVE-SOURIS", layout, PLAIN)
    assert not face.upright.condensed and not face.opened and face.upright.lines == ("CHAUVE-SOURIS",)
    assert MIN_WORD_SIZE < face.upright.size < LEGIBLE_SIZE
    assert face.mirrored.size < face.upright.size


def test_the_opened_label_takes_the_strip_and_leaves_the_band_as_it_is():
    layout = word_face_layout(*DEFAULT_CARD)
    opened = layout.opened()
    assert opened.band == layout.band and opened.label.y == layout.label.y
    assert opened.label.top == pytest.approx(layout.band.y - OPEN_GAP)
    assert opened.label.height > layout.label.height + 4 * MM
    assert layout.emblem_radius > 0 and opened.emblem_radius == 0  # the emblem steps aside


# --- For any word, any card, with or without a condensed face -----------------------------------

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZÉÈÇŒÀÜÑß-' "
WORDS = st.text(alphabet=ALPHABET, min_size=1, max_size=40).map(lambda t: " ".join(t.split())).filter(bool)
CARDS = st.tuples(st.floats(40, 130), st.floats(25, 130))


@settings(max_examples=200, deadline=None)
@given(WORDS, CARDS, st.booleans())
def test_the_upright_word_is_always_larger_and_both_copies_fit_their_panels(word, card_mm, condensed):
    font = FONT if condensed else PLAIN
    layout = word_face_layout(card_mm[0] * MM, card_mm[1] * MM)
    assume(layout.band_text.height >= font.line_height(MIN_MIRRORED_SIZE))  # else the card is refused
    face = fit_word(word, layout, font)
    assume(face is not None)
    upright, mirrored = face.upright, face.mirrored
    assert mirrored.size <= MIRRORED_SHARE * upright.size + 1e-9 < upright.size
    label = (layout.opened() if face.opened else layout).label_text
    for fitted, box, floor, top in ((upright, label, MIN_WORD_SIZE, MAX_WORD_SIZE),
                                    (mirrored, layout.band_text, MIN_MIRRORED_SIZE, MAX_MIRRORED_SIZE)):
        drawn_in = face_of(fitted, font)
        assert floor - 1e-9 <= fitted.size <= top + 1e-9
        assert " ".join(fitted.lines) == word
        assert max(drawn_in.width(line, fitted.size) for line in fitted.lines) <= box.width + 1e-6
        assert len(fitted.lines) * drawn_in.line_height(fitted.size) <= box.height + 1e-6
    assert not (upright.condensed or mirrored.condensed) or condensed


@settings(max_examples=150, deadline=None)
@given(WORDS, CARDS)
def test_every_word_the_font_alone_fitted_is_accepted_and_never_printed_smaller_upright(word, card_mm):
    layout = word_face_layout(card_mm[0] * MM, card_mm[1] * MM)
    alone = fit_text(word, PLAIN, layout.label_text.width, layout.label_text.height, MAX_WORD_SIZE, MIN_WORD_SIZE)
    band = fit_text(word, PLAIN, layout.band_text.width, layout.band_text.height, MAX_MIRRORED_SIZE,
                    MIN_MIRRORED_SIZE)
    assume(alone is not None and band is not None)
    before = _fit_in(word, layout.label_text, PLAIN, MAX_WORD_SIZE, MIN_WORD_SIZE)  # the fit until now
    legible = min(LEGIBLE_SIZE, layout.label_text.height / PLAIN.line_height(1.0))
    for font in (FONT, PLAIN):
        face = fit_word(word, layout, font)
        assert face is not None
        # As large as before, or at least as large as a long word is kept.
        assert face.upright.size >= min(before.size, legible) - 1e-6


# --- Read back from a deck of the longest bundled entries ---------------------------------------


# Whatever the bundled decks hold: a short word, one the condensed face keeps on one line, and
# two that take the strip.
SAMPLES = {"AGENT", "CHAUVE-SOURIS", "ROLLER COASTER", "MONTAGNES RUSSES"}


def longest_entries() -> list[str]:
    """Every bundled entry the font alone would print below the largest size (those that
    shrink), and the samples."""
    layout = word_face_layout(*DEFAULT_CARD)
    return sorted({word for deck in DECKS for word in load_words(None, deck, dedupe=False).words
                   if fit_word(word, layout, PLAIN).upright.size < MAX_WORD_SIZE - 1e-6} | SAMPLES)


@dataclass
class Copy:
    """One copy of a word as printed: its letters, size, faces, the card it is on."""

    text: str
    size: float
    fonts: set[str]
    upright: bool  # the operatives' copy, on the outlined panel
    card: tuple[int, Rect]  # page, cell


@pytest.fixture(scope="module")
def long_deck(tmp_path_factory):
    path = tmp_path_factory.mktemp("long") / "long.txt"
    words = longest_entries()
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return builds.deck(DeckOptions(words=path, blanks=0)).pdf, words


def read_copies(pdf: bytes) -> tuple[list[Copy], dict[tuple[int, Rect], list[dict]]]:
    """Each copy of each word (a card's characters running one way), and each card's small
    curves (the emblem's ring and keyhole; the panels are far larger)."""
    copies, cards = [], {}
    document = pdfium.PdfDocument(pdf)
    for number, shapes in enumerate(read_pages(pdf, chars=False)):
        cells = cut_cells(shapes)
        labels = [panel for panel, outlined in panels(shapes) if outlined]
        for cell in cells:
            cards[(number, cell)] = [c for c in shapes.curves if max(c["width"], c["height"]) < 8 * MM
                                     and cell.contains(c["x0"], shapes.height - c["top"])]
        groups = defaultdict(list)
        for char in _chars(document[number]):
            cell = next(cell for cell in cells if cell.contains(*char["centre"]))
            groups[(cell, char["direction"])].append(char)
        for (cell, _), chars in groups.items():
            centre = tuple(sum(char["centre"][i] for char in chars) / len(chars) for i in (0, 1))
            copies.append(Copy("".join(char["text"] for char in chars).replace(" ", ""),
                               max(char["size"] for char in chars), {char["font"] for char in chars},
                               any(label.contains(*centre) for label in labels), (number, cell)))
    return copies, cards


def _chars(page) -> list[dict]:
    """A page's characters: text, printed size, direction, centre (PDF coordinates), font name."""
    textpage = page.get_textpage()
    found = []
    matrix, buffer = raw.FS_MATRIX(), ctypes.create_string_buffer(256)
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    for index in range(raw.FPDFText_CountChars(textpage)):
        if raw.FPDFText_IsGenerated(textpage, index):
            continue
        raw.FPDFText_GetMatrix(textpage, index, matrix)
        raw.FPDFText_GetCharBox(textpage, index, left, right, bottom, top)
        raw.FPDFText_GetFontInfo(textpage, index, buffer, 256, None)
        found.append({"text": chr(raw.FPDFText_GetUnicode(textpage, index)),
                      "size": raw.FPDFText_GetFontSize(textpage, index) * math.hypot(matrix.a, matrix.b),
                      "direction": round(math.degrees(math.atan2(matrix.b, matrix.a))) % 360,
                      "centre": ((left.value + right.value) / 2, (bottom.value + top.value) / 2),
                      "font": buffer.value.decode().split("+")[-1]})
    return found


@pytest.fixture(scope="module")
def read_back(long_deck):
    pdf, words = long_deck
    copies, cards = read_copies(pdf)
    return copies, cards, words


def test_every_long_entry_prints_upright_at_24_pt_or_more_and_larger_than_its_copy(read_back):
    printed, _, words = read_back
    assert all(sum(copy.upright for copy in printed if copy.card == card) == 1 for card in {c.card for c in printed})
    upright = {copy.text: copy.size for copy in printed if copy.upright}
    mirrored = {copy.text: copy.size for copy in printed if not copy.upright}
    assert sorted(upright) == sorted(mirrored) == sorted(word.replace(" ", "") for word in words)
    assert min(upright.values()) >= LEGIBLE_SIZE - 0.01
    assert all(mirrored[word] < upright[word] for word in upright)


def test_the_condensed_face_is_embedded_and_only_on_the_cards_that_need_it(read_back):
    printed, _, _ = read_back
    layout = word_face_layout(*DEFAULT_CARD)
    needing = {word.replace(" ", "") for word in longest_entries()
               if fit_word(word, layout, FONT).upright.condensed or fit_word(word, layout, FONT).mirrored.condensed}
    assert "CHAUVE-SOURIS" in needing
    for copy in printed:
        assert len(copy.fonts) == 1, copy  # a copy in one face
        if copy.text not in needing:
            assert copy.fonts == {"FiraSans-Bold"}, copy
    condensed = {copy.text for copy in printed if copy.fonts == {"FiraSansCondensed-Bold"}}
    assert condensed and condensed <= needing


def test_a_card_whose_label_took_the_strip_has_no_emblem_and_the_others_keep_theirs(read_back):
    printed, cards, _ = read_back
    layout = word_face_layout(*DEFAULT_CARD)
    opened = {word.replace(" ", "") for word in longest_entries() if fit_word(word, layout, FONT).opened}
    assert {"ROLLERCOASTER", "MONTAGNESRUSSES"} <= opened
    words_on = {copy.card: copy.text for copy in printed}
    assert set(words_on) <= set(cards)
    for card, word in words_on.items():
        assert bool(cards[card]) == (word not in opened), word


def test_a_deck_with_condensed_and_opened_cards_is_the_same_bytes_every_time(tmp_path):
    path = tmp_path / "samples.txt"
    path.write_text("\n".join(sorted(SAMPLES)) + "\n", encoding="utf-8")
    first = build_deck(DeckOptions(words=path, blanks=1)).pdf
    build_deck(DeckOptions(words=path, blanks=0, seed=3))  # another deck in between, its forms and fonts
    assert build_deck(DeckOptions(words=path, blanks=1)).pdf == first


def test_a_deck_without_long_words_carries_no_condensed_face(tmp_path):
    path = tmp_path / "short.txt"
    path.write_text("AGENT\nPIANO\nMOON\n", encoding="utf-8")
    pdf = tmp_path / "short.pdf"
    pdf.write_bytes(builds.deck(DeckOptions(words=path, blanks=0)).pdf)
    assert [font["name"].split("+")[-1] for font in font_report(pdf)] == ["FiraSans-Bold"]


# --- The condensed face measured before it is read ----------------------------------------------

# A face measured by HarfBuzz (typeface/widths.py) and the same face as ReportLab reads it.
MEASURED = condensed_widths(load_font(None))
# U+FFFF closes every format 4 character map; ReportLab lists it as a character, though no text
# cngen prints can hold it (a noncharacter is refused wherever a user's text comes in).
MAP_END = 0xFFFF


def test_the_measured_condensed_face_has_every_character_and_width_of_the_registered_one():
    registered = FONT.condensed
    assert MEASURED.characters == registered.characters - {MAP_END}
    for code in registered.characters - {MAP_END}:
        assert MEASURED.width(chr(code), 1000) == registered.width(chr(code), 1000), hex(code)
    for metric in ("ascent", "descent", "cap_height"):
        assert getattr(MEASURED, metric) == getattr(registered, metric)
    assert MEASURED.missing_characters("AB\u2603\u05d0") == ["\u05d0", "\u2603"]
    for text in ("AB\u2603\u05d0", "CHAUVE\u200dSOURIS\u200c"):
        assert MEASURED.missing_characters(text) == registered.missing_characters(text), text
    # Both ask one rule (font.missing_from): a face lacks no joiner, mapped or not (none is drawn).
    assert missing_from({ord("A")}, "A\u200dB\u200c") == ["B"]
    assert MEASURED.width("\u2603", 10) == registered.width("\u2603", 10)  # a glyph it lacks: glyph 0's


@settings(max_examples=200, deadline=None)
@given(text=st.text(st.sampled_from(sorted(chr(code) for code in FONT.condensed.characters - {MAP_END})),
                    min_size=1, max_size=30), size=st.floats(1, 100))
def test_any_text_measures_the_same_in_the_measured_and_the_registered_face(text, size):
    assert MEASURED.width(text, size) == FONT.condensed.width(text, size)


@pytest.mark.parametrize("card_mm", [(70, 45), (63, 44), (50, 35)])
def test_every_long_word_fits_the_same_in_the_measured_and_the_registered_condensed_face(card_mm):
    layout = word_face_layout(card_mm[0] * MM, card_mm[1] * MM)
    unread = load_font(None)  # the bundled font as a deck first loads it: its condensed face not read
    for word in longest_entries():
        assert fit_word(word, layout, unread, MEASURED) == fit_word(word, layout, FONT), word


def test_a_deck_reads_the_condensed_face_only_when_a_word_prints_in_it(tmp_path, monkeypatch):
    from generator.cards import word_faces

    read = []
    monkeypatch.setattr(word_faces, "with_condensed", lambda font: read.append(font) or with_condensed(font))
    opened_only = tmp_path / "opened.txt"  # ROLLER COASTER tries the condensed face, and takes two lines
    opened_only.write_text("ROLLER COASTER\nAGENT\n", encoding="utf-8")
    build_deck(DeckOptions(words=opened_only, blanks=0))
    assert read == []
    condensed = tmp_path / "condensed.txt"
    condensed.write_text("CHAUVE-SOURIS\nAGENT\n", encoding="utf-8")
    pdf = tmp_path / "condensed.pdf"
    pdf.write_bytes(build_deck(DeckOptions(words=condensed, blanks=0)).pdf)
    assert len(read) == 1
    assert {font["name"].split("+")[-1] for font in font_report(pdf)} == {"FiraSans-Bold", "FiraSansCondensed-Bold"}


# --- The narrow no-break space -------------------------------------------------------------------


def chars_of(pdf: bytes) -> list[dict]:
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return [char for page in document.pages for char in page.chars]


def test_a_missing_glyph_reads_back_as_a_nul_character_which_the_tests_below_look_for():
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    canvas.setFont(FONT.name, 20)
    canvas.drawString(50, 700, "A\u2603B")  # a snowman: not in Fira Sans
    canvas.save()
    assert [char["text"] for char in chars_of(buffer.getvalue())] == ["A", "\x00", "B"]


@pytest.fixture(scope="module")
def french_paragraphs() -> bytes:
    fonts = font_family(None)
    register_family(fonts)  # <b> and <i> in their own faces, whatever other tests did before
    style = text_style("body", fonts.regular, 9.5)
    text = f"Le mot «{NARROW}POMME{NARROW}» puis le chiffre{NARROW}; une question{NARROW}? Oui{NARROW}! " * 8
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    draw_stack(canvas, [paragraph(text, style), paragraph(f"<b>Gras «{NARROW}<i>mot</i>{NARROW}»</b>", style)],
               40, 780, 150)
    canvas.save()
    return buffer.getvalue()


def test_running_text_prints_the_narrow_space_narrow_and_never_breaks_a_line_there(french_paragraphs):
    chars = chars_of(french_paragraphs)
    regular = font_family(None).regular
    narrow = [char for char in chars if char["text"] == NARROW]
    spaces = [char for char in chars if char["text"] == " "]
    assert "\x00" not in {char["text"] for char in chars}
    assert len(narrow) == 8 * 5 + 2
    # Half a space of the face each is set in: the regular text's, and the bold's.
    in_regular = [char for char in narrow if char["fontname"].endswith("FiraSans-Regular")]
    assert len(in_regular) == 8 * 5
    assert all(char["adv"] == pytest.approx(regular.width(" ", 9.5) / 2, abs=0.01) for char in in_regular)
    assert all(char["adv"] > 2 * in_regular[0]["adv"] - 0.01 for char in spaces
               if char["fontname"].endswith("FiraSans-Regular"))
    with pdfplumber.open(io.BytesIO(french_paragraphs)) as document:
        lines = document.pages[0].extract_text().splitlines()
    assert len(lines) > 8  # the paragraph broke into many lines, never at a narrow space:
    assert not any(line.startswith(("»", ";", "?", "!", "POMME")) or line.endswith("«") for line in lines), lines


def test_a_fitted_word_prints_the_narrow_space_narrow_in_either_face():
    layout = word_face_layout(*DEFAULT_CARD)
    artist = WordCardArtist(layout, FONT, card_theme(SheetOptions(), Style(), FONT))
    buffer = io.BytesIO()
    canvas = Canvas(buffer)
    artist.define(canvas)
    faces = [fit_word(f"OUI{NARROW}!", layout, FONT), fit_word(f"CHAUVE-SOURIS{NARROW}!", layout, FONT)]
    assert faces[1].upright.condensed  # the narrow space measured and drawn in the condensed face too
    for face in faces:
        artist.draw(canvas, face)
        canvas.showPage()
    canvas.save()
    chars = chars_of(buffer.getvalue())
    narrow = [char for char in chars if char["text"] == NARROW]
    assert "\x00" not in {char["text"] for char in chars}
    assert len(narrow) == 4  # each word twice
    for char in narrow:
        font = FONT.condensed if "Condensed" in char["fontname"] else FONT
        assert 0 < char["adv"] == pytest.approx(font.width(" ", char["size"]) / 2, abs=0.01)


def test_a_font_with_a_thin_space_lends_its_width_and_one_with_a_narrow_space_keeps_it():
    thin = SimpleNamespace(charToGlyph={0x20: 3, 0x2009: 7}, charWidths={0x20: 250, 0x2009: 160}, defaultWidth=500)
    _add_narrow_spaces(thin)
    assert thin.charToGlyph[0x202F] == 3 and thin.charWidths[0x202F] == 160
    own = SimpleNamespace(charToGlyph={0x20: 3, 0x202F: 9}, charWidths={0x20: 250, 0x202F: 120}, defaultWidth=500)
    _add_narrow_spaces(own)
    assert own.charToGlyph[0x202F] == 9 and own.charWidths[0x202F] == 120
    assert own.charToGlyph[0x2009] == 3 and own.charWidths[0x2009] == 125  # half its space
    assert FONT.width(NARROW, 10) == pytest.approx(FONT.width(" ", 10) / 2)
    assert not FONT.missing_characters(f"«{NARROW}A{NARROW}»\u2009") and FONT.missing_characters("\ufdd0")
