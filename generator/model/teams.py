"""A table of the classic game: how many teams play, on what grid, and how many cells of each
role a key has there: the fan rule, or the user's count of assassins.

The fan rule: every team but the starting one has the same number of agents, the starting
team one more, one assassin, and bystanders fill the rest. Eight agents a team on a grid of
25 cells or more (9 / 8 / 7 bystanders / 1 on 5 x 5; 9 / 8 / 8, 10 bystanders, 1 on 6 x 6;
9 / 8 / 8 / 8, 15 bystanders, 1 on 7 x 7), fewer on a smaller grid, as many as leave a
bystander or more; the 4 x 4 family grid has no assassin (6 / 5, 5 bystanders). A table the
rule cannot fill is refused (``TableError``).

Pure data: no I/O.
"""

from __future__ import annotations

import msgspec

from .roles import TEAM_ROLES

TEAMS = range(2, len(TEAM_ROLES) + 1)  # --teams: 2 to 4, the roles table's teams
SIDES = range(4, 8)  # --grid: 4 x 4 to 7 x 7
DEFAULT_GRIDS = {2: (5, 5), 3: (6, 6), 4: (7, 7)}  # the grid a number of teams plays on unless told
FULL_TEAM = 8  # agents of each team but the starting one on a grid of FULL_GRID cells or more
FULL_GRID = 25
FAMILY_GRID = 16  # a grid this small has no assassin unless told: the family edition's easy side
FEWEST_AGENTS = 4  # agents of a team but the starting one, below which a table is refused
MOST_CARDS = 1000  # key cards a deck of a table other than the classic one holds at most


class TableError(ValueError):
    """A table the rule cannot fill: its message names what does not fit."""


class Table(msgspec.Struct, frozen=True):
    """T teams at an R x C grid: the starting team's cells, each other team's, the bystanders
    and the assassins."""

    teams: int
    rows: int
    columns: int
    starting: int
    other: int
    bystanders: int
    assassins: int

    @property
    def cells(self) -> int:
        return self.rows * self.columns



def table_for(teams: int, grid: tuple[int, int] | None = None, assassins: int | None = None) -> Table:
    """The table of ``teams`` teams at ``grid`` (its default unless given) with ``assassins``
    (the fan rule's unless given)."""
    if teams not in TEAMS:
        raise TableError(f"{teams} teams: the game is for {TEAMS[0]} to {TEAMS[-1]} teams")
    rows, columns = grid or DEFAULT_GRIDS[teams]
    if rows not in SIDES or columns not in SIDES:
        raise TableError(f"a {rows} x {columns} grid: grids have {SIDES[0]} to {SIDES[-1]} rows and columns")
    cells = rows * columns
    if assassins is None:
        assassins = 0 if cells <= FAMILY_GRID else 1
    if assassins < 0:
        raise TableError(f"{assassins} assassins: a count of assassins is 0 or more")
    other = min(FULL_TEAM, round(FULL_TEAM * cells / FULL_GRID))
    while other >= FEWEST_AGENTS and other * teams + 1 + assassins + 1 > cells:  # leave a bystander
        other -= 1
    if other < FEWEST_AGENTS:
        fewest = FEWEST_AGENTS * teams + 1 + assassins + 1
        raise TableError(f"{teams} teams with {assassins} {'assassin' if assassins == 1 else 'assassins'} need "
                         f"{fewest} cells or more, at {FEWEST_AGENTS} agents a team, and a {rows} x {columns} "
                         f"grid has {cells}")
    starting = other + 1
    return Table(teams, rows, columns, starting, other, cells - starting - other * (teams - 1) - assassins,
                 assassins)


CLASSIC_TABLE = Table(2, 5, 5, 9, 8, 7, 1)
# What the tiles of any table are called: each team's agents, the double agent (two teams), the
# bystanders and the assassins. The files of tile names name them all, and a rules text counts
# them all (0 where a table has none).
TILE_NOUNS = (*(role.noun for role in TEAM_ROLES), "double agent", "bystander", "assassin")
