"""The codename deck: from a word list or a folder of pictures to the bytes of a print-ready,
double-sided PDF, the game's kind of card drawing its faces (``cards``)."""

from __future__ import annotations

import math
from typing import Callable

from ..cards.kind import CardKind
from ..games import DEFAULT_GAME, GAMES
from ..games.game import Game
from ..model.sheetdeck import category_counts
from ..model.teams import SIDES
from ..settings.options import DeckOptions
from ..units import plural
from .cards import card_printing, card_theme, print_cards
from .codenames import DeckResult, draw_codenames, entries_notes, entries_source, read_entries
from .sources import load_font


def build_deck(options: DeckOptions, progress: Callable[[str], None] = lambda step: None,
               game: Game | None = None) -> DeckResult:
    """The codename cards of ``game`` (by default the default game's), of the kind its table is
    dealt from (``Grid.cards``). ``progress`` hears what is happening on long decks."""
    game = game or GAMES[DEFAULT_GAME]
    kind, entries = read_entries(game.grid.cards, options, game.grid.cells)
    sheet = options.sheet
    printing = card_printing(options.card_size, sheet)
    font = load_font(options.font)
    theme = card_theme(sheet, options.style, font if kind.emblem else None)
    drawn = draw_codenames(kind, entries, options, printing.card_size, printing.bleed, font, theme, progress,
                           options.sized_by)
    cards = drawn.cards
    printed = print_cards(cards.title, printing, cards.faces, cards.artist, theme, sheet, options.style,
                          drawn.file_font or font, progress=progress)
    count = len(drawn.order)  # faces printed: each word once, and again for each further copy
    words = entries.words
    return DeckResult(
        pdf=printed.pdf,
        source=entries_source(options, entries),
        words=len(entries.names),
        cards=len(cards.faces),
        blank_cards=options.blanks,
        blank_back=count % 2 == 1,
        dropped=words.dropped if words is not None else 0,
        list_name=words.name if words is not None else "",
        language=words.language if words is not None else "",
        sheets=printed.sheets,
        pages=printed.pages,
        plan=printing.plan,
        kind=kind,
        images=printed.images,
        categories=category_counts(words) if words is not None else (),
        copies=count - len(entries.names),
        notes=(*entries_notes(options, entries), *drawn.notes, *_too_few_for_the_table(game, kind, count)),
    )


def _too_few_for_the_table(game: Game, kind: CardKind, faces: int) -> tuple[str, ...]:
    """A note, for every game and grid, where the cards cannot fill the table: a game deals a
    card a cell, and double-sided cards hold two codenames each. It names what would: more
    codenames, a smaller --grid where the game takes one, or a book or board, which deal one
    codename a cell."""
    cells, cards = game.grid.cells, math.ceil(faces / 2)
    if cards >= cells:
        return ()
    noun = kind.noun
    smallest = SIDES[0] ** 2
    grid = f", choose a smaller --grid ({SIDES[0]}x{SIDES[0]} deals {smallest})" \
        if game.seat is not None and smallest < cells and cards >= smallest else ""
    return (f"{plural(cards, kind.card_in_kit)} cannot fill a {game.grid.rows} x {game.grid.columns} table, so no "
            f"game can be played with them alone: a game deals {cells} cards, {2 * cells} {noun}s on double-sided "
            f"cards ({2 * cells - 1} at least, the last card's back left blank). Add {noun}s{grid}, or play from a "
            f"game book or a board (cngen book, cngen board), which need {cells} {noun}s",)
