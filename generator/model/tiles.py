"""The tiles that cover the words as they are found: what a tile and a kind of tile are, face
by face. Each game declares the kinds its set holds (``games/*/__init__.py``).

Pure data. Agents and bystanders show a different figure on each face, as the boxed tiles do.
"""

from __future__ import annotations

from typing import Literal, Sequence

import msgspec

Role = Literal["red", "blue", "bystander", "assassin", "green", "timer"]

MAX_SETS = 100


class TileFace(msgspec.Struct, frozen=True):
    name: str  # the role's noun, which the kit's labels print in its language ("red agent")
    role: Role
    figure: int  # which of the role's two figures this face shows (a spare timer: 1)


class Tile(msgspec.Struct, frozen=True):
    front: TileFace
    back: TileFace


class TileKind(msgspec.Struct, frozen=True):
    """One kind of tile in a set, named as summaries count it ("red agent")."""

    noun: str
    front: TileFace
    back: TileFace
    per_set: int

    @property
    def count_name(self) -> str:
        """Its count's placeholder on the rules sheet: "red_agents"."""
        return self.noun.replace(" ", "_") + "s"


def agent_kind(noun: str, front: Role, back: Role, per_set: int) -> TileKind:
    """A tile named after itself whose faces show the role's two figures."""
    return TileKind(noun, TileFace(noun, front, 0), TileFace(noun, back, 1), per_set)


def tile_set(kinds: Sequence[TileKind]) -> list[Tile]:
    """One set in play order."""
    return [Tile(kind.front, kind.back) for kind in kinds for _ in range(kind.per_set)]


def tiles(kinds: Sequence[TileKind], sets: int) -> list[Tile]:
    if not 1 <= sets <= MAX_SETS:
        raise ValueError(f"sets must be between 1 and {MAX_SETS}")
    return tile_set(kinds) * sets
