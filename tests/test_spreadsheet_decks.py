"""Decks kept in a spreadsheet, as a teacher keeps a class's vocabulary: a CSV and an XLSX made
here (openpyxl writes it), printed, and the PDFs read back: each word and its second line on
both halves of its card at sizes that read across a table, the rows, copies and categories
counted, and every mistake one message naming the file, the row and the column."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from pdfiumpage import direction, read_pages, runs

from generator.cli import main
from generator.geometry.wordface import MIN_SECOND_SIZE

LEGIBLE = 24.0  # the upright word on a card of the word alone reaches this: so does it above its line

# A French class's words: the word the players guess and, beneath it, its English meaning.
VOCABULARY = [
    ("POMME", "apple", "fruit", ""), ("POIRE", "pear", "fruit", "2"), ("CERISE", "cherry", "fruit", ""),
    ("CHAT", "cat", "animals", ""), ("CHIEN", "dog", "animals", ""), ("PAPILLON", "butterfly", "animals", ""),
    ("BIBLIOTHÈQUE", "library", "school", ""), ("CRAYON", "pencil", "school", "3"), ("CARTABLE", "school bag", "school", ""),
    ("TABLEAU NOIR", "blackboard", "school", ""), ("GOMME", "rubber", "school", ""), ("RÈGLE", "ruler", "school", ""),
]
HEADER = ("word", "second", "category", "copies")


def _csv(path: Path, rows, header=HEADER, delimiter: str = ",") -> Path:
    with path.open("w", encoding="utf-8", newline="") as stream:
        csv.writer(stream, delimiter=delimiter).writerows([header, *rows])
    return path


def _xlsx(path: Path, rows, header=HEADER, title: str = "Words") -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Notes"
    sheet.append(["nothing to read here"])
    words = book.create_sheet(title)
    words.append(list(header))
    for row in rows:
        words.append([int(cell) if cell.isdigit() else cell or None for cell in row])
    book.save(path)
    return path


def _run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _texts(pdf: Path) -> list[tuple[str, float, int]]:
    """Every run of characters of one size and way as (text without spaces, size, direction)."""
    found = []
    for page in read_pages(pdf.read_bytes(), shapes=False):
        chars = [char for char in page.chars if char["text"].strip()]
        for run in runs(chars, lambda before, char: abs(before["size"] - char["size"]) < 0.01
                        and direction(before) == direction(char)
                        and abs(before["matrix"][5] - char["matrix"][5]) + abs(before["matrix"][4] - char["matrix"][4])
                        < 3 * char["size"]):
            found.append(("".join(char["text"] for char in run), run[0]["size"], direction(run[0])))
    return found


@pytest.fixture(scope="module")
def csv_deck(tmp_path_factory):
    folder = tmp_path_factory.mktemp("csv")
    source = _csv(folder / "french.csv", VOCABULARY)
    pdf = folder / "deck.pdf"
    result = _run("deck", "--words", str(source), "--blanks", "0", "-o", str(pdf))
    assert result.exit_code == 0, result.output
    return pdf, result.output


def test_every_word_and_its_second_line_print_on_both_halves_at_sizes_read_across_a_table(csv_deck):
    pdf, _ = csv_deck
    texts = _texts(pdf)
    for word, second, _, _ in VOCABULARY:
        words = sorted((size, way) for text, size, way in texts if text == word.replace(" ", ""))
        seconds = sorted((size, way) for text, size, way in texts if text == second.replace(" ", ""))
        assert words and seconds, word
        upright, mirrored = max(words), min(words)
        assert upright[0] >= LEGIBLE - 0.01 and mirrored[1] == (upright[1] + 180) % 360, word
        assert max(seconds)[0] >= MIN_SECOND_SIZE and {way for _, way in seconds} == {upright[1], mirrored[1]}, second
        assert max(seconds)[0] < upright[0]  # the word leads


def test_the_summary_counts_the_rows_copies_and_categories(csv_deck):
    _, output = csv_deck
    assert "12 words from" in output
    assert "Words by category: fruit 3, animals 3, school 6" in output
    assert "3 further copies" in output  # POIRE twice, CRAYON three times
    assert "8 cards: 8 with words" in output  # 15 faces on 8 double-sided cards


def test_copies_print_a_word_again_in_sets_of_their_own(csv_deck):
    pdf, _ = csv_deck
    upright = [text for text, size, _ in _texts(pdf) if size >= LEGIBLE - 0.01]
    assert upright.count("CRAYON") == 3 and upright.count("POIRE") == 2 and upright.count("POMME") == 1


def test_an_xlsx_deck_reads_its_named_sheet_and_mapped_columns(tmp_path):
    source = _xlsx(tmp_path / "class.xlsx", VOCABULARY, header=("Term", "Meaning", "Topic", "Copies"))
    pdf = tmp_path / "deck.pdf"
    result = _run("deck", "--words", str(source), "--sheet", "Words", "--columns", "word=Term,second=Meaning,category=Topic",
                  "--category", "school", "--blanks", "0", "-o", str(pdf))
    assert result.exit_code == 0, result.output
    shown = {text for text, _, _ in _texts(pdf)}
    school = [row for row in VOCABULARY if row[2] == "school"]
    assert {word.replace(" ", "") for word, *_ in school} <= shown
    assert {second.replace(" ", "") for _, second, *_ in school} <= shown
    assert not {"POMME", "CHAT"} & shown
    assert "6 words from" in result.output and "Words by category: school 6" in result.output


def test_a_sheet_headed_in_french_is_read(tmp_path):
    source = _csv(tmp_path / "mots.csv", [row[:2] for row in VOCABULARY], header=("Mot", "Traduction"), delimiter=";")
    result = _run("deck", "--words", str(source), "-o", str(tmp_path / "deck.pdf"))
    assert result.exit_code == 0, result.output
    assert "12 words from" in result.output


def test_a_deck_of_second_lines_plays_on_the_board_the_book_and_tabletop_simulator(tmp_path):
    source = _csv(tmp_path / "french.csv", VOCABULARY * 1 + [(f"MOT{n}", f"word {n}", "", "") for n in range(20)])
    board = tmp_path / "board.json"
    assert _run("board", "--words", str(source), "-o", str(board), "--seed", "3").exit_code == 0
    document = json.loads(board.read_text(encoding="utf-8"))
    assert document["cards"] == "word-second"
    book = tmp_path / "book.pdf"
    result = _run("book", "--words", str(source), "--games", "1", "-o", str(book), "--seed", "3")
    assert result.exit_code == 0, result.output
    dealt = {word.replace(" ", "") for row in document["games"][0]["words"] for word in row}
    texts = {text for text, _, _ in _texts(book)}
    assert dealt <= texts
    meanings = {second.replace(" ", "") for word, second, *_ in VOCABULARY if word.replace(" ", "") in dealt}
    assert meanings <= texts


@pytest.mark.parametrize(("rows", "header", "message"), [
    ([("POMME", "apple", "", "lots")], HEADER, "row 2, column D: copies must be a whole number"),
    ([("POMME", "apple", "", ""), ("POMME", "pomme", "", "")], HEADER, "row 3, column A: 'POMME' appears twice "
                                                                        "(first on row 2)"),
    ([("POMME", "photosynthesising chlorophyllous autotrophic organisms metabolising sunlight ok", "", "")], HEADER,
     "row 2, column B: the second line"),  # too long for two lines
])
def test_a_mistake_in_a_row_is_named_with_its_row_and_column(tmp_path, rows, header, message):
    source = _csv(tmp_path / "bad.csv", rows, header)
    pdf = tmp_path / "deck.pdf"
    result = _run("deck", "--words", str(source), "-o", str(pdf))
    assert result.exit_code == 1 and message in result.output and str(source) in result.output, result.output
    assert not pdf.exists()


def test_a_category_no_row_has_is_refused_naming_those_it_has(tmp_path):
    source = _csv(tmp_path / "french.csv", VOCABULARY)
    result = _run("deck", "--words", str(source), "--category", "colours", "-o", str(tmp_path / "deck.pdf"))
    assert result.exit_code == 1
    assert "no row has the category 'colours'" in result.output and "'animals', 'fruit', 'school'" in result.output


def test_spreadsheet_options_on_a_text_list_are_refused(tmp_path):
    source = tmp_path / "words.txt"
    source.write_text("POMME\nPOIRE\n", encoding="utf-8")
    for option in (["--category", "fruit"], ["--sheet", "Words"], ["--columns", "word=Term"]):
        result = _run("deck", "--words", str(source), *option, "-o", str(tmp_path / "deck.pdf"))
        assert result.exit_code == 2 and "reads a spreadsheet --words" in result.output, result.output


def _page_words(pdf: Path, words: set[str]) -> list[list[str]]:
    """Each page's upright words of ``words``, in reading order."""
    found = []
    for page in read_pages(pdf.read_bytes(), shapes=False):
        chars = [char for char in page.chars if char["text"].strip() and direction(char) == 0]
        runs_ = runs(chars, lambda before, char: abs(before["size"] - char["size"]) < 0.01
                     and abs(before["matrix"][5] - char["matrix"][5]) < 1
                     and 0 < char["matrix"][4] - before["matrix"][4] < 1.5 * char["size"])
        found.append([text for text in ("".join(char["text"] for char in run) for run in runs_) if text in words])
    return found


