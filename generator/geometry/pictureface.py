"""The picture card face as geometry: the kit's frame, the window inside it that the picture
fills, and the corner mark at the window's upper left, which makes every card of a grid lie the
same way up.

Pure: boxes in card coordinates (points, origin bottom left).
"""

from __future__ import annotations

import msgspec

from ..units import MM
from .sheet import Box
from .style import FRAME_INSET, FRAME_LINE

# The corner mark's legs, as a share of the window's shorter side: 8 mm on the default card,
# large enough to find from across the table, small enough to hide little of the picture.
MARK_SHARE = 0.14
MIN_MARK = 3 * MM
# A vector picture (ours are emoji drawn on a square) keeps this share of the window free
# round it: it reads as a picture on a card rather than one cut off by the frame.
VECTOR_MARGIN = 0.08
# Below this the window is too small to show a picture across a table.
MIN_WINDOW = 20 * MM


class PictureFaceLayout(msgspec.Struct, frozen=True):
    card: Box
    frame: Box  # the path of the frame's line
    window: Box  # inside the frame's line: what the picture fills
    mark: float  # the corner mark's legs
    bleed: float = 0.0  # how far the ground runs past the cut (print-shop pages)

    @property
    def bleed_box(self) -> Box:
        return self.card.inset(-self.bleed)

    @property
    def mark_corner(self) -> tuple[float, float]:
        """Where the corner mark's right angle sits: the window's upper-left corner."""
        return self.window.x, self.window.top

    @property
    def vector_box(self) -> Box:
        """Where a vector picture is fitted: the window less its margin."""
        return self.window.inset(VECTOR_MARGIN * min(self.window.width, self.window.height))


def picture_face_layout(card_width: float, card_height: float, bleed: float = 0.0) -> PictureFaceLayout:
    card = Box(0, 0, card_width, card_height)
    frame = card.inset(FRAME_INSET + FRAME_LINE / 2)
    window = frame.inset(FRAME_LINE / 2)
    mark = max(MIN_MARK, MARK_SHARE * min(window.width, window.height))
    return PictureFaceLayout(card, frame, window, mark, bleed)


def window_fits(layout: PictureFaceLayout) -> bool:
    """Whether the card is large enough to show a picture."""
    return min(layout.window.width, layout.window.height) >= MIN_WINDOW
