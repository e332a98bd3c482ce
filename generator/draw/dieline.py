"""Drawing a net on its page: the ground with its bleed, each panel's artwork, the glue areas,
then the folds and cuts on top, in black ink.

The bleed without a geometry library: the outline is filled and also stroked twice the
bleed wide with round joins, in the ground's colour, so that the ground runs ``bleed`` past
every cut. A panel's artwork runs past its edges that are cuts (by the bleed) and stops at its
folds, where the next panel begins. The glue areas are painted last but for the lines, a
light tint of black over everything, so that glue never meets ink-heavy artwork.

Generic: the box and the key stand hand their own ``art`` callback, which draws one panel
upright in (0, 0, width, height) (``upright_size``); this module turns and clips it.
"""

from __future__ import annotations

from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from ..geometry.dieline import Net, Panel, Point
from ..geometry.sheet import Box, Slot
from ..units import MM
from .paint import fill, polygon_path, stroke
from .theme import Colour, Theme

PanelArt = Callable[[Canvas, Panel], None]

LINE = 0.5  # points: the cut and fold lines
FOLD_DASH = (3 * MM, 1.5 * MM)
GLUE_TINT = 0.10  # of black ink
# Glue areas are hatched as well as tinted: a tint of 10% is lost on many mono printers, and
# lines that close together are not. Black at this share, this wide, this far apart.
HATCH_INK = 0.45
HATCH_LINE = 0.4
HATCH_STEP = 2 * MM


def upright_size(panel: Panel) -> tuple[float, float]:
    """The panel's width and height as its artwork stands (a quarter turn swaps them)."""
    box = panel.box
    return (box.height, box.width) if panel.turn % 2 else (box.width, box.height)


def panel_matrix(panel: Panel) -> tuple[float, float, float, float, float, float]:
    """The PDF matrix from the panel's upright coordinates onto its box, turned ``turn``
    quarter turns anticlockwise: a card's slot turns its face the same four ways (a quarter
    turn, a half turn, both)."""
    turn = panel.turn % 4
    return Slot(panel.box, turned=turn % 2 == 1, half_turn=turn >= 2).transform()


def glue_tint(theme: Theme) -> Colour:
    """The glue areas' tint: a light grey of black ink alone."""
    return (0.0, 0.0, 0.0, GLUE_TINT) if len(theme.cut_mark) == 4 else (1 - GLUE_TINT,) * 3


def draw_net(canvas: Canvas, net: Net, theme: Theme, bleed: float, art: PanelArt | None,
             ground: Colour | None = None) -> None:
    """The whole net: ground and bleed, panels, glue, then folds dashed and cuts solid."""
    ground = theme.card if ground is None else ground
    canvas.saveState()
    fill(canvas, ground)
    stroke(canvas, ground, 2 * bleed)
    canvas.setLineJoin(1)
    canvas.drawPath(polygon_path(canvas, list(net.outline)), stroke=1 if bleed > 0 else 0, fill=1)
    canvas.restoreState()
    if art is not None:
        for panel in net.panels:
            _draw_panel(canvas, net, panel, bleed, art)
    fill(canvas, glue_tint(theme))
    for area in net.glue:
        canvas.drawPath(polygon_path(canvas, list(area)), stroke=0, fill=1)
        _hatch(canvas, area, theme)
    draw_lines(canvas, net, theme)


def _hatch(canvas: Canvas, area: tuple[Point, ...], theme: Theme) -> None:
    """Lines at 45 degrees across a glue area, clipped to it: glue goes where the lines are."""
    xs, ys = [x for x, _ in area], [y for _, y in area]
    left, bottom, right, top = min(xs), min(ys), max(xs), max(ys)
    canvas.saveState()
    canvas.clipPath(polygon_path(canvas, list(area)), stroke=0, fill=0)
    ink = (0.0, 0.0, 0.0, HATCH_INK) if len(theme.cut_mark) == 4 else (1 - HATCH_INK,) * 3
    stroke(canvas, ink, HATCH_LINE)
    reach = (right - left) + (top - bottom)
    offset = 0.0
    while offset <= reach:  # each line x - y = left - bottom + offset - (top - bottom)
        start = left + offset - (top - bottom)
        canvas.line(start, bottom, start + (top - bottom), top)
        offset += HATCH_STEP
    canvas.restoreState()


def draw_lines(canvas: Canvas, net: Net, theme: Theme) -> None:
    """Folds dashed, then cuts solid over them, in black ink."""
    canvas.saveState()
    stroke(canvas, theme.cut_mark, LINE)
    canvas.setLineCap(0)
    canvas.setDash(*FOLD_DASH)
    for start, end in net.folds:
        canvas.line(*start, *end)
    canvas.setDash()
    canvas.setLineJoin(0)
    canvas.drawPath(polygon_path(canvas, list(net.outline)), stroke=1, fill=0)
    for cut in net.cuts:
        closed = len(cut) > 2 and cut[0] == cut[-1]
        path = canvas.beginPath()
        path.moveTo(*cut[0])
        for point in cut[1:]:
            path.lineTo(*point)
        if closed:
            path.close()
        canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()


def _draw_panel(canvas: Canvas, net: Net, panel: Panel, bleed: float, art: PanelArt) -> None:
    canvas.saveState()
    clip = bleed_box(panel.box, net, bleed)
    path = canvas.beginPath()
    path.rect(clip.x, clip.y, clip.width, clip.height)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.transform(*panel_matrix(panel))
    art(canvas, panel)
    canvas.restoreState()


def bleed_box(box: Box, net: Net, bleed: float) -> Box:
    """The panel's box grown by the bleed on each edge that is not a fold (a cut, or open
    edge), so that a colour running to the cut runs past it, and none runs onto the next panel."""
    left = 0.0 if _folded(net, (box.x, box.y), (box.x, box.top)) else bleed
    right = 0.0 if _folded(net, (box.right, box.y), (box.right, box.top)) else bleed
    bottom = 0.0 if _folded(net, (box.x, box.y), (box.right, box.y)) else bleed
    top = 0.0 if _folded(net, (box.x, box.top), (box.right, box.top)) else bleed
    return Box(box.x - left, box.y - bottom, box.width + left + right, box.height + bottom + top)


def _folded(net: Net, start: Point, end: Point) -> bool:
    """Whether a fold runs along most of this edge."""
    horizontal = abs(start[1] - end[1]) < 1e-6
    length = abs(end[0] - start[0]) if horizontal else abs(end[1] - start[1])
    for a, b in net.folds:
        if horizontal and abs(a[1] - start[1]) < 1e-3 and abs(b[1] - start[1]) < 1e-3:
            overlap = min(max(a[0], b[0]), max(start[0], end[0])) - max(min(a[0], b[0]), min(start[0], end[0]))
        elif not horizontal and abs(a[0] - start[0]) < 1e-3 and abs(b[0] - start[0]) < 1e-3:
            overlap = min(max(a[1], b[1]), max(start[1], end[1])) - max(min(a[1], b[1]), min(start[1], end[1]))
        else:
            continue
        if overlap > length / 2:
            return True
    return False
