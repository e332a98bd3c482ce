"""A reverse tuck end box as a net: one piece of card, one glued seam, a lid with a tuck flap
at each end (the top lid hinged on the back, the bottom one on the front) and dust flaps on
the sides, with a thumb notch in the front's top edge to pull the top tuck flap out.

Laid out left to right: the glue tab, a side, the front, the other side and the back; the
front and back are the box's W x H faces, the sides D x H, the lids W x D. The tab folds in
and is glued inside the back's free edge. A net too large for the paper is ``split`` at a
fold between two panels into two pieces; the cut edge of the first piece gets a second glue
tab that goes inside the panel it meets on the second.

Pure geometry in points, origin at the lower left of the net's bounding box.
"""

from __future__ import annotations

import msgspec

from ..units import MM
from .dieline import Net, Panel, Point, arc
from .sheet import Box

# The card stock the box is printed on (about 300 g/m2): each wall sits outside the space it
# closes, so a panel is the inside plus one thickness (half at each of its folds).
STOCK = 0.35 * MM
CLEARANCE = 1 * MM  # around the cards, on every side
SAFE = 3 * MM  # artwork's text keeps this far from a fold or cut
GLUE_SHARE, GLUE_MIN, GLUE_MAX = 0.8, 8 * MM, 25 * MM  # the glue tab: this share of the depth, clamped
TUCK_MIN, TUCK_SHARE = 19 * MM, 0.4  # the tuck flap: at least this, or this share of the depth
DUST_SHARE = 0.45  # a dust flap reaches this share of the inside width
TUCK_INSET = 1 * MM  # the tuck flap is this much narrower each side than its lid, to slip in
TAB_END = 1 * MM  # a glue tab stops this short of the lids' folds
NOTCH_MAX = 10 * MM  # the thumb notch's radius, at most (and a quarter of the width)
# Deeper than this share of its height, a box is a long brick whose lids bow and whose cards
# slide flat when half are taken out.
DEPTH_SHARE = 1.5


class TuckBox(msgspec.Struct, frozen=True):
    """The panel sizes of one box (points): width, height and depth of its panels (the inside
    plus the stock), and its flaps."""

    width: float
    height: float
    depth: float
    glue: float
    tuck: float
    dust: float
    notch: float

    @property
    def inside(self) -> tuple[float, float, float]:
        return self.width - STOCK, self.height - STOCK, self.depth - STOCK


def box_for(inside_width: float, inside_height: float, depth: float) -> TuckBox:
    """A box's panels and flaps from its inside (the cards' size and stack plus clearance)."""
    width, height, deep = inside_width + STOCK, inside_height + STOCK, depth + STOCK
    glue = min(max(GLUE_SHARE * deep, GLUE_MIN), GLUE_MAX, width - 2 * MM)
    tuck = min(max(TUCK_MIN, TUCK_SHARE * deep), height / 2)
    dust = DUST_SHARE * inside_width
    notch = min(NOTCH_MAX, width / 4)
    return TuckBox(width, height, deep, glue, tuck, dust, notch)


def inside_for(card_size: tuple[float, float], cards: int, thickness: float) -> tuple[float, float, float]:
    """The inside a stack of ``cards`` needs, standing on the card's short edge: the shorter
    side across the front, the longer side up, the stack from front to back; each with the
    clearance on both sides."""
    short, long = sorted(card_size)
    return short + 2 * CLEARANCE, long + 2 * CLEARANCE, cards * thickness + 2 * CLEARANCE


def too_deep(inside: tuple[float, float, float]) -> bool:
    return inside[2] > DEPTH_SHARE * inside[1]


# Panels left to right, after the glue tab.
ORDER = ("side-left", "front", "side-right", "back")


def panel_edges(box: TuckBox) -> list[tuple[str, float, float]]:
    """Each panel of the body with its left edge and width, after the glue tab."""
    edges, x = [], box.glue
    for name in ORDER:
        width = box.width if name in ("front", "back") else box.depth
        edges.append((name, x, width))
        x += width
    return edges


