"""The key card face: a 5 x 5 grid, four lights and a frame in the starting team's colour,
and a small card number. Colour is never the only signal: every cell type and both teams'
lights carry their own symbol, so the card reads in black and white and for colour-blind
players. The symbols are vector shapes, not font glyphs, so no font can lack them.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..keys import ASSASSIN, BLUE, BYSTANDER, RED, SIDE, Key
from ..layout import Box
from ..theme import Colour, Theme
from ..typeface import Font
from ..units import MM
from .emblem import draw_keyhole_emblem
from .paint import centre, fill, form_name, stroke
from .symbols import draw_role_symbol

CELL_GAP = 1.0 * MM
GRID_MARGIN = 10.0 * MM  # from the cut to the grid: room for the lights and the number
FRAME_INSET = 5.4 * MM  # the lights straddle the frame and stay 3 mm inside the cut
LIGHT_LENGTH = 16.0 * MM
LIGHT_WIDTH = 4.4 * MM
NUMBER_SIZE = 7.0


@dataclass(frozen=True)
class KeyFaceLayout:
    card: Box
    cells: tuple[Box, ...]  # row-major, top row first, as the card is read
    frame: Box
    lights: tuple[Box, ...]  # top, right, bottom, left
    bleed: float = 0.0  # how far the background runs past the cut (print-shop pages)

    @property
    def bleed_box(self) -> Box:
        return self.card.inset(-self.bleed)

    @property
    def number_origin(self) -> tuple[float, float]:
        """Bottom-left corner, inside the frame: where the card number's text starts."""
        return self.frame.x + 1.8 * MM, self.frame.y + 1.8 * MM


def key_face_layout(card_width: float, card_height: float, bleed: float = 0.0) -> KeyFaceLayout:
    card = Box(0, 0, card_width, card_height)
    side = min(card_width, card_height) - 2 * GRID_MARGIN
    cell = (side - (SIDE - 1) * CELL_GAP) / SIDE
    left = (card_width - side) / 2
    top = (card_height + side) / 2
    cells = tuple(
        Box(left + column * (cell + CELL_GAP), top - (row + 1) * cell - row * CELL_GAP, cell, cell)
        for row in range(SIDE)
        for column in range(SIDE)
    )
    frame = card.inset(FRAME_INSET)
    middle_x, middle_y = centre(card)
    half_length, half_width = LIGHT_LENGTH / 2, LIGHT_WIDTH / 2
    lights = (
        Box(middle_x - half_length, frame.top - half_width, LIGHT_LENGTH, LIGHT_WIDTH),
        Box(frame.right - half_width, middle_y - half_length, LIGHT_WIDTH, LIGHT_LENGTH),
        Box(middle_x - half_length, frame.y - half_width, LIGHT_LENGTH, LIGHT_WIDTH),
        Box(frame.x - half_width, middle_y - half_length, LIGHT_WIDTH, LIGHT_LENGTH),
    )
    return KeyFaceLayout(card, cells, frame, lights, bleed)


def define_key_card_artwork(canvas: Canvas, layout: KeyFaceLayout, theme: Theme) -> None:
    """Declare the pieces every key face is built from, once per canvas: a card with its frame
    and lights for each starting team, and one cell of each kind. Faces then only place them,
    which keeps a 500-card deck small and quick to write. Pieces already declared (by another
    component of a combined kit) are reused.
    """
    area = layout.bleed_box
    for team_letter, team in ((RED, theme.red), (BLUE, theme.blue)):
        if canvas.hasForm(_frame_form(layout, team_letter)):
            continue
        canvas.beginForm(_frame_form(layout, team_letter), area.x, area.y, area.right, area.top)
        fill(canvas, theme.card)
        canvas.rect(area.x, area.y, area.width, area.height, stroke=0, fill=1)
        stroke(canvas, team, 1.4)
        frame = layout.frame
        canvas.roundRect(frame.x, frame.y, frame.width, frame.height, 2 * MM, stroke=1, fill=0)
        for light in layout.lights:
            _draw_light(canvas, light, team, team_letter, theme)
        canvas.endForm()
    cell = Box(0, 0, layout.cells[0].width, layout.cells[0].height)
    for letter in (RED, BLUE, BYSTANDER, ASSASSIN):
        if canvas.hasForm(_cell_form(layout, letter)):
            continue
        canvas.beginForm(_cell_form(layout, letter), 0, 0, cell.width, cell.height)
        _draw_cell(canvas, cell, letter, theme)
        canvas.endForm()


