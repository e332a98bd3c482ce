"""The game book and its spymasters' booklet, as the export job asks: how many games, the sizes
the cards are drawn at, and the two files' pages.

The book opens with a page on playing from it, then holds one game a page. The booklet holds the
keys, several a page, each under its game's number; a key with a side for each player (A and B)
has its sides on pages of their own, so that neither player sees the other's: printed on both
sides, a sheet carries side A on the front and side B behind it, each game's B key behind its A
key, to stand between the players as the key card would.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

import msgspec

from ...errors import CngenError, first_few
from ...games.game import Game, KeySide
from ...geometry.wordface import MIN_WORD_SIZE
from ...model.tables import games_without_repeats
from ...units import format_mm, paper_named, paper_title, plural
from ..export import CODENAMES, KEYS, Dealt, Drawing, Made, Maker, PdfFile, Request
from . import BookOptions
from .art import Head, HowTo, Running, Seating, TextDoesNotFit, draw_game, draw_how_to, draw_keys, printable_texts
from .layout import GamePage, KeyPage, KeyPlace, game_page, key_page

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

FLIPS = ("long-edge", "short-edge")  # the sides that print a sheet's back behind its front
SMALL_WORDS_SHOWN = 5  # codenames named in the note on words printed small; the rest are counted


def keys_path(book: Path) -> Path:
    """The booklet beside the book: output/book.pdf -> output/book-keys.pdf."""
    return book.with_name(f"{book.stem}-keys{book.suffix}")


def duplex(own: BookOptions, sides: str) -> str | None:
    """How both files' sheets turn over, or None for one side a sheet (single-sided, or sides
    that fold, which means nothing for a book)."""
    return None if own.single_sided or sides not in FLIPS else sides


class BookMaker(Maker[BookOptions]):
    prints_pages = True

    def outputs(self, own: BookOptions, game: Game) -> dict[Path | None, str]:
        book = own.output
        return {book: "the game book (-o/--output)", keys_path(book): "the spymasters' booklet, beside the book"}

    def games_wanted(self, own: BookOptions, words: int, cells: int) -> int:
        """As many games as asked, or as the codenames deal without a repeat; more than that
        is refused, since the same codename in two games spoils the second."""
        asked, most = own.games, games_without_repeats(words, cells)
        if own.board is not None:  # the same words in every game, each laid out anew: a group apiece
            return asked or 1
        if asked is None:
            return most
        if asked > most:
            fix = f"ask for --games {most} or fewer, or " if most else ""
            raise CngenError(f"--games {asked} needs {asked * cells:,} codenames ({cells} a game, none dealt twice), "
                             f"and the deck holds {words:,}: {fix}give a longer list of words or more pictures")
        return asked

    def card_sizes(self, own: BookOptions, game: Game, paper: tuple[float, float] | None,
                   settings_sizes: Mapping[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
        """The codename cards at the size their cell scales from, the keys at their printed size;
        a paper too small for either is refused here, before anything is drawn."""
        assert paper is not None  # a maker that prints pages is always handed the paper
        page = _game_page(game, paper)
        side = key_page(paper).key_side
        return {CODENAMES: page.card, KEYS: (side, side)}

    def make(self, request: Request[BookOptions]) -> Made:
        request = msgspec.structs.replace(request, texts=printable_texts(request.texts, request.page_fonts.regular))
        assert request.paper is not None
        page, keys_page = _game_page(request.game, request.paper), key_page(request.paper)
        flip = duplex(request.own, request.sides)
        book = request.own.output
        book_pages = _book(request, page, flip)
        booklet = [Drawing(keys_page.size, partial(_keys_drawing, keys_page, sheet, request, number))
                   for number, sheet in enumerate(_key_sheets(request, keys_page, flip), start=1)]
        # Named as every component's PDF is, in English, after the kit's title (jobs.cards.document_title).
        files = (PdfFile(book, "Game book", tuple(book_pages), flip, components=(CODENAMES,)),
                 PdfFile(keys_path(book), "Spymasters' keys", tuple(booklet), flip, components=(KEYS,)))
        return Made(files, _summary(request, page, keys_page, len(book_pages), len(booklet), flip),
                    _small_words(request, page))


def _game_page(game: Game, paper: tuple[float, float]) -> GamePage:
    return game_page(paper, game.grid.rows, game.grid.columns, game.grid.cards.pictures_alone)


def _small_words(request: Request[BookOptions], page: GamePage) -> tuple[str, ...]:
    """A note naming the codenames the book prints below the smallest size a codename is read
    at: its cards are drawn at a word card's size and scaled to their cells, so a long word that
    a card holds only at that size (on two lines or in the condensed face, as the deck would)
    prints smaller than it on a small page."""
    kind, faces = request.game.grid.cards, request.cards[CODENAMES].named
    sizes = {name: kind.word_size(faces[name]) for dealt in request.games for name in dealt.cells}
    printed = {name: size * page.scale for name, size in sizes.items() if size is not None}
    small = sorted((size, name) for name, size in printed.items() if size < MIN_WORD_SIZE - 1e-6)
    if not small:
        return ()
    shown = first_few([f"{name} ({size:.1f} pt)" for size, name in small], SMALL_WORDS_SHOWN)
    verb = "prints" if len(small) == 1 else "print"
    return (f"{shown} {verb} below the {MIN_WORD_SIZE:g} pt a codename needs to be read, on the book's "
            f"{paper_title(page.size)} pages: choose a larger --paper, or shorter words",)


def _running(request: Request[BookOptions], number: int) -> Running:
    """What the head repeats on every page: the kit's title and the page's number."""
    return Running(request.title, f"{request.texts.text('page')} {number}")


def _book(request: Request[BookOptions], page: GamePage, flip: str | None) -> list[Drawing]:
    """The how-to page, then each game under its number."""
    how = _how_to(request, flip, page)
    pages = [Drawing(page.size, partial(_how_to_page, page.size, how, _running(request, 1), request))]
    game = request.texts.text("game")
    for number, dealt in enumerate(request.games, start=2):
        head = Head(f"{game} {dealt.number}", _running(request, number))
        pages.append(Drawing(page.size, partial(_game_page_drawing, page, dealt, head, request)))
    return pages


def _game_page_drawing(page: GamePage, dealt: Dealt, head: Head, request: Request[BookOptions], canvas: Canvas) -> None:
    codenames = request.cards[CODENAMES]
    faces = [codenames.named[name] for name in dealt.cells]
    draw_game(canvas, page, faces, codenames, head, request.page_fonts, request.theme)


def _how_to_page(size: tuple[float, float], how: HowTo, running: Running, request: Request[BookOptions], canvas: Canvas) -> None:
    try:
        draw_how_to(canvas, size, how, running, request.page_fonts, request.theme)
    except TextDoesNotFit:
        raise CngenError(f"the game book's first page cannot hold its text in '{request.language}' on a "
                         f"{format_mm(size[0])} x {format_mm(size[1])} mm page: choose a larger --paper") from None


def _how_to(request: Request[BookOptions], flip: str | None, page: GamePage) -> HowTo:
    """The how-to page's words for this game: its cards (words or pictures), its keys (one the
    spymasters share, or a side for each player) and how the booklet is printed; and who sits
    where round the page, as its text says."""
    texts, game = request.texts, request.game
    sides = _key_sides(request)
    shared = len(sides) == 1
    whose = "shared" if shared else "sides"
    cards = game.grid.cards.texts_key  # the texts' keys name each kind of card
    # Who sits round the table and what the key shows them: _teams for three or four teams
    table = "teams" if game.table is not None and game.table.teams > 2 else whose
    keys = [texts.text(f"how_keys_{whose}")]
    if not shared:
        keys.append(texts.text("how_keys_sides_duplex" if flip else "how_keys_sides_single"))
    reading = [texts.text(f"how_read_{cards}")]
    if any(side.starting is not None for side in sides):
        reading.append(texts.text("how_read_lights" if table != "teams" else "how_read_lights_teams"))
    reading.append(texts.text(f"how_read_symbols_{table}"))
    return HowTo(
        texts.text("how_title"), texts.text("how_subtitle"),
        ((texts.text("how_table_head"), (texts.text(f"how_table_{cards}_{table}"),)),
         (texts.text(f"how_cover_head_{cards}"), (texts.text(f"how_cover_{table}_{cards}"),)),
         (texts.text("how_keys_head"), tuple(keys)),
         (texts.text("how_read_head"), tuple(reading))),
        texts.text(f"how_games_{cards}"), Seating(page, request.cards[CODENAMES], *_seats(request, sides)))


def _seats(request: Request[BookOptions], sides: Sequence[KeySide]) -> tuple[str, str]:
    """Who sits at the page's head and who at its foot. The operatives read the upright words
    and the spymasters the upside-down copies; with pictures, the spymasters sit where the
    corner marks point to their upper left, as on their key. Players with a side each sit
    across from each other, A at the foot."""
    texts = request.texts
    if len(sides) > 1:
        player = texts.text("player")
        return f"{player} {sides[1].label}", f"{player} {sides[0].label}"
    spymasters, operatives = texts.text("seat_spymasters"), texts.text("seat_operatives")
    return (spymasters, operatives) if request.game.grid.cards.spymasters_at_head else (operatives, spymasters)


def _key_sides(request: Request[BookOptions]) -> tuple[KeySide, ...]:
    """The sides of the dealt keys (the first game's: every game's key has the same sides)."""
    return request.games[0].key.sides if request.games else ()


class KeySheet(msgspec.Struct, frozen=True):
    """A page of the booklet: its head's name and tab, and each key in its place, with its game."""

    name: str
    tab: str  # a key side's letter, or "" for keys the spymasters share
    secret: str  # the line at its foot: whose eyes only
    keys: tuple[tuple[KeyPlace, Dealt, Any], ...]  # place, game, the key card's face
    half_turn: bool = False  # drawn upside down: a back that a short-edge flip turns upside down


