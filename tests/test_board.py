"""cngen board, read back as its users would: a markdown table of 5 x 5 (4 x 5 for pictures),
JSON a bot can check, text that lines up in a terminal, BBCode for a forum, one web page that
needs no network; the key only ever in its own file, and nothing of it in what is posted.

Each output is built once: the formats at the maker, from hand-dealt games (cheap, and any
key can be swapped in), and a few real runs through the command line. The pages in a real
browser are in test_board_browser.py."""

from __future__ import annotations

import ast
import base64
import functools
import hashlib
import html
import io
import json
import os
import re
import string
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import assume, given, settings
from hypothesis import strategies as st
import yaml
from PIL import Image
from test_games import PACKAGE, _names_of_games

from generator.cli import main
from generator.draw.theme import make_theme
from generator.errors import UsageError, hidden
from generator.exports.board import BOARD, COUNTED_KEYS, FORMATS, TEXT_KEYS, BoardOptions
from generator.exports.board.maker import MAKER, chosen_format
from generator.exports.board.plain import framed
from generator.exports.board.view import Side, Words, terminal_width
from generator.exports.export import CODENAMES, Dealt, Request
from generator.games import GAMES
from generator.jobs.export import export_texts
from generator.jobs.language import shipped_languages
from generator.model.roles import ROLES

TEXTS = PACKAGE.parent / "languages"
LANGUAGES = tuple(shipped_languages().languages)  # every language cngen ships, as its folders are found
PICTURE_DECK = PACKAGE.parent / "decks" / "pictures"
# Each game's counts on each side, as the key's JSON spells them.
COUNTS = {
    "classic": [{"starting": 9, "other": 8, "bystander": 7, "assassin": 1}],
    "pictures": [{"starting": 8, "other": 7, "bystander": 4, "assassin": 1}],
    "duet": [{"agent": 9, "bystander": 13, "assassin": 3}] * 2,
}
SEED = 918273645  # distinctive: it must never be in what the players see


# --- Games dealt by hand, for the maker -----------------------------------------------------------


@functools.lru_cache(maxsize=None)
def keys_of(name: str):
    game = GAMES[name]
    return game.key_cards.game_keys(game.key_cards.deal(3, 11, True))


@functools.lru_cache(maxsize=None)
def texts_in(language: str):
    return export_texts(BOARD, language)[0]


THEME = make_theme(False, None, "Codenames", ink_limit=300, ink="full")


def cells_for(name: str, shift: int = 0) -> tuple[str, ...]:
    game = GAMES[name]
    if game.grid.cards.name == "picture":
        return tuple(f"picture-{index + shift}.svg" for index in range(game.grid.cells))
    return tuple(f"WORD{index + shift}" for index in range(game.grid.cells))


def request(name: str, kind: str, *, key: int = 0, seed: int = SEED, language: str = "en", games: int = 1,
            cells=None, thumbnails=None, title: str = "Codenames") -> Request:
    game = GAMES[name]
    dealt = tuple(Dealt(number, cells or cells_for(name, 100 * number), keys_of(name)[(key + number - 1) % 3])
                  for number in range(1, games + 1))
    own = BoardOptions(format=kind, key_output=Path("key.out"), output=None, games=games, seed=seed)
    pictures = thumbnails if thumbnails is not None else (
        {cell: b"\x89PNG-" + cell.encode() for table in dealt for cell in table.cells}
        if game.grid.cards.name == "picture" else {})
    return Request(game, seed, own, texts_in(language), language, title, game.title, "a test list", 400, THEME,
                   dealt, thumbnails=pictures)


def made(name: str, kind: str, **options) -> tuple[str, str]:
    """The board and the key (each player's side in turn, where each reads a side of their
    own), as the maker writes them."""
    board, *keys = MAKER.make(request(name, kind, **options)).files
    assert board.path is None and [key.path for key in keys] == key_paths(name)
    return board.text, "\n".join(key.text for key in keys)


def key_paths(name: str) -> list[Path]:
    """--key-output key.out: one file, or one a side where each player reads their own."""
    sides = len(COUNTS[name])
    return [Path("key.out")] if sides == 1 else [Path(f"key-{label}.out") for label in "AB"[:sides]]


def made_json(name: str, **options) -> tuple[dict, dict]:
    """The JSON board, and its key with every side (from each side's file) in each game."""
    board, *keys = (json.loads(file.text) for file in MAKER.make(request(name, "json", **options)).files)
    merged = keys[0]
    for other in keys[1:]:
        for game, more in zip(merged["games"], other["games"]):
            game["key"]["sides"] += more["key"]["sides"]
    return board, merged


# --- What the players see says nothing of the key --------------------------------------------------


