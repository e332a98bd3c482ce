"""Agent, bystander and assassin tiles: the role's colour, a figure in a medallion, the role's
name and the role's symbol (the same one the key cards use), inside the kit's frame. All
artwork is ours, drawn in code.

Full ink: the role's colour to the edge, the frame, name and symbol in white (a dark grey on
bystanders). Light ink (``--ink light``): a pale tint of the role's colour, the frame, name and
symbol in the role's full colour. Either way the figure is in the role's colour on a white
medallion, and red and blue agents wear different figures, so that the teams part in black
and white by shape as well as by tone.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from ..geometry.fit import FittedText
from ..geometry.sheet import Box
from ..geometry.style import FRAME_LINE, FRAME_RADIUS
from ..geometry.tileface import SYMBOL_SIZE, TileLayout
from ..geometry.typeface import Font
from ..model.keys import ASSASSIN, BLUE, BYSTANDER, RED
from ..model.tiles import TileFace, tile_set
from .keycard import cell_colours
from .paint import centred_lines, fill, form_name, stroke
from .symbols import draw_role_symbol
from .theme import COLOUR_LINE_MIN, Colour, Theme, text_colour

ROLE_LETTER = {"red": RED, "blue": BLUE, "bystander": BYSTANDER, "assassin": ASSASSIN}
# A light tile's frame is in its role's colour: as wide as a print shop accepts a coloured line,
# on every profile, so that a home proof looks like the shop's print.
LIGHT_FRAME_LINE = COLOUR_LINE_MIN


def tile_frame_line(theme: Theme) -> float:
    """The width of a tile's frame in this theme's style."""
    return LIGHT_FRAME_LINE if theme.ink == "light" else FRAME_LINE


class TileArtist:
    """Draws tile faces, each with its role's name as fitted in ``names``. Every face of one
    kind (name, role, figure) is the same drawing: each is declared once as a form."""

    def __init__(self, layout: TileLayout, names: dict[str, FittedText], font: Font, theme: Theme):
        self.layout, self.names, self.font, self.theme = layout, names, font, theme

    def define(self, canvas: Canvas) -> None:
        area = self.layout.bleed_box
        for tile in tile_set():
            for face in (tile.front, tile.back):
                name = self._form(face)
                if face.name not in self.names or canvas.hasForm(name):
                    continue
                canvas.beginForm(name, area.x, area.y, area.right, area.top)
                self._draw_face(canvas, face)
                canvas.endForm()

    def draw(self, canvas: Canvas, face: TileFace) -> None:
        canvas.doForm(self._form(face))

    def _form(self, face: TileFace) -> str:
        ink = "-light" if self.theme.ink == "light" else ""
        kind = f"tile-{face.name.replace(' ', '-').lower()}-{face.role}-{face.figure}{ink}"
        return form_name(kind, self.layout.bleed_box)

    def _draw_face(self, canvas: Canvas, face: TileFace) -> None:
        layout, theme = self.layout, self.theme
        colours = role_colours(face.role, theme)
        area = layout.bleed_box
        fill(canvas, colours.ground)
        canvas.rect(area.x, area.y, area.width, area.height, stroke=0, fill=1)
        stroke(canvas, colours.frame, layout.frame_line)
        frame = layout.frame
        canvas.roundRect(frame.x, frame.y, frame.width, frame.height, FRAME_RADIUS, stroke=1, fill=0)
        _draw_medallion(canvas, layout.medallion, face, colours.figure, theme)
        fill(canvas, colours.name)
        centred_lines(canvas, self.names[face.name], self.font, *layout.name.centre)
        symbol = layout.symbol
        draw_role_symbol(canvas, ROLE_LETTER[face.role], *symbol.centre, min(symbol.height, SYMBOL_SIZE),
                         colours.frame)


@dataclass(frozen=True)
class RoleColours:
    """What a tile of one role is painted with: its ground, its frame and symbol, its name and
    its figure."""

    ground: Colour
    frame: Colour
    name: Colour
    figure: Colour


def role_colours(role: str, theme: Theme) -> RoleColours:
    """The ground, the frame and symbol, the name, and the figure of a role's tiles."""
    # The figure, and in light ink the frame and symbol: the role's colour, where a bystander's
    # khaki is too pale to draw with and the assassin's rich black is for large areas only.
    deep = {"red": theme.red, "blue": theme.blue, "bystander": theme.outline, "assassin": theme.text}[role]
    if theme.ink == "light":
        pale = {"red": theme.red_pale, "blue": theme.blue_pale, "bystander": theme.bystander_pale,
                "assassin": theme.assassin_pale}[role]
        return RoleColours(pale, deep, text_colour(deep, theme), deep)
    ground, on = cell_colours(ROLE_LETTER[role], theme)  # as the key card's cell of that role
    return RoleColours(ground, on, on, deep)