def test_a_chosen_board_prints_its_words_in_every_game_each_laid_out_anew_with_its_key(tmp_path):
    """A lesson's 25 words, for three groups: the first game as the file lists them, each
    further one shuffled, every game with its own key in the booklet."""
    words = [f"WORD{number:02d}" for number in range(25)]
    board = tmp_path / "lesson.txt"
    board.write_text("\n".join(words) + "\n", encoding="utf-8")
    book = tmp_path / "book.pdf"
    result = _run("book", "--board", str(board), "--games", "3", "-o", str(book), "--seed", "5")
    assert result.exit_code == 0, result.output
    games = _page_words(book, set(words))[1:]
    assert len(games) == 3 and all(sorted(game) == words for game in games)
    assert games[0] == words and games[1] != words and games[2] not in (words, games[1])
    booklet = " ".join(" ".join(page) for page in _texts_by_page(tmp_path / "book-keys.pdf"))
    assert all(f"Game {number}" in booklet for number in (1, 2, 3))


def _texts_by_page(pdf: Path) -> list[list[str]]:
    import pypdfium2 as pdfium

    return [page.get_textpage().get_text_range().split("\n") for page in pdfium.PdfDocument(pdf)]


@pytest.mark.parametrize(("lines", "extra", "message"), [
    (["ONE", "TWO"], [], "holds 2 words, and a game of Codenames lays out 25"),
    ([f"W{n}" for n in range(25)], ["--words", "{other}"], "--board lays out its own words"),
])
def test_a_board_of_the_wrong_size_or_beside_a_deck_is_refused(tmp_path, lines, extra, message):
    board = tmp_path / "lesson.txt"
    board.write_text("\n".join(lines) + "\n", encoding="utf-8")
    other = _csv(tmp_path / "deck.csv", VOCABULARY)
    book = tmp_path / "book.pdf"
    result = _run("book", "--board", str(board), *(arg.format(other=other) for arg in extra), "-o", str(book))
    assert result.exit_code in (1, 2) and message in result.output, result.output
    assert not book.exists()


