"""The duplex calibration sheet as geometry: where the targets sit, which way their scales
count so that the numbers read through the paper are the --back-offset to pass, and where the
text and the enlarged example go around them.

Pure: points, origin bottom left. Which point of the back lies behind a point of the front is
``geometry.sheet.mirror_point``, the same rule that places the backs of the cards.
"""

from __future__ import annotations

from typing import Callable

import msgspec

from ..errors import UsageError
from ..units import MM, format_number
from .sheet import mirror_point, swaps_left_right

Point = tuple[float, float]

SCALE_MM = 5  # the scales read -5 to +5 mm
SAFE_MARGIN = 15 * MM  # nothing is printed closer to the edge: home printers cannot reach it
GAP = 3 * MM  # between a target and the text beside it, and between blocks of text
MEASURE = 125 * MM  # the longest line of instructions, for easy reading
# How far a front target's drawing (``draw.calibration.draw_target``) reaches from its
# centre, numbers and "+DX ->" markers included; a test holds the drawing to it.
TARGET_REACH = (13 * MM, 8 * MM)
EXAMPLE_READING = (1.5, -0.5)  # mm, as in the instructions' example command
EXAMPLE_MAGNIFICATIONS = (3.0, 2.5, 2.0)  # the largest that fits is drawn


def is_portrait(page: Point) -> bool:
    """Square sheets count as portrait, as in ``geometry.sheet.swaps_left_right``."""
    return page[1] >= page[0]


def scale_directions(page: Point, sides: str) -> tuple[int, int]:
    """(sign_x, sign_y): the number printed 1 mm right of a target's centre is sign_x, the
    one 1 mm above it sign_y (so -1 means the numbers grow to the left, or downwards)."""
    return (1, -1) if swaps_left_right(page, sides) else (-1, 1)  # type: ignore[arg-type]


def scale_labels(sign: int) -> tuple[tuple[int, str], ...]:
    """(millimetres from the centre, right or up positive; the number printed there)."""
    return tuple((mm, format_number(sign * mm)) for mm in range(-SCALE_MM, SCALE_MM + 1))


def scale_reading(offset: Point, page: Point, sides: str) -> Point:
    """The numbers (mm) under a mark seen ``offset`` points from a target's centre."""
    sign_x, sign_y = scale_directions(page, sides)
    return (sign_x * offset[0] / MM, sign_y * offset[1] / MM)


class Scale(msgspec.Struct, frozen=True):
    """One of a target's two scales as it is printed.

    ``labels`` are (offset in points from the target's centre, right or up positive; printed
    number). ``marker`` names the positive direction ("+DX →") and sits at the
    ``positive_end``: +1 the right or top end, -1 the left or bottom end.
    """

    labels: tuple[tuple[float, str], ...]
    marker: str
    positive_end: int


def target_scales(page: Point, sides: str) -> tuple[Scale, Scale]:
    """(horizontal, vertical): the scales every target of this sheet carries."""
    sign_x, sign_y = scale_directions(page, sides)
    horizontal = Scale(
        tuple((mm * MM, text) for mm, text in scale_labels(sign_x)),
        "+DX \u2192" if sign_x > 0 else "\u2190 +DX",
        sign_x,
    )
    vertical = Scale(
        tuple((mm * MM, text) for mm, text in scale_labels(sign_y)),
        "+DY \u2191" if sign_y > 0 else "+DY \u2193",
        sign_y,
    )
    return horizontal, vertical


def example_mark(page: Point, sides: str) -> Point:
    """Where the example's cross sits (life-size points from the target's centre) so that it
    reads EXAMPLE_READING on the scales."""
    sign_x, sign_y = scale_directions(page, sides)
    return (sign_x * EXAMPLE_READING[0] * MM, sign_y * EXAMPLE_READING[1] * MM)


def target_centres(page: Point, margin: float) -> list[Point]:
    """Five targets: one ``margin`` in from each corner and one in the middle.

    Reading order: top left, top right, middle, bottom left, bottom right.
    """
    width, height = page
    if min(width, height) <= 2 * margin:
        raise ValueError("the page is smaller than the targets' margins")
    left, right, bottom, top = margin, width - margin, margin, height - margin
    return [(left, top), (right, top), (width / 2, height / 2), (left, bottom), (right, bottom)]


