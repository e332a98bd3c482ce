"""Plans for printers other than your own: a copy shop's press sheets and a print-on-demand
service's card pages.

A press sheet holds as many cards as fit, each with its own bleed and a gutter between them,
centred, with crop marks and a slug line in the margin around them. A pod page holds one
face: its trim plus its bleed, and room for crop marks only when they are asked for. Pure
geometry in points; the pages themselves come from ``geometry.pages``.
"""

from __future__ import annotations

from ..errors import UsageError
from ..units import MM, format_mm
from .sheet import Box, Segment, SheetPlan, best_grid, cut_lines

MAX_BLEED = 25 * MM
# Crop marks start this far outside the bleed, so that a bleed never shows a mark, and are
# this long (shops ask 3 to 6 mm). They are black ink alone, not registration (all four inks):
# they show where to trim, not whether the inks register. A copy shop's digital press has no
# plates to register, and an offset printer's imposition adds its own register marks; a hairline
# in four inks turns every misregistration into a coloured blur, and its 400 % breaks the shops'
# rule that thin lines are black alone, and every ink limit these files keep (300 %, or 240 %).
MARK_OFFSET = 1 * MM
MARK_LENGTH = 5 * MM
# The slug line below the cards: 6 pt text whose tallest letters keep SLUG_GAP from the marks'
# ends, the clearance the marks themselves keep from the artwork (a 3 mm bleed), so that the
# line never reads as a mark or crowds one.
SLUG_SIZE = 6.0
SLUG_GAP = 3 * MM
SLUG_ASCENT = 0.8 * SLUG_SIZE  # the tallest letters (d, k, l) with room to spare
SLUG_DESCENT = 0.3 * SLUG_SIZE
SLUG_ROOM = SLUG_GAP + SLUG_ASCENT + SLUG_DESCENT


def check_bleed(bleed: float) -> None:
    if not 0 <= bleed <= MAX_BLEED:
        raise UsageError(f"a bleed of {format_mm(bleed)} mm is not what printers ask: "
                         "use 0 to 25 mm (3 mm, or 1/8 in = 3.175 mm, is usual)")


def mark_room(bleed: float, marks: bool) -> float:
    """How far past the cards' trim the marks reach."""
    return bleed + MARK_OFFSET + MARK_LENGTH if marks else bleed


def plan_press_sheet(paper: tuple[float, float], card: tuple[float, float], bleed: float, gutter: float | None,
                     margin: float, marks: bool) -> SheetPlan:
    """As many cards as fit on ``paper`` in either orientation, ``gutter`` apart (default twice
    the bleed, so that every card keeps all of its own bleed), centred, with the marks and the
    slug line inside the sheet's blank ``margin``."""
    check_bleed(bleed)
    gutter = 2 * bleed if gutter is None else gutter
    if gutter < 0:
        raise UsageError("the gutter cannot be negative: use 0 to butt the cards, or a length such as 6mm")
    if margin < 0:
        raise UsageError("the margin cannot be negative")
    edge = mark_room(bleed, marks) + margin
    usable = (paper[0] - 2 * edge, paper[1] - 2 * (edge + SLUG_ROOM))
    columns, rows, turned = best_grid(usable, card, (gutter, gutter))
    if columns * rows == 0:
        raise UsageError(
            f"a {format_mm(card[0])} x {format_mm(card[1])} mm card with {format_mm(bleed)} mm bleed, crop marks "
            f"and a {format_mm(margin)} mm margin does not fit on a {format_mm(paper[0])} x {format_mm(paper[1])} mm "
            "sheet: choose a larger --paper, or a smaller --margin or --bleed")
    return SheetPlan(paper[0], paper[1], card[0], card[1], columns, rows, turned, bleed=bleed, gutter=gutter,
                     mark_length=MARK_LENGTH if marks else 0.0, slug=True)


def plan_pod_page(card: tuple[float, float], bleed: float, marks: bool, turned: bool = False) -> SheetPlan:
    """One face a page: the trim plus the bleed, and room for crop marks when asked for.
    ``turned`` draws a landscape card across a portrait page, as services print them."""
    check_bleed(bleed)
    room = mark_room(bleed, marks)
    width, height = (card[1], card[0]) if turned else card
    return SheetPlan(width + 2 * room, height + 2 * room, card[0], card[1], 1, 1, turned, bleed=bleed,
                     mark_length=MARK_LENGTH if marks else 0.0)


def crop_marks(plan: SheetPlan, grid: Box) -> list[Segment]:
    """Two marks for every cut line of the cards in ``grid``: one beyond each end, starting
    outside the bleed and lying in the margin, never between the cards. Neighbours butted
    without a gutter share their cut, and its marks."""
    if not plan.mark_length:
        return []
    start = plan.bleed + MARK_OFFSET
    end = start + plan.mark_length
    marks = []
    for x in cut_lines(grid.x, plan.columns, plan.cell_width, plan.pitch[0]):
        marks.append(Segment(x, grid.y - end, x, grid.y - start))
        marks.append(Segment(x, grid.top + start, x, grid.top + end))
    for y in cut_lines(grid.y, plan.rows, plan.cell_height, plan.pitch[1]):
        marks.append(Segment(grid.x - end, y, grid.x - start, y))
        marks.append(Segment(grid.right + start, y, grid.right + end, y))
    return marks


def slug_origin(plan: SheetPlan, grid: Box) -> tuple[float, float] | None:
    """Where the slug line's text starts (its baseline): its tallest letters SLUG_GAP below
    the marks' ends, aligned with the cards' left cut."""
    if not plan.slug:
        return None
    return grid.x, slug_baseline(grid.y, plan.bleed, bool(plan.mark_length))


def slug_baseline(cut: float, bleed: float, marks: bool) -> float:
    """The slug line's baseline under a bottom cut at ``cut``: its tallest letters SLUG_GAP below
    the marks' ends (or the bleed's edge, without marks)."""
    return cut - mark_room(bleed, marks) - SLUG_GAP - SLUG_ASCENT