@pytest.mark.parametrize("kind", FORMATS)
@pytest.mark.parametrize("name", list(GAMES))
def test_the_board_is_the_same_whatever_the_key_and_the_seed(name, kind):
    """The strongest form of "the board never holds the key": dealt another key and another
    seed, the same words give the same board, to the byte, while the key changes."""
    board, key = made(name, kind)
    other_board, other_key = made(name, kind, key=1, seed=SEED + 1)
    assert board == other_board
    assert key != other_key
    assert str(SEED) not in board


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", FORMATS)
def test_the_board_names_no_role_and_no_starting_team(kind, language):
    texts = texts_in(language)
    for name in GAMES:
        board, key = made(name, kind, language=language, games=2)
        said = [texts.text(text_key) for text_key in TEXT_KEYS if text_key not in ("game", "side", "cover hint")]
        if kind == "json":
            said += ["red", "blue", "bystander", "assassin", "agent", "starting", "key", "seed", "roles"]
        # A web board draws the covers players lay on found cards (each role's mark on its colour, the
        # roles the game has): its style and the grid's list of them aside, it names no role.
        shown = re.sub(r"<style>.*?</style>| data-covers=\"[^\"]*\"", "", board, flags=re.S) \
            if kind == "html" else board
        for text in said:
            assert not re.search(rf"(?<![\w-]){re.escape(text)}(?![\w-])", shown, re.I), (name, kind, text)
        assert not set(shown) & set("◆●★▬✕🟥🟦🟩🟨⬛"), (name, kind)
        assert "<!--" not in board
        assert texts.text("key") in key or kind == "json"


def test_the_pages_style_holds_the_roles_colours_for_its_covers_alone():
    """The players' page holds the roles' colours only to draw the covers they lay on found
    cards (``test_the_board_is_the_same_whatever_the_key_and_the_seed`` holds it to no key);
    the key's own rules (its cells, lights and legend) are on the key's page alone."""
    board, key = made("classic", "html")
    style = board.split("<style>")[1].split("</style>")[0]
    for role in ("red", "blue", "bystander", "assassin"):
        assert f'.card[data-cover="{role}"]::after' in style
        assert not re.search(rf"\.{role}\b(?!\")", style), role  # no rule of the key's: .red{...}, .light.red
    assert "--role" not in style and ".legend" not in style and ".light" not in style
    assert "--red" in key and ".assassin" in key


# --- Each format, parsed ----------------------------------------------------------------------------


def markdown_tables(text: str) -> list[list[list[str]]]:
    """Every table of a markdown text: its rows of cells, without the header and its rule."""
    tables, rows = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("|"):
            rows.append([cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]])
        elif rows:
            assert rows[1] and all(re.fullmatch(r"-{3,}", cell) for cell in rows[1])
            assert all(cell == "" for cell in rows[0])
            tables.append(rows[2:])
            rows = []
    return tables


@pytest.mark.parametrize("name", list(GAMES))
def test_the_markdown_board_is_a_table_of_the_games_grid(name):
    grid = GAMES[name].grid
    board, key = made(name, "markdown", games=3)
    tables = markdown_tables(board)
    assert len(tables) == 3
    for number, table in enumerate(tables, start=1):
        assert len(table) == grid.rows and all(len(row) == grid.columns for row in table)
        expected = [Path(cell).stem if grid.cards.name == "picture" else cell for cell in cells_for(name, 100 * number)]
        assert [cell for row in table for cell in row] == expected
    assert re.findall(r"^## .*$", board, re.M) == [f"## {GAMES[name].title} · Game {n}" for n in (1, 2, 3)]
    sides = len(COUNTS[name])
    key_tables = markdown_tables(key)
    assert len(key_tables) == 3 * sides
    assert all(cell[0] in "🟥🟦🟩🟨⬛" for table in key_tables for row in table for cell in row)


def test_markdown_keeps_a_word_with_markdown_in_it_as_it_is():
    cells = ("A|B", "*STAR*", "_UNDER_", "[LINK]", *cells_for("classic")[4:])
    board, _ = made("classic", "markdown", cells=cells)
    table = markdown_tables(board)[0]
    assert table[0][:4] == [r"A\|B", r"\*STAR\*", r"\_UNDER\_", r"\[LINK\]"]


@pytest.mark.parametrize("name", list(GAMES))
def test_the_bbcode_board_is_a_table_and_the_key_colours_each_cell(name):
    grid = GAMES[name].grid
    board, key = made(name, "bbcode")
    rows = re.findall(r"\[tr\](.*?)\[/tr\]", board)
    assert board.count("[table]") == board.count("[/table]") == 1
    assert len(rows) == grid.rows and all(row.count("[td]") == row.count("[/td]") == grid.columns for row in rows)
    assert "[color" not in board
    cells = re.findall(r"\[td\](.*?)\[/td\]", key)
    assert len(cells) == grid.cells * len(COUNTS[name])
    assert all(re.fullmatch(r"(\[b\])?\[color=#[0-9A-F]{6}\][◆●★▬✕] \S.*\[/color\](\[/b\])?", cell) for cell in cells)


# --- What users give is shown as the text it is, in every format -----------------------------------

# Words as a hostile list holds them: each format's own markup, and what forums and GitHub turn
# into links or pictures by themselves.
MARKUP = ("[IMG]HTTP://TRACK.EXAMPLE/PIXEL.PNG[/IMG]", "[URL=HTTP://EVIL.EXAMPLE]CLICK[/URL]", "[/TD][/TR][/TABLE]",
          "[B]BOLD", "[FF0000]RED[-]", "*STAR*", "_UNDER_", "A|B", "<IMG SRC=X ONERROR=ALERT(1)>", "&AMP;",
          "`CODE`", "~~GONE~~", "![](HTTP://X.EXAMPLE/T.PNG)", "$X^2$", "C# HEAD #", "- ITEM", "1. ONE", "+ PLUS",
          "WWW.EVIL.EXAMPLE", "HTTP://EVIL.EXAMPLE", "\\BACK\\SLASH", "\"QUOTE\" 'S'", "{: .CLASS}", "<!-- X -->",
          "= SETEXT")
