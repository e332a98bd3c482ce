"""Word cards: a codename from a word list, upright for the operatives and upside down on the
spymasters' band; and word cards whose words carry a second line beneath them."""

from __future__ import annotations

from typing import Any

from .kind import PICTURE, WORD, CardKind, DrawnCards, Entries, FaceRequest


class WordCards(CardKind):
    name = "word"
    noun = "word"
    shown = "codename"
    card = "codename card"
    card_in_kit = "word card"
    deck_title = "Codename cards"
    texts_key = "word"
    box_label = "box deck"
    blank_side = "write"
    carries = frozenset({WORD})
    may_carry = frozenset({WORD, PICTURE})  # a word list may name a picture for each word

    def for_entries(self, entries: Entries) -> CardKind:
        """A list whose rows give second lines prints them (``SecondLineCards``); one whose rows
        name pictures prints each above its word (``WordPictureCards``)."""
        from . import SECOND_LINE_CARDS, WORD_PICTURE_CARDS, WORD_PICTURE_SECOND_CARDS

        if entries.pictured:
            return WORD_PICTURE_SECOND_CARDS if entries.seconds else WORD_PICTURE_CARDS
        return SECOND_LINE_CARDS if entries.seconds else self

    def word_size(self, face: Any) -> float | None:
        return float(face.upright.size)

    def faces(self, entries: Entries, request: FaceRequest) -> DrawnCards:
        from .word_faces import word_faces  # fitting and drawing: only when faces are drawn

        assert entries.words is not None, "a word deck's job reads its list"
        return word_faces(entries.words, request, self.deck_title)


class SecondLineCards(WordCards):
    """Word cards whose words carry a second line (a translation, a short definition) beneath
    them on both halves, smaller, in the second lines' font: the emblem's strip goes to the two
    panels, so that the word keeps its size."""

    name = "word-second"
    emblem = False
    rules_conditions = ("second-lines",)

    def for_entries(self, entries: Entries) -> CardKind:
        return self

    def faces(self, entries: Entries, request: FaceRequest) -> DrawnCards:
        from .word_faces import word_faces

        assert entries.words is not None, "a word deck's job reads its list"
        return word_faces(entries.words, request, self.deck_title, second_lines=True)
