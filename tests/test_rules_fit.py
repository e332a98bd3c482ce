"""Rules sheets that fit: every bundled game in every bundled language on A4 and Letter
takes two pages or one, its body set smaller only where a text needs it and never below 8.5 pt;
a text too long even then says so and balances its last page's columns rather than leave one
empty; the score table's columns are as wide as their content; the example's grid prints every
word at one size; the Duet text counts a side's assassins and bystanders; the English texts
spell British; the English deck's weak nouns are gone."""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import builds
import pytest
from msgspec.structs import replace
from pdfiumpage import plumber_pages, read_pages, text_lines
from pdfplumber.utils import extract_words
from pdfplumber.utils.geometry import crop_to_bbox

from generator.draw.rules import Poured, SheetLayout, Spacing, rules_size
from generator.games import GAMES
from generator.geometry.rulesexample import fit_words
from generator.geometry.rulespage import BODY_SIZES, MOST_PAGES, Measure, rules_page, table_widths
from generator.geometry.style import BODY
from generator.inputs.bundled import BOLD
from generator.jobs.contents import picture_phrase
from generator.jobs.language import settle_language, shipped_languages
from generator.jobs.rules import build_rules, default_contents, prepare_rules, rules_pages
from generator.jobs.sources import load_font, load_words
from generator.settings.options import RulesOptions, Style
from generator.units import MM, parse_paper

ROOT = Path(__file__).resolve().parents[1]
GAME_NAMES = ("classic", "duet", "pictures")
LANGUAGES = tuple(shipped_languages().languages)  # every language cngen ships, as its folders are found
PAPERS = ("a4", "letter")
SMALLEST = BODY_SIZES[-1]


# --- Every bundled sheet: two pages or one ---------------------------------------------------


@functools.cache
def contents(game: str, lang: str):
    """The default kit's contents in ``lang`` and its language. The picture deck is read once
    (reading it is most of the cost): its words on the sheet are the only part that changes
    with the language."""
    if GAMES[game].grid.cards.name != "picture" or lang == "en":
        return default_contents(GAMES[game], Style(lang=lang))
    counted, _ = contents(game, "en")
    language = settle_language(GAMES[game], lang)
    return replace(counted, deck=picture_phrase(None, language.labels)), language


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_bundled_sheet_takes_two_pages_or_one_at_a_legible_size(game, lang, paper):
    counted, language = contents(game, lang)
    options = RulesOptions(paper=parse_paper(paper), contents=counted, style=Style(lang=lang))
    layout = rules_pages(GAMES[game], options, language)
    assert layout.pages <= MOST_PAGES, f"{game} in {lang} on {paper}: {layout.pages} pages"
    assert SMALLEST <= layout.size <= BODY


class Scratch:
    """A stand-in for the sheet poured on scratch canvases: ``pages`` at each body size."""

    def __init__(self, pages: dict[float, int], columns: int = 2):
        self.pages, self.poured = pages, []
        self.page = replace(rules_page(parse_paper("a4")), columns=columns)

    def pour(self, spacing: Spacing, pages: int = 0, balanced: float | None = None) -> Poured:
        self.poured.append(spacing.size)
        return Poured(self.pages[spacing.size], (100.0, 100.0), 600.0)


@pytest.mark.parametrize("pages, size, poured", [
    ({9.5: 2, 9.0: 2, 8.5: 1}, 9.5, [9.5]),  # fits: never set smaller, whatever it would save
    ({9.5: 1, 9.0: 1, 8.5: 1}, 9.5, [9.5]),
    ({9.5: 3, 9.0: 2, 8.5: 2}, 9.0, [9.5, 8.5, 9.0]),  # the largest size that keeps to two pages
    ({9.5: 3, 9.0: 3, 8.5: 2}, 8.5, [9.5, 8.5, 9.0]),
    ({9.5: 3, 9.0: 3, 8.5: 3}, 9.5, [9.5, 8.5]),  # too long at any size: the body's own size
    ({9.5: 4, 9.0: 3, 8.5: 2}, 9.5, [9.5]),  # a page and more over: no size saves it
])
def test_the_body_is_set_smaller_only_to_keep_a_sheet_to_two_pages(pages, size, poured):
    scratch = Scratch(pages)
    spacing, result = rules_size(scratch)
    assert spacing.size == size and result.pages == pages[size] and scratch.poured == poured
    assert spacing.leading / spacing.size == pytest.approx(11.3 / BODY)  # the tightest spacing, in proportion


def test_a_sheet_in_one_column_keeps_the_bodys_size():
    scratch = Scratch({9.5: 3, 9.0: 2, 8.5: 2}, columns=1)
    assert rules_size(scratch)[0].size == BODY and scratch.poured == [BODY]
    assert SheetLayout(rules_size(scratch)[0], 5).fits is False


