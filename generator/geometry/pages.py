"""Finished pages, what the drawing code receives: each face with the matrix that places it
and the box it is clipped to, the page's boxes, its marks and its slug line.

Duplex plans give two pages a sheet, the fronts and then the backs where the turned sheet
puts them; gutter-fold gives one, each back beside its front. A print-on-demand page holds
one face, and some services want each card's back before its front. A slot may stay empty
(a home sheet that gives each ground lanes of its own, ``sheet.arrange``).
"""

from __future__ import annotations

from typing import Generic, Iterator, Literal, Sequence, TypeVar

import msgspec

from .press import crop_marks, slug_origin
from .sheet import Box, Segment, SheetPlan, Sides, Slot, cut_marks, outer_reach

Face = TypeVar("Face")
Matrix = tuple[float, float, float, float, float, float]
Side = Literal["front", "back", "both"]


class Placed(msgspec.Struct, Generic[Face], frozen=True):
    """A face on a page: the matrix from card to page coordinates, and the box (on the page)
    its artwork is clipped to, or None where the artwork ends at the card's edge anyway."""

    matrix: Matrix
    clip: Box | None
    face: Face


class Page(msgspec.Struct, Generic[Face], frozen=True):
    """One page, ready to draw: its size and boxes, its faces, the cut marks, the fold line of
    a gutter-fold sheet, how far the whole page moves, and, on press sheets, where the slug
    line goes and what it says."""

    size: tuple[float, float]
    trim: Box
    bleed: Box
    faces: tuple[Placed[Face], ...]
    marks: tuple[Segment, ...]
    fold_line: Segment | None = None
    offset: tuple[float, float] = (0.0, 0.0)
    sheet: int = 1  # which sheet of the file, from 1
    side: Side = "front"
    slug_at: tuple[float, float] | None = None
    slug: str = ""


def sheet_count(plan: SheetPlan, cards: int) -> int:
    return -(-cards // plan.per_sheet)


def impose(plan: SheetPlan, cards: Sequence[tuple[Face, Face] | None], sides: Sides,
           back_offset: tuple[float, float] = (0.0, 0.0), back_first: bool = False,
           same_up: bool = False) -> Iterator[Page[Face]]:
    """The pages of ``cards`` (front, back), slot after slot (None: the slot stays empty).
    Backs are moved by ``back_offset`` to make up for a home printer's misregistration;
    ``back_first`` puts each sheet's back page first; ``same_up`` keeps each back's up edge the
    front's (see ``SheetPlan.back_slots``)."""
    size = (plan.page_width, plan.page_height)
    front_grid, back_grid = plan.grid, plan.back_grid(sides)
    fronts, backs = plan.front_slots(), plan.back_slots(sides, same_up)
    front_marks, back_marks = _marks(plan, [front_grid]), _marks(plan, [back_grid])
    # Every sheet has the same slots: each one's matrix and clip are worked out once.
    front_places = [_placement(plan, slot, front_grid) for slot in fronts]
    back_places = [_placement(plan, slot, back_grid) for slot in backs]
    for index, start in enumerate(range(0, len(cards), plan.per_sheet), start=1):
        sheet = cards[start : start + plan.per_sheet]
        filled = [(front, back, card) for front, back, card in zip(front_places, back_places, sheet)
                  if card is not None]
        front_faces = tuple(Placed(*place, card[0]) for place, _, card in filled)
        back_faces = tuple(Placed(*place, card[1]) for _, place, card in filled)
        if plan.fold:
            yield Page(size, plan.trim_box(front_grid), plan.bleed_box(front_grid), front_faces + back_faces,
                       _marks(plan, [front_grid, back_grid]), plan.fold_line(), sheet=index, side="both")
            continue
        front = Page(size, plan.trim_box(front_grid), plan.bleed_box(front_grid), front_faces, front_marks,
                     sheet=index, side="front", slug_at=slug_origin(plan, front_grid))
        back = Page(size, plan.trim_box(back_grid), plan.bleed_box(back_grid), back_faces, back_marks,
                    offset=back_offset, sheet=index, side="back", slug_at=slug_origin(plan, back_grid))
        yield from (back, front) if back_first else (front, back)


def _marks(plan: SheetPlan, grids: list[Box]) -> tuple[Segment, ...]:
    return tuple(crop_marks(plan, grids[0]) if plan.press else cut_marks(plan, grids))


def _placement(plan: SheetPlan, slot: Slot, grid: Box) -> tuple[Matrix, Box | None]:
    """A slot's matrix from card to page, and the box its face is clipped to (``Placed``)."""
    # On a press sheet a gutter of twice the bleed (the default) leaves every card its whole
    # bleed: no clip. A home sheet's margins and butted cards always cut the bleed short.
    clipped = plan.bleed > 0 and not (plan.press and min(plan.gutters) >= 2 * plan.bleed)
    return slot.transform(), clip_box(plan, slot.box, grid) if clipped else None


def clip_box(plan: SheetPlan, card: Box, grid: Box) -> Box:
    """How far a card's artwork may run: at an outer cut, its whole bleed on a press sheet, or
    as far as a home sheet's margin allows; where it faces a neighbour, up to the middle of the
    gutter (not at all where they butt), so that no card prints on another."""
    if plan.press:
        outer_left = outer_bottom = outer_right = outer_top = plan.bleed
    else:
        outer_left, outer_bottom, outer_right, outer_top = (side.bleed for side in outer_reach(plan, grid))
    across, down = (min(plan.bleed, gutter / 2) for gutter in plan.gutters)

    def extent(edge: float, outer_edge: float, outer: float, inner: float) -> float:
        return outer if abs(edge - outer_edge) < 1e-6 else inner

    left, right = extent(card.x, grid.x, outer_left, across), extent(card.right, grid.right, outer_right, across)
    bottom, top = extent(card.y, grid.y, outer_bottom, down), extent(card.top, grid.top, outer_top, down)
    return Box(card.x - left, card.y - bottom, card.width + left + right, card.height + bottom + top)
