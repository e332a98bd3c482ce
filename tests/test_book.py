"""cngen book: the game book and the spymasters' booklet, read back as a player would.

Each distinct book is built once in this module (classic in English on A4, Duet on Letter and
in German single-sided, pictures from a small folder of our own, French on A5, Spanish, and a
press file), then read back with PDFium (characters, words and text as pdfplumber gives them)
and pikepdf: a how-to page and one page a game, each
game's codenames in its grid (the upright copy of each, at a size that reads across a table),
the keys in a file of their own under the same numbers, Duet's sides on pages of their own,
B behind A. The layout and the counts are checked without drawing anything.
"""

from __future__ import annotations

import functools
import re
import statistics
from pathlib import Path

import pikepdf
import pytest
import yaml
from click.testing import CliRunner
from hypothesis import assume, given
from hypothesis import strategies as st
from pdfiumpage import read_pages, runs
from PIL import Image, ImageDraw

from generator.cli import main
from generator.errors import CngenError
from generator.exports.book import BOOK, BookOptions
from generator.exports.book.layout import MARGIN, display_card_height, game_page, key_page
from generator.exports.book.pages import MAKER, duplex, keys_path
from generator.games import GAMES
from generator.geometry.style import DISPLAY
from generator.geometry.wordface import word_face_layout
from generator.inputs.bundled import ENGLISH
from generator.jobs.language import shipped_languages
from generator.jobs.sources import load_words
from generator.settings.options import Style
from generator.units import MM, parse_paper

LANGUAGES = tuple(shipped_languages().languages)  # every language cngen ships, as its folders are found
PAPERS = {name: parse_paper(name) for name in ("a4", "letter", "a5")}
DECKS = {"en": "standard", "fr": "francais", "de": "deutsch", "es": "espanol"}
HEADS = {"en": "Game", "fr": "Partie", "de": "Partie", "es": "Partida"}


def _run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


class Book:
    def __init__(self, folder: Path, *args: str):
        self.path = folder / "book.pdf"
        self.result = _run("book", "--seed", "5", "-o", str(self.path), *args)
        assert self.result.exit_code == 0, self.result.output
        self.keys = keys_path(self.path)
        self.pdf = ReadBack(self.path)
        self.booklet = ReadBack(self.keys)


# --- reading pages back ---------------------------------------------------------------------------

LINE_TOLERANCE = WORD_GAP = 3  # pt: pdfplumber's, for the characters of a line and the gaps in a word


class ReadBack:
    """A PDF's pages read back with PDFium (pdfiumpage), once, when a test first asks for them:
    some ten times faster than pdfplumber, with the same words and text on every page of these
    books, and the same characters but two spaces a page that PDFium leaves out (compared page
    by page when this replaced pdfplumber)."""

    def __init__(self, path: Path):
        self.path = path

    @functools.cached_property
    def pages(self) -> list[Page]:
        return [Page(page) for page in read_pages(self.path.read_bytes(), shapes=False)]


class Page:
    """A page as pdfplumber shows it: its size, its characters (pdfplumber's keys), and its words
    and text as extract_words and extract_text put them together: characters within 3 pt of
    each other's top make a line, read left to right, and a space or a gap of more than 3 pt
    ends a word."""

    def __init__(self, page):
        self.width, self.height, self.chars = page.width, page.height, page.chars
        lines = [_words_of(line) for line in _lines(self.chars)]
        self.words = [word for line in lines for word in line]
        self.text = "\n".join(" ".join(word["text"] for word in line) for line in lines)


def _lines(chars: list[dict]) -> list[list[dict]]:
    lines = runs(sorted(chars, key=lambda char: char["top"]),
                 lambda last, char: char["top"] <= last["top"] + LINE_TOLERANCE)
    return [sorted(line, key=lambda char: char["x0"]) for line in lines]