def _frame_form(layout: KeyFaceLayout, team_letter: str) -> str:
    return form_name(f"key-frame-{team_letter}", layout.bleed_box)


def _cell_form(layout: KeyFaceLayout, letter: str) -> str:
    return form_name(f"key-cell-{letter}", layout.cells[0])


def draw_key_face(canvas: Canvas, layout: KeyFaceLayout, key: Key, label: str, font: Font, theme: Theme) -> None:
    """One key in card coordinates: row 0 of ``key`` at the top, ``label`` upright.

    Needs ``define_key_card_artwork`` on the same canvas first.
    """
    canvas.doForm(_frame_form(layout, RED if key.starting == "red" else BLUE))
    for box, letter in zip(layout.cells, key.cells):
        canvas.saveState()
        canvas.translate(box.x, box.y)
        canvas.doForm(_cell_form(layout, letter))
        canvas.restoreState()
    fill(canvas, theme.text)
    canvas.setFont(font.name, NUMBER_SIZE)
    canvas.drawString(*layout.number_origin, label)


def _draw_light(canvas: Canvas, box: Box, team: Colour, letter: str, theme: Theme) -> None:
    fill(canvas, team)
    canvas.roundRect(box.x, box.y, box.width, box.height, min(box.width, box.height) / 2, stroke=0, fill=1)
    draw_role_symbol(canvas, letter, *centre(box), min(box.width, box.height) * 0.72, theme.on_colour)


def _draw_cell(canvas: Canvas, box: Box, letter: str, theme: Theme) -> None:
    colours = {
        RED: (theme.red, theme.on_colour),
        BLUE: (theme.blue, theme.on_colour),
        BYSTANDER: (theme.bystander, theme.on_bystander),
        ASSASSIN: (theme.assassin, theme.on_colour),
    }
    background, foreground = colours[letter]
    fill(canvas, background)
    canvas.roundRect(box.x, box.y, box.width, box.height, 0.8 * MM, stroke=0, fill=1)
    draw_role_symbol(canvas, letter, *centre(box), box.width * 0.46, foreground)


def define_common_back(canvas: Canvas, layout: KeyFaceLayout, font: Font, theme: Theme) -> None:
    """The plain back shared by single-sided key cards: the same on every card, drawn once."""
    card, area = layout.card, layout.bleed_box
    if canvas.hasForm(_back_form(layout)):
        return
    canvas.beginForm(_back_form(layout), area.x, area.y, area.right, area.top)
    fill(canvas, theme.card)
    canvas.rect(area.x, area.y, area.width, area.height, stroke=0, fill=1)
    stroke(canvas, theme.outline, 1.4)
    frame = layout.frame
    canvas.roundRect(frame.x, frame.y, frame.width, frame.height, 2 * MM, stroke=1, fill=0)
    middle_x, middle_y = centre(card)
    radius = min(card.width, card.height) * 0.16
    draw_keyhole_emblem(canvas, middle_x, middle_y + radius * 0.35, radius, theme.outline, 2)
    fill(canvas, theme.text)
    canvas.setFont(font.name, 11)
    canvas.drawCentredString(middle_x, middle_y - radius * 1.25, "KEY CARD")
    if theme.title:
        canvas.setFont(font.name, 8)
        canvas.drawCentredString(middle_x, layout.frame.y + 3 * MM, theme.title)
    canvas.endForm()


def _back_form(layout: KeyFaceLayout) -> str:
    return form_name("key-back", layout.bleed_box)


def draw_common_back(canvas: Canvas, layout: KeyFaceLayout) -> None:
    canvas.doForm(_back_form(layout))
