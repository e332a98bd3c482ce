"""A striped border as geometry: diagonal stripes cut to a band along the inside of a box, or
to the two ends of a long one.

The assassin's cells and tiles wear one (``draw.keycard``, ``draw.tile``). Each stripe is cut
to the band exactly, not painted over the box and hidden by a clip: every piece lies where it
shows, inside the box and outside its middle, so that nothing drawn reaches past the card or
under the symbol in the middle.

Pure: points, polygons as lists of corners.
"""

from __future__ import annotations

import math

import msgspec

from .sheet import Box

Point = tuple[float, float]
Polygon = list[Point]
SMALLEST_PIECE = 0.01  # square points: slivers smaller than this are left out


class Stripes(msgspec.Struct, frozen=True):
    """Stripes rising at 45 degrees, ``width`` wide every ``period``, both measured across them."""

    period: float
    width: float


def striped_band(box: Box, band: float, stripes: Stripes) -> list[Polygon]:
    """The pieces of ``stripes`` that fall in the band ``band`` wide along the inside of ``box``:
    convex polygons, each inside one of the band's four sides (top, bottom, left, right)."""
    inner = box.inset(band)
    sides = (Box(box.x, inner.top, box.width, band), Box(box.x, box.y, box.width, band),
             Box(box.x, inner.y, band, inner.height), Box(inner.right, inner.y, band, inner.height))
    pieces = []
    for stripe in _stripes_over(box, stripes):
        for side in sides:
            piece = _cut_to(stripe, side)
            if _area(piece) > SMALLEST_PIECE:
                pieces.append(piece)
    return pieces


def striped_ends(box: Box, stripes: Stripes) -> list[Polygon]:
    """The pieces of ``stripes`` at the two ends of a long box, each end a square as wide as
    the box: a border along its long sides would leave no room for what is drawn between."""
    if box.width < box.height:  # stripe the box turned on its side, and turn the pieces back
        turned = striped_ends(Box(box.x, box.y, box.height, box.width), stripes)
        return [[(box.x + y - box.y, box.y + x - box.x) for x, y in piece] for piece in turned]
    ends = (Box(box.x, box.y, box.height, box.height), Box(box.right - box.height, box.y, box.height, box.height))
    return [piece for stripe in _stripes_over(box, stripes) for end in ends
            if _area(piece := _cut_to(stripe, end)) > SMALLEST_PIECE]


def _stripes_over(box: Box, stripes: Stripes) -> list[Polygon]:
    """Every stripe that crosses ``box``, as a parallelogram from its bottom to its top edge.
    Stripes start at the box's lower left corner, so that a box of one size always gets the
    same stripes."""
    step, across = stripes.period * math.sqrt(2), stripes.width * math.sqrt(2)  # along a side
    count = math.ceil((box.width + box.height) / step) + 1
    polygons = []
    for index in range(count):
        left = box.x - box.height + index * step
        polygons.append([(left, box.y), (left + across, box.y), (left + across + box.height, box.top),
                         (left + box.height, box.top)])
    return polygons


def _cut_to(polygon: Polygon, box: Box) -> Polygon:
    """The part of a convex ``polygon`` inside ``box`` (Sutherland and Hodgman's clipping)."""
    edges = ((0, box.x, 1), (0, box.right, -1), (1, box.y, 1), (1, box.top, -1))  # axis, limit, side kept
    for axis, limit, side in edges:
        if not polygon:
            break
        kept: Polygon = []
        for start, end in zip(polygon, polygon[1:] + polygon[:1]):
            start_in, end_in = (start[axis] - limit) * side >= 0, (end[axis] - limit) * side >= 0
            if start_in:
                kept.append(start)
            if start_in != end_in:
                share = (limit - start[axis]) / (end[axis] - start[axis])
                kept.append((start[0] + share * (end[0] - start[0]), start[1] + share * (end[1] - start[1])))
        polygon = kept
    return polygon


def _area(polygon: Polygon) -> float:
    """The area of a simple polygon (the shoelace formula)."""
    if len(polygon) < 3:
        return 0.0
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]))) / 2