# A text of the classic game's shape, ``count`` sections of one paragraph each: 29 take two
# pages at 9.5 pt, 35 at 8.5 pt (measured), so that 32 shows the body set smaller and 38 a
# text too long for two pages at any size, its third page holding a column and a bit.
FILLER = ("the spymaster gives a clue of one word and one number and the operatives talk it over before they "
          "touch a card on the table while the other team waits its turn and listens").split()


def filler_text(path: Path, count: int) -> Path:
    sections = []
    for index in range(count):
        words = " ".join(FILLER[(index * 7 + step) % len(FILLER)] for step in range(60))
        sections.append(f"  - id: s{index}\n    title: Section {index + 1}\n    blocks:\n"
                        f"      - text: \"{words.capitalize()}.\"\n")
    path.write_text("title: Long rules\nsections:\n" + "".join(sections), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def filler(tmp_path_factory):
    folder = tmp_path_factory.mktemp("filler")
    return {count: build_rules(GAMES["classic"], RulesOptions(text=filler_text(folder / f"{count}.yaml", count)))
            for count in (32, 38)}


def body_sizes(pdf: bytes) -> Counter:
    """How many characters the sheet's regular face sets at each size (its running text)."""
    return Counter(round(char["size"], 2) for page in plumber_pages(pdf) for char in page.chars
                   if char["fontname"].endswith("FiraSans-Regular") and char["top"] < page.height - 20 * MM)


def test_a_text_a_little_too_long_is_set_smaller_to_keep_to_two_pages(filler):
    result = filler[32]
    assert result.pages == 2 and SMALLEST <= result.body_size < BODY and not result.notes
    sizes = body_sizes(result.pdf)
    assert sizes.most_common(1)[0][0] == result.body_size and min(sizes) >= SMALLEST


def test_a_text_too_long_for_two_pages_says_so_and_balances_its_last_page(filler):
    result = filler[38]
    assert result.pages == 3 and result.body_size == BODY
    assert result.notes == (f"{result.rules.source}: the rules sheet takes 3 pages: its text is too long for two "
                            "even at 8.5 pt; print it as it is, or give a shorter text with --text",)
    page = read_pages(result.pdf, shapes=False)[-1]
    body = [char for char in page.chars if char["top"] < page.height - 20 * MM]
    columns = [[char for char in body if (char["x0"] < page.width / 2) == left] for left in (True, False)]
    assert all(columns), "a column of the last page is empty"
    feet = [max(char["bottom"] for char in column) for column in columns]
    assert abs(feet[0] - feet[1]) < 40  # points: the columns end within a few lines of each other
    assert max(feet) < page.height * 0.8  # and well above the foot: the page is shared, not filled


# --- The score table, the example's grid -----------------------------------------------------


def measure(text: str, digits: bool = False) -> Measure:
    """A stand-in measure: 5 points a character, words broken at spaces."""
    words = text.split()
    halves = [(" ".join(words[:cut]), " ".join(words[cut:])) for cut in range(1, len(words))]
    two = min((max(len(a), len(b)) * 5.0 for a, b in halves), default=len(text) * 5.0)
    return Measure(len(text) * 5.0, two, max(len(word) for word in words) * 5.0)


def test_a_one_digit_column_is_as_narrow_as_its_head_allows_and_no_row_wraps():
    heads = [measure("Enemy agents left"), measure("Your rating")]
    rows = [[measure(str(n)) for n in range(8, 0, -1)],
            [measure("Did the other side even show up?"), measure("Scraped home by a whisker.")]]
    widths = table_widths(heads, rows, 270.0, 6.0)
    assert sum(widths) == pytest.approx(270.0)
    assert widths[1] >= 32 * 5.0 + 6  # the longest rating on one line
    assert widths[0] == pytest.approx(17 * 5.0 + 6)  # the head on one line, no wider: the rest to the ratings
    narrow = table_widths(heads, rows, 230.0, 6.0)  # no room for the head on one line: two, and rows on one
    assert narrow[1] >= 32 * 5.0 + 6 - 1e-9 and 11 * 5.0 + 6 <= narrow[0] < 17 * 5.0 + 6


def test_a_table_too_narrow_for_its_rows_keeps_each_columns_widest_word():
    heads = [measure("Agents"), measure("Verdict")]
    rows = [[measure("8")], [measure("A very long verdict that must wrap somewhere")]]
    widths = table_widths(heads, rows, 120.0, 6.0)
    assert sum(widths) == pytest.approx(120.0) and widths[0] >= 6 * 5.0 + 6 and widths[1] >= 8 * 5.0 + 6


def test_the_example_grid_sets_every_word_at_one_size():
    bold = load_font(None, BOLD)
    fitted = fit_words(["MAP", "PLANET", "TRUMPET", "TROMPETTE"], bold, 41.0, 14.0)
    assert len({word.size for word in fitted}) == 1 and all(len(word.lines) == 1 for word in fitted)
    alone = fit_words(["TROMPETTE"], bold, 41.0, 14.0)[0]
    assert fitted[0].size == pytest.approx(alone.size)  # the longest word's size, for all
    assert fit_words(["MAP", "X" * 40], bold, 41.0, 14.0)[1] is None  # one too long is still reported


def spaced(text: str) -> str:
    """Text with every kind of space as one plain space (a no-break space extracts as either)."""
    return " ".join(re.split(r"[\s\u00a0\u202f]+", text.strip()))


@pytest.fixture(scope="module")
def french():
    """The French classic sheet on A4: the longest of the bundled texts, built and read once
    (PDFium's characters, in words and lines as pdfplumber's text tools set them)."""
    result = builds.rules(RulesOptions(style=Style(lang="fr", title="Codenames")))
    pages = [(page.width, page.height, extract_words(page.chars, extra_attrs=["fontname", "size"]),
              [line for half in (0, 1) for line in
               text_lines(crop_to_bbox(page.chars, (half * page.width / 2, 0, (half + 1) * page.width / 2,
                                                    page.height)))])
             for page in plumber_pages(result.pdf)]
    return result, pages


def test_the_french_sheet_reads_on_two_pages_its_table_rows_on_one_line_each(french):
    result, pages = french
    assert result.pages == len(pages) == 2
    table = next(block.content for section in result.rules.sections for block in section.blocks
                 if block.kind == "table")
    lines = [spaced(line["text"]) for _, _, _, column in pages for line in column]
    for row in table.rows:
        number, verdict = (spaced(cell.plain) for cell in row)
        assert f"{number} {verdict}" in lines, (number, verdict)
    printed = {word for line in lines for word in line.split()}
    for head in table.columns:  # a head may wrap, but at spaces only
        assert set(spaced(head.plain).split()) <= printed, head.plain


def test_the_french_example_grid_prints_every_word_at_one_size(french):
    result, pages = french
    words = set(result.rules.example.words)
    sizes = {round(word["size"], 2) for _, _, found, _ in pages for word in found
             if word["text"] in words and word["fontname"].endswith("Bold") and word["size"] < 12}
    assert len(words) == 25 and len(sizes) == 1 and min(sizes) >= 7


@pytest.mark.parametrize("game", ["classic", "duet"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_bundled_example_grid_has_one_size(game, lang):
    counted, language = contents(game, lang)
    sheet = prepare_rules(GAMES[game], RulesOptions(contents=counted, style=Style(lang=lang)), language)
    sizes = {word.size for word in sheet.art.layout.words}
    assert len(sizes) == 1 and min(sizes) >= 7


# --- Texts ------------------------------------------------------------------------------------


def test_the_duet_rules_count_a_sides_agents_assassins_and_bystanders():
    result = builds.rules(RulesOptions(style=Style(title="Codenames")), "duet")
    text = " ".join(" ".join(span.text for span in block.content.spans) for section in result.rules.sections
                    for block in section.blocks if block.kind == "text")
    assert "Every side holds 9 agents, 3 assassins and 13 bystanders." in text


AMERICAN = re.compile(r"\b(color\w*|favor\w*|gray\w*|center(s|ed)?|toward|behavior\w*|honor\w*|"
                      r"\w+iz(e|ed|es|ing|ation))\b", re.IGNORECASE)
NOT_AMERICAN = {"prize", "size", "sizes", "seize"}
ENGLISH_TEXTS = sorted([*ROOT.glob("languages/en/*.yaml"), ROOT / "editions/party/edition.yaml"])


@pytest.mark.parametrize("path", ENGLISH_TEXTS, ids=lambda path: str(path.relative_to(ROOT)))
def test_english_texts_spell_british(path):
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if not line.lstrip().startswith("#")]
    found = {match.group(0) for line in lines for match in AMERICAN.finditer(line)}
    assert {word for word in found if word.lower() not in NOT_AMERICAN} == set()


def test_the_english_deck_drops_its_weak_nouns_and_keeps_its_count():
    words = load_words(None, "standard", dedupe=False).words
    assert len(words) == 434 and not {"ARCTIC", "MINOR", "BOUNCE"} & set(words)
    assert {"BOXER", "QUARRY", "SEASON"} <= set(words)
