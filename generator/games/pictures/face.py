"""The picture edition's key card face as geometry: the classic key card's frame, lights and
number over a 5 x 4 grid of square cells (``geometry.keyface``, centred: the grid is wider than
tall), and the picture cards' corner mark in the frame's upper-left corner.

The mark is the one a picture card of the same size wears, where it wears it
(``geometry.pictureface``): with the key card standing beside the table marked corner up-left,
its grid lies as the picture grid does, whose every card is marked at its upper left.

Pure: boxes in card coordinates (points, origin bottom left), cells row-major with the top row
first, as the card is read.
"""

from __future__ import annotations

import msgspec

from ...geometry.keyface import KeyFaceLayout, key_face_layout
from ...geometry.pictureface import picture_face_layout
from ...geometry.sheet import Box
from .deal import COLUMNS, ROWS


class PicturesFaceLayout(msgspec.Struct, frozen=True):
    key: KeyFaceLayout  # the classic card's frame, lights, number and bleed, over the 5 x 4 grid
    window: Box  # inside the frame's line: the mark is cut by its rounded corner, as on a picture card
    mark: float  # the corner mark's legs


def pictures_face_layout(card_width: float, card_height: float, bleed: float = 0.0) -> PicturesFaceLayout:
    picture = picture_face_layout(card_width, card_height, bleed)
    return PicturesFaceLayout(key_face_layout(card_width, card_height, bleed, ROWS, COLUMNS), picture.window,
                              picture.mark)
