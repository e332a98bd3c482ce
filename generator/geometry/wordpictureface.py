"""The word-and-picture card's face as geometry: the spymasters' band at the top with the word
upside down, and beneath it the operatives' panel, with the picture in a square window above
the upright word (and its second line, where the list gives one).

Pure: boxes in card coordinates (points, origin bottom left). The word keeps the room a word
needs at LEGIBLE_SIZE (24 pt) on one line, or a share of a taller panel, and the picture takes
the rest; the emblem steps aside, as on a card with second lines. On the default 70 x 45 mm
card the picture is 12.4 mm square and the word reaches 24 pt; a taller card gives the picture
the height it gains (70 x 60 mm: 24 mm).

A face whose entry has no picture sets its word in the whole panel, as a card with second
lines does (``wordface.second_line_layout``), so that a list with pictures for only some words
still prints every word large.
"""

from __future__ import annotations

import msgspec

from ..units import MM
from .sheet import Box
from .wordface import OPEN_GAP, SAFE_INSET, TEXT_PADDING, WordFace, WordFaceLayout

# The spymasters' band: this share of the safe height, as tall as their copy needs at most
# (their word at its largest; and with a second line beneath it, the two of them).
BAND_SHARE = 0.26
MOST_BAND = 11 * MM
MOST_BAND_WITH_SECOND = 15 * MM
PICTURE_GAP = 1 * MM  # between the picture and the word beneath it
WORD_SHARE = 0.3  # of a tall panel's text box, the least the word keeps: a word grows with its card
MIN_PICTURE = 8 * MM  # a smaller picture tells a young reader little from across the table
VECTOR_MARGIN = 0.04  # a drawing keeps this share of its window clear: it reads as a picture, not a stamp


class WordPictureLayout(msgspec.Struct, frozen=True):
    whole: WordFaceLayout  # the panels as drawn: band and label; a face without a picture sets its word here
    beneath: WordFaceLayout  # the same band, with the label's text box beneath the picture: where a word is fitted
    window: Box  # the picture's square, above the word

    @property
    def card(self) -> Box:
        return self.whole.card

    @property
    def bleed_box(self) -> Box:
        return self.whole.bleed_box

    @property
    def vector_box(self) -> Box:
        """Where a drawing is fitted: the window less a narrow margin."""
        return self.window.inset(VECTOR_MARGIN * self.window.width)


class WordPictureFace(msgspec.Struct, frozen=True):
    """One face: its word fitted (beneath the picture, or in the whole panel without one), and
    its picture's name (a key of the deck's pictures), None for a word without one."""

    words: WordFace
    picture: str | None


def word_picture_layout(card_width: float, card_height: float, text_height: float, bleed: float = 0.0,
                        second_lines: bool = False) -> WordPictureLayout:
    """The safe area split top to bottom into the band and the panel, OPEN_GAP apart; in the
    panel's text box, ``text_height`` (what the word, and its second line, need at their
    legible sizes) or WORD_SHARE of the box for the word at the foot, the picture's square
    above it, PICTURE_GAP between; ``second_lines``: the band holds the spymasters' copy of
    a second line too."""
    card = Box(0, 0, card_width, card_height)
    safe = card.inset(SAFE_INSET)
    band_height = min(BAND_SHARE * (safe.height - OPEN_GAP), MOST_BAND_WITH_SECOND if second_lines else MOST_BAND)
    band = Box(safe.x, safe.top - band_height, safe.width, band_height)
    label = Box(safe.x, safe.y, safe.width, band.y - OPEN_GAP - safe.y)
    emblem = Box(safe.x, label.top, safe.width, OPEN_GAP)
    whole = WordFaceLayout(card, label, band, emblem, bleed)
    text = whole.label_text
    word_height = min(max(text_height, WORD_SHARE * text.height), text.height)
    # The fitted label's text box (``label_text``, TEXT_PADDING inside it) is the word's room.
    words = Box(label.x, label.y, label.width, word_height + 2 * TEXT_PADDING)
    side = max(min(text.top - (text.y + word_height + PICTURE_GAP), text.width), 0.0)
    window = Box(text.x + (text.width - side) / 2, text.top - side, side, side)
    return WordPictureLayout(whole, WordFaceLayout(card, words, band, emblem, bleed), window)


def picture_fits(layout: WordPictureLayout) -> bool:
    """Whether the card leaves the picture room enough to be seen across the table."""
    return layout.window.width >= MIN_PICTURE - 1e-9
