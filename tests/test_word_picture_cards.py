"""Word-and-picture cards, for readers who cannot yet read every word: each word with its picture
above it on the operatives' half and the word alone on the spymasters' band, from a spreadsheet's
picture column (files in --images) or from cngen's own pictures named in the kit's language.
The PDFs are read back: the pictures lie between the two copies of their words, the words keep
the sizes that read across a table, and every mistake is one message naming the row and column."""

from __future__ import annotations

import csv
import os
import re
import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest
import yaml
from click.testing import CliRunner
from pdfcheck import text_of
from pdfiumpage import read_pages
from PIL import Image, ImageDraw

from generator.cli import main
from generator.inputs.bundled import labels_path

BROWSER = next((found for name in ("chromium", "chromium-browser", "google-chrome", "chrome")
                if (found := shutil.which(name))), None)
LEGIBLE = 24.0  # pt: the upright word under its picture reaches it, as a word card's does
PHOTOS = {"sun.jpg": (250, 200, 0), "sea.jpg": (0, 90, 200), "leaf.png": (20, 160, 40)}


def _run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _photos(folder: Path) -> Path:
    folder.mkdir(exist_ok=True)
    for name, colour in PHOTOS.items():
        image = Image.new("RGB", (600, 400), colour)
        ImageDraw.Draw(image).rectangle((100, 100, 500, 300), fill=(255, 255, 255))
        image.save(folder / name)
    return folder


def _sheet(path: Path, rows: list[tuple[str, ...]], header: tuple[str, ...] = ("word", "picture")) -> Path:
    with path.open("w", encoding="utf-8", newline="") as stream:
        csv.writer(stream).writerows([header, *rows])
    return path


def _cards(pdf: Path) -> list[dict]:
    """Each word printed upright on a page: its text, size and box, the box of the picture
    nearest above it (None: none), and the box of its upside-down copy. On 63 x 88 mm cards the
    sheet keeps every card upright, so "above" is up the page."""
    found = []
    with pdfplumber.open(pdf) as document:
        for number, page in enumerate(document.pages):
            upright = [char for char in page.chars if char["matrix"][0] > 0]
            mirrored = [char for char in page.chars if char["matrix"][0] < 0]
            for line in _lines(upright):
                left, right = min(c["x0"] for c in line), max(c["x1"] for c in line)
                middle = (left + right) / 2
                copies = [c for c in _lines(mirrored) if abs(sum(ch["x0"] + ch["x1"] for ch in c) / (2 * len(c))
                                                           - middle) < 40]
                above = [image for image in page.images if image["x0"] < middle < image["x1"]
                         and image["bottom"] <= line[0]["top"] + 0.5]
                found.append({"page": number, "text": "".join(c["text"] for c in line), "size": line[0]["size"],
                              "top": line[0]["top"], "bottom": line[0]["bottom"],
                              "picture": max(above, key=lambda image: image["bottom"]) if above else None,
                              "copy": "".join(c["text"] for c in copies[0]) if copies else None,
                              "copy_bottom": copies[0][0]["bottom"] if copies else None})
    return found


def _lines(chars: list[dict]) -> list[list[dict]]:
    """Characters grouped into words: the same baseline, no wide gap."""
    lines: list[list[dict]] = []
    for char in sorted(chars, key=lambda c: (round(c["top"]), c["x0"] * (1 if c["matrix"][0] > 0 else -1))):
        last = lines[-1] if lines else None
        if last and abs(last[-1]["top"] - char["top"]) < 1 and abs(last[-1]["x0"] - char["x0"]) < 2 * char["size"]:
            last.append(char)
        else:
            lines.append([char])
    return lines


@pytest.fixture(scope="module")
def photo_deck(tmp_path_factory):
    folder = tmp_path_factory.mktemp("photos")
    photos = _photos(folder / "pictures")
    sheet = _sheet(folder / "class.csv", [("sun", "sun.jpg"), ("sea", "sea.jpg"), ("leaf", "leaf.png"),
                                          ("moon", "")])
    pdf = folder / "deck.pdf"
    result = _run("deck", "--words", str(sheet), "--images", str(photos), "--card-size", "63x88mm", "--blanks", "0",
                  "-o", str(pdf))
    assert result.exit_code == 0, result.output
    return pdf, result.output


