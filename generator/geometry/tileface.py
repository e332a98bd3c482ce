"""The tile face as geometry: a medallion on the left, the role's name and symbol on the right.

Pure: boxes in card coordinates (points, origin bottom left), and the fitted role names.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..settings.units import MM
from .fit import FittedText, fit_text
from .sheet import Box
from .typeface import Font

SAFE_INSET = 4 * MM
MAX_NAME_SIZE = 14.0
MIN_NAME_SIZE = 7.0


@dataclass(frozen=True)
class TileLayout:
    card: Box
    medallion: Box  # a square holding the round medallion
    name: Box
    symbol: Box
    bleed: float = 0.0  # how far the background runs past the cut (print-shop pages)

    @property
    def bleed_box(self) -> Box:
        return self.card.inset(-self.bleed)


def tile_layout(card_width: float, card_height: float, bleed: float = 0.0) -> TileLayout:
    """Medallion on the left, name and symbol on the right, all inside the safe area."""
    card = Box(0, 0, card_width, card_height)
    safe = card.inset(SAFE_INSET)
    side = min(safe.height, safe.width * 0.42)
    medallion = Box(safe.x, safe.y + (safe.height - side) / 2, side, side)
    text_x = medallion.right + 2 * MM
    text = Box(text_x, safe.y, safe.right - text_x, safe.height)
    name = Box(text.x, text.y + text.height * 0.45, text.width, text.height * 0.4)
    symbol = Box(text.x, text.y + text.height * 0.1, text.width, text.height * 0.3)
    return TileLayout(card, medallion, name, symbol, bleed)


def fit_name(name: str, layout: TileLayout, font: Font) -> FittedText | None:
    return fit_text(name, font, layout.name.width, layout.name.height, MAX_NAME_SIZE, MIN_NAME_SIZE)
