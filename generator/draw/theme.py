"""Colours and line weights of the printed components, for home printers and for print shops.

Each colour is given once and resolved per profile: RGB for home printers (their drivers
expect it), CMYK for print shops and print-on-demand services ("shop" and "pod"). A resolved
colour is a plain tuple: three values are RGB, four are CMYK.

What a CMYK theme promises, as a shop's preflight checks it:

* text is black ink only (C = M = Y = 0): ``text``, ``heading``, and the white (no ink) and
  greys of ``label``, ``on_colour`` and ``on_bystander``;
* no line thinner than ``colour_line_min`` (2 pt) has cyan, magenta or yellow in it: a press
  lays each ink down separately, a tenth of a millimetre apart at worst, and a thin line of
  several inks shows that as coloured fringes. Hairlines (tables, small drawn cards) take
  ``line``, a grey of black ink as dark as ``outline``; ``paint.stroke`` draws any line of
  more than black ink at least ``colour_line_min`` wide (``line_width``);
* no colour uses more ink than the ink limit (C + M + Y + K, 300% unless a service asks for
  less). A colour over it keeps its black and loses cyan, magenta and yellow in proportion,
  as a shop's RIP would: the hue and the darkness stay close, the ink on the sheet drops.
  Rich black (the assassin's 60/40/40/100) is for large areas only.

The brown accents on press. The emblem and the frames are the kit's warm brown (``outline``,
0/20/45/45), and a brown needs three inks: no single process ink comes near it (measured in
CIELAB through the press profile, ISO Coated v2: the closest black-only grey is 27.6 Delta E
from the home file's brown, yellow alone 50, magenta alone 48). So the accents keep their
real colour and are drawn heavier instead: ``accent`` is the brown on every profile, for
fills (the keyhole) and for lines, which on press files are at least ``colour_line_min``
wide. Measured as pdfium renders the files, the word card's frame and keyhole were 27.9
Delta E from the home file's brown in black ink, and are 6.6 in the accent (the press's own
shift, which the bystander beside them shares). A drawing placed smaller than it is drawn
(a game book's cards) takes its accent as a hairline (``drawn_small``): 2 pt would print
thinner. Home files keep their look: there ``line`` and ``accent`` are the same brown, at
the widths the kit designs, and ``heading`` is red.

Headings are red on home files, darkened from the team red with black until they reach
the 4.5:1 contrast on white paper that WCAG asks of text (``readable_on_paper``); on press
files they are black ink, as all text is.

Two styles (``ink``): "full" prints cream cards and tiles in their role's colour to the edge;
"light" (``--ink light``, for inkjets) prints the cards on white paper, the word card's band
paler, and tiles on a pale tint of their role's colour (``red_pale`` ...) inside a border of
it at half strength (``red_border`` ..., see ``draw.tile``), so that a covered word reads as
covered from across the table, while figures, symbols, key-card cells and frames keep their
full colours.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Mapping, Protocol

import msgspec

from ..model.roles import ROLES
from ..units import RGB, parse_colour

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


class Emblem(Protocol):
    """A user's emblem ready to draw, as a theme holds it (``draw.emblem.EmblemArt``, which draws
    with this module's colours): whole and centred in the square of the ring of ``radius``."""

    def draw(self, canvas: Canvas, x: float, y: float, radius: float) -> None: ...

Colour = tuple[float, ...]
CMYK = tuple[float, float, float, float]


class Ink(msgspec.Struct, frozen=True):
    """One colour as both kinds of printer should get it."""

    cmyk: CMYK

    @property
    def rgb(self) -> RGB:
        cyan, magenta, yellow, black = self.cmyk

        def light(part: float) -> float:
            return round((1 - part) * (1 - black), 4)

        return light(cyan), light(magenta), light(yellow)

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
        def ink(part: float) -> float:
            return round((1 - part - black) / (1 - black), 4)

        return cls((ink(red), ink(green), ink(blue), round(black, 4)))

    @property
    def total(self) -> float:
        """Ink coverage in percent: C + M + Y + K."""
        return 100 * sum(self.cmyk)

    def limited(self, ink_limit: float) -> "Ink":
        """This colour with at most ``ink_limit`` percent of ink: black kept, cyan, magenta
        and yellow reduced in proportion (rounded down, so the limit holds exactly)."""
        if self.total <= ink_limit:
            return self
        cyan, magenta, yellow, black = self.cmyk
        factor = max(ink_limit / 100 - black, 0.0) / (cyan + magenta + yellow)

        def reduced(part: float) -> float:
            return math.floor(part * factor * 10_000) / 10_000

        return Ink((reduced(cyan), reduced(magenta), reduced(yellow), black))

    def tint(self, strength: float) -> "Ink":
        """This colour printed lighter: every ink at ``strength`` (0 to 1) of its amount."""
        cyan, magenta, yellow, black = self.cmyk
        return Ink((round(cyan * strength, 4), round(magenta * strength, 4), round(yellow * strength, 4),
                    round(black * strength, 4)))

    def black_only(self) -> "Ink":
        """A grey of black ink alone, as dark as this colour looks (its luma)."""
        red, green, blue = self.rgb
        return Ink((0.0, 0.0, 0.0, round(1 - (0.299 * red + 0.587 * green + 0.114 * blue), 2)))


