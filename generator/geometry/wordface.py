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

A long word is kept at LEGIBLE_SIZE (24 pt) or more, read across the table, by the first of
these that gets it there: the font, on one line (or two, where one line falls short and two
print it larger); the font's condensed face the same way (``Font.condensed``: Fira Sans
Condensed for the bundled font); two lines in a label grown up into the emblem's strip
(``WordFaceLayout.opened``), where the emblem steps aside on that one card, in the font and
then in its condensed face. A word that none of them brings to LEGIBLE_SIZE shrinks: it takes
the largest size any of them gives (the earlier on a tie, so a card gives up its emblem only
for a larger word). The spymasters' copy is at most MIRRORED_SHARE of the upright word's
size, so the operatives' word is always the larger; it is set in the font unless that takes
it a step (MIRRORED_SHARE again) below its largest size and the condensed face prints it
larger, so that the spymasters see one face across the deck but for its very longest words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

import msgspec
from msgspec.structs import replace

from ..typeface.font import Font
from ..typeface.scripts import needs_shaping, starts_right_to_left
from ..units import MM
from .fit import FittedText, fit_text
from .sheet import Box
from .style import DISPLAY, EMBLEM_RADIUS, SUBTITLE, TITLE

if TYPE_CHECKING:
    from ..typeface.measure import Face, Metrics
    from ..typeface.shaping import ShapedMeasure

# Readability floors, in points: the word for the field operatives, and the spymasters' copy.
# Long entries shrink down to them; shorter ones print at the type scale's steps.
MIN_WORD_SIZE = 10.0
MIN_MIRRORED_SIZE = 7.0
MAX_WORD_SIZE = DISPLAY
MAX_MIRRORED_SIZE = SUBTITLE
# How large a long word is kept before it shrinks (see the module's notes), on a card whose
# label lets a short word be as large; on a smaller card, as large as a short word there.
LEGIBLE_SIZE = TITLE
# The spymasters' copy is at most this share of the upright word's size: a step of the type
# scale (24 to 30, 18 to 24) below it, and never below MIN_MIRRORED_SIZE, as the upright word
# is never below MIN_WORD_SIZE.
MIRRORED_SHARE = 0.8

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
# A label grown into the strip stops this far below the band: the two panels stay apart.
OPEN_GAP = TEXT_PADDING


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
        """The emblem's ring: EMBLEM_RADIUS, or less on a card too small for it; 0 (no emblem,
        no rules) where the strip is too narrow for any."""
        return max(min(EMBLEM_RADIUS, self.emblem.height / 2 - EMBLEM_CLEARANCE), 0.0)

    def opened(self) -> WordFaceLayout:
        """The layout of a card whose word needs the strip's room: the label grown up to
        OPEN_GAP below the band, the strip left between them too narrow for the emblem, which
        steps aside (the band and the upside-down copy stay where every card has them)."""
        top = self.band.y - OPEN_GAP
        label = Box(self.label.x, self.label.y, self.label.width, top - self.label.y)
        return replace(self, label=label, emblem=Box(self.emblem.x, top, self.emblem.width, OPEN_GAP))


class WordFace(msgspec.Struct, frozen=True):
    word: str
    upright: FittedText
    mirrored: FittedText
    opened: bool = False  # the card is laid out as ``WordFaceLayout.opened``: its label took the strip
    # A second line beneath the word (a translation, a definition: ``fit_with_second``), on
    # each half, in the second lines' font; None on a card of the word alone.
    second: FittedText | None = None
    second_mirrored: FittedText | None = None


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


