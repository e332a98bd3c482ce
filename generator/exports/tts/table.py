"""Where the pieces lie on Tabletop Simulator's table, and how large they are.

TTS draws every card on one card shape and stretches the sheet's slot onto it. A card at
scale 1 is taken to be a standard poker card, 2.5 x 3.5 inches (63.5 x 88.9 mm: the
proportion TTS's cards have), and about 2.5 x 3.5 table units; if it is a little smaller,
the pieces only lie a little further apart. A card of another size is
that card scaled across (scaleX) and along (scaleZ), so a 70 x 45 mm codename card lies as
wide and as low as the printed one beside a 70 x 70 mm key card. Positions are in the same
units: a card of w x h points spans w / 72 x h / 72 units.

The layout, seen from the first seat: the space for the codenames' grid in the middle, the
codename deck above it, the key deck beside that, and the tiles in stacks down both sides,
one kind after another, left and right in turn (so the two teams' agents face each other).

Pure.
"""

from __future__ import annotations

import msgspec

STANDARD_CARD = (2.5 * 72, 3.5 * 72)  # points: the size of a card at scale 1
GAP = 0.5  # units between pieces, and between the grid's cards
DROP = 1.5  # units above the table's centre: pieces settle onto the table from just above it
FACE_UP, FACE_DOWN = 0.0, 180.0  # rotZ: TTS turns a card over about its length
UPRIGHT = 180.0  # rotY: a card read the right way up from the first seat


class Transform(msgspec.Struct, frozen=True):
    x: float
    z: float
    card_size: tuple[float, float]  # points
    face_down: bool = False

    def as_json(self) -> dict[str, float]:
        scale_x, scale_z = card_scale(self.card_size)
        return {"posX": _short(self.x), "posY": DROP, "posZ": _short(self.z),
                "rotX": 0.0, "rotY": UPRIGHT, "rotZ": FACE_DOWN if self.face_down else FACE_UP,
                "scaleX": scale_x, "scaleY": 1.0, "scaleZ": scale_z}


class Layout(msgspec.Struct, frozen=True):
    codenames: Transform
    keys: Transform
    tiles: tuple[Transform, ...]  # one a kind of tile, in the set's order
    other_keys: Transform | None = None  # the second spymaster's key deck, left of the codenames


def card_scale(card_size: tuple[float, float]) -> tuple[float, float]:
    """scaleX and scaleZ that give a card of ``card_size`` points its real size and shape."""
    return _short(card_size[0] / STANDARD_CARD[0]), _short(card_size[1] / STANDARD_CARD[1])


def extent(card_size: tuple[float, float]) -> tuple[float, float]:
    """A card's width and length on the table, in units."""
    return card_size[0] / 72, card_size[1] / 72


def lay_out(grid: tuple[int, int], codename_size: tuple[float, float], key_size: tuple[float, float],
            tile_size: tuple[float, float], tile_kinds: int) -> Layout:
    """Where each piece goes for a grid of ``grid`` (rows, columns) codenames."""
    rows, columns = grid
    card_width, card_length = extent(codename_size)
    grid_width = columns * (card_width + GAP) - GAP
    grid_length = rows * (card_length + GAP) - GAP
    # The decks lie beyond the grid's far edge, the codenames in the middle, a key deck either side.
    deck_z = grid_length / 2 + 2 * GAP + max(card_length, extent(key_size)[1]) / 2
    codenames = Transform(0.0, deck_z, codename_size)
    keys_x = card_width / 2 + 2 * GAP + extent(key_size)[0] / 2
    keys = Transform(keys_x, deck_z, key_size, face_down=True)
    other_keys = Transform(-keys_x, deck_z, key_size, face_down=True)
    tile_width, tile_length = extent(tile_size)
    side_x = grid_width / 2 + 2 * GAP + tile_width / 2
    top_z = grid_length / 2 - tile_length / 2
    tiles = tuple(Transform(side_x if kind % 2 else -side_x, top_z - (kind // 2) * (tile_length + GAP), tile_size)
                  for kind in range(tile_kinds))
    return Layout(codenames, keys, tiles, other_keys)


def _short(value: float) -> float:
    """Four decimals: a ten-thousandth of an inch, and a file that reads the same every run."""
    return round(value, 4) + 0.0  # + 0.0: never -0.0
