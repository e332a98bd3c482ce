"""An export run for the game it is given: the codenames read, the language settled, games
dealt, the components' faces drawn at the sizes the export asks for, and what it makes turned
into bytes (text, PDFs, pictures). The job names no export: it asks the one it is handed
(``exports.export``)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

import msgspec
from msgspec.structs import replace

from ..cards.kind import CardKind, Entries
from ..draw.sheet import CardFaces
from ..draw.theme import Theme, drawn_small, make_theme
from ..errors import CngenError, UsageError
from ..exports.export import (
    CODENAMES,
    KEYS,
    TILES,
    ChosenBoard,
    Dealt,
    Drawing,
    Export,
    ImageFile,
    Made,
    PdfFile,
    Request,
    TextFile,
)
from ..games.game import Game
from ..inputs.bundled import ENGLISH
from ..model.capitals import primary
from ..model.labels import Labels, require_every_key
from ..model.rng import make_rng
from ..model.tables import board_tables, deal_tables
from ..model.words import raise_problems
from ..output.pdf import PdfDocument, PdfSettings
from ..settings.declarations import BY_KEY, is_cmyk
from ..settings.options import ExportOptions
from ..typeface.font import Font, FontFamily, register_family
from ..units import is_us_paper, plural
from .cards import condition_for, document_title
from .codenames import draw_codenames, entries_notes, entries_source, read_entries
from .language import Language, read_texts, settle_language, shipped_name, tile_nouns, titled
from .sources import check_title, font_family

PROGRESS_FROM = 200  # games dealt in a second or more: say what is happening


class Codenames(msgspec.Struct, frozen=True):
    names: list[str]  # as the cards print them: words in capitals, or pictures by name
    source: str
    language: str  # the list's own language, "" where it names none
    entries: Entries  # what the cards carry, read and checked, to draw
    notes: tuple[str, ...] = ()


class ExportResult(msgspec.Struct, frozen=True):
    files: dict[Path | None, bytes]  # None: standard output
    summary: tuple[str, ...]
    notes: tuple[str, ...]


def build_export(export: Export, game: Game, options: ExportOptions,
                 progress: Callable[[str], None] = lambda step: None) -> ExportResult:
    """What ``export`` makes of ``game`` with ``options``, as bytes by path (None: standard
    output), with its summary and notes."""
    maker, own = export.maker, options.own
    board = own.chosen_board()
    if board is not None:
        options = _on_board(board, game, options)
    kind, codenames = read_codenames(game, options)
    game = replace(game, grid=replace(game.grid, cards=kind))
    language = settle_language(game, options.style.lang, codenames.language, options.style.sharp_s)
    options = replace(options, style=titled(options.style, language))
    texts, text_notes = export_texts(export, language.code)
    games = maker.games_wanted(own, len(codenames.names), game.grid.cells) if maker.deals_games else 0
    key_cards, dealt = deal_games(game, codenames, games, options.seed, progress, chosen=board is not None)
    paper = options.sheet.paper if maker.prints_pages else None
    sizes = maker.card_sizes(own, game, paper, {CODENAMES: options.deck.card_size, KEYS: options.keys.card_size,
                                                TILES: options.tokens.card_size})
    press = maker.prints_pages and is_cmyk(options.sheet.profile)
    # The cards' artists draw at full size and the export places them smaller: their accent
    # lines stay hairlines.
    theme = drawn_small(make_theme(press, dict(options.style.colours), options.style.title,
                                   ink_limit=options.sheet.ink_limit, ink=options.style.ink))
    fonts = font_family(own.text_font(), language.code) if sizes or maker.prints_pages else None
    cards: dict[str, CardFaces] = {}
    thumbnails: dict[str, bytes] = {}
    if fonts is not None:  # an export that prints, or draws faces: an export of text alone has none
        check_title(options.style.title, fonts.bold, options.style.title_from)
        theme = _with_emblem(theme, options, press, fonts.bold)
        at_most = maker.shown_dpi(own, game, sizes[CODENAMES]) if CODENAMES in sizes else None
        if at_most is not None:  # a photo costs the pixels it shows, not those it would print
            options = replace(options, deck=replace(options.deck, dpi=min(options.deck.dpi, math.ceil(at_most))))
        shown = {name for table in dealt for name in table.cells}
        entries = _shown_entries(codenames.entries, shown) if maker.deals_games else codenames.entries
        pictures = entries.pictures
        # The cards in their own face: Fira Sans Bold, or the user's.
        cards = {component: _faces(component, size, game, options, theme, fonts.bold, language, key_cards, progress,
                                   BY_KEY[CARD_SIZES[component]].flag_on(export.name), entries)
                 for component, size in sizes.items()}
        pixels = maker.thumbnails(own, game)
        photos = {picture.name for picture in pictures.pictures if picture.kind == "raster"} \
            if pictures is not None else set()
        thumbnails = _thumbnails(cards[CODENAMES], shown, pixels, fonts.bold, photos) if pixels else {}
    word_font = fonts.bold if fonts is not None else None
    request = Request(game, options.seed, own, texts, language.code, options.style.title, language.game_title,
                      codenames.source, len(codenames.names), theme, dealt, cards, fonts, word_font, paper,
                      options.sheet.profile, options.sheet.sides,
                      {noun: language.tile_name(noun) for noun in tile_nouns(game)}, thumbnails)
    made = maker.make(request)
    files = rendered(made, cards, fonts, options, press, progress)
    notes = (*codenames.notes, *language.notes, *text_notes, *made.notes)
    return ExportResult(files, made.summary, tuple(dict.fromkeys(notes)))


def _shown_entries(entries: Entries, shown: set[str]) -> Entries:
    """The folder's pictures that lie on the dealt tables: an export of games shows no other,
    and drawing each of a folder's hundreds for a game or two was most of its time (and filled
    a book's file with pictures no page shows)."""
    found, words = entries.pictures, entries.words
    if found is None:
        return entries
    if words is not None:  # the words' own pictures: the words shown, and the pictures they name
        words = replace(words, entries=tuple(entry for entry in words.entries if entry.text in shown))
        shown = {entry.picture for entry in words.entries}
    return replace(entries, words=words, pictures=replace(found, pictures=tuple(picture for picture in found.pictures
                                                                                if picture.name in shown)))


