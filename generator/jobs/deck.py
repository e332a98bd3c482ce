"""The codename deck: from a word list to the bytes of a print-ready, double-sided PDF."""

from __future__ import annotations

import math
from typing import Callable

from ..draw.sheet import CardFaces
from ..draw.theme import Theme
from ..draw.wordcard import WordCardArtist
from ..errors import UsageError, describe_character
from ..games.game import Game
from ..geometry.wordface import (
    MIN_MIRRORED_SIZE,
    MIN_WORD_SIZE,
    WordFace,
    WordFaceLayout,
    fit_word,
    fitted_without_condensed,
    word_face_layout,
)
from ..model.rng import make_rng, shuffled
from ..model.words import Problem, WordList, raise_problems
from ..settings.options import DeckOptions
from ..typeface.font import Font
from ..typeface.scripts import needs_shaping
from ..units import format_mm, plural
from .cards import card_printing, card_theme, print_cards
from .codenames import DeckResult, pair_faces
from .sources import (
    bundled_deck,
    condensed_widths,
    deck_notes,
    fonts_for,
    in_language,
    load_font,
    load_words,
    with_condensed,
    words_label,
)

# Lists this long take a second or more: say what is happening.
PROGRESS_FROM = 2_000


def build_deck(options: DeckOptions, progress: Callable[[str], None] = lambda step: None,
               game: Game | None = None) -> DeckResult:
    """The codename cards of ``game`` (by default the default game's): word cards, or picture
    cards for a game played with pictures (``Grid.cards``). ``progress`` hears what is happening
    on long lists."""
    if game is not None and game.grid.cards == "picture":
        from .picturedeck import build_picture_deck  # Pillow's and svglib's work: only for pictures

        return build_picture_deck(options, game.grid.cells, progress)
    font = load_font(options.font)
    sheet = options.sheet
    printing = card_printing(options.card_size, sheet)
    theme = card_theme(sheet, options.style, font)
    cards, word_list, words = word_cards(options, printing.card_size, printing.bleed, font, theme, progress,
                                         options.sized_by)
    printed = print_cards(cards.title, printing, cards.faces, cards.artist, theme, sheet, options.style, font,
                          progress=progress)
    return DeckResult(
        pdf=printed.pdf,
        source=words_label(options.words, bundled_deck(options)),
        words=len(words),
        cards=len(cards.faces),
        blank_cards=options.blanks,
        blank_back=len(words) % 2 == 1,
        dropped=word_list.dropped,
        list_name=word_list.name,
        language=word_list.language,
        sheets=printed.sheets,
        pages=printed.pages,
        plan=printing.plan,
        images=printed.images,
        notes=(*deck_notes(options), *_too_few_for_the_table(game, len(words))),
    )


def _too_few_for_the_table(game: Game | None, words: int) -> tuple[str, ...]:
    """A note where the word cards cannot fill the table the user seated the game at (--teams,
    --grid): it deals a card a cell."""
    if game is None or game.at_own_table:
        return ()
    cells, cards = game.grid.cells, math.ceil(words / 2)
    if cards >= cells:
        return ()
    return (f"{plural(cards, 'word card')} cannot fill a {game.grid.rows} x {game.grid.columns} table: a game "
            f"deals {cells} cards, {2 * cells} words on double-sided cards. Add words, or choose a smaller --grid",)


def word_cards(options: DeckOptions, card_size: tuple[float, float], bleed: float, font: Font, theme: Theme,
               progress: Callable[[str], None] = lambda step: None,
               sized_by: str | None = "--card-size") -> tuple[CardFaces, WordList, list[str]]:
    """The deck's cards drawn at ``card_size`` with ``bleed``: each word checked and fitted,
    paired in the list's order (or shuffled by the deck's seed), blanks last; with the list and
    its words in the order they are paired. ``sized_by``: the option that sets the cards' size,
    for messages to advise (None where no option does)."""
    word_list = load_words(options.words, options.deck, options.dedupe, options.style)
    font = in_language(font, options.style.lang or word_list.language)
    if len(word_list.entries) < PROGRESS_FROM:
        progress = lambda step: None  # noqa: E731 - short lists finish before a message helps
    face_layout = word_face_layout(*card_size, bleed=bleed)
    _check_card_room(face_layout, font, card_size, sized_by)
    progress(f"checking {len(word_list.entries):,} words against the font and the card")
    faces, font = fitted_faces(word_list, face_layout, font, sized_by)
    words = word_list.words
    if options.seed is not None:
        words = shuffled(words, make_rng(options.seed))
    pairs = pair_faces(words, options.blanks)
    progress(f"drawing {len(pairs):,} cards")
    cards = [(_face(pair.front, faces), _face(pair.back, faces)) for pair in pairs]
    return CardFaces("Codename cards", card_size, cards, WordCardArtist(face_layout, font, theme), named=faces), \
        word_list, words


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


def _face(word: str | None, faces: dict[str, WordFace]) -> WordFace | None:
    return faces[word] if word is not None else None


def _missing_message(word: str, missing: list[str], font: Font) -> str:
    characters = ", ".join(describe_character(char) for char in missing)
    return (
        f"'{word}' uses {characters}, which the font {font.label} cannot draw: "
        f"use --font FILE.ttf with a font that has it{fonts_for(missing)}, or change the word"
    )


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