# What forums read as a tag: "[" at once followed by a name, or by "/" and a name.
BBCODE_TAG = re.compile(r"\[(/?)([A-Za-z*][^\]=\[]*)(=[^\]]*)?\]")
OUR_TAGS = {"b", "i", "table", "tr", "td", "color"}
MARKDOWN_SPECIALS = set("\\`*_[]<>|~&$")


def bbcode_cells(text: str) -> list[str]:
    """The cells of every table of a BBCode post as a forum shows them: the tags it reads are
    only ours, and the text between them is what a reader sees."""
    tags = {match.group(2).lower() for match in BBCODE_TAG.finditer(text)}
    assert tags <= OUR_TAGS, tags
    cells = re.findall(r"\[td\](.*?)\[/td\]", text, re.IGNORECASE)
    return [BBCODE_TAG.sub("", cell).replace("[\u200b", "[") for cell in cells]


def markdown_shown(cell: str) -> str:
    """A markdown cell as CommonMark shows it: a backslash before punctuation is the punctuation
    alone; any other special character would be markup, and is not allowed here."""
    shown, at = [], 0
    while at < len(cell):
        if cell[at] == "\\" and at + 1 < len(cell) and cell[at + 1] in string.punctuation:
            shown.append(cell[at + 1])
            at += 2
            continue
        assert cell[at] not in MARKDOWN_SPECIALS, (cell, at)
        shown.append(cell[at])
        at += 1
    return "".join(shown)


def shown_in(kind: str, text: str) -> list[str]:
    """Every cell of every grid of a board or key, as its reader sees it (a key's symbol too)."""
    if kind == "bbcode":
        return bbcode_cells(text)
    if kind == "markdown":
        return [markdown_shown(cell) for table in markdown_tables(text) for row in table for cell in row]
    if kind == "html":
        return Page(text).words
    if kind == "json":
        return [word for game in json.loads(text)["games"] for row in game["words"] for word in row]
    return [cell.strip() for line in text.splitlines() if line.startswith("| ")
            for cell in re.split(r" \| ", line[2:-2])]


def without_symbol(cell: str) -> str:
    return cell[2:] if cell[:1] in "◆●★▬✕🟥🟦🟩🟨⬛" else cell


@pytest.mark.parametrize("kind", ["bbcode", "markdown", "html", "json"])
def test_markup_in_a_word_or_the_title_reaches_each_format_as_text(kind):
    title = "[URL=HTTP://EVIL]*NIGHT*[/URL] <B>&amp;"
    board, key = made("classic", kind, cells=MARKUP, title=title)
    assert shown_in(kind, board) == list(MARKUP)
    assert [without_symbol(cell) for cell in shown_in(kind, key)] == list(MARKUP) or kind == "json"
    if kind == "bbcode":
        heading = re.match(r"\[b\](.*?)\[/b\]", board).group(1)
        assert heading.replace("[\u200b", "[") == title and not BBCODE_TAG.search(heading)
    if kind == "markdown":
        assert markdown_shown(board.splitlines()[0][3:]) == title
    if kind == "html":
        assert f"<h1>{html.escape(title)}</h1>" in board and f"<title>{html.escape(title)}</title>" in board
        assert Page(board).addresses == [] and "<b>" not in board.lower()
    if kind == "json":
        assert json.loads(board)["title"] == title


MARKED = st.text(st.sampled_from("AZÉ日 []/=*_|<>&#`~$!()-+.:\\\"'{}"), min_size=1, max_size=12)


@given(st.lists(MARKED, min_size=25, max_size=25, unique_by=str.casefold))
@settings(max_examples=40, deadline=None)
def test_no_word_a_list_lets_through_is_ever_markup_in_any_format(words):
    """The property the examples above stand for: whatever characters a word holds, each format
    shows it as written, and every tag a forum would read is one of ours."""
    words = [" ".join(word.split()) for word in words]
    assume(all(words) and len({word.casefold() for word in words}) == 25)
    for kind in ("bbcode", "markdown", "html", "json"):
        board, _ = made("classic", kind, cells=tuple(words))
        assert shown_in(kind, board) == words, kind


# Picture file names hold what no word list lets through: the terminal's ESC and OSC, a
# right-to-left override, line breaks, a byte that is not UTF-8.
HOSTILE_NAMES = ("red\x1b[31mflag.png", "title\x1b]0;pwned\x07.png", "evil\u202egnp.png", "split\nrow.png",
                 "line\u2028sep.png", "tab\there.png", "latin\udce9.png", "iso\u2066late.png", "bell\x07.png",
                 "del\x7f.png", "c1\x9b31m.png", "bom\ufeff.png")


def test_a_picture_named_with_controls_shows_its_name_and_does_nothing_in_every_format():
    cells = (*HOSTILE_NAMES, *cells_for("pictures")[len(HOSTILE_NAMES):])
    for kind in FORMATS:
        for text in made("pictures", kind, cells=cells, thumbnails={}):
            text.encode("utf-8")  # a byte that is not UTF-8 is written as its escape, never raw
            assert not [char for char in text.replace("[\u200b", "[") if hidden(char) and char != "\n"], kind
            if kind == "json":
                assert [word for game in json.loads(text)["games"] for row in game["words"] for word in row] == \
                    list(cells)  # a bot reads the exact names
            elif kind == "text":
                assert len({len(line) for line in text.splitlines() if line.startswith(("|", "+"))}) <= 2
    board, _ = made("pictures", "text", cells=cells, thumbnails={})
    assert "red\\x1b[31mflag" in board and "split\\nrow" in board and "latin\\xe9" in board