def fit_word(word: str, layout: WordFaceLayout, font: Font, condensed: Face | None = None,
             may_open: bool = True) -> WordFace | None:
    """Both copies of the word at their largest sizes, or None if either cannot fit (see the
    module's notes for the order in which a long word's ways to stay large are tried).
    ``condensed``: the condensed face to try, where it is not the font's own (``Font.condensed``)
    because it is only measured, not registered (``typeface.widths``).

    A word in a right-to-left or complex script is measured as HarfBuzz shapes it, in the
    direction of its first strong letter, and its fitted lines keep their glyphs for drawing;
    any other word is measured by ReportLab alone, as it always was (``shaping`` is not even
    imported)."""
    faces = _faces(word, font, condensed or font.condensed)
    legible = _legible(layout, font)
    # The opened label is worked out if needed; ``may_open`` False where the strip is not the
    # label's to take (a picture lies above the word).
    boxes = ((False, layout.label_text), (True, None)) if may_open else ((False, layout.label_text),)
    upright = _first_legible(word, faces, boxes, layout, MAX_WORD_SIZE, MIN_WORD_SIZE, legible, legible)
    if upright is None:
        return None
    (fitted, measure), opened = upright
    largest_mirrored, legible_mirrored = _mirrored_sizes(fitted.size)
    mirrored = _first_legible(word, faces, ((False, layout.band_text),), layout, largest_mirrored,
                              MIN_MIRRORED_SIZE, legible_mirrored, None)
    if mirrored is None:
        return None
    (copy, copy_measure), _ = mirrored
    return WordFace(word, _with_glyphs(fitted, measure), _with_glyphs(copy, copy_measure), opened)


def fitted_without_condensed(face: WordFace | None, layout: WordFaceLayout, font: Font) -> bool:
    """Whether ``face``, fitted by ``font`` alone, is what fitting with its condensed face too
    would give: both copies reached a legible size in their first box, before the condensed
    face is ever tried (``_first_legible``). Where this holds for every word, the condensed
    face need not even be read."""
    if face is None or face.opened or face.upright.size < _legible(layout, font) - 1e-9:
        return False
    return face.mirrored.size >= _mirrored_sizes(face.upright.size)[1] - 1e-9


def _legible(layout: WordFaceLayout, font: Font) -> float:
    """The size at which the upright copy reads across a table, or the label's whole height."""
    return min(LEGIBLE_SIZE, layout.label_text.height / font.line_height(1.0))


def _mirrored_sizes(upright: float) -> tuple[float, float]:
    """The upside-down copy's largest size, and the size it is legible at, for an upright copy
    of ``upright`` points."""
    largest = min(MAX_MIRRORED_SIZE, MIRRORED_SHARE * upright)
    return largest, MIRRORED_SHARE * largest


# A face a word may be set in: how it is measured, and whether it is the condensed one.
_Face = tuple["Metrics", bool]


def _faces(word: str, font: Font, condensed: Face | None) -> list[_Face]:
    """The font, then its condensed face when it has one with every character of the word."""
    faces = [(_measure(word, font), False)]
    if condensed is not None and not condensed.missing_characters(word):
        faces.append((_measure(word, condensed), True))
    return faces


def _measure(word: str, face: Face) -> Metrics:
    if not needs_shaping(word):
        return face
    assert isinstance(face, Font), "HarfBuzz shapes a word in a registered font"
    return _shaped_measure(word, face)


def _first_legible(word: str, faces: list[_Face], boxes: Sequence[tuple[bool, Box | None]], layout: WordFaceLayout,
                   max_size: float, min_size: float, legible: float,
                   enough: float | None) -> tuple[tuple[FittedText, Metrics], bool] | None:
    """The first fit, box by box (a box None: the opened layout's label) and face by face, that
    reaches ``legible``; else the largest of them all, the earlier on a tie; None when none fits
    at ``min_size``. With the face it is measured in, and whether its box is the opened label.
    ``enough``: the size at which a break between characters is preferred (``fit.fit_text``)."""
    best = None
    for opened, box in boxes:
        box = box or layout.opened().label_text
        for measure, condensed in faces:
            fitted = _fit_in(word, box, measure, max_size, min_size, enough)
            if fitted is None:
                continue
            fitted = replace(fitted, condensed=True) if condensed else fitted
            if fitted.size >= legible - 1e-9:
                return (fitted, measure), opened
            if best is None or fitted.size > best[0][0].size + 0.01:
                best = (fitted, measure), opened
    return best


