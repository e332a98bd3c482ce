"""The tiles that cover the words as they are found: what a tile and a kind of tile are, face
by face. Each game declares the kinds its set holds (``games/*/__init__.py``).

Pure data. Agents and bystanders show a different figure on each face, as the boxed tiles do.
"""

from __future__ import annotations

from typing import Sequence

import msgspec

# A face's role: a role's letter (``model.roles``: "R"), or Duet's timer token, which is no role of a key.
TIMER = "timer"

MAX_SETS = 100


class TileFace(msgspec.Struct, frozen=True):
    name: str  # the role's noun, which the kit's labels print in its language ("red agent")
    role: str  # a role's letter, or TIMER
    figure: int  # which of the role's two figures this face shows (a spare timer: 1)
    # Which of an edition's texts (``TileText``s, by their place in the edition's tuple) the
    # face prints in place of the role's name; None: the role's name, as cngen prints it.
    character: int | None = None

    @property
    def plain(self) -> "TileFace":
        """The face as its kind declares it, without an edition's text."""
        return msgspec.structs.replace(self, character=None) if self.character is not None else self


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
        return count_name(self.noun)


def count_name(noun: str) -> str:
    """The placeholder of a count of tiles called ``noun`` on the rules sheet: "red_agents"."""
    return noun.replace(" ", "_") + "s"


class TileText(msgspec.Struct, frozen=True):
    """An edition's own text for a kind of tile (``noun``, "red agent"): a ``name`` printed in
    place of the role's, and a short ``line`` under it. ``tile`` numbers one tile of the kind
    in a set, from 0 (a character of its own); None: every tile of the kind. ``place`` is where
    the edition file says it ("party.yaml:12"), for messages about the tile."""

    noun: str
    name: str | None = None
    line: str | None = None
    tile: int | None = None
    place: str = ""
    # Where the name and the line are written, as the edition reader names a value's place
    # ("party.yaml:13: tiles: assassin: line"), for messages about the text itself.
    name_at: str = ""
    line_at: str = ""


def nouns_of(kind: TileKind) -> tuple[str, ...]:
    """The nouns an edition may name a tile of ``kind`` by: the kind's own, and its faces'."""
    return tuple(dict.fromkeys((kind.noun, kind.front.name, kind.back.name)))


def covered(kinds: Sequence[TileKind], noun: str) -> int:
    """How many tiles of a set an edition's ``noun`` names: those of the kind so called, and
    those with a face so called (Duet's bystanders are the backs of its timer tokens)."""
    return sum(kind.per_set for kind in kinds if noun in nouns_of(kind))


def text_for(face: TileFace, kind: TileKind, numbers: dict[str, int], texts: Sequence[TileText]) -> int | None:
    """Which of ``texts`` the ``face`` of a tile of ``kind`` prints: a text for the kind itself
    (on its own faces, not a timer token's bystander back) before one for the face's name; one
    for every tile of the noun, else the one for this tile, its number among the noun's tiles
    in the set being ``numbers[noun]``."""
    nouns = ([kind.noun] if face.name == kind.front.name else []) + [face.name]
    for noun in dict.fromkeys(nouns):
        for index, text in enumerate(texts):
            if text.noun == noun and text.tile in (None, numbers[noun]):
                return index
    return None


def tile_set(kinds: Sequence[TileKind], texts: Sequence[TileText] = ()) -> list[Tile]:
    """One set in play order; each face carries the edition's text it prints (``texts``), if any."""
    if not texts:
        return [Tile(kind.front, kind.back) for kind in kinds for _ in range(kind.per_set)]
    numbers: dict[str, int] = {}
    made = []
    for kind in kinds:
        for _ in range(kind.per_set):
            for noun in nouns_of(kind):
                numbers[noun] = numbers.get(noun, -1) + 1
            front, back = (msgspec.structs.replace(face, character=text_for(face, kind, numbers, texts))
                           for face in (kind.front, kind.back))
            made.append(Tile(front, back))
    return made


def agent_kind(noun: str, front: str, back: str, per_set: int) -> TileKind:
    """A tile named after itself whose faces show the role's two figures."""
    return TileKind(noun, TileFace(noun, front, 0), TileFace(noun, back, 1), per_set)


def tiles(kinds: Sequence[TileKind], sets: int, texts: Sequence[TileText] = ()) -> list[Tile]:
    if not 1 <= sets <= MAX_SETS:
        raise ValueError(f"sets must be between 1 and {MAX_SETS}")
    return tile_set(kinds, texts) * sets