@pytest.mark.parametrize("kind", FORMATS)
def test_a_key_holds_the_seed_and_a_side_of_its_own_does_not(kind):
    """The seed deals every key again: in the key's file (once, or on each game's page), never
    on the board, and not in a Duet side's file, where it would deal the partner's side."""
    for name in GAMES:
        board, *keys = MAKER.make(request(name, kind, games=2)).files
        assert str(SEED) not in board.text
        for key in keys:
            if kind == "json":
                assert json.loads(key.text)["seed"] == (SEED if len(keys) == 1 else None)
            elif len(keys) == 1:
                assert f"Seed {SEED}" in key.text
            else:
                assert str(SEED) not in key.text, (name, key.path)


@pytest.mark.parametrize("language, seed", [("en", "Seed"), ("fr", "Graine"), ("de", "Startwert"), ("es", "Semilla")])
def test_the_seed_is_named_in_the_keys_language(language, seed):
    _, key = made("classic", "text", language=language)
    assert key.rstrip().splitlines()[-1] == f"{seed} {SEED}"


@pytest.mark.parametrize("name", list(GAMES))
def test_the_json_documents(name):
    game = GAMES[name]
    board, key = made_json(name, games=2)
    assert board == {"format": "cngen board", "version": 1, "game": name, "title": game.title,
                     "language": "en", "cards": game.grid.cards.name,
                     "games": [{"number": number, "rows": game.grid.rows, "columns": game.grid.columns,
                                "words": [list(cells_for(name, 100 * number)[at:at + game.grid.columns])
                                          for at in range(0, game.grid.cells, game.grid.columns)]}
                               for number in (1, 2)]}
    assert key["seed"] == (SEED if len(COUNTS[name]) == 1 else None)  # a side's file: the seed would deal both
    for number, (public, secret) in enumerate(zip(board["games"], key["games"]), start=1):
        assert {field: value for field, value in secret.items() if field != "key"} == public
        dealt = keys_of(name)[number - 1]
        assert secret["key"]["starting"] == dealt.sides[0].starting
        for side, wanted in zip(secret["key"]["sides"], dealt.sides):
            assert side["label"] == wanted.label
            flat = [role for row in side["roles"] for role in row]
            assert len(side["roles"]) == game.grid.rows and len(flat) == game.grid.cells
            assert Counter(flat) == side["counts"]
            assert _spelt(flat) == list(wanted.roles)


def _spelt(roles: list[str]) -> list[str]:
    return [{"red": "R", "blue": "B", "bystander": "N", "assassin": "A", "agent": "G"}[role] for role in roles]


BASES = "AÉ日本語한שＡZ"
WORD = st.builds(lambda first, rest: (first + rest).strip(), st.sampled_from(BASES),
                 st.text(st.sampled_from(BASES + "\u0301\u0308 "), max_size=8))


@given(st.lists(WORD, min_size=25, max_size=25))
@settings(max_examples=60, deadline=None)
def test_the_text_grid_lines_up_in_a_terminal(words):
    assume(any(terminal_width(word) != len(word) for word in words))  # some wide or combining character
    rows = [words[at:at + 5] for at in range(0, 25, 5)]
    lines = framed(rows).splitlines()
    assert len(lines) == 11
    assert len({terminal_width(line) for line in lines}) == 1
    # Every column's bars sit at the same terminal column on every line.
    bars = {tuple(terminal_width(line[:at]) for at, char in enumerate(line) if char in "|+") for line in lines}
    assert len(bars) == 1


def test_terminal_widths():
    assert terminal_width("東京") == 4 and terminal_width("ＡＢ") == 4
    assert terminal_width("E\u0301") == 1 and terminal_width("שָׁלוֹם") == 4
    assert terminal_width("CAFÉ") == 4


@pytest.mark.parametrize("name", list(GAMES))
def test_the_text_key_marks_each_name_with_its_roles_symbol(name):
    board, key = made(name, "text")
    grid = GAMES[name].grid
    assert board.count("|") == grid.rows * (grid.columns + 1)
    marked = re.findall(r"\| ([◆●★▬✕]) ", key.replace(" | ", " || "))
    assert len(marked) == grid.cells * len(COUNTS[name])
    if GAMES[name].grid.cards.name == "picture":
        assert "picture-100 " in board and ".svg" not in board


# --- Languages --------------------------------------------------------------------------------------


def test_every_language_has_every_text_and_names_roles_as_the_games_tiles_do():
    for language in LANGUAGES:
        texts = export_texts(BOARD, language)
        assert texts[1] == () and set(texts[0].texts) == {*TEXT_KEYS, *COUNTED_KEYS}, language
        assert not any("{" in texts[0].texts[key] for key in TEXT_KEYS)
        # A role's count is written with its noun in each of the language's forms.
        assert all(str(count) in texts[0].count(key, count) for key in COUNTED_KEYS for count in range(26))
        tiles = {}
        for game in GAMES.values():
            for line in game.tile_names(language).read_text(encoding="utf-8").splitlines():
                if ":" in line and not line.startswith("#"):
                    noun, _, name = line.partition(":")
                    tiles[noun.strip()] = name.strip()
        for role in ROLES:
            assert texts[0].text(role.noun) == tiles[role.noun], (language, role.noun)
    assert {role.noun for role in ROLES} <= set(TEXT_KEYS) and {role.nouns for role in ROLES} == set(COUNTED_KEYS)