def test_each_picture_lies_above_its_word_and_the_spymasters_copy_is_the_word_alone(photo_deck):
    pdf, _ = photo_deck
    cards = {card["text"]: card for card in _cards(pdf)}
    assert set(cards) == {"SUN", "SEA", "LEAF", "MOON"}
    for word in ("SUN", "SEA", "LEAF"):
        card = cards[word]
        picture = card["picture"]
        assert picture is not None, f"{word} has no picture above it"
        assert card["copy"] == word and card["copy_bottom"] < picture["top"], "the band is above the picture"
        assert picture["width"] > 100 and abs(picture["width"] - picture["height"]) < 1, "a square, 35 mm or more"
        assert card["size"] >= LEGIBLE
    with pdfplumber.open(pdf) as document:
        assert sum(len(page.images) for page in document.pages) == 3, "one picture a pictured word"


def test_a_row_without_a_picture_prints_its_word_alone_in_the_whole_panel(photo_deck):
    pdf, _ = photo_deck
    cards = {card["text"]: card for card in _cards(pdf)}
    moon, sun = cards["MOON"], cards["SUN"]
    assert moon["copy"] == "MOON" and moon["size"] >= LEGIBLE
    assert moon["top"] < sun["top"] - 50, "centred in the panel, not at the foot under an empty window"
    assert moon["picture"] is None or moon["picture"]["bottom"] < moon["copy_bottom"] + 40


def test_the_default_card_holds_a_small_picture_and_says_how_to_print_it_larger(tmp_path):
    photos = _photos(tmp_path / "pictures")
    sheet = _sheet(tmp_path / "class.csv", [("sun", "sun.jpg"), ("sea", "sea.jpg")])
    result = _run("deck", "--words", str(sheet), "--images", str(photos), "-o", str(tmp_path / "deck.pdf"))
    assert result.exit_code == 0, result.output
    assert "the pictures print 12.1 mm square above their words" in result.output
    assert "--card-size shows them larger (70x70mm: 31.6 mm)" in result.output
    with pdfplumber.open(tmp_path / "deck.pdf") as document:
        pages = document.pages[:2]  # one card: SUN on its front, SEA on its back
        assert [len(page.images) for page in pages] == [1, 1]
    big = [char["text"] for page in read_pages((tmp_path / "deck.pdf").read_bytes(), [0, 1], shapes=False)
           for char in page.chars if char["size"] >= LEGIBLE - 0.01]
    assert sorted(big) == sorted("SUNSEA"), "both words at 24 pt or more beneath their pictures (turned on the sheet)"


def test_a_word_its_second_line_and_its_picture_print_together_on_a_taller_card(tmp_path):
    photos = _photos(tmp_path / "pictures")
    sheet = _sheet(tmp_path / "class.csv", [("soleil", "sun", "sun.jpg"), ("mer", "sea", "sea.jpg")],
                   ("word", "second", "picture"))
    refused = _run("deck", "--words", str(sheet), "--images", str(photos), "-o", str(tmp_path / "small.pdf"))
    assert refused.exit_code == 2
    assert "a 70 x 45 mm card is too small to show a word, its second line and a picture" in refused.output
    assert "choose a taller --card-size, e.g. 70x70mm" in refused.output
    assert not (tmp_path / "small.pdf").exists()
    pdf = tmp_path / "deck.pdf"
    result = _run("deck", "--words", str(sheet), "--images", str(photos), "--card-size", "70x70mm", "-o", str(pdf))
    assert result.exit_code == 0, result.output
    with pdfplumber.open(pdf) as document:
        text = " ".join(page.extract_text() for page in document.pages)
        assert sum(len(page.images) for page in document.pages) == 2
    for word in ("SOLEIL", "sun", "MER", "sea"):
        assert word in text, text


def _names(lang: str) -> dict[str, str]:
    return yaml.safe_load((labels_path(lang).parent / "picture-names.yaml").read_text(encoding="utf-8"))


def test_cngens_own_pictures_print_under_their_names_in_the_kits_language(tmp_path):
    pdf = tmp_path / "deck.pdf"
    result = _run("deck", "--deck", "picture-words", "--lang", "fr", "--blanks", "0", "-o", str(pdf))
    assert result.exit_code == 0, result.output
    assert "155 with words (310 words from the bundled deck 'picture-words')" in result.output
    printed = text_of(pdf.read_bytes()).replace(" ", "")
    missing = [name for name in (name.upper() for name in _names("fr").values()) if name.replace(" ", "") not in printed]
    assert not missing
    assert "ACCORDÉON" in printed and "RÉVEIL" in printed