def _words_of(line: list[dict]) -> list[dict]:
    words: list[list[dict]] = []
    for char in line:
        if char["text"].isspace():
            words.append([])
        elif words and words[-1] and char["x0"] <= words[-1][-1]["x1"] + WORD_GAP:
            words[-1].append(char)
        else:
            words.append([char])
    return [{"text": "".join(char["text"] for char in word), "x0": word[0]["x0"],
             "x1": max(char["x1"] for char in word), "top": min(char["top"] for char in word)}
            for word in words if word]


def _pictures(folder: Path, count: int = 44) -> Path:
    """A folder of small pictures of our own, each a different colour and figure."""
    folder.mkdir()
    for number in range(count):
        image = Image.new("RGB", (48, 48), (40 + 5 * number, 200 - 4 * number, (97 * number) % 256))
        ImageDraw.Draw(image).ellipse((8, 8 + number % 20, 40, 40), fill=(250, 250, 250))
        image.save(folder / f"p{number:02d}.png")
    return folder


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    root = tmp_path_factory.mktemp("books")
    pictures = _pictures(root / "pictures")
    return {
        "classic": Book(root / "classic", "--games", "3"),
        "duet": Book(root / "duet", "--duet", "--games", "7", "--paper", "letter"),
        "duet-de": Book(root / "duet-de", "--duet", "--games", "2", "--lang", "de", "--single-sided"),
        "pictures": Book(root / "pictures", "--pictures", "--images", str(pictures), "--games", "2"),
        "fr": Book(root / "fr", "--games", "2", "--lang", "fr", "--paper", "a5"),
        "es": Book(root / "es", "--duet", "--games", "1", "--lang", "es", "--sides", "short-edge"),
        "shop": Book(root / "shop", "--games", "2", "--profile", "shop", "--sides", "short-edge"),
    }


def _upright(page) -> list[dict]:
    """The page's characters set the right way up (the upside-down copies are turned half round)."""
    return [char for char in page.chars if char["matrix"][0] > 0]


def _cell_words(page, paper: tuple[float, float], rows: int = 5, columns: int = 5) -> list[str]:
    """The upright codename in each cell of the grid, row by row, as the page prints it."""
    layout = game_page(paper, rows, columns, False)
    height = page.height
    chars = _upright(page)
    words = []
    for cell in layout.cells:
        inside = [char for char in chars if cell.x <= char["x0"] and char["x1"] <= cell.right
                  and height - cell.top <= char["top"] and char["bottom"] <= height - cell.y]
        lines: dict[int, list[dict]] = {}
        for char in inside:
            lines.setdefault(round(char["top"]), []).append(char)
        words.append(" ".join(_line_text(lines[top]) for top in sorted(lines)))
    return words


def _line_text(chars: list[dict]) -> str:
    text, last = "", None
    for char in sorted(chars, key=lambda char: char["x0"]):
        if last is not None and char["x0"] - last > char["size"] * 0.2:
            text += " "
        text += char["text"]
        last = char["x1"]
    return text.strip()


def _deck(language: str) -> set[str]:
    return set(load_words(None, DECKS[language], False, Style(lang=language)).words)


def _text(page) -> str:
    return page.text


# --- the book -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, games", [("classic", 3), ("fr", 2), ("es", 1), ("shop", 2)])
def test_a_book_is_a_how_to_page_then_one_game_a_page_with_its_codenames_in_the_grid(books, name, games):
    book = books[name]
    language = {"fr": "fr", "es": "es"}.get(name, "en")
    paper = PAPERS["a5" if name == "fr" else "a4"]
    assert len(book.pdf.pages) == 1 + games
    deck, seen = _deck(language), []
    for number, page in enumerate(book.pdf.pages[1:], start=1):
        assert page.width > page.height  # landscape: larger cards
        assert f"{HEADS[language]} {number}" in _text(page)
        words = _cell_words(page, paper)
        assert len(words) == 25 and set(words) <= deck, words
        seen += words
    assert len(seen) == len(set(seen))  # no codename dealt twice


