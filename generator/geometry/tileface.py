"""The tile face as geometry: a frame in the kit's measures, a medallion, the role's name and
symbol. Landscape tiles put the medallion on the left, portrait tiles on top.

Pure: boxes in card coordinates (points, origin bottom left), and the fitted role names.
"""

from __future__ import annotations

import msgspec

from ..typeface.font import Font
from ..units import MM
from .fit import FittedText, fit_text
from .sheet import Box
from .style import CAPTION, CONTENT_GAP, FRAME_INSET, FRAME_LINE, HEADING

MAX_NAME_SIZE = HEADING
MIN_NAME_SIZE = CAPTION
COLUMN_GAP = 2.5 * MM  # between the medallion and the name
MEDALLION_SHARE = 0.46  # of the content's width (landscape) or height (portrait), at most
SYMBOL_SIZE = 6 * MM  # the role's symbol at its largest


class TileLayout(msgspec.Struct, frozen=True):
    card: Box
    frame: Box  # the path of the frame's line (its middle)
    frame_line: float  # the frame's line width
    content: Box  # where text may go: CONTENT_GAP inside the frame's line
    medallion: Box  # a square holding the round medallion
    name: Box
    symbol: Box
    bleed: float = 0.0  # how far the background runs past the cut (print-shop pages)

    @property
    def bleed_box(self) -> Box:
        return self.card.inset(-self.bleed)


def tile_layout(card_width: float, card_height: float, bleed: float = 0.0,
                frame_line: float = FRAME_LINE) -> TileLayout:
    """The frame's line has its outer edge FRAME_INSET inside the cut, whatever its width; the
    medallion, the name and the symbol keep CONTENT_GAP inside its inner edge."""
    card = Box(0, 0, card_width, card_height)
    frame = card.inset(FRAME_INSET + frame_line / 2)
    content = frame.inset(frame_line / 2 + CONTENT_GAP)
    if card_width >= card_height:
        side = min(content.height, content.width * MEDALLION_SHARE)
        medallion = Box(content.x, content.y + (content.height - side) / 2, side, side)
        text_x = medallion.right + COLUMN_GAP
        text = Box(text_x, content.y, content.right - text_x, content.height)
    else:
        side = min(content.width, content.height * MEDALLION_SHARE)
        medallion = Box(content.x + (content.width - side) / 2, content.top - side, side, side)
        text = Box(content.x, content.y, content.width, medallion.y - COLUMN_GAP - content.y)
    name = Box(text.x, text.y + text.height * 0.4, text.width, text.height * 0.6)
    symbol = Box(text.x, text.y + text.height * 0.06, text.width, text.height * 0.36)
    return TileLayout(card, frame, frame_line, content, medallion, name, symbol, bleed)


def fit_name(name: str, layout: TileLayout, font: Font, max_size: float = MAX_NAME_SIZE) -> FittedText | None:
    return fit_text(name, font, layout.name.width, layout.name.height, max_size, MIN_NAME_SIZE)


def fit_names(names: list[str], layout: TileLayout, font: Font) -> dict[str, FittedText | None]:
    """Every role's name at one size, the largest at which all of them fit (a set reads as one
    kit, not as names shrunk each to its own length); a name that cannot fit maps to None."""
    alone = {name: fit_name(name, layout, font) for name in names}
    if any(fitted is None for fitted in alone.values()):
        return alone
    common = min(fitted.size for fitted in alone.values())  # type: ignore[union-attr]
    return {name: fit_name(name, layout, font, common) for name in names}
