"""The faces laid out on Tabletop Simulator's sheets: a custom deck is built from pictures of
at most 10 columns by 7 rows of cards and 4096 pixels a side, the fronts on one sheet and, for
cards with a back of their own, the backs on a second sheet laid out identically (slot for
slot: TTS reads a card's back from the same place on the back sheet).

Pure: a sheet is planned from a count and a card size, and drawn as a ``Drawing`` whose point
is one pixel, so that the job's render at 72 dpi gives every slot whole pixels and TTS, which
cuts a sheet into NumWidth x NumHeight equal slots, finds each card exactly where it was drawn.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

import msgspec

from ..export import Drawing

COLUMNS, ROWS = 10, 7  # the most slots a custom deck's sheet holds across and down
PER_SHEET = COLUMNS * ROWS
MOST_PIXELS = 4096  # a sheet's side: TTS's recommended maximum, which every graphics card loads
TARGET_DPI = 300  # sharp as print; a card TTS shows a screen high is then not blurred
POINTS_PER_INCH = 72.0
FRONT, BACK = 0, 1  # a card's faces, as CardFaces pairs them
SIDE_NAMES = ("front", "back")


class Sheet(msgspec.Struct, frozen=True):
    """One sheet of a component's cards: its ``count`` cards from card ``first`` (counted from
    0 in the component), ``columns`` x ``rows`` slots of ``slot`` pixels each, and the number of
    its CustomDeck entry (a card's CardID is that number x 100 + its slot)."""

    component: str  # "codenames", "keys", "tiles": the files' names start with it
    index: int  # from 1 within the component: codenames-2-front.png
    deck: int
    first: int
    count: int
    columns: int
    rows: int
    slot: tuple[int, int]

    @property
    def pixels(self) -> tuple[int, int]:
        return self.columns * self.slot[0], self.rows * self.slot[1]

    def card_id(self, slot: int) -> int:
        return self.deck * 100 + slot

    def file_name(self, side: int, jpeg: bool = False) -> str:
        return f"{self.component}-{self.index}-{SIDE_NAMES[side]}.{'jpg' if jpeg else 'png'}"


def is_sheet_name(name: str, components: Sequence[str]) -> bool:
    """Whether ``name`` is one ``Sheet.file_name`` gives a sheet of one of ``components``:
    'codenames-2-front.png', 'keys-1-back.jpg'."""
    parts = name.split("-")
    return (len(parts) == 3 and parts[0] in components and parts[1].isascii() and parts[1].isdigit()
            and not parts[1].startswith("0") and parts[2] in {f"{side}.{suffix}" for side in SIDE_NAMES
                                                             for suffix in ("png", "jpg")})


def slot_pixels(card_size: tuple[float, float]) -> tuple[int, int]:
    """One card's pixels: 300 dpi where a full sheet of 10 x 7 stays within 4096 pixels a side,
    else as fine as it allows (a 70 x 45 mm card gets 409 x 263, about 148 dpi). One resolution
    for both sides keeps the card's proportions to within a pixel."""
    width, height = (side / POINTS_PER_INCH for side in card_size)
    dpi = min(TARGET_DPI, MOST_PIXELS / COLUMNS / width, MOST_PIXELS / ROWS / height)
    return max(1, math.floor(width * dpi)), max(1, math.floor(height * dpi))


def sheet_grid(count: int) -> tuple[int, int]:
    """Columns and rows for ``count`` cards (at most 70): full rows of 10, the last row partly
    filled, so that a smaller last sheet is no larger than it needs to be."""
    if not 1 <= count <= PER_SHEET:
        raise ValueError(f"a sheet holds 1 to {PER_SHEET} cards, not {count}")
    columns = min(COLUMNS, count)
    return columns, math.ceil(count / columns)


def plan_sheets(component: str, cards: int, card_size: tuple[float, float], first_deck: int) -> tuple[Sheet, ...]:
    """``cards`` cards of ``card_size`` (points) on as many sheets as they need, 70 a sheet,
    numbered from ``first_deck``."""
    slot = slot_pixels(card_size)
    sheets = []
    for index, first in enumerate(range(0, cards, PER_SHEET)):
        count = min(PER_SHEET, cards - first)
        sheets.append(Sheet(component, index + 1, first_deck + index, first, count, *sheet_grid(count), slot))
    return tuple(sheets)


def slot_crop(sheet: Sheet, slot: int) -> tuple[int, int, int, int]:
    """Where slot ``slot`` lies on the sheet's picture: left, top, right, bottom in pixels,
    slots counted left to right, top to bottom, as TTS counts them."""
    row, column = divmod(slot, sheet.columns)
    width, height = sheet.slot
    return column * width, row * height, (column + 1) * width, (row + 1) * height


def sheet_drawing(sheet: Sheet, faces: Sequence[tuple[Any, Any]], side: int, artist: Any,
                  card_size: tuple[float, float]) -> Drawing:
    """One side of ``sheet``: each of its cards' ``side`` face drawn by ``artist`` (as the PDFs
    draw it, a box of ``card_size`` points) into its slot, stretched by under a pixel to fill
    it, and clipped to it so that no face reaches a neighbour's slot."""
    shown = [pair[side] for pair in faces[sheet.first:sheet.first + sheet.count]]
    width, height = sheet.slot
    sheet_height = sheet.pixels[1]
    scale = (width / card_size[0], height / card_size[1])

    def draw(canvas: Any) -> None:
        for slot, face in enumerate(shown):
            left, _, _, bottom = slot_crop(sheet, slot)
            canvas.saveState()
            clip = canvas.beginPath()
            clip.rect(left, sheet_height - bottom, width, height)
            canvas.clipPath(clip, stroke=0, fill=0)
            canvas.transform(scale[0], 0, 0, scale[1], left, sheet_height - bottom)
            artist.draw(canvas, face)
            canvas.restoreState()

    return Drawing((float(sheet.pixels[0]), float(sheet_height)), draw)


def thumbnail_drawing(face: Any, artist: Any, card_size: tuple[float, float], side: int) -> Drawing:
    """A square picture of one face, centred on white: the saved object's thumbnail in TTS's
    menu (a PNG named like the JSON, beside it). ``side`` is its pixels."""
    fit = side / max(card_size)
    left, bottom = (side - card_size[0] * fit) / 2, (side - card_size[1] * fit) / 2

    def draw(canvas: Any) -> None:
        canvas.saveState()
        canvas.transform(fit, 0, 0, fit, left, bottom)
        artist.draw(canvas, face)
        canvas.restoreState()

    return Drawing((float(side), float(side)), draw)
