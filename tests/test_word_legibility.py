"""Words read across the table: the sizes the deck prints, read back from the PDF.

A character's printed size is its font size scaled by the text matrix and the page's
transformation (the card is turned a quarter on A4, the spymasters' copy half a turn more).
pdfminer boxes each character one em high across its direction, from the font's descent, so
the box's extent across the text is exactly that printed size, whatever the rotation. Where
a glyph can reach (its accents included) is that box stretched to the font's ascent, with
the metrics read from the font file here, not from cngen.

Card edges come from the cut marks beyond the cards: the home deck's cards butt, so every
cut runs between two neighbours and the cells between neighbouring cuts are the cards.
"""

from __future__ import annotations

import io
import math
import statistics
from collections import defaultdict
from dataclasses import dataclass

import builds
import pypdfium2
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pdfcheck import Rect
from pdfiumpage import Page, read_pages
from reportlab.pdfbase.ttfonts import TTFontFile

from generator.geometry.fit import fit_text
from generator.geometry.wordface import (
    MIN_MIRRORED_SIZE,
    MIN_WORD_SIZE,
    MIRRORED_SHARE,
    SAFE_INSET,
    fit_word,
    word_face_layout,
)
from generator.inputs.bundled import font_path
from generator.jobs.sources import load_font, load_words
from generator.settings.options import DeckOptions, SheetOptions, Style

MM = 72 / 25.4
FONT_FILE = TTFontFile(str(font_path()))
ASCENT, DESCENT = FONT_FILE.ascent / 1000, FONT_FILE.descent / 1000
CAP_HEIGHT = FONT_FILE.capHeight / 1000
STANDARD = load_words(None, "standard", dedupe=False).words
LONG_WORDS = ["ROLLER COASTER", "TIME MACHINE", "BLACK HOLE", "MONTAGNES RUSSES", "CHAUVE-SOURIS",
              "ÉCLAIR", "ŒUVRE", "ÇÀ ET LÀ", "A", "SUPERCALIFRAGILISTIC"]


@dataclass(frozen=True)
class PrintedWord:
    text: str  # its letters, without the spaces
    upside_down: bool  # the spymasters' copy
    size: float  # points, as printed
    reach: Rect  # where its glyphs can reach: advance along, descent to ascent across
    card: Rect


def letters(word: str) -> str:
    return word.replace(" ", "")


def glyph_reach(char: dict) -> tuple[float, Rect]:
    """(printed size, the box a glyph can fill) of one character (``pdfiumpage``: pdfminer's
    box, one em across)."""
    a, b, c, d, e, f = char["matrix"]
    vertical = abs(b) > abs(a)  # the text runs up or down the page
    size = char["x1"] - char["x0"] if vertical else char["bottom"] - char["top"]
    along = (a / math.hypot(a, b), b / math.hypot(a, b))
    up = (c / math.hypot(c, d), d / math.hypot(c, d))
    advance = char["adv"]
    corners = [(e + along[0] * s + up[0] * t * size, f + along[1] * s + up[1] * t * size)
               for s in (0.0, advance) for t in (DESCENT, ASCENT)]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return size, Rect(min(xs), min(ys), max(xs), max(ys))


def cut_cells(page: Page) -> list[Rect]:
    """The cards of a home sheet: the cells between neighbouring cut marks (upright marks
    above and below the cards, level ones beside them)."""
    marks = [line for line in page.lines if line["linewidth"] == pytest.approx(0.25)]
    xs = sorted({round(m["x0"], 3) for m in marks if m["x0"] == m["x1"]})
    ys = sorted({round(page.height - m["top"], 3) for m in marks if m["top"] == m["bottom"]})
    return [Rect(x0, y0, x1, y1) for x0, x1 in zip(xs, xs[1:]) for y0, y1 in zip(ys, ys[1:])]


