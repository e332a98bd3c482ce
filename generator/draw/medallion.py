"""What a tile's medallion holds, drawn in code: the red, blue and green agents, the bystanders,
the assassin and the timer's hourglass, each on a white disc in its role's colour; a timer's
ring and a spare timer's "+" badge around it; and the small hourglass that is a timer's symbol.
(draw/figure.py is another matter: the rules sheet's examples.)

Red, blue and Duet's green agents wear figures of their own, so that they part in black and
white by shape as well as by tone.
"""

from __future__ import annotations

import math
from typing import Callable

from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..geometry.sheet import Box
from ..model.roles import role_of
from ..model.tiles import TIMER, TileFace
from .paint import fill, polygon_path, stroke
from .symbols import draw_role_symbol
from .theme import Colour, Theme

RING_DASHES = 20  # around a spare timer's medallion
BADGE_RADIUS = 0.27  # of the medallion's radius
# The badge sits on the ring, up and to the right, clear of the hourglass's plates.
BADGE_ANGLE = math.radians(32)


def _ring_radius(box: Box, line: float) -> float:
    """The ring's centre line: its outer edge on the medallion's edge."""
    return box.width / 2 - line / 2


def draw_timer_ring(canvas: Canvas, box: Box, line: float, colour: Colour, dashed: bool) -> None:
    """A timer's medallion ringed in the frame's line, so that its white shows on the paper
    colour; a spare's ring is dashed, to be seen across the table."""
    x, y = box.centre
    radius = _ring_radius(box, line)
    canvas.saveState()
    stroke(canvas, colour, line)
    if dashed:
        period = 2 * math.pi * radius / RING_DASHES
        canvas.setDash([period * 0.6, period * 0.4])
    canvas.circle(x, y, radius, stroke=1, fill=0)
    canvas.restoreState()


def draw_spare_badge(canvas: Canvas, box: Box, line: float, colour: Colour, ground: Colour,
                     theme: Theme) -> None:
    """A "+" in a disc of ``colour`` on a timer's ring, set off from it by a margin of ``ground``."""
    ring = _ring_radius(box, line)
    x, y = box.centre[0] + ring * math.cos(BADGE_ANGLE), box.centre[1] + ring * math.sin(BADGE_ANGLE)
    radius = ring * BADGE_RADIUS
    fill(canvas, ground)
    canvas.circle(x, y, radius + 2 * line, stroke=0, fill=1)
    fill(canvas, colour)
    canvas.circle(x, y, radius, stroke=0, fill=1)
    fill(canvas, theme.label)
    arm, bar = radius * 0.62, radius * 0.26
    canvas.rect(x - arm, y - bar / 2, 2 * arm, bar, stroke=0, fill=1)
    canvas.rect(x - bar / 2, y - arm, bar, 2 * arm, stroke=0, fill=1)


def draw_hourglass_symbol(canvas: Canvas, x: float, y: float, size: float, colour: Colour) -> None:
    """The timer's symbol beside the name: an hourglass of two triangles between two bars."""
    half = size / 2
    fill(canvas, colour)
    plate = size * 0.14
    canvas.rect(x - half * 0.8, y + half - plate, size * 0.8, plate, stroke=0, fill=1)
    canvas.rect(x - half * 0.8, y - half, size * 0.8, plate, stroke=0, fill=1)
    glass = half * 0.5
    _polygon(canvas, [(x - glass, y + half - plate), (x + glass, y + half - plate), (x, y)])
    _polygon(canvas, [(x - glass, y - half + plate), (x + glass, y - half + plate), (x, y)])


def draw_medallion(canvas: Canvas, box: Box, face: TileFace, colour: Colour, theme: Theme) -> None:
    """A white disc filling ``box``, with the face's figure in ``colour`` inside it."""
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
    if face.role == TIMER:  # not a role of the key: both its faces show the hourglass
        _hourglass(canvas, colour, theme)
    else:
        role = role_of(face.role)
        FIGURES[role.figures[face.figure]](canvas, colour, theme, role.letter)
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


