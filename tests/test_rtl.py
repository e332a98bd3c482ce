"""Hebrew and Arabic word cards: shaped by HarfBuzz, in the order the bidirectional algorithm
gives, drawn as glyph ids, read back in reading order; and Latin decks as they always were.

The expected glyphs are HarfBuzz's shaping of each word, or of each run of a mixed word in
the order a reader sees them, worked out here by hand from the Unicode rules, so that a
mistake in cngen's own ordering shows.
"""

from __future__ import annotations

import subprocess
import sys
import unicodedata
from pathlib import Path

import pypdfium2
import pytest
from glyphcheck import HEBREW_ARABIC, drawn_lines, shaped, type0_fonts
from pdfcheck import assert_same_pdf, font_report

from generator.geometry.wordface import MAX_WORD_SIZE, fit_word, word_face_layout
from generator.jobs.deck import build_deck
from generator.jobs.sources import load_font
from generator.model.words import parse_text
from generator.settings.options import DeckOptions
from generator.typeface.scripts import needs_shaping, starts_right_to_left
from generator.typeface.shaping import embedding_levels, visual_runs
from generator.units import MM

HEBREW = ["שלום", "ירושלים", "בית ספר", "שָׁלוֹם"]  # the last with its points (marks)
ARABIC = ["سلام", "كتاب", "المدرسة", "الله"]
# Mixed entries and the runs a reader sees from left to right, each with its direction.
MIXED = {
    # A left-to-right paragraph (its first strong letter is Latin): the space stays with it.
    "IPHONE חדש": [("IPHONE ", "ltr"), ("חדש", "rtl")],
    # A Hebrew paragraph: the number keeps its own order at the left end, the space with the Hebrew.
    "תל אביב 2024": [("2024", "ltr"), ("תל אביב ", "rtl")],
    # Arabic-Indic digits run left to right inside Arabic.
    "مكتبة ١٢٣": [("١٢٣", "ltr"), ("مكتبة ", "rtl")],
    # An Arabic paragraph ending in Latin: the Latin word sits at the left.
    "عربي ABC": [("ABC", "ltr"), ("عربي ", "rtl")],
}
WORDS = HEBREW + ARABIC + list(MIXED)
# The deck's card: wide enough for every entry to print on one line both ways (on the default
# card the mixed ones fall short of 24 pt on one line and take two: geometry.wordface).
WIDE_CARD = (100 * MM, 63 * MM)


def _deck(tmp_path: Path, words: list[str], font: Path | None = HEBREW_ARABIC, name: str = "w.txt", **options):
    path = tmp_path / name
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return build_deck(DeckOptions(words=path, font=font, blanks=0, **options))


@pytest.fixture(scope="module")
def deck(tmp_path_factory):
    return _deck(tmp_path_factory.mktemp("rtl"), WORDS, card_size=WIDE_CARD)


def _expected(word: str) -> tuple[int, ...]:
    if word in MIXED:
        return tuple(gid for text, direction in MIXED[word] for gid in shaped(text, direction=direction))
    return shaped(word)


# --- The glyphs drawn -------------------------------------------------------------------------


@pytest.mark.parametrize("word", WORDS)
def test_each_word_is_drawn_as_harfbuzz_shapes_it_in_visual_order_on_both_copies(deck, word):
    drawn = [line.gids for line in drawn_lines(deck.pdf)]
    assert drawn.count(_expected(word)) == 2, f"{word}: upright and upside down, each on one line"


def test_arabic_letters_join_rather_than_print_one_by_one(deck):
    """The shaped glyphs are not the letters' own (isolated) glyphs: joining forms and the
    lam-alef ligature, which a plain character map cannot reach."""
    for word in ARABIC:
        isolated = tuple(shaped(char)[0] for char in reversed(word))
        assert _expected(word) != isolated
    assert len(shaped("سلام")) == 3, "lam and alef make one ligature"


def test_the_glyph_font_is_embedded_subset_and_maps_glyphs_back_to_letters(deck):
    fonts = type0_fonts(deck.pdf)
    assert len(fonts) == 1
    font = fonts[0]
    assert font["embedded"] and font["base"][7] == "+" and font["base"][1:7].isupper()
    assert font["base"].endswith("DejaVuSans-Bold")
    assert "<05E9>" in font["to_unicode"]  # shin
    assert len(font["program"]) < HEBREW_ARABIC.stat().st_size, "only the glyphs drawn are kept"
    assert all(report["embedded"] and report["subset"] for report in font_report_of(deck.pdf))


def font_report_of(pdf: bytes):
    import tempfile

    with tempfile.NamedTemporaryFile(suffix=".pdf") as handle:
        handle.write(pdf)
        handle.flush()
        return font_report(Path(handle.name))


# --- Reading order -----------------------------------------------------------------------------


def test_the_text_read_back_is_each_word_in_reading_order(deck):
    """pdfium (as Chrome and pypdfium2 read PDFs) puts right-to-left runs drawn in visual order
    back into reading order; cngen's ToUnicode map gives each glyph the text that makes that
    come out right, ligatures and mixed numbers included."""
    document = pypdfium2.PdfDocument(deck.pdf)
    lines = {unicodedata.normalize("NFC", line)  # a letter's points may come back in another, equivalent order
             for page in document for line in page.get_textpage().get_text_range().split("\r\n")}
    readable = [word for word in WORDS if word != "عربي ABC"]  # pdfium puts the Latin word first
    assert [word for word in readable if word not in lines] == []


# --- Fitting ------------------------------------------------------------------------------------