def printed_words(page: Page, cards: list[Rect]) -> list[PrintedWord]:
    """Each copy of each word on the page, by card and direction. The field operatives' copy
    is the one on the outlined panel (the label); the spymasters' is on the band."""
    groups: dict[tuple[int, int], list[dict]] = defaultdict(list)
    for char in page.chars:
        a, b = char["matrix"][:2]
        direction = round(math.degrees(math.atan2(b, a))) % 360
        x, y = (char["x0"] + char["x1"]) / 2, page.height - (char["top"] + char["bottom"]) / 2
        index = next(i for i, card in enumerate(cards) if card.contains(x, y))
        groups[(index, direction)].append(char)
    labels = [panel for panel, outlined in panels(page) if outlined]
    words, upright_directions = [], set()
    for (index, direction), chars in groups.items():
        reaches = [glyph_reach(char) for char in chars]
        sizes = {round(size, 3) for size, _ in reaches}
        assert len(sizes) == 1, (chars[0]["text"], sizes)  # a word prints at one size
        boxes = [box for _, box in reaches]
        reach = Rect(min(b.x0 for b in boxes), min(b.y0 for b in boxes),
                     max(b.x1 for b in boxes), max(b.y1 for b in boxes))
        centre = ((reach.x0 + reach.x1) / 2, (reach.y0 + reach.y1) / 2)
        upright = any(label.contains(*centre) for label in labels)
        if upright:
            upright_directions.add(direction)
        text = "".join(char["text"] for char in chars).replace(" ", "")
        words.append(PrintedWord(text, not upright, sizes.pop(), reach, cards[index]))
    assert len(upright_directions) == 1  # every upright word of a sheet runs the same way
    assert len({direction for _, direction in groups}) == 2  # and every copy the other way
    return words


def panels(page: Page) -> list[tuple[Rect, bool]]:
    """The filled panels, and whether each is outlined: the label (outlined) and the band (the
    emblem's filled parts are far smaller)."""
    return [(Rect(c["x0"], page.height - c["bottom"], c["x1"], page.height - c["top"]), bool(c["stroke"]))
            for c in page.curves if c["fill"] and min(c["width"], c["height"]) > 5 * MM
            and max(c["width"], c["height"]) > 20 * MM]


@dataclass
class Deck:
    words: list[PrintedWord]
    panels: list[list[Rect]]  # per page
    pages: list[list[PrintedWord]]


def read_deck(pdf: bytes) -> Deck:
    pages, all_panels = [], []
    for page in read_pages(pdf):
        pages.append(printed_words(page, cut_cells(page)) if page.chars else [])
        all_panels.append([panel for panel, _ in panels(page)])
    return Deck([word for page in pages for word in page], all_panels, pages)


@pytest.fixture(scope="module")
def standard() -> Deck:
    return read_deck(builds.deck(DeckOptions()).pdf)


def sizes(deck: Deck, upside_down: bool) -> dict[str, float]:
    return {word.text: word.size for word in deck.words if word.upside_down == upside_down}


def test_every_word_of_the_deck_is_read_back_once_each_way(standard):
    assert len(standard.words) == 2 * len(STANDARD)
    assert sorted(sizes(standard, False)) == sorted(sizes(standard, True)) == sorted(map(letters, STANDARD))


def test_typical_words_print_large_across_the_table(standard):
    upright, mirrored = sizes(standard, False), sizes(standard, True)
    assert statistics.median(upright.values()) >= 26
    assert statistics.median(mirrored.values()) >= 16
    assert statistics.median(upright.values()) * CAP_HEIGHT >= 6.3 * MM
    # "Typical" is no cover for a short word: every entry of up to ten letters and spaces is large.
    short = [word for word in STANDARD if len(word) <= 10]
    assert len(short) > 400
    assert all(upright[letters(word)] >= 26 - 1e-6 for word in short)
    assert all(mirrored[letters(word)] >= 16 - 1e-6 for word in short)


def test_sizes_stay_between_the_floors_and_the_type_scale(standard):
    upright, mirrored = sizes(standard, False), sizes(standard, True)
    assert MIN_WORD_SIZE - 1e-6 <= min(upright.values()) and max(upright.values()) <= 30 + 1e-6
    assert MIN_MIRRORED_SIZE - 1e-6 <= min(mirrored.values()) and max(mirrored.values()) <= 18 + 1e-6
    assert all(mirrored[word] <= upright[word] + 1e-6 for word in upright)


def test_no_glyph_comes_within_four_millimetres_of_the_cut(standard):
    for word in standard.words:
        card, reach = word.card, word.reach
        assert card.contains(reach.x0, reach.y0, 4 * MM) and card.contains(reach.x1, reach.y1, 4 * MM), word


def inside(inner: Rect, outer: Rect) -> bool:
    slack = 1e-6
    return (outer.x0 - slack <= inner.x0 and inner.x1 <= outer.x1 + slack
            and outer.y0 - slack <= inner.y0 and inner.y1 <= outer.y1 + slack)


def assert_each_word_inside_a_panel(deck: Deck) -> None:
    """Nothing clipped: every copy of every word within one panel of its card, the upright
    word and the spymasters' copy in different ones."""
    for words, page_panels in zip(deck.pages, deck.panels):
        held: dict[tuple, set] = defaultdict(set)
        for word in words:
            holders = [panel for panel in page_panels if inside(word.reach, panel)]
            assert len(holders) == 1, word
            assert inside(holders[0], word.card)
            held[word.card.rounded()].add(holders[0].rounded())
        assert all(len(panels_used) == 2 for panels_used in held.values())


