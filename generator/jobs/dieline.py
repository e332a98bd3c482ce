"""What every net to cut and fold shares (the box, the key stand): its pages for the profile,
one net a page, drawn with its bleed, glue and lines, and finished for a press where the
profile asks for one."""

from __future__ import annotations

from typing import Sequence

import msgspec
from reportlab.pdfgen.canvas import Canvas

from ..draw.dieline import PanelArt, draw_net
from ..draw.paint import fill, stroke
from ..draw.sheet import set_boxes
from ..draw.theme import Theme
from ..geometry.dieline import DielinePages, Net, NetSheet, place_nets
from ..geometry.press import SLUG_SIZE, mark_room
from ..geometry.sheet import Box
from ..output.pdf import PdfDocument, PdfSettings
from ..settings.declarations import is_cmyk
from ..settings.options import SheetOptions, Style
from ..typeface.font import Font
from ..units import MM
from .cards import card_theme, document_title, in_sentence, ink_limit, output_condition

NOTE_SIZE = 7.0  # points: a page's note beside its net (the type scale's caption)


class PrintedNets(msgspec.Struct, frozen=True):
    pdf: bytes
    pages: int
    placement: DielinePages


def net_sheet(sheet: SheetOptions) -> NetSheet:
    return NetSheet(sheet.profile, sheet.paper, sheet.margin, sheet.bleed, sheet.marks)


def net_theme(sheet: SheetOptions, style: Style, font: Font) -> Theme:
    """The kit's theme for the profile: CMYK for a press, within its ink limit, with the user's
    emblem (``font``: the file's embedded font, which an SVG's drawing starts in)."""
    return card_theme(sheet, style, font)


def print_nets(what: str, nets: Sequence[Net], art: PanelArt | Sequence[PanelArt], sheet: SheetOptions, style: Style,
               font: Font, theme: Theme | None = None, notes: Sequence[str] = ()) -> PrintedNets:
    """One net a page (each already lying the way it fits: ``geometry.dieline.fitted``), its
    panels drawn by ``art`` (one callback for all, or one a net), a page's ``notes`` line in
    the paper's free space beside it; shop and pod files come out as checked PDF/X-1a."""
    theme = theme or net_theme(sheet, style, font)
    placement = place_nets(nets, net_sheet(sheet))
    arts = list(art) if isinstance(art, Sequence) else [art] * len(nets)
    press = is_cmyk(sheet.profile)
    document = PdfDocument(PdfSettings(title=document_title(what, style), page_size=placement.sizes[0],
                                       font_name=font.name, cmyk=press))
    canvas = document.canvas
    for index, placed in enumerate(placement.placed):
        _begin(canvas, placement, index)
        draw_net(canvas, placed.net, theme, placement.bleed, arts[index])
        _marks(canvas, placement, index, theme)
        slug = "  ·  ".join([sheet.file_name, in_sentence(what), f"sheet {index + 1} of {placement.pages}"])
        if placement.slugs[index] is not None:
            _text(canvas, placement.slugs[index], slug, theme, font, SLUG_SIZE)  # type: ignore[arg-type]
        note = notes[index] if index < len(notes) else ""
        if note and sheet.profile != "pod":
            _note(canvas, placement, index, note, theme, font, sheet.margin)
        canvas.showPage()
    pdf = document.finish()
    if press:
        from .press import finish_for_press  # pikepdf and the checks only for press files

        pdf = finish_for_press(pdf, output_condition(sheet), ink_limit(sheet))
    return PrintedNets(pdf, placement.pages, placement)


def _begin(canvas: Canvas, placement: DielinePages, index: int) -> None:
    canvas.setPageSize(placement.sizes[index])
    trim = placement.trims[index]
    bleed = placement.bleed
    set_boxes(canvas, trim, Box(trim.x - bleed, trim.y - bleed, trim.width + 2 * bleed, trim.height + 2 * bleed))


def _marks(canvas: Canvas, placement: DielinePages, index: int, theme: Theme) -> None:
    if not placement.marks or not placement.marks[index]:
        return
    stroke(canvas, theme.cut_mark, theme.cut_mark_width)
    for (x1, y1), (x2, y2) in placement.marks[index]:
        canvas.line(x1, y1, x2, y2)


def _text(canvas: Canvas, at: tuple[float, float], text: str, theme: Theme, font: Font, size: float) -> None:
    canvas.saveState()
    fill(canvas, theme.text)
    canvas.setFont(font.name, size)
    canvas.drawString(at[0], at[1], text)
    canvas.restoreState()


def _note(canvas: Canvas, placement: DielinePages, index: int, note: str, theme: Theme, font: Font,
          margin: float) -> None:
    """The note's lines go in the printable strip above the net's bleed, else turned up the
    strip at its left; left out where neither has room."""
    width, height = placement.sizes[index]
    trim = placement.trims[index]
    marked = bool(placement.marks and placement.marks[index])
    bleed = mark_room(placement.bleed, marked) + (1 * MM if marked else 0.0)  # clear of the bleed and the marks
    lines = note.split("\n")
    leading = NOTE_SIZE * 1.3
    needed = leading * len(lines) + NOTE_SIZE * 0.3
    length = max(font.width(line, NOTE_SIZE) for line in lines)
    above = height - margin - (trim.top + bleed)
    beside = trim.x - bleed - margin
    if above >= needed and length <= width - 2 * margin:
        left = max(margin, min(trim.x, width - margin - length))
        top = trim.top + bleed + needed - NOTE_SIZE
        for number, line in enumerate(lines):
            _text(canvas, (left, top - number * leading), line, theme, font, NOTE_SIZE)
    elif beside >= needed and length <= height - 2 * margin:
        canvas.saveState()
        canvas.translate(trim.x - bleed - needed + NOTE_SIZE, max(margin, trim.y))
        canvas.rotate(90)
        for number, line in enumerate(lines):
            _text(canvas, (0, -number * leading), line, theme, font, NOTE_SIZE)
        canvas.restoreState()
