"""Colours and line weights of the printed components, for home printers and for print shops.

Each colour is given once and resolved per profile: RGB for home printers (their drivers
expect it), CMYK for print shops and print-on-demand services ("shop" and "pod"). A resolved
colour is a plain tuple: three values are RGB, four are CMYK.

What a CMYK theme promises, as a shop's preflight checks it:

* text is black ink only (C = M = Y = 0): ``text``, ``heading``, and the white (no ink) and
  greys of ``label``, ``on_colour`` and ``on_bystander``;
* every line thinner than ``colour_line_min`` (2 pt) is black ink only: thin frames and rules
  take ``line``, a grey of black ink as dark as ``outline``, and a coloured line (the key
  card's frame in its team's colour) is drawn at least that wide;
* no colour uses more ink than the ink limit (C + M + Y + K, 300% unless a service asks for
  less). A colour over it keeps its black and loses cyan, magenta and yellow in proportion,
  as a shop's RIP would: the hue and the darkness stay close, the ink on the sheet drops.
  Rich black (the assassin's 60/40/40/100) is for large areas only.

Home files keep their look: there ``line`` is the outline colour, ``heading`` the red, and
coloured lines have no minimum width.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields

from ..settings.declarations import PRESS_PROFILES
from ..settings.units import RGB, parse_colour

Colour = tuple[float, ...]
CMYK = tuple[float, float, float, float]


@dataclass(frozen=True)
class Ink:
    """One colour as both kinds of printer should get it."""

    cmyk: CMYK

    @property
    def rgb(self) -> tuple[float, float, float]:
        cyan, magenta, yellow, black = self.cmyk
        return tuple(round((1 - part) * (1 - black), 4) for part in (cyan, magenta, yellow))

    @classmethod
    def from_hex(cls, text: str) -> "Ink":
        return cls.from_rgb(parse_colour(text))

    @classmethod
    def from_rgb(cls, rgb: RGB) -> "Ink":
        """Red, green, blue -> the CMYK that keeps its look, with as much of the grey in black
        ink as possible (what a shop's own conversion would do, and never 300% of ink)."""
        red, green, blue = rgb
        black = 1 - max(red, green, blue)
        if black >= 1:
            return cls((0.0, 0.0, 0.0, 1.0))
        return cls(tuple(round((1 - part - black) / (1 - black), 4) for part in (red, green, blue)) + (round(black, 4),))

    @property
    def total(self) -> float:
        """Ink coverage in percent: C + M + Y + K."""
        return 100 * sum(self.cmyk)

    def limited(self, ink_limit: float) -> "Ink":
        """This colour with at most ``ink_limit`` percent of ink: black kept, cyan, magenta
        and yellow reduced in proportion (rounded down, so the limit holds exactly)."""
        if self.total <= ink_limit:
            return self
        *colours, black = self.cmyk
        room = max(ink_limit / 100 - black, 0.0)
        factor = room / sum(colours)
        return Ink(tuple(math.floor(part * factor * 10_000) / 10_000 for part in colours) + (black,))

    def black_only(self) -> "Ink":
        """A grey of black ink alone, as dark as this colour looks (its luma)."""
        red, green, blue = self.rgb
        return Ink((0.0, 0.0, 0.0, round(1 - (0.299 * red + 0.587 * green + 0.114 * blue), 2)))


# The default palette, tuned in CMYK; home printers get its RGB equivalent.
PALETTE: dict[str, Ink] = {
    "card": Ink((0.0, 0.05, 0.16, 0.03)),  # warm paper
    "band": Ink((0.0, 0.12, 0.34, 0.20)),  # the spymasters' shaded band
    "outline": Ink((0.0, 0.20, 0.45, 0.45)),  # frames and the emblem
    "red": Ink((0.0, 0.85, 0.80, 0.05)),
    "blue": Ink((0.90, 0.50, 0.0, 0.05)),
    "bystander": Ink((0.0, 0.08, 0.26, 0.10)),
}


@dataclass(frozen=True)
class Theme:
    card: Colour
    band: Colour
    outline: Colour
    red: Colour
    blue: Colour
    bystander: Colour
    assassin: Colour
    text: Colour  # black: pure K for shops
    label: Colour  # white
    on_colour: Colour  # symbols and names on red, blue and assassin
    on_bystander: Colour
    writing_line: Colour
    cut_mark: Colour
    line: Colour  # thin frames, rules and the emblem: the outline, or a grey of black ink
    heading: Colour  # the rules sheet's headings: red, or black ink
    title: str | None = None  # the kit's title, None for none
    ink: str = "full"  # "light": pale grounds for inkjets (see make_theme)
    cut_mark_width: float = 0.25  # points: the hairline print shops expect
    # The thinnest line that may be drawn in colour (several inks); thinner lines are drawn in
    # black ink only. 0 for home printers, which print one colour at a time with no registration.
    colour_line_min: float = 0.0


COLOUR_LINE_MIN = 2.0  # points: shops want thinner lines in black ink only
INK_LIMIT = 300  # percent: what most shops take; some services ask for less (240, 280)


def is_cmyk(profile: str) -> bool:
    """Whether a profile's files are CMYK (a print shop's or print-on-demand service's)."""
    return profile in PRESS_PROFILES


def make_theme(
    profile: str = "home", colours: dict[str, RGB] | None = None, title: str | None = None, *,
    ink_limit: int = INK_LIMIT, ink: str = "full",
) -> Theme:
    """The theme for a profile, with any colours the user chose. CMYK profiles keep every
    colour, the user's included, within ``ink_limit`` percent of ink (see ``Ink.limited``)."""
    if not 100 <= ink_limit <= 400:
        raise ValueError(f"an ink limit is a percentage from 100 to 400, not {ink_limit}")
    inks = dict(PALETTE)
    # A rich black for the assassin's large dark areas (black ink alone prints greyish);
    # 240% of ink, under the 280% that shops allow. Text stays black ink only.
    inks["assassin"] = Ink((0.6, 0.4, 0.4, 1.0))
    for name, value in (colours or {}).items():
        inks[name] = Ink.from_rgb(value)
    grey = {"on_bystander": 0.65, "writing_line": 0.35}
    inks.update({name: Ink((0.0, 0.0, 0.0, level)) for name, level in grey.items()})
    inks.update(text=Ink((0.0, 0.0, 0.0, 1.0)), cut_mark=Ink((0.0, 0.0, 0.0, 1.0)),
                label=Ink((0.0, 0.0, 0.0, 0.0)), on_colour=Ink((0.0, 0.0, 0.0, 0.0)))
    if ink == "light":
        inks.update(card=Ink((0.0, 0.0, 0.0, 0.0)))
    cmyk = is_cmyk(profile)
    if cmyk:
        inks.update(line=inks["outline"].black_only(), heading=inks["text"])
        resolved = {name: ink.limited(ink_limit).cmyk for name, ink in inks.items()}
    else:
        inks.update(line=inks["outline"], heading=inks["red"])
        resolved = {name: ink.rgb for name, ink in inks.items()}
    names = {field.name for field in fields(Theme)}
    return Theme(**{name: value for name, value in resolved.items() if name in names}, title=title, ink=ink,
                 colour_line_min=COLOUR_LINE_MIN if cmyk else 0.0)


DEFAULT_THEME = make_theme("home")
