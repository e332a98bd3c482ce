"""The key card face as geometry: the 5 x 5 grid, the frame, the four lights and the number.

The frame is the kit's (FRAME_INSET from the cut); the lights lie between it and the grid, one
on each side, and the card number sits in the bottom-left corner, CONTENT_GAP inside the frame.

Pure: boxes in card coordinates (points, origin bottom left), cells row-major with the top
row first, as the card is read.
"""

from __future__ import annotations

import msgspec

from ..units import MM
from .sheet import Box
from .style import CONTENT_GAP, FRAME_INSET, FRAME_LINE

SIDE = 5  # rows and columns: the key grid of the games that draw this card (games.Grid)
CELL_GAP = 1.0 * MM
GRID_MARGIN = 10.0 * MM  # from the cut to the grid: room for the frame, the lights and the number
LIGHT_LENGTH = 16.0 * MM
LIGHT_WIDTH = 3.8 * MM
# Below this the grid's cells get too small to read across the table.
MIN_KEY_CARD = 50 * MM


class KeyFaceLayout(msgspec.Struct, frozen=True):
    card: Box
    cells: tuple[Box, ...]  # row-major, top row first, as the card is read
    frame: Box  # the path of the frame's line
    lights: tuple[Box, ...]  # top, right, bottom, left
    bleed: float = 0.0  # how far the background runs past the cut (print-shop pages)

    @property
    def bleed_box(self) -> Box:
        return self.card.inset(-self.bleed)

    @property
    def number_origin(self) -> tuple[float, float]:
        """Bottom-left corner, CONTENT_GAP inside the frame's line: where the card number's
        text starts (its baseline; figures and lower-case letters have no descenders)."""
        inside = self.frame.inset(FRAME_LINE / 2 + CONTENT_GAP)
        return inside.x, inside.y


def key_face_layout(card_width: float, card_height: float, bleed: float = 0.0) -> KeyFaceLayout:
    card = Box(0, 0, card_width, card_height)
    side = min(card_width, card_height) - 2 * GRID_MARGIN
    cell = (side - (SIDE - 1) * CELL_GAP) / SIDE
    left = (card_width - side) / 2
    top = (card_height + side) / 2
    cells = tuple(
        Box(left + column * (cell + CELL_GAP), top - (row + 1) * cell - row * CELL_GAP, cell, cell)
        for row in range(SIDE)
        for column in range(SIDE)
    )
    frame = card.inset(FRAME_INSET + FRAME_LINE / 2)
    # The lights hug the grid, each centred in the band that the shorter side leaves between
    # the frame's inner edge and the grid: the same distance from the grid on every side.
    band = GRID_MARGIN - FRAME_INSET - FRAME_LINE
    reach = side / 2 + band / 2  # from the grid's centre (the card's) to a light's middle
    middle_x, middle_y = card.centre
    half_length, half_width = LIGHT_LENGTH / 2, LIGHT_WIDTH / 2
    top_y, bottom_y = middle_y + reach, middle_y - reach
    right_x, left_x = middle_x + reach, middle_x - reach
    lights = (
        Box(middle_x - half_length, top_y - half_width, LIGHT_LENGTH, LIGHT_WIDTH),
        Box(right_x - half_width, middle_y - half_length, LIGHT_WIDTH, LIGHT_LENGTH),
        Box(middle_x - half_length, bottom_y - half_width, LIGHT_LENGTH, LIGHT_WIDTH),
        Box(left_x - half_width, middle_y - half_length, LIGHT_WIDTH, LIGHT_LENGTH),
    )
    return KeyFaceLayout(card, cells, frame, lights, bleed)
