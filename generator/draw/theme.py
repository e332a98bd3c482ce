"""Colours and line weights of the printed components, for home printers and for print shops.

Each colour is given once and resolved per profile: RGB for home printers (their drivers
expect it), CMYK for print shops, with text and thin lines in black ink only (0, 0, 0, 1),
as shops ask. A resolved colour is a plain tuple: three values are RGB, four are CMYK.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

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
    title: str = "cngen"
    cut_mark_width: float = 0.25  # points: the hairline print shops expect


def make_theme(profile: str = "home", colours: dict[str, RGB] | None = None, title: str | None = None) -> Theme:
    """The theme for a profile, with any colours the user chose."""
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
    resolved = {
        field.name: (inks[field.name].cmyk if profile == "shop" else inks[field.name].rgb)
        for field in fields(Theme)
        if field.name in inks
    }
    return Theme(**resolved, title=title or "cngen")


DEFAULT_THEME = make_theme("home")
