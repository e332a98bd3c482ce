"""What every card component shares: how its cards are printed (the size they are laid out at,
their bleed, the sheet plan), its theme, its PDF set-up, and the drawing of its pages into a
finished file: a home PDF, a copy shop's press sheets, or a print-on-demand upload."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Hashable, Iterable, Sequence

import msgspec
from msgspec.structs import replace

from ..draw.sheet import Artist, draw_pages
from ..draw.theme import Theme, make_theme
from ..games import GAMES
from ..geometry.pages import Page, impose, sheet_count
from ..geometry.press import plan_pod_page, plan_press_sheet
from ..geometry.sheet import SheetPlan, plan_apart, plan_fold, plan_sheet
from ..output.pdf import PdfDocument, PdfSettings
from ..settings.declarations import is_cmyk
from ..settings.options import SheetOptions, Style
from ..typeface.font import Font
from ..units import is_us_paper, plural
from .sources import load_emblem

if TYPE_CHECKING:
    from ..geometry.services import Service


class CardPrinting(msgspec.Struct, frozen=True):
    """How one component's cards are printed: laid out at ``card_size`` with ``bleed`` (a
    service may sell another size than the component's), placed by ``plan``."""

    card_size: tuple[float, float]
    bleed: float
    plan: SheetPlan
    service: Service | None = None
    pixels: tuple[int, int] | None = None  # a page's size in the service's pixels, for image uploads


class PrintedCards(msgspec.Struct, frozen=True):
    pdf: bytes
    pages: int
    sheets: int
    plan: SheetPlan  # the printing's, or the home plan that keeps cards of different grounds apart
    images: tuple[tuple[str, bytes], ...] = ()  # (file name, PNG) in upload order, for services that take images


def card_printing(card_size: tuple[float, float], sheet: SheetOptions) -> CardPrinting:
    if sheet.profile == "shop":
        plan = plan_press_sheet(sheet.paper, card_size, sheet.bleed, sheet.gutter, sheet.margin, sheet.marks)
        return CardPrinting(card_size, sheet.bleed, plan)
    if sheet.profile == "pod":
        from ..geometry.services import SERVICES  # the services' tables: only for their files

        return _pod_printing(card_size, sheet, SERVICES[sheet.service or "generic"])
    plan = plan_fold(sheet.paper, card_size, sheet.margin) if sheet.sides == "fold" else \
        plan_sheet(sheet.paper, card_size, sheet.margin)
    return CardPrinting(card_size, plan.bleed, plan)


def _pod_printing(card_size: tuple[float, float], sheet: SheetOptions, service: Service) -> CardPrinting:
    """A service's own card size nearest the component's, drawn turned on its portrait page
    when the card is landscape; the generic service keeps the component's size."""
    bleed = sheet.bleed if service.bleed is None else service.bleed
    if not service.stocks:
        return CardPrinting(card_size, bleed, plan_pod_page(card_size, bleed, sheet.marks), service)
    from ..geometry.services import closest_stock, pixel_size

    stock, turned = closest_stock(service, card_size)
    size = (stock.height, stock.width) if turned else (stock.width, stock.height)
    return CardPrinting(size, bleed, plan_pod_page(size, bleed, sheet.marks, turned), service,
                        pixel_size(service, stock) if service.images and not sheet.marks else None)


def card_theme(sheet: SheetOptions, style: Style, font: Font | None = None) -> Theme:
    """The component's theme; with ``font`` (the file's embedded font, which a drawing starts
    in), the user's emblem as well, for components that print it."""
    theme = make_theme(is_cmyk(sheet.profile), dict(style.colours), style.title, ink_limit=ink_limit(sheet),
                       ink=style.ink)
    if font is None or style.emblem is None:
        return theme
    condition = output_condition(sheet) if is_cmyk(sheet.profile) else None
    return replace(theme, emblem=load_emblem(style.emblem, theme, ink_limit(sheet), font.name, condition))


def ink_limit(sheet: SheetOptions) -> int:
    """The user's limit, or the service's where that is lower."""
    service = _service(sheet)
    return min(sheet.ink_limit, service.ink_limit) if service else sheet.ink_limit


def output_condition(sheet: SheetOptions) -> str:
    """The user's, else the usual one where the cards are printed: by the service that sells
    them, else by the paper."""
    service = _service(sheet)
    return condition_for(sheet.output_condition,
                         service.us_based if service and service.stocks else is_us_paper(sheet.paper))


def _service(sheet: SheetOptions) -> Service | None:
    if sheet.profile != "pod" or not sheet.service:
        return None
    from ..geometry.services import SERVICES

    return SERVICES[sheet.service]


