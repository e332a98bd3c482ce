"""The tile face as geometry: a frame in the kit's measures, a medallion, the role's name and
symbol. Landscape tiles put the medallion on the left, portrait tiles on top. An edition's
face may carry a short line under the name: the name keeps the upper half of the text's room
and stays the largest text, the line takes a band under it, and the symbol the rest.

Pure: boxes in card coordinates (points, origin bottom left), and the fitted role names.
"""

from __future__ import annotations

from typing import Callable, Iterable, TypeVar

import msgspec

from ..typeface.font import Font
from ..typeface.scripts import needs_shaping
from ..units import MM
from .fit import FittedText, fit_text
from .sheet import Box
from .style import BODY, CAPTION, CONTENT_GAP, FRAME_INSET, FRAME_LINE, HEADING

Key = TypeVar("Key")
MAX_NAME_SIZE = HEADING
MIN_NAME_SIZE = CAPTION
COLUMN_GAP = 2.5 * MM  # between the medallion and the name
MEDALLION_SHARE = 0.46  # of the content's width (landscape) or height (portrait), at most
SYMBOL_SIZE = 6 * MM  # the role's symbol at its largest
MAX_LINE_SIZE = BODY  # an edition's line under the name: running text at its largest
MIN_LINE_SIZE = CAPTION
# Shares of the text's room, bottom to top, on a face with a line: the symbol, the line, the name.
LINED_SYMBOL = (0.03, 0.21)
LINED_LINE = (0.25, 0.25)
LINED_NAME = (0.52, 0.48)


class TileLayout(msgspec.Struct, frozen=True):
    card: Box
    frame: Box  # the path of the frame's line (its middle)
    frame_line: float  # the frame's line width
    content: Box  # where text may go: CONTENT_GAP inside the frame's line
    medallion: Box  # a square holding the round medallion
    name: Box
    symbol: Box
    bleed: float = 0.0  # how far the background runs past the cut (print-shop pages)
    text: Box | None = None  # the room beside (or under) the medallion that the name and symbol share
    line: Box | None = None  # an edition's line under the name (``with_line``); None: no line

    def with_line(self) -> TileLayout:
        """The same face with room for a line under the name: the name above, smaller, the
        symbol below, smaller."""
        text = self.text or self.content
        name, line, symbol = (Box(text.x, text.y + text.height * low, text.width, text.height * share)
                              for low, share in (LINED_NAME, LINED_LINE, LINED_SYMBOL))
        return msgspec.structs.replace(self, name=name, symbol=symbol, line=line)

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
    return TileLayout(card, frame, frame_line, content, medallion, name, symbol, bleed, text)


def fit_name(name: str, layout: TileLayout, font: Font, max_size: float = MAX_NAME_SIZE) -> FittedText | None:
    return fit_text(name, font, layout.name.width, layout.name.height, max_size, MIN_NAME_SIZE)


def fit_names(names: list[str], layout: TileLayout, font: Font,
              largest: float = MAX_NAME_SIZE) -> dict[str, FittedText | None]:
    """Every role's name at one size, the largest at which all of them fit (a set reads as one
    kit, not as names shrunk each to its own length); a name that cannot fit maps to None.
    A name that fits whole on one line at little less than that size (ONE_LINE_SHARE) takes
    one, and the set the size they all fit at: RED AGENT whole beside BLUE / AGENT broken in
    two, or at 14 pt beside 13, reads as two kits. ``largest``: the most they may take (an
    edition's characters' names, on the same tiles, set smaller)."""
    fitted = _at_one_size(names, lambda name, size: fit_name(name, layout, font, size), largest)
    if any(text is None or text.shaped for text in fitted.values()) or any(map(needs_shaping, names)):
        return fitted
    common = min((text.size for text in fitted.values() if text is not None), default=0.0)
    whole = {name: _whole_size(name, font, layout.name, largest) for name in names}
    lined = {name for name, size in whole.items() if size >= max(MIN_NAME_SIZE, ONE_LINE_SHARE * common)}
    if not any(len(text.lines) > 1 for name, text in fitted.items() if name in lined and text is not None):
        return fitted  # every name that reads whole already does
    size = min(common, *(whole[name] for name in lined))
    return {name: FittedText((name,), size) if name in lined else fit_name(name, layout, font, size)
            for name in names}


def _at_one_size(keys: Iterable[Key], fit: Callable[[Key, float], FittedText | None],
                 largest: float) -> dict[Key, FittedText | None]:
    """Each key fitted at one size, the largest (up to ``largest``) at which all of them fit;
    where one cannot fit at all, each as it fits alone (that one None)."""
    alone = {key: fit(key, largest) for key in keys}
    if not alone or any(fitted is None for fitted in alone.values()):
        return alone
    common = min(fitted.size for fitted in alone.values())  # type: ignore[union-attr]
    return {key: fit(key, common) for key in alone}


ONE_LINE_SHARE = 0.85  # an edition's text stays on one line if that prints it at least this large


def fit_common(texts: Iterable[tuple[str, Box]], font: Font, max_size: float,
               min_size: float) -> dict[tuple[str, Box], FittedText | None]:
    """Each of an edition's texts in its box at one size, the largest at which all of them fit,
    as ``fit_names`` does for the roles' names; a text that cannot fit in its box maps to None."""
    return _at_one_size(texts, lambda item, size: fit_tile_text(item[0], font, item[1], size, min_size), max_size)


def fit_tile_text(text: str, font: Font, box: Box, max_size: float, min_size: float) -> FittedText | None:
    """``text`` fitted in ``box``; a short line reads best whole, so it stays on one line when
    that costs little of its size, and two lines are broken where they come out most even."""
    best = fit_text(text, font, box.width, box.height, max_size, min_size)
    if best is None or len(best.lines) == 1 or best.shaped:
        return best
    whole = _whole_size(text, font, box, max_size)
    if whole >= max(min_size, ONE_LINE_SHARE * best.size):
        return FittedText((text,), whole)
    words = text.split(" ")
    splits = [(" ".join(words[:cut]), " ".join(words[cut:])) for cut in range(1, len(words))]
    fitting = [lines for lines in splits if max(font.width(line, best.size) for line in lines) <= box.width]
    return FittedText(min(fitting, key=lambda lines: max(font.width(line, 1.0) for line in lines)), best.size) \
        if fitting else best


def _whole_size(text: str, font: Font, box: Box, largest: float) -> float:
    """The size at which ``text`` fills ``box`` on one line, up to ``largest``."""
    return min(largest, box.width / font.width(text, 1.0), box.height / font.line_height(1.0))
