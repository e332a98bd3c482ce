"""The classic game: two teams of spymasters and operatives race to find their agents among 25
codenames, while avoiding the assassin. A key card shows 9 cells of the starting team (8
agents and the double agent), 8 of the other, 7 bystanders and the assassin, with lights in
the starting team's colour; a tile set matches the box.

Its parts: ``deal`` and ``distance`` (the dealer), ``card`` (the key card face), ``keys`` (the
key cards for the jobs), ``example``, ``example_layout``, ``example_art`` and ``rules`` (the
rules sheet's drawn example); its rules and tile names in each language are in that language's
folder (``languages/CODE/classic.yaml``, ``classic-tiles.yaml``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from msgspec.structs import replace

from ...inputs.bundled import languages_folder
from ...model.roles import ASSASSIN, BLUE, BYSTANDER, RED, TEAM_ROLES
from ...model.teams import CLASSIC_TABLE, MOST_CARDS, TILE_NOUNS, Table, table_for
from ...model.tiles import TileKind, agent_kind
from ..game import Game, Grid, KeyCards, RulesExample

VARIANTS = ("two-players", "three-players", "match", "strict-extra-guess")
MAX_CARDS = 10_000  # the most key cards the dealer deals balanced and fresh (deal.DISTANCE_TARGETS)


def _key_cards() -> KeyCards[Any, Any]:
    from .keys import KEY_CARDS

    return KEY_CARDS


@cache
def _table_key_cards(at: Table) -> KeyCards[Any, Any]:
    from .keys import ClassicKeyCards
    from .shapes import key_shape

    return ClassicKeyCards(key_shape(at), at)


def _rules_example() -> RulesExample[Any, Any]:
    from .rules import RULES_EXAMPLE

    return RULES_EXAMPLE


def table_tiles(at: Table) -> tuple[TileKind, ...]:
    """A set of tiles for the table: with two teams, each team's agents but the starting
    team's extra one, which the double agent (red on one face, blue on the other) gives
    whichever starts; with more, a two-faced tile cannot name every team, so each team has as
    many agents as the starting team needs, and the others leave one in the box."""
    teams = TEAM_ROLES[:at.teams]
    if at.teams == 2:
        agents = [agent_kind(team.noun, team.letter, team.letter, at.other) for team in teams]
        agents.append(agent_kind("double agent", RED, BLUE, 1))
    else:
        agents = [agent_kind(team.noun, team.letter, team.letter, at.starting) for team in teams]
    rest = [agent_kind("bystander", BYSTANDER, BYSTANDER, at.bystanders)] if at.bystanders else []
    if at.assassins:
        rest.append(agent_kind("assassin", ASSASSIN, ASSASSIN, at.assassins))
    return (*agents, *rest)


def _seat(teams: int | None, grid: tuple[int, int] | None, assassins: int | None) -> Game:
    at = table_for(teams or 2, grid, assassins)
    return CLASSIC if at == CLASSIC_TABLE else _at_table(at)


@cache
def _at_table(at: Table) -> Game:
    """The classic game at another table: its grid, tiles and key cards (the same value for the
    same table)."""
    teams = "two teams" if at.teams == 2 else f"{at.teams} teams"
    return replace(
        CLASSIC, summary=f"the party game for {teams} at {at.rows} x {at.columns}", grid=Grid(at.rows, at.columns),
        tiles=table_tiles(at), load_key_cards=lambda: _table_key_cards(at), most_key_cards=MOST_CARDS,
        table=at)


CLASSIC = Game(
    name="classic",
    title="Codenames",
    summary="the party game for two teams: 40 double-sided key cards, 25 tiles, rules with four variants",
    grid=Grid(5, 5),
    tiles=table_tiles(CLASSIC_TABLE),  # 8 red, 8 blue, the double agent, 7 bystanders, the assassin
    tiles_title="Agent tiles",
    texts=languages_folder(),
    load_key_cards=_key_cards,
    load_rules_example=_rules_example,
    example_marks=("key-and-grid", "starting", "clue", "targets", "guesses"),
    default_key_cards=40,
    most_key_cards=MAX_CARDS,
    variants=VARIANTS,
    table=CLASSIC_TABLE,
    seat=_seat,  # its other tables, which share everything else (``_at_table``)
    other_tile_nouns=TILE_NOUNS,
)


