"""The printed deck, read back from the PDF as a person holding the sheets would check it."""

from __future__ import annotations

import io
from dataclasses import dataclass

import builds
import pypdf
import pytest
from pdfcheck import PlacedText, Rect, assert_same_pdf, card_rects, font_report, placed_texts, theme_for
from pdfiumpage import near, paint
from pdfiumpage import read_pages as read_pdfium

from generator.geometry.sheet import HOME_BLEED
from generator.jobs.deck import build_deck
from generator.jobs.sources import load_words
from generator.settings.options import DeckOptions, SheetOptions
from generator.units import MM, parse_paper

CARD = paint(theme_for().card)
PRINTABLE = 5 * MM  # the default margin, which a home printer cannot print


@dataclass
class Page:
    width: float
    height: float
    cards: list[Rect]
    texts: list[PlacedText]
    lines: list[dict]


def read_pages(pdf: bytes, numbers=None) -> list[Page]:
    pages = []
    for page in read_pdfium(pdf, numbers):
        # Each card's ground runs HOME_BLEED past its cut (clipped where the sheet allows less).
        cards = [Rect(r.x0 + HOME_BLEED, r.y0 + HOME_BLEED, r.x1 - HOME_BLEED, r.y1 - HOME_BLEED)
                 for r in card_rects(page, CARD)]
        pages.append(Page(page.width, page.height, cards, placed_texts(page, cards), list(page.lines)))
    return pages


@pytest.fixture(scope="module")
def standard():
    result = builds.deck(DeckOptions())
    return result, read_pages(result.pdf)


def words_by_direction(pages: list[Page], direction: int) -> list[str]:
    return [text.text for page in pages for text in page.texts if text.direction == direction]


def test_the_standard_deck_fills_fourteen_a4_sheets(standard):
    result, pages = standard
    words = load_words(None, "standard", dedupe=False).words
    assert result.cards == len(words) // 2 + 5 == 222
    assert (result.sheets, result.pages, len(pages)) == (14, 28, 28)
    assert all((page.width, page.height) == pytest.approx(parse_paper("a4")) for page in pages)


def test_every_word_is_printed_once_upright_and_once_upside_down(standard):
    _, pages = standard
    words = sorted(load_words(None, "standard", dedupe=False).words)
    # On A4 the cards are turned a quarter: upright words run up the page, the copies run down.
    assert sorted(words_by_direction(pages, 90)) == words
    assert sorted(words_by_direction(pages, 270)) == words
    assert not words_by_direction(pages, 0) and not words_by_direction(pages, 180)


def test_both_copies_of_a_word_share_one_card(standard):
    _, pages = standard
    for page in pages:
        by_card: dict[tuple, set[str]] = {}
        for text in page.texts:
            by_card.setdefault(text.card.rounded(), set()).add(text.text)
        assert all(len(words) == 1 for words in by_card.values())


def test_every_word_keeps_four_millimetres_from_the_cut(standard):
    _, pages = standard
    for page in pages:
        for text in page.texts:
            box, card = text.bbox, text.card
            assert card.contains(box.x0, box.y0, 4 * MM) and card.contains(box.x1, box.y1, 4 * MM), text


def test_each_back_sits_behind_its_front_when_flipped_on_the_long_edge(standard):
    _, pages = standard
    words = load_words(None, "standard", dedupe=False).words
    front_of = {text.text: text.card for page in pages[0::2] for text in page.texts if text.direction == 90}
    back_of = {text.text: text.card for index, page in enumerate(pages) if index % 2
               for text in page.texts if text.direction == 90}
    width = pages[0].width
    for first, second in zip(words[0::2], words[1::2]):
        front, back = front_of[first], back_of[second]
        assert near(back, Rect(width - front.x1, front.y0, width - front.x0, front.y1))


def test_short_edge_backs_swap_top_and_bottom():
    result = builds.deck(DeckOptions(sheet=SheetOptions(sides="short-edge"), blanks=0))
    pages = read_pages(result.pdf, [0, 1])
    words = load_words(None, "standard", dedupe=False).words
    front = next(t.card for t in pages[0].texts if t.text == words[0])
    back = next(t.card for t in pages[1].texts if t.text == words[1])
    height = pages[0].height
    assert near(back, Rect(front.x0, height - front.y1, front.x1, height - front.y0))


def test_blank_cards_carry_no_text_on_either_side(standard):
    _, pages = standard
    last_front, last_back = pages[-2], pages[-1]
    with_text = {text.card.rounded() for text in last_front.texts}
    blank_fronts = [card for card in last_front.cards if card.rounded() not in with_text]
    assert len(blank_fronts) == 5
    assert len(last_back.cards) == len(last_front.cards)