def _polygon(canvas: Canvas, points: list[tuple[float, float]], outlined: bool = False) -> None:
    """A filled polygon; ``outlined``: edged in the current stroke colour as well."""
    canvas.drawPath(polygon_path(canvas, points), stroke=1 if outlined else 0, fill=1)


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


def _agent_in_a_fedora(canvas: Canvas, colour: Colour, theme: Theme, letter: str) -> None:
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
    _pin(canvas, letter, theme)


def _agent_with_a_bob(canvas: Canvas, colour: Colour, theme: Theme, letter: str) -> None:
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
    _pin(canvas, letter, theme)


def _agent_in_dark_glasses(canvas: Canvas, colour: Colour, theme: Theme, letter: str) -> None:
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
    _pin(canvas, letter, theme)


def _agent_in_a_bowler(canvas: Canvas, colour: Colour, theme: Theme, letter: str) -> None:
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
    _pin(canvas, letter, theme)


def _bystander(canvas: Canvas, colour: Colour, theme: Theme, letter: str) -> None:
    _shoulders(canvas, colour)
    _head(canvas, colour)


def _bystander_with_a_cap(canvas: Canvas, colour: Colour, theme: Theme, letter: str) -> None:
    _bystander(canvas, colour, theme, letter)
    fill(canvas, theme.on_colour)
    canvas.rect(-0.36, 0.17, 0.9, 0.035, stroke=0, fill=1)  # a gap between cap and face
    fill(canvas, colour)
    canvas.wedge(-0.33, -0.1, 0.33, 0.56, 0, 180, stroke=0, fill=1)  # crown of the cap
    canvas.roundRect(0.1, 0.2, 0.44, 0.07, 0.03, stroke=0, fill=1)  # peak


def _assassin(canvas: Canvas, colour: Colour, theme: Theme, letter: str) -> None:
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


# Duet's agents are green and wear a star on the chest. One turns up a trench coat's collar
# under a beret; the other wears her hair in a bun and a coiled earpiece. Neither hat, hair nor
# glasses repeat a red or blue agent's, so that every agent of the kit is its own.

def _agent_with_the_collar_up(canvas: Canvas, colour: Colour, theme: Theme, letter: str) -> None:
    _shoulders(canvas, colour)
    _head(canvas, colour)
    fill(canvas, colour)
    stroke(canvas, theme.on_colour, 0.045)  # the wings of the collar, edged in white
    canvas.setLineJoin(1)
    for side in (-1, 1):
        _polygon(canvas, [(side * 0.04, -0.62), (side * 0.48, -0.36), (side * 0.42, 0.0), (side * 0.2, -0.14)],
                 outlined=True)
    fill(canvas, theme.on_colour)  # double-breasted buttons
    for x, y in ((-0.1, -0.72), (0.1, -0.72), (-0.1, -0.85), (0.1, -0.85)):
        canvas.circle(x, y, 0.035, stroke=0, fill=1)
    _beret(canvas, theme)
    _pin(canvas, letter, theme)


def _beret(canvas: Canvas, theme: Theme) -> None:
    """A black beret worn low and tilted, its crown drooping over one side, with its stalk."""
    canvas.saveState()
    canvas.translate(0.06, 0.36)
    canvas.rotate(-12)
    fill(canvas, theme.on_colour)  # a gap between the beret and the face
    canvas.ellipse(-0.47, -0.16, 0.47, 0.14, stroke=0, fill=1)
    fill(canvas, theme.text)
    canvas.ellipse(-0.46, -0.12, 0.46, 0.15, stroke=0, fill=1)
    canvas.rect(-0.02, 0.12, 0.04, 0.09, stroke=0, fill=1)
    canvas.restoreState()


