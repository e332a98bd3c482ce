"""What every card component shares: its sheet plan, its theme and its PDF set-up."""

from __future__ import annotations

from ..draw.theme import Theme, make_theme
from ..geometry.sheet import SheetPlan, plan_for
from ..geometry.typeface import Font
from ..output.pdf import PdfSettings
from ..settings.options import SheetOptions, Style


def card_plan(card_size: tuple[float, float], sheet: SheetOptions) -> SheetPlan:
    return plan_for(card_size, sheet.paper, sheet.margin, sheet.sides, sheet.profile, sheet.bleed)  # type: ignore[arg-type]


def card_theme(sheet: SheetOptions, style: Style) -> Theme:
    return make_theme(sheet.profile, dict(style.colours), style.title)


def pdf_settings(what: str, plan: SheetPlan, sheet: SheetOptions, style: Style, font: Font) -> PdfSettings:
    """The PDF set-up of a card component: duplex unless folded, CMYK for a shop."""
    return PdfSettings(
        title=document_title(what, style),
        page_size=(plan.page_width, plan.page_height),
        font_name=font.name,
        duplex=None if plan.fold else sheet.sides,
        cmyk=sheet.profile == "shop",
    )


def document_title(what: str, style: Style) -> str:
    """A PDF's title, as viewers show it: the kit's title first when it has one."""
    return f"{style.title}: {what[0].lower()}{what[1:]}" if style.title else what
