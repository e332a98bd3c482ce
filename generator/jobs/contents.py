"""What a kit holds, for its rules sheet: counted from what the jobs built, or, for a rules
sheet printed on its own, from the options the other components would be printed with."""

from __future__ import annotations

import math
from pathlib import Path

from ..model.kit import KitContents
from ..model.words import raise_problems
from ..settings.options import DeckOptions, KeyOptions, SheetOptions, TokenOptions
from .deck import DeckResult
from .keys import KeysResult
from .sources import load_words
from .tokens import TokensResult


def planned_contents(deck: DeckOptions, keys: KeyOptions, tokens: TokenOptions) -> KitContents:
    """The kit these options print, counted without drawing it (the words are read and counted)."""
    word_list = load_words(deck.words, deck.deck, deck.dedupe)
    raise_problems(word_list)
    words = len(word_list.entries)
    return KitContents(
        deck=deck_phrase(deck.words, deck.deck, word_list.name),
        codenames=words,
        word_cards=math.ceil(words / 2),
        blank_cards=deck.blanks,
        key_cards=keys.count,
        keys_per_card=1 if keys.single_sided and not keys.duet else 2,
        tile_sets=tokens.sets,
        profile=deck.sheet.profile,
        sides=deck.sheet.sides,
        duet=keys.duet,
    )


def built_contents(deck: DeckResult, deck_options: DeckOptions, keys: KeysResult, tokens: TokensResult,
                   sheet: SheetOptions) -> KitContents:
    """The kit as the jobs really made it."""
    return KitContents(
        deck=deck_phrase(deck_options.words, deck_options.deck, deck.list_name),
        codenames=deck.words,
        word_cards=deck.word_cards,
        blank_cards=deck.blank_cards,
        key_cards=len(keys.cards),
        keys_per_card=keys.keys_per_card,
        tile_sets=tokens.sets,
        profile=sheet.profile,
        sides=sheet.sides,
        duet=keys.duet,
    )


def deck_phrase(words: Path | None, deck: str, list_name: str) -> str:
    """Where the words come from, as the rules sheet tells players (never a file's path)."""
    if words is None:
        return f"the bundled deck \u2018{deck}\u2019"
    return f"the deck \u2018{list_name}\u2019" if list_name else "your own word list"
