"""What the codename decks share, word cards and picture cards alike: how their faces pair
onto double-sided cards, and the result a deck job returns."""

from __future__ import annotations

import msgspec

from ..geometry.sheet import SheetPlan


class CardPair(msgspec.Struct, frozen=True):
    """One physical card: a word or a picture's name (or None for a blank) on each side."""

    front: str | None
    back: str | None


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
    images: tuple[tuple[str, bytes], ...] = ()  # one PNG a face, for services that take images
    notes: tuple[str, ...] = ()  # the English deck printed for want of one in the kit's language
    noun: str = "word"  # what a face carries: "word", or "picture" for picture cards

    @property
    def word_cards(self) -> int:
        return self.cards - self.blank_cards


def pair_faces(faces: list[str], blanks: int) -> list[CardPair]:
    """Consecutive faces (words, or pictures by name) share a card; blank cards follow."""
    pairs = [CardPair(faces[i], faces[i + 1] if i + 1 < len(faces) else None) for i in range(0, len(faces), 2)]
    return pairs + [CardPair(None, None)] * blanks