def deal_games(game: Game, codenames: Codenames, games: int, seed: int, progress: Callable[[str], None],
               chosen: bool = False) -> tuple[Sequence[Any], tuple[Dealt, ...]]:
    """``games`` games: their codenames drawn without repeats until the list runs out (a
    ``chosen`` board: all of them, as listed, then shuffled anew each game), and one key card
    each from the game's own dealer (single-sided: one game a card). A list too short for one
    game is refused, saying how many a game needs."""
    cells, noun = game.grid.cells, game.grid.cards.noun
    count = len(codenames.names)
    if chosen and count != cells:
        raise CngenError(f"the board {codenames.source} holds {plural(count, noun)}, and a game of {game.title} lays "
                         f"out {cells}: list exactly {cells} {noun}s, one for each card on the table")
    if count < cells:
        raise CngenError(f"{codenames.source} holds {plural(count, noun)}, and a game of {game.title} "
                         f"lays out {cells}: give a list of at least {cells} {noun}s")
    if not games:
        return [], ()
    if games >= PROGRESS_FROM:
        progress(f"dealing {plural(games, 'game')}")
    key_cards = game.key_cards.deal(games, seed, True)
    rng = make_rng(seed)
    tables = board_tables(codenames.names, games, rng) if chosen else deal_tables(codenames.names, games, cells, rng)
    keys = game.key_cards.game_keys(key_cards)
    return key_cards, tuple(Dealt(number, table, key) for number, (table, key) in enumerate(zip(tables, keys), start=1))


def _on_board(board: ChosenBoard, game: Game, options: ExportOptions) -> ExportOptions:
    """The options with the chosen board's file as the deck: its words are the codenames to
    read, check and draw. A deck named as well would be left unread: it is refused."""
    deck, flag = options.deck, board.flag
    if not game.grid.cards.reads_words:
        raise UsageError(f"{flag} lists words, and {game.title} is played with {game.grid.cards.noun} cards: "
                         f"leave {flag} out")
    given = "--words" if deck.words is not None else "--deck" if deck.deck is not None else None
    if given:
        raise UsageError(f"{flag} lays out its own words, and {given} names a deck as well: keep one of them")
    return replace(options, deck=replace(deck, words=board.path, dedupe=False))