def test_french_texts_keep_their_typography():
    """A French colon, semicolon, mark or closing guillemet has a no-break space before it, and
    an opening guillemet one after it (the texts reader keeps them as written)."""
    for line in (TEXTS / "fr" / "board.yaml").read_text(encoding="utf-8").splitlines():
        if not line.startswith("#") and ":" in line:
            text = line.partition(":")[2]
            assert not re.search(r"[^\u00a0\u202f][:;!?»]|«[^\u00a0\u202f]", text), line


@pytest.mark.parametrize("language,game,starts,count", [
    ("fr", "Partie 2", "Les bleus commencent|Les rouges commencent", "8 informateurs"),
    ("de", "Partie 2", "Rot beginnt|Blau beginnt", "1 Attentäter"),
    ("es", "Partida 2", "Empieza el equipo rojo|Empieza el equipo azul", "7 civiles inocentes"),
])
def test_headings_and_labels_are_in_the_kits_language(language, game, starts, count):
    board, key = made("classic", "html", language=language, games=2)
    assert f'<html lang="{language}">' in board and f'<html lang="{language}">' in key
    assert game in board and re.search(starts, key) and count in key
    duet_key = made("duet", "text", language=language)[1]
    assert {"fr": "Face B", "de": "Seite B", "es": "Cara B"}[language] in duet_key


@pytest.mark.parametrize("args, heading", [
    (("--duet", "--lang", "de"), "Codenames Duett"),
    (("--duet",), "Codenames Duet"),
])
def test_the_board_names_the_game_as_its_language_does(run, args, heading):
    result = run("board", *args, "--format", "text", "--seed", "3")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == heading


# --- The web page -------------------------------------------------------------------------------------


class Page(HTMLParser):
    """What a page holds: its cards and their classes, the pictures its cards show (each by its
    accessible name and the symbol it uses), the images it defines, and every address in it."""

    def __init__(self, text: str):
        super().__init__()
        self.cards: list[str] = []
        self.words: list[str] = []
        self.directions: list[str | None] = []
        self.pictures: list[list[str]] = []  # [name, the symbol it uses]
        self.symbols: dict[str, str] = {}  # id -> the image it draws
        self.images: list[str] = []
        self.addresses: list[str] = []
        self._symbol = None
        self.html_lang = None
        self._in_word = False
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("src", "href", "action", "data", "poster", "srcset"):
            if attrs.get(name):
                self.addresses.append(attrs[name])
        if tag == "html":
            self.html_lang = attrs.get("lang")
        classes = (attrs.get("class") or "").split()
        if "card" in classes:
            self.cards.append(" ".join(classes[1:]))
        if "word" in classes:
            self._in_word = True
            self.directions.append(attrs.get("dir"))
            self.words.append("")
        if tag == "svg" and "picture" in classes:
            assert attrs["role"] == "img"
            self.pictures.append([attrs["aria-label"], ""])
        if tag == "use":
            self.pictures[-1][1] = attrs["href"]
        if tag == "symbol":
            self._symbol = attrs["id"]
        if tag == "image":
            self.images.append(attrs["href"])
            self.symbols[self._symbol] = attrs["href"]

    def handle_endtag(self, tag):
        self._in_word = False

    def handle_data(self, data):
        if self._in_word:
            self.words[-1] += data


@pytest.mark.parametrize("name", list(GAMES))
def test_the_page_needs_no_network_and_the_key_is_a_page_of_its_own(name):
    board, key = made(name, "html", games=2)
    # The board's one script (its covers) runs by its digest in the page's own policy; the key has none.
    scripts = re.findall(r"<script>(.*?)</script>", board, re.S)
    assert len(scripts) == 1 and "<script" not in key
    digest = base64.b64encode(hashlib.sha256(scripts[0].encode("utf-8")).digest()).decode("ascii")
    assert f"script-src 'sha256-{digest}'" in board
    for text in (board.replace(f"<script>{scripts[0]}</script>", ""), key):
        assert not re.search(r"https?:|//[a-z]|url\(|@import|<script|<link|<iframe|<object", text, re.I)
        assert "Content-Security-Policy" in text and "default-src 'none'" in text
        page = Page(text)
        assert all(address.startswith("data:image/png;base64,") or address[1:] in page.symbols
                   for address in page.addresses)  # a picture, or a picture the page holds
        assert "@media print" in text and "break-after:page" in text
    page, key_page = Page(board), Page(key)
    grid = GAMES[name].grid
    assert len(page.cards) == 2 * grid.cells and set(page.cards) == {""}
    assert len(key_page.cards) == 2 * grid.cells * len(COUNTS[name])
    roles = Counter(key_page.cards[:grid.cells])
    assert sorted(roles.values(), reverse=True) == sorted(COUNTS[name][0].values(), reverse=True)
    if grid.cards.name == "picture":
        assert len(page.pictures) == 2 * grid.cells and not page.words
        assert [label for label, _ in page.pictures] == [Path(cell).stem for shift in (100, 200)
                                                           for cell in cells_for(name, shift)]
    else:
        assert page.words == list(cells_for(name, 100)) + list(cells_for(name, 200))
        assert set(page.directions) == {"auto"}


