"""Agent, bystander and assassin tiles: the role's colour, a figure in a medallion, the role's
name and the role's symbol (the same one the key cards use). All artwork is ours, in code.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..geometry.fit import FittedText
from ..geometry.sheet import Box
from ..geometry.tileface import SAFE_INSET, TileLayout
from ..geometry.typeface import Font
from ..model.keys import ASSASSIN, BLUE, BYSTANDER, RED
from ..model.tiles import TileFace
from ..settings.units import MM
from .paint import centred_lines, fill, stroke
from .symbols import draw_role_symbol
from .theme import Colour, Theme

ROLE_LETTER = {"red": RED, "blue": BLUE, "bystander": BYSTANDER, "assassin": ASSASSIN}


class TileArtist:
    """Draws tile faces, each with its role's name as fitted in ``names``."""

    def __init__(self, layout: TileLayout, names: dict[str, FittedText], font: Font, theme: Theme):
        self.layout, self.names, self.font, self.theme = layout, names, font, theme

    def define(self, canvas: Canvas) -> None:
        """Tiles share no artwork: each face is its own figure."""

    def draw(self, canvas: Canvas, face: TileFace) -> None:
        layout, theme = self.layout, self.theme
        background, foreground, figure = role_colours(face.role, theme)
        card, area = layout.card, layout.bleed_box
        fill(canvas, background)
        canvas.rect(area.x, area.y, area.width, area.height, stroke=0, fill=1)
        stroke(canvas, foreground, 0.6)
        inner = card.inset(SAFE_INSET - 1.5 * MM)
        canvas.roundRect(inner.x, inner.y, inner.width, inner.height, 2 * MM, stroke=1, fill=0)
        _draw_medallion(canvas, layout.medallion, face, figure, theme)
        fill(canvas, foreground)
        centred_lines(canvas, self.names[face.name], self.font, *layout.name.centre)
        symbol = layout.symbol
        draw_role_symbol(canvas, ROLE_LETTER[face.role], *symbol.centre, min(symbol.height, 6 * MM), foreground)


def role_colours(role: str, theme: Theme) -> tuple[Colour, Colour, Colour]:
    """(tile background, text and symbol, figure) for a role."""
    return {
        "red": (theme.red, theme.on_colour, theme.red),
        "blue": (theme.blue, theme.on_colour, theme.blue),
        "bystander": (theme.bystander, theme.on_bystander, theme.outline),
        "assassin": (theme.assassin, theme.on_colour, theme.text),
    }[role]


def _draw_medallion(canvas: Canvas, box: Box, face: TileFace, colour: Colour, theme: Theme) -> None:
    x, y = box.centre
    radius = box.width / 2
    fill(canvas, theme.on_colour)
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

def _shoulders(canvas: Canvas, colour: Colour) -> None:
    fill(canvas, colour)
    canvas.ellipse(-0.78, -1.25, 0.78, -0.25, stroke=0, fill=1)


def _head(canvas: Canvas, colour: Colour, y: float = 0.12) -> None:
    fill(canvas, colour)
    canvas.circle(0, y, 0.3, stroke=0, fill=1)


def _collar(canvas: Canvas, theme: Theme) -> None:
    fill(canvas, theme.on_colour)
    path = canvas.beginPath()
    path.moveTo(-0.2, -0.27)
    path.lineTo(0, -0.6)
    path.lineTo(0.2, -0.27)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def _agent_in_a_hat(canvas: Canvas, colour: Colour, theme: Theme) -> None:
    _shoulders(canvas, colour)
    _collar(canvas, theme)
    _head(canvas, colour)
    fill(canvas, colour)
    canvas.roundRect(-0.52, 0.3, 1.04, 0.1, 0.05, stroke=0, fill=1)  # brim
    canvas.roundRect(-0.3, 0.36, 0.6, 0.3, 0.08, stroke=0, fill=1)  # crown
    fill(canvas, theme.on_colour)
    canvas.rect(-0.3, 0.4, 0.6, 0.06, stroke=0, fill=1)  # hat band


def _agent_in_sunglasses(canvas: Canvas, colour: Colour, theme: Theme) -> None:
    _shoulders(canvas, colour)
    _collar(canvas, theme)
    fill(canvas, theme.text)
    canvas.rect(-0.04, -0.5, 0.08, 0.22, stroke=0, fill=1)  # tie
    _head(canvas, colour)
    fill(canvas, theme.text)
    canvas.wedge(-0.31, -0.17, 0.31, 0.44, 0, 180, stroke=0, fill=1)  # slicked-back hair
    canvas.roundRect(-0.27, 0.08, 0.24, 0.12, 0.04, stroke=0, fill=1)
    canvas.roundRect(0.03, 0.08, 0.24, 0.12, 0.04, stroke=0, fill=1)
    canvas.rect(-0.04, 0.15, 0.08, 0.03, stroke=0, fill=1)


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
    ("red", 0): _agent_in_a_hat,
    ("red", 1): _agent_in_sunglasses,
    ("blue", 0): _agent_in_a_hat,
    ("blue", 1): _agent_in_sunglasses,
    ("bystander", 0): _bystander,
    ("bystander", 1): _bystander_with_a_cap,
    ("assassin", 0): _assassin,
    ("assassin", 1): _assassin,
}