def _draw_medallion(canvas: Canvas, box: Box, face: TileFace, colour: Colour, theme: Theme) -> None:
    x, y = box.centre
    radius = box.width / 2
    fill(canvas, theme.label)
    canvas.circle(x, y, radius, stroke=0, fill=1)
    canvas.saveState()
    clip = canvas.beginPath()
    clip.circle(x, y, radius * 0.92)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.translate(x, y)
    canvas.scale(radius, radius)
    FIGURES[(face.role, face.figure)](canvas, colour, theme)
    canvas.restoreState()


# The figures, drawn in a unit circle centred on the origin (the medallion's clip does the rest).
# Red agents are angular (a pinched fedora, a sharp bob) and wear a diamond pin; blue agents are
# round (dark glasses, a bowler and spectacles) and wear a disc pin: their team's symbols.

def _shoulders(canvas: Canvas, colour: Colour) -> None:
    fill(canvas, colour)
    canvas.ellipse(-0.78, -1.25, 0.78, -0.25, stroke=0, fill=1)


def _head(canvas: Canvas, colour: Colour, y: float = 0.12, radius: float = 0.3) -> None:
    fill(canvas, colour)
    canvas.circle(0, y, radius, stroke=0, fill=1)


def _polygon(canvas: Canvas, points: list[tuple[float, float]]) -> None:
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _collar(canvas: Canvas, theme: Theme) -> None:
    fill(canvas, theme.on_colour)
    _polygon(canvas, [(-0.2, -0.27), (0, -0.6), (0.2, -0.27)])


def _lapels(canvas: Canvas, theme: Theme) -> None:
    """A trench coat's pointed lapels, either side of the collar."""
    fill(canvas, theme.on_colour)
    _polygon(canvas, [(-0.25, -0.27), (-0.1, -0.6), (-0.18, -0.6), (-0.4, -0.34)])
    _polygon(canvas, [(0.25, -0.27), (0.1, -0.6), (0.18, -0.6), (0.4, -0.34)])


def _pin(canvas: Canvas, letter: str, theme: Theme) -> None:
    """The team's symbol worn on the chest."""
    draw_role_symbol(canvas, letter, -0.42, -0.62, 0.2, theme.on_colour)


def _agent_in_a_fedora(canvas: Canvas, colour: Colour, theme: Theme) -> None:
    _shoulders(canvas, colour)
    _lapels(canvas, theme)
    _collar(canvas, theme)
    _head(canvas, colour)
    fill(canvas, theme.on_colour)
    canvas.rect(-0.4, 0.3, 0.8, 0.04, stroke=0, fill=1)  # a gap between the brim and the face
    fill(canvas, colour)
    canvas.roundRect(-0.56, 0.33, 1.12, 0.09, 0.045, stroke=0, fill=1)  # brim
    _polygon(canvas, [(-0.3, 0.4), (-0.24, 0.7), (0, 0.62), (0.24, 0.7), (0.3, 0.4)])  # pinched crown
    fill(canvas, theme.text)
    canvas.rect(-0.295, 0.41, 0.59, 0.07, stroke=0, fill=1)  # hat band
    _pin(canvas, RED, theme)


def _agent_with_a_bob(canvas: Canvas, colour: Colour, theme: Theme) -> None:
    _shoulders(canvas, colour)
    _lapels(canvas, theme)
    _collar(canvas, theme)
    fill(canvas, theme.text)  # the hair, a sharp bob cut level with the chin
    hair = canvas.beginPath()
    hair.moveTo(-0.36, -0.16)
    hair.lineTo(-0.36, 0.12)
    hair.arcTo(-0.36, -0.22, 0.36, 0.46, startAng=180, extent=-180)
    hair.lineTo(0.36, -0.16)
    hair.lineTo(0.18, -0.08)
    hair.lineTo(-0.18, -0.08)
    hair.close()
    canvas.drawPath(hair, stroke=0, fill=1)
    _head(canvas, colour, 0.1, 0.26)
    canvas.saveState()  # a fringe swept across the forehead, cut straight
    face = canvas.beginPath()
    face.circle(0, 0.1, 0.26)
    canvas.clipPath(face, stroke=0, fill=0)
    fill(canvas, theme.text)
    _polygon(canvas, [(-0.3, 0.18), (0.3, 0.28), (0.3, 0.5), (-0.3, 0.5)])
    canvas.restoreState()
    _pin(canvas, RED, theme)


