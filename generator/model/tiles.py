"""The tiles that cover the words as they are found: which tiles a set holds, face by face.

Pure data. A set matches the box: 8 red agents, 8 blue agents, 1 double agent (red on one
face, blue on the other), 7 innocent bystanders and 1 assassin. Agents and bystanders show
a different figure on each face, as the boxed tiles do.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Role = Literal["red", "blue", "bystander", "assassin"]

MAX_SETS = 100

# (name printed on the tile, front role, back role, how many in one set)
TILE_KINDS: tuple[tuple[str, Role, Role, int], ...] = (
    ("RED AGENT", "red", "red", 8),
    ("BLUE AGENT", "blue", "blue", 8),
    ("DOUBLE AGENT", "red", "blue", 1),
    ("BYSTANDER", "bystander", "bystander", 7),
    ("ASSASSIN", "assassin", "assassin", 1),
)


@dataclass(frozen=True)
class TileFace:
    name: str
    role: Role
    figure: int  # which of the role's two figures this face shows


@dataclass(frozen=True)
class Tile:
    front: TileFace
    back: TileFace


def tile_set() -> list[Tile]:
    """One set in play order: the fronts show one figure, the backs the other."""
    return [
        Tile(TileFace(name, front, 0), TileFace(name, back, 1))
        for name, front, back, count in TILE_KINDS
        for _ in range(count)
    ]


def tiles(sets: int) -> list[Tile]:
    if not 1 <= sets <= MAX_SETS:
        raise ValueError(f"sets must be between 1 and {MAX_SETS}")
    return tile_set() * sets


def counts_per_set() -> dict[str, int]:
    """Tiles per set by name, for summaries and the rules sheet."""
    return {name: count for name, _, _, count in TILE_KINDS}
