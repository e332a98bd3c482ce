"""The kinds of codename card, by name: each one value behind one interface (``kind.CardKind``)."""

from __future__ import annotations

from .kind import CardKind
from .picture import PictureCards
from .word import SecondLineCards, WordCards
from .word_picture import WordPictureCards

WORD_CARDS: CardKind = WordCards()
SECOND_LINE_CARDS: CardKind = SecondLineCards()
PICTURE_CARDS: CardKind = PictureCards()
WORD_PICTURE_CARDS: CardKind = WordPictureCards()
WORD_PICTURE_SECOND_CARDS: CardKind = WordPictureCards(second_lines=True)
CARD_KINDS: dict[str, CardKind] = {kind.name: kind for kind in (WORD_CARDS, SECOND_LINE_CARDS, PICTURE_CARDS,
                                                                WORD_PICTURE_CARDS, WORD_PICTURE_SECOND_CARDS)}
