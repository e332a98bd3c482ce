"""The tiles that cover the words as they are found: which tiles a set holds, face by face.

Pure data. A classic set matches the box: 8 red agents, 8 blue agents, 1 double agent (red on
one face, blue on the other), 7 innocent bystanders and 1 assassin. Agents and bystanders
show a different figure on each face, as the boxed tiles do.

A Duet set holds 15 agents, 1 assassin and 11 timer tokens: 9 for a game and 2 spares for an
easier one. A timer token is spent each turn; when a guess hits a bystander it is laid on that
word with its bystander face up, so its back is a bystander face.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Role = Literal["red", "blue", "bystander", "assassin", "green", "timer"]

MAX_SETS = 100
TIMER_TOKENS, SPARE_TIMER_TOKENS = 9, 2


@dataclass(frozen=True)
class TileFace:
    name: str  # the role's noun, which the kit's labels print in its language ("red agent")
    role: Role
    figure: int  # which of the role's two figures this face shows (a spare timer: 1)


@dataclass(frozen=True)
class Tile:
    front: TileFace
    back: TileFace


@dataclass(frozen=True)
class TileKind:
    """One kind of tile in a set, named as summaries count it ("red agent")."""

    noun: str
    front: TileFace
    back: TileFace
    per_set: int

    @property
    def count_name(self) -> str:
        """Its count's placeholder on the rules sheet: "red_agents"."""
        return self.noun.replace(" ", "_") + "s"


def _agent_kind(noun: str, front: Role, back: Role, per_set: int) -> TileKind:
    """A tile named after itself whose faces show the role's two figures."""
    return TileKind(noun, TileFace(noun, front, 0), TileFace(noun, back, 1), per_set)


CLASSIC_KINDS: tuple[TileKind, ...] = (
    _agent_kind("red agent", "red", "red", 8),
    _agent_kind("blue agent", "blue", "blue", 8),
    _agent_kind("double agent", "red", "blue", 1),
    _agent_kind("bystander", "bystander", "bystander", 7),
    _agent_kind("assassin", "assassin", "assassin", 1),
)
_BYSTANDER_FACE = TileFace("bystander", "bystander", 0)
DUET_KINDS: tuple[TileKind, ...] = (
    _agent_kind("agent", "green", "green", 15),
    _agent_kind("assassin", "assassin", "assassin", 1),
    TileKind("timer token", TileFace("timer token", "timer", 0), _BYSTANDER_FACE, TIMER_TOKENS),
    TileKind("spare timer token", TileFace("timer token", "timer", 1), _BYSTANDER_FACE, SPARE_TIMER_TOKENS),
)


def tile_kinds(duet: bool = False) -> tuple[TileKind, ...]:
    return DUET_KINDS if duet else CLASSIC_KINDS


def tile_set(duet: bool = False) -> list[Tile]:
    """One set in play order."""
    return [Tile(kind.front, kind.back) for kind in tile_kinds(duet) for _ in range(kind.per_set)]


def tiles(sets: int, duet: bool = False) -> list[Tile]:
    if not 1 <= sets <= MAX_SETS:
        raise ValueError(f"sets must be between 1 and {MAX_SETS}")
    return tile_set(duet) * sets


def counts_per_set(duet: bool = False) -> dict[str, int]:
    """Tiles per set by noun ("red agent"), for summaries and the rules sheet."""
    return {kind.noun: kind.per_set for kind in tile_kinds(duet)}