@pytest.mark.parametrize("lang", ["de", "ja", "uk", "sv"])
def test_the_picture_words_are_each_pictures_name_in_capitals_with_its_picture(lang):
    """In each of cngen's languages, and in English for any other (Swedish here)."""
    from generator.jobs.sources import picture_word_list
    from generator.model.words import normalise
    from generator.settings.options import Style

    words = picture_word_list(False, Style(lang=lang))
    names = _names(lang if lang != "sv" else "en")
    assert not words.problems
    assert [(entry.text, entry.picture) for entry in words.entries] == \
        [(normalise(name, lang), f"{stem}.svg") for stem, name in names.items()]


def test_a_japanese_book_of_picture_words_prints_them_in_the_languages_font(tmp_path):
    book = tmp_path / "book.pdf"
    result = _run("book", "--deck", "picture-words", "--lang", "ja", "--games", "1", "--seed", "2", "-o", str(book))
    assert result.exit_code == 0, result.output
    printed = text_of(book.read_bytes()).replace(" ", "")
    assert sum(name in printed for name in _names("ja").values()) >= 20, "most of a game's 25 names, upright"


def test_the_picture_words_play_on_the_book_and_the_board_and_the_rules_say_so(tmp_path):
    book = tmp_path / "book.pdf"
    result = _run("book", "--deck", "picture-words", "--games", "1", "--seed", "4", "-o", str(book))
    assert result.exit_code == 0, result.output
    with pdfplumber.open(book) as document:
        game = document.pages[1]
        assert len(game.chars) > 100, "25 words and their copies"
    board = tmp_path / "board.txt"
    result = _run("board", "--deck", "picture-words", "--seed", "4", "--format", "text", "-o", str(board))
    assert result.exit_code == 0, result.output
    names = {name.upper() for name in _names("en").values()}
    assert sum(name in board.read_text(encoding="utf-8") for name in names) >= 20
    rules = tmp_path / "rules.pdf"
    assert _run("rules", "--deck", "picture-words", "-o", str(rules)).exit_code == 0
    with pdfplumber.open(rules) as document:
        text = " ".join(" ".join(page.extract_text().split()) for page in document.pages)
    assert "Above the upright word is a picture of what it names" in text
    assert "from cngen’s" in text and "own picture deck, a different word on each side" in text  # two columns


def _outside(tmp_path: Path) -> str:
    (tmp_path / "secret.png").write_bytes((tmp_path / "pictures" / "leaf.png").read_bytes())
    os.symlink(tmp_path / "secret.png", tmp_path / "pictures" / "link.png")
    return "link.png"


