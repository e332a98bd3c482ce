"""Where cards sit on a sheet, where the cuts run, and where each back lands in duplex.

Pure geometry in points with the PDF origin at the bottom left. Nothing here draws: the
drawing code receives boxes and card-to-page transforms and never does slot arithmetic.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from .errors import UsageError
from .units import format_mm

Sides = Literal["long-edge", "short-edge"]
SIDES: tuple[Sides, ...] = ("long-edge", "short-edge")

# Rounding slack so that a card that fits exactly on paper is not rejected for a float's sake.
_EPSILON = 1e-6


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def top(self) -> float:
        return self.y + self.height

    def inset(self, amount: float) -> "Box":
        return Box(self.x + amount, self.y + amount, self.width - 2 * amount, self.height - 2 * amount)


@dataclass(frozen=True)
class Slot:
    """One card's place on a page. ``turned`` cards are drawn rotated 90 degrees to fit."""

    box: Box
    turned: bool

    def transform(self) -> tuple[float, float, float, float, float, float]:
        """The PDF matrix (a b c d e f) that maps card coordinates onto this slot."""
        if not self.turned:
            return (1.0, 0.0, 0.0, 1.0, self.box.x, self.box.y)
        # A quarter turn anticlockwise: the card's bottom edge runs up the slot's right side.
        return (0.0, 1.0, -1.0, 0.0, self.box.right, self.box.y)


@dataclass(frozen=True)
class Segment:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class SheetPlan:
    """A grid of butted cards centred on a page."""

    page_width: float
    page_height: float
    card_width: float
    card_height: float
    columns: int
    rows: int
    turned: bool

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def cell_width(self) -> float:
        return self.card_height if self.turned else self.card_width

    @property
    def cell_height(self) -> float:
        return self.card_width if self.turned else self.card_height

    @property
    def grid(self) -> Box:
        width = self.columns * self.cell_width
        height = self.rows * self.cell_height
        return Box((self.page_width - width) / 2, (self.page_height - height) / 2, width, height)

    def front_slots(self) -> list[Slot]:
        """Slots in reading order: left to right, then top to bottom."""
        grid = self.grid
        return [
            Slot(
                Box(
                    grid.x + column * self.cell_width,
                    grid.top - (row + 1) * self.cell_height,
                    self.cell_width,
                    self.cell_height,
                ),
                self.turned,
            )
            for row in range(self.rows)
            for column in range(self.columns)
        ]

    def back_slots(self, sides: Sides) -> list[Slot]:
        """Where the back of each front slot lands once the sheet is flipped."""
        return [Slot(mirror_box(slot.box, self, sides), slot.turned) for slot in self.front_slots()]

    def back_grid(self, sides: Sides) -> Box:
        return mirror_box(self.grid, self, sides)

def plan_sheet(
    page: tuple[float, float], card: tuple[float, float], margin: float
) -> SheetPlan:
    """Fit as many cards as the page allows inside ``margin``, trying both orientations.

    A tie keeps the card the way it was given, so that a 70 x 70 mm key card is never turned.
    """
    page_width, page_height = page
    card_width, card_height = card
    if min(page_width, page_height, card_width, card_height) <= 0:
        raise UsageError("paper and card sizes must be larger than zero")
    if margin < 0:
        raise UsageError("the margin cannot be negative")
    usable_width = page_width - 2 * margin
    usable_height = page_height - 2 * margin
    candidates = []
    for turned in (False, True):
        cell_width, cell_height = (card_height, card_width) if turned else (card_width, card_height)
        columns = _count_fitting(usable_width, cell_width)
        rows = _count_fitting(usable_height, cell_height)
        candidates.append((columns * rows, not turned, columns, rows, turned))
    count, _, columns, rows, turned = max(candidates)
    if count == 0:
        raise UsageError(
            f"a {format_mm(card_width)} x {format_mm(card_height)} mm card does not fit on a "
            f"{format_mm(page_width)} x {format_mm(page_height)} mm sheet with "
            f"{format_mm(margin)} mm margins: choose a smaller card or a larger paper"
        )
    return SheetPlan(page_width, page_height, card_width, card_height, columns, rows, turned)


def _count_fitting(space: float, size: float) -> int:
    return max(0, math.floor(space / size + _EPSILON))


def mirror_box(box: Box, plan: SheetPlan, sides: Sides) -> Box:
    """Where ``box`` lands on the other face of the sheet.

    Flipping on the long edge of a portrait sheet swaps left and right; flipping on the short
    edge swaps top and bottom. On a landscape sheet the long edge is horizontal, so it is the
    other way round.
    """
    portrait = plan.page_height >= plan.page_width
    swap_left_right = (sides == "long-edge") == portrait
    if swap_left_right:
        return Box(plan.page_width - box.right, box.y, box.width, box.height)
    return Box(box.x, plan.page_height - box.top, box.width, box.height)


def cut_marks(plan: SheetPlan, gap: float, grid: Box) -> list[Segment]:
    """Every cut line of ``grid``, extended from ``gap`` outside it to the edge of the sheet.

    Marks that run to the edge survive the first cut: after cutting along one line the
    marks for the other direction are still there on the remaining strip. Backs pass their
    mirrored grid, so their marks follow the mirrored cards.
    """
    xs = [grid.x + i * plan.cell_width for i in range(plan.columns + 1)]
    ys = [grid.y + j * plan.cell_height for j in range(plan.rows + 1)]
    marks = []
    for x in xs:
        marks.append(Segment(x, 0.0, x, grid.y - gap))
        marks.append(Segment(x, grid.top + gap, x, plan.page_height))
    for y in ys:
        marks.append(Segment(0.0, y, grid.x - gap, y))
        marks.append(Segment(grid.right + gap, y, plan.page_width, y))
    return [mark for mark in marks if _length(mark) > _EPSILON]


def _length(segment: Segment) -> float:
    return math.hypot(segment.x2 - segment.x1, segment.y2 - segment.y1)
