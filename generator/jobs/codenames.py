"""What every codename deck shares, whatever kind of card it prints: its codenames read for
the kind (a word list, a folder of pictures), drawn by the kind at the size a job asks, and the
result a deck job returns."""

from __future__ import annotations

from typing import Callable

import msgspec

from ..cards.kind import CardKind, DrawnCards, Entries, FaceRequest
from ..draw.theme import Theme
from ..errors import UsageError
from ..geometry.sheet import SheetPlan
from ..inputs.bundled import REGULAR
from ..model.words import raise_problems
from ..settings.declarations import game_flags, is_cmyk
from ..settings.options import DeckOptions
from ..typeface.font import Font
from .cards import ink_limit, output_condition
from .sources import bundled_deck, deck_notes, deck_words, in_language, load_font, words_label


class DeckResult(msgspec.Struct, frozen=True):
    pdf: bytes
    source: str
    words: int
    cards: int
    blank_cards: int
    blank_back: bool  # an odd word count leaves the last word card with a blank back
    dropped: int  # repeated words left out by --dedupe
    list_name: str  # the name a YAML deck gives itself, "" for a plain list
    language: str  # the deck's own language:, else the one the options name, else ""
    sheets: int
    pages: int
    plan: SheetPlan
    kind: CardKind  # what the cards carry
    images: tuple[tuple[str, bytes], ...] = ()  # one PNG a face, for services that take images
    notes: tuple[str, ...] = ()  # the English deck printed for want of one in the kit's language
    categories: tuple[tuple[str, int], ...] = ()  # a spreadsheet's categories and their words, as it orders them
    copies: int = 0  # cards printed as further copies of a word (a spreadsheet's copies column)

    @property
    def word_cards(self) -> int:
        return self.cards - self.blank_cards


def read_entries(kind: CardKind, options: DeckOptions, least: int) -> tuple[CardKind, Entries]:
    """What the deck's cards carry, read as ``kind`` asks: the word list (its problems kept, to
    be reported with the font's and the card's), the folder of pictures (checked; one holding
    fewer than ``least``, the pictures a game lays out, is refused); with the kind a deck of
    them prints (``CardKind.for_entries``: word cards with second lines or pictures, where rows
    give them), and the pictures its words name."""
    words = deck_words(options) if kind.reads_words else None
    kind = kind.for_entries(Entries(words=words))
    if not kind.reads_pictures:
        if options.images is not None:
            if words is not None:  # its rows' own problems first: a refused picture name leaves none named
                raise_problems(words)
            alone = game_flags(lambda game: game.grid.cards.pictures_alone)
            raise UsageError(f"--images gives the pictures a spreadsheet's picture column names, and "
                             f"{words.source if words is not None else 'the deck'} names none: add a picture "
                             f"column to a spreadsheet --words, or play with the pictures alone ({alone})")
        return kind, Entries(words=words)
    from .picturedeck import checked_pictures, named_pictures  # Pillow's and svglib's work: only for pictures

    pictures = named_pictures(options, words) if words is not None else checked_pictures(options, least)
    return kind, Entries(words=words, pictures=pictures)


def draw_codenames(kind: CardKind, entries: Entries, options: DeckOptions, card_size: tuple[float, float],
                   bleed: float, font: Font, theme: Theme, progress: Callable[[str], None] = lambda step: None,
                   sized_by: str | None = "--card-size") -> DrawnCards:
    """The deck's cards drawn by ``kind`` at ``card_size`` with ``bleed``, in the options'
    order and with their blanks, in the font of the deck's language where cngen's own font
    does not draw it (Japanese): the options' language, else the list's. ``sized_by``: the option that sets the cards' size, for
    messages to advise (None where no option does)."""
    lang = options.style.lang or (entries.words.language if entries.words is not None else None)
    font = in_language(font, lang)
    sheet = options.sheet
    cmyk = is_cmyk(sheet.profile)
    request = FaceRequest(card_size, bleed, font, theme, options.seed, options.blanks, options.fit, options.dpi, cmyk,
                          output_condition(sheet) if cmyk else None, ink_limit(sheet), sized_by, progress,
                          _second_font(options, entries, lang))
    return kind.faces(entries, request)


def _second_font(options: DeckOptions, entries: Entries, lang: str | None) -> Font | None:
    """The second lines' font, where the entries carry any: --second-font, else the words' own
    font when it is the user's, else cngen's regular face (in the language's font, Japanese's)."""
    if not entries.seconds:
        return None
    if options.second_font is not None:
        return load_font(options.second_font)
    return None if options.font is not None else load_font(None, REGULAR, lang)


def entries_source(options: DeckOptions, entries: Entries) -> str:
    """Where the codenames come from, as summaries say it: a word list, a bundled deck by its
    name, a folder of pictures, cngen's picture deck (never by an installed path)."""
    if entries.words is not None:
        return words_label(options.words, bundled_deck(options))
    from ..inputs.images import shown
    from .picturedeck import OUR_DECK

    return shown(options.images) if options.images is not None else OUR_DECK


def entries_notes(options: DeckOptions, entries: Entries) -> tuple[str, ...]:
    """The English deck printed for want of one in the kit's language; the picture reader's
    notes on a folder of the user's."""
    notes = (*deck_notes(options), *entries.words.notes) if entries.words is not None else ()
    if entries.pictures is not None and options.images is not None:
        notes += tuple(entries.pictures.notes)
    return notes