def _key_sheets(request: Request[BookOptions], page: KeyPage, flip: str | None) -> list[KeySheet]:
    """The booklet's pages: the keys in game order, several a page. A key with a side for each
    player has a page of each side for the same games. Printed on both sides, a sheet holds A on
    its front and B on its back, to stand between the players as the key card does: read with
    the sheet turned about its upright axis, B keeps A's top edge and each B key lies behind its
    A key (a back flipped on the short edge is drawn upside down for that). Printed on one
    side, every A page comes first, then every B page: piles to hand out."""
    cards, texts = request.cards[KEYS], request.texts
    sides = _key_sides(request)
    groups = [request.games[at:at + page.per_page] for at in range(0, len(request.games), page.per_page)]

    def sheet(name: str, tab: str, side: int, group: Sequence[Dealt], back: bool = False) -> KeySheet:
        secret = texts.text("keys_secret_sides" if tab else "keys_secret_shared")
        places = page.turned_over() if back else page.places
        return KeySheet(name, tab, secret, tuple((place, dealt, cards.faces[dealt.number - 1][side])
                                                 for place, dealt in zip(places, group)),
                        back and flip == "short-edge")

    if len(sides) <= 1:
        return [sheet(texts.text("keys_title"), "", 0, group) for group in groups]
    by_side = [[sheet(f"{texts.text('side')} {side.label}", side.label, index, group, bool(flip and index % 2))
                for group in groups]
               for index, side in enumerate(sides)]
    return [each for pages in zip(*by_side) for each in pages] if flip else [each for pages in by_side for each in pages]


