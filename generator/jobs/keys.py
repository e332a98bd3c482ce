"""The key card deck: balanced keys dealt from a seed, as a PDF and a JSON manifest, for the
game it is given (``games``: its dealer, its face, its manifest)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

import msgspec
from msgspec.structs import replace

from ..draw.sheet import CardFaces
from ..draw.theme import Theme
from ..errors import UsageError
from ..games.game import Game
from ..geometry.keyface import MIN_KEY_CARD
from ..geometry.sheet import SheetPlan
from ..settings.options import KeyOptions
from ..typeface.font import Font
from ..units import format_mm
from .cards import card_printing, card_theme, print_cards
from .language import Language, settle_language, titled
from .sources import check_title, load_font, unprintable

# Decks this large take a second or more to deal: say what is happening.
PROGRESS_FROM = 500


class KeysResult(msgspec.Struct, frozen=True):
    cards: Sequence[Any]  # the game's cards, numbered from 1
    pdf: bytes
    manifest: str
    seed: int
    plan: SheetPlan
    sheets: int
    pages: int
    keys_per_card: int  # faces that carry a grid: two on a double-sided card, one on a single-sided one
    images: tuple[tuple[str, bytes], ...] = ()  # one PNG a face, for services that take images
    notes: tuple[str, ...] = ()  # labels that fell back to English


def build_keys(game: Game, options: KeyOptions, progress: Callable[[str], None] = lambda step: None,
               language: Language | None = None) -> KeysResult:
    """The key deck's PDF and manifest; ``progress`` hears what is happening on large decks;
    ``language`` is the kit's, settled once (else the options' own)."""
    if min(options.card_size) < MIN_KEY_CARD:
        raise UsageError(
            f"a {format_mm(options.card_size[0])} x {format_mm(options.card_size[1])} mm key card is too small "
            f"to read: choose a {options.sized_by or 'card size'} of at least {format_mm(MIN_KEY_CARD)} mm on each side"
        )
    if options.count < PROGRESS_FROM:
        progress = lambda step: None  # noqa: E731 - small decks finish before a message helps
    key_cards, single_sided = game.key_cards, options.single_sided
    language = language or settle_language(game, options.style.lang)
    options = replace(options, style=titled(options.style, language))
    font = load_font(options.font, lang=language.code)
    check_title(options.style.title, font, options.style.title_from)
    check_labels(font, key_cards.label_characters)
    printing = card_printing(options.card_size, options.sheet)
    dealt, noun = key_cards.counted(options.count, single_sided)
    progress(f"dealing {dealt:,} balanced {noun}")
    cards = key_cards.deal(options.count, options.seed, single_sided)
    progress(f"drawing {options.count:,} cards")
    back_title = language.capitals(language.labels.text("key card"))
    if single_sided:
        _check_back_title(back_title, font)
    theme = card_theme(options.sheet, options.style)
    faces = key_card_faces(game, cards, single_sided, printing.card_size, printing.bleed, font, theme, back_title)
    printed = print_cards(faces.title, printing, faces.faces, faces.artist, theme, options.sheet, options.style, font,
                          same_up=faces.same_up, progress=progress)
    return KeysResult(cards, printed.pdf, key_cards.manifest(options.seed, cards), options.seed, printing.plan,
                      printed.sheets, printed.pages, key_cards.per_card(single_sided), printed.images,
                      notes=language.notes if single_sided else ())


def key_card_faces(game: Game, cards: Sequence[Any], single_sided: bool, card_size: tuple[float, float],
                   bleed: float, font: Font, theme: Theme, back_title: str) -> CardFaces:
    """The game's dealt ``cards`` drawn at ``card_size`` with ``bleed``."""
    key_cards = game.key_cards
    artist = key_cards.artist(card_size, bleed, font, theme, single_sided=single_sided, back_title=back_title)
    return CardFaces(key_cards.title, card_size, key_cards.faces(cards, single_sided), artist, key_cards.same_up)


def check_labels(font: Font, characters: str) -> None:
    """Refuse a font that would print the cards' numbers or side letters blank."""
    problem = unprintable(characters, font)
    if problem is not None:
        raise UsageError(f"the key cards' numbers and side letters: {problem}: choose a --font that has "
                         "the digits and the letters they use")


def _check_back_title(title: str, font: Font) -> None:
    """The plain back's title is in the kit's language: refuse one the font would print blank."""
    problem = unprintable(title, font)
    if problem is not None:
        raise UsageError(f"the key cards' back title '{title}' {problem}: choose a --font that has them")
