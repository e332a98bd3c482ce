"""Where cards sit on a sheet, where the cuts run, and where each back lands in duplex.

Pure geometry in points with the PDF origin at the bottom left. Nothing here draws: the
drawing code receives finished pages (``impose``) and never does slot arithmetic.

A home sheet keeps a neighbour's colour off every card. Cards that share one ground (word
cards, key cards) butt, since a cut a little off shows only their own colour; cards whose
grounds differ (tiles) are kept apart by a gutter, each card's ground running half-way into
it. Every ground runs past the outer cuts as far as the sheet's margin allows, and the cut
marks beyond it lie wholly inside the printable area.
"""

from __future__ import annotations

import math
from typing import Hashable, Literal, Sequence

import msgspec

from ..errors import UsageError
from ..units import MM, format_mm

Sides = Literal["long-edge", "short-edge", "fold"]
SIDES: tuple[Sides, ...] = ("long-edge", "short-edge", "fold")
# How a home sheet spaces its cards: butted (they share one ground); apart (a gutter between
# every two cards); columns (a gutter between columns, the cards of a column butted) or rows.
Spacing = Literal["butted", "apart", "columns", "rows"]
Lanes = Literal["columns", "rows"]
_LANES: dict[Spacing, Lanes | None] = {"butted": None, "apart": None, "columns": "columns", "rows": "rows"}
# The spacings that keep cards of different grounds apart, the simplest first.
_APART: tuple[Spacing, ...] = ("apart", "columns", "rows")

