"""Chinese, Japanese and Korean word cards with a font collection (.ttc): the face chosen with
#N and checked, its characters embedded as subsets, and long entries broken between
characters where CJK typesetting allows."""

from __future__ import annotations

import io
import shutil
import struct
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
from glyphcheck import CJK_COLLECTION, type0_fonts

from generator.errors import UsageError
from generator.geometry.fit import UNSPACED_BREAK_BELOW, _unspaced_breaks, fit_text
from generator.geometry.wordface import MAX_WORD_SIZE, fit_word, word_face_layout
from generator.inputs.fontface import font_face
from generator.jobs.deck import build_deck
from generator.jobs.sources import load_font
from generator.settings.options import DeckOptions
from generator.units import MM

FACE_0 = Path(f"{CJK_COLLECTION}#0")
FACE_1 = Path(f"{CJK_COLLECTION}#1")
WORDS = ["東京", "富士山", "カメラ", "熊猫", "北京", "서울", "한국어 컴퓨터", "国際宇宙ステーション"]
LAYOUT = word_face_layout(70 * MM, 45 * MM)


def _deck(tmp_path: Path, words: list[str], font: Path):
    path = tmp_path / "ja.txt"
    path.write_text("\n".join(words) + "\n", encoding="utf-8")
    return build_deck(DeckOptions(words=path, font=font, blanks=0))


def _base_fonts(pdf: bytes) -> dict[str, bool]:
    """Each font's BaseFont, and whether its TrueType program is embedded."""
    fonts = {}
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            for font in page.Resources.Font.values():
                descriptor = font.get("/FontDescriptor") or font.DescendantFonts[0].FontDescriptor
                fonts[str(font.BaseFont)] = "/FontFile2" in descriptor
    return fonts


# --- Choosing a face of a collection ------------------------------------------------------------


# ReportLab names a face of a collection by its PostScript name and its number.
@pytest.mark.parametrize("font, face", [(CJK_COLLECTION, "WenQuanYiMicroHei-0"), (FACE_0, "WenQuanYiMicroHei-0"),
                                        (FACE_1, "WenQuanYiMicroHeiMono-1")])
def test_the_face_named_after_the_hash_is_the_one_printed(tmp_path, font, face):
    fonts = _base_fonts(_deck(tmp_path, WORDS, font).pdf)
    assert {name.split("+")[1] for name in fonts} == {face}


def test_the_two_faces_are_different_fonts():
    regular, mono = load_font(FACE_0), load_font(FACE_1)
    assert regular.name != mono.name and mono.label == "WenQuanYiMicroHei-CJK#1"
    assert regular.width("TOWER", 10) != mono.width("TOWER", 10)


def test_a_face_the_collection_lacks_is_refused_with_the_faces_it_has(run, tmp_path):
    shutil.copy(CJK_COLLECTION, "cjk.ttc")
    Path("ja.txt").write_text("東京\n", encoding="utf-8")
    result = run("deck", "--words", "ja.txt", "--font", "cjk.ttc#2", "-o", "out.pdf")
    assert result.exit_code == 2 and not Path("out.pdf").exists()
    message = result.output.strip().splitlines()[-1]
    assert message == ("Error: cjk.ttc is a collection of 2 faces (#0: WenQuanYi Micro Hei; #1: WenQuanYi Micro Hei "
                       "Mono): there is no face 2; name one as cjk.ttc#N, N from 0 to 1")


def test_a_face_of_a_single_font_other_than_the_first_is_refused():
    with pytest.raises(UsageError, match=r"holds one font, not a collection: there is no face 1; drop '#1'"):
        load_font(Path(str(Path(__file__).parent.parent / "fonts" / "FiraSans-Bold.ttf") + "#1"))
    assert load_font(Path(str(Path(__file__).parent.parent / "fonts" / "FiraSans-Bold.ttf") + "#0"))


def test_a_file_whose_own_name_ends_in_a_hash_and_number_is_read_as_it_is(tmp_path):
    odd = tmp_path / "font#1.ttc"
    shutil.copy(CJK_COLLECTION, odd)
    assert font_face(odd) == (odd, None)
    assert font_face(Path(f"{odd}#1")) == (odd, 1)


def test_the_chosen_face_is_checked_not_only_the_first(tmp_path):
    """A collection whose second face points past the end of the file: face 0 prints, face 1
    is refused as damaged, with the file's name, never a crash."""
    data = bytearray(CJK_COLLECTION.read_bytes())
    struct.pack_into(">L", data, 16, len(data) + 100)  # face 1's table directory, past the end
    broken = tmp_path / "broken.ttc"
    broken.write_bytes(bytes(data))
    assert load_font(Path(f"{broken}#0")).index == 0
    with pytest.raises(Exception, match=r"broken\.ttc is cut short: its table directory runs past the end"):
        load_font(Path(f"{broken}#1"))


def test_a_settings_file_names_a_face_relative_to_its_folder(run):
    shutil.copy(CJK_COLLECTION, "cjk.ttc")
    Path("ja.txt").write_text("東京\n", encoding="utf-8")
    Path("cngen.yaml").write_text("deck:\n  font: cjk.ttc#1\n", encoding="utf-8")
    result = run("deck", "--words", "ja.txt", "-o", "out.pdf")
    assert result.exit_code == 0, result.output
    assert {name.split("+")[1] for name in _base_fonts(Path("out.pdf").read_bytes())} == {"WenQuanYiMicroHeiMono-1"}


