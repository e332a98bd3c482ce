"""The tiles that cover found words: a set is what the game's tile kinds say (its agents,
bystanders and assassin, and whatever else it plays with), each face named in the kit's
language."""

from __future__ import annotations

from typing import Iterable

import msgspec

from ..draw.sheet import CardFaces
from ..draw.theme import Theme
from ..draw.tile import TileArtist, tile_frame_line
from ..errors import CngenError, UsageError
from ..games.game import Game
from ..geometry.sheet import SheetPlan
from ..geometry.tileface import fit_names, tile_layout
from ..model.tiles import Tile, tiles
from ..settings.options import TokenOptions
from ..typeface.font import Font
from ..units import format_mm
from .cards import card_printing, card_theme, print_cards
from .language import Language, settle_language
from .sources import load_font, unprintable


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
    font = load_font(options.font)
    sheet = options.sheet
    printing = card_printing(options.card_size, sheet)
    theme = card_theme(sheet, options.style)
    language = language or settle_language(game, options.style.lang, sharp_s=options.style.sharp_s)
    cards, all_tiles = tile_cards(game, options.sets, printing.card_size, printing.bleed, font, theme, language)
    printed = print_cards(cards.title, printing, cards.faces, cards.artist, theme, sheet, options.style, font)
    return TokensResult(all_tiles, options.sets, printed.pdf, printing.plan, printed.sheets,
                        printed.pages, printed.images, language.notes)


def tile_cards(game: Game, sets: int, card_size: tuple[float, float], bleed: float, font: Font, theme: Theme,
               language: Language, sized_by: str | None = "--card-size") -> tuple[CardFaces, list[Tile]]:
    """``sets`` of the game's tiles drawn at ``card_size`` with ``bleed``, named in ``language``;
    ``sized_by``: the option that sets their size, for messages to advise (None where none does)."""
    layout = tile_layout(*card_size, bleed=bleed, frame_line=tile_frame_line(theme))
    all_tiles = tiles(game.tiles, sets)
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
    faces = [(tile.front, tile.back) for tile in all_tiles]
    artist = TileArtist(layout, names, font, theme, game.tiles)  # type: ignore[arg-type]
    return CardFaces(game.tiles_title, card_size, faces, artist), all_tiles


def _check_names(names: Iterable[str], font: Font) -> None:
    """Tile names come from the kit's language: refuse one the font would print blank."""
    for name in names:
        problem = unprintable(name, font)
        if problem is not None:
            raise CngenError(f"the tile name '{name}' {problem}: choose a --font that has them")