def test_each_picture_is_held_once_a_page_however_many_cards_show_it():
    cells = cells_for("pictures")
    thumbnails = {cell: f"PNG of {cell}".encode() * 50 for cell in cells}
    board, key = made("pictures", "html", games=30, cells=cells, thumbnails=thumbnails)
    for text in (board, key):
        page = Page(text)
        assert len(page.pictures) == 30 * len(cells)  # 600 cards, one side of the key each
        for cell, data in thumbnails.items():
            assert text.count(base64.b64encode(data).decode("ascii")) == 1, cell
        assert {page.symbols[symbol[1:]] for _, symbol in page.pictures} == set(page.images)
    assert len(board) < 30 * len(cells) * 400 + sum(map(len, thumbnails.values())) * 2  # a card costs its markup


def test_right_to_left_words_are_set_by_the_browser():
    cells = ("שלום", "ירושלים", *cells_for("classic")[2:])
    board, key = made("classic", "html", cells=cells)
    assert '<div class="word" dir="auto" style="--n:' in board
    assert Page(board).words[:2] == ["שלום", "ירושלים"]


def test_pictures_are_asked_for_only_for_a_web_page_of_a_game_played_with_pictures():
    sizes = {CODENAMES: (66 * 72 / 25.4, 60 * 72 / 25.4)}
    pictures, words = GAMES["pictures"], GAMES["classic"]
    assert MAKER.thumbnails(BoardOptions(format="html"), pictures) == (240, 240)
    assert MAKER.thumbnails(BoardOptions(format="markdown"), pictures) is None
    assert MAKER.thumbnails(BoardOptions(format="html"), words) is None
    assert MAKER.card_sizes(BoardOptions(format="html"), pictures, None, sizes) == {CODENAMES: (sizes[CODENAMES][1],) * 2}
    assert MAKER.card_sizes(BoardOptions(format="html"), words, None, sizes) == {}
    assert MAKER.thumbnails(BoardOptions(output=Path("b.HTML")), pictures) == (240, 240)
    # A photo is made ready at the thumbnail's pixels, 240 across a 60 mm card: 101.6 dpi.
    assert MAKER.shown_dpi(BoardOptions(format="html"), pictures, (60 * 72 / 25.4,) * 2) == pytest.approx(101.6)
    assert MAKER.shown_dpi(BoardOptions(format="markdown"), pictures, (60 * 72 / 25.4,) * 2) is None


def test_the_format_follows_the_file_name_unless_given():
    assert chosen_format(BoardOptions(output=Path("b.md"))) == "markdown"
    assert chosen_format(BoardOptions(key_output=Path("k.json"))) == "json"
    assert chosen_format(BoardOptions(format="bbcode", output=Path("b.html"))) == "bbcode"
    assert chosen_format(BoardOptions(output=Path("-"), key_output=Path("k"))) == "text"


def test_outputs_and_what_they_refuse():
    classic, duet = GAMES["classic"], GAMES["duet"]
    assert MAKER.outputs(BoardOptions(), classic) == {None: "the standard output"}
    assert MAKER.outputs(BoardOptions(output=Path("-"), key_output=Path("k.md")), classic) == {
        None: "the standard output", Path("k.md"): "--key-output k.md"}
    assert MAKER.outputs(BoardOptions(output=Path("b.md")), classic) == {Path("b.md"): "--output b.md"}
    assert MAKER.outputs(BoardOptions(output=Path("b.md"), key_output=Path("k.md")), duet) == {
        Path("b.md"): "--output b.md", Path("k-A.md"): "side A's key k-A.md (named after --key-output k.md)",
        Path("k-B.md"): "side B's key k-B.md (named after --key-output k.md)"}
    for own in (BoardOptions(output=Path("b.md"), key_output=Path("b.md")), BoardOptions(key_output=Path("-")),
                BoardOptions(output=Path("k-B.md"), key_output=Path("k.md"))):
        with pytest.raises(UsageError, match="key"):
            MAKER.outputs(own, duet)


def test_each_side_of_a_key_is_named_as_its_game_deals_it():
    """The files planned before any work are the files written: each game declares the sides
    its dealer labels."""
    for game in GAMES.values():
        assert tuple(side.label for side in keys_of(game.name)[0].sides) == game.key_cards.sides


def test_the_board_code_names_no_game():
    for path in sorted((PACKAGE / "exports" / "board").rglob("*.py")):
        assert not _names_of_games(ast.parse(path.read_text(encoding="utf-8"))), path


# --- Real runs, through the command line --------------------------------------------------------------


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    root = tmp_path_factory.mktemp("board")
    (root / "sixty.txt").write_text("\n".join(f"CODE{index:02d}" for index in range(60)), encoding="utf-8")
    (root / "few.txt").write_text("\n".join(f"CODE{index:02d}" for index in range(12)), encoding="utf-8")
    pictures = root / "pictures"
    pictures.mkdir()
    for path in sorted(PICTURE_DECK.glob("*.svg"))[:22]:
        (pictures / path.name).write_bytes(path.read_bytes())
    return root


