"""Reading a job's inputs through the one reader and handing their bytes to the parsers."""

from __future__ import annotations

from pathlib import Path
from typing import Mapping

import msgspec
from msgspec.structs import replace

from ..draw.emblem import EmblemArt, strokes_in_black
from ..draw.theme import Colour, Theme
from ..errors import CngenError, UsageError, describe_character, first_few, quoted
from ..inputs.bundled import (
    BOLD,
    CONDENSED_FACES,
    ENGLISH,
    ITALIC,
    PICTURE_WORDS,
    REGULAR,
    deck_path,
    shipped_path,
)
from ..inputs.reader import read_input, source_name
from ..model.capitals import primary
from ..model.words import (
    MAX_WORDS,
    RIGHT_TO_LEFT_REASON,
    Capitals,
    WordList,
    check_entries,
    parse_word_file,
    right_to_left,
    spreadsheet_format,
)
from ..settings.options import DeckOptions, Style
from ..typeface.files import read_font
from ..typeface.font import Font, FontFamily
from ..units import MM
from .language import default_deck, picture_names, shipped_languages

_STYLES = {BOLD: "bold", REGULAR: "regular", ITALIC: "italic"}  # cngen's fonts by a language's names of them
SHOWN_CHARACTERS = 4  # a message names this many characters, then counts the rest
# A photo emblem's pixels: enough for the largest emblem printed (the rules sheet's head, 13 mm
# across) at 600 dpi, where its edges stay crisp as a drawing's would.
EMBLEM_SIDE = 15 * MM
EMBLEM_DPI = 600


def load_font(path: Path | None, bundled: str = BOLD, lang: str | None = None) -> Font:
    """The user's font (a face of a collection as FILE.ttc#N), or one of ours: ``bundled``, or
    the same style of the font ``lang``'s folder names its own (Japanese's), naming its
    condensed face where the family has one (``typeface.files``)."""
    if path is None and lang:
        bundled = _own_fonts(lang).get(_STYLES.get(bundled, ""), bundled)
    return read_font(path, bundled)


def font_family(path: Path | None, lang: str | None = None) -> FontFamily:
    """The bundled family for running text (regular, bold, italic), ``lang``'s own where its
    folder names one, or the user's one font for every style."""
    if path is not None:
        font = load_font(path)
        return FontFamily(regular=font, bold=font, italic=font)
    own = _own_fonts(lang)  # read once for the three styles
    regular, bold, italic = (load_font(None, own.get(_STYLES[style], style)) for style in (REGULAR, BOLD, ITALIC))
    return FontFamily(regular=regular, bold=bold, italic=italic)


def in_language(font: Font, lang: str | None) -> Font:
    """cngen's bold font ``font`` for ``lang``: the font the language's folder names its own,
    where it names one (a Japanese deck's words need one that draws them), else ``font``."""
    own = _own_fonts(lang).get(_STYLES[BOLD])
    if own is None or font.condensed_file != CONDENSED_FACES[BOLD]:  # not cngen's Fira Sans Bold: the user's
        return font
    return load_font(None, own)


def _own_fonts(lang: str | None) -> Mapping[str, str]:
    """The bundled fonts ``lang``'s folder names its own, by style; none for English, whose
    language file need not be read."""
    return shipped_languages().fonts(lang) if lang and primary(lang) != ENGLISH else {}


def load_words(words: Path | None, deck: str | None, dedupe: bool, style: Style = Style()) -> WordList:
    """The user's list, or the bundled deck of that name (None: the one in the kit's
    language), with its problems found and its entries in capitals as its language writes them."""
    if words is None and deck == PICTURE_WORDS:
        return picture_word_list(dedupe, style)
    path = words or deck_path(deck or default_deck(style.lang))
    caps = Capitals(style.lang or "", style.sharp_s)
    return parse_word_file(read_input(path, "word list"), source_name(path), dedupe, caps)


def picture_word_list(dedupe: bool, style: Style = Style()) -> WordList:
    """cngen's pictures as a word list (the bundled deck PICTURE_WORDS): each picture's name in
    the kit's language, in capitals, with the picture it names; the names in English where
    cngen names them in no other language."""
    code, names = picture_names(style.lang)
    caps = Capitals(style.lang or code, style.sharp_s)
    empty = WordList(f"the bundled deck '{PICTURE_WORDS}'", (), name=PICTURE_WORDS, language=code)
    listed = check_entries(empty, list(enumerate(names.values(), start=1)), dedupe, caps)
    stems = list(names)
    return replace(listed, entries=tuple(replace(entry, picture=f"{stems[entry.line - 1]}.svg")
                                         for entry in listed.entries))


def deck_words(options: DeckOptions) -> WordList:
    """The deck's words: a spreadsheet's rows (.csv, .tsv, .xlsx) with what each row says
    beside its word, or a text list, a YAML deck, a bundled deck."""
    path = options.words
    chosen = [flag for flag, value in (("--sheet", options.worksheet), ("--columns", options.columns),
                                       ("--category", options.categories)) if value]
    kind = spreadsheet_format(path.name) if path is not None else None
    if kind is None:
        if chosen:
            given = f"{source_name(path)} is not a spreadsheet" if path is not None else "no --words is given"
            raise UsageError(f"{chosen[0]} reads a spreadsheet --words (.csv, .tsv or .xlsx), and {given}: "
                             f"leave {chosen[0]} out, or give the deck as a spreadsheet")
        return load_words(path, options.deck, options.dedupe, options.style)
    assert path is not None, "a spreadsheet's format is read from its name"
    if options.worksheet and kind != "xlsx":
        raise UsageError(f"--sheet chooses a worksheet of an .xlsx file, and {source_name(path)} has one sheet: "
                         "leave --sheet out")
    from ..inputs.sheets import read_sheet  # openpyxl and the sheet's rules: only for a spreadsheet
    from ..model.sheetdeck import parse_sheet_deck
    from .language import column_names

    data = read_input(path, "spreadsheet")
    sheet = read_sheet(data, source_name(path), kind, sheet=options.worksheet, columns=dict(options.columns or ()),
                       names=column_names(), most_rows=MAX_WORDS)
    caps = Capitals(options.style.lang or "", options.style.sharp_s)
    return parse_sheet_deck(sheet, options.dedupe, caps, options.categories)


