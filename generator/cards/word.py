"""Word cards: a codename from a word list, upright for the operatives and upside down on the
spymasters' band."""

from __future__ import annotations

from typing import Any

from .kind import WORD, CardKind, DrawnCards, Entries, FaceRequest


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

    def word_size(self, face: Any) -> float | None:
        return face.upright.size

    def faces(self, entries: Entries, request: FaceRequest) -> DrawnCards:
        from .word_faces import word_faces  # fitting and drawing: only when faces are drawn

        assert entries.words is not None, "a word deck's job reads its list"
        return word_faces(entries.words, request, self.deck_title)
