"""The key card face as geometry: the grid (5 x 5 unless told, 4 rows of 5 for the picture
edition), the frame, the four lights and the number.

The frame is the kit's (FRAME_INSET from the cut); the grid's cells are square, as large as the
card leaves them GRID_MARGIN from the cut, and the grid is centred; the lights lie between the
frame and the grid, one on each side, and the card number sits in the bottom-left corner,
CONTENT_GAP inside the frame and centred between the grid and the frame.

Pure: boxes in card coordinates (points, origin bottom left), cells row-major with the top
row first, as the card is read.
"""

from __future__ import annotations

import msgspec

from ..units import MM
from .sheet import Box
from .style import CONTENT_GAP, FRAME_INSET, FRAME_LINE

SIDE = 5  # rows and columns of the classic and Duet key grids (games.Grid), the default
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

    def number_origin(self, cap_height: float) -> tuple[float, float]:
        """Where the card number's text starts (its baseline; figures and capitals have no
        descenders): CONTENT_GAP inside the frame's line on the left, and its capitals centred
        between the grid and the frame below it, as the bottom light is, so that the number is
        as far from the grid as from the frame."""
        inside = self.frame.inset(FRAME_LINE / 2)
        grid_bottom = min(cell.y for cell in self.cells)
        return inside.x + CONTENT_GAP, (inside.y + grid_bottom - cap_height) / 2

    def corner_mark_centre(self, size: float) -> tuple[float, float]:
        """The centre of a mark ``size`` across in the bottom-right corner, as far inside the
        frame and from the grid as the number is in the bottom-left one."""
        inside = self.frame.inset(FRAME_LINE / 2)
        grid_bottom = min(cell.y for cell in self.cells)
        return inside.right - CONTENT_GAP - size / 2, (inside.y + grid_bottom) / 2


def key_face_layout(card_width: float, card_height: float, bleed: float = 0.0, rows: int = SIDE,
                    columns: int = SIDE) -> KeyFaceLayout:
    card = Box(0, 0, card_width, card_height)
    cell, width, height = _grid_size(card_width, card_height, rows, columns)
    left = (card_width - width) / 2
    top = (card_height + height) / 2
    cells = tuple(
        Box(left + column * (cell + CELL_GAP), top - (row + 1) * cell - row * CELL_GAP, cell, cell)
        for row in range(rows)
        for column in range(columns)
    )
    frame = card.inset(FRAME_INSET + FRAME_LINE / 2)
    # The lights hug the grid, each centred in a band as wide as the one the shorter side leaves
    # between the frame's inner edge and a grid that fills it: the same distance from the grid on
    # every side, however much room a grid narrower than its card leaves it.
    band = GRID_MARGIN - FRAME_INSET - FRAME_LINE
    # From the grid's centre (the card's) to the middle of a light beside it, and above it.
    across, up = width / 2 + band / 2, height / 2 + band / 2
    middle_x, middle_y = card.centre
    half_length, half_width = LIGHT_LENGTH / 2, LIGHT_WIDTH / 2
    top_y, bottom_y = middle_y + up, middle_y - up
    right_x, left_x = middle_x + across, middle_x - across
    lights = (
        Box(middle_x - half_length, top_y - half_width, LIGHT_LENGTH, LIGHT_WIDTH),
        Box(right_x - half_width, middle_y - half_length, LIGHT_WIDTH, LIGHT_LENGTH),
        Box(middle_x - half_length, bottom_y - half_width, LIGHT_LENGTH, LIGHT_WIDTH),
        Box(left_x - half_width, middle_y - half_length, LIGHT_WIDTH, LIGHT_LENGTH),
    )
    return KeyFaceLayout(card, cells, frame, lights, bleed)


def _grid_size(card_width: float, card_height: float, rows: int, columns: int) -> tuple[float, float, float]:
    """(cell, width, height) of the grid: square cells as large as the room GRID_MARGIN inside
    the cut allows across and up. The room that sets the cell is the grid's extent that way; the
    other way the grid is shorter by the cells (and gaps) it has fewer, none for a square grid,
    whose extents are then exactly its room's shorter side, to the last bit."""
    rooms = ((card_width - 2 * GRID_MARGIN, columns), (card_height - 2 * GRID_MARGIN, rows))
    cell, room, count = min(((room - (count - 1) * CELL_GAP) / count, room, count) for room, count in rooms)
    width, height = (room - (count - n) * (cell + CELL_GAP) for _, n in rooms)
    return cell, width, height