# Rounding slack, in points, so that a card that fits exactly on paper is not rejected for a
# float's sake. It is absolute and far below anything printable, so that a grid accepted
# thanks to it overruns its margin by at most this much.
_EPSILON = 1e-9
# Room between the fold line and the cards on a gutter-fold sheet, so a fold a little off
# the line never shows on a card.
FOLD_GUTTER = 4 * MM
# Home sheets. A ground runs up to this far past a cut: a hand-held cut misses by about a millimetre.
HOME_BLEED = 2 * MM
# The narrowest gutter between cards whose grounds differ: half of it, a millimetre, is each
# card's bleed there. Where the sheet has room it widens, up to twice HOME_BLEED.
HOME_GUTTER = 2 * MM
# A home cut mark starts at least MARK_GAP past the ground, so that a cut a little outside the
# line never shows a stub of it, and is at least MARK_MIN long (what shops ask is 3 to 6 mm). The
# room for both is kept beyond every outer cut, inside the margin a home printer cannot print.
MARK_GAP = 0.5 * MM
MARK_MIN = 3 * MM
MARK_ROOM = MARK_GAP + MARK_MIN
# Room beyond that goes to the bleed first, then widens the gap up to this much more.
MARK_EXTRA_GAP = 1 * MM


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
    """A grid of cards centred on a page, or on the left half of it for gutter-fold.

    ``bleed``: how far each card's artwork runs past its cut (clipped where a neighbour or the
    sheet's margin is nearer); ``gutter``: the space between neighbouring cards, and
    ``row_gutter`` between rows where it differs; ``lanes``: on a home sheet whose cards are
    butted down each column (or along each row), cards of one ground fill a lane. Press plans
    (shop sheets and pod pages, ``geometry.press``) set ``mark_length``: how long their crop
    marks are (0 for none), and their trim and bleed boxes describe the cards, not the sheet.
    Home plans keep ``margin``, the border their printer cannot print, which marks stay out of.
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
    mark_length: float | None = None  # None: home cut marks, which run to the printable area's edge
    slug: bool = False  # a line of print information below the cards
    row_gutter: float | None = None  # None: the gutter
    lanes: Lanes | None = None
    margin: float = 0.0

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
    def gutters(self) -> tuple[float, float]:
        """Between columns, and between rows."""
        return self.gutter, self.gutter if self.row_gutter is None else self.row_gutter

    @property
    def pitch(self) -> tuple[float, float]:
        """From one card's corner to the next card's, across and down."""
        across, down = self.gutters
        return self.cell_width + across, self.cell_height + down

    @property
    def grid(self) -> Box:
        across, down = self.gutters
        width = self.columns * self.cell_width + (self.columns - 1) * across
        height = self.rows * self.cell_height + (self.rows - 1) * down
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
        """A press plan's cards and their bleed; a home sheet's own edges, past which nothing prints."""
        return self.trim_box(grid).inset(-self.bleed) if self.press else self.trim_box(grid)

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
        """Down the middle, inside the printable area like every mark."""
        return Segment(self.page_width / 2, self.margin, self.page_width / 2, self.page_height - self.margin)


def plan_sheet(page: tuple[float, float], card: tuple[float, float], margin: float,
               spacing: Spacing = "butted") -> SheetPlan:
    """Fit as many cards as the page allows, in either orientation, inside ``margin`` and the
    room the cut marks take beyond it, spaced as ``spacing`` says."""
    _check_sizes(page, card, margin)
    usable = (page[0] - 2 * (margin + MARK_ROOM), page[1] - 2 * (margin + MARK_ROOM))
    return _home_plan(page, card, margin, usable, spacing, fold=False)


def plan_fold(page: tuple[float, float], card: tuple[float, float], margin: float,
              spacing: Spacing = "butted") -> SheetPlan:
    """Gutter-fold: fronts on the left half, each back beside its front, mirrored about the
    fold line down the middle of the sheet. No duplex printing, so nothing to misregister."""
    _check_sizes(page, card, margin)
    usable = (page[0] / 2 - FOLD_GUTTER - margin - MARK_ROOM, page[1] - 2 * (margin + MARK_ROOM))
    return _home_plan(page, card, margin, usable, spacing, fold=True)


def plan_apart(page: tuple[float, float], card: tuple[float, float], margin: float, grounds: Sequence[Hashable],
               fold: bool = False) -> tuple[SheetPlan, list[int | None]]:
    """A home plan for cards whose grounds differ (``grounds``: each card's, front and back
    alike), where no two cards of different grounds butt; with the card in each slot, sheet
    after sheet (None: a slot left empty). Of a gutter between every two cards, or between
    columns (or rows) only with each column (row) holding cards of one ground, the one that
    takes the fewest sheets; a tie keeps the cards in their order, all apart."""
    planner = plan_fold if fold else plan_sheet
    candidates = []
    for rank, spacing in enumerate(_APART):
        plan = planner(page, card, margin, spacing)
        order = arrange(plan, grounds)
        candidates.append((-(-len(order) // plan.per_sheet), rank, plan, order))
    _, _, plan, order = min(candidates, key=lambda candidate: candidate[:2])
    return plan, order


def _check_sizes(page: tuple[float, float], card: tuple[float, float], margin: float) -> None:
    if min(*page, *card) <= 0:
        raise UsageError("paper and card sizes must be larger than zero")
    if margin < 0:
        raise UsageError("the margin cannot be negative")


def _home_plan(page: tuple[float, float], card: tuple[float, float], margin: float, usable: tuple[float, float],
               spacing: Spacing, fold: bool) -> SheetPlan:
    """The most cards ``usable`` holds with the narrowest gutters ``spacing`` asks, the gutters
    then widened into the room left over."""
    spaced = (spacing in ("apart", "columns"), spacing in ("apart", "rows"))
    narrowest = (HOME_GUTTER if spaced[0] else 0.0, HOME_GUTTER if spaced[1] else 0.0)
    columns, rows, turned = best_grid(usable, card, narrowest)
    if columns * rows == 0:
        raise UsageError(
            f"a {format_mm(card[0])} x {format_mm(card[1])} mm card does not fit on a "
            f"{format_mm(page[0])} x {format_mm(page[1])} mm sheet with {format_mm(margin)} mm margins and "
            f"its cut marks: choose a smaller card or a larger paper"
        )
    cell = (card[1], card[0]) if turned else card
    across = _widest_gutter(usable[0], cell[0], columns) if spaced[0] else 0.0
    down = _widest_gutter(usable[1], cell[1], rows) if spaced[1] else 0.0
    return SheetPlan(page[0], page[1], card[0], card[1], columns, rows, turned, fold=fold, bleed=HOME_BLEED,
                     gutter=across, row_gutter=down, lanes=_LANES[spacing], margin=margin)


def _widest_gutter(space: float, size: float, count: int) -> float:
    """The gutter that gives the cuts between cards as much bleed as the outer cuts get, from
    HOME_GUTTER to twice HOME_BLEED: ``count`` cards leave 2 * count bleeds' worth of room."""
    bleed = (space - count * size) / (2 * count)
    return min(max(2 * bleed, HOME_GUTTER), 2 * HOME_BLEED)


