"""A Duet key card's face: the classic key card's grid, frame and number, and at the top edge a
tab with the side's letter (A or B) between two marks pointing up.

No side has a starting team, so there are no lights. Each cell carries its role's symbol as
well as its colour (agent: a star on green; assassin: a cross on black; bystander: a bar on
khaki), as on the classic card, so a side reads in black and white. The tab's letter is cut out
of the tab (no ink), so it reads on the full and the light ink alike.
"""

from __future__ import annotations

import msgspec
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ...draw.keycard import (
    NUMBER_SIZE,
    define_cell_forms,
    draw_ground_and_frame,
    draw_number,
    frame_colour,
    frame_width,
    framed_form,
    place_cells,
)
from ...draw.paint import begin_form, fill
from ...draw.theme import Theme
from ...geometry.sheet import Box
from ...geometry.style import PANEL_RADIUS
from ...model.roles import AGENT, ASSASSIN, BYSTANDER
from ...typeface.font import Font
from .deal import SIDES
from .face import LETTER_SIZE, DuetFaceLayout


class DuetFace(msgspec.Struct, frozen=True):
    """One side of a Duet key card: its letter, its 25 cells (``G``, ``A``, ``N``, row-major,
    top row first, as that side's player sees them) and the card's number."""

    side: str
    cells: tuple[str, ...]
    number: int

    @property
    def label(self) -> str:
        """'17A': the number in the corner names the side too, for a card found on the floor."""
        return f"{self.number}{self.side}"


class DuetCardArtist:
    """Draws Duet faces from forms: a card (ground, frame, tab) for each side, one cell of each
    kind (shared with the classic key card's forms of the same size). A face then only places
    them and writes its number, which keeps a 1,000-card deck small and quick to write."""

    def __init__(self, layout: DuetFaceLayout, font: Font, theme: Theme, scale: float = 1.0,
                 numbered: bool = True):
        self.layout, self.font, self.theme = layout, font, theme
        self.frame_width = frame_width(scale)
        self.frame_colour = frame_colour(theme, scale)  # the brown at full size, a hairline drawn small
        # A card drawn much smaller (the rules' example) would print its number under the
        # type scale's floor, and needs none: ``numbered=False`` leaves it off.
        self.numbered = numbered

    def define(self, canvas: Canvas) -> None:
        layout, theme, area = self.layout, self.theme, self.layout.key.bleed_box
        for side in SIDES:
            if canvas.hasForm(self._card_form(side)):
                continue
            begin_form(canvas, self._card_form(side), area)
            draw_ground_and_frame(canvas, area, layout.key.frame, theme, self.frame_width, self.frame_colour)
            self._draw_tab(canvas, side)
            canvas.endForm()
        define_cell_forms(canvas, layout.cells[0], (AGENT, BYSTANDER, ASSASSIN), theme)

    def draw(self, canvas: Canvas, face: DuetFace) -> None:
        """One side in card coordinates: its top row and its tab at the top, the number upright."""
        canvas.doForm(self._card_form(face.side))
        place_cells(canvas, self.layout.cells, face.cells)
        if self.numbered:
            draw_number(canvas, self.layout.key.number_origin(self.font.cap_height * NUMBER_SIZE), face.label,
                        self.font, self.theme)

    def _draw_tab(self, canvas: Canvas, side: str) -> None:
        """The tab in the frame's colour, hanging from its top line (square at the top, where it
        meets the line, round below); the letter and the marks cut out of it."""
        theme, tab = self.theme, self.layout.tab
        fill(canvas, theme.accent)
        canvas.drawPath(_hanging(canvas, tab, PANEL_RADIUS), stroke=0, fill=1)
        fill(canvas, theme.label)
        middle_x, middle_y = tab.centre
        canvas.setFont(self.font.name, LETTER_SIZE)
        canvas.drawCentredString(middle_x, middle_y - self.font.cap_height * LETTER_SIZE / 2, side)
        for mark in self.layout.marks:
            canvas.drawPath(_pointing_up(canvas, mark), stroke=0, fill=1)

    def _card_form(self, side: str) -> str:
        return framed_form(f"duet-card-{side}", self.frame_width, self.layout.key.bleed_box)


def _hanging(canvas: Canvas, box: Box, radius: float) -> PDFPathObject:
    """A rectangle with its two lower corners rounded."""
    path = canvas.beginPath()
    path.moveTo(box.x, box.top)
    path.lineTo(box.right, box.top)
    path.lineTo(box.right, box.y + radius)
    path.arcTo(box.right - 2 * radius, box.y, box.right, box.y + 2 * radius, startAng=0, extent=-90)
    path.lineTo(box.x + radius, box.y)
    path.arcTo(box.x, box.y, box.x + 2 * radius, box.y + 2 * radius, startAng=270, extent=-90)
    path.close()
    return path


def _pointing_up(canvas: Canvas, box: Box) -> PDFPathObject:
    """A triangle filling ``box``, its point at the top middle."""
    path = canvas.beginPath()
    path.moveTo(box.x, box.y)
    path.lineTo(box.right, box.y)
    path.lineTo(box.centre[0], box.top)
    path.close()
    return path