def tuck_box(inside_width: float, inside_height: float, depth: float, name: str = "box") -> Net:
    """The whole net of a box of this inside (points)."""
    return _net(box_for(inside_width, inside_height, depth), name, 0, len(ORDER), True, False)


def split(inside_width: float, inside_height: float, depth: float, at: int, name: str = "box") -> tuple[Net, Net]:
    """The net in two pieces, cut at the fold before panel ``at`` (1 to 3, in ``ORDER``): the
    first keeps the glue tab and gains a second one on its cut edge; the second piece's first
    panel takes that tab on its inside."""
    box = box_for(inside_width, inside_height, depth)
    return (_net(box, f"{name}-1", 0, at, True, True), _net(box, f"{name}-2", at, len(ORDER), False, False))


def _net(box: TuckBox, name: str, first: int, last: int, glue: bool, join: bool) -> Net:
    """Panels ``first`` to ``last`` (exclusive) of ``ORDER``, with the glue tab at the left
    when ``glue`` and a joining tab at the right when ``join``; moved so that the bounding box
    starts at (0, 0)."""
    body = panel_edges(box)[first:last]
    x0 = body[0][1]
    lift = max(box.tuck + box.depth, box.dust)  # the body's bottom above the lowest flap
    bottom, top = lift, lift + box.height
    outline: list[Point] = []
    folds: list[tuple[Point, Point]] = []
    glue_areas: list[tuple[Point, ...]] = []
    panels: list[Panel] = []
    left_tab = _tab(box, x0, bottom, top, -1) if glue else None
    right_x = body[-1][1] + body[-1][2]
    right_tab = _tab(box, right_x, bottom, top, 1, _join_width(box, last)) if join else None
    # Along the bottom, left to right.
    if left_tab:
        outline += left_tab[:2]
        folds.append((left_tab[1], left_tab[2]))
        glue_areas.append(tuple(left_tab))
    outline.append((x0, bottom))
    for panel, x, width in body:
        outline += _bottom_flap(box, panel, x, width, bottom)
        folds += _flap_folds(box, panel, x, width, bottom, -1)
        outline.append((x + width, bottom))
    if right_tab:
        outline += [right_tab[1], right_tab[0], right_tab[3], right_tab[2]]
        folds.append((right_tab[1], right_tab[2]))
        glue_areas.append(tuple(right_tab))
    # Along the top, right to left.
    outline.append((right_x, top))
    for panel, x, width in reversed(body):
        outline += _top_flap(box, panel, x, width, top)
        folds += _flap_folds(box, panel, x, width, top, 1)
        outline.append((x, top))
    if left_tab:
        outline += left_tab[2:]
    for (_, x, _), (_, next_x, _) in zip(body, body[1:]):
        folds.append(((next_x, bottom), (next_x, top)))
    for panel, x, width in body:
        panels.append(Panel(panel, Box(x, bottom, width, box.height), 1 if panel.startswith("side") else 0, SAFE))
        if panel in ("front", "back"):
            lid_y = bottom - box.depth if panel == "front" else top
            panels.append(Panel(f"{'bottom' if panel == 'front' else 'top'}", Box(x, lid_y, width, box.depth),
                                0 if panel == "front" else 2, SAFE))
    net = Net(name, 0.0, 0.0, _clean(outline), tuple(folds), (), tuple(glue_areas), tuple(panels))
    return _to_origin(net)


def _join_width(box: TuckBox, last: int) -> float:
    """The joining tab goes inside the panel the cut edge meets: at most 0.8 of that panel."""
    meets = panel_edges(box)[last][2]
    return min(max(GLUE_SHARE * box.depth, GLUE_MIN), GLUE_MAX, GLUE_SHARE * meets)


def _tab(box: TuckBox, x: float, bottom: float, top: float, side: int, width: float | None = None) -> list[Point]:
    """A glue tab on the edge at ``x``, reaching out to ``side`` (-1 left, 1 right), its ends
    tapered so that it folds in past the lids: free end low, fold low, fold high, free end high."""
    width = box.glue if width is None else width
    taper = min(width * 0.6, (top - bottom) / 5)
    outer = x + side * width
    return [(outer, bottom + TAB_END + taper), (x, bottom + TAB_END), (x, top - TAB_END), (outer, top - TAB_END - taper)]