def read_codenames(game: Game, options: ExportOptions) -> tuple[CardKind, Codenames]:
    """What the game's kind of card carries (the words of the list or bundled deck, the
    pictures of a folder), checked as the deck checks them; with the kind of card they print on."""
    deck = options.deck
    kind, entries = read_entries(game.grid.cards, deck, game.grid.cells)
    words = entries.words
    if words is not None:
        raise_problems(words)
        # A table deals each codename once: the further copies a spreadsheet asks for are sets
        # of a printed deck, and two of one word in a virtual deck could lie on one table.
        entries = replace(entries, words=replace(words, entries=tuple(replace(entry, copies=1)
                                                                      for entry in words.entries)))
    return kind, Codenames(entries.names, entries_source(deck, entries),
                           words.language if words is not None else "", entries, entries_notes(deck, entries))


def export_texts(export: Export, code: str) -> tuple[Labels, tuple[str, ...]]:
    """The export's own texts in ``code``, with English's for any the language lacks."""
    keys, counts = export.text_keys, export.counted_keys
    if not keys:
        return Labels(ENGLISH, {}, ()), ()
    english_path = export.text_file(ENGLISH)
    english = require_every_key(read_texts(english_path, keys, counts=counts), [*keys, *counts],
                                shipped_name(english_path))
    language = primary(code)
    path = export.text_file(language)
    if language == ENGLISH:
        return english, ()
    if not path.is_file():
        return english, (f"cngen has no {export.name} texts in '{code}': they are printed in English",)
    texts = read_texts(path, keys, english, counts)
    return texts, tuple(f"{shipped_name(path)} has no '{key}': it is printed in English" for key in texts.missing)


# The setting that sizes each component's cards, where an export reads it.
CARD_SIZES = {CODENAMES: "deck.card_size", KEYS: "keys.card_size", TILES: "tokens.card_size"}


def _faces(component: str, size: tuple[float, float], game: Game, options: ExportOptions, theme: Theme, font: Font,
           language: Language, dealt_keys: Sequence[Any], progress: Callable[[str], None],
           sized_by: str | None, entries: Entries) -> CardFaces:
    """One component's faces at ``size``, as its own job draws them on a home sheet (no bleed).
    The key cards are the dealt games' when there are games, else the key deck the settings ask;
    ``sized_by``: the option of the command that sets their size, for messages (a book's has none:
    its cards take their size from the page); ``entries``: what the codename cards carry, read."""
    if component == CODENAMES:
        deck = replace(options.deck, card_size=size)
        return draw_codenames(game.grid.cards, entries, deck, size, 0.0, font, theme, progress, sized_by).cards
    if component == KEYS:
        from .keys import check_labels, key_card_faces

        check_labels(font, game.key_cards.label_characters)
        keys = options.keys
        single_sided = bool(dealt_keys) or keys.single_sided
        cards = dealt_keys or game.key_cards.deal(keys.count, options.seed, single_sided)
        back_title = language.capitals(language.labels.text("key card"))
        return key_card_faces(game, cards, single_sided, size, 0.0, font, theme, back_title)
    if component == TILES:
        from .tokens import tile_cards

        return tile_cards(game, options.tokens.sets, size, 0.0, font, theme, language, sized_by,
                          texts=options.style.tiles, line_font=options.tokens.font)[0]
    raise ValueError(f"no component {component!r}")


def _with_emblem(theme: Theme, options: ExportOptions, press: bool, font: Font) -> Theme:
    """The user's emblem on the export's pages and cards, where there is one."""
    if options.style.emblem is None:
        return theme
    from .cards import condition_for
    from .sources import load_emblem

    condition = condition_for(options.sheet.output_condition, is_us_paper(options.sheet.paper)) if press else None
    return replace(theme, emblem=load_emblem(options.style.emblem, theme, options.sheet.ink_limit, font.name, condition))