FONTS = Path(__file__).resolve().parent / "fonts"


def test_a_right_to_left_second_line_is_shaped_as_a_word_is(tmp_path):
    """An English word with its Hebrew translation beneath it: the Hebrew is set in the
    second lines' font, glyph by glyph as HarfBuzz shapes it, on both halves of the card."""
    source = _csv(tmp_path / "hebrew.csv", [("APPLE", "תפוח"), ("BOOK", "ספר")], header=("word", "second"))
    pdf = tmp_path / "deck.pdf"
    result = _run("deck", "--words", str(source), "--second-font", str(FONTS / "DejaVuSansBold-HebrewArabic.ttf"),
                  "--blanks", "0", "-o", str(pdf))
    assert result.exit_code == 0, result.output
    runs_ = _texts(pdf)
    assert sum(text == "APPLE" for text, _, _ in runs_) == 2
    hebrew = [(size, way) for text, size, way in runs_ if text and all("\u0590" <= char <= "\u05ff" for char in text)]
    assert len({way for _, way in hebrew}) == 2 and min(size for size, _ in hebrew) >= 8


def test_a_japanese_deck_with_english_second_lines_prints_in_the_languages_font(tmp_path):
    source = _csv(tmp_path / "ja.csv", [("りんご", "apple"), ("ねこ", "cat")], header=("ことば", "second"))
    pdf = tmp_path / "deck.pdf"
    result = _run("deck", "--words", str(source), "--lang", "ja", "--blanks", "0", "-o", str(pdf))
    assert result.exit_code == 0, result.output
    texts = {text for text, _, _ in _texts(pdf)}
    assert {"りんご", "ねこ", "apple", "cat"} <= texts


