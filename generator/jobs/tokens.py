"""The tiles that cover found words: agent, double agent, bystander and assassin tiles."""

from __future__ import annotations

from dataclasses import dataclass

from ..draw.sheet import draw_pages
from ..draw.tile import TileArtist
from ..errors import UsageError
from ..geometry.sheet import SheetPlan, impose, sheet_count
from ..geometry.tileface import fit_name, tile_layout
from ..model.tiles import Tile, tiles
from ..output.pdf import PdfDocument
from ..settings.options import TokenOptions
from ..settings.units import format_mm
from .cards import card_plan, card_theme, pdf_settings
from .sources import load_font


@dataclass(frozen=True)
class TokensResult:
    tiles: list[Tile]
    sets: int
    pdf: bytes
    plan: SheetPlan
    sheets: int
    pages: int


def build_tokens(options: TokenOptions) -> TokensResult:
    font = load_font(options.font)
    sheet = options.sheet
    layout = tile_layout(*options.card_size, bleed=sheet.artwork_bleed)
    all_tiles = tiles(options.sets)
    names = {tile.front.name: fit_name(tile.front.name, layout, font) for tile in all_tiles}
    if any(fitted is None for fitted in names.values()):
        raise UsageError(
            f"a {format_mm(options.card_size[0])} x {format_mm(options.card_size[1])} mm tile is too small "
            "for its name: choose a larger --card-size, e.g. 70x45mm"
        )
    theme = card_theme(sheet, options.style)
    plan = card_plan(options.card_size, sheet)
    document = PdfDocument(pdf_settings("Agent tiles", plan, sheet, options.style, font))
    faces = [(tile.front, tile.back) for tile in all_tiles]
    artist = TileArtist(layout, names, font, theme)  # type: ignore[arg-type]
    pages = draw_pages(document.canvas, impose(plan, faces, sheet.sides, sheet.back_offset), artist, theme)
    return TokensResult(all_tiles, options.sets, document.finish(), plan, sheet_count(plan, len(all_tiles)), pages)