def test_an_odd_word_count_leaves_a_blank_back(tmp_path):
    words = tmp_path / "three.txt"
    words.write_text("bank\npitch\nmercury\n", encoding="utf-8")
    result = builds.deck(DeckOptions(words=words, blanks=0))
    front, back = read_pages(result.pdf)
    assert result.blank_back and result.cards == 2
    assert sorted(t.text for t in front.texts if t.direction == 90) == ["BANK", "MERCURY"]
    assert [t.text for t in back.texts if t.direction == 90] == ["PITCH"]
    assert len(back.cards) == 2


def at(value: float, target: float) -> bool:
    return value == pytest.approx(target, abs=0.01)  # PDFium reads coordinates as 32-bit floats


def test_cut_marks_run_from_every_card_edge_to_the_printable_areas_edge(standard):
    _, pages = standard
    for page in pages[:2]:
        marks = [line for line in page.lines if line["linewidth"] == pytest.approx(0.25)]
        xs = {round(x, 2) for card in page.cards for x in (card.x0, card.x1)}
        ys = {round(y, 2) for card in page.cards for y in (card.y0, card.y1)}
        upright = [m for m in marks if m["x0"] == m["x1"]]
        across = [m for m in marks if m["top"] == m["bottom"]]
        to_top = {round(m["x0"], 2) for m in upright if at(m["top"], PRINTABLE)}
        to_bottom = {round(m["x0"], 2) for m in upright if at(m["bottom"], page.height - PRINTABLE)}
        to_left = {round(page.height - m["top"], 2) for m in across if at(m["x0"], PRINTABLE)}
        to_right = {round(page.height - m["top"], 2) for m in across if at(m["x1"], page.width - PRINTABLE)}
        assert xs == to_top == to_bottom and len(xs) == 5
        assert ys == to_left == to_right and len(ys) == 5
        assert len(marks) == 20  # nothing else: no mark where the printer cannot print


def test_every_font_is_embedded_and_subset_and_there_is_no_helvetica(standard):
    result, _ = standard
    fonts = font_report(io.BytesIO(result.pdf))
    assert [font["name"] for font in fonts] == ["/AAAAAA+FiraSans-Bold"]
    assert all(font["embedded"] and font["subset"] for font in fonts)
    assert b"Helvetica" not in result.pdf


def test_the_viewer_is_asked_for_actual_size_and_long_edge_duplex(standard):
    result, _ = standard
    preferences = pypdf.PdfReader(io.BytesIO(result.pdf)).trailer["/Root"]["/ViewerPreferences"]
    assert preferences == {"/PrintScaling": "/None", "/Duplex": "/DuplexFlipLongEdge"}


def test_home_prints_use_rgb_colour_only(standard):
    result, _ = standard
    for page in pypdf.PdfReader(io.BytesIO(result.pdf)).pages:
        operators = {op for _, op in pypdf.generic.ContentStream(page.get_contents(), None).operations}
        assert {b"rg", b"RG"} <= operators
        assert not operators & {b"k", b"K"}


def test_the_same_inputs_give_the_same_bytes(standard):
    result, _ = standard
    assert_same_pdf(build_deck(DeckOptions()).pdf, result.pdf, "the default deck")
    assert_same_pdf(build_deck(DeckOptions(seed=7)).pdf, builds.deck(DeckOptions(seed=7)).pdf, "a shuffled deck")


def test_a_seed_shuffles_the_pairs_but_prints_the_same_words(standard):
    _, pages = standard
    shuffled = read_pages(builds.deck(DeckOptions(seed=7)).pdf)
    first_words = [t.text for t in shuffled[0].texts if t.direction == 90]
    assert first_words != [t.text for t in pages[0].texts if t.direction == 90]
    assert sorted(words_by_direction(shuffled, 90)) == sorted(words_by_direction(pages, 90))


def test_the_french_deck_prints_its_accents_exactly():
    result = builds.deck(DeckOptions(deck="francais", blanks=0))
    pages = read_pages(result.pdf)
    words = load_words(None, "francais", dedupe=False).words
    assert sum(1 for word in words if not word.isascii()) >= 60
    assert sorted(words_by_direction(pages, 90)) == sorted(words)
    assert sorted(words_by_direction(pages, 270)) == sorted(words)


def test_letter_paper_holds_twelve_cards_a_sheet(tmp_path):
    result = builds.deck(DeckOptions(sheet=SheetOptions(paper=parse_paper("letter")), blanks=7))
    pages = read_pages(result.pdf, [0])
    assert (pages[0].width, pages[0].height) == pytest.approx((612, 792))
    assert len(pages[0].cards) == 12 and result.sheets == -(-(217 + 7) // 12)


def test_a_square_card_is_drawn_upright_and_its_words_still_fit(tmp_path):
    words = tmp_path / "w.txt"
    words.write_text("ice cream\nnew york city\n", encoding="utf-8")
    result = builds.deck(DeckOptions(words=words, blanks=0, card_size=(70 * MM, 70 * MM)))
    front, _ = read_pages(result.pdf)
    assert {(t.text, t.direction) for t in front.texts} == {("ICE CREAM", 0), ("ICE CREAM", 180)}