def test_a_word_too_wide_shrinks_to_its_shaped_width():
    font = load_font(HEBREW_ARABIC)
    layout = word_face_layout(70 * MM, 45 * MM)
    word = "الاستكشافاتالجغرافية"  # one long word: it cannot break
    face = fit_word(word, layout, font)
    line = face.upright.shaped[0]
    assert face.upright.lines == (word,) and face.upright.size < MAX_WORD_SIZE
    assert line.width * face.upright.size <= layout.label_text.width + 1e-6
    # The shaped width is what fits: joined Arabic is narrower than its letters side by side.
    assert line.width < font.width(word, 1.0)
    assert line.width * face.upright.size > 0.9 * (layout.label_text.width - 2 * 1.5 * MM)


def test_the_size_in_the_pdf_is_the_size_fitted(tmp_path):
    word = "الاستكشافاتالجغرافية"
    result = _deck(tmp_path, [word])
    face = fit_word(word, word_face_layout(70 * MM, 45 * MM), load_font(HEBREW_ARABIC))
    sizes = sorted(line.size for line in drawn_lines(result.pdf))
    assert sizes == pytest.approx(sorted([face.upright.size, face.mirrored.size]), abs=0.01)


def test_lines_of_a_right_to_left_entry_keep_its_direction():
    """A two-line Hebrew entry: each line is shaped in the entry's direction."""
    font = load_font(HEBREW_ARABIC)
    face = fit_word("בית ספר גדול מאוד 2024 עם הרבה מילים", word_face_layout(70 * MM, 45 * MM), font)
    assert len(face.upright.lines) == 2 and len(face.upright.shaped) == 2


# --- The bidirectional order itself -------------------------------------------------------------


def test_levels_follow_the_unicode_rules():
    assert embedding_levels("שלום ABC", True) == [1, 1, 1, 1, 1, 2, 2, 2]
    assert embedding_levels("ABC שלום", False) == [0, 0, 0, 0, 1, 1, 1, 1]
    assert embedding_levels("מס 12", True) == [1, 1, 1, 2, 2]


def test_runs_come_in_visual_order():
    runs = visual_runs("תל אביב 2024", True)
    assert [("תל אביב 2024"[run.start:run.end], run.right_to_left) for run in runs] == [
        ("2024", False), ("תל אביב ", True)]


def test_the_joiners_steer_shaping_and_draw_nothing(tmp_path):
    word = "می\u200cخواهم"  # Persian: the non-joiner keeps the first two letters apart
    assert parse_text(word.encode(), "w.txt").words == [word]
    result = _deck(tmp_path, [word])
    assert [line.gids for line in drawn_lines(result.pdf)].count(shaped(word)) == 2
    assert shaped(word) != shaped(word.replace("\u200c", ""))


def test_which_text_needs_shaping():
    assert not needs_shaping("BANK") and not needs_shaping("ÉTÉ") and not needs_shaping("МОСКВА")
    assert not needs_shaping("東京") and not needs_shaping("서울")
    assert needs_shaping("שלום") and needs_shaping("ABC سلام") and needs_shaping("नमस्ते")
    assert starts_right_to_left("2024 שלום") and not starts_right_to_left("ABC שלום")


# --- What is refused, and what the deck does otherwise --------------------------------------------


def test_a_font_without_hebrew_is_refused_with_the_line_and_fonts_that_work(run, tmp_path):
    Path("w.txt").write_text("bank\nשלום\n", encoding="utf-8")
    result = run("deck", "--words", "w.txt", "-o", "out.pdf")
    assert result.exit_code == 1 and not Path("out.pdf").exists()
    assert "w.txt:2: 'שלום' uses" in result.output and "which the font FiraSans-Bold cannot draw" in result.output
    assert "for Hebrew: DejaVu Sans Bold or Noto Sans Hebrew" in result.output


def test_the_command_prints_a_hebrew_list_with_a_font_that_has_it(run):
    Path("he.txt").write_text("\n".join(HEBREW) + "\n", encoding="utf-8")
    result = run("deck", "--words", "he.txt", "--font", str(HEBREW_ARABIC), "-o", "he.pdf")
    assert result.exit_code == 0, result.output
    assert Path("he.pdf").exists()


def test_the_same_inputs_give_the_same_bytes_whatever_came_before(tmp_path, deck):
    """The glyph font belongs to its document: a deck drawn after others in the same process
    is byte for byte the deck drawn first."""
    _deck(tmp_path, ["ירושלים", "كتاب كبير", "עוד מילה"], name="other.txt")
    build_deck(DeckOptions(blanks=0))
    again = _deck(tmp_path, WORDS, card_size=WIDE_CARD)
    assert_same_pdf(deck.pdf, again.pdf, "the Hebrew and Arabic deck")


def test_press_files_with_shaped_words_pass_the_preflight(tmp_path):
    from generator.settings.options import SheetOptions

    result = _deck(tmp_path, HEBREW + ARABIC, sheet=SheetOptions(profile="shop"))
    assert type0_fonts(result.pdf)[0]["embedded"]


def test_a_latin_deck_never_loads_harfbuzz_shaping_and_draws_no_glyph_font(tmp_path):
    """The fast path: Latin, French and Cyrillic words go through ReportLab alone."""
    words = tmp_path / "w.txt"
    words.write_text("bank\nété\nмосква\nστάση\n", encoding="utf-8")
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "from generator.jobs.deck import build_deck\n"
        "from generator.settings.options import DeckOptions\n"
        f"pdf = build_deck(DeckOptions(words=Path({str(words)!r}))).pdf\n"
        "loaded = [name for name in ('generator.typeface.shaping', 'generator.draw.glyphs', 'bidi.algorithm')"
        " if name in sys.modules]\n"
        "print(loaded, b'/Type0' in pdf)\n"
    )
    output = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "[] False"
