"""Word-and-picture cards: a word with its picture above it on the operatives' half, for readers
who cannot yet read every word, and the word alone upside down on the spymasters' band; from a
spreadsheet's picture column, or cngen's own pictures named in the kit's language."""

from __future__ import annotations

from typing import Any

from .kind import PICTURE, WORD, CardKind, DrawnCards, Entries, FaceRequest
from .word import WordCards

PICTURES_ABOVE = "pictures-above-words"  # the rules text's condition for these cards


class WordPictureCards(WordCards):
    """Word cards, named and shown as word cards are, whose faces carry a picture above the word."""

    carries = frozenset({WORD, PICTURE})
    emblem = False  # the picture takes the emblem's room

    def __init__(self, second_lines: bool = False):
        """``second_lines``: the words carry a second line beneath them as well."""
        self.second_lines = second_lines
        self.name = "word-picture-second" if second_lines else "word-picture"
        self.rules_conditions = (PICTURES_ABOVE, "second-lines") if second_lines else (PICTURES_ABOVE,)

    def for_entries(self, entries: Entries) -> CardKind:
        return self

    def word_size(self, face: Any) -> float | None:
        return float(face.words.upright.size)

    def faces(self, entries: Entries, request: FaceRequest) -> DrawnCards:
        from .word_picture_faces import word_picture_faces  # fitting, pictures and drawing: only when drawn

        assert entries.words is not None and entries.pictures is not None, "the job reads the words and their pictures"
        return word_picture_faces(entries.words, entries.pictures, request, self.deck_title, self.second_lines)
