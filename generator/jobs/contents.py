"""What a kit holds, for its rules sheet: counted from what the jobs built, or, for a rules
sheet printed on its own, from the options the other components would be printed with."""

from __future__ import annotations

import math
from pathlib import Path

from ..cards.kind import CardKind
from ..games.game import Game
from ..inputs.bundled import PICTURE_WORDS
from ..model.kit import KitContents
from ..model.labels import Labels
from ..model.words import raise_problems, right_to_left
from ..settings.options import DeckOptions, KeyOptions, SheetOptions, TokenOptions
from .codenames import DeckResult, read_entries
from .keys import KeysResult
from .language import Language, settle_language
from .sources import bundled_deck
from .tokens import TokensResult


def planned_contents(game: Game, deck: DeckOptions, keys: KeyOptions, tokens: TokenOptions
                     ) -> tuple[KitContents, Language]:
    """The kit these options print, counted without drawing it (what the cards carry is read
    and counted), and its language: the options', else its deck's."""
    kind, entries = read_entries(game.grid.cards, deck, game.grid.cells)
    words = entries.words
    if words is not None:
        raise_problems(words)
    deck_language, name = (words.language, words.name) if words is not None else ("", "")
    language = settle_language(game, deck.style.lang, deck_language, deck.style.sharp_s)
    faces = len(entries.names)
    return KitContents(
        deck=cards_phrase(kind, deck, name, language.labels),
        codenames=faces,
        word_cards=math.ceil(faces / 2),
        blank_cards=deck.blanks,
        key_cards=keys.count,
        keys_per_card=game.key_cards.per_card(keys.single_sided),
        tile_sets=tokens.sets,
        profile=deck.sheet.profile,
        sides=deck.sheet.sides,
        tile_kinds=game.tiles,
        table=game.table,
        language=deck_language,
        source=cards_phrase(kind, deck, name, language.english, titled=False),
        named_by=naming_file(deck.words, name) if kind.reads_words else "",
        cards=kind.rules_conditions,
    ), language


def cards_phrase(kind: CardKind, deck: DeckOptions, list_name: str, labels: Labels, titled: bool = True) -> str:
    """Where the codenames come from, as the rules sheet tells players: the word list a kind
    of card carrying words reads, else the folder of pictures."""
    if kind.reads_words:
        return deck_phrase(deck.words, bundled_deck(deck), list_name, labels, titled)
    return picture_phrase(deck.images, labels)


def picture_phrase(images: Path | None, labels: Labels) -> str:
    """Where the pictures come from, as the rules sheet tells players (never a folder's path)."""
    return labels.text("own pictures" if images is not None else "picture deck")


def built_contents(game: Game, deck: DeckResult, deck_options: DeckOptions, keys: KeysResult, tokens: TokensResult,
                   sheet: SheetOptions, language: Language) -> KitContents:
    """The kit as the jobs really made it."""
    kind = deck.kind
    return KitContents(
        deck=cards_phrase(kind, deck_options, deck.list_name, language.labels),
        codenames=deck.words,
        word_cards=deck.word_cards,
        blank_cards=deck.blank_cards,
        key_cards=len(keys.cards),
        keys_per_card=keys.keys_per_card,
        tile_sets=tokens.sets,
        profile=sheet.profile,
        sides=sheet.sides,
        tile_kinds=game.tiles,
        table=game.table,
        language=deck.language,
        source=cards_phrase(kind, deck_options, deck.list_name, language.english, titled=False),
        named_by=naming_file(deck_options.words, deck.list_name) if kind.reads_words else "",
        cards=kind.rules_conditions,
    )


def deck_phrase(words: Path | None, deck: str, list_name: str, labels: Labels, titled: bool = True) -> str:
    """Where the words come from, as the rules sheet tells players in the kit's language
    (never a file's path): a bundled deck by its title (« français »), or with ``titled``
    False by the name --deck takes ("francais"), as the summary says it for the command line."""
    if words is None and deck == PICTURE_WORDS:  # named in the kit's language: the pictures are the deck
        return labels.text("picture deck")
    if words is None:
        return labels.text("bundled deck", name=list_name if titled and list_name else deck)
    return labels.text("named deck", name=list_name) if _said(list_name) else labels.text("own words")


def naming_file(words: Path | None, list_name: str) -> str:
    """The user's deck file whose ``name:`` the rules sheet prints, if it prints one."""
    return str(words) if words is not None and _said(list_name) else ""


def _said(list_name: str) -> bool:
    """Whether the rules sheet says a list's own name: the sheet cannot set right-to-left text
    yet, so a Hebrew deck's name stays unsaid."""
    return bool(list_name) and not right_to_left(list_name)
