"""The rules sheet read back: sections, counts that match the kit, columns, pages, fonts."""

from __future__ import annotations

import functools
import io
from collections import Counter

import builds
import pypdf
import pytest
from pdfcheck import font_report, pdf_pages, theme_for
from pdfiumpage import paint, plumber_pages, text_lines

from generator.errors import CngenError
from generator.games import GAMES
from generator.games.classic import VARIANTS
from generator.jobs.rules import default_contents, game_text
from generator.model.ruletext import parse_rules
from generator.settings.options import DeckOptions, KeyOptions, RulesOptions
from generator.units import MM, parse_paper

CLASSIC = GAMES["classic"]
CONTENTS = default_contents(CLASSIC)[0]
TEXT = game_text(CLASSIC)
THEME = theme_for()


@functools.cache
def bundled_rules():
    return parse_rules(CLASSIC.rules_text("en").read_bytes(), "en.yaml", CONTENTS, TEXT)


def page_texts(pdf: bytes) -> list[str]:
    return [" ".join(text.split()) for text in pdf_pages(pdf)]


@pytest.fixture(scope="module")
def full():
    result = builds.rules(RulesOptions())
    return result, page_texts(result.pdf)


@pytest.fixture(scope="module")
def plumbed(full):
    """The default sheet's pages read once with PDFium, for the tests that read its lines and
    shapes (pdfiumpage: pdfplumber's keys, colours as PDFium paints them)."""
    return plumber_pages(full[0].pdf, shapes=True)


def test_the_sheet_is_two_pages_with_page_numbers(full):
    result, texts = full
    assert result.pages == len(texts) == 2
    assert "How to play · page 1" in texts[0] and "How to play · page 2" in texts[1]


def test_every_section_of_the_text_is_printed(full):
    result, texts = full
    text = " ".join(texts)
    titles = [section.title for section in bundled_rules().sections]
    assert len(titles) == 14
    for title in titles:
        assert title in text


def test_the_components_match_what_cngen_prints(full):
    _, texts = full
    deck = builds.deck(DeckOptions())
    word_cards = deck.cards - deck.blank_cards
    expected = [f"{word_cards} word cards", f"{deck.words} codenames", f"{deck.blank_cards} blank cards",
                f"{KeyOptions(seed=0).count} key cards", "80 keys", "25 cover tiles", "8 red agents",
                "8 blue agents", "1 double agent", "7 innocent bystanders", "1 assassin"]
    for phrase in expected:
        assert phrase in texts[0], phrase


def test_the_text_runs_in_two_columns(plumbed):
    page = plumbed[0]
    starts = Counter(round(line["x0"] / MM) for line in text_lines(page.chars))
    width_mm = page.width / MM
    left = sum(n for x, n in starts.items() if x <= 20)
    right = sum(n for x, n in starts.items() if abs(x - (width_mm + 8) / 2) <= 4)
    assert left > 15 and right > 15


def test_the_drawn_example_shows_a_complete_key(plumbed):
    letters = {paint(THEME.colour("red")): "R", paint(THEME.colour("blue")): "B", paint(THEME.colour("bystander")): "N",
               paint(THEME.colour("assassin")): "A"}
    cells = [letters[c["non_stroking_color"]] for page in plumbed for c in page.curves
             if c["fill"] and c["non_stroking_color"] in letters and abs(c["width"] - c["height"]) < 0.3
             and 2 * MM < c["width"] < 8 * MM]
    example = bundled_rules().example
    assert Counter(cells) == Counter(example.key.cells)


def test_variants_can_be_left_out():
    texts = " ".join(page_texts(builds.rules(RulesOptions(variants=("match",))).pdf))
    titles = {section.variant: section.title for section in bundled_rules().sections if section.variant}
    assert titles["match"] in texts
    assert all(title not in texts for variant, title in titles.items() if variant != "match")
    bare = " ".join(page_texts(builds.rules(RulesOptions(variants=())).pdf))
    assert not any(title in bare for title in titles.values()) and "VARIANT" not in bare


def test_fonts_are_embedded_and_nothing_else_sneaks_in(full):
    result, _ = full
    fonts = font_report(io.BytesIO(result.pdf))
    assert [f["name"].split("+")[1] for f in fonts] == ["FiraSans-Bold", "FiraSans-Italic", "FiraSans-Regular"]
    assert all(f["embedded"] and f["subset"] for f in fonts)


def test_letter_paper_still_fits_two_pages():
    result = builds.rules(RulesOptions(paper=parse_paper("letter")))
    assert result.pages == 2
    assert pypdf.PdfReader(io.BytesIO(result.pdf)).pages[0].mediabox[2:] == [612, 792]


def test_another_text_file_is_printed_with_its_own_words(tmp_path):
    text = tmp_path / "fr.yaml"
    text.write_text(
        "title: Règles\nsubtitle: Deux équipes\nsections:\n"
        "  - id: jeu\n    title: Le jeu\n    blocks:\n      - text: \"{key_cards} cartes clés, {tiles} tuiles.\"\n",
        encoding="utf-8",
    )
    texts = page_texts(builds.rules(RulesOptions(text=text)).pdf)
    assert texts == ["Codenames Règles · Deux équipes Le jeu 40 cartes clés, 25 tuiles. Codenames · Règles · page 1"]


def test_a_text_with_an_unknown_placeholder_is_refused():
    data = b"title: x\nsections:\n  - id: a\n    title: A\n    blocks:\n      - text: \"{cards}\"\n"
    with pytest.raises(CngenError, match=r"r\.yaml:6: section 'a', block 1: unknown placeholder \{cards\}"):
        parse_rules(data, "r.yaml", CONTENTS, TEXT)


def test_every_variant_in_the_bundled_text_is_known():
    variants = [s.variant for s in bundled_rules().sections if s.variant]
    assert variants == list(VARIANTS)


def test_a_rules_text_that_is_not_utf8_names_its_line():
    with pytest.raises(CngenError, match=r"^r\.yaml:2: this is not UTF-8 text: save the file as UTF-8"):
        parse_rules(b"title: x\nsubtitle: caf\xe9\n", "r.yaml", CONTENTS, TEXT)
