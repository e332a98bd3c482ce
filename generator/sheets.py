"""What every card component shares: the sheet options, and turning card faces into a PDF."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas

from .draw.sheet import CardFaces, draw_sheets
from .layout import SheetPlan, Sides, plan_sheet
from .pdf import render
from .theme import DEFAULT_THEME, Theme
from .typeface import Font
from .units import MM, PAPER_MM

A4 = (PAPER_MM["a4"][0] * MM, PAPER_MM["a4"][1] * MM)


@dataclass(frozen=True)
class SheetOptions:
    paper: tuple[float, float] = A4
    margin: float = 5 * MM
    sides: Sides = "long-edge"
    theme: Theme = DEFAULT_THEME
    # How far to move everything on back pages (points, back-page coordinates), to undo a
    # printer's misregistration measured with `cngen calibrate`.
    back_offset: tuple[float, float] = (0.0, 0.0)


@dataclass(frozen=True)
class ImposedCards:
    pdf: bytes
    plan: SheetPlan
    sheets: int

    @property
    def pages(self) -> int:
        return 2 * self.sheets


def impose_cards(
    title: str,
    cards: Sequence[CardFaces],
    card_size: tuple[float, float],
    sheet: SheetOptions,
    font: Font,
    prepare: Callable[[Canvas], None] = lambda canvas: None,
) -> ImposedCards:
    """Lay the cards out on as many sheets as they need, fronts then mirrored backs.

    ``prepare`` runs once on the fresh canvas, to declare artwork shared by every card.
    """
    plan = plan_sheet(sheet.paper, card_size, sheet.margin)
    sheets: list[int] = []

    def draw(canvas: Canvas) -> None:
        prepare(canvas)
        sheets.append(draw_sheets(canvas, plan, cards, sheet.sides, sheet.theme, sheet.back_offset))

    pdf = render(sheet.paper, font, title, sheet.sides, draw)
    return ImposedCards(pdf, plan, sheets[0])
