"""The duplex calibration sheet as geometry: where the targets sit, and which way their scales
count so that the numbers read through the paper are the --back-offset to pass.

Pure: points, origin bottom left. Which point of the back lies behind a point of the front is
``geometry.sheet.mirror_point``, the same rule that places the backs of the cards.
"""

from __future__ import annotations

from ..settings.units import MM, format_number
from .sheet import swaps_left_right

Point = tuple[float, float]

SCALE_MM = 5  # the scales read -5 to +5 mm


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


def target_centres(page: Point, margin: float) -> list[Point]:
    """Five targets: one ``margin`` in from each corner and one in the middle.

    Reading order: top left, top right, middle, bottom left, bottom right.
    """
    width, height = page
    if min(width, height) <= 2 * margin:
        raise ValueError("the page is smaller than the targets' margins")
    left, right, bottom, top = margin, width - margin, margin, height - margin
    return [(left, top), (right, top), (width / 2, height / 2), (left, bottom), (right, bottom)]


def too_small(page: Point) -> str:
    return (
        f"a {format_number(page[0] / MM)} x {format_number(page[1] / MM)} mm sheet has no room for the calibration "
        "targets and their instructions: calibrate on a larger sheet (A5 portrait or more) in the same printer"
    )