def test_the_rules_sheet_says_the_cards_carry_second_lines(tmp_path):
    source = _csv(tmp_path / "french.csv", VOCABULARY)
    plain = tmp_path / "plain.txt"
    plain.write_text("\n".join(word for word, *_ in VOCABULARY) + "\n", encoding="utf-8")
    for words, lang, expected in ((source, "en", True), (plain, "en", False), (source, "fr", True)):
        pdf = tmp_path / f"rules-{lang}-{expected}.pdf"
        result = _run("rules", "--words", str(words), "--lang", lang, "-o", str(pdf))
        assert result.exit_code == 0, result.output
        text = " ".join(" ".join(page) for page in _texts_by_page(pdf))
        said = ("second line" in text) if lang == "en" else ("traduction" in text)
        assert said is expected, (lang, expected)


@pytest.mark.parametrize(("name", "data", "message"), [
    ("class.xlsx", b"PK\x03\x04 this is not a workbook at all", "class.xlsx"),
    ("class.xlsx", bytes.fromhex("d0cf11e0a1b11ae1") + b"\0" * 600, "password"),
    ("class.csv", "word\nCAFÉ\n".encode("cp1252"), "row 2"),
])
def test_a_spreadsheet_that_cannot_be_read_stops_with_one_line_and_writes_nothing(tmp_path, name, data, message):
    source = tmp_path / name
    source.write_bytes(data)
    pdf = tmp_path / "deck.pdf"
    result = _run("deck", "--words", str(source), "-o", str(pdf))
    assert result.exit_code == 1 and message in result.output and "Traceback" not in result.output, result.output
    assert not pdf.exists()


@pytest.mark.parametrize("args", [("--duet",), ("--profile", "shop"), ("--lang", "uk")], ids=["duet", "shop", "uk"])
def test_second_lines_print_for_every_game_profile_and_language(tmp_path, args):
    source = _csv(tmp_path / "class.csv", VOCABULARY)
    pdf = tmp_path / "deck.pdf"
    result = _run("deck", "--words", str(source), "--blanks", "0", *args, "-o", str(pdf))
    assert result.exit_code == 0, result.output
    texts = {text for text, _, _ in _texts(pdf)}
    assert {"POMME", "apple", "TABLEAUNOIR", "blackboard"} <= texts


def test_tabletop_simulator_deals_the_cards_with_their_second_lines(tmp_path):
    rows = [*VOCABULARY, *((f"MOT{n}", f"word {n}", "", "") for n in range(14))]
    source = _csv(tmp_path / "class.csv", rows)
    folder = tmp_path / "tts"
    result = _run("tts", "--words", str(source), "--out-dir", str(folder), "--seed", "2")
    assert result.exit_code == 0, result.output
    saved = json.loads((folder / "codenames.json").read_text(encoding="utf-8"))
    assert "13 codename cards" in " ".join(result.output.split()) and saved["ObjectStates"]