def _shaped_measure(word: str, font: Font) -> ShapedMeasure:
    from ..typeface.shaping import ShapedMeasure  # HarfBuzz and python-bidi: only for words that need them

    return ShapedMeasure(font, font.shaper, starts_right_to_left(word))


def _with_glyphs(fitted: FittedText, measure: Metrics) -> FittedText:
    """A shaped word's lines with their glyphs, in the face they were fitted in; others as they are."""
    shape = getattr(measure, "shape", None)  # only a ShapedMeasure shapes
    return fitted if shape is None else replace(fitted, shaped=tuple(shape(line) for line in fitted.lines))


def _fit_in(word: str, box: Box, font: Metrics, max_size: float, min_size: float,
            enough: float | None = None) -> FittedText | None:
    """The word in ``box`` (a panel's text box) with the side gap its size calls for; broken
    between characters where it is preferred when that reaches ``enough`` (``fit.fit_text``).

    Most words reach ``max_size`` with the gap of that size: one fit. Any other is fitted in
    the whole box, then again with the gap of the size found there; the second size is a
    little smaller, so the word keeps more than its own gap. A word that only fits the whole
    box keeps it: the gap never refuses a word.
    """
    widest_gap = _side_gap(font, max_size)
    if widest_gap > 0:
        roomy = fit_text(word, font, box.width - 2 * widest_gap, box.height, max_size, min_size, enough)
        if roomy is not None and roomy.size >= max_size:
            return roomy
    tight = fit_text(word, font, box.width, box.height, max_size, min_size, enough)
    if tight is None:
        return None
    gap = _side_gap(font, tight.size)
    if gap <= 0:
        return tight
    return fit_text(word, font, box.width - 2 * gap, box.height, max_size, min_size, enough) or tight


def _side_gap(font: Metrics, size: float) -> float:
    """How much narrower than its text box a word of ``size`` is fitted, on each side."""
    return SIDE_GAP * font.cap_height * size - TEXT_PADDING


# --- A word with a second line ---------------------------------------------------------------
# A card that carries a translation or a short definition beneath its word gives the emblem's
# strip to its two panels (``second_line_layout``), so that the word keeps the size it has on
# a card of its own and the second line fits beneath it, on both halves. On the default card
# the label's text box is 17 mm tall: a word at 24 pt or more and a second line of 10 to 14 pt.
SECOND_BAND_SHARE = 0.42  # of the safe height, less the gap between the panels: the band's
MIN_SECOND_SIZE = 10.0  # a second line reads across a table at this size
# The spymasters' copy is smaller than the operatives' (MIN_MIRRORED_SIZE for the word): their
# second line keeps MIN_SECOND_SIZE where it fits, and a second line of two lines goes down to this.
MIN_MIRRORED_SECOND_SIZE = 8.0
MAX_SECOND_SIZE = 14.0
SECOND_SHARE = 0.55  # a second line is at most this share of its word's size: the word leads
# Of a text box's height, the most a second line takes: two lines of MIN_SECOND_SIZE in the label,
# and in the lower band too, where the spymasters' copy of the word is smaller anyway.
SECOND_ROOM = 0.52
SECOND_ROOM_MIRRORED = 0.72
SECOND_GAP = 0.8 * MM  # between the word and its second line


def second_line_layout(card_width: float, card_height: float, bleed: float = 0.0) -> WordFaceLayout:
    """The safe area split top to bottom into the band and the label, OPEN_GAP apart: the
    strip between them is too narrow for the emblem, which such a card does without."""
    safe = Box(0, 0, card_width, card_height).inset(SAFE_INSET)
    band_height = SECOND_BAND_SHARE * (safe.height - OPEN_GAP)
    band = Box(safe.x, safe.top - band_height, safe.width, band_height)
    label = Box(safe.x, safe.y, safe.width, band.y - OPEN_GAP - safe.y)
    emblem = Box(safe.x, label.top, safe.width, OPEN_GAP)
    return WordFaceLayout(Box(0, 0, card_width, card_height), label, band, emblem, bleed)