def bundled_deck(deck: DeckOptions) -> str:
    """The bundled deck the options print when they name no list of their own."""
    return deck.deck or default_deck(deck.style.lang)


def deck_notes(deck: DeckOptions) -> tuple[str, ...]:
    """A kit in a language cngen has no deck in prints the English deck: say so."""
    lang = deck.style.lang
    shipped = shipped_languages()
    english = shipped.deck(ENGLISH)
    if deck.words is not None or deck.deck is not None or not lang or shipped.deck(lang) != english \
            or primary(lang) == ENGLISH:
        return ()
    return (f"cngen has no deck in '{lang}': the cards carry the English deck '{english}' "
            "(--words prints a list of yours)",)


def words_label(words: Path | None, deck: str) -> str:
    """Where the words come from, as summaries say it: a bundled deck by its name, never by
    its installed path."""
    if words is None:
        return f"the bundled deck '{deck}'"
    return shipped_path(words) or source_name(words)


class Unprintable(msgspec.Struct, frozen=True):
    """Why a text would not print right: characters written right to left, or ones the font
    has no glyph for."""

    characters: list[str]
    backwards: bool
    font: str

    def __str__(self) -> str:
        listed = first_few(self.characters, SHOWN_CHARACTERS, describe_character)
        if self.backwards:
            verb = "is" if len(self.characters) == 1 else "are"
            return f"{listed} {verb} written right to left, {RIGHT_TO_LEFT_REASON}"
        return f"uses {listed}, which the font {self.font} cannot draw"


def unprintable(text: str, font: Font) -> Unprintable | None:
    """What in ``text`` would print reversed or blank in ``font``; None when it all prints."""
    backwards = right_to_left(text)
    if backwards:
        return Unprintable(backwards, True, font.label)
    missing = font.missing_characters(text)
    return Unprintable(missing, False, font.label) if missing else None


def check_title(title: str | None, font: Font, given: str = "") -> None:
    """The kit's title is printed (on the rules sheet, plain key-card backs, the box, the
    stand, the book): refuse one that would print blank or reversed, naming where it was
    ``given`` (``Style.title_from``: an option, or a file's line)."""
    if not title:
        return
    problem = unprintable(title, font)
    if problem is None:
        return
    if given.startswith("-"):
        where, other = f"{given} {quoted(title)}", f"another {given}"
    elif given:
        where, other = f"{given}: title: {quoted(title)}", "another title on that line"
    else:
        where, other = f"the title {quoted(title)}", "a --title"
    fix = "write the title in a left-to-right script" if problem.backwards else \
        f"write {other}, or choose a --font that has them"
    raise CngenError(f"{where} {problem}: {fix}")


def load_emblem(path: Path, theme: Theme, ink_limit: float, font_name: str, condition: str | None = None,
                ground: Colour | None = None) -> EmblemArt:
    """The user's emblem, read and checked by the one reader of pictures and made ready for
    ``theme``'s file: an SVG's paints in its colour space (``font_name``: the embedded font a
    drawing starts in), a photo's pixels at EMBLEM_DPI of EMBLEM_SIDE, separated for the output
    ``condition`` in a press file, transparent parts laid on ``ground`` (the card's colour)."""
    from ..draw.picturecard import ready_for_file
    from ..draw.theme import rgb_of
    from ..inputs.images import FORMATS_SHOWN, RASTER_SUFFIXES, VECTOR_SUFFIXES, open_raster, open_vector, read_picture

    if path.suffix.lower() not in RASTER_SUFFIXES | VECTOR_SUFFIXES:
        raise CngenError(f"the emblem {source_name(path)} is not a picture: give a {FORMATS_SHOWN} file")
    try:
        picture = read_picture(path)
    except CngenError as error:
        reason = str(error).replace(", or move it out of the folder", "")
        raise CngenError(f"the emblem {reason}; an emblem is a {FORMATS_SHOWN} file") from None
    key = picture.digest[:16]
    if picture.kind == "vector":
        drawing = ready_for_file(open_vector(picture), theme, ink_limit, font_name)
        if len(theme.card) == 4:
            strokes_in_black(drawing)
        return EmblemArt(key, (drawing.width, drawing.height), drawing=drawing)
    from ..output.raster import prepare_raster

    width, height = picture.size
    longest = max(width, height)
    placed = (EMBLEM_SIDE * width / longest, EMBLEM_SIDE * height / longest)
    ready = prepare_raster(open_raster(picture), (0.0, 0.0, width, height), placed, EMBLEM_DPI, len(theme.card) == 4,
                           rgb_of(ground or theme.card), condition, ink_limit=ink_limit)
    return EmblemArt(key, (float(width), float(height)), data=ready.data)