def test_an_output_over_the_collection_is_refused_whatever_face_is_named(run):
    shutil.copy(CJK_COLLECTION, "cjk.ttc")
    before = Path("cjk.ttc").read_bytes()
    result = run("deck", "--font", "cjk.ttc#1", "-o", "cjk.ttc")
    assert result.exit_code == 2 and "would overwrite" in result.output and "--font cjk.ttc#1" in result.output
    assert Path("cjk.ttc").read_bytes() == before


# --- Embedded and subset ------------------------------------------------------------------------


def test_every_character_is_embedded_in_a_subset_of_the_face(tmp_path):
    pdf = _deck(tmp_path, WORDS, FACE_0).pdf
    fonts = _base_fonts(pdf)
    assert fonts and all(fonts.values()), "FontFile2 in every font"
    assert all(name[7] == "+" and name[1:7].isalpha() and name[1:7].isupper() for name in fonts)
    assert type0_fonts(pdf) == [], "CJK needs no shaping: ReportLab's own subsets carry it"
    text = "".join(page.get_textpage().get_text_range() for page in pypdfium2.PdfDocument(pdf))
    assert all(char in text for word in WORDS for char in word.replace(" ", ""))


# --- Breaking lines without spaces -----------------------------------------------------------------


def test_a_long_japanese_entry_breaks_between_characters_where_its_words_meet():
    face = fit_word("国際宇宙ステーション", LAYOUT, load_font(FACE_0))
    assert face.upright.lines == ("国際宇宙", "ステーション")


def test_a_long_entry_of_han_characters_breaks_evenly_without_a_space():
    word = "東京大学図書館空港電車学校"
    face = fit_word(word, LAYOUT, load_font(FACE_0))
    lines = face.upright.lines
    assert len(lines) == 2 and "".join(lines) == word and abs(len(lines[0]) - len(lines[1])) <= 1


def test_the_pdf_shows_the_entry_on_two_lines(tmp_path):
    pdf = _deck(tmp_path, ["国際宇宙ステーション"], FACE_0).pdf
    lines = pypdfium2.PdfDocument(pdf)[0].get_textpage().get_text_range().split("\r\n")
    assert "国際宇宙" in lines and "ステーション" in lines


def test_short_entries_stay_on_one_line():
    font = load_font(FACE_0)
    for word in ("東京", "富士山", "カメラ", "新幹線", "熊猫"):
        face = fit_word(word, LAYOUT, font)
        assert face.upright.lines == (word,) and face.upright.size == MAX_WORD_SIZE


def test_an_entry_breaks_without_a_space_only_below_the_legible_share():
    font = load_font(FACE_0)
    for word in ("東京富士山", "東京富士山新幹線", "東京富士山新幹線北京月", "東京富士山新幹線北京月亮国際"):
        single = fit_text(word, font, 150, 40, 30, 10)
        unbroken = min(30, 150 / font.width(word, 1.0), 40 / font.line_height(1.0))
        if unbroken >= UNSPACED_BREAK_BELOW * 30:
            assert single.lines == (word,)
        else:
            assert len(single.lines) == 2 and "".join(single.lines) == word


def test_breaks_never_split_a_latin_word_or_a_number_nor_break_the_kinsoku_rules():
    breaks = _unspaced_breaks("東京TOWER2024「カメラ」ー、ッ")
    firsts = {lines[1][0] for lines in breaks}
    lasts = {lines[0][-1] for lines in breaks}
    assert not any(lines[0][-1].isascii() and lines[1][0].isascii() for lines in breaks)
    assert not firsts & set("ー、ッ」") and "「" not in lasts
    assert ("東京", "TOWER2024「カメラ」ー、ッ") in breaks


def test_korean_breaks_at_its_spaces_first():
    face = fit_word("한국어 컴퓨터 학교 사랑 하늘 바다", LAYOUT, load_font(FACE_0))
    assert len(face.upright.lines) == 2 and all(not line.startswith(" ") for line in face.upright.lines)
    assert " ".join(face.upright.lines) == "한국어 컴퓨터 학교 사랑 하늘 바다"


# --- The same font on tiles and the rules sheet ---------------------------------------------------


def test_tiles_take_a_face_of_a_collection(run):
    shutil.copy(CJK_COLLECTION, "cjk.ttc")
    result = run("tokens", "--font", "cjk.ttc#1", "-o", "tiles.pdf")
    assert result.exit_code == 0, result.output
    assert {name.split("+")[1] for name in _base_fonts(Path("tiles.pdf").read_bytes())} == {"WenQuanYiMicroHeiMono-1"}


RULES_JA = """title: 東京
sections:
  - id: a
    title: 東京大学
    blocks:
      - text: {text}
"""


def test_a_japanese_rules_sheet_breaks_between_characters_and_keeps_full_stops_off_line_starts(run):
    """Platypus's CJK wrapping: without it this paragraph broke before its last full stop."""
    shutil.copy(CJK_COLLECTION, "cjk.ttc")
    text = "東京大学図書館空港電車学校" * 9 + "。カメラ、カメラ。"
    Path("ja.yaml").write_text(RULES_JA.format(text=text), encoding="utf-8")
    result = run("rules", "--text", "ja.yaml", "--font", "cjk.ttc#0", "-o", "rules.pdf")
    assert result.exit_code == 0, result.output
    lines = pypdfium2.PdfDocument("rules.pdf")[0].get_textpage().get_text_range().split("\r\n")
    body = [line for line in lines if line and line[0] in "東京大学図書館空港電車学校。カメラ、"]
    assert "".join(body).endswith(text) and len(body) > 3
    assert not [line for line in body if line[0] in "。、"]
