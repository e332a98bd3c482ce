"""Word-and-picture cards' faces: every word of a list fitted beneath its picture (or in the
whole panel, where its row names none), each picture made ready for the file once, paired in
the list's order and drawn."""

from __future__ import annotations

from ..draw.sheet import CardFaces
from ..draw.wordpicturecard import WordPictureCardArtist
from ..errors import UsageError
from ..geometry.wordface import LEGIBLE_SIZE, MIN_SECOND_SIZE, SECOND_GAP
from ..geometry.wordpictureface import WordPictureFace, WordPictureLayout, picture_fits, word_picture_layout
from ..inputs.images import PictureFolder
from ..model.words import WordList
from ..typeface.font import Font
from ..units import MM, format_mm
from .kind import DrawnCards, FaceRequest
from .picture_faces import prepared_art
from .word_faces import dealt_cards, fit_entries

SMALL_PICTURE = 20 * MM  # a picture smaller than this is seen, though not at its best: say how to print it larger


def word_picture_faces(word_list: WordList, pictures: PictureFolder, request: FaceRequest, title: str,
                       second_lines: bool = False) -> DrawnCards:
    """The list's cards drawn for ``request``: each word fitted beneath its picture (with its
    second line, where ``second_lines``), the pictures made ready for the file, the cards
    paired as word cards are (``word_faces.dealt_cards``); with the note on photos that print soft."""
    second_font = request.second_font or request.font
    room = _text_room(request.font, second_font if second_lines else None)
    layout = word_picture_layout(*request.card_size, room, request.bleed, second_lines)
    _check_room(layout, request.card_size, request.sized_by, second_lines)
    fitted, font = fit_entries(word_list, lambda entry: layout.beneath if entry.picture else layout.whole,
                               request.font, second_font, request.sized_by, may_open=lambda entry: not entry.picture)
    art, soft = prepared_art(pictures.pictures, layout.window, layout.vector_box, request)
    picture_of = {entry.text: entry.picture or None for entry in word_list.entries}
    faces = {word: WordPictureFace(face, picture_of[word]) for word, face in fitted.items()}
    printed, cards = dealt_cards(word_list, request, faces)
    artist = WordPictureCardArtist(layout, art, font, request.theme, second_font if second_lines else None)
    notes = (*soft, *_small_pictures(layout, request, room, second_lines))
    return DrawnCards(CardFaces(title, request.card_size, cards, artist, named=faces), tuple(printed), notes,
                      request.font)


def _small_pictures(layout: WordPictureLayout, request: FaceRequest, room: float, second_lines: bool) -> list[str]:
    """A note where the pictures print small (the default 70 x 45 mm card's are 12 mm), naming
    the size a taller card of the same width shows them at."""
    if layout.window.width >= SMALL_PICTURE or request.sized_by is None:
        return []
    width = request.card_size[0]
    taller = word_picture_layout(width, width, room, 0.0, second_lines).window.width
    return [f"the pictures print {format_mm(layout.window.width)} mm square above their words: a taller "
            f"{request.sized_by} shows them larger ({format_mm(width)}x{format_mm(width)}mm: {format_mm(taller)} mm)"]


def _text_room(font: Font, second_font: Font | None) -> float:
    """The height the word needs beneath its picture: one line at LEGIBLE_SIZE (24 pt), and a
    second line at its least size beneath it where the words carry them."""
    room = font.line_height(LEGIBLE_SIZE)
    return room + SECOND_GAP + second_font.line_height(MIN_SECOND_SIZE) if second_font is not None else room


def _check_room(layout: WordPictureLayout, card: tuple[float, float], sized_by: str | None, second_lines: bool) -> None:
    if picture_fits(layout):
        return
    what = "a word, its second line and a picture" if second_lines else "a word and a picture"
    taller = "70x70mm" if second_lines else "70x60mm"
    raise UsageError(f"a {format_mm(card[0])} x {format_mm(card[1])} mm card is too small to show {what} that read "
                     "across a table" + (f": choose a taller {sized_by}, e.g. {taller}" if sized_by else ""))