def test_nothing_is_clipped_each_word_sits_inside_its_panel(standard):
    assert_each_word_inside_a_panel(standard)


@pytest.fixture(scope="module")
def long_words_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("words") / "long.txt"
    path.write_text("\n".join(LONG_WORDS) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("card_size", [(70, 45), (63, 88), (88, 63), (50, 30)])
def test_long_entries_and_accents_fit_every_card_size(long_words_file, card_size):
    result = builds.deck(DeckOptions(words=long_words_file, blanks=0,
                                     card_size=(card_size[0] * MM, card_size[1] * MM)))
    deck = read_deck(result.pdf)
    assert sorted(word.text for word in deck.words if not word.upside_down) == sorted(map(letters, LONG_WORDS))
    assert_each_word_inside_a_panel(deck)
    for word in deck.words:
        assert word.card.contains(word.reach.x0, word.reach.y0, SAFE_INSET - 1e-6), word
        assert word.card.contains(word.reach.x1, word.reach.y1, SAFE_INSET - 1e-6), word


def test_a_long_entry_shrinks_and_a_short_one_does_not(long_words_file):
    deck = read_deck(builds.deck(DeckOptions(words=long_words_file, blanks=0)).pdf)
    upright = sizes(deck, False)
    assert upright["A"] == pytest.approx(30)
    assert MIN_WORD_SIZE <= upright["SUPERCALIFRAGILISTIC"] < upright["ROLLERCOASTER"] < upright["BLACKHOLE"] < 30


def test_blank_cards_keep_a_writing_line_in_each_panel(long_words_file):
    pdf = builds.deck(DeckOptions(words=long_words_file, blanks=3)).pdf
    (page,) = read_pages(pdf, [len(pypdfium2.PdfDocument(pdf)) - 2])  # the last fronts, with the blanks
    cards = cut_cells(page)
    page_panels = [panel for panel, _ in panels(page)]
    written = {card.rounded() for card in cards
               if any(card.contains((c["x0"] + c["x1"]) / 2, page.height - c["top"]) for c in page.chars)}
    blanks = [card for card in cards if card.rounded() not in written
              and any(inside(panel, card) for panel in page_panels)]
    assert len(blanks) == 3
    for card in blanks:
        lines = [Rect(line["x0"], page.height - line["bottom"], line["x1"], page.height - line["top"])
                 for line in page.lines if line["linewidth"] == pytest.approx(0.6)]
        card_panels = [panel for panel in page_panels if inside(panel, card)]
        assert len(card_panels) == 2
        for panel in card_panels:
            assert sum(inside(line, panel) for line in lines) == 1


def grey_at(image, point: tuple[float, float], page_height: float, scale: float) -> float:
    x, y = point
    return image.getpixel((round(x * scale), round((page_height - y) * scale)))


def test_light_ink_keeps_the_band_visible_and_the_label_framed(long_words_file):
    """On white paper the band still shows in greyscale and the white label keeps its frame."""
    pdf = builds.deck(DeckOptions(words=long_words_file, blanks=2, style=Style(ink="light"))).pdf
    scale = 2.0
    (page,) = read_pages(pdf, [len(pypdfium2.PdfDocument(pdf)) - 2])
    page_panels = [panel for panel, _ in panels(page)]
    card = next(card for card in cut_cells(page) if any(inside(p, card) for p in page_panels))
    card_panels = sorted((p for p in page_panels if inside(p, card)), key=lambda p: p.x0)
    outlined = [c for c in page.curves if c["stroke"] and c["fill"] and min(c["width"], c["height"]) > 5 * MM]
    height = page.height
    assert len(card_panels) == 2 and outlined
    document = pypdfium2.PdfDocument(pdf)
    image = document[len(document) - 2].render(scale=scale).to_pil().convert("L")
    ground = grey_at(image, (card.x0 + 2 * MM, card.y0 + 2 * MM), height, scale)
    middles = [grey_at(image, ((p.x0 + p.x1) / 2, p.y0 + 2 * MM), height, scale) for p in card_panels]
    assert ground >= 250  # white paper
    assert min(middles) <= ground - 20  # the band, a tint that still shows in grey
    assert max(middles) >= 250  # the label, white and framed


def test_print_shop_cards_keep_their_words_inside_the_trim(long_words_file):
    """A print-on-demand page is one card: its trim box is the cut, the bleed runs past it."""
    import pypdf

    pdf = builds.deck(DeckOptions(words=long_words_file, blanks=0, sheet=SheetOptions(profile="pod"))).pdf
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    pages = read_pages(pdf, shapes=False)
    assert len(pages) == len(reader.pages) and any(page.chars for page in pages)
    for page, raw in zip(pages, reader.pages):
        trim = Rect(*(float(v) for v in raw.trimbox))
        assert float(raw.bleedbox.width) > float(raw.trimbox.width)
        for char in page.chars:
            _, reach = glyph_reach(char)
            assert trim.contains(reach.x0, reach.y0, SAFE_INSET - 1e-6), char["text"]
            assert trim.contains(reach.x1, reach.y1, SAFE_INSET - 1e-6), char["text"]


# --- The geometry, for any card and any word --------------------------------------------------

FONT = load_font(None)
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZÉÈÇŒÀÜ-' "
WORDS = st.text(alphabet=ALPHABET, min_size=1, max_size=48).map(lambda t: " ".join(t.split())).filter(bool)
CARDS = st.tuples(st.floats(40, 130), st.floats(25, 130))


@settings(max_examples=150, deadline=None)
@given(WORDS, CARDS)
def test_a_word_either_fits_its_panels_at_or_above_the_floors_or_is_refused(word, card_mm):
    layout = word_face_layout(card_mm[0] * MM, card_mm[1] * MM)
    assume(layout.band_text.height >= FONT.line_height(MIN_MIRRORED_SIZE))  # else the card is refused
    face = fit_word(word, layout, FONT)
    if face is None:
        # Refused: one of the copies cannot reach its floor even using the whole text box.
        assert (fit_text(word, FONT, layout.label_text.width, layout.label_text.height, 30, MIN_WORD_SIZE) is None
                or fit_text(word, FONT, layout.band_text.width, layout.band_text.height, 18,
                            MIN_MIRRORED_SIZE) is None)
        return
    # A long word may take the emblem's strip (the opened label) and the condensed face.
    label = (layout.opened() if face.opened else layout).label_text
    for fitted, box, floor, top in ((face.upright, label, MIN_WORD_SIZE, 30),
                                    (face.mirrored, layout.band_text, MIN_MIRRORED_SIZE, 18)):
        font = FONT.condensed if fitted.condensed else FONT
        assert floor <= fitted.size <= top
        assert " ".join(fitted.lines) == word
        assert max(font.width(line, fitted.size) for line in fitted.lines) <= box.width + 1e-6
        assert len(fitted.lines) * font.line_height(fitted.size) <= box.height + 1e-6
        assert box.x >= SAFE_INSET - 1e-6 and box.right <= layout.card.width - SAFE_INSET + 1e-6
        assert box.y >= SAFE_INSET - 1e-6 and box.top <= layout.card.height - SAFE_INSET + 1e-6
    assert layout.label.top <= layout.emblem.y + 1e-6 and layout.emblem.top <= layout.band.y + 1e-6


def earlier_fit(word: str, card: tuple[float, float]):
    """The layout before issue 14, rebuilt here: label 46% and band 30% of the safe height,
    1.5 mm padding, at most 22 and 13 pt."""
    safe_width, safe_height = card[0] - 8 * MM, card[1] - 8 * MM
    label = fit_text(word, FONT, safe_width - 3 * MM, 0.46 * safe_height - 3 * MM, 22, MIN_WORD_SIZE)
    band = fit_text(word, FONT, safe_width - 3 * MM, 0.30 * safe_height - 3 * MM, 13, MIN_MIRRORED_SIZE)
    return label, band


@settings(max_examples=150, deadline=None)
@given(WORDS, CARDS)
def test_no_word_the_earlier_layout_accepted_is_refused_or_printed_smaller_upside_down(word, card_mm):
    card = (card_mm[0] * MM, card_mm[1] * MM)
    label, band = earlier_fit(word, card)
    assume(label is not None and band is not None)
    face = fit_word(word, word_face_layout(*card), FONT)
    assert face is not None
    # The spymasters' copy now stays a step below the upright word (MIRRORED_SHARE of it).
    assert face.mirrored.size >= min(band.size, MIRRORED_SHARE * face.upright.size) - 1e-6


@pytest.mark.parametrize("deck", ["standard", "francais"])
def test_every_bundled_word_is_accepted_and_none_prints_much_smaller_than_before(deck):
    card = (70 * MM, 45 * MM)
    layout = word_face_layout(*card)
    for word in load_words(None, deck, dedupe=False).words:
        label, band = earlier_fit(word, card)
        face = fit_word(word, layout, FONT)
        assert face is not None, word
        # The widest entries keep a wider gap to their panel's sides now: a few per cent at most.
        assert face.upright.size >= 0.97 * label.size and face.mirrored.size >= band.size - 1e-6, word
