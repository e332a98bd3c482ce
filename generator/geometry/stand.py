"""The key card's stand, worked out: a low triangular prism lying on the table, ridge up, with a
slot along the ridge and one in the middle of the base right under it. The key card goes down
through both slots and stands on the table, upright, held at two heights (the table and the
ridge), so it can lean only as far as the slots' play allows.

The figures come from the card: the ridge stands a little below the card's lowest cell (the
prism hides the card up to the ridge, and nothing above it), and the base is as wide as it takes
for the card and the stand together to tip only beyond TIPPING degrees. docs/stand.md gives
the reasoning with figures.

The net is one strip across the prism, its folds along the card's width: [glue tab][slope A]
[slope B][base]. The tab, on slope A's lower edge, is glued inside the base's free edge and
closes the triangle. x runs across the strip, y along the prism.

Pure: points, angles in degrees.
"""

from __future__ import annotations

import math

import msgspec

from ..errors import UsageError
from ..units import MM, format_mm
from .dieline import Net, Panel, Point
from .sheet import Box

CARD_THICKNESS = 0.32 * MM  # a home key card on 300 g/m² stock (box.card_thickness's default)
SLOT_GAP = 1.0 * MM  # each slot's opening across: the card and its play (a hand cut is within 0.3 mm)
HAND_CUT = 0.3 * MM  # how far a careful knife cut may stray
SLOT_SPARE = 1.0 * MM  # a slot is this much longer than the card is wide
END = 10.0 * MM  # the prism runs on past the slots at each end, so that the ridge holds together
CELL_CLEARANCE = 1.0 * MM  # the ridge stands this far below the card's lowest cell
LOWEST_RIDGE = 6.0 * MM  # below this the card leans too far in its slots
HIGHEST_RIDGE = 12.0 * MM  # the card leans little enough at this height; higher only hides more card
TAB = 10.0 * MM  # the glue tab's width, at most; its ends are cut back at 45 degrees
SLOT_ROOM = 4.0 * MM  # the tab stops this far from the base's slot
TIPPING = 45.0  # degrees: the stand and its card tip over only when tilted further
BASE_STEP = 1.0 * MM  # the base's width is a whole number of millimetres
STOCK = 0.300  # kg/m² (300 g/m² card stock): the card's and the stand's, so only for the figures
SAFE = 3.0 * MM  # artwork keeps this far from folds and cuts


class StandPlan(msgspec.Struct, frozen=True):
    """A stand for a ``card`` (width, height) standing on its lower edge. Lengths in points."""

    card: tuple[float, float]
    card_thickness: float
    cells_bottom: float  # the card's lowest cell's lower edge, above the card's lower edge
    height: float  # the ridge above the table: the card's band hidden behind the prism
    base: float  # the base's width across
    slope: float  # each slope's width, ridge to table
    length: float  # the prism along the card's width
    tab: float  # the glue tab's width
    slot_length: float
    slot_gap: float  # each slot's opening across, as folded
    ridge_cut: float  # the ridge slot's width as cut flat: it closes to slot_gap as the ridge folds
    lean: float  # degrees: the most the card can lean in slots cut to size
    lean_hand_cut: float  # degrees: the same with both slots cut HAND_CUT too wide
    tipping: float  # degrees: how far the stand and its card may tilt before they fall
    stand_mass: float  # grams, on 300 g/m² stock
    card_mass: float  # grams
    centre_height: float  # the stand's and card's centre of mass above the table
    net: Net

    @property
    def hidden(self) -> float:
        """The card's band hidden behind the prism, from its lower edge."""
        return self.height

    @property
    def clearance(self) -> float:
        """From the top of the hidden band to the lowest cell."""
        return self.cells_bottom - self.height

    @property
    def angle(self) -> float:
        """Degrees: each slope's rise from the table."""
        return math.degrees(math.atan2(self.height, self.base / 2))


def key_stand(card_size: tuple[float, float], cells_bottom: float, card_thickness: float = CARD_THICKNESS) -> StandPlan:
    """The stand for a key card of ``card_size`` whose lowest cell starts ``cells_bottom``
    above its lower edge; a UsageError when the card leaves no room under its grid, or is too
    thick for the slots."""
    width, height = card_size
    ridge = min(cells_bottom - CELL_CLEARANCE, HIGHEST_RIDGE)
    if ridge < LOWEST_RIDGE:
        raise UsageError(
            f"a {format_mm(width)} x {format_mm(height)} mm key card has only {format_mm(cells_bottom)} mm below "
            f"its grid, and a stand needs {format_mm(LOWEST_RIDGE + CELL_CLEARANCE)} mm there to hold the card "
            f"without hiding a cell: choose a taller --keys-card-size")
    if card_thickness >= SLOT_GAP:
        raise UsageError(f"a key card {format_mm(card_thickness)} mm thick does not go through the stand's "
                         f"{format_mm(SLOT_GAP)} mm slots: the stand is made for card stock")
    length = width + 2 * END
    base = _base_for(card_size, ridge, length)
    slope = math.hypot(base / 2, ridge)
    tab = _tab(base)
    play = SLOT_GAP - card_thickness
    stand, card, centre = _masses(card_size, base, ridge, slope, tab, length)
    return StandPlan(
        card=card_size, card_thickness=card_thickness, cells_bottom=cells_bottom, height=ridge, base=base,
        slope=slope, length=length, tab=tab, slot_length=width + SLOT_SPARE, slot_gap=SLOT_GAP,
        ridge_cut=_ridge_cut(SLOT_GAP, slope, base),
        lean=math.degrees(math.atan2(play, ridge)), lean_hand_cut=math.degrees(math.atan2(play + HAND_CUT, ridge)),
        tipping=tipping_angle(card_size, base, ridge, length),
        stand_mass=stand * 1000, card_mass=card * 1000, centre_height=centre,
        net=stand_net(base, ridge, length, width + SLOT_SPARE, SLOT_GAP),
    )