def test_every_codename_is_printed_upside_down_as_well(books):
    page = books["classic"].pdf.pages[1]
    turned = "".join(char["text"] for char in page.chars if char["matrix"][0] < 0)
    for word in _cell_words(page, PAPERS["a4"]):
        assert word.replace(" ", "") in turned.replace(" ", "")


def _sizes(page) -> list[float]:
    """The printed size of each upright codename's characters, the head's left out."""
    return [char["size"] for char in _upright(page) if char["top"] > MARGIN + 12 * MM]


def test_codenames_read_across_a_table_on_a4_and_a5(books):
    """Measured: on A4 most codenames print at 24.8 pt (6.1 mm capitals) and the longest at 13;
    on A5 at 15.6 pt and the longest at 9. Reported in docs/book.md."""
    a4 = [size for page in books["classic"].pdf.pages[1:] for size in _sizes(page)]
    a5 = [size for page in books["fr"].pdf.pages[1:] for size in _sizes(page)]
    assert statistics.median(a4) == pytest.approx(24.8, abs=0.1) and min(a4) >= 12
    assert statistics.median(a5) == pytest.approx(15.6, abs=0.1) and min(a5) >= 8
    assert statistics.median(a4) == pytest.approx(game_page(PAPERS["a4"], 5, 5, False).largest_word, abs=0.1)


def test_a_picture_book_lays_out_twenty_pictures_a_page(books):
    book = books["pictures"]
    assert len(book.pdf.pages) == 3
    with pikepdf.open(book.path) as pdf:
        for page in pdf.pages[1:]:
            assert len(_images_reached(page.obj)) == 20