# The default palette, tuned in CMYK; home printers get its RGB equivalent. Black and white
# first: many home and office printers are mono lasers, so the colours that must be told apart
# differ in lightness too (luma, 0-255, as a greyscale rendering of the home file shows it):
#   card 236 > band 194 > bystander 178 > outline 117 ~ red 111 > blue 44 > assassin 0.
# Red and blue stay 67 grey levels apart (the issue asks for 50), the bystander 58 under the
# card, and every team colour keeps its own symbol and shape as well. Navy and the assassin's
# black are only 44 apart (26 as a press prints them), and a toner-saving laser merges them:
# the assassin's cells and tiles are striped as well (``draw.keycard``, ``draw.tile``).
# Each role names its colour here (``Role.colour``): another team's colour is a line of it.
PALETTE: dict[str, Ink] = {
    "card": Ink((0.0, 0.05, 0.16, 0.03)),  # warm paper, luma 236
    "band": Ink((0.0, 0.10, 0.30, 0.16)),  # the spymasters' band: a tan a little lighter than bystander, 194
    "outline": Ink((0.0, 0.20, 0.45, 0.45)),  # frames and the emblem: a warm brown, 117
    "red": Ink((0.0, 0.78, 0.92, 0.0)),  # a light vermilion, 111
    "blue": Ink((1.0, 0.72, 0.0, 0.38)),  # a deep navy, 44
    "bystander": Ink((0.0, 0.06, 0.40, 0.24)),  # khaki, 178: visible on the cream card in grey
    # A rich black for the assassin's large dark areas (black ink alone prints greyish);
    # 240% of ink, under the 280% that shops allow. Text stays black ink only.
    "assassin": Ink((0.6, 0.4, 0.4, 1.0)),
    # Duet's agents: a leaf green, 104, as far from the khaki bystander (74 levels) as from
    # the black assassin.
    "green": Ink((0.82, 0.12, 0.90, 0.30)),
    # The fourth team's: a marigold, 163, lighter than red and green and darker than the khaki:
    # its triangle, not its grey, tells it from the bystander in black and white.
    "orange": Ink((0.0, 0.45, 0.95, 0.0)),
}

# ``--ink light``: the grounds that differ from the full palette (figures, symbols, cells and
# frames keep their colours). Cards are white paper; the word card's band is a pale tan.
LIGHT_PALETTE: dict[str, Ink] = {
    "card": Ink((0.0, 0.0, 0.0, 0.0)),
    "band": Ink((0.0, 0.05, 0.16, 0.06)),  # luma 228 on white paper
}
# A light tile's ground is its role's colour at this strength: the role still shows from across
# the table, for a seventh of the ink.
PALE_TINT = 0.14
BORDER_TINT = 0.5  # a light tile's border, from its cut to its frame: the role's colour at half strength
ROLE_COLOURS = tuple(role.colour for role in ROLES)  # each has a pale tint and a border too


class Theme(msgspec.Struct, frozen=True):
    card: Colour
    band: Colour
    outline: Colour
    on_colour: Colour  # symbols and names on red, blue and assassin
    on_bystander: Colour  # symbols and names on bystander cells and tiles: a dark grey of black ink
    text: Colour  # black: pure K for shops
    label: Colour  # white
    writing_line: Colour
    cut_mark: Colour
    line: Colour  # hairlines (tables, small drawn cards): the outline, or on press a grey of black ink
    accent: Colour  # the emblem and the frames: the outline's brown on every profile (see the notes)
    heading: Colour  # the rules sheet's headings: a red readable on paper, or black ink
    # Each role's colour (``Role.colour``: "red"), and for light tiles (``--ink light``) its pale
    # ground at PALE_TINT ("red_pale") and its border at BORDER_TINT ("red_border").
    roles: Mapping[str, Colour]
    title: str | None = None  # the kit's title, None for none
    emblem: Emblem | None = None  # the user's emblem, ready to draw (``draw.emblem``); None: the keyhole
    ink: str = "full"  # "light": pale grounds for inkjets (see make_theme)
    cut_mark_width: float = 0.25  # points: the hairline print shops expect
    # The thinnest line that may be drawn in colour (several inks); thinner lines are drawn in
    # black ink only. 0 for home printers, which print one colour at a time with no registration.
    colour_line_min: float = 0.0

    def colour(self, name: str) -> Colour:
        """One of the theme's colours by its name, as a role names its own (``model.roles``)."""
        if name in self.roles:
            return self.roles[name]
        value = getattr(self, name)
        assert isinstance(value, tuple), f"{name} is not one of the theme's colours"
        return value


COLOUR_LINE_MIN = 2.0  # points: shops want thinner lines in black ink only
INK_STYLES = ("full", "light")  # how much ink the grounds take: see the module's notes
HEADING_CONTRAST = 4.5  # WCAG's least contrast for text, against white paper


