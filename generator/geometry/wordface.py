"""The word card's face as geometry: where the word, its upside-down copy and the emblem go.

Pure: boxes in card coordinates (points, origin bottom left) and the fitted text for a word.
The same fit decides whether a word is accepted and how it is drawn, so a word that passed
validation always fits when printed.

The face, top to bottom inside the safe area: the spymasters' band, a narrow strip holding
the emblem between two rules, and the label with the upright word. The strip is only as tall
as the emblem needs (at most a fifth of the safe height), and the words share the rest, three
parts to the label for two to the band. On the default 70 x 45 mm card that is a label of 18.1
mm, a band of 12.1 mm and a strip of 6.8 mm: room for the codename at DISPLAY size and for
the spymasters' copy at SUBTITLE size, which most words reach.

Whatever the card's size, each text box is at least as large as the earlier layout's (label
46%, band 30% of the safe height), and the largest sizes are higher: no word this layout
refuses was ever accepted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from ..typeface.font import Font
from ..typeface.scripts import needs_shaping, starts_right_to_left
from ..units import MM
from .fit import FittedText, fit_text
from .sheet import Box
from .style import DISPLAY, EMBLEM_RADIUS, SUBTITLE

if TYPE_CHECKING:
    from ..typeface.measure import Metrics
    from ..typeface.shaping import ShapedMeasure

# Readability floors, in points: the word for the field operatives, and the spymasters' copy.
# Long entries shrink down to them; shorter ones print at the type scale's steps.
MIN_WORD_SIZE = 10.0
MIN_MIRRORED_SIZE = 7.0
MAX_WORD_SIZE = DISPLAY
MAX_MIRRORED_SIZE = SUBTITLE

# Text and art keep this far from the cut, so a card cut or printed slightly off loses nothing.
SAFE_INSET = 4 * MM
TEXT_PADDING = 1.5 * MM
# A large word keeps this share of its cap height clear of its panel's sides (3 mm at 30 pt),
# a small one at least TEXT_PADDING: a word as wide as its panel looks cramped. The gap only
# ever lowers a size, never below what the word needs to pass: it refuses no word.
SIDE_GAP = 0.4

# The emblem's strip: the emblem with this much clear above and below it, and never more than
# this share of the safe height (small cards get a smaller emblem instead).
EMBLEM_CLEARANCE = 0.8 * MM
EMBLEM_SHARE = 0.20
LABEL_SHARE = 0.6  # of what the strip leaves; the band gets the rest


class WordFaceLayout(msgspec.Struct, frozen=True):
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

    @property
    def emblem_radius(self) -> float:
        """The emblem's ring: EMBLEM_RADIUS, or less on a card too small for it."""
        return max(min(EMBLEM_RADIUS, self.emblem.height / 2 - EMBLEM_CLEARANCE), 0.0)


class WordFace(msgspec.Struct, frozen=True):
    word: str
    upright: FittedText
    mirrored: FittedText


def word_face_layout(card_width: float, card_height: float, bleed: float = 0.0) -> WordFaceLayout:
    """Split the safe area top to bottom: band, emblem strip, label (see the module's notes)."""
    safe = Box(0, 0, card_width, card_height).inset(SAFE_INSET)
    strip = min(2 * (EMBLEM_RADIUS + EMBLEM_CLEARANCE), EMBLEM_SHARE * safe.height)
    label_height = LABEL_SHARE * (safe.height - strip)
    band_height = safe.height - strip - label_height
    label = Box(safe.x, safe.y, safe.width, label_height)
    band = Box(safe.x, safe.top - band_height, safe.width, band_height)
    emblem = Box(safe.x, label.top, safe.width, band.y - label.top)
    return WordFaceLayout(Box(0, 0, card_width, card_height), label, band, emblem, bleed)


def fit_word(word: str, layout: WordFaceLayout, font: Font) -> WordFace | None:
    """Both copies of the word at their largest sizes, or None if either cannot fit.

    A word in a right-to-left or complex script is measured as HarfBuzz shapes it, in the
    direction of its first strong letter, and its fitted lines keep their glyphs for drawing;
    any other word is measured by ReportLab alone, as it always was (``shaping`` is not even
    imported)."""
    shaped = _shaped_measure(word, font) if needs_shaping(word) else None
    measure: Metrics = shaped or font
    upright = _fit_in(word, layout.label_text, measure, MAX_WORD_SIZE, MIN_WORD_SIZE)
    mirrored = _fit_in(word, layout.band_text, measure, MAX_MIRRORED_SIZE, MIN_MIRRORED_SIZE)
    if upright is None or mirrored is None:
        return None
    if shaped is not None:
        upright, mirrored = _with_glyphs(upright, shaped), _with_glyphs(mirrored, shaped)
    return WordFace(word, upright, mirrored)


def _shaped_measure(word: str, font: Font) -> ShapedMeasure:
    from ..typeface.shaping import ShapedMeasure  # HarfBuzz and python-bidi: only for words that need them

    return ShapedMeasure(font, font.shaper, starts_right_to_left(word))


def _with_glyphs(fitted: FittedText, measure: ShapedMeasure) -> FittedText:
    return replace(fitted, shaped=tuple(measure.shape(line) for line in fitted.lines))


def _fit_in(word: str, box: Box, font: Metrics, max_size: float, min_size: float) -> FittedText | None:
    """The word in ``box`` (a panel's text box) with the side gap its size calls for.

    Most words reach ``max_size`` with the gap of that size: one fit. Any other is fitted in
    the whole box, then again with the gap of the size found there; the second size is a
    little smaller, so the word keeps more than its own gap. A word that only fits the whole
    box keeps it: the gap never refuses a word.
    """
    widest_gap = _side_gap(font, max_size)
    if widest_gap > 0:
        roomy = fit_text(word, font, box.width - 2 * widest_gap, box.height, max_size, min_size)
        if roomy is not None and roomy.size >= max_size:
            return roomy
    tight = fit_text(word, font, box.width, box.height, max_size, min_size)
    if tight is None:
        return None
    gap = _side_gap(font, tight.size)
    if gap <= 0:
        return tight
    return fit_text(word, font, box.width - 2 * gap, box.height, max_size, min_size) or tight


def _side_gap(font: Metrics, size: float) -> float:
    """How much narrower than its text box a word of ``size`` is fitted, on each side."""
    return SIDE_GAP * font.cap_height * size - TEXT_PADDING
