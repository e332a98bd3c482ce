"""Where cards sit on a sheet, where the cuts run, and where each back lands in duplex.

Pure geometry in points with the PDF origin at the bottom left. Nothing here draws: the
drawing code receives finished pages (``impose``) and never does slot arithmetic.
"""

from __future__ import annotations

import math
from typing import Literal

import msgspec
from msgspec.structs import replace

from ..errors import UsageError
from ..units import MM, format_mm

Sides = Literal["long-edge", "short-edge", "fold"]
SIDES: tuple[Sides, ...] = ("long-edge", "short-edge", "fold")

# Rounding slack, in points, so that a card that fits exactly on paper is not rejected for a
# float's sake. It is absolute and far below anything printable, so that a grid accepted
# thanks to it overruns its margin by at most this much.
_EPSILON = 1e-9
# Room between the fold line and the cards on a gutter-fold sheet, so a fold a little off
# the line never shows on a card.
FOLD_GUTTER = 4 * MM


class Box(msgspec.Struct, frozen=True):
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

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.y + self.height / 2

    def inset(self, amount: float) -> "Box":
        return Box(self.x + amount, self.y + amount, self.width - 2 * amount, self.height - 2 * amount)


class Slot(msgspec.Struct, frozen=True):
    """One card's place on a page. ``turned`` cards are drawn rotated 90 degrees to fit;
    ``half_turn`` ones are drawn upside down as well (the back of a card that keeps its front's
    up edge, where the sheet's turn would put it upside down)."""

    box: Box
    turned: bool
    half_turn: bool = False

    def transform(self) -> tuple[float, float, float, float, float, float]:
        """The PDF matrix (a b c d e f) that maps card coordinates onto this slot."""
        box = self.box
        if not self.turned:
            return (-1.0, 0.0, 0.0, -1.0, box.right, box.top) if self.half_turn else (1.0, 0.0, 0.0, 1.0, box.x, box.y)
        if self.half_turn:  # a quarter turn clockwise: the card's bottom edge runs down the slot's left side
            return (0.0, -1.0, 1.0, 0.0, box.x, box.top)
        # A quarter turn anticlockwise: the card's bottom edge runs up the slot's right side.
        return (0.0, 1.0, -1.0, 0.0, box.right, box.y)


class Segment(msgspec.Struct, frozen=True):
    x1: float
    y1: float
    x2: float
    y2: float


class SheetPlan(msgspec.Struct, frozen=True):
    """A grid of butted cards centred on a page, or on the left half of it for gutter-fold.

    Press plans (shop sheets and pod pages, ``geometry.press``) also set ``bleed``: each card's
    artwork runs that far past its cut; ``gutter``: the space between neighbouring cards; and
    ``mark_length``: how long their crop marks are (0 for none). Their trim and bleed boxes
    describe the cards, not the sheet.
    """

    page_width: float
    page_height: float
    card_width: float
    card_height: float
    columns: int
    rows: int
    turned: bool
    fold: bool = False
    bleed: float = 0.0
    gutter: float = 0.0
    mark_length: float | None = None  # None: home cut marks, which run to the sheet's edge
    slug: bool = False  # a line of print information below the cards

    @property
    def press(self) -> bool:
        return self.mark_length is not None

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
    def pitch(self) -> tuple[float, float]:
        """From one card's corner to the next card's, across and down."""
        return self.cell_width + self.gutter, self.cell_height + self.gutter

    @property
    def grid(self) -> Box:
        width = self.columns * self.cell_width + (self.columns - 1) * self.gutter
        height = self.rows * self.cell_height + (self.rows - 1) * self.gutter
        if self.fold:  # against the gutter, left of the fold line: the backs mirror it
            x = self.page_width / 2 - FOLD_GUTTER - width
        else:
            x = (self.page_width - width) / 2
        return Box(x, (self.page_height - height) / 2, width, height)

    @property
    def pages_per_sheet(self) -> int:
        """Gutter-fold puts fronts and backs on one page; duplex needs a page for each."""
        return 1 if self.fold else 2

    def trim_box(self, grid: Box) -> Box:
        """The finished pieces: the cards of a press plan (``grid``, as placed on that face),
        else the whole sheet, which home printing trims by hand."""
        return grid if self.press else Box(0.0, 0.0, self.page_width, self.page_height)

    def bleed_box(self, grid: Box) -> Box:
        return self.trim_box(grid).inset(-self.bleed)

    def front_slots(self) -> list[Slot]:
        """Slots in reading order: left to right, then top to bottom."""
        grid = self.grid
        across, down = self.pitch
        return [
            Slot(
                Box(
                    grid.x + column * across,
                    grid.top - row * down - self.cell_height,
                    self.cell_width,
                    self.cell_height,
                ),
                self.turned,
            )
            for row in range(self.rows)
            for column in range(self.columns)
        ]

    def back_slots(self, sides: Sides, same_up: bool = False) -> list[Slot]:
        """Where the back of each front slot lands once the sheet is flipped or folded.

        A back is drawn upright on its page, so it reads upright once the sheet is turned over
        the way it was printed. ``same_up``: the back must instead keep the front's up edge
        when the card is turned over about its own upright axis, as a card read from both
        sides as it stands (Duet's key card): where the sheet turns about the card's
        horizontal axis, the back is drawn upside down."""
        page = (self.page_width, self.page_height)
        # Turning over left to right turns a card about its upright axis unless it is turned.
        half_turn = same_up and swaps_left_right(page, sides) == self.turned
        return [Slot(mirror_box(slot.box, self, sides), slot.turned, half_turn) for slot in self.front_slots()]

    def back_grid(self, sides: Sides) -> Box:
        return mirror_box(self.grid, self, sides)

    def fold_line(self) -> Segment:
        return Segment(self.page_width / 2, 0.0, self.page_width / 2, self.page_height)