def _agent_with_an_earpiece(canvas: Canvas, colour: Colour, theme: Theme, letter: str) -> None:
    _shoulders(canvas, colour)
    _collar(canvas, theme)
    _head(canvas, colour)
    fill(canvas, theme.text)  # hair swept back from a rounded hairline into a bun on top
    canvas.circle(0, 0.54, 0.13, stroke=0, fill=1)
    hair = canvas.beginPath()
    hair.moveTo(-0.31, 0.06)
    hair.arcTo(-0.32, -0.2, 0.32, 0.44, startAng=190, extent=-200)
    hair.curveTo(0.26, 0.2, 0.14, 0.25, 0, 0.25)
    hair.curveTo(-0.14, 0.25, -0.26, 0.2, -0.31, 0.06)
    hair.close()
    canvas.drawPath(hair, stroke=0, fill=1)
    fill(canvas, theme.on_colour)
    canvas.rect(-0.12, 0.41, 0.24, 0.035, stroke=0, fill=1)  # the bun's band
    fill(canvas, theme.text)
    canvas.circle(0.3, 0.06, 0.055, stroke=0, fill=1)  # the earpiece
    stroke(canvas, theme.text, 0.03)  # its coiled wire, down into the collar
    canvas.setLineCap(1)
    wire = canvas.beginPath()
    wire.moveTo(0.32, 0.02)
    for step in range(4):
        top = -0.02 - step * 0.07
        wire.curveTo(0.42, top, 0.42, top - 0.07, 0.33, top - 0.05)
    wire.curveTo(0.3, -0.34, 0.3, -0.4, 0.34, -0.46)
    canvas.drawPath(wire, stroke=1, fill=0)
    _pin(canvas, letter, theme)


def _agent_in_a_top_hat(canvas: Canvas, colour: Colour, theme: Theme, letter: str) -> None:
    """The orange team's first agent: a tall black top hat with a band, and a monocle."""
    _shoulders(canvas, colour)
    _lapels(canvas, theme)
    _head(canvas, colour)
    fill(canvas, theme.on_colour)  # a gap between the hat and the face
    canvas.rect(-0.42, 0.3, 0.84, 0.05, stroke=0, fill=1)
    fill(canvas, theme.text)
    canvas.roundRect(-0.44, 0.33, 0.88, 0.08, 0.03, stroke=0, fill=1)  # the brim
    canvas.rect(-0.26, 0.39, 0.52, 0.5, stroke=0, fill=1)  # the crown
    fill(canvas, colour)
    canvas.rect(-0.26, 0.45, 0.52, 0.08, stroke=0, fill=1)  # the band, in the team's colour
    stroke(canvas, theme.on_colour, 0.04)  # a monocle on a chain
    canvas.circle(0.12, 0.08, 0.09, stroke=1, fill=0)
    canvas.line(0.2, 0.03, 0.26, -0.2)
    _pin(canvas, letter, theme)


def _agent_in_a_beanie(canvas: Canvas, colour: Colour, theme: Theme, letter: str) -> None:
    """The orange team's second agent: a ribbed black beanie with a bobble, and a scarf."""
    _shoulders(canvas, colour)
    _head(canvas, colour)
    fill(canvas, theme.text)
    canvas.wedge(-0.33, -0.02, 0.33, 0.64, 0, 180, stroke=0, fill=1)  # the beanie's dome
    canvas.roundRect(-0.35, 0.22, 0.7, 0.12, 0.04, stroke=0, fill=1)  # its turned-up cuff
    canvas.circle(0, 0.68, 0.1, stroke=0, fill=1)  # the bobble
    stroke(canvas, theme.on_colour, 0.03)  # the cuff's ribs
    for x in (-0.2, -0.07, 0.07, 0.2):
        canvas.line(x, 0.24, x, 0.32)
    fill(canvas, theme.text)  # a scarf wound round the neck, one end hanging
    canvas.roundRect(-0.3, -0.3, 0.6, 0.14, 0.06, stroke=0, fill=1)
    canvas.rect(0.08, -0.62, 0.14, 0.34, stroke=0, fill=1)
    fill(canvas, theme.on_colour)
    canvas.rect(0.08, -0.56, 0.14, 0.03, stroke=0, fill=1)  # a stripe across the hanging end
    _pin(canvas, letter, theme)


