"""The roles a key card gives the words on the table, shared by every game of the family: one
table, which every component reads.

The classic game and the picture edition use the red and blue teams, bystanders and the
assassin, and the classic game the green and orange teams too when three or four play; Duet
uses its agents (green), bystanders and assassins. A role is data: its letter in
key grids and keys.json, its name for bots, the theme's colours it is painted in, the shape of
its symbol, its coloured square and its figures. Drawing, tiles, key cards, boards and the
stand look a role up here and never name one, so that a role looks the same on every component
and in every game, and another team is a line of this table (and its names in the texts).
"""

from __future__ import annotations

from typing import Iterable, Literal

import msgspec


# The shapes a role's symbol takes, each drawn by every format (``draw.symbols``, the board's
# web page and its text), and the shapes of a team's lights on a key card.
Shape = Literal["diamond", "disc", "square", "triangle", "star", "bar", "cross"]
Light = Literal["pointed", "rounded", "square", "slanted"]


class Role(msgspec.Struct, frozen=True, kw_only=True):
    letter: str  # in key grids, keys.json and manifests: "R"
    name: str  # as bots and the board's key read it: "red", "agent"
    # The theme's colour of its cells, tiles and lights. Tiles name a role by it ("green").
    colour: str
    on_colour: str  # the theme's colour of symbols and names on that ground
    # The colour its figure is drawn in on a tile's white medallion (and, in light ink, the
    # tile's frame and symbol): where a bystander's khaki is too pale to draw with and the
    # assassin's rich black is for large areas only, another.
    figure_colour: str
    writing_colour: str  # the colour of its name written on a board
    symbol: Shape  # its shape, drawn the same on every component
    square: str  # its coloured square, for boards in chat and markdown
    noun: str  # its name in the texts (the tiles' nouns), and the plural beside it
    nouns: str
    figures: tuple[str, str]  # the figures of its tiles' two faces (draw.medallion)
    team: bool = False  # a team's own agents: a team starts, and its colour lights a key card
    # Its lights on a key card, shaped like its symbol: "pointed" like a diamond, "rounded" like a
    # disc, "square" like a square, "slanted" like a triangle.
    light: Light = "rounded"
    agents: bool = False  # the cells someone is out to find: the teams', and Duet's agents
    striped: bool = False  # its cells and tiles carry stripes, which no greyscale merges with navy
    # Its ground is pale (the bystander's khaki): a name on it is written in black, and on a
    # board its name in its colour stays plain, where the others are bold.
    pale: bool = False


RED, BLUE, GREEN, ORANGE, BYSTANDER, ASSASSIN, AGENT = "R", "B", "V", "O", "N", "A", "G"

# In the order a legend lists them.
ROLES: tuple[Role, ...] = (
    Role(letter=RED, name="red", colour="red", on_colour="on_colour", figure_colour="red", writing_colour="red",
         symbol="diamond", square="🟥", noun="red agent", nouns="red agents",
         figures=("agent in a fedora", "agent with a bob"), team=True, light="pointed", agents=True),
    Role(letter=BLUE, name="blue", colour="blue", on_colour="on_colour", figure_colour="blue", writing_colour="blue",
         symbol="disc", square="🟦", noun="blue agent", nouns="blue agents",
         figures=("agent in dark glasses", "agent in a bowler"), team=True, agents=True),
    # The third and fourth teams, when three or four play (the classic game only). Green is Duet's
    # green and wears Duet's figures: no game has both. V is for vert, verde: G is Duet's agents'.
    Role(letter=GREEN, name="green", colour="green", on_colour="on_colour", figure_colour="green",
         writing_colour="green", symbol="square", square="🟩", noun="green agent", nouns="green agents",
         figures=("agent with the collar up", "agent with an earpiece"), team=True, light="square", agents=True),
    Role(letter=ORANGE, name="orange", colour="orange", on_colour="on_colour", figure_colour="orange",
         writing_colour="orange", symbol="triangle", square="🟧", noun="orange agent", nouns="orange agents",
         figures=("agent in a top hat", "agent in a beanie"), team=True, light="slanted", agents=True),
    Role(letter=AGENT, name="agent", colour="green", on_colour="on_colour", figure_colour="green",
         writing_colour="green", symbol="star", square="🟩", noun="agent", nouns="agents",
         figures=("agent with the collar up", "agent with an earpiece"), agents=True),
    Role(letter=BYSTANDER, name="bystander", colour="bystander", on_colour="on_bystander", figure_colour="outline",
         writing_colour="outline", symbol="bar", square="🟨", noun="bystander", nouns="bystanders",
         figures=("bystander", "bystander with a cap"), pale=True),
    Role(letter=ASSASSIN, name="assassin", colour="assassin", on_colour="on_colour", figure_colour="text",
         writing_colour="assassin", symbol="cross", square="⬛", noun="assassin", nouns="assassins",
         figures=("assassin", "assassin"), striped=True),
)

BY_LETTER: dict[str, Role] = {role.letter: role for role in ROLES}
ROLE_NAMES = {role.letter: role.name for role in ROLES}
TEAM_ROLES: tuple[Role, ...] = tuple(role for role in ROLES if role.team)


def role_of(letter: str) -> Role:
    """The role of a key's letter."""
    return BY_LETTER[letter]


def team_role(team: str) -> Role:
    """A team's own role, by the team's name ("red")."""
    return next(role for role in TEAM_ROLES if role.name == team)


def play_order(teams: int, starting: str) -> tuple[Role, ...]:
    """The first ``teams`` teams in the order they play when ``starting`` (a team's name)
    starts: that team, then the others in the table's order, round again (blue, green, red)."""
    playing = TEAM_ROLES[:teams]
    first = next(at for at, role in enumerate(playing) if role.name == starting)
    return playing[first:] + playing[:first]


def in_order(letters: Iterable[str]) -> list[str]:
    """``letters`` in the table's order, each once."""
    wanted = set(letters)
    return [role.letter for role in ROLES if role.letter in wanted]
