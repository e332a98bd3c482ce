"""The key stand: a fold-up prism that holds the game's key card upright, worked out from the
card's size and where its grid starts (``geometry.stand``), drawn with the kit's look and its
numbered steps (``draw.standart``) and printed for the profile as every net is
(``jobs.dieline``)."""

from __future__ import annotations

from msgspec import Struct
from msgspec.structs import replace

from ..draw.standart import BASE, SLOPES, base_steps, slope_title, stand_art
from ..errors import UsageError
from ..games.game import Game
from ..geometry.dieline import fitted
from ..geometry.keyface import MIN_KEY_CARD, key_face_layout
from ..geometry.stand import StandPlan, key_stand
from ..model.roles import BY_LETTER
from ..settings.options import StandOptions
from ..units import format_mm, paper_title
from .cards import card_theme
from .dieline import net_sheet, print_nets
from .language import Language, settle_language, titled
from .sources import check_title, load_font

WHAT = "Key stand"  # the PDF's title and the slug's name of it
STEPS = ("stand cut", "stand fold", "stand glue", "stand card")  # the labels of the base's numbered steps


class StandResult(Struct, frozen=True):
    pdf: bytes
    pages: int
    plan: StandPlan  # the stand as worked out: its card, base, ridge, the band it hides, lean, tipping
    paper: tuple[float, float]  # the page's size (points)
    turned: bool = False  # the net lies a quarter turn round to fit the paper
    notes: tuple[str, ...] = ()


def build_stand(game: Game, options: StandOptions, language: Language | None = None) -> StandResult:
    """The stand for ``game``'s key card of ``options.keys.card_size``, on one page; ``language``
    is the kit's, settled once (else the options' own)."""
    plan = stand_plan(game, options.keys.card_size)
    net = fitted(plan.net, net_sheet(options.sheet))
    if net is None:
        raise UsageError(_too_large(plan, options))
    language = language or settle_language(game, options.style.lang)
    options = replace(options, style=titled(options.style, language))
    font = load_font(options.font, lang=language.code)
    check_title(options.style.title, font, options.style.title_from)
    theme = card_theme(options.sheet, options.style, font)
    teams = [theme.colour(role) for role in _team_roles(game)]
    panels = {panel.name: panel for panel in plan.net.panels}
    title = slope_title(options.style.title, font, panels[SLOPES[0]])
    steps = base_steps([language.labels.text(key) for key in STEPS], font, panels[BASE], plan.slot_gap)
    notes = language.notes + (() if steps is not None else
                              ("the steps are too long for the stand's base and are left off: see docs/stand.md",))
    art = stand_art(theme, font, teams, title, steps or (), plan.slot_gap)
    printed = print_nets(WHAT, [net], art, options.sheet, options.style, font, theme)
    return StandResult(printed.pdf, printed.pages, plan, printed.placement.sizes[0], net is not plan.net, notes)


def stand_plan(game: Game, card_size: tuple[float, float]) -> StandPlan:
    """The stand worked out for the game's key card: the ridge under its lowest cell."""
    if min(card_size) < MIN_KEY_CARD:
        raise UsageError(
            f"a {format_mm(card_size[0])} x {format_mm(card_size[1])} mm key card is too small to read: choose a "
            f"--keys-card-size of at least {format_mm(MIN_KEY_CARD)} mm on each side")
    layout = key_face_layout(*card_size, rows=game.grid.rows, columns=game.grid.columns)
    return key_stand(card_size, min(cell.y for cell in layout.cells))


def _team_roles(game: Game) -> list[str]:
    """The colours of the game's agents (``Role.agents``), which make the slopes' stripe, in
    the order its tiles list them: red and blue, or green."""
    roles = [BY_LETTER[kind.front.role].colour for kind in game.tiles
             if kind.front.role in BY_LETTER and BY_LETTER[kind.front.role].agents]
    return list(dict.fromkeys(roles))


def _too_large(plan: StandPlan, options: StandOptions) -> str:
    return (f"the stand for a {format_mm(plan.card[0])} x {format_mm(plan.card[1])} mm key card is "
            f"{format_mm(plan.net.width)} x {format_mm(plan.net.height)} mm flat and does not fit on "
            f"{paper_title(options.sheet.paper)} paper with its margin and bleed: choose a larger --paper "
            f"or a smaller --keys-card-size")
