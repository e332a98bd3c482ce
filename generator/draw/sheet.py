"""Drawing finished pages: each face through its component's artist, then the cut marks.

The geometry decides where every face goes (``geometry.pages.impose``); this module applies
the page's boxes, offset, clips and matrices, so face drawing works in its own card
coordinates and never knows where it sits.
"""

from __future__ import annotations

from typing import Any, Generic, Iterable, Mapping, Protocol, Sequence, TypeVar

import msgspec
from reportlab.pdfgen.canvas import Canvas

from ..geometry.pages import Page, Placed
from ..geometry.press import SLUG_SIZE
from ..geometry.sheet import Box
from .paint import fill, stroke
from .theme import Theme

Face = TypeVar("Face", contravariant=True)


class Artist(Protocol, Generic[Face]):
    """Draws one component's faces: ``define`` once per canvas, ``draw`` once per face."""

    def define(self, canvas: Canvas) -> None: ...

    def draw(self, canvas: Canvas, face: Face) -> None: ...


class CardFaces(msgspec.Struct, frozen=True):
    """A component's cards as its job draws them: each card's front and back face, and the
    artist that draws a face in a box of ``card_size`` points (defined once on each canvas)."""

    title: str  # "Codename cards", "Key cards", "Agent tiles"
    card_size: tuple[float, float]
    faces: Sequence[tuple[Any, Any]]
    artist: Any  # an Artist of these faces
    same_up: bool = False  # each back keeps its front's up edge when the card is turned over
    named: Mapping[str, Any] = msgspec.field(default_factory=dict)  # a codename's face, by its text or name


def draw_pages(canvas: Canvas, pages: Iterable[Page], artist: Artist, theme: Theme, font_name: str = "") -> int:
    """Draw every page; returns how many there were. ``font_name``: the slug line's font."""
    artist.define(canvas)
    count = 0
    for page in pages:
        begin_page(canvas, page)
        for placed in page.faces:
            _draw_face(canvas, placed, artist)
        # One ink: black alone on press sheets, where a mark shows where to trim, not how the
        # inks register (geometry.press says why).
        stroke(canvas, theme.cut_mark, theme.cut_mark_width)
        for mark in page.marks:
            canvas.line(mark.x1, mark.y1, mark.x2, mark.y2)
        if page.fold_line is not None:
            _draw_fold_line(canvas, page, theme)
        if page.slug_at is not None and page.slug:
            _draw_slug(canvas, page, theme, font_name)
        canvas.showPage()
        count += 1
    return count


def _draw_face(canvas: Canvas, placed: Placed, artist: Artist) -> None:
    canvas.saveState()
    if placed.clip is not None:  # the bleed stops at the gutter's middle or the margin, never on a neighbour
        clip = canvas.beginPath()
        clip.rect(placed.clip.x, placed.clip.y, placed.clip.width, placed.clip.height)
        canvas.clipPath(clip, stroke=0, fill=0)
    canvas.transform(*placed.matrix)
    artist.draw(canvas, placed.face)
    canvas.restoreState()


def _draw_slug(canvas: Canvas, page: Page, theme: Theme, font_name: str) -> None:
    canvas.saveState()
    fill(canvas, theme.cut_mark)
    canvas.setFont(font_name, SLUG_SIZE)
    assert page.slug_at is not None, "only a page with a slug line draws one"
    x, y = page.slug_at
    canvas.drawString(x, y, page.slug)
    canvas.restoreState()


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
    assert line is not None, "only a page with a fold line draws one"
    canvas.saveState()
    stroke(canvas, theme.cut_mark, 0.5)
    canvas.setDash(4, 3)
    canvas.line(line.x1, line.y1, line.x2, line.y2)
    canvas.restoreState()
