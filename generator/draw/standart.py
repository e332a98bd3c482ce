"""The key stand's printed faces: each slope, seen from its side of the table with the ridge
on top, carries the kit's look — a thin stripe in the teams' colours near the table, the
kit's title small in the middle and the emblem at both ends. The base's printed face lies on
the table once folded, and is in front of the maker while they cut and fold: it carries the
numbered steps, two each side of its slot.

Drawn upright in the panel's own (0, 0, width, height), as ``draw.dieline`` hands it: the
ridge is the top edge, the table the bottom edge.
"""

from __future__ import annotations

from typing import Sequence

from reportlab.pdfgen.canvas import Canvas

from ..errors import UsageError
from ..geometry.dieline import Panel
from ..geometry.fit import FittedText, fit_text
from ..geometry.sheet import Box
from ..geometry.style import BODY, CAPTION, EMBLEM_LINE, HEADING
from ..typeface.font import Font
from ..units import MM
from .dieline import PanelArt, upright_size
from .emblem import draw_emblem
from .paint import centred_lines, fill
from .theme import Colour, Theme

SLOPES, BASE = ("slope-a", "slope-b"), "base"
STRIPE = 1.6 * MM  # the teams' stripe, across
STRIPE_GAP = 2.0 * MM  # from the table edge up to the stripe: clear of a fold pressed a little off
EMBLEM_MOST = 4.0 * MM  # the emblem's radius at most, on a tall slope
GAP = 2.0 * MM  # between the emblems and the title


def stand_art(theme: Theme, font: Font, teams: Sequence[Colour], title: FittedText | None = None,
              steps: Sequence[FittedText] = (), slot_gap: float = 0.0) -> PanelArt:
    """The artist of the stand's panels; ``teams``: the colours of the stripe, left to right
    (the game's teams: red and blue, or Duet's green); ``title``: the kit's title as
    ``slope_title`` fitted it (None: the emblem alone); ``steps``: the base's numbered steps as
    ``base_steps`` fitted them (none: a plain base)."""

    def art(canvas: Canvas, panel: Panel) -> None:
        if panel.name in SLOPES:
            draw_slope(canvas, panel, theme, font, teams, title)
        elif panel.name == BASE and steps:
            draw_steps(canvas, panel, theme, font, steps, slot_gap)

    return art


def step_rows(panel: Panel, slot_gap: float) -> list[Box]:
    """Where the base's four steps go, in reading order: two rows above its slot, two below,
    each kept ``panel.safe`` from the slot and the edges."""
    width, height = upright_size(panel)
    half = (height - slot_gap) / 2 - 2 * panel.safe
    row = half / 2
    tops = (height - panel.safe, (height - slot_gap) / 2 - panel.safe)
    return [Box(panel.safe, top - (index + 1) * row, width - 2 * panel.safe, row) for top in tops for index in range(2)]


def base_steps(steps: Sequence[str], font: Font, panel: Panel, slot_gap: float) -> tuple[FittedText, ...] | None:
    """The numbered steps fitted to their rows, all at one size, one line each; None when a
    step does not fit even at CAPTION (the job leaves them out and says so)."""
    rows = step_rows(panel, slot_gap)
    numbered = [f"{number}  {text}" for number, text in enumerate(steps, 1)]
    sizes = []
    for text, row in zip(numbered, rows):
        fitted = _one_line(text, font, row, BODY)
        if fitted is None:
            return None
        sizes.append(fitted.size)
    size = min(sizes)
    return tuple(_one_line(text, font, row, size) for text, row in zip(numbered, rows))  # type: ignore[misc]


def _one_line(text: str, font: Font, row: Box, largest: float) -> FittedText | None:
    """The text on one line, as large as the row allows up to ``largest``: a step broken in
    two would crowd its neighbour."""
    fitted = fit_text(text.replace(" ", "\u00a0"), font, row.width, row.height, largest, CAPTION)
    return None if fitted is None else FittedText((text,), fitted.size)


def draw_steps(canvas: Canvas, panel: Panel, theme: Theme, font: Font, steps: Sequence[FittedText],
               slot_gap: float) -> None:
    fill(canvas, theme.text)
    for step, row in zip(steps, step_rows(panel, slot_gap)):
        canvas.setFont(font.name, step.size)
        baseline = row.y + row.height / 2 - (font.ascent + font.descent) / 2 * step.size  # descent < 0
        canvas.drawString(row.x, baseline, step.lines[0])


def draw_slope(canvas: Canvas, panel: Panel, theme: Theme, font: Font, teams: Sequence[Colour],
               title: FittedText | None) -> None:
    width, _ = upright_size(panel)
    _draw_stripe(canvas, width, teams)
    bottom, top, radius = _figures(panel)
    middle = (bottom + top) / 2
    if title is None:
        draw_emblem(canvas, width / 2, middle, radius, theme.accent, EMBLEM_LINE, theme.emblem)
        return
    for x in (panel.safe + radius, width - panel.safe - radius):
        draw_emblem(canvas, x, middle, radius, theme.accent, EMBLEM_LINE, theme.emblem)
    fill(canvas, theme.text)
    centred_lines(canvas, title, font, width / 2, middle)


def _figures(panel: Panel) -> tuple[float, float, float]:
    """A slope's room for its emblems and title, above the stripe and below the ridge's margin
    (its bottom and top), and the emblems' radius."""
    _, height = upright_size(panel)
    bottom = STRIPE_GAP + STRIPE + panel.safe / 2
    top = height - panel.safe
    return bottom, top, min(EMBLEM_MOST, (top - bottom) / 2)


def slope_title(title: str | None, font: Font, panel: Panel) -> FittedText | None:
    """The kit's title fitted on a slope between its emblems, at most HEADING, on one line or
    two; None for a kit without a title; a UsageError when even CAPTION does not fit (the job
    fits it before anything is drawn)."""
    if not title:
        return None
    width, _ = upright_size(panel)
    bottom, top, radius = _figures(panel)
    fitted = fit_text(title, font, width - 2 * (panel.safe + 2 * radius + GAP), top - bottom, HEADING, CAPTION)
    if fitted is None:
        raise UsageError(f"the title {title!r} is too long for the key stand's slopes: shorten --title, or print "
                         f"the stand for a wider --keys-card-size")
    return fitted


def _draw_stripe(canvas: Canvas, width: float, teams: Sequence[Colour]) -> None:
    """The teams' colours side by side, running past both ends into the bleed."""
    if not teams:
        return
    reach = 10 * MM  # past the panel's ends: the clip stops it at the bleed
    share = (width + 2 * reach) / len(teams)
    for index, colour in enumerate(teams):
        fill(canvas, colour)
        canvas.rect(-reach + index * share, STRIPE_GAP, share, STRIPE, stroke=0, fill=1)