def _bottom_flap(box: TuckBox, panel: str, x: float, width: float, bottom: float) -> list[Point]:
    """The outline below a panel, left to right: the front's lid and tuck flap, a side's dust
    flap, nothing under the back."""
    if panel == "front":
        return _lid(box, x, width, bottom, -1)
    if panel.startswith("side"):
        return _dust(box, x, width, bottom, -1)
    return []


def _top_flap(box: TuckBox, panel: str, x: float, width: float, top: float) -> list[Point]:
    """The outline above a panel, right to left: the back's lid and tuck flap, a side's dust
    flap, the thumb notch in the front's edge."""
    if panel == "back":
        return list(reversed(_lid(box, x, width, top, 1)))
    if panel.startswith("side"):
        return list(reversed(_dust(box, x, width, top, 1)))
    centre = x + width / 2
    return arc((centre, top), box.notch, 0, -180, 16)


def _lid(box: TuckBox, x: float, width: float, edge: float, way: int) -> list[Point]:
    """A lid of the box's depth and its tuck flap with rounded corners, from the panel's edge
    at ``edge`` outwards (``way`` -1 down, 1 up); points left to right."""
    hinge = edge + way * box.depth
    end = hinge + way * box.tuck
    radius = min(box.tuck / 2, 6 * MM, (width - 2 * TUCK_INSET) / 3)
    left, right = x + TUCK_INSET, x + width - TUCK_INSET
    if way < 0:
        corners = arc((left + radius, end + radius), radius, 180, 270, 8) + \
            arc((right - radius, end + radius), radius, 270, 360, 8)
    else:
        corners = arc((left + radius, end - radius), radius, 180, 90, 8) + \
            arc((right - radius, end - radius), radius, 90, 0, 8)
    return [(x, hinge), (left, hinge), *corners, (right, hinge), (x + width, hinge)]


def _dust(box: TuckBox, x: float, width: float, edge: float, way: int) -> list[Point]:
    """A dust flap on a side's edge: its corners cut back so that it clears the lid's hinge
    and slides in past the cards; points left to right, the panel's corners excluded."""
    reach = edge + way * box.dust
    taper = min(0.3 * width, 0.5 * box.dust)
    return [(x + taper, reach), (x + width - taper * 0.5, reach)] if way < 0 else \
        [(x + taper * 0.5, reach), (x + width - taper, reach)]


def _flap_folds(box: TuckBox, panel: str, x: float, width: float, edge: float, way: int) -> list[tuple[Point, Point]]:
    """The folds at a panel's edge: a lid's hinge and its tuck flap's fold, or a dust flap's."""
    lid_panel = "front" if way < 0 else "back"
    if panel == lid_panel:
        hinge = edge + way * box.depth
        return [((x, edge), (x + width, edge)), ((x + TUCK_INSET, hinge), (x + width - TUCK_INSET, hinge))]
    if panel.startswith("side"):
        return [((x, edge), (x + width, edge))]
    return []


def _clean(points: list[Point]) -> tuple[Point, ...]:
    """The outline without a point repeated, rounded to a thousandth of a point (the same
    bytes every run, on every machine)."""
    kept: list[Point] = []
    for x, y in points:
        point = (round(x, 3), round(y, 3))
        if not kept or abs(point[0] - kept[-1][0]) > 1e-6 or abs(point[1] - kept[-1][1]) > 1e-6:
            kept.append(point)
    if len(kept) > 1 and kept[0] == kept[-1]:
        kept.pop()
    return tuple(kept)


def _to_origin(net: Net) -> Net:
    xs = [x for x, _ in net.outline]
    ys = [y for _, y in net.outline]
    moved = net.moved(-min(xs), -min(ys))
    return msgspec.structs.replace(moved, width=max(xs) - min(xs), height=max(ys) - min(ys))
