"""What a kit holds, for its rules sheet: counted from what the jobs built, or, for a rules
sheet printed on its own, from the options the other components would be printed with."""

from __future__ import annotations

import math
from pathlib import Path

from ..games.game import Game
from ..model.kit import KitContents
from ..model.labels import Labels
from ..model.words import raise_problems, right_to_left
from ..settings.options import DeckOptions, KeyOptions, SheetOptions, TokenOptions
from .codenames import DeckResult
from .keys import KeysResult
from .language import Language, settle_language
from .sources import bundled_deck, load_words
from .tokens import TokensResult


def planned_contents(game: Game, deck: DeckOptions, keys: KeyOptions, tokens: TokenOptions
                     ) -> tuple[KitContents, Language]:
    """The kit these options print, counted without drawing it (the words or pictures are read
    and counted), and its language: the options', else its deck's."""
    if game.grid.cards == "picture":
        from .picturedeck import count_pictures  # the pictures' reader: only for picture decks

        faces, deck_language, name = count_pictures(deck, game.grid.cells), "", ""
        language = settle_language(game, deck.style.lang)
        phrase = lambda labels: picture_phrase(deck.images, labels)  # noqa: E731
    else:
        word_list = load_words(deck.words, deck.deck, deck.dedupe, deck.style)
        raise_problems(word_list)
        faces, deck_language, name = len(word_list.entries), word_list.language, word_list.name
        language = settle_language(game, deck.style.lang, deck_language, deck.style.sharp_s)
        phrase = lambda labels: deck_phrase(deck.words, bundled_deck(deck), name, labels)  # noqa: E731
    return KitContents(
        deck=phrase(language.labels),
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
        source=deck_phrase(deck.words, bundled_deck(deck), name, language.english, titled=False)
        if game.grid.cards != "picture" else phrase(language.english),
        named_by=naming_file(deck.words, name),
    ), language


def picture_phrase(images: Path | None, labels: Labels) -> str:
    """Where the pictures come from, as the rules sheet tells players (never a folder's path)."""
    return labels.text("own pictures" if images is not None else "picture deck")


def built_contents(game: Game, deck: DeckResult, deck_options: DeckOptions, keys: KeysResult, tokens: TokensResult,
                   sheet: SheetOptions, language: Language) -> KitContents:
    """The kit as the jobs really made it."""
    pictures = deck.noun == "picture"
    return KitContents(
        deck=picture_phrase(deck_options.images, language.labels) if pictures else
        deck_phrase(deck_options.words, bundled_deck(deck_options), deck.list_name, language.labels),
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
        source=picture_phrase(deck_options.images, language.english) if pictures else
        deck_phrase(deck_options.words, bundled_deck(deck_options), deck.list_name, language.english, titled=False),
        named_by="" if pictures else naming_file(deck_options.words, deck.list_name),
    )


def deck_phrase(words: Path | None, deck: str, list_name: str, labels: Labels, titled: bool = True) -> str:
    """Where the words come from, as the rules sheet tells players in the kit's language
    (never a file's path): a bundled deck by its title (« français »), or with ``titled``
    False by the name --deck takes ("francais"), as the summary says it for the command line."""
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