@pytest.mark.parametrize("picture,message", [
    ("Sun.jpg", "has no picture 'Sun.jpg': did you mean 'sun.jpg'? (capitals count)"),
    ("moon.jpg", "has no picture 'moon.jpg': check its name, or add the file to the folder"),
    ("../sun.jpg", "the picture '../sun.jpg' is not a file name alone"),
    ("photos/sun.jpg", "the picture 'photos/sun.jpg' is not a file name alone"),
    ("C:sun.jpg", "is not a file name alone"),
    ("..", "the picture '..' is not a file name alone"),
    (".sun.jpg", "the picture '.sun.jpg' names a hidden file"),
    ("notes.txt", "the picture 'notes.txt' is not a PNG, JPEG, WebP, TIFF or SVG file"),
    ("broken.png", "broken.png"),
    (_outside, "is a link to a file outside the folder: copy the picture itself into the folder"),
])
def test_a_picture_that_is_missing_or_reaches_outside_the_folder_is_named_with_its_row_and_column(
        tmp_path, picture, message):
    photos = _photos(tmp_path / "pictures")
    (photos / "broken.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    name = picture(tmp_path) if callable(picture) else picture
    sheet = _sheet(tmp_path / "class.csv", [("sun", "sun.jpg"), ("sea", name)])
    pdf = tmp_path / "deck.pdf"
    result = _run("deck", "--words", str(sheet), "--images", str(photos), "-o", str(pdf))
    assert result.exit_code == 1, result.output
    assert "class.csv: row 3, column B: " in result.output and message in result.output
    assert "Traceback" not in result.output and not pdf.exists()


@pytest.mark.parametrize("args,message", [
    (("--words", "{sheet}"), "names pictures in its picture column (row 2: 'sun.jpg'): give the folder that holds "
                             "them with --images DIR"),
    (("--words", "{plain}", "--images", "{photos}"), "words.txt names none: add a picture column to a spreadsheet "
                                                     "--words, or play with the pictures alone (--game pictures)"),
    (("--deck", "picture-words", "--images", "{photos}"), "--images has no effect with --game classic (the default): "
                                                          "Codenames prints a picture above a word only where a "
                                                          "spreadsheet's picture column names it"),
    (("--images", "{photos}",), "and no --words is given (pictures alone: --game pictures). Drop --images"),
])
def test_pictures_without_their_folder_or_a_folder_without_pictures_to_find_are_refused(tmp_path, args, message):
    photos = _photos(tmp_path / "pictures")
    sheet = _sheet(tmp_path / "class.csv", [("sun", "sun.jpg")])
    plain = tmp_path / "words.txt"
    plain.write_text("SUN\nSEA\n", encoding="utf-8")
    filled = [arg.format(sheet=sheet, plain=plain, photos=photos) for arg in args]
    result = _run("deck", *filled, "-o", str(tmp_path / "deck.pdf"))
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert not (tmp_path / "deck.pdf").exists()


def test_a_picture_game_keeps_refusing_word_settings_and_a_word_game_takes_the_picture_settings(tmp_path):
    photos = _photos(tmp_path / "pictures")
    sheet = _sheet(tmp_path / "class.csv", [("sun", "sun.jpg"), ("sea", "sea.jpg")])
    result = _run("deck", "--words", str(sheet), "--images", str(photos), "--fit", "contain", "--dpi", "150",
                  "-o", str(tmp_path / "deck.pdf"))
    assert result.exit_code == 0, result.output
    refused = _run("deck", "--pictures", "--words", str(sheet), "-o", str(tmp_path / "pictures.pdf"))
    assert refused.exit_code == 2 and "--words has no effect with --pictures" in refused.output


def test_a_refused_picture_name_is_reported_where_no_row_is_left_with_a_picture(tmp_path):
    photos = _photos(tmp_path / "pictures")
    sheet = _sheet(tmp_path / "class.csv", [("sun", "../sun.jpg"), ("sea", "")])
    result = _run("deck", "--words", str(sheet), "--images", str(photos), "-o", str(tmp_path / "deck.pdf"))
    assert result.exit_code == 1
    assert "row 2, column B: the picture '../sun.jpg' is not a file name alone" in result.output


def test_a_settings_files_picture_folder_is_set_aside_for_a_word_deck_and_used_for_a_spreadsheets(run, tmp_path):
    """A cngen.yaml kept for picture kits names a folder: a word deck without a spreadsheet
    leaves it aside with a note, a spreadsheet's picture column reads its files."""
    _photos(tmp_path / "pictures")
    (tmp_path / "cngen.yaml").write_text("deck:\n  images: pictures\n", encoding="utf-8")
    plain = run("deck", "-o", "plain.pdf")
    assert plain.exit_code == 0, plain.output
    assert "cngen.yaml:2: deck.images pictures is ignored" in plain.output
    _sheet(tmp_path / "class.csv", [("sun", "sun.jpg"), ("sea", "sea.jpg")])
    pictured = run("deck", "--words", "class.csv", "-o", "class.pdf")
    assert pictured.exit_code == 0, pictured.output
    with pdfplumber.open(tmp_path / "class.pdf") as document:
        assert sum(len(page.images) for page in document.pages) == 2


@pytest.fixture(scope="module")
def web_board(tmp_path_factory):
    folder = tmp_path_factory.mktemp("board")
    board, key = folder / "board.html", folder / "key.html"
    result = _run("board", "--deck", "picture-words", "--lang", "fr", "--seed", "3", "-o", str(board),
                  "--key-output", str(key))
    assert result.exit_code == 0, result.output
    return board, key


def test_the_web_board_shows_each_picture_above_its_word_and_the_key_the_words_alone(web_board):
    board, key = (path.read_text(encoding="utf-8") for path in web_board)
    names = {name.upper() for name in _names("fr").values()}
    shown = re.findall(r'<div class="word pictured"[^>]*><svg class="picture"[^>]*><use href="#(picture-\d+)"/></svg>'
                       r'<span dir="auto">([^<]+)</span>', board)
    assert len(shown) == 25 and {word for _, word in shown} <= names
    assert len(set(re.findall(r'<symbol id="(picture-\d+)"', board))) == 25 == len({ref for ref, _ in shown})
    assert "<symbol" not in key and "pictured" not in key, "the spymasters' key shows the words alone"
    assert sum(f">{word}<" in key for _, word in shown) == 25


@pytest.mark.skipif(BROWSER is None, reason="no Chromium on this machine: install the Debian package chromium")
def test_the_pictures_show_on_the_board_in_a_browser(web_board):
    board, _ = web_board
    shot = board.with_suffix(".png")
    subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                    "--disable-extensions", "--window-size=1280,800", f"--screenshot={shot}", board.as_uri()],
                   check=True, capture_output=True, timeout=120)
    pixels = Image.open(shot).convert("HSV").tobytes()
    bright = sum(1 for at in range(0, len(pixels), 3) if pixels[at + 1] > 128 and pixels[at + 2] > 128)
    assert bright > 0.01 * 1280 * 800, "the pictures in bright colours (a board of words alone has none)"