class SecondProblem(msgspec.Struct, frozen=True):
    """Why a word and its second line do not fit a card: "second" (the second line is too long
    even at MIN_SECOND_SIZE on two lines) or "word" (the word has no room left above it)."""

    part: str


def fit_with_second(word: str, second: str, layout: WordFaceLayout, font: Font, second_font: Font,
                    condensed: Face | None = None) -> WordFace | SecondProblem:
    """The word and its second line on both halves of a card of ``layout``
    (``second_line_layout``): the second line as large as it may be beside the word, down to
    MIN_SECOND_SIZE where the word would otherwise fall below LEGIBLE_SIZE."""
    faces = _faces(word, font, condensed or font.condensed)
    second_measure = _measure(second, second_font)
    upright = _stack(word, faces, second, second_measure, second_font, layout, layout.label_text, MAX_WORD_SIZE,
                     MIN_WORD_SIZE, _legible(layout, font), (MAX_SECOND_SIZE, MIN_SECOND_SIZE), SECOND_ROOM)
    if isinstance(upright, SecondProblem):
        return upright
    (fitted, measure), (line, _) = upright
    largest, legible = _mirrored_sizes(fitted.size)
    mirrored = _stack(word, faces, second, second_measure, second_font, layout, layout.band_text, largest,
                      MIN_MIRRORED_SIZE, legible, (line.size, MIN_SECOND_SIZE, MIN_MIRRORED_SECOND_SIZE),
                      SECOND_ROOM_MIRRORED)
    if isinstance(mirrored, SecondProblem):
        return mirrored
    (copy, copy_measure), (copy_line, _) = mirrored
    return WordFace(word, _with_glyphs(fitted, measure), _with_glyphs(copy, copy_measure),
                    second=_with_glyphs(line, second_measure), second_mirrored=_with_glyphs(copy_line, second_measure))


def second_height(line: FittedText, font: Font) -> float:
    """How tall a second line's block is, as it is drawn."""
    return len(line.lines) * font.line_height(line.size)


def _stack(word: str, faces: list[_Face], second: str, second_measure: Metrics, second_font: Font,
           layout: WordFaceLayout, box: Box, max_size: float, min_size: float, legible: float,
           second_sizes: tuple[float, ...], room: float
           ) -> tuple[tuple[FittedText, Metrics], tuple[FittedText, Metrics]] | SecondProblem:
    """The word above its second line in ``box``: the second line first at the largest of
    ``second_sizes`` it may take beside the word, then at each smaller one, until the word
    reaches ``legible`` (else the largest word of them all)."""
    largest = min(second_sizes[0], MAX_SECOND_SIZE, max(MIN_SECOND_SIZE, SECOND_SHARE * max_size))
    sizes = sorted({largest, *(size for size in second_sizes[1:] if size < largest)}, reverse=True)
    best, second_fits = None, False
    for top in sizes:
        line = fit_text(second, second_measure, box.width, room * box.height, top, top)
        if line is None:
            continue
        second_fits = True
        line = _balanced(line, second, second_measure, box.width)
        above = Box(box.x, box.y, box.width, box.height - second_height(line, second_font) - SECOND_GAP)
        fitted = _first_legible(word, faces, ((False, above),), layout, max_size, min_size, legible, None)
        if fitted is not None and (best is None or fitted[0][0].size > best[0][0].size + 0.01):
            best = fitted[0], (line, second_measure)
        if best is not None and best[0][0].size >= legible - 1e-9:
            break
    if best is None:
        return SecondProblem("word" if second_fits else "second")
    return best


def _balanced(line: FittedText, text: str, measure: Metrics, width: float) -> FittedText:
    """A second line broken in two where its halves are most even (fitting prefers the first
    break that reaches its size, which can leave one word above six)."""
    if len(line.lines) != 2 or " " not in text or needs_shaping(text):
        return line
    words = text.split(" ")
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    fitting = [pair for pair in splits if max(measure.width(part, line.size) for part in pair) <= width]
    best = min(fitting, key=lambda pair: max(measure.width(part, line.size) for part in pair), default=line.lines)
    return replace(line, lines=tuple(best))
