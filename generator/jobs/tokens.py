"""The tiles that cover found words: a set is what the game's tile kinds say (its agents,
bystanders and assassin, and whatever else it plays with), each face named in the kit's
language, or by an edition (``--edition``): its own names, and short lines under them."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable, Mapping, Sequence

import msgspec
from msgspec.structs import replace

from ..draw.sheet import CardFaces
from ..draw.theme import Theme
from ..draw.tile import EditionWords, TileArtist, tile_frame_line
from ..errors import CngenError, UsageError
from ..games.game import Game
from ..geometry.fit import FittedText
from ..geometry.sheet import Box, SheetPlan
from ..geometry.tileface import (
    MAX_LINE_SIZE,
    MAX_NAME_SIZE,
    MIN_LINE_SIZE,
    MIN_NAME_SIZE,
    TileLayout,
    fit_common,
    fit_names,
    tile_layout,
)
from ..model.tiles import Tile, TileFace, TileText, covered, nouns_of, tiles
from ..settings.options import TokenOptions
from ..typeface.font import Font
from ..units import format_mm
from .cards import card_printing, card_theme, print_cards
from .language import Language, settle_language, titled
from .sources import font_family, load_font, unprintable


class TokensResult(msgspec.Struct, frozen=True):
    tiles: list[Tile]
    sets: int
    pdf: bytes
    plan: SheetPlan
    sheets: int
    pages: int
    images: tuple[tuple[str, bytes], ...] = ()  # one PNG a face, for services that take images
    notes: tuple[str, ...] = ()  # labels that fell back to English


def build_tokens(game: Game, options: TokenOptions, language: Language | None = None) -> TokensResult:
    """The game's tiles; ``language`` is the kit's, settled once (else the options' own)."""
    language = language or settle_language(game, options.style.lang, sharp_s=options.style.sharp_s)
    options = replace(options, style=titled(options.style, language))
    font = load_font(options.font, lang=language.code)
    sheet = options.sheet
    printing = card_printing(options.card_size, sheet)
    theme = card_theme(sheet, options.style)
    cards, all_tiles = tile_cards(game, options.sets, printing.card_size, printing.bleed, font, theme, language,
                                  options.sized_by, texts=options.style.tiles, line_font=options.font)
    # Each role has its own ground: a home sheet must not butt a red tile against a blue one.
    grounds = [(tile.front.role, tile.back.role) for tile in all_tiles]
    printed = print_cards(cards.title, printing, cards.faces, cards.artist, theme, sheet, options.style, font,
                          grounds=grounds)
    return TokensResult(all_tiles, options.sets, printed.pdf, printed.plan, printed.sheets,
                        printed.pages, printed.images, language.notes)


def tile_cards(game: Game, sets: int, card_size: tuple[float, float], bleed: float, font: Font, theme: Theme,
               language: Language, sized_by: str | None = "--card-size", texts: Sequence[TileText] = (),
               line_font: Path | None = None) -> tuple[CardFaces, list[Tile]]:
    """``sets`` of the game's tiles drawn at ``card_size`` with ``bleed``, named in ``language``,
    or by an edition's ``texts`` (their lines in the italic of the family of ``line_font``, the
    user's font, else ours); ``sized_by``: the option that sets their size, for messages to
    advise (None where none does)."""
    layout = tile_layout(*card_size, bleed=bleed, frame_line=tile_frame_line(theme))
    _check_texts(game, texts)
    all_tiles = tiles(game.tiles, sets, texts)
    # A timer's back is the one face whose name no front carries.
    printed = {face.name: language.tile_name(face.name) for tile in all_tiles for face in (tile.front, tile.back)}
    _check_names(printed.values(), font)
    fitted = fit_names(sorted(set(printed.values())), layout, font)
    names = {noun: fitted[name] for noun, name in printed.items()}
    if any(fitted is None for fitted in names.values()):
        raise UsageError(
            f"a {format_mm(card_size[0])} x {format_mm(card_size[1])} mm tile is too small "
            "for its name" + (f": choose a larger {sized_by}, e.g. 70x45mm" if sized_by else "")
        )
    roles = _size_of(fitted)
    edition = _edition_words(all_tiles, texts, layout, font, line_font, language, card_size, sized_by, roles)
    if edition is not None:  # the characters' names and the roles' printed beside them at one size
        characters = min(name.size for name, _ in edition.words.values())
        # The roles' names a face prints (a character's face prints the character's instead).
        shown = sorted({printed[face.name] for tile in all_tiles for face in (tile.front, tile.back)
                        if face.character is None})
        if shown and characters < roles - 1e-6:
            beside = fit_names(shown, layout, font, characters)
            names = {noun: beside.get(name, names[noun]) for noun, name in printed.items()}
            roles = _size_of(beside)
        if roles < characters - 1e-6:  # the roles' names, whole on one line, came out smaller still
            edition = _edition_words(all_tiles, texts, layout, font, line_font, language, card_size, sized_by,
                                     roles)
    faces = [(tile.front, tile.back) for tile in all_tiles]
    artist = TileArtist(layout, names, font, theme, game.tiles, edition)  # type: ignore[arg-type]
    return CardFaces(game.tiles_title, card_size, faces, artist), all_tiles


def _size_of(fitted: Mapping[str, FittedText | None]) -> float:
    """The one size a set of names was fitted at."""
    return min(text.size for text in fitted.values() if text is not None)


def _check_texts(game: Game, texts: Sequence[TileText]) -> None:
    """An edition names tiles the game has, and no more characters of a kind than a set holds."""
    nouns = list(dict.fromkeys(noun for kind in game.tiles for noun in nouns_of(kind)))
    for text in texts:
        if text.noun not in nouns:
            raise CngenError(f"{text.place}: {game.title} has no '{text.noun}' tiles: "
                             f"name its tiles as {', '.join(repr(noun) for noun in nouns)}")
        count = covered(game.tiles, text.noun)
        if text.tile is not None and text.tile >= count:
            raise CngenError(f"{text.place}: a set of {game.title} has {count} '{text.noun}' "
                             f"tile{'s' if count > 1 else ''}, so this character {text.tile + 1} has none: "
                             f"remove it, or list at most {count}")


def _edition_words(all_tiles: list[Tile], texts: Sequence[TileText], layout: TileLayout, font: Font,
                   line_font: Path | None, language: Language, card_size: tuple[float, float],
                   sized_by: str | None, largest: float = MAX_NAME_SIZE) -> EditionWords | None:
    """The edition's names and lines, each fitted in its face's room: the names at one size,
    never larger than the roles' names (``largest``), the lines at another, never larger than
    the names."""
    used = sorted({face.character for tile in all_tiles for face in (tile.front, tile.back)
                   if face.character is not None})
    if not used:
        return None
    lined = layout.with_line()
    line_box = lined.line
    assert line_box is not None, "a layout with a line has the line's room"
    words = {index: language.face_words(_face_of(all_tiles, index), texts) for index in used}
    italic = font_family(line_font, language.code).slanted if any(line for _, line in words.values()) else font
    for index, (name, line) in words.items():
        _check_printable(texts[index], name, font, "name")
        if line:
            _check_printable(texts[index], line, italic, "line")
    room = {index: lined if line else layout for index, (_, line) in words.items()}
    names = _refuse_unfitted(fit_common([(name, room[index].name) for index, (name, _) in words.items()], font,
                                        largest, MIN_NAME_SIZE), words, texts, room, 0, card_size, sized_by)
    largest = min(fitted.size for fitted in names.values())
    lines = _refuse_unfitted(fit_common([(line, line_box) for _, line in words.values() if line], italic,
                                        max(MIN_LINE_SIZE, min(MAX_LINE_SIZE, largest)), MIN_LINE_SIZE),
                             words, texts, room, 1, card_size, sized_by)
    fitted = {index: (names[(name, room[index].name)], lines[(line, line_box)] if line else None)
              for index, (name, line) in words.items()}
    return EditionWords(tuple(texts), fitted, lined, italic)


def _face_of(all_tiles: list[Tile], character: int) -> TileFace:
    return next(face for tile in all_tiles for face in (tile.front, tile.back) if face.character == character)


def _refuse_unfitted(fitted: Mapping[tuple[str, Box], FittedText | None], words: dict[int, tuple[str, str | None]],
                     texts: Sequence[TileText], room: dict[int, TileLayout], part: int,
                     card_size: tuple[float, float], sized_by: str | None) -> dict[tuple[str, Box], FittedText]:
    """The names (``part`` 0) or lines (1), each fitted; one too long for its tile is refused
    with the edition's place, the text and the fix."""
    for index, both in words.items():
        text = both[part]
        box = room[index].name if part == 0 else room[index].line
        if text and (box is None or fitted.get((text, box)) is None):
            what = "name" if part == 0 else "line"
            size = f"{format_mm(card_size[0])} x {format_mm(card_size[1])} mm"
            larger = f", or choose a larger {sized_by}" if sized_by else ""
            raise UsageError(f"{_text_named(texts[index], what, text)} is too long for a {size} tile, even on "
                             f"two lines at the smallest size: shorten it{larger}")
    return {key: text for key, text in fitted.items() if text is not None}


def _check_printable(text: TileText, words: str, font: Font, what: str) -> None:
    problem = unprintable(words, font)
    if problem is not None:
        raise CngenError(f"{_text_named(text, what, words)} {problem}: write it otherwise, or choose a --font "
                         "that has them")


def _text_named(text: TileText, what: str, words: str) -> str:
    """A tile's name or line (``what``) as a message names it: where the edition writes it
    ("party.yaml:5: tiles: assassin: line: 'Never sleeps'"), or, for texts given otherwise (the
    library's own callers), by the tile's place."""
    at = text.name_at if what == "name" else text.line_at
    return f"{at}: '{words}'" if at else f"{text.place}: the {what} '{words}'"


def _check_names(names: Iterable[str], font: Font) -> None:
    """Tile names come from the kit's language: refuse one the font would print blank."""
    for name in names:
        problem = unprintable(name, font)
        if problem is not None:
            raise CngenError(f"the tile name '{name}' {problem}: choose a --font that has them")