def tipping_angle(card_size: tuple[float, float], base: float, ridge: float, length: float) -> float:
    """Degrees the stand holding its card may be tilted about a base edge before their centre
    of mass passes over that edge: the lesser of the two edges (the tab lies inside one)."""
    slope = math.hypot(base / 2, ridge)
    tab = _tab(base)
    _, _, centre = _masses(card_size, base, ridge, slope, tab, length)
    offset = _centre_offset(card_size, base, slope, tab, length)
    return math.degrees(math.atan2(base / 2 - abs(offset), centre))


def _base_for(card_size: tuple[float, float], ridge: float, length: float) -> float:
    """The narrowest whole-millimetre base that tips only beyond TIPPING degrees, and wide
    enough for the glue tab to keep clear of the base's slot."""
    steps = math.ceil(2 * (TAB + SLOT_ROOM) / BASE_STEP)
    while tipping_angle(card_size, steps * BASE_STEP, ridge, length) < TIPPING:
        steps += 1
    return steps * BASE_STEP


def _tab(base: float) -> float:
    return min(TAB, base / 2 - SLOT_ROOM)


def _masses(card_size: tuple[float, float], base: float, ridge: float, slope: float, tab: float,
            length: float) -> tuple[float, float, float]:
    """(stand, card) in kilograms and their centre of mass's height above the table (points):
    the base and the tab lie on the table, the slopes' middles are half the ridge up, and the
    card stands on the table (the slots' few square millimetres are left in)."""
    square_metre = (1000 * MM) ** 2  # square points in a square metre
    flat = (base + tab) * length / square_metre * STOCK
    slopes = 2 * slope * length / square_metre * STOCK
    card = card_size[0] * card_size[1] / square_metre * STOCK
    centre = (slopes * ridge / 2 + card * card_size[1] / 2) / (flat + slopes + card)
    return flat + slopes, card, centre


def _centre_offset(card_size: tuple[float, float], base: float, slope: float, tab: float, length: float) -> float:
    """How far across the centre of mass lies from the card: the tab's doubled card, inside
    one base edge, moves it that way."""
    moment = tab * length * (base / 2 - tab / 2)
    total = (base + tab + 2 * slope) * length + card_size[0] * card_size[1]
    return moment / total


def stand_net(base: float, ridge: float, length: float, slot_length: float, slot_gap: float) -> Net:
    """The flat strip: [glue tab][slope A][slope B][base] from left to right, the prism's
    length upwards. The ridge slot straddles the fold between the slopes, cut wider by the
    slope's width over half the base, so that it closes to ``slot_gap`` across as the ridge
    folds; the base slot lies in the base's middle, over the same stretch of the length."""
    slope = math.hypot(base / 2, ridge)
    tab = _tab(base)
    ridge_x = tab + slope
    edge_x = tab + 2 * slope  # slope B meets the base
    right = edge_x + base
    low, high = (length - slot_length) / 2, (length + slot_length) / 2
    ridge_cut = _ridge_cut(slot_gap, slope, base)
    outline: tuple[Point, ...] = ((tab, 0.0), (right, 0.0), (right, length), (tab, length), (0.0, length - tab),
                                   (0.0, tab))
    folds = (
        ((tab, 0.0), (tab, length)),
        ((ridge_x, 0.0), (ridge_x, low)),
        ((ridge_x, high), (ridge_x, length)),
        ((edge_x, 0.0), (edge_x, length)),
    )
    middle = edge_x + base / 2
    cuts = (_slot(ridge_x, ridge_cut, low, high), _slot(middle, slot_gap, low, high))
    glue = ((tab, 0.0), (tab, length), (0.0, length - tab), (0.0, tab))
    panels = (
        Panel("slope-a", _box(tab, slope, length), turn=3, safe=SAFE),  # the ridge on its right: up is +x
        Panel("slope-b", _box(ridge_x, slope, length), turn=1, safe=SAFE),  # the ridge on its left
        Panel("base", _box(edge_x, base, length), turn=1, safe=SAFE),
    )
    return Net("stand", right, length, outline, folds, (cuts[0], cuts[1]), (glue,), panels)


def _ridge_cut(gap: float, slope: float, base: float) -> float:
    """The ridge slot's width as cut flat: wider by the slope's width over half the base, so
    that it closes to ``gap`` across as the ridge folds."""
    return gap * slope / (base / 2)


def _slot(middle: float, gap: float, low: float, high: float) -> tuple[Point, ...]:
    """A closed slot: its first corner again at the end."""
    left, right = middle - gap / 2, middle + gap / 2
    return ((left, low), (right, low), (right, high), (left, high), (left, low))


def _box(x: float, width: float, length: float) -> Box:
    return Box(x, 0.0, width, length)