@pytest.fixture(scope="module")
def runs(folder):
    """Each real run once: name -> (result, {file name: text})."""
    plans = {
        "classic": ["--format", "json", "--seed", "5", "-o", "c.json", "--key-output", "ck.json"],
        "classic again": ["--format", "json", "--seed", "5", "-o", "c2.json", "--key-output", "ck2.json"],
        "duet": ["--game", "duet", "--seed", "5", "-o", "d.json", "--key-output", "dk.json"],  # dk-A, dk-B
        "pictures": ["--game", "pictures", "--images", "pictures", "--seed", "5", "-o", "p.html",
                     "--key-output", "pk.html"],
        "sixty": ["--words", "sixty.txt", "--games", "5", "--seed", "8", "-o", "s.json", "--key-output", "sk.json"],
        "stdout": ["--format", "markdown", "--seed", str(SEED), "--key-output", "mk.md"],
    }
    found = {}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        for name, args in plans.items():
            result = CliRunner().invoke(main, ["board", *args])
            assert result.exit_code == 0, (name, result.output, result.stderr)
            written = [args[at + 1] for at, arg in enumerate(args) if arg in ("-o", "--key-output")]
            if name == "duet":  # each player's side in a file of its own
                written = [written[0], "dk-A.json", "dk-B.json"]
            found[name] = (result, {file: (folder / file).read_text(encoding="utf-8") for file in written})
    return found


def test_the_same_seed_deals_the_same_game(runs):
    first, again = runs["classic"][1], runs["classic again"][1]
    assert json.loads(first["c.json"]) == json.loads(again["c2.json"])
    assert first["ck.json"] == again["ck2.json"]


@pytest.mark.parametrize("run,board,keys", [("classic", "c.json", ["ck.json"]),
                                            ("duet", "d.json", ["dk-A.json", "dk-B.json"])])
def test_the_keys_counts(runs, run, board, keys):
    documents = [json.loads(runs[run][1][key]) for key in keys]
    assert "key" not in runs[run][1][board] and "seed" not in json.loads(runs[run][1][board])
    sides = [side for document in documents for side in document["games"][0]["key"]["sides"]]
    assert [side["label"] for side in sides] == ([""] if len(keys) == 1 else ["A", "B"])  # one side a file
    document = documents[0]
    for side, wanted in zip(sides, COUNTS[document["game"]]):
        counts = dict(side["counts"])
        starting = document["games"][0]["key"]["starting"]
        if starting:
            other = {"red": "blue", "blue": "red"}[starting]
            counts = {"starting": counts.pop(starting), "other": counts.pop(other), **counts}
        assert counts == wanted


def test_games_repeat_no_word_until_the_list_runs_out(runs):
    document = json.loads(runs["sixty"][1]["s.json"])
    tables = [[word for row in game["words"] for word in row] for game in document["games"]]
    assert [game["number"] for game in document["games"]] == [1, 2, 3, 4, 5]
    assert all(len(set(table)) == 25 for table in tables)
    dealt = [word for table in tables for word in table]
    assert len(set(dealt[:60])) == 60
    assert "shuffled again" in runs["sixty"][0].output


def test_pictures_on_the_page_are_the_cards_faces(runs):
    board, key = runs["pictures"][1]["p.html"], runs["pictures"][1]["pk.html"]
    page = Page(board)
    assert len(page.pictures) == 20 and len(Page(key).pictures) == 20
    assert len(set(page.images)) == len(page.images) == 20 and sorted(Page(key).images) == sorted(page.images)
    assert {page.symbols[symbol[1:]] for _, symbol in page.pictures} == set(page.images)
    picture = Image.open(io.BytesIO(base64.b64decode(page.images[0].split(",", 1)[1])))
    assert picture.format == "PNG" and picture.size == (240, 240)
    assert "<td" not in board and ".svg" not in board.split("<body>")[1].replace('alt="', "")
    summary = runs["pictures"][0].output
    assert "20 pictures from pictures" in summary and "p.html" in summary and "pk.html" in summary


def test_standard_output_holds_the_board_and_nothing_else(runs):
    result, files = runs["stdout"]
    tables = markdown_tables(result.stdout)
    assert len(tables) == 1 and len(tables[0]) == 5
    assert result.stdout.startswith("## Codenames\n") and "Wrote" not in result.stdout
    assert str(SEED) not in result.stdout and "Wrote the key to mk.md" in result.stderr
    assert markdown_tables(files["mk.md"])[0][0][0][2:] == tables[0][0][0]


@pytest.mark.parametrize("args,message,code", [
    (["--words", "few.txt"], r"12 words.*at least 25 words", 1),
    (["-o", "same.md", "--key-output", "same.md"], r"both same\.md", 2),
    (["-o", "same.md", "--key-output", "pictures/../same.md"], r"would be the same file", 2),
    (["-o", "board.md", "--key-output", "pictures/../sixty.txt", "--words", "sixty.txt"], r"overwrite", 2),
    (["-o", "pictures"], r"--output pictures is a folder: give a file name, e\.g\. pictures/board", 2),
    (["--key-output", "pictures", "-o", "b.md"], r"--key-output pictures is a folder", 2),
    (["--key-output", "-"], r"never goes to standard output", 2),
])
def test_bad_input_is_refused_with_nothing_written(folder, args, message, code):
    before = sorted(path.name for path in folder.iterdir())
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        result = CliRunner().invoke(main, ["board", "--seed", "1", *args])
    assert result.exit_code == code, result.output
    assert re.search(message, result.stderr), result.stderr
    assert result.stdout == ""
    assert sorted(path.name for path in folder.iterdir()) == before


