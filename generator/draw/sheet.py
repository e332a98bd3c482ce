"""Drawing finished pages: each face through its component's artist, then the cut marks.

The geometry decides where every face goes (``geometry.sheet.impose``); this module applies
the page's boxes, offset and matrices, so face drawing works in its own card coordinates and
never knows where it sits.
"""

from __future__ import annotations

from typing import Generic, Iterable, Protocol, TypeVar

from reportlab.pdfgen.canvas import Canvas

from ..geometry.sheet import Box, Page
from .paint import stroke
from .theme import Theme

Face = TypeVar("Face", contravariant=True)


class Artist(Protocol, Generic[Face]):
    """Draws one component's faces: ``define`` once per canvas, ``draw`` once per face."""

    def define(self, canvas: Canvas) -> None: ...

    def draw(self, canvas: Canvas, face: Face) -> None: ...


def draw_pages(canvas: Canvas, pages: Iterable[Page], artist: Artist, theme: Theme) -> int:
    """Draw every page; returns how many there were."""
    artist.define(canvas)
    count = 0
    for page in pages:
        begin_page(canvas, page)
        for matrix, face in page.faces:
            canvas.saveState()
            canvas.transform(*matrix)
            artist.draw(canvas, face)
            canvas.restoreState()
        stroke(canvas, theme.cut_mark, theme.cut_mark_width)
        for mark in page.marks:
            canvas.line(mark.x1, mark.y1, mark.x2, mark.y2)
        if page.fold_line is not None:
            _draw_fold_line(canvas, page, theme)
        canvas.showPage()
        count += 1
    return count


def begin_page(canvas: Canvas, page: Page) -> None:
    """Every page states its own size and boxes, and moves by its offset: the one way back
    pages are shifted to make up for a printer's misregistration. showPage resets it."""
    canvas.setPageSize(page.size)
    set_boxes(canvas, page.trim, page.bleed)
    if page.offset != (0.0, 0.0):
        canvas.translate(*page.offset)


def set_boxes(canvas: Canvas, trim: Box, bleed: Box) -> None:
    canvas.setTrimBox((trim.x, trim.y, trim.right, trim.top))
    canvas.setBleedBox((bleed.x, bleed.y, bleed.right, bleed.top))


def _draw_fold_line(canvas: Canvas, page: Page, theme: Theme) -> None:
    line = page.fold_line
    canvas.saveState()
    stroke(canvas, theme.cut_mark, 0.5)
    canvas.setDash(4, 3)
    canvas.line(line.x1, line.y1, line.x2, line.y2)
    canvas.restoreState()