def _keys_drawing(page: KeyPage, sheet: KeySheet, request: Request[BookOptions], number: int, canvas: Canvas) -> None:
    """A booklet page, each key captioned with its game's number; the key card prints the same
    number in its corner, which is checked here."""
    texts = request.texts
    for _, dealt, _ in sheet.keys:
        if dealt.key.number != dealt.number:
            raise ValueError(f"game {dealt.number} was dealt key {dealt.key.number}")
    placed = [(place, face, f"{texts.text('game')} {dealt.number}") for place, dealt, face in sheet.keys]
    head = Head(sheet.name, _running(request, number), sheet.tab)
    if sheet.half_turn:
        canvas.transform(-1, 0, 0, -1, *page.size)
    draw_keys(canvas, page, placed, request.cards[KEYS], head, sheet.secret, request.page_fonts, request.theme)


def _summary(request: Request[BookOptions], page: GamePage, keys: KeyPage, book_pages: int, booklet_pages: int,
             flip: str | None) -> tuple[str, ...]:
    book = request.own.output
    width, height = page.size
    paper = paper_named(page.size)
    shown = f"{paper.upper() if len(paper) <= 3 else paper.capitalize()} landscape" if paper and width > height \
        else f"{format_mm(width)} x {format_mm(height)} mm"
    games = len(request.games)
    cards = f"pictures {format_mm(page.cells[0].width)} mm wide" if request.game.grid.cards.pictures_alone \
        else f"codenames up to {page.largest_word:.1f} pt"
    printing = f"both sides, flip on {flip.replace('-', ' ')}" if flip else "one side of each sheet"
    return (
        f"Wrote {book} and {keys_path(book)}",
        f"  {plural(games, 'game')} of {request.game.title} from {request.source}, " + (
            "the board's codenames in every game, each laid out anew with a key of its own"
            if request.own.board is not None else "no codename dealt twice"),
        f"  Book: {plural(book_pages, 'page')}, {shown} (how to play, then one game a page); {cards}",
        (f"  Spymasters' booklet: {plural(booklet_pages, 'page')}, {plural(keys.per_page, 'key')} a page, "
         f"{format_mm(keys.key_side)} mm each"),
        f"  To print: {printing}, 100% scale (\"actual size\", never \"fit to page\").",
    )


MAKER = BookMaker()