def arrange(plan: SheetPlan, grounds: Sequence[Hashable]) -> list[int | None]:
    """Which card goes in each slot (reading order, sheet after sheet; None: empty): the cards
    in their order, except on a plan with lanes. There the cards of each ground follow one
    another down the lanes, each ground starting a lane of its own, or, where that takes fewer
    sheets, one slot after an empty one where two grounds meet inside a lane: no two cards of
    different grounds butt (nor do their backs: a turned sheet keeps each column and row
    together)."""
    if plan.lanes is None:
        return list(range(len(grounds)))
    lanes = _lane_slots(plan)
    length, per_sheet = len(lanes[0]), len(lanes[0]) * len(lanes)
    whole, shared = (_down_the_lanes(grounds, length, share) for share in (False, True))
    in_lanes = shared if -(-len(shared) // per_sheet) < -(-len(whole) // per_sheet) else whole
    order: list[int | None] = [None] * (-(-len(in_lanes) // per_sheet) * plan.per_sheet)
    for position, card in enumerate(in_lanes):
        lane, step = divmod(position, length)
        sheet, lane = divmod(lane, len(lanes))
        order[sheet * plan.per_sheet + lanes[lane][step]] = card
    while order and order[-1] is None:
        order.pop()
    return order


def _down_the_lanes(grounds: Sequence[Hashable], length: int, share: bool) -> list[int | None]:
    """The cards lane after lane, slot after slot, a ground after another: each ground from a
    new lane, or (``share``) from the next slot but one."""
    placed: list[int | None] = []
    for ground in dict.fromkeys(grounds):
        if len(placed) % length:
            placed.extend([None] * (1 if share else length - len(placed) % length))
        placed.extend(index for index, other in enumerate(grounds) if other == ground)
    return placed


def _lane_slots(plan: SheetPlan) -> list[list[int]]:
    """Each lane's slots, as indices in reading order: down a column, or along a row."""
    columns, rows = range(plan.columns), range(plan.rows)
    if plan.lanes == "columns":
        return [[row * plan.columns + column for row in rows] for column in columns]
    return [[row * plan.columns + column for column in columns] for row in rows]


def best_grid(usable: tuple[float, float], card: tuple[float, float],
              gutters: tuple[float, float] = (0.0, 0.0)) -> tuple[int, int, bool]:
    """Columns, rows and whether the cards are turned, for the most cards inside ``usable``,
    ``gutters`` apart (between columns, between rows), trying both orientations. A tie keeps
    the card the way it was given, so that a 70 x 70 mm key card is never turned."""
    candidates = []
    for turned in (False, True):
        cell_width, cell_height = (card[1], card[0]) if turned else card
        columns = _count_fitting(usable[0], cell_width, gutters[0])
        rows = _count_fitting(usable[1], cell_height, gutters[1])
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


class Reach(msgspec.Struct, frozen=True):
    """Beyond an outer cut of a home sheet: how far the ground runs, and where the cut marks
    start, both from the cut."""

    bleed: float
    marks_from: float


def reach(room: float) -> Reach:
    """What ``room`` (from the cut to the printable area's edge) holds: the marks' least room
    first, then the bleed, then a wider gap before the marks; the marks take the rest."""
    spare = max(0.0, room - MARK_ROOM)
    bleed = min(spare, HOME_BLEED)
    return Reach(bleed, bleed + MARK_GAP + min(spare - bleed, MARK_EXTRA_GAP))


def outer_reach(plan: SheetPlan, grid: Box) -> tuple[Reach, Reach, Reach, Reach]:
    """The reach beyond each outer cut of a home ``grid``: left, bottom, right, top. Across a
    gutter-fold sheet the side that faces the fold shares the marks that cross it with the
    other grid, so it needs only half their least length."""
    rooms = [grid.x - plan.margin, grid.y - plan.margin, plan.page_width - plan.margin - grid.right,
             plan.page_height - plan.margin - grid.top]
    if plan.fold:
        facing = 2 if grid.right <= plan.page_width / 2 else 0
        rooms[facing] = FOLD_GUTTER + MARK_MIN / 2
    left, bottom, right, top = (reach(room) for room in rooms)
    return left, bottom, right, top


def cut_lines(first: float, count: int, size: float, pitch: float) -> list[float]:
    """Where the cuts run along one direction: both edges of every card, shared edges once."""
    lines: list[float] = []
    for index in range(count):
        for edge in (first + index * pitch, first + index * pitch + size):
            if not lines or abs(edge - lines[-1]) > 1e-6:
                lines.append(edge)
    return lines


def cut_marks(plan: SheetPlan, grids: list[Box]) -> list[Segment]:
    """Every cut line of the ``grids`` on a home page (both cuts of a gutter), marked from
    past the ground beyond the cards to the printable area's edge (or, across a gutter-fold
    sheet, to the other grid's ground).

    Marks that run to the margin survive the first cut: after cutting along one line the
    marks for the other direction are still there on the remaining strip. Backs pass their
    mirrored grid, so their marks follow the mirrored cards.
    """
    grids = sorted(grids, key=lambda grid: grid.x)
    across, down = plan.pitch
    low, high = plan.margin, plan.page_height - plan.margin
    marks = []
    edges = [plan.margin]
    for grid in grids:
        left, bottom, right, top = outer_reach(plan, grid)
        for x in cut_lines(grid.x, plan.columns, plan.cell_width, across):
            marks.append(Segment(x, low, x, grid.y - bottom.marks_from))
            marks.append(Segment(x, grid.top + top.marks_from, x, high))
        edges.extend((grid.x - left.marks_from, grid.right + right.marks_from))
    edges.append(plan.page_width - plan.margin)
    for y in cut_lines(grids[0].y, plan.rows, plan.cell_height, down):
        marks.extend(Segment(start, y, end, y) for start, end in zip(edges[0::2], edges[1::2]))
    return [mark for mark in marks if mark.x2 - mark.x1 > _EPSILON or mark.y2 - mark.y1 > _EPSILON]