def condition_for(chosen: str | None, us: bool) -> str:
    """The chosen output condition, else the usual one: CGATS TR 001 (SWOP) in the US, FOGRA39
    elsewhere."""
    return chosen or ("CGATS TR 001" if us else "FOGRA39")


IMAGES_PROGRESS_FROM = 100  # card faces drawn as images in half a second or more: say what is happening


def print_cards(what: str, printing: CardPrinting, cards: Sequence[tuple[object, object]], artist: Artist,
                theme: Theme, sheet: SheetOptions, style: Style, font: Font, same_up: bool = False,
                grounds: Sequence[Hashable] | None = None,
                progress: Callable[[str], None] = lambda step: None) -> PrintedCards:
    """Impose and draw the cards; press files come out as checked PDF/X-1a, and a service that
    takes images gets one PNG a face as well. ``same_up``: each back keeps its front's up edge
    (``SheetPlan.back_slots``). ``grounds``: each card's ground (front and back together),
    where the cards' grounds differ: a home sheet then never butts two different ones.
    ``progress`` hears of the one long step, drawing each face as an image for a service."""
    plan, slots = _home_apart(printing.plan, cards, grounds, sheet)
    document = PdfDocument(pdf_settings(what, plan, sheet, style, font))
    back_first = printing.service is not None and printing.service.back_first
    press = is_cmyk(sheet.profile)
    offset = (0.0, 0.0) if press else sheet.back_offset
    sheets = sheet_count(plan, len(slots))
    imposed = impose(plan, slots, sheet.sides, offset, back_first, same_up)  # type: ignore[arg-type]
    pages = _with_slugs(imposed, what, sheet, sheets)
    count = draw_pages(document.canvas, pages, artist, theme, font.name)
    pdf = document.finish()
    if not press:
        return PrintedCards(pdf, count, sheets, plan)
    from .press import face_images, finish_for_press  # pikepdf and the checks only for press files

    pdf = finish_for_press(pdf, output_condition(sheet), ink_limit(sheet))
    if printing.pixels is None:
        return PrintedCards(pdf, count, sheets, plan)
    dpi = printing.service.dpi  # type: ignore[union-attr]
    if count >= IMAGES_PROGRESS_FROM:
        progress(f"drawing {plural(count, 'card face')} as images at {dpi} dpi")
    images = face_images(pdf, printing.pixels, dpi, what, back_first)
    return PrintedCards(pdf, count, sheets, plan, images)


def _home_apart(plan: SheetPlan, cards: Sequence[tuple[object, object]], grounds: Sequence[Hashable] | None,
                sheet: SheetOptions) -> tuple[SheetPlan, list[tuple[object, object] | None]]:
    """The plan and each slot's card: as given, unless a home sheet must keep cards of
    different grounds apart (``plan_apart``); a press sheet's gutter already does."""
    if grounds is None or plan.press:
        return plan, list(cards)
    apart, order = plan_apart(sheet.paper, (plan.card_width, plan.card_height), sheet.margin, grounds, plan.fold)
    return apart, [None if index is None else cards[index] for index in order]


def _with_slugs(pages: Iterable[Page], what: str, sheet: SheetOptions, sheets: int) -> Iterable[Page]:
    """Each press sheet says what it is, so that nobody at the shop mixes up sheets or sides."""
    flip = {"long-edge": "turn over on the long edge", "short-edge": "turn over on the short edge"}.get(sheet.sides, "")
    for page in pages:
        if page.slug_at is None:
            yield page
            continue
        parts = [sheet.file_name, in_sentence(what), f"sheet {page.sheet} of {sheets}", page.side, flip]
        yield replace(page, slug="  ·  ".join(part for part in parts if part))


def pdf_settings(what: str, plan: SheetPlan, sheet: SheetOptions, style: Style, font: Font) -> PdfSettings:
    """The PDF set-up of a card component: duplex unless folded or pod, CMYK for a press."""
    duplex = None if plan.fold or sheet.profile == "pod" else sheet.sides
    return PdfSettings(
        title=document_title(what, style),
        page_size=(plan.page_width, plan.page_height),
        font_name=font.name,
        duplex=duplex,
        cmyk=is_cmyk(sheet.profile),
    )


def document_title(what: str, style: Style) -> str:
    """A PDF's title, as viewers show it: the kit's title first when it has one."""
    return f"{style.title}: {in_sentence(what)}" if style.title else what


def in_sentence(what: str) -> str:
    """A component's name inside a sentence: 'Key cards' -> 'key cards'; a game's own name keeps
    its capital (``Game.in_sentence``)."""
    proper = {game.in_sentence for game in GAMES.values()}
    first, space, rest = what.partition(" ")
    return (first if first in proper else first.lower()) + space + rest
