"""A dieline: the flat pattern of something cut from one sheet and folded (a box, a key stand),
as what a person does to it: cut along the outline and the slots, fold along the folds, glue
the glue areas, and look at the printed panels once it stands.

Pure geometry in points: a ``Net`` has its own coordinates (origin at the lower left of its
outline's bounding box, y up, as on a PDF page), and a ``Placed`` net sits on a page. The
drawing (``draw/dieline.py``) paints the panels' artwork with bleed past the outline, leaves
glue areas free of it, and strokes cuts solid and folds dashed.
"""

from __future__ import annotations

import math
from typing import Callable, Sequence

import msgspec

from ..errors import UsageError
from ..units import format_mm
from .press import MARK_LENGTH, MARK_OFFSET, SLUG_ROOM, check_bleed, mark_room, slug_baseline
from .sheet import Box, Segment

Point = tuple[float, float]


class Panel(msgspec.Struct, frozen=True):
    """A printed face of the folded object: the artwork drawn in ``box`` and turned by
    ``turn`` quarter turns anticlockwise (0 to 3), so that it stands the right way up once
    folded. ``name`` says which face it is ("front", "lid", "slope-a"); ``safe`` is how far
    text keeps from its edges."""

    name: str
    box: Box
    turn: int = 0
    safe: float = 0.0


class Net(msgspec.Struct, frozen=True):
    """One piece of card: ``outline`` is the closed cut path around it (a polygon, arcs given
    as points), ``cuts`` the cuts inside it (slots, slits; each a closed polygon or an open
    line), ``folds`` the fold lines, ``glue`` the areas that take glue (closed polygons, left
    free of artwork), ``panels`` the printed faces."""

    name: str
    width: float
    height: float
    outline: tuple[Point, ...]
    folds: tuple[tuple[Point, Point], ...] = ()
    cuts: tuple[tuple[Point, ...], ...] = ()
    glue: tuple[tuple[Point, ...], ...] = ()
    panels: tuple[Panel, ...] = ()

    def moved(self, dx: float, dy: float) -> "Net":
        """The same net with every point moved by (dx, dy)."""
        return self._mapped(lambda x, y: (x + dx, y + dy),
                            lambda box: Box(box.x + dx, box.y + dy, box.width, box.height), self.width, self.height)

    def turned(self) -> "Net":
        """The net a quarter turn anticlockwise, its origin again at the lower left: how a net
        taller than wide goes onto a landscape page."""
        return self._mapped(lambda x, y: (self.height - y, x),
                            lambda box: Box(self.height - box.top, box.x, box.height, box.width),
                            self.height, self.width, turns=1)

    def _mapped(self, point: Callable[[float, float], Point], box: Callable[[Box], Box], width: float, height: float,
                turns: int = 0) -> "Net":
        """The net with every point and panel box mapped, and its panels' artwork turned ``turns``
        quarter turns more."""

        def each(points: Sequence[Point]) -> tuple[Point, ...]:
            return tuple(point(x, y) for x, y in points)

        return Net(
            self.name, width, height, each(self.outline),
            tuple(each(fold) for fold in self.folds),  # type: ignore[misc]
            tuple(each(cut) for cut in self.cuts),
            tuple(each(area) for area in self.glue),
            tuple(msgspec.structs.replace(panel, box=box(panel.box), turn=(panel.turn + turns) % 4)
                  for panel in self.panels),
        )


class Placed(msgspec.Struct, frozen=True):
    """A net on a page: already moved to its place (page coordinates)."""

    net: Net
    page: int  # from 0


class DielinePages(msgspec.Struct, frozen=True):
    """Nets laid out on pages of ``paper``, inside its printable area; ``marks`` are crop marks
    (segments) for a press, by page. By page as well: its ``sizes`` (a pod page is its net's
    bounding box and bleed, whatever the paper), ``trims`` (the net's bounding box: the
    page's TrimBox) and ``slugs`` (where a press sheet's slug line starts, or None)."""

    paper: tuple[float, float]
    placed: tuple[Placed, ...]
    pages: int
    bleed: float
    marks: tuple[tuple[tuple[Point, Point], ...], ...] = ()
    sizes: tuple[tuple[float, float], ...] = ()
    trims: tuple[Box, ...] = ()
    slugs: tuple[Point | None, ...] = ()