def digests(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` (links as links) and the SHA-256 of what it holds."""
    return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(folder.rglob("*")) if path.is_file()}


# Names that put a key where the board goes, each with the files already there: every spelling
# of one file (the same name, a case apart, another composition of its accent, "..", a hard or
# a symbolic link) between the board and a file named after --key-output.
SAME_FILE = {
    "the board named as side A's key": (["--duet", "-o", "key-A.txt", "--key-output", "key.txt"],
                                        {"key-A.txt": "our notes"}),
    "the board named as side B's key": (["--duet", "-o", "key-B.md", "--key-output", "key.md"], {}),
    "side A's key in other capitals": (["--duet", "-o", "KEY-A.txt", "--key-output", "key.txt"], {}),
    "an accent composed another way": (["--duet", "-o", "cl\u00e9-A.txt", "--key-output", "cle\u0301.txt"], {}),
    "the board through ..": (["--duet", "-o", "sub/../key-A.txt", "--key-output", "key.txt"], {"sub/x": ""}),
    "side A's key a hard link to the board": (["--duet", "-o", "board.txt", "--key-output", "key.txt"],
                                              {"board.txt": "our board", "key-A.txt": "link"}),
    "side B's key a symbolic link to the board": (["--duet", "-o", "board.txt", "--key-output", "key.txt"],
                                                  {"board.txt": "our board", "key-B.txt": "symlink"}),
    "the key in other capitals": (["-o", "Board.md", "--key-output", "board.md"], {}),
}


@pytest.mark.parametrize("args, files", SAME_FILE.values(), ids=SAME_FILE.keys())
def test_no_names_put_a_key_in_the_boards_file(tmp_path, args, files):
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if text == "link":
            os.link(tmp_path / "board.txt", path)
        elif text == "symlink":
            path.symlink_to("board.txt")
        else:
            path.write_text(text, encoding="utf-8")
    before = digests(tmp_path)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        result = CliRunner().invoke(main, ["board", "--seed", "3", *args])
    assert result.exit_code == 2, result.output
    assert "would be the same file: give one of them another name" in result.stderr, result.stderr
    assert result.stdout == "" and "Traceback" not in result.output
    assert digests(tmp_path) == before


def test_a_duet_board_holds_no_side_and_each_side_only_its_own(tmp_path):
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        result = CliRunner().invoke(main, ["board", "--duet", "--seed", "3", "--format", "json", "-o", "key-B",
                                           "--key-output", "key-A"])
    assert result.exit_code == 0, result.output
    board, a, b = (json.loads((tmp_path / name).read_text(encoding="utf-8"))
                   for name in ("key-B", "key-A-A", "key-A-B"))
    assert "key" not in board["games"][0] and "seed" not in board
    assert [document["games"][0]["key"]["sides"][0]["label"] for document in (a, b)] == ["A", "B"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["key-A-A", "key-A-B", "key-B"]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    """A word list of markup, and a folder of pictures named with terminal controls, each dealt
    once in every format through the command line: {format: (result, {file: text})}, with the
    inputs' digests before and after."""
    root = tmp_path_factory.mktemp("hostile")
    # A YAML deck holds each entry exactly as written (a text list would read "- ITEM" as pasted).
    (root / "markup.yaml").write_text(yaml.safe_dump({"words": list(MARKUP)}, allow_unicode=True), encoding="utf-8")
    pictures = root / "pictures"
    pictures.mkdir()
    for number, name in enumerate((*HOSTILE_NAMES, *(f"p{index:02}.png" for index in range(10)))):
        Image.new("RGB", (4, 4), (number * 10, 0, 0)).save(pictures / os.fsdecode(os.fsencode(name)), format="PNG")
    before, found = digests(root), {}
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(root)
        for kind in FORMATS:
            for source in (["--words", "markup.yaml"], ["--pictures", "--images", "pictures"]):
                out = f"{source[0][2:]}-{kind}"
                result = CliRunner().invoke(main, ["board", *source, "--seed", "4", "--format", kind, "-o", out,
                                                   "--key-output", f"{out}-key"])
                assert result.exit_code == 0, result.output
                found[(source[0], kind)] = (result, {name: (root / name).read_text(encoding="utf-8")
                                                     for name in (out, f"{out}-key")})
        shown = CliRunner().invoke(main, ["board", "--pictures", "--images", "pictures", "--seed", "4"])
    return found, shown, before, {name: digest for name, digest in digests(root).items() if name in before}


def test_hostile_words_and_picture_names_reach_every_file_as_text_and_touch_no_input(hostile):
    found, shown, before, after = hostile
    assert after == before
    for (source, kind), (result, files) in found.items():
        assert "Traceback" not in result.output
        for name, text in files.items():
            assert not [char for char in text.replace("[\u200b", "[") if hidden(char) and char != "\n"], name
            if source == "--words" and kind != "text":
                cells = [without_symbol(cell) for cell in shown_in(kind, text)]
                assert sorted(cells) == sorted(MARKUP), name
    assert shown.exit_code == 0 and "\x1b" not in shown.stdout and "\u202e" not in shown.stdout
    assert "red\\x1b[31mflag" in shown.stdout and "\x1b" not in shown.stderr


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_key_says_who_may_read_it(language):
    """The spymasters for a key of one side; each player their own for both sides; and a side
    alone in its own file, that side's player only (Duet has no spymasters)."""
    words = Words(texts_in(language), False)
    grid = (("red agent",),)
    one, a, b = Side("", grid), Side("A", grid), Side("B", grid)
    assert words.secret((one,)) == texts_in(language).text("secret")
    assert words.secret((a, b)) == texts_in(language).text("secret sides")
    assert words.secret((b,)) == words.secret((a,)) == texts_in(language).text("secret side")
    assert len({words.secret((one,)), words.secret((a, b)), words.secret((a,))}) == 3
