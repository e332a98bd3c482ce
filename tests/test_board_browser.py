"""cngen board's web pages opened in a real headless browser, as the players and spymasters
would see them on a shared screen: the board shows a 5 x 5 grid of cards with a readable word
on each, and the key page colours each cell as the key says, with the role's symbol in it.

Two browser launches in all (the board, then the key). Skipped only where no Chromium is
installed (.ci/run installs it where it can)."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops

from generator.cli import main
from generator.draw.theme import make_theme

from pdfcheck import pdf_pages

BROWSER = next((found for name in ("chromium", "chromium-browser", "google-chrome", "chrome")
                if (found := shutil.which(name))), None)
pytestmark = pytest.mark.skipif(BROWSER is None, reason="no Chromium on this machine: install the Debian "
                                "package chromium to open the board's pages in a real browser")
SIZE = (1280, 800)
THEME = make_theme(False, None, "Codenames", ink_limit=300, ink="full")
ROLE_COLOURS = {role: tuple(round(part * 255) for part in THEME.colour(name)) for role, name in
                (("red", "red"), ("blue", "blue"), ("bystander", "bystander"), ("assassin", "assassin"))}
ON_COLOURS = {role: (255, 255, 255) for role in ("red", "blue", "assassin")} | {"bystander": (64, 64, 64)}


def screenshot(page: Path) -> Image.Image:
    png = page.with_suffix(".png")
    subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--no-first-run", "--disable-extensions", f"--window-size={SIZE[0]},{SIZE[1]}",
                    f"--screenshot={png}", page.as_uri()],
                   check=True, capture_output=True, timeout=120)
    return Image.open(png).convert("RGB")


@pytest.fixture(scope="module")
def shots(tmp_path_factory):
    """The board and key pages of one game (seen in the browser) and its key as JSON."""
    folder = tmp_path_factory.mktemp("browser")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        for args in (["-o", "board.html", "--key-output", "key.html"], ["--format", "json", "--key-output", "k.json"]):
            result = CliRunner().invoke(main, ["board", "--seed", "12", *args])
            assert result.exit_code == 0, result.output
    key = json.loads((folder / "k.json").read_text(encoding="utf-8"))["games"][0]
    return screenshot(folder / "board.html"), screenshot(folder / "key.html"), key


def mask(image: Image.Image, colour: tuple[int, ...], tolerance: int = 10) -> Image.Image:
    """A black-and-white picture: white where ``image`` is ``colour``, give or take ``tolerance``."""
    channels = [channel.point(lambda value, want=want: 255 if abs(value - want) <= tolerance else 0)
                for channel, want in zip(image.split(), colour)]
    return ImageChops.multiply(ImageChops.multiply(channels[0], channels[1]), channels[2])


def bands(profile: list[float], least: float) -> list[tuple[int, int]]:
    """The runs of a profile at ``least`` or more: where a row or column of cards lies."""
    found, start = [], None
    for at, value in enumerate([*profile, 0]):
        if value >= least and start is None:
            start = at
        elif value < least and start is not None:
            found.append((start, at))
            start = None
    return found


def grid_of(found: Image.Image, least: float = 0.3) -> list[tuple[int, int, int, int]]:
    """The cells of a grid of rectangles in ``found`` (a mask), row by row: each row and column
    of cells is a band where much of the line is covered."""
    width, height = found.size
    columns = bands([value / 255 for value in found.resize((width, 1), Image.BOX).tobytes()], least)
    rows = bands([value / 255 for value in found.resize((1, height), Image.BOX).tobytes()], least)
    rows = [(top, bottom) for top, bottom in rows if bottom - top >= 20]  # a line of the header's text is no row
    return [(left, top, right, bottom) for top, bottom in rows for left, right in columns]


def count(found: Image.Image, box: tuple[int, int, int, int]) -> int:
    return sum(found.crop(box).histogram()[128:])


def inset(box, left: float, top: float, right: float, bottom: float) -> tuple[int, int, int, int]:
    x0, y0, x1, y1 = box
    return (round(x0 + (x1 - x0) * left), round(y0 + (y1 - y0) * top),
            round(x0 + (x1 - x0) * right), round(y0 + (y1 - y0) * bottom))


def test_the_board_shows_25_cards_each_with_a_readable_word(shots):
    board, _, _ = shots
    cells = grid_of(mask(board, (255, 255, 255), 4))  # each card's white panel
    assert len(cells) == 25, cells
    widths = {right - left for left, _, right, _ in cells}
    assert min(widths) > SIZE[0] / 10 and max(widths) - min(widths) <= 2  # large, and all alike
    dark = board.convert("L").point(lambda value: 255 if value < 90 else 0)
    for cell in cells:
        ink = count(dark, inset(cell, 0.05, 0.1, 0.95, 0.9))
        assert 150 < ink < 0.5 * (cell[2] - cell[0]) * (cell[3] - cell[1]), (cell, ink)


def test_the_key_colours_each_cell_and_marks_it_with_its_symbol(shots):
    _, key, dealt = shots
    roles = [role for row in dealt["key"]["sides"][0]["roles"] for role in row]
    covered = mask(key, ROLE_COLOURS["red"])
    for role in ("blue", "bystander", "assassin"):
        covered = ImageChops.lighter(covered, mask(key, ROLE_COLOURS[role], 6))
    cells = grid_of(covered)
    assert len(cells) == 25, cells
    for cell, role in zip(cells, roles):
        ground = key.crop(inset(cell, 0.03, 0.86, 0.12, 0.95)).resize((1, 1), Image.BOX).getpixel((0, 0))
        nearest = min(ROLE_COLOURS, key=lambda name: sum(abs(a - b) for a, b in zip(ROLE_COLOURS[name], ground)))
        assert nearest == role, (cell, ground, role)
        on = mask(key, ON_COLOURS[role], 24)
        assert count(on, inset(cell, 0.0, 0.0, 0.16, 0.26)) > 15, (cell, role)  # the symbol, in the corner
        assert count(on, inset(cell, 0.16, 0.25, 0.98, 0.75)) > 100, (cell, role)  # the word


def test_each_picture_held_once_shows_on_every_card_that_uses_it(tmp_path, monkeypatch):
    """Pictures are held once a page and drawn by each card that shows them: the first game's
    20 cards, each with its picture in the middle of its white window, without a script."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["board", "--pictures", "--seed", "12", "--games", "2", "-o", "board.html"])
    assert result.exit_code == 0, result.output
    page = screenshot(tmp_path / "board.html")
    cards = grid_of(ImageChops.invert(mask(page, page.getpixel((0, 0)), 6)))  # all that is not the table
    assert len(cards) == 20, cards
    for card in cards:
        drawn = ImageChops.invert(mask(page.crop(inset(card, 0.25, 0.25, 0.75, 0.75)), (255, 255, 255), 24))
        coloured = count(drawn, (0, 0, *drawn.size))  # what is not the window's white
        assert coloured > 0.1 * drawn.width * drawn.height, card


