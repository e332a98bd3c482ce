"""The picture edition's key cards for the jobs: the classic key cards (``games/classic/keys.py``:
two keys a card with opposite starting teams, or one and a plain back; keys.json; --stats) with
the 5 x 4 key (``deal``), its face with the corner mark (``card``), and its own words: two keys
are compared as printed and turned half round, the two ways a key stands over the grid."""

from __future__ import annotations

from ...draw.theme import Theme
from ...typeface.font import Font
from ..classic.keys import ClassicKeyCards
from .card import PicturesKeyCardArtist
from .deal import PICTURES_SHAPE
from .face import pictures_face_layout


class PicturesKeyCards(ClassicKeyCards):
    closest_plain = "closest two keys, as printed or turned half round"
    closest_swapped = "closest two keys with red and blue exchanged in one, as printed or turned half round"
    advice = ("Stand a key card as printed (its marked corner where the picture grid's is) or turned half round: "
              "the deck is dealt for both.",)

    def artist(self, card_size: tuple[float, float], bleed: float, font: Font, theme: Theme, *, single_sided: bool,
               back_title: str) -> PicturesKeyCardArtist:
        return PicturesKeyCardArtist(pictures_face_layout(*card_size, bleed=bleed), font, theme,
                                     common_back=single_sided, back_title=back_title)


KEY_CARDS = PicturesKeyCards(PICTURES_SHAPE, table=None)
