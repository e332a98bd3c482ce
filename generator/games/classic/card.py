"""The classic key card's face: a 5 x 5 grid, four lights in the starting team's colour, the
kit's frame and a small card number; and the plain back that single-sided cards share. The
starting team shows by shape as well as colour: red lights are pointed at both ends, blue
ones rounded. The picture edition's key card is this card over its 5 x 4 grid, with a corner
mark (``games/pictures/card.py``).
"""

from __future__ import annotations

import msgspec
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ...draw.emblem import draw_keyhole_emblem
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
from ...draw.paint import begin_form, fill, form_name, polygon_path
from ...draw.symbols import draw_role_symbol
from ...draw.theme import Theme
from ...geometry.keyface import KeyFaceLayout
from ...geometry.sheet import Box
from ...geometry.style import BODY, CONTENT_GAP, EMBLEM_LINE, FRAME_LINE, LEAD
from ...model.roles import TEAM_ROLES, Role, team_role
from ...typeface.font import Font
from .deal import Key
from .distance import LETTERS


class KeyFace(msgspec.Struct, frozen=True):
    """One face of a key card: a key with its label ("17A"), or None for the plain back that
    single-sided cards share."""

    key: Key | None
    label: str = ""


COMMON_BACK = KeyFace(None)


class KeyCardArtist:
    """Draws key faces from a few forms: a card with its frame and lights for each starting
    team, one cell of each kind, and the common back. Faces then only place them, which keeps a
    500-card deck small and quick to write. Forms already declared on the canvas (by another
    drawing of the same size) are reused. A game whose card wears more than its frame and
    lights (the picture edition's corner mark) names its own card forms (``frame_form_name``)
    and draws the rest in ``draw_on_frame``."""

    frame_form_name = "key-frame"

    def __init__(self, layout: KeyFaceLayout, font: Font, theme: Theme, common_back: bool = False,
                 scale: float = 1.0, back_title: str = "KEY CARD"):
        self.layout, self.font, self.theme = layout, font, theme
        self.common_back = common_back  # single-sided cards: declare their plain back too
        self.back_title = back_title  # printed under the emblem on that back, in the kit's language
        self.frame_width = frame_width(scale)
        self.frame_colour = frame_colour(theme, scale)  # the brown at full size, a hairline drawn small

    def define(self, canvas: Canvas) -> None:
        if self.common_back:
            self._define_common_back(canvas)
        layout, theme, area = self.layout, self.theme, self.layout.bleed_box
        for team in TEAM_ROLES:
            if canvas.hasForm(self._frame_form(team.letter)):
                continue
            begin_form(canvas, self._frame_form(team.letter), area)
            draw_ground_and_frame(canvas, area, layout.frame, theme, self.frame_width, self.frame_colour)
            for light in layout.lights:
                _draw_light(canvas, light, team, theme)
            self.draw_on_frame(canvas)
            canvas.endForm()
        define_cell_forms(canvas, layout.cells[0], LETTERS, theme)

    def draw_on_frame(self, canvas: Canvas) -> None:
        """What the card wears besides its ground, frame and lights, whichever team starts:
        nothing on the classic card."""

    def _define_common_back(self, canvas: Canvas) -> None:
        """The plain back shared by single-sided key cards: the same on every card, drawn once."""
        layout, theme, font = self.layout, self.theme, self.font
        card, area = layout.card, layout.bleed_box
        if canvas.hasForm(self._back_form()):
            return
        begin_form(canvas, self._back_form(), area)
        draw_ground_and_frame(canvas, area, layout.frame, theme, self.frame_width, self.frame_colour)
        frame = layout.frame
        middle_x, middle_y = card.centre
        radius = min(card.width, card.height) * 0.16
        # The emblem fills the back rather than marking a corner: its ring is drawn heavier.
        draw_keyhole_emblem(canvas, middle_x, middle_y + radius * 0.35, radius, theme.accent, 2 * EMBLEM_LINE)
        fill(canvas, theme.text)
        # A long title (SCHLÜSSELKARTE) is set smaller rather than run into the frame.
        room = frame.width - 2 * CONTENT_GAP
        canvas.setFont(font.name, min(LEAD, LEAD * room / max(font.width(self.back_title, LEAD), 1e-6)))
        canvas.drawCentredString(middle_x, middle_y - radius * 1.25, self.back_title)
        if theme.title:
            canvas.setFont(font.name, BODY)
            canvas.drawCentredString(middle_x, frame.y + FRAME_LINE / 2 + CONTENT_GAP, theme.title)
        canvas.endForm()

    def draw(self, canvas: Canvas, face: KeyFace) -> None:
        """One face in card coordinates: row 0 of the key at the top, the label upright."""
        if face.key is None:
            canvas.doForm(self._back_form())
            return
        layout = self.layout
        canvas.doForm(self._frame_form(team_role(face.key.starting).letter))
        place_cells(canvas, layout.cells, face.key.cells)
        if face.label:
            origin = layout.number_origin(self.font.cap_height * NUMBER_SIZE)
            draw_number(canvas, origin, face.label, self.font, self.theme)

    def _frame_form(self, team_letter: str) -> str:
        return framed_form(f"{self.frame_form_name}-{team_letter}", self.frame_width, self.layout.bleed_box)

    def _back_form(self) -> str:
        return form_name("key-back", self.layout.bleed_box)


def _draw_light(canvas: Canvas, box: Box, team: Role, theme: Theme) -> None:
    """A light in the team's colour and shape (``Role.light``): red's is pointed at both ends
    (a long hexagon, like its diamond), blue's rounded (a pill, like its disc), so that the
    starting team shows by shape in black and white."""
    fill(canvas, theme.colour(team.colour))
    thickness = min(box.width, box.height)
    if team.light == "pointed":
        canvas.drawPath(_pointed(canvas, box), stroke=0, fill=1)
    else:
        canvas.roundRect(box.x, box.y, box.width, box.height, thickness / 2, stroke=0, fill=1)
    draw_role_symbol(canvas, team.letter, *box.centre, thickness * 0.72, theme.colour(team.on_colour))


def _pointed(canvas: Canvas, box: Box) -> PDFPathObject:
    """A hexagon filling ``box``, its two ends pointed at right angles."""
    half = min(box.width, box.height) / 2
    x, y, right, top = box.x, box.y, box.right, box.top
    middle_x, middle_y = box.centre
    if box.width >= box.height:
        points = [(x, middle_y), (x + half, top), (right - half, top),
                  (right, middle_y), (right - half, y), (x + half, y)]
    else:
        points = [(middle_x, y), (right, y + half), (right, top - half),
                  (middle_x, top), (x, top - half), (x, y + half)]
    return polygon_path(canvas, points)
