"""Imposition: card faces onto sheets, fronts then mirrored backs, with cut marks.

The layout decides where every face goes; this module applies its transforms, so face
drawing code works in its own card coordinates and never knows where it sits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas

from ..layout import Box, SheetPlan, Sides, Slot, crop_mark_gap, cut_marks
from ..theme import Theme
from ..units import MM
from .paint import stroke

Painter = Callable[[Canvas], None]

# Marks stop short of the cards so that a slightly misplaced cut never shows a stray line.
MARK_GAP = 1.5 * MM


@dataclass(frozen=True)
class CardFaces:
    front: Painter
    back: Painter


def sheet_count(plan: SheetPlan, cards: int) -> int:
    return -(-cards // plan.per_sheet)


def draw_sheets(
    canvas: Canvas,
    plan: SheetPlan,
    cards: Sequence[CardFaces],
    sides: Sides,
    theme: Theme,
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> None:
    """Duplex: two pages per sheet, the fronts, then the backs where the flipped sheet puts
    them, moved by ``back_offset`` to make up for the printer's misregistration.
    Gutter-fold: one page per sheet, each back beside its front across the fold line.
    """
    per_sheet = plan.per_sheet
    for start in range(0, len(cards), per_sheet):
        sheet = cards[start : start + per_sheet]
        fronts = list(zip(plan.front_slots(), (card.front for card in sheet)))
        backs = list(zip(plan.back_slots(sides), (card.back for card in sheet)))
        if plan.fold:
            _draw_page(canvas, plan, fronts + backs, [plan.grid, plan.back_grid(sides)], theme)
            continue
        _draw_page(canvas, plan, fronts, [plan.grid], theme)
        _draw_page(canvas, plan, backs, [plan.back_grid(sides)], theme, back_offset)


def _draw_page(
    canvas: Canvas,
    plan: SheetPlan,
    faces: Sequence[tuple[Slot, Painter]],
    grids: list[Box],
    theme: Theme,
    offset: tuple[float, float] = (0.0, 0.0),
) -> None:
    _set_page(canvas, plan)
    if offset != (0.0, 0.0):
        canvas.translate(*offset)  # showPage resets it: only this page moves
    for slot, paint in faces:
        canvas.saveState()
        canvas.transform(*slot.transform())
        paint(canvas)
        canvas.restoreState()
    stroke(canvas, theme.cut_mark, theme.cut_mark_width)
    for mark in cut_marks(plan, crop_mark_gap(plan, MARK_GAP), grids):
        canvas.line(mark.x1, mark.y1, mark.x2, mark.y2)
    if plan.fold:
        _draw_fold_line(canvas, plan, theme)
    canvas.showPage()


def _set_page(canvas: Canvas, plan: SheetPlan) -> None:
    """Every page states its own size and boxes: a combined kit mixes several kinds."""
    canvas.setPageSize((plan.page_width, plan.page_height))
    set_boxes(canvas, plan.trim_box, plan.bleed_box)


def set_boxes(canvas: Canvas, trim: Box, bleed: Box) -> None:
    canvas.setTrimBox((trim.x, trim.y, trim.right, trim.top))
    canvas.setBleedBox((bleed.x, bleed.y, bleed.right, bleed.top))


def _draw_fold_line(canvas: Canvas, plan: SheetPlan, theme: Theme) -> None:
    line = plan.fold_line()
    canvas.saveState()
    stroke(canvas, theme.cut_mark, 0.5)
    canvas.setDash(4, 3)
    canvas.line(line.x1, line.y1, line.x2, line.y2)
    canvas.restoreState()
