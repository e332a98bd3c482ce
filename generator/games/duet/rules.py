"""Duet's rules sheet example for the rules job: read from the rules text (``example``), laid
out for a column of the page (``example_layout``), refused where a word or caption does not
fit, and drawn (``example_art``)."""

from __future__ import annotations

from typing import Callable

from ...draw.theme import Theme
from ...geometry.rulespage import RulesPage
from ...inputs.schema import Shape
from ...model.ruletext import RulesText
from ...typeface.font import FontFamily
from ..examples import refuse_overflowing, refuse_unfitting_words
from ..game import RulesExample
from .example import DRAWING, DuetExample, example_shape
from .example_art import DuetExampleArt
from .example_layout import DuetExampleLayout, duet_example_layout

ROOMS = {"a": "the room under side A", "b": "the room under side B", "a-seat": "one line under the table",
         "b-seat": "one line above the table", "grid": "three lines under the table"}


class DuetRulesExample(RulesExample[DuetExample, DuetExampleLayout]):
    drawing = DRAWING

    def shape(self, rich: Callable[..., Shape], unknown: Callable[[str], str | None]) -> Shape:
        return example_shape(rich, unknown)

    def lay_out(self, rules: RulesText, fonts: FontFamily, page: RulesPage) -> DuetExampleLayout:
        example = rules.example
        assert isinstance(example, DuetExample), "the rules job lays out only an example the file gives"
        captions = {name: text.plain for name, text in example.captions}
        layout = duet_example_layout(page.column_width, example.words, fonts.bold, captions=captions,
                                     caption_font=fonts.slanted)
        refuse_unfitting_words(rules, example, layout.unfitting, "table", page)
        for name in layout.overflowing:
            refuse_overflowing(rules, example.caption(name), ROOMS[name], "a shorter caption", page)
        return layout

    def art(self, layout: DuetExampleLayout, example: DuetExample, fonts: FontFamily, theme: Theme) -> DuetExampleArt:
        return DuetExampleArt(layout, example, fonts, theme)


RULES_EXAMPLE = DuetRulesExample()
