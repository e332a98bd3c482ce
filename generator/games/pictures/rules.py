"""The picture edition's rules sheet example for the rules job: read from the rules text
(``example``: its pictures named from cngen's picture deck), laid out for a column of the page
(``example_layout``), refused where a clue or caption does not fit, and drawn (``example_art``)
with its pictures, read from the deck's SVG files."""

from __future__ import annotations

import functools
from typing import Any, Callable

from ...draw.theme import Theme
from ...geometry.rulespage import RulesPage
from ...geometry.sheet import Box
from ...inputs.bundled import picture_deck_path
from ...inputs.schema import Shape
from ...model.ruletext import RulesText
from ...typeface.font import FontFamily
from ..classic.card import KeyFace
from ..classic.example_layout import EXAMPLE_CARD
from ..classic.rules import ROOMS
from ..examples import refuse_overflowing
from ..game import RulesExample
from .card import PicturesKeyCardArtist
from .example import DRAWING, PictureExample, example_shape
from .example_art import PictureExampleArt
from .example_layout import PictureExampleLayout, picture_example_layout
from .face import PicturesFaceLayout, pictures_face_layout

PICTURE_FILES = "*.svg"


@functools.cache
def deck_names() -> tuple[str, ...]:
    """The pictures of cngen's picture deck by name: each SVG file's, without ``.svg``."""
    return tuple(sorted(path.stem for path in picture_deck_path().glob(PICTURE_FILES)))


class PicturesRulesExample(RulesExample[PictureExample, PictureExampleLayout]):
    drawing = DRAWING

    def shape(self, rich: Callable[..., Shape], unknown: Callable[[str], str | None]) -> Shape:
        return example_shape(rich, unknown, deck_names())

    def lay_out(self, rules: RulesText, fonts: FontFamily, page: RulesPage) -> PictureExampleLayout:
        example = rules.example
        assert isinstance(example, PictureExample), "the rules job lays out only an example the file gives"
        layout = picture_example_layout(
            page.column_width, fonts.bold, key_face().key,
            clue=example.clue.plain if example.clue is not None else None,
            clue_caption=example.clue_caption.plain if example.clue_caption is not None else None,
            grid_caption=example.grid_caption.plain if example.grid_caption is not None else None,
            caption_font=fonts.slanted)
        texts = {"clue": example.clue, "clue caption": example.clue_caption, "grid caption": example.grid_caption}
        for name in layout.figure.overflowing:
            room, fix = ROOMS[name]
            refuse_overflowing(rules, texts[name], room, fix, page)
        return layout

    def art(self, layout: PictureExampleLayout, example: PictureExample, fonts: FontFamily,
            theme: Theme) -> PictureExampleArt:
        drawings = {name: picture_drawing(name, theme, fonts.regular.name) for name in example.words}
        card, face, key_card = key_card_artist(layout, example, fonts, theme)
        return PictureExampleArt(layout, example, fonts, theme, drawings=drawings, card=card, face=face,
                                 key_card=key_card)


def picture_drawing(name: str, theme: Theme, font: str) -> Any:
    """The deck's picture ``name`` as a ReportLab drawing, read by the one reader of pictures,
    its colours in the theme's colour space (CMYK with no more ink than the theme's richest
    colour, the assassin's black, which the file's ink limit already holds). Drawn, it starts in
    the sheet's ``font``, not ReportLab's Helvetica: a press file embeds every font it names."""
    from ...draw.picturecard import ready_for_file  # svglib's drawings: only a sheet of pictures
    from ...inputs.images import open_vector, read_picture

    drawing = open_vector(read_picture(picture_deck_path() / f"{name}.svg", ours=True))
    return ready_for_file(drawing, theme, sum(theme.colour("assassin")) * 100, font)


@functools.cache
def key_face() -> PicturesFaceLayout:
    """The key card as the example draws it: this game's face, laid out at the classic
    example's size and drawn scaled down."""
    return pictures_face_layout(EXAMPLE_CARD, EXAMPLE_CARD)


def key_card_artist(layout: PictureExampleLayout, example: PictureExample, fonts: FontFamily,
                    theme: Theme) -> tuple[PicturesKeyCardArtist, KeyFace, Box]:
    """The key card's artist at the example's scale, the face it draws (the example's key, no
    number) and the card's box."""
    face = key_face()
    card = PicturesKeyCardArtist(face, fonts.bold, theme, scale=layout.figure.key.width / face.key.card.width)
    return card, KeyFace(example.key), face.key.card


RULES_EXAMPLE = PicturesRulesExample()