def test_a_four_team_key_prints_a_page_a_game_with_every_word_whole(tmp_path, monkeypatch):
    """Four teams at 7 x 7, printed from the browser (Chromium's own PDF, A4 landscape by the
    page's style): one page a game with the order of play on it, and no word broken inside,
    although the 49 cells are smaller than the boxed game's 25."""
    monkeypatch.chdir(tmp_path)
    for args in (["--format", "json", "-o", "b.json", "--key-output", "key.json"],
                 ["-o", "b.html", "--key-output", "key.html"]):
        result = CliRunner().invoke(main, ["board", "--teams", "4", "--games", "3", "--seed", "4", *args])
        assert result.exit_code == 0, result.output
    subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
                    "--no-pdf-header-footer", f"--print-to-pdf={tmp_path / 'key.pdf'}",
                    (tmp_path / "key.html").as_uri()], check=True, capture_output=True, timeout=120)
    games = json.loads((tmp_path / "key.json").read_text(encoding="utf-8"))["games"]
    pages = printed_words(tmp_path / "key.pdf")
    assert len(pages) == len(games)
    for printed, game in zip(pages, games):
        text = " ".join(printed)
        assert "Order of play:" in text and all(team.title() in text for team in game["key"]["order"])
        shown = set(printed)
        for word in (word for row in game["words"] for word in row if " " not in word):
            assert word in shown, word