class NetSheet(msgspec.Struct, frozen=True):
    """How nets are printed: the profile (home, shop, pod), the paper and its blank margin, the
    bleed every net gets (it is cut by hand, so on every profile) and whether crop marks are
    drawn."""

    profile: str
    paper: tuple[float, float]
    margin: float
    bleed: float
    marks: bool = False

    @property
    def crop_marks(self) -> bool:
        """Whether the nets get crop marks: asked for, on a press's page (a home net is cut along
        its own lines)."""
        return self.marks and self.profile != "home"

    @property
    def edge(self) -> float:
        """How far a net's outline keeps from the paper's edge on a home or shop page."""
        return self.margin + mark_room(self.bleed, self.crop_marks)

    @property
    def slug(self) -> bool:
        return self.profile == "shop"


def net_room(sheet: NetSheet) -> tuple[float, float]:
    """The largest outline (its bounding box) a page takes: the paper less its margin, the
    bleed, the marks and, on a press sheet, the slug line below them. A pod page is made to
    the net's size."""
    if sheet.profile == "pod":
        return math.inf, math.inf
    slug = SLUG_ROOM if sheet.slug else 0.0
    return sheet.paper[0] - 2 * sheet.edge, sheet.paper[1] - 2 * (sheet.edge + slug)


def fits(net: Net, room: tuple[float, float]) -> bool:
    return net.width <= room[0] + 1e-6 and net.height <= room[1] + 1e-6


def fitted(net: Net, sheet: NetSheet) -> Net | None:
    """The net as it is, else turned a quarter, that fits a page of ``sheet``; None when
    neither does."""
    room = net_room(sheet)
    return next((candidate for candidate in (net, net.turned()) if fits(candidate, room)), None)


def place_nets(nets: Sequence[Net], sheet: NetSheet) -> DielinePages:
    """One net a page, centred on it (as given: ``fitted`` chooses which way it lies), with
    crop marks at the corners of its bounding box and, on a press sheet, the slug line's
    place below them."""
    check_bleed(sheet.bleed)
    room = net_room(sheet)
    placed, sizes, trims, slugs, marks = [], [], [], [], []
    for index, net in enumerate(nets):
        if not fits(net, room):
            raise UsageError(
                f"a net of {format_mm(net.width)} x {format_mm(net.height)} mm does not fit on a "
                f"{format_mm(sheet.paper[0])} x {format_mm(sheet.paper[1])} mm sheet with its margin and bleed: "
                "choose a larger --paper")
        size = _page_size(net, sheet)
        trim = Box((size[0] - net.width) / 2, (size[1] - net.height) / 2, net.width, net.height)
        placed.append(Placed(net.moved(trim.x, trim.y), index))
        sizes.append(size)
        trims.append(trim)
        marks.append(corner_marks(trim, sheet.bleed) if sheet.crop_marks else ())
        slugs.append((trim.x, slug_baseline(trim.y, sheet.bleed, sheet.crop_marks)) if sheet.slug else None)
    return DielinePages(sheet.paper, tuple(placed), len(nets), sheet.bleed, tuple(marks), tuple(sizes),
                        tuple(trims), tuple(slugs))


def _page_size(net: Net, sheet: NetSheet) -> tuple[float, float]:
    if sheet.profile != "pod":
        return sheet.paper
    room = mark_room(sheet.bleed, sheet.crop_marks)
    return net.width + 2 * room, net.height + 2 * room


def corner_marks(trim: Box, bleed: float) -> tuple[tuple[Point, Point], ...]:
    """Two crop marks at each corner of the net's bounding box, along its edges, starting
    outside the bleed so that a bleed never shows one."""
    start, end = bleed + MARK_OFFSET, bleed + MARK_OFFSET + MARK_LENGTH
    marks = []
    for x, sx in ((trim.x, -1), (trim.right, 1)):
        for y, sy in ((trim.y, -1), (trim.top, 1)):
            marks.append(((x, y + sy * start), (x, y + sy * end)))
            marks.append(((x + sx * start, y), (x + sx * end, y)))
    return tuple(marks)


def segments(points: Sequence[Point], closed: bool = True) -> list[Segment]:
    """The edges of a polygon (or an open line) as segments."""
    ends = list(points) + ([points[0]] if closed else [])
    return [Segment(*ends[i], *ends[i + 1]) for i in range(len(ends) - 1)]


def arc(centre: Point, radius: float, start: float, end: float, steps: int = 12) -> list[Point]:
    """Points along a circular arc from angle ``start`` to ``end`` (degrees, anticlockwise
    when end > start), both ends included: how a net's outline gives its curves."""
    return [(centre[0] + radius * math.cos(math.radians(start + (end - start) * i / steps)),
             centre[1] + radius * math.sin(math.radians(start + (end - start) * i / steps)))
            for i in range(steps + 1)]