@pytest.mark.parametrize("args", [("--profile", "shop"), ("--profile", "shop", "--duet"), ("--profile", "pod")])
def test_a_press_file_of_pictured_words_passes_preflight_with_its_pictures_in_cmyk(tmp_path, args):
    from generator.preflight import preflight

    photos = _photos(tmp_path / "pictures")
    sheet = _sheet(tmp_path / "class.csv", [("sun", "sun.jpg"), ("sea", "sea.jpg"), ("leaf", "leaf.png")])
    pdf = tmp_path / "deck.pdf"
    result = _run("deck", "--words", str(sheet), "--images", str(photos), *args, "-o", str(pdf))
    assert result.exit_code == 0, result.output
    report = preflight(pdf.read_bytes())
    assert report.ok, report
    with pdfplumber.open(pdf) as document:
        images = [image for page in document.pages for image in page.images]
    assert len(images) >= 3 and all(image["colorspace"][0] in ("/DeviceCMYK", "DeviceCMYK") or
                                    "CMYK" in str(image["colorspace"]) for image in images), images[:1]


def test_a_pictures_own_notes_reach_the_summary(tmp_path):
    """A drawing's script is left out of the card, and the summary says so, as for a picture deck."""
    photos = _photos(tmp_path / "pictures")
    (photos / "map.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" '
                                    'height="10" fill="#3366CC"/><script>alert(1)</script></svg>', encoding="utf-8")
    sheet = _sheet(tmp_path / "class.csv", [("map", "map.svg"), ("sun", "sun.jpg")])
    result = _run("deck", "--words", str(sheet), "--images", str(photos), "-o", str(tmp_path / "deck.pdf"))
    assert result.exit_code == 0, result.output
    assert "map.svg: its scripts and HTML content were left out: they never print" in result.output


def _xlsx(path: Path, rows: list[tuple[str, ...]], header: tuple[str, ...]) -> Path:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(list(header))
    for row in rows:
        sheet.append(list(row))
    book.save(path)
    return path


def test_a_workbooks_pictured_words_play_duet_in_tabletop_simulator(tmp_path):
    """Duet from an .xlsx headed in French (mot, image), on Tabletop Simulator's sheets: the
    photos' colours are on the cards' sheet."""
    photos = _photos(tmp_path / "pictures")
    rows = [(f"mot{n}", list(PHOTOS)[n % 3]) for n in range(25)]
    source = _xlsx(tmp_path / "classe.xlsx", rows, ("mot", "image"))
    folder = tmp_path / "tts"
    result = _run("tts", "--duet", "--words", str(source), "--images", str(photos), "--out-dir", str(folder),
                  "--seed", "2")
    assert result.exit_code == 0, result.output
    sheet = Image.open(folder / "codenames-1-front.png").convert("RGB")
    present = [pixel for _, pixel in sheet.getcolors(1 << 24)]
    seen = [colour for colour in PHOTOS.values()
            if any(max(abs(a - b) for a, b in zip(colour, pixel)) <= 16 for pixel in present)]
    assert len(seen) == 3, "each photo's colour lies on the cards' sheet"


def test_the_duet_rules_say_the_pictures_are_above_the_words(tmp_path):
    rules = tmp_path / "rules.pdf"
    result = _run("rules", "--duet", "--deck", "picture-words", "--lang", "de", "-o", str(rules))
    assert result.exit_code == 0, result.output
    text = " ".join(text_of(rules.read_bytes()).split())
    assert "Über dem aufrecht gedruckten Wort zeigt ein Bild, was es bezeichnet" in text