def plan_sheet(
    page: tuple[float, float], card: tuple[float, float], margin: float
) -> SheetPlan:
    """Fit as many butted cards as the page allows inside ``margin``, in either orientation."""
    page_width, page_height = page
    card_width, card_height = card
    if min(page_width, page_height, card_width, card_height) <= 0:
        raise UsageError("paper and card sizes must be larger than zero")
    if margin < 0:
        raise UsageError("the margin cannot be negative")
    columns, rows, turned = best_grid((page_width - 2 * margin, page_height - 2 * margin), card)
    if columns * rows == 0:
        raise UsageError(
            f"a {format_mm(card_width)} x {format_mm(card_height)} mm card does not fit on a "
            f"{format_mm(page_width)} x {format_mm(page_height)} mm sheet with "
            f"{format_mm(margin)} mm margins: choose a smaller card or a larger paper"
        )
    return SheetPlan(page_width, page_height, card_width, card_height, columns, rows, turned)


def plan_fold(page: tuple[float, float], card: tuple[float, float], margin: float) -> SheetPlan:
    """Gutter-fold: fronts on the left half, each back beside its front, mirrored about the
    fold line down the middle of the sheet. No duplex printing, so nothing to misregister."""
    half = plan_sheet((page[0] / 2 - FOLD_GUTTER + margin, page[1]), card, margin)
    return replace(half, page_width=page[0], fold=True)


def best_grid(usable: tuple[float, float], card: tuple[float, float], gutter: float = 0.0) -> tuple[int, int, bool]:
    """Columns, rows and whether the cards are turned, for the most cards ``gutter`` apart
    inside ``usable``, trying both orientations. A tie keeps the card the way it was given,
    so that a 70 x 70 mm key card is never turned."""
    candidates = []
    for turned in (False, True):
        cell_width, cell_height = (card[1], card[0]) if turned else card
        columns = _count_fitting(usable[0], cell_width, gutter)
        rows = _count_fitting(usable[1], cell_height, gutter)
        candidates.append((columns * rows, not turned, columns, rows, turned))
    _, _, columns, rows, turned = max(candidates)
    return columns, rows, turned


def _count_fitting(space: float, size: float, gutter: float) -> int:
    """n cards take n sizes and n - 1 gutters."""
    return max(0, math.floor((space + gutter + _EPSILON) / (size + gutter)))


def swaps_left_right(page: tuple[float, float], sides: Sides) -> bool:
    """Whether turning the sheet over swaps left and right (else it swaps top and bottom).

    Flipping on the long edge of a portrait sheet swaps left and right; flipping on the short
    edge swaps top and bottom. On a landscape sheet the long edge is horizontal, so it is the
    other way round; a square sheet counts as portrait. Folding about the vertical middle
    line swaps left and right.
    """
    portrait = page[1] >= page[0]
    return sides == "fold" or (sides == "long-edge") == portrait


def mirror_point(point: tuple[float, float], page: tuple[float, float], sides: Sides) -> tuple[float, float]:
    """The point of the other face that lies behind ``point`` once the sheet is turned over."""
    (x, y), (width, height) = point, page
    return (width - x, y) if swaps_left_right(page, sides) else (x, height - y)


def mirror_box(box: Box, plan: SheetPlan, sides: Sides) -> Box:
    """Where ``box`` lands on the other face of the sheet: its mirrored corner, same size."""
    page = (plan.page_width, plan.page_height)
    if swaps_left_right(page, sides):
        return Box(plan.page_width - box.right, box.y, box.width, box.height)
    return Box(box.x, plan.page_height - box.top, box.width, box.height)


def cut_marks(plan: SheetPlan, gap: float, grids: list[Box]) -> list[Segment]:
    """Every cut line of the ``grids`` on a page, extended from ``gap`` outside them to the edge
    of the sheet (or, across a gutter-fold sheet, to the other grid).

    Marks that run to the edge survive the first cut: after cutting along one line the
    marks for the other direction are still there on the remaining strip. Backs pass their
    mirrored grid, so their marks follow the mirrored cards.
    """
    grids = sorted(grids, key=lambda grid: grid.x)
    marks = []
    for grid in grids:
        for i in range(plan.columns + 1):
            x = grid.x + i * plan.cell_width
            marks.append(Segment(x, 0.0, x, grid.y - gap))
            marks.append(Segment(x, grid.top + gap, x, plan.page_height))
    edges = [0.0, *[edge for grid in grids for edge in (grid.x - gap, grid.right + gap)], plan.page_width]
    first = grids[0]
    for j in range(plan.rows + 1):
        y = first.y + j * plan.cell_height
        marks.extend(Segment(start, y, end, y) for start, end in zip(edges[0::2], edges[1::2]))
    return [mark for mark in marks if mark.x2 - mark.x1 > _EPSILON or mark.y2 - mark.y1 > _EPSILON]