def rendered(made: Made, card_sets: Mapping[str, CardFaces], fonts: FontFamily | None, options: ExportOptions,
             press: bool, progress: Callable[[str], None]) -> dict[Path | None, bytes]:
    """Each file of ``made`` as bytes: text as UTF-8, pages as a PDF (finished for the press
    where the profile asks), sheets as pictures rendered from their drawing. ``fonts``: those
    of an export that prints or draws faces (None: text alone)."""
    files: dict[Path | None, bytes] = {}
    images = [file for file in made.files if isinstance(file, ImageFile)]
    _check_one_file_a_path(made)
    for file in made.files:
        if isinstance(file, TextFile):
            files[file.path] = file.text.encode("utf-8")
        elif isinstance(file, PdfFile):
            assert fonts is not None, "an export that prints pages is handed fonts (Maker.prints_pages)"
            files[file.path] = _pdf(file, card_sets, fonts, options, press)
    if images:
        assert fonts is not None, "an export that draws faces on sheets is handed fonts (Maker.card_sizes)"
        progress(f"rendering {plural(len(images), 'sheet image')}")
        files.update(_images(images, list(card_sets.values()), fonts.bold, options))
    return files


def _check_one_file_a_path(made: Made) -> None:
    """Two files of one path: the second would silently replace the first (a key the board)."""
    seen: set[Path | None] = set()
    for file in made.files:
        if file.path in seen:
            raise CngenError(f"two of this run's files would both be {file.path or 'the standard output'}: "
                             "give its outputs other names")
        seen.add(file.path)


def _pdf(file: PdfFile, card_sets: Mapping[str, CardFaces], fonts: FontFamily, options: ExportOptions,
         press: bool) -> bytes:
    register_family(fonts)
    document = PdfDocument(PdfSettings(document_title(file.title, options.style), file.pages[0].size,
                                       fonts.regular.name, file.duplex, cmyk=press))
    _draw(document, file.pages, [card_sets[name] for name in file.components if name in card_sets])
    pdf = document.finish()
    if not press:
        return pdf
    from .press import finish_for_press  # pikepdf and the checks only for press files

    paper = options.sheet.paper
    return finish_for_press(pdf, condition_for(options.sheet.output_condition, is_us_paper(paper)),
                            options.sheet.ink_limit)


def _images(images: Sequence[ImageFile], card_sets: Sequence[CardFaces], word_font: Font,
            options: ExportOptions) -> dict[Path | None, bytes]:
    """Every sheet drawn as a page of one PDF, then rendered at its own pixels."""
    from ..output.images import picture_pages

    document = PdfDocument(PdfSettings(document_title("Sheets", options.style), images[0].drawing.size,
                                       word_font.name))
    _draw(document, [image.drawing for image in images], card_sets)
    pictures = picture_pages(document.finish(), [(image.pixels, image.jpeg) for image in images])
    return {image.path: data for image, data in zip(images, pictures)}


def _thumbnails(cards: CardFaces, names: set[str], pixels: tuple[int, int], font: Font,
                photos: set[str]) -> dict[str, bytes]:
    """The picture of each codename on the table (a picture card's face, the picture above a
    word: ``shown_box``), as a picture of ``pixels``: a JPEG where it shows one of the ``photos``
    (a fifth of a PNG's bytes), else a PNG."""
    from ..output.images import picture_pages

    boxes = {name: cards.artist.shown_box(cards.named[name]) for name in sorted(names)}
    shown = [name for name, box in boxes.items() if box is not None]  # a word without its picture shows none
    document = PdfDocument(PdfSettings("Codenames", cards.card_size, font.name))

    def face_page(name: str) -> Drawing:
        box = boxes[name]
        assert box is not None

        def draw(canvas: Any) -> None:
            if box.x or box.y:  # the part of the face shown (the picture above a word) at the page's corner
                canvas.translate(-box.x, -box.y)
            cards.artist.draw(canvas, cards.named[name])

        return Drawing((box.width, box.height), draw)

    _draw(document, [face_page(name) for name in shown], [cards])
    return dict(zip(shown, picture_pages(document.finish(), [(pixels, name in photos) for name in shown])))


def _draw(document: PdfDocument, pages: Sequence[Drawing], card_sets: Sequence[CardFaces]) -> None:
    canvas = document.canvas
    for cards in card_sets:
        cards.artist.define(canvas)
    for page in pages:
        canvas.setPageSize(page.size)
        page.draw(canvas)
        canvas.showPage()