def _agent_in_dark_glasses(canvas: Canvas, colour: Colour, theme: Theme) -> None:
    _shoulders(canvas, colour)
    _collar(canvas, theme)
    fill(canvas, theme.text)
    canvas.rect(-0.04, -0.5, 0.08, 0.22, stroke=0, fill=1)  # tie
    _head(canvas, colour)
    fill(canvas, theme.text)
    canvas.wedge(-0.31, -0.17, 0.31, 0.44, 0, 180, stroke=0, fill=1)  # slicked-back hair
    stroke(canvas, theme.on_colour, 0.025)  # dark glasses, their rims white so that they show on navy
    canvas.roundRect(-0.28, 0.05, 0.25, 0.14, 0.05, stroke=1, fill=1)
    canvas.roundRect(0.03, 0.05, 0.25, 0.14, 0.05, stroke=1, fill=1)
    canvas.line(-0.03, 0.14, 0.03, 0.14)
    _pin(canvas, BLUE, theme)


def _agent_in_a_bowler(canvas: Canvas, colour: Colour, theme: Theme) -> None:
    _shoulders(canvas, colour)
    _collar(canvas, theme)
    fill(canvas, theme.text)  # a bow tie
    _polygon(canvas, [(0, -0.34), (-0.14, -0.27), (-0.14, -0.43)])
    _polygon(canvas, [(0, -0.34), (0.14, -0.27), (0.14, -0.43)])
    _head(canvas, colour)
    fill(canvas, theme.on_colour)
    canvas.rect(-0.4, 0.28, 0.8, 0.04, stroke=0, fill=1)  # a gap between the hat and the face
    fill(canvas, colour)
    canvas.wedge(-0.29, 0.04, 0.29, 0.7, 0, 180, stroke=0, fill=1)  # the bowler's dome
    canvas.ellipse(-0.48, 0.3, 0.48, 0.4, stroke=0, fill=1)  # its brim, curled
    fill(canvas, theme.on_colour)
    canvas.rect(-0.29, 0.4, 0.58, 0.05, stroke=0, fill=1)  # hat band
    stroke(canvas, theme.on_colour, 0.04)  # round spectacles, seen on navy
    canvas.circle(-0.12, 0.08, 0.085, stroke=1, fill=0)
    canvas.circle(0.12, 0.08, 0.085, stroke=1, fill=0)
    canvas.line(-0.035, 0.09, 0.035, 0.09)
    _pin(canvas, BLUE, theme)


def _bystander(canvas: Canvas, colour: Colour, theme: Theme) -> None:
    _shoulders(canvas, colour)
    _head(canvas, colour)


def _bystander_with_a_cap(canvas: Canvas, colour: Colour, theme: Theme) -> None:
    _bystander(canvas, colour, theme)
    fill(canvas, theme.on_colour)
    canvas.rect(-0.36, 0.17, 0.9, 0.035, stroke=0, fill=1)  # a gap between cap and face
    fill(canvas, colour)
    canvas.wedge(-0.33, -0.1, 0.33, 0.56, 0, 180, stroke=0, fill=1)  # crown of the cap
    canvas.roundRect(0.1, 0.2, 0.44, 0.07, 0.03, stroke=0, fill=1)  # peak


def _assassin(canvas: Canvas, colour: Colour, theme: Theme) -> None:
    _shoulders(canvas, colour)
    fill(canvas, colour)
    hood = canvas.beginPath()
    hood.moveTo(-0.42, -0.3)
    hood.curveTo(-0.48, 0.3, -0.2, 0.62, 0, 0.7)
    hood.curveTo(0.2, 0.62, 0.48, 0.3, 0.42, -0.3)
    hood.close()
    canvas.drawPath(hood, stroke=0, fill=1)
    fill(canvas, theme.on_colour)
    canvas.ellipse(-0.2, 0.05, -0.06, 0.13, stroke=0, fill=1)
    canvas.ellipse(0.06, 0.05, 0.2, 0.13, stroke=0, fill=1)


FIGURES = {
    ("red", 0): _agent_in_a_fedora,
    ("red", 1): _agent_with_a_bob,
    ("blue", 0): _agent_in_dark_glasses,
    ("blue", 1): _agent_in_a_bowler,
    ("bystander", 0): _bystander,
    ("bystander", 1): _bystander_with_a_cap,
    ("assassin", 0): _assassin,
    ("assassin", 1): _assassin,
}
