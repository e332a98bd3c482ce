"""The classic game's rules sheet example for the rules job: read from the rules text
(``example``), laid out for a column of the page (``example_layout``), refused where a word or
caption does not fit, and drawn (``example_art``)."""

from __future__ import annotations

from typing import Callable

from ...draw.theme import Theme
from ...geometry.rulespage import RulesPage
from ...inputs.schema import Shape
from ...model.ruletext import RulesText
from ...typeface.font import FontFamily
from ..examples import refuse_overflowing, refuse_unfitting_words
from ..game import RulesExample
from .example import DRAWING, Example, example_shape
from .example_art import ExampleArt
from .example_layout import ExampleLayout, example_layout

ROOMS = {"clue": ("its speech bubble", "a shorter clue"),
         "clue caption": ("the room beside the key card", "a shorter caption"),
         "grid caption": ("two lines under the grid", "a shorter caption")}


class ClassicRulesExample(RulesExample[Example, ExampleLayout]):
    drawing = DRAWING

    def shape(self, rich: Callable[..., Shape], unknown: Callable[[str], str | None]) -> Shape:
        return example_shape(rich, unknown)

    def lay_out(self, rules: RulesText, fonts: FontFamily, page: RulesPage) -> ExampleLayout:
        example = rules.example
        assert isinstance(example, Example), "the rules job lays out only an example the file gives"
        layout = example_layout(
            page.column_width, example.words, fonts.bold,
            clue=example.clue.plain if example.clue is not None else None,
            clue_caption=example.clue_caption.plain if example.clue_caption is not None else None,
            grid_caption=example.grid_caption.plain if example.grid_caption is not None else None,
            caption_font=fonts.slanted)
        refuse_unfitting_words(rules, example, layout.unfitting, "grid", page)
        texts = {"clue": example.clue, "clue caption": example.clue_caption, "grid caption": example.grid_caption}
        for name in layout.overflowing:
            room, fix = ROOMS[name]
            refuse_overflowing(rules, texts[name], room, fix, page)
        return layout

    def art(self, layout: ExampleLayout, example: Example, fonts: FontFamily, theme: Theme) -> ExampleArt:
        return ExampleArt(layout, example, fonts, theme)


RULES_EXAMPLE = ClassicRulesExample()