def printed_words(pdf: Path) -> list[list[str]]:
    """Each page's words as PDFium reads its text (lines and runs apart): the words pdfplumber's
    extract_words finds, in a fiftieth of the time."""
    return [text.split() for text in pdf_pages(pdf)]


def test_a_click_covers_a_card_in_the_next_role_and_u_takes_it_back(tmp_path):
    """On the players' board, as tiles on a table: a click covers a card in the game's first
    role, each click after in the next, and after the last uncovers it; Enter does the same on a
    card reached with Tab, and U takes back the last change. The script runs under the page's
    own policy (by its digest), and the key's page has none."""
    from playwright.sync_api import sync_playwright

    board, key = tmp_path / "board.html", tmp_path / "key.html"
    made = CliRunner().invoke(main, ["board", "--seed", "3", "-o", str(board), "--key-output", str(key)])
    assert made.exit_code == 0, made.output
    assert "<script" not in key.read_text(encoding="utf-8")
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=BROWSER)
        try:
            page = browser.new_page(viewport={"width": SIZE[0], "height": SIZE[1]})
            refused: list[str] = []
            page.on("console", lambda message: refused.append(message.text))
            page.goto(board.as_uri())
            cards = page.locator(".card")
            covers = page.locator(".grid").get_attribute("data-covers").split()
            assert covers == ["red", "blue", "bystander", "assassin"]
            for clicks in range(len(covers) + 1):
                assert cards.nth(0).get_attribute("data-cover") == (covers[clicks - 1] if clicks else None)
                cards.nth(0).click()
            assert cards.nth(0).get_attribute("data-cover") is None, "after the last role, uncovered"
            cards.nth(5).focus()
            page.keyboard.press("Enter")
            page.keyboard.press("Enter")
            assert cards.nth(5).get_attribute("data-cover") == "blue"
            page.keyboard.press("u")
            assert cards.nth(5).get_attribute("data-cover") == "red"
            shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
            box = cards.nth(5).bounding_box()
            middle = shot.getpixel((round(box["x"] + box["width"] * 0.2), round(box["y"] + box["height"] * 0.8)))
            assert middle == ROLE_COLOURS["red"], middle
            assert not refused, refused
        finally:
            browser.close()


@pytest.mark.parametrize("game", ["classic", "duet"])
def test_the_key_fits_a_phone_with_every_light_on_it(tmp_path, game):
    """On a 360- or 390-pixel phone the key page is no wider than the screen: nothing to
    scroll sideways, and every light of the starting team inside it."""
    from playwright.sync_api import sync_playwright

    board, key = tmp_path / "board.html", tmp_path / "key.html"
    made = CliRunner().invoke(main, ["board", f"--{game}", "--seed", "3", "-o", str(board), "--key-output", str(key)])
    assert made.exit_code == 0, made.output
    keys = sorted(tmp_path.glob("key*.html"))
    with sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=BROWSER)
        try:
            for width, height in ((360, 740), (390, 844)):
                page = browser.new_page(viewport={"width": width, "height": height})
                for path in keys:
                    page.goto(path.as_uri())
                    assert page.evaluate("document.documentElement.scrollWidth") <= width, (path.name, width)
                    rights = page.evaluate("[...document.querySelectorAll('.light, .frame')]"
                                           ".map(e => e.getBoundingClientRect().right)")
                    assert all(right <= width + 0.5 for right in rights), (path.name, width, max(rights))
                page.close()
        finally:
            browser.close()