# A timer token's hourglass: two plates on posts around a glass, the sand mostly run through.
GLASS_TOP, GLASS_HALF_WIDTH, NECK, GLASS_WALL = 0.56, 0.32, 0.06, 0.065


def _glass(canvas: Canvas, inset: float) -> PDFPathObject:
    """The glass's outline, ``inset`` inside its outer edge: two bulbs meeting at the neck."""
    top, wide, neck = GLASS_TOP, GLASS_HALF_WIDTH - inset, NECK - inset / 2
    path = canvas.beginPath()
    path.moveTo(-wide, top)
    path.curveTo(-wide, top * 0.3, -neck, top * 0.22, -neck, 0)
    path.curveTo(-neck, -top * 0.22, -wide, -top * 0.3, -wide, -top)
    path.lineTo(wide, -top)
    path.curveTo(wide, -top * 0.3, neck, -top * 0.22, neck, 0)
    path.curveTo(neck, top * 0.22, wide, top * 0.3, wide, top)
    path.close()
    return path


def _hourglass(canvas: Canvas, colour: Colour, theme: Theme) -> None:
    fill(canvas, colour)
    canvas.drawPath(_glass(canvas, 0.0), stroke=0, fill=1)
    fill(canvas, theme.label)
    canvas.drawPath(_glass(canvas, GLASS_WALL), stroke=0, fill=1)
    canvas.saveState()  # the sand, inside the glass
    canvas.clipPath(_glass(canvas, GLASS_WALL), stroke=0, fill=0)
    fill(canvas, theme.colour("bystander"))
    canvas.rect(-0.3, 0.0, 0.6, 0.2, stroke=0, fill=1)  # what is left above
    canvas.rect(-0.014, -0.5, 0.028, 0.5, stroke=0, fill=1)  # the running thread
    heap = canvas.beginPath()
    heap.moveTo(-0.3, -0.56)
    heap.lineTo(-0.3, -0.46)
    heap.curveTo(-0.12, -0.44, -0.06, -0.27, 0, -0.25)
    heap.curveTo(0.06, -0.27, 0.12, -0.44, 0.3, -0.46)
    heap.lineTo(0.3, -0.56)
    heap.close()
    canvas.drawPath(heap, stroke=0, fill=1)
    canvas.restoreState()
    fill(canvas, colour)
    for side in (-1, 1):  # the posts, then the plates
        canvas.rect(side * 0.42 - 0.035, -GLASS_TOP, 0.07, 2 * GLASS_TOP, stroke=0, fill=1)
    canvas.roundRect(-0.52, GLASS_TOP, 1.04, 0.12, 0.04, stroke=0, fill=1)
    canvas.roundRect(-0.52, -GLASS_TOP - 0.12, 1.04, 0.12, 0.04, stroke=0, fill=1)


# Each figure by its name, as a role names its two (``Role.figures``); drawn for the role of a
# letter, whose symbol an agent wears as a pin.
FIGURES: dict[str, Callable[[Canvas, Colour, Theme, str], None]] = {
    "agent in a fedora": _agent_in_a_fedora,
    "agent with a bob": _agent_with_a_bob,
    "agent in dark glasses": _agent_in_dark_glasses,
    "agent in a bowler": _agent_in_a_bowler,
    "bystander": _bystander,
    "bystander with a cap": _bystander_with_a_cap,
    "assassin": _assassin,
    "agent with the collar up": _agent_with_the_collar_up,
    "agent with an earpiece": _agent_with_an_earpiece,
    "agent in a top hat": _agent_in_a_top_hat,
    "agent in a beanie": _agent_in_a_beanie,
}
