"""What every card component shares: the sheet options, and turning card faces into a PDF."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas

from .draw.sheet import CardFaces, draw_sheets, sheet_count
from .layout import SheetPlan, Sides, plan_card_pages, plan_fold, plan_sheet
from .pdf import Document, render
from .theme import Profile, Theme, make_theme
from .typeface import Font
from .units import MM, PAPER_MM

A4 = (PAPER_MM["a4"][0] * MM, PAPER_MM["a4"][1] * MM)


@dataclass(frozen=True)
class SheetOptions:
    paper: tuple[float, float] = A4
    margin: float = 5 * MM
    sides: Sides = "long-edge"
    # home: cards butted on sheets, RGB. shop: one card per page with bleed, crop marks
    # outside it, trim and bleed boxes, CMYK only.
    profile: Profile = "home"
    bleed: float = 3 * MM
    colours: tuple[tuple[str, str], ...] = ()  # the user's theme colours, as #RRGGBB
    title: str | None = None  # printed on key card backs and the rules sheet
    # How far to move everything on back pages (points, back-page coordinates), to undo a
    # printer's misregistration measured with `cngen calibrate`.
    back_offset: tuple[float, float] = (0.0, 0.0)

    @property
    def theme(self) -> Theme:
        return make_theme(self.profile, dict(self.colours), self.title)

    @property
    def artwork_bleed(self) -> float:
        """How far card artwork runs past the cut: only shop pages have bleed."""
        return self.bleed if self.profile == "shop" else 0.0

    def plan(self, card: tuple[float, float]) -> SheetPlan:
        if self.profile == "shop":
            return plan_card_pages(card, self.bleed)
        if self.sides == "fold":
            return plan_fold(self.paper, card, self.margin)
        return plan_sheet(self.paper, card, self.margin)


@dataclass(frozen=True)
class ImposedCards:
    pdf: bytes
    plan: SheetPlan
    sheets: int
    document: Document

    @property
    def pages(self) -> int:
        return self.sheets * self.plan.pages_per_sheet


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
    plan = sheet.plan(card_size)
    theme = sheet.theme

    def draw(canvas: Canvas) -> None:
        prepare(canvas)
        draw_sheets(canvas, plan, cards, sheet.sides, theme, sheet.back_offset)

    duplex = None if plan.fold else sheet.sides
    document = Document(title, (plan.page_width, plan.page_height), duplex, sheet.profile, font, draw)
    return ImposedCards(render(document), plan, sheet_count(plan, len(cards)), document)
