"""The key card face as geometry: the 5 x 5 grid, the frame and the four lights.

Pure: boxes in card coordinates (points, origin bottom left), cells row-major with the top
row first, as the card is read.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model.keys import SIDE
from ..settings.units import MM
from .sheet import Box

CELL_GAP = 1.0 * MM
GRID_MARGIN = 10.0 * MM  # from the cut to the grid: room for the lights and the number
FRAME_INSET = 5.4 * MM  # the lights straddle the frame and stay 3 mm inside the cut
LIGHT_LENGTH = 16.0 * MM
LIGHT_WIDTH = 4.4 * MM
# Below this the grid's cells get too small to read across the table.
MIN_KEY_CARD = 50 * MM


@dataclass(frozen=True)
class KeyFaceLayout:
    card: Box
    cells: tuple[Box, ...]  # row-major, top row first, as the card is read
    frame: Box
    lights: tuple[Box, ...]  # top, right, bottom, left
    bleed: float = 0.0  # how far the background runs past the cut (print-shop pages)

    @property
    def bleed_box(self) -> Box:
        return self.card.inset(-self.bleed)

    @property
    def number_origin(self) -> tuple[float, float]:
        """Bottom-left corner, inside the frame: where the card number's text starts."""
        return self.frame.x + 1.8 * MM, self.frame.y + 1.8 * MM


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
    frame = card.inset(FRAME_INSET)
    middle_x, middle_y = card.centre
    half_length, half_width = LIGHT_LENGTH / 2, LIGHT_WIDTH / 2
    lights = (
        Box(middle_x - half_length, frame.top - half_width, LIGHT_LENGTH, LIGHT_WIDTH),
        Box(frame.right - half_width, middle_y - half_length, LIGHT_WIDTH, LIGHT_LENGTH),
        Box(middle_x - half_length, frame.y - half_width, LIGHT_LENGTH, LIGHT_WIDTH),
        Box(frame.x - half_width, middle_y - half_length, LIGHT_WIDTH, LIGHT_LENGTH),
    )
    return KeyFaceLayout(card, cells, frame, lights, bleed)
