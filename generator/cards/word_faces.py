"""Word cards' faces: every word of a list checked against the font and the card, fitted
(on two lines, or in the font's condensed face, where a long word needs it), paired and drawn."""

from __future__ import annotations

from typing import Callable, Mapping, TypeVar

from ..draw.sheet import CardFaces
from ..draw.wordcard import WordCardArtist
from ..errors import UsageError, describe_character
from ..geometry.wordface import (
    MIN_MIRRORED_SIZE,
    MIN_SECOND_SIZE,
    MIN_WORD_SIZE,
    SecondProblem,
    WordFace,
    WordFaceLayout,
    fit_with_second,
    fit_word,
    fitted_without_condensed,
    second_line_layout,
    word_face_layout,
)
from ..model.rng import make_rng, shuffled
from ..model.words import Entry, Problem, WordList, raise_problems
from ..typeface.files import condensed_widths, with_condensed
from ..typeface.font import Font
from ..typeface.scripts import fonts_for, needs_shaping
from ..units import format_mm
from .kind import DrawnCards, FaceRequest, pair_faces

Face = TypeVar("Face")  # a kind's face of one word (``WordFace``, ``WordPictureFace``)
# Lists this long take a second or more: say what is happening.
PROGRESS_FROM = 2_000


def word_faces(word_list: WordList, request: FaceRequest, title: str, second_lines: bool = False) -> DrawnCards:
    """The list's cards drawn for ``request``: each word checked and fitted (with its second
    line beneath it, where ``second_lines``), paired in the list's order (or shuffled by the
    seed), each entry's copies after the first in sets of their own, blanks last."""
    progress = request.progress if len(word_list.entries) >= PROGRESS_FROM else lambda step: None
    lay_out = second_line_layout if second_lines else word_face_layout
    face_layout = lay_out(*request.card_size, bleed=request.bleed)
    _check_card_room(face_layout, request.font, request.card_size, request.sized_by)
    progress(f"checking {len(word_list.entries):,} words against the font and the card")
    second_font = request.second_font or request.font
    if second_lines:
        faces, font = fit_entries(word_list, lambda entry: face_layout, request.font, second_font, request.sized_by)
    else:
        faces, font = fitted_faces(word_list, face_layout, request.font, request.sized_by)
    printed, cards = dealt_cards(word_list, request, faces)
    progress(f"drawing {len(cards):,} cards")
    artist = WordCardArtist(face_layout, font, request.theme, second_font if second_lines else None)
    return DrawnCards(CardFaces(title, request.card_size, cards, artist, named=faces), tuple(printed))


def dealt_cards(word_list: WordList, request: FaceRequest,
                faces: Mapping[str, Face]) -> tuple[list[str], list[tuple[Face | None, Face | None]]]:
    """The words in the order they are printed (the list's, or shuffled by the request's seed;
    copies after, ``with_copies``), and the cards they pair into, each side its word's face
    from ``faces`` (None: a blank), blanks last."""
    words = word_list.words
    if request.seed is not None:
        words = shuffled(words, make_rng(request.seed))
    printed = with_copies(words, {entry.text: entry.copies for entry in word_list.entries})
    pairs = pair_faces(printed, request.blanks)
    return printed, [(_face(pair.front, faces), _face(pair.back, faces)) for pair in pairs]


def with_copies(words: list[str], copies: dict[str, int]) -> list[str]:
    """Every word once, then the words printed twice or more once again, and so on: each set
    of copies is a deck of its own, and no card carries one word on both sides."""
    most = max(copies.values(), default=1)
    if most == 1:
        return words
    return [word for round_ in range(most) for word in words if copies[word] > round_]


def fit_entries(word_list: WordList, layout_of: Callable[[Entry], WordFaceLayout], font: Font, second_font: Font,
                sized_by: str | None, may_open: Callable[[Entry], bool] = lambda entry: True
                ) -> tuple[dict[str, WordFace], Font]:
    """Every word fitted in the layout ``layout_of`` gives its entry, with its second line (a
    word without one, alone; into the emblem's strip only where ``may_open`` allows); every
    problem of the list reported at once, a second line's in its own column. With the font the
    faces are drawn in: a word and what shares its card often need the narrower face."""
    font = with_condensed(font)
    faces: dict[str, WordFace] = {}
    problems: list[Problem] = []
    column = word_list.second_column
    for entry in word_list.entries:
        missing = font.missing_characters(entry.text)
        missing_second = second_font.missing_characters(entry.second)
        if missing:
            problems.append(Problem(entry.line, _missing_message(entry.text, missing, font), "characters the font lacks"))
            continue
        if missing_second:
            problems.append(Problem(entry.line, _missing_message(entry.second, missing_second, second_font,
                                                                 "--second-font"), "characters the font lacks", column))
            continue
        layout = layout_of(entry)
        fitted = fit_with_second(entry.text, entry.second, layout, font, second_font) if entry.second else \
            fit_word(entry.text, layout, font, may_open=may_open(entry))
        if isinstance(fitted, WordFace):
            faces[entry.text] = fitted
        elif isinstance(fitted, SecondProblem) and fitted.part == "second":
            problems.append(Problem(entry.line, _second_too_long(entry.second, layout, sized_by), "entries too long",
                                    column))
        else:
            problems.append(Problem(entry.line, _too_long_message(entry.text, layout, sized_by), "entries too long"))
    raise_problems(word_list, problems)
    return faces, font


