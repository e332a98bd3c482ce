"""Imposition: card faces onto sheets, fronts then mirrored backs, with cut marks.

The layout decides where every face goes; this module applies its transforms, so face
drawing code works in its own card coordinates and never knows where it sits.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas

from ..layout import Box, SheetPlan, Sides, Slot, cut_marks
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


def draw_sheets(
    canvas: Canvas,
    plan: SheetPlan,
    cards: Sequence[CardFaces],
    sides: Sides,
    theme: Theme,
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> int:
    """Two pages per sheet: the fronts, then the backs where duplex printing puts them,
    moved by ``back_offset`` to make up for the printer's misregistration.

    Returns the number of sheets.
    """
    per_sheet = plan.per_sheet
    sheets = [cards[start : start + per_sheet] for start in range(0, len(cards), per_sheet)]
    for sheet in sheets:
        _draw_page(canvas, plan, plan.front_slots(), [card.front for card in sheet], plan.grid, theme)
        if back_offset != (0.0, 0.0):
            canvas.translate(*back_offset)  # showPage resets it: only this back page moves
        _draw_page(
            canvas, plan, plan.back_slots(sides), [card.back for card in sheet], plan.back_grid(sides), theme
        )
    return len(sheets)


def _draw_page(
    canvas: Canvas,
    plan: SheetPlan,
    slots: Sequence[Slot],
    painters: Sequence[Painter],
    grid: Box,
    theme: Theme,
) -> None:
    for slot, paint in zip(slots, painters):
        canvas.saveState()
        canvas.transform(*slot.transform())
        paint(canvas)
        canvas.restoreState()
    stroke(canvas, theme.cut_mark, theme.cut_mark_width)
    for mark in cut_marks(plan, MARK_GAP, grid):
        canvas.line(mark.x1, mark.y1, mark.x2, mark.y2)
    canvas.showPage()