def make_theme(
    cmyk: bool, colours: dict[str, RGB] | None = None, title: str | None = None, *, ink_limit: int, ink: str,
) -> Theme:
    """The theme for a home file (RGB) or a press's (``cmyk``), with any colours the user
    chose. A CMYK theme keeps every colour, the user's included, within ``ink_limit`` percent
    of ink (see ``Ink.limited``); the settings' declarations hold the defaults."""
    if ink not in INK_STYLES:
        raise ValueError(f"the ink style is one of {', '.join(INK_STYLES)}, not {ink!r}")
    inks = dict(PALETTE)
    if ink == "light":
        inks.update(LIGHT_PALETTE)
    for name, value in (colours or {}).items():  # the user's colours win, in either style
        inks[name] = Ink.from_rgb(value)
    inks.update({f"{role}_pale": inks[role].tint(PALE_TINT) for role in ROLE_COLOURS})
    inks.update({f"{role}_border": inks[role].tint(BORDER_TINT) for role in ROLE_COLOURS})
    grey = {"on_bystander": 0.75, "writing_line": 0.35}
    inks.update({name: Ink((0.0, 0.0, 0.0, level)) for name, level in grey.items()})
    inks.update(text=Ink((0.0, 0.0, 0.0, 1.0)), cut_mark=Ink((0.0, 0.0, 0.0, 1.0)),
                label=Ink((0.0, 0.0, 0.0, 0.0)), on_colour=Ink((0.0, 0.0, 0.0, 0.0)))
    inks.update(accent=inks["outline"])
    if cmyk:
        inks.update(line=inks["outline"].black_only(), heading=inks["text"])
        resolved: dict[str, Colour] = {name: ink.limited(ink_limit).cmyk for name, ink in inks.items()}
    else:
        inks.update(line=inks["outline"], heading=readable_on_paper(inks["red"]))
        resolved = {name: ink.rgb for name, ink in inks.items()}
    names = set(Theme.__struct_fields__)
    painted: dict[str, Any] = {name: value for name, value in resolved.items() if name in names}  # Theme's colours
    of_roles = {f"{colour}{tint}" for colour in ROLE_COLOURS for tint in ("", "_pale", "_border")}
    roles = {name: value for name, value in resolved.items() if name in of_roles}
    return Theme(**painted, roles=roles, title=title, ink=ink, colour_line_min=COLOUR_LINE_MIN if cmyk else 0.0)


def drawn_small(theme: Theme) -> Theme:
    """``theme`` for artwork placed smaller than it is drawn (a game book's cards, drawn by the
    cards' own artists and scaled into cells): its accent is the hairline colour, black ink on
    a press file, since a brown line widened to 2 pt at full size prints thinner once scaled.
    A home file's theme is unchanged (its accent is its hairline colour)."""
    return msgspec.structs.replace(theme, accent=theme.line)


def readable_on_paper(ink: Ink, contrast: float = HEADING_CONTRAST) -> Ink:
    """``ink`` with black added, a percent at a time, until text in it reaches ``contrast``
    against white paper (WCAG's ratio, on the 8-bit RGB a home file prints): the hue stays,
    only the darkness grows. The team red (3.6:1) takes 12% of black."""
    cyan, magenta, yellow, black = ink.cmyk
    for step in range(round(black * 100), 101):
        darker = Ink((cyan, magenta, yellow, step / 100))
        if contrast_on_paper(darker.rgb) >= contrast:
            return darker
    return Ink((cyan, magenta, yellow, 1.0))


def contrast_on_paper(rgb: tuple[float, float, float]) -> float:
    """WCAG's contrast ratio of a colour (sRGB, 0 to 1) against white, each channel first
    rounded to the 8 bits a file and a screen hold."""
    def linear(channel: float) -> float:
        value = round(channel * 255) / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(channel) for channel in rgb)
    return 1.05 / (0.2126 * red + 0.7152 * green + 0.0722 * blue + 0.05)


def line_width(colour: Colour, width: float) -> float:
    """The width a line of ``colour`` designed ``width`` wide is drawn at. On a press file
    (CMYK) a line with cyan, magenta or yellow in it is at least COLOUR_LINE_MIN wide, so that
    the press's misregistration hides in it; black-ink lines, and every line of a home file
    (RGB, one pass of a printer's head), keep their width."""
    if len(colour) == 4 and any(part > 0 for part in colour[:3]):
        return max(width, COLOUR_LINE_MIN)
    return width



def rgb_of(colour: Colour) -> tuple[float, float, float]:
    """A resolved colour as red, green, blue: a CMYK one as the RGB it looks like."""
    if len(colour) == 4:
        cyan, magenta, yellow, black = colour
        return Ink((cyan, magenta, yellow, black)).rgb
    red, green, blue = colour
    return red, green, blue


def text_colour(colour: Colour, theme: Theme) -> Colour:
    """``colour`` for text where the theme allows it: on CMYK files text is black ink only, so
    a colour with cyan, magenta or yellow in it gives way to the theme's black."""
    if len(colour) == 4 and any(part > 0 for part in colour[:3]):
        return theme.text
    return colour