def fitted_faces(word_list: WordList, layout: WordFaceLayout, font: Font,
                 sized_by: str | None = "--card-size") -> tuple[dict[str, WordFace], Font]:
    """Fit every word; report every problem of the list at once: its own (repeats, control
    characters...) and the words the font cannot draw or the card cannot hold. With the font
    the faces are drawn in: its condensed face is read only where a long word needs it."""
    drawable = [entry.text for entry in word_list.entries if not font.missing_characters(entry.text)]
    fits = {word: fit_word(word, layout, font) for word in drawable}
    long_words = [word for word, face in fits.items() if not fitted_without_condensed(face, layout, font)]
    refits, condensed = _with_condensed_face(long_words, layout, font)
    fits.update(refits)
    faces: dict[str, WordFace] = {}
    problems: list[Problem] = []
    for entry in word_list.entries:
        missing = font.missing_characters(entry.text)
        face = fits.get(entry.text)
        if missing:
            problems.append(Problem(entry.line, _missing_message(entry.text, missing, font), "characters the font lacks"))
        elif face is None:
            problems.append(Problem(entry.line, _too_long_message(entry.text, layout, sized_by), "entries too long"))
        else:
            faces[entry.text] = face
    raise_problems(word_list, problems)
    return faces, condensed


def _with_condensed_face(words: list[str], layout: WordFaceLayout,
                         font: Font) -> tuple[dict[str, WordFace | None], Font]:
    """``words`` fitted with the font's condensed face tried too, and the font to draw the
    deck in. The face is first only measured (``condensed_widths``, a millisecond); it is read
    and registered (as long as fitting the whole deck takes) only if a word is set in it, or
    a word needs shaping, which only a registered face can do. Fitted either way, a word gets
    the same face: the measured face's widths are the registered one's."""
    if not words or font.condensed_file is None:
        return {}, font
    if not any(map(needs_shaping, words)):
        measured = condensed_widths(font)
        fits = {word: fit_word(word, layout, font, measured) for word in words}
        if not any(face is not None and (face.upright.condensed or face.mirrored.condensed)
                   for face in fits.values()):
            return fits, font
    condensed = with_condensed(font)
    return {word: fit_word(word, layout, condensed) for word in words}, condensed


def _face(word: str | None, faces: Mapping[str, Face]) -> Face | None:
    return faces[word] if word is not None else None


def _missing_message(word: str, missing: list[str], font: Font, option: str = "--font") -> str:
    characters = ", ".join(describe_character(char) for char in missing)
    return (
        f"'{word}' uses {characters}, which the font {font.label} cannot draw: "
        f"use {option} FILE.ttf with a font that has it{fonts_for(missing)}, or change the word"
    )


def _second_too_long(second: str, layout: WordFaceLayout, sized_by: str | None) -> str:
    card = layout.card
    return (f"the second line '{second}' is too long for a {format_mm(card.width)} x {format_mm(card.height)} mm "
            f"card at {MIN_SECOND_SIZE:g} pt on two lines: shorten it"
            + (f", or choose a wider {sized_by}" if sized_by else ""))


def _too_long_message(word: str, layout: WordFaceLayout, sized_by: str | None) -> str:
    card = layout.card
    return (
        f"'{word}' is too long to fit a {format_mm(card.width)} x {format_mm(card.height)} mm card "
        f"at the smallest readable size ({MIN_WORD_SIZE:g} pt, {MIN_MIRRORED_SIZE:g} pt upside down): "
        + (f"shorten it, break it with a space, or choose a wider {sized_by}" if sized_by
           else "shorten it, or break it with a space")
    )


def _check_card_room(layout: WordFaceLayout, font: Font, card: tuple[float, float], sized_by: str | None) -> None:
    if layout.band_text.height < font.line_height(MIN_MIRRORED_SIZE) or layout.label_text.width <= 0:
        raise UsageError(
            f"a {format_mm(card[0])} x {format_mm(card[1])} mm card is too small to hold a readable word"
            + (f": choose a larger {sized_by}, e.g. 70x45mm" if sized_by else "")
        )
