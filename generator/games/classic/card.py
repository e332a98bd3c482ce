"""The classic key card's face: a 5 x 5 grid, four lights in the starting team's colour, the
kit's frame and a small card number; and the plain back that single-sided cards share. The
starting team shows by shape as well as colour: red lights are pointed at both ends, blue
ones rounded. With three or four teams each light is a row of the teams in the order they
play, the starting team first and longest, each in its colour with its symbol, read clockwise
round the grid from any side. The picture edition's key card is this card over its 5 x 4
grid, with a corner mark (``games/pictures/card.py``).
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
from ...model.roles import ASSASSIN, BYSTANDER, TEAM_ROLES, Role, play_order, role_of, team_role
from ...typeface.font import Font
from ...units import MM
from .deal import Key


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
                 scale: float = 1.0, back_title: str = "KEY CARD", teams: int = 2, assassins: int = 1):
        self.layout, self.font, self.theme = layout, font, theme
        self.teams = TEAM_ROLES[:teams]  # the teams of its game, in the roles table's order
        self.no_assassin = assassins == 0  # a key without one says so in a corner
        self.common_back = common_back  # single-sided cards: declare their plain back too
        self.back_title = back_title  # printed under the emblem on that back, in the kit's language
        self.frame_width = frame_width(scale)
        self.frame_colour = frame_colour(theme, scale)  # the brown at full size, a hairline drawn small

    def define(self, canvas: Canvas) -> None:
        if self.common_back:
            self._define_common_back(canvas)
        layout, theme, area = self.layout, self.theme, self.layout.bleed_box
        for team in self.teams:
            if canvas.hasForm(self._frame_form(team.letter)):
                continue
            begin_form(canvas, self._frame_form(team.letter), area)
            draw_ground_and_frame(canvas, area, layout.frame, theme, self.frame_width, self.frame_colour)
            order = play_order(len(self.teams), team.name)
            for side, light in enumerate(layout.lights):
                if len(order) == 2:
                    _draw_light(canvas, light, team, theme)
                else:
                    _draw_turns(canvas, light, side, order, _grid_side(layout, side), theme)
            if self.no_assassin:
                _draw_no_assassin(canvas, layout, self.font, theme)
            self.draw_on_frame(canvas)
            canvas.endForm()
        letters = [team.letter for team in self.teams] + [BYSTANDER, ASSASSIN]
        define_cell_forms(canvas, layout.cells[0], tuple(letters), theme)

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


NO_ASSASSIN_MARK = 3.6 * MM  # the side of the small assassin's cell a key with no assassin counts as 0


def _draw_no_assassin(canvas: Canvas, layout: KeyFaceLayout, font: Font, theme: Theme) -> None:
    """"0" beside a small assassin's cell, in the bottom-right corner: the key has no assassin,
    which reads without words and in black and white."""
    x, y = layout.corner_mark_centre(NO_ASSASSIN_MARK)
    half = NO_ASSASSIN_MARK / 2
    fill(canvas, theme.colour(role_of(ASSASSIN).colour))
    canvas.roundRect(x - half, y - half, NO_ASSASSIN_MARK, NO_ASSASSIN_MARK, half * 0.3, stroke=0, fill=1)
    draw_role_symbol(canvas, ASSASSIN, x, y, NO_ASSASSIN_MARK * 0.6, theme.colour(role_of(ASSASSIN).on_colour))
    fill(canvas, theme.text)
    canvas.setFont(font.name, NUMBER_SIZE)
    canvas.drawRightString(x - half - CONTENT_GAP / 2, y - font.cap_height * NUMBER_SIZE / 2, "0")


def _grid_side(layout: KeyFaceLayout, side: int) -> float:
    """The grid's extent along the card's ``side`` (0 top, 1 right, 2 bottom, 3 left)."""
    cells = layout.cells
    if side in (0, 2):
        return max(cell.right for cell in cells) - min(cell.x for cell in cells)
    return max(cell.top for cell in cells) - min(cell.y for cell in cells)


def _draw_light(canvas: Canvas, box: Box, team: Role, theme: Theme) -> None:
    """A light in the team's colour and shape (``Role.light``): red's is pointed at both ends
    (a long hexagon, like its diamond), blue's rounded (a pill, like its disc), green's square,
    orange's slanted, so that the starting team shows by shape in black and white."""
    fill(canvas, theme.colour(team.colour))
    thickness = min(box.width, box.height)
    if team.light == "pointed":
        canvas.drawPath(_pointed(canvas, box), stroke=0, fill=1)
    elif team.light == "square":
        canvas.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)
    elif team.light == "slanted":
        canvas.drawPath(_slanted(canvas, box), stroke=0, fill=1)
    else:
        canvas.roundRect(box.x, box.y, box.width, box.height, thickness / 2, stroke=0, fill=1)
    draw_role_symbol(canvas, team.letter, *box.centre, thickness * 0.72, theme.colour(team.on_colour))


TURN_GAP = 0.7 * MM  # between the teams' lights in a row of turns
TURN_UNIT = 5.5 * MM  # each team's light in the row but the starting team's, which is twice as long
TURN_ROOM = 0.7  # the most of the grid's side a row of turns takes


def _draw_turns(canvas: Canvas, light: Box, side: int, order: tuple[Role, ...], grid: float, theme: Theme) -> None:
    """The light on ``side`` (0 top, 1 right, 2 bottom, 3 left) of a card for three or four
    teams: a row of the teams in the order they play, centred where the light is, running
    clockwise round the grid (left to right along the top, down the right, right to left
    along the bottom, up the left), so that from whichever side a spymaster reads the card
    the row reads left to right; the starting team's light is twice as long as each of the
    others', and each carries its team's symbol. ``grid``: the grid's side along the row."""
    gaps = TURN_GAP * (len(order) - 1)
    along = min(TURN_ROOM * grid, (len(order) + 1) * TURN_UNIT + gaps)
    unit = (along - gaps) / (len(order) + 1)
    across = min(light.width, light.height)
    middle_x, middle_y = light.centre
    start = 0.0
    for team, length in zip(order, [2 * unit] + [unit] * (len(order) - 1)):
        if side in (0, 2):
            left = middle_x - along / 2 + start if side == 0 else middle_x + along / 2 - start - length
            chip = Box(left, middle_y - across / 2, length, across)
        else:
            bottom = middle_y + along / 2 - start - length if side == 1 else middle_y - along / 2 + start
            chip = Box(middle_x - across / 2, bottom, across, length)
        _draw_light(canvas, chip, team, theme)
        start += length + TURN_GAP


def _slanted(canvas: Canvas, box: Box) -> PDFPathObject:
    """A parallelogram filling ``box``, its two ends slanted like a triangle's sides."""
    lean = min(box.width, box.height) / 2
    x, y, right, top = box.x, box.y, box.right, box.top
    if box.width >= box.height:
        points = [(x, y), (right - lean, y), (right, top), (x + lean, top)]
    else:
        points = [(x, y + lean), (right, y), (right, top - lean), (x, top)]
    return polygon_path(canvas, points)


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
