"""The codename deck: from a word list to the bytes of a print-ready, double-sided PDF.

Everything the ``cngen deck`` command does can be done from Python with ``build_deck``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Callable

from .draw.sheet import CardFaces
from .draw.wordcard import define_word_card_artwork, draw_word_face
from .errors import UsageError
from .layout import SheetPlan
from .pdf import Document
from .resources import DEFAULT_DECK, deck_path, font_path
from .rng import make_rng, shuffled
from .sheets import SheetOptions, impose_cards
from .theme import Theme
from .typeface import Font, describe_character, load_font
from .units import MM, format_mm
from .wordface import MIN_MIRRORED_SIZE, MIN_WORD_SIZE, WordFace, WordFaceLayout, fit_word, word_face_layout
from .words import Problem, WordList, WordListError, read_word_file

MAX_BLANKS = 10_000
# Lists this long take a second or more: say what is happening.
PROGRESS_FROM = 2_000


@dataclass(frozen=True)
class DeckOptions:
    words: Path | None = None  # a user's word file; None uses the bundled ``deck``
    deck: str = DEFAULT_DECK
    blanks: int = 5
    card: tuple[float, float] = (70 * MM, 45 * MM)
    seed: int | None = None  # None keeps the list's order
    font: Path | None = None
    sheet: SheetOptions = SheetOptions()


@dataclass(frozen=True)
class CardPair:
    """One physical card: a word (or None for a blank to write on) on each side."""

    front: str | None
    back: str | None


@dataclass(frozen=True)
class DeckResult:
    pdf: bytes
    source: str
    words: int
    cards: int
    blank_cards: int
    blank_back: bool  # an odd word count leaves the last word card with a blank back
    sheets: int
    pages: int
    plan: SheetPlan
    document: Document


def build_deck(options: DeckOptions, progress: Callable[[str], None] = lambda step: None) -> DeckResult:
    """The deck's PDF; ``progress`` hears what is happening on long lists."""
    if not 0 <= options.blanks <= MAX_BLANKS:
        raise UsageError(f"--blanks must be between 0 and {MAX_BLANKS}, not {options.blanks}")
    font = load_font(options.font or font_path())
    word_list = read_word_file(options.words or deck_path(options.deck))
    if len(word_list.entries) < PROGRESS_FROM:
        progress = lambda step: None  # noqa: E731 - short lists finish before a message helps
    face_layout = word_face_layout(*options.card, bleed=options.sheet.artwork_bleed)
    _check_card_room(face_layout, font, options.card)
    progress(f"checking {len(word_list.entries):,} words against the font and the card")
    faces = fitted_faces(word_list, face_layout, font)
    theme = options.sheet.theme
    words = word_list.words
    if options.seed is not None:
        words = shuffled(words, make_rng(options.seed))
    pairs = pair_words(words, options.blanks)
    draw_face = partial(_paint_face, layout=face_layout, faces=faces, font=font, theme=theme)
    cards = [CardFaces(partial(draw_face, word=pair.front), partial(draw_face, word=pair.back)) for pair in pairs]
    progress(f"drawing {len(cards):,} cards")
    imposed = impose_cards(
        "Codename cards", cards, options.card, options.sheet, font,
        prepare=lambda canvas: define_word_card_artwork(canvas, face_layout, theme),
    )
    return DeckResult(
        pdf=imposed.pdf,
        source=str(options.words) if options.words else f"the bundled deck '{options.deck}'",
        words=len(words),
        cards=len(pairs),
        blank_cards=options.blanks,
        blank_back=len(words) % 2 == 1,
        sheets=imposed.sheets,
        pages=imposed.pages,
        plan=imposed.plan,
        document=imposed.document,
    )


def pair_words(words: list[str], blanks: int) -> list[CardPair]:
    """Consecutive words share a card; blank cards follow the word cards."""
    pairs = [CardPair(words[i], words[i + 1] if i + 1 < len(words) else None) for i in range(0, len(words), 2)]
    return pairs + [CardPair(None, None)] * blanks


def fitted_faces(word_list: WordList, layout: WordFaceLayout, font: Font) -> dict[str, WordFace]:
    """Fit every word, or report every word the font cannot draw or the card cannot hold."""
    faces: dict[str, WordFace] = {}
    problems: list[Problem] = []
    for entry in word_list.entries:
        missing = font.missing_characters(entry.text)
        if missing:
            problems.append(Problem(entry.line, _missing_message(entry.text, missing, font)))
            continue
        face = fit_word(entry.text, layout, font)
        if face is None:
            problems.append(Problem(entry.line, _too_long_message(entry.text, layout)))
            continue
        faces[entry.text] = face
    if problems:
        raise WordListError(word_list.source, problems)
    return faces


def _missing_message(word: str, missing: list[str], font: Font) -> str:
    characters = ", ".join(describe_character(char) for char in missing)
    return (
        f"'{word}' uses {characters}, which the font {font.label} cannot draw: "
        "use --font FILE.ttf with a font that has it, or change the word"
    )


def _too_long_message(word: str, layout: WordFaceLayout) -> str:
    card = layout.card
    return (
        f"'{word}' is too long to fit a {format_mm(card.width)} x {format_mm(card.height)} mm card "
        f"at the smallest readable size ({MIN_WORD_SIZE:g} pt, {MIN_MIRRORED_SIZE:g} pt upside down): "
        "shorten it, break it with a space, or choose a wider --card-size"
    )


def _check_card_room(layout: WordFaceLayout, font: Font, card: tuple[float, float]) -> None:
    if layout.band_text.height < font.line_height(MIN_MIRRORED_SIZE) or layout.label_text.width <= 0:
        raise UsageError(
            f"a {format_mm(card[0])} x {format_mm(card[1])} mm card is too small to hold a readable word: "
            "choose a larger --card-size, e.g. 70x45mm"
        )


def _paint_face(canvas, word: str | None, layout: WordFaceLayout, faces: dict[str, WordFace], font: Font, theme: Theme) -> None:
    draw_word_face(canvas, layout, faces[word] if word is not None else None, font, theme)

