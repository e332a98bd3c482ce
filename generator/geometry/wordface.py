"""The word card's face as geometry: where the word, its upside-down copy and the emblem go.

Pure: boxes in card coordinates (points, origin bottom left) and the fitted text for a word.
The same fit decides whether a word is accepted and how it is drawn, so a word that passed
validation always fits when printed.
"""

from __future__ import annotations

from dataclasses import dataclass

from .fit import FittedText, fit_text
from .typeface import Font
from .sheet import Box
from ..settings.units import MM

# Readability floors, in points: the word for the field operatives, and the spymasters' copy.
MIN_WORD_SIZE = 10.0
MIN_MIRRORED_SIZE = 7.0
MAX_WORD_SIZE = 22.0
MAX_MIRRORED_SIZE = 13.0

# Text and art keep this far from the cut, so a card cut or printed slightly off loses nothing.
SAFE_INSET = 4 * MM
TEXT_PADDING = 1.5 * MM


@dataclass(frozen=True)
class WordFaceLayout:
    card: Box
    label: Box  # the light panel holding the upright word
    band: Box  # the shaded band holding the upside-down copy
    emblem: Box  # the strip between them
    bleed: float = 0.0  # how far the background runs past the cut (print-shop pages)

    @property
    def bleed_box(self) -> Box:
        return self.card.inset(-self.bleed)

    @property
    def label_text(self) -> Box:
        return self.label.inset(TEXT_PADDING)

    @property
    def band_text(self) -> Box:
        return self.band.inset(TEXT_PADDING)


@dataclass(frozen=True)
class WordFace:
    word: str
    upright: FittedText
    mirrored: FittedText


def word_face_layout(card_width: float, card_height: float, bleed: float = 0.0) -> WordFaceLayout:
    """Split the safe area top to bottom: band 30%, emblem strip, label 46%."""
    safe = Box(0, 0, card_width, card_height).inset(SAFE_INSET)
    label_height = 0.46 * safe.height
    band_height = 0.30 * safe.height
    label = Box(safe.x, safe.y, safe.width, label_height)
    band = Box(safe.x, safe.top - band_height, safe.width, band_height)
    emblem = Box(safe.x, label.top, safe.width, band.y - label.top)
    return WordFaceLayout(Box(0, 0, card_width, card_height), label, band, emblem, bleed)


def fit_word(word: str, layout: WordFaceLayout, font: Font) -> WordFace | None:
    """Both copies of the word at their largest sizes, or None if either cannot fit."""
    upright = _fit_in(word, layout.label_text, font, MAX_WORD_SIZE, MIN_WORD_SIZE)
    mirrored = _fit_in(word, layout.band_text, font, MAX_MIRRORED_SIZE, MIN_MIRRORED_SIZE)
    if upright is None or mirrored is None:
        return None
    return WordFace(word, upright, mirrored)


def _fit_in(word: str, box: Box, font: Font, max_size: float, min_size: float) -> FittedText | None:
    return fit_text(word, font, box.width, box.height, max_size, min_size)
