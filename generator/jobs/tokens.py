"""The tiles that cover found words: agent, double agent, bystander and assassin tiles, or
Duet's agents, assassin and timer tokens (a bystander on each timer's back)."""

from __future__ import annotations

from dataclasses import dataclass

from ..draw.tile import TileArtist, tile_frame_line
from ..errors import UsageError
from ..geometry.sheet import SheetPlan
from ..geometry.tileface import fit_names, tile_layout
from ..model.tiles import Tile, tiles
from ..settings.options import TokenOptions
from ..settings.units import format_mm
from .cards import card_printing, card_theme, print_cards
from .sources import load_font


@dataclass(frozen=True)
class TokensResult:
    tiles: list[Tile]
    sets: int
    duet: bool
    pdf: bytes
    plan: SheetPlan
    sheets: int
    pages: int
    images: tuple[tuple[str, bytes], ...] = ()  # one PNG a face, for services that take images


def build_tokens(options: TokenOptions) -> TokensResult:
    font = load_font(options.font)
    sheet = options.sheet
    printing = card_printing(options.card_size, sheet)
    theme = card_theme(sheet, options.style)
    layout = tile_layout(*printing.card_size, bleed=printing.bleed, frame_line=tile_frame_line(theme))
    all_tiles = tiles(options.sets, duet=options.duet)
    # A timer's back is the one face whose name no front carries.
    names = fit_names(sorted({face.name for tile in all_tiles for face in (tile.front, tile.back)}), layout, font)
    if any(fitted is None for fitted in names.values()):
        raise UsageError(
            f"a {format_mm(printing.card_size[0])} x {format_mm(printing.card_size[1])} mm tile is too small "
            "for its name: choose a larger --card-size, e.g. 70x45mm"
        )
    faces = [(tile.front, tile.back) for tile in all_tiles]
    artist = TileArtist(layout, names, font, theme, duet=options.duet)  # type: ignore[arg-type]
    what = "Duet tiles" if options.duet else "Agent tiles"
    printed = print_cards(what, printing, faces, artist, theme, sheet, options.style, font)
    return TokensResult(all_tiles, options.sets, options.duet, printed.pdf, printing.plan, printed.sheets,
                        printed.pages, printed.images)
