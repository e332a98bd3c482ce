"""What every key card face shares, whatever the game: the card's ground and the kit's frame,
one form per kind of cell (its role's colour and symbol), and the small card number. Colour
is never the only signal: every role keeps its own symbol (``symbols``), so a card reads in
black and white and for colour-blind players. The symbols are vector shapes, not font glyphs,
so no font can lack them. Each game's own face (lights, a tab) is drawn by the game.

The assassin's cell is striped as well as black: white stripes round its edge
(``draw_cell_ground``). In grey the navy agents (luma 44) and the black assassin (0) are both
near black, and a toner-saving laser prints them alike; stripes of bare paper are a pattern
that no printer's tones can merge. The stripes are at least 2 pt wide, so that on a press
the four inks of the rich black cannot close them up.

The frame is the kit's brown (``Theme.accent``) where the card is drawn at full size: on a
press file that draws it ``COLOUR_LINE_MIN`` wide (``frame_colour``).
"""

from __future__ import annotations

import math

from reportlab.pdfgen.canvas import Canvas

from ..geometry.sheet import Box
from ..geometry.stripes import Stripes, striped_band, striped_ends
from ..geometry.style import CAPTION, FRAME_LINE, FRAME_RADIUS
from ..model.roles import role_of
from ..typeface.font import Font
from ..units import MM
from .paint import draw_stripes, fill, form_name, stroke
from .symbols import draw_role_symbol
from .theme import COLOUR_LINE_MIN, Colour, Theme, drawn_small

NUMBER_SIZE = CAPTION
FRAME_WIDTH = FRAME_LINE  # points: the kit's frame, in the theme's line colour
# Drawn smaller (the rules sheet's example), the frame keeps at least this width as printed.
MIN_PRINTED_FRAME = 0.4
CELL_RADIUS = 0.8 * MM  # a cell is a small panel: rounder than the grid gap, smaller than PANEL_RADIUS
# The assassin's border of stripes, in shares of the cell's width: a band a fifth of the cell
# (its cross keeps the black middle), white stripes as wide as a press keeps open.
ASSASSIN_BAND = 0.2
ASSASSIN_STRIPES = Stripes(period=1.6 * MM, width=COLOUR_LINE_MIN)


def cell_colours(letter: str, theme: Theme) -> tuple[Colour, Colour]:
    """(ground, symbol) of a key card's cell of this letter (any game's roles); the
    rules example covers its words in the same colours."""
    cell = role_of(letter)
    return theme.colour(cell.colour), theme.colour(cell.on_colour)


def frame_colour(theme: Theme, scale: float = 1.0) -> Colour:
    """The frame's colour on a card drawn ``scale`` times its size: the kit's brown at full
    size. A card drawn smaller (the rules sheet's example) keeps the hairline colour, black
    ink on press, where a brown line would have to be drawn 1/scale times 2 pt to print 2 pt."""
    return theme.accent if scale >= 1.0 else drawn_small(theme).accent


def frame_width(scale: float) -> float:
    """The frame is a thin line in the theme's line colour (black ink alone on CMYK files).
    Drawn ``scale`` times its size, as the rules sheet's example is, it keeps a visible width,
    rounded up to what the PDF writes (hundredths)."""
    return max(FRAME_WIDTH, math.ceil(MIN_PRINTED_FRAME / scale * 100) / 100)


def framed_form(name: str, frame_width: float, area: Box) -> str:
    """The name of a card's form (ground and frame) over ``area``: a card drawn smaller, with a
    heavier frame, is another form than the full-size card."""
    width = "" if frame_width == FRAME_WIDTH else f"-{frame_width:.2f}pt"
    return form_name(f"{name}{width}", area)


def draw_ground_and_frame(canvas: Canvas, area: Box, frame: Box, theme: Theme, width: float,
                          colour: Colour | None = None) -> None:
    """The card's ground over ``area`` (the card and its bleed) and the kit's frame, in
    ``colour`` (``frame_colour``; the hairline colour when not given)."""
    fill(canvas, theme.card)
    canvas.rect(area.x, area.y, area.width, area.height, stroke=0, fill=1)
    stroke(canvas, theme.line if colour is None else colour, width)
    canvas.roundRect(frame.x, frame.y, frame.width, frame.height, FRAME_RADIUS, stroke=1, fill=0)


def cell_form(letter: str, cell: Box) -> str:
    """One form per kind of cell and size, shared by every key card on the canvas."""
    return form_name(f"key-cell-{letter}", cell)


def define_cell_forms(canvas: Canvas, cell: Box, letters: tuple[str, ...], theme: Theme) -> None:
    """Declare a form for each of ``letters``' cells at ``cell``'s size, unless declared."""
    for letter in letters:
        if canvas.hasForm(cell_form(letter, cell)):
            continue
        canvas.beginForm(cell_form(letter, cell), 0, 0, cell.width, cell.height)
        _draw_cell(canvas, Box(0, 0, cell.width, cell.height), letter, theme)
        canvas.endForm()


def place_cells(canvas: Canvas, boxes: tuple[Box, ...], letters: tuple[str, ...]) -> None:
    """Each cell's form at its box (forms declared by ``define_cell_forms``)."""
    for box, letter in zip(boxes, letters):
        canvas.saveState()
        canvas.translate(box.x, box.y)
        canvas.doForm(cell_form(letter, box))
        canvas.restoreState()


def draw_number(canvas: Canvas, origin: tuple[float, float], label: str, font: Font, theme: Theme) -> None:
    """The card's number, a caption in the text colour, starting at ``origin``."""
    fill(canvas, theme.text)
    canvas.setFont(font.name, NUMBER_SIZE)
    canvas.drawString(*origin, label)


def draw_cell_ground(canvas: Canvas, box: Box, letter: str, theme: Theme, radius: float = CELL_RADIUS) -> None:
    """A cell's ground in its role's colour, a rounded rectangle; the assassin's with its
    border of stripes (see the module's notes), or stripes at both ends of a long strip (the
    rules' examples cover words with strips). The symbol keeps the black middle."""
    fill(canvas, cell_colours(letter, theme)[0])
    canvas.roundRect(box.x, box.y, box.width, box.height, radius, stroke=0, fill=1)
    if role_of(letter).striped:
        short = min(box.width, box.height)
        pieces = striped_ends(box, ASSASSIN_STRIPES) if max(box.width, box.height) > 2 * short \
            else striped_band(box, short * ASSASSIN_BAND, ASSASSIN_STRIPES)
        draw_stripes(canvas, box, radius, pieces, theme.label)


def _draw_cell(canvas: Canvas, box: Box, letter: str, theme: Theme) -> None:
    draw_cell_ground(canvas, box, letter, theme)
    draw_role_symbol(canvas, letter, *box.centre, box.width * 0.46, cell_colours(letter, theme)[1])