def test_a_picture_book_holds_only_the_pictures_its_games_show(books):
    """44 pictures, two games of 20: the file keeps the 40 on its pages and no other, which a
    book of the bundled deck's 310 pictures would otherwise carry (five times the file)."""
    with pikepdf.open(books["pictures"].path) as pdf:
        shown = set().union(*(_images_reached(page.obj) for page in pdf.pages))
        held = {obj.objgen for obj in pdf.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image"}
    assert len(shown) == 40
    assert held == shown


def _images_reached(node, seen=None) -> set:
    """The image XObjects a page or form draws, through its forms."""
    seen = set() if seen is None else seen
    images = set()
    resources = node.get("/Resources")
    if resources is None or "/XObject" not in resources:
        return images
    for xobject in resources.XObject.values():
        key = xobject.objgen
        if key in seen:
            continue
        seen.add(key)
        if xobject.Subtype == "/Image":
            images.add(key)
        else:
            images |= _images_reached(xobject, seen)
    return images


# --- the booklet ----------------------------------------------------------------------------------


def _captions_and_labels(page, head: str) -> tuple[list[int], list[str]]:
    """The games the captions name, and the numbers the key cards print themselves."""
    words = [word["text"] for word in page.words]
    captions = [int(words[at + 1]) for at, word in enumerate(words[:-1]) if word == head and words[at + 1].isdigit()]
    labels = [word for at, word in enumerate(words) if re.fullmatch(r"\d+[AB]?", word) and (at == 0 or words[at - 1] != head)
              and not (at and words[at - 1] in ("page", "S.", "página"))]
    return captions, labels


def test_the_keys_are_a_separate_file_numbered_as_the_games(books):
    book = books["classic"]
    assert book.keys.name == "book-keys.pdf" and book.keys.parent == book.path.parent
    assert len(book.booklet.pages) == 1
    captions, labels = _captions_and_labels(book.booklet.pages[0], "Game")
    assert captions == [1, 2, 3] and sorted(labels, key=int) == ["1", "2", "3"]
    booklet = _text(book.booklet.pages[0])
    assert "Spymasters’ keys" in booklet and "Spymasters’ keys" not in "".join(_text(page) for page in book.pdf.pages)
    for page in book.pdf.pages[1:]:  # not one codename in the booklet
        assert not set(_cell_words(page, PAPERS["a4"])) & set(booklet.split())


def test_a_duet_booklet_has_side_a_then_side_b_behind_it(books):
    book = books["duet"]
    pages = book.booklet.pages
    assert len(pages) == 4  # 7 games, 6 a page: A 1-6, B 1-6, A 7, B 7
    for page, side, games in zip(pages, "ABAB", ([1, 2, 3, 4, 5, 6],) * 2 + ([7],) * 2):
        text = _text(page)
        assert f"Side {side}" in text and ("Side B" if side == "A" else "Side A") not in text
        captions, labels = _captions_and_labels(page, "Game")
        assert sorted(captions) == games and sorted(labels) == sorted(f"{game}{side}" for game in games)
    front, back = (_caption_places(page) for page in pages[:2])
    width = float(pages[0].width)
    for game, (x, top) in front.items():  # turned over on the long edge, B lies behind A
        assert back[game] == pytest.approx((width - x, top), abs=0.5)
    assert book.result.output.count("flip on long edge") == 1


def test_a_duet_back_flipped_on_the_short_edge_is_drawn_upside_down_to_stand_upright(books):
    """Turned about its upright axis, as it stands between the players, the sheet shows B the
    right way up, each B key behind its A key: in the file, B is half a turn round, each key at
    its A key's height mirrored."""
    front, back = books["es"].booklet.pages
    assert all(char["matrix"][0] > 0 for char in front.chars) and all(char["matrix"][0] < 0 for char in back.chars)
    width, height = float(front.width), float(front.height)
    (a_x, a_y), (b_x, b_y) = (_caption_centre(page) for page in (front, back))
    assert (b_x, b_y) == pytest.approx((a_x, height - a_y), abs=0.5)  # half a turn of A's mirrored place
    assert a_x < width / 2  # game 1 at the upper left of A


def _caption_centre(page) -> tuple[float, float]:
    """The centre of the one key caption ("Partida 1") on the page."""
    chars = [char for char in page.chars if char["size"] == pytest.approx(11, abs=0.01)]
    return ((min(char["x0"] for char in chars) + max(char["x1"] for char in chars)) / 2,
            (min(char["top"] for char in chars) + max(char["bottom"] for char in chars)) / 2)


def _caption_places(page) -> dict[int, tuple[float, float]]:
    words = page.words
    return {int(after["text"]): ((word["x0"] + after["x1"]) / 2, word["top"])
            for word, after in zip(words, words[1:]) if word["text"] == "Game" and after["text"].isdigit()}


def test_a_single_sided_duet_booklet_has_every_a_page_then_every_b_page(books):
    book = books["duet-de"]
    heads = [_text(page).split("\n")[0] for page in book.booklet.pages]
    assert [head[:9] for head in heads] == ["A Seite A", "B Seite B"]  # the tab's letter, then the side
    assert "Seite B auf der Rückseite" not in _text(book.pdf.pages[0])
    assert "Teilt das Heft" in _text(book.pdf.pages[0])


# --- the how-to page ------------------------------------------------------------------------------


@pytest.mark.parametrize("name, expected, absent", [
    ("classic", ["Playing from this book", "field operatives", "lights", "diamond", "game 7"], ["side A", "a star"]),
    ("duet", ["side A", "behind its A key", "a star", "Player A"], ["lights", "diamond", "field operatives"]),
    ("pictures", ["corner mark", "lights", "The spymasters", "Covering the pictures"], ["side A", "upside down",
                                                                                        "codename"]),
    ("fr", ["Jouer avec ce livre", "maîtres-espions", "voyants"], ["face A"]),
    ("duet-de", ["Spielen mit diesem Buch", "Seite A", "Stern"], ["Lichter"]),
    ("es", ["Cómo jugar con este libro", "Jugador A", "la cara A por delante", "estrella"], ["luces"]),
])
def test_the_how_to_page_says_what_fits_the_game(books, name, expected, absent):
    text = " ".join(_text(books[name].pdf.pages[0]).split())
    for phrase in expected:
        assert phrase in text, phrase
    for phrase in absent:
        assert phrase not in text, phrase


def test_every_language_has_every_text_in_its_own_typography():
    english = yaml.load(BOOK.text_file(ENGLISH).read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
    for language in LANGUAGES:
        texts = yaml.load(BOOK.text_file(language).read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)
        assert texts.pop("language") == language
        assert set(texts) == set(BOOK.text_keys) == set(english) - {"language"}
        for key, text in texts.items():
            assert "'" not in text and '"' not in text and "{" not in text, (language, key)
            if language == "fr":  # a narrow no-break space before ; ? ! », a full one before the colon
                assert not re.search(r"[^\u202f][;?!»]", text.replace("S.", "")), (key, text)
                assert not re.search(r"[^\u00a0]:", text), (key, text)
            if language != "en":
                assert text != english[key] or key in ("page", "player"), (language, key)


# --- press files ----------------------------------------------------------------------------------


def test_a_shop_book_and_booklet_are_cmyk_pdfx_that_preflight_passes(books):
    book = books["shop"]
    for path in (book.path, book.keys):
        with pikepdf.open(path) as pdf:
            intent = pdf.Root.OutputIntents[0]
            assert intent.S == "/GTS_PDFX" and "PDF/X-1" in str(pdf.trailer.Info.get("/GTS_PDFXVersion"))
    result = _run("preflight", str(book.path), str(book.keys))
    assert result.exit_code == 0, result.output
    assert "short edge" in book.result.output


def test_a_home_book_prints_duplex_as_the_sides_say(books):
    with pikepdf.open(books["classic"].path) as pdf:
        assert pdf.Root.ViewerPreferences.Duplex == "/DuplexFlipLongEdge"
    with pikepdf.open(books["duet-de"].keys) as pdf:
        assert "/Duplex" not in pdf.Root.get("/ViewerPreferences", {})


def test_a_codename_printed_below_ten_points_is_named_with_its_size(tmp_path, folder_state):
    """A long word a word card holds only near its 10 pt floor (two lines, the condensed face)
    is scaled with its card to the page's cells: on A5 a 34-letter word prints at 5.8 pt. The
    note names it and its printed size, as read back from the page."""
    long = "ILLINOISILLINOISILLINOISILLINOISIL"
    (tmp_path / "words.txt").write_text("\n".join([f"WORD{number:02}" for number in range(24)] + [long]) + "\n",
                                        encoding="utf-8")
    before = folder_state(tmp_path)
    result = _run("book", "--words", str(tmp_path / "words.txt"), "--paper", "a5", "--games", "1", "--seed", "2",
                  "-o", str(tmp_path / "out" / "book.pdf"))
    assert result.exit_code == 0, result.output
    assert {name: digest for name, digest in folder_state(tmp_path).items() if not name.startswith("out")} == before
    page = ReadBack(tmp_path / "out" / "book.pdf").pages[1]
    words = [word.replace(" ", "") for word in _cell_words(page, PAPERS["a5"])]  # on two lines
    sizes = [size for size in _sizes(page) if size < 10]
    assert long in words and len(sizes) == len(long)
    note = re.search(r"Note: (\w+) \(([0-9.]+) pt\) prints below the 10 pt a codename needs to be read, on the "
                     r"book's A5 \(210 x 148 mm\) pages: choose a larger --paper, or shorter words", result.output)
    assert note and note[1] == long and float(note[2]) == pytest.approx(max(sizes), abs=0.05), result.output


def test_the_same_seed_makes_the_same_book(books, tmp_path):
    # The same bytes, book and booklet (and so the same text on every page), without reading
    # the second build's pages back.
    again, first = Book(tmp_path, "--games", "3"), books["classic"]
    assert again.path.read_bytes() == first.path.read_bytes()
    assert again.keys.read_bytes() == first.keys.read_bytes()


# --- refusals -------------------------------------------------------------------------------------


def test_more_games_than_the_words_give_is_refused_with_the_words_needed(tmp_path):
    result = _run("book", "--games", "40", "-o", str(tmp_path / "book.pdf"))
    assert result.exit_code == 1
    assert "--games 40 needs 1,000 codenames" in result.output and "--games 17 or fewer" in result.output
    assert not list(tmp_path.iterdir())


def test_a_paper_too_small_is_refused_before_anything_is_drawn(tmp_path):
    result = _run("book", "--paper", "100x100mm", "-o", str(tmp_path / "book.pdf"))
    assert result.exit_code == 1
    assert "100 x 100 mm page is too small for a game book" in result.output and "a5 or larger" in result.output
    assert not list(tmp_path.iterdir())


def test_games_wanted_deals_the_whole_list_or_what_is_asked():
    assert MAKER.games_wanted(BookOptions(), 434, 25) == 17
    assert MAKER.games_wanted(BookOptions(games=4), 100, 25) == 4
    with pytest.raises(CngenError, match="needs 125 codenames .* the deck holds 100"):
        MAKER.games_wanted(BookOptions(games=5), 100, 25)


def test_outputs_name_the_book_and_the_booklet_beside_it():
    assert list(MAKER.outputs(BookOptions(output=Path("out/my.book.pdf")), GAMES["classic"])) == [
        Path("out/my.book.pdf"), Path("out/my.book-keys.pdf")]
    assert duplex(BookOptions(single_sided=True), "long-edge") is None and duplex(BookOptions(), "fold") is None
    assert duplex(BookOptions(), "short-edge") == "short-edge"


# --- the layout, without drawing ------------------------------------------------------------------


def test_a_word_card_is_drawn_where_its_label_holds_the_largest_codename():
    label = word_face_layout(70 * MM, display_card_height()).label_text
    assert label.height == pytest.approx(DISPLAY * 1.2, abs=0.05)


@pytest.mark.parametrize("paper", list(PAPERS))
def test_usual_papers_lay_games_out_landscape_and_keys_upright(paper):
    for rows, columns, pictures in ((5, 5, False), (4, 5, True)):
        page = game_page(PAPERS[paper], rows, columns, pictures)
        assert page.size[0] > page.size[1]
    keys = key_page(PAPERS[paper])
    assert keys.size[0] < keys.size[1] and keys.per_page in (4, 6) and keys.key_side >= 60 * MM


@given(st.floats(60, 600), st.floats(60, 600), st.sampled_from([(5, 5, False), (4, 5, True)]))
def test_any_paper_either_is_refused_or_keeps_every_card_inside_its_margins(width, height, grid):
    rows, columns, pictures = grid
    try:
        page = game_page((width * MM, height * MM), rows, columns, pictures)
    except CngenError as error:
        assume(False)
        raise AssertionError from error
    cells = page.cells
    assert len(cells) == rows * columns
    for cell in cells:
        assert cell.x >= MARGIN - 1e-6 and cell.y >= MARGIN - 1e-6
        assert cell.right <= page.size[0] - MARGIN + 1e-6 and cell.top <= page.rule_y + 1e-6
    for first, second in zip(cells, cells[1:]):  # row-major, the top row first, never touching
        assert first.right < second.x or first.y > second.top
    if not pictures:
        assert page.largest_word >= 14


@given(st.floats(60, 600), st.floats(60, 600))
def test_a_booklet_back_puts_each_place_behind_the_fronts(width, height):
    try:
        page = key_page((width * MM, height * MM))
    except CngenError as error:
        assume(False)
        raise AssertionError from error
    page_width = page.size[0]
    for front, back in zip(page.places, page.turned_over()):
        assert back.key.centre == pytest.approx((page_width - front.key.centre[0], front.key.centre[1]))
    assert sorted(map(id, page.turned_over())) == sorted(map(id, page.places))
    for place in page.places:
        assert MARGIN - 1e-6 <= place.key.x and place.key.right <= page_width - MARGIN + 1e-6
        assert place.key.y >= MARGIN and place.caption[1] < page.rule_y
