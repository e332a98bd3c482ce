"""A Duet key card's face as geometry: the classic key card's grid and frame, and a tab that
hangs from the frame's top edge and holds the side's letter between two small "up" marks.

Both sides of a Duet card keep the same edge on top as the card stands between the players,
so the tab sits on that edge on both sides: a printed card whose tabs are not back to back was
printed the wrong way. The tab takes the place and the length of the classic card's top light;
the card number keeps the classic card's corner.

Pure: boxes in card coordinates (points, origin bottom left), cells row-major with the top
row first, as that side's player reads the card.
"""

from __future__ import annotations

import msgspec

from ...geometry.keyface import CELL_GAP, GRID_MARGIN, LIGHT_LENGTH, KeyFaceLayout, key_face_layout
from ...geometry.sheet import Box
from ...geometry.style import FRAME_INSET, FRAME_LINE, HEADING
from ...units import MM

# From the frame line's outer edge down to a cell gap above the grid of a square card. Taller
# cards keep the same tab at their top edge: it marks that edge, it does not fill the band.
TAB_HEIGHT = GRID_MARGIN - FRAME_INSET - CELL_GAP
TAB_WIDTH = LIGHT_LENGTH
LETTER_SIZE = HEADING  # points: the side's letter, read across the table
MARK_SIZE = 1.8 * MM  # an "up" mark's width and height
MARK_REACH = 4.6 * MM  # from the tab's middle to a mark's middle, clear of the widest letter


class DuetFaceLayout(msgspec.Struct, frozen=True):
    key: KeyFaceLayout  # the classic card's grid, frame, number and bleed (its lights unused)
    tab: Box  # its top edge is the frame line's outer edge
    marks: tuple[Box, Box]  # the boxes of the two "up" marks, left and right of the letter

    @property
    def card(self) -> Box:
        return self.key.card

    @property
    def cells(self) -> tuple[Box, ...]:
        """Row-major, top row first, as the side's player reads it."""
        return self.key.cells


def duet_face_layout(card_width: float, card_height: float, bleed: float = 0.0) -> DuetFaceLayout:
    key = key_face_layout(card_width, card_height, bleed)
    middle_x = card_width / 2
    tab_top = key.frame.top + FRAME_LINE / 2
    tab = Box(middle_x - TAB_WIDTH / 2, tab_top - TAB_HEIGHT, TAB_WIDTH, TAB_HEIGHT)
    mark_y = tab.centre[1] - MARK_SIZE / 2
    marks = (
        Box(middle_x - MARK_REACH - MARK_SIZE / 2, mark_y, MARK_SIZE, MARK_SIZE),
        Box(middle_x + MARK_REACH - MARK_SIZE / 2, mark_y, MARK_SIZE, MARK_SIZE),
    )
    return DuetFaceLayout(key, tab, marks)