class FrontLayout(msgspec.Struct, frozen=True):
    """Where everything on the front goes, before the text is measured.

    The heading sits between the two top targets, the instructions under it and above the
    middle target. The back's note shows through between the two bottom targets, and an
    enlarged example fills the room between the middle target and the bottom ones when there
    is enough.
    """

    page: Point
    centres: tuple[Point, ...]
    heading_top: float
    heading_width: float  # between the two top targets; the back's note has as much room
    text_left: float
    text_width: float
    text_bottom: float  # just above the middle target
    text_ceiling: float  # the instructions start no higher, to pass below the top targets
    example_top: float
    example_bottom: float
    note_centre: Point  # on the front: the back's note sits behind it

    @property
    def centre_x(self) -> float:
        return self.page[0] / 2

    def text_top(self, heading_height: float) -> float:
        """Where the instructions start, under a heading ``heading_height`` high."""
        return min(self.heading_top - heading_height - GAP, self.text_ceiling)

    def back_note_centre(self, sides: str) -> Point:
        """The note's centre on the back: behind ``note_centre``, before any back offset."""
        return mirror_point(self.note_centre, self.page, sides)  # type: ignore[arg-type]

    def back_marks(self, sides: str) -> list[Point]:
        """The centres of the back's crosses: behind the targets, before any back offset."""
        return [mirror_point(centre, self.page, sides) for centre in self.centres]  # type: ignore[arg-type]


def front_layout(page: Point) -> FrontLayout:
    """The front's layout; a UsageError when the page has no room for the targets."""
    width, height = page
    reach_x, reach_y = TARGET_REACH
    inset = SAFE_MARGIN + max(reach_x, reach_y)  # from the edge to a corner target's centre
    heading_width = width - 2 * (inset + reach_x + GAP)
    if min(width, height) <= 2 * inset or heading_width <= 0:
        raise UsageError(too_small(page))
    text_width = min(MEASURE, width - 2 * SAFE_MARGIN)
    # A measure wider than the gap between the top targets must start below them.
    ceiling = height - inset - reach_y - GAP if text_width > heading_width else height
    return FrontLayout(
        page=page,
        centres=tuple(target_centres(page, inset)),
        heading_top=height - SAFE_MARGIN,
        heading_width=heading_width,
        text_left=(width - text_width) / 2,
        text_width=text_width,
        text_bottom=height / 2 + reach_y + GAP,
        text_ceiling=ceiling,
        example_top=height / 2 - reach_y - GAP,
        example_bottom=inset + reach_y + GAP,
        note_centre=(width / 2, inset),
    )


class ExamplePlacement(msgspec.Struct, frozen=True):
    centre: Point  # of the enlarged target
    magnification: float
    caption_top: float  # the caption goes under the drawing, across the text's measure


def place_example(layout: FrontLayout, caption_height: Callable[[float], float]) -> ExamplePlacement | None:
    """The largest enlarged example that fits with its caption between the middle target and
    the bottom ones, centred in that room; None when none does. ``caption_height`` gives the
    caption's height for a magnification (its text names the magnification)."""
    reach_x, reach_y = TARGET_REACH
    room = layout.example_top - layout.example_bottom
    for magnification in EXAMPLE_MAGNIFICATIONS:
        drawing = 2 * reach_y * magnification
        needed = drawing + GAP + caption_height(magnification)
        if needed <= room and 2 * reach_x * magnification <= layout.page[0] - 2 * SAFE_MARGIN:
            block_top = layout.example_top - (room - needed) / 2
            return ExamplePlacement(
                centre=(layout.centre_x, block_top - drawing / 2),
                magnification=magnification,
                caption_top=block_top - drawing - GAP,
            )
    return None


def too_small(page: Point) -> str:
    return (
        f"a {format_number(page[0] / MM)} x {format_number(page[1] / MM)} mm sheet has no room for the calibration "
        "targets and their instructions: calibrate on a larger sheet (A5 portrait or more) in the same printer"
    )
