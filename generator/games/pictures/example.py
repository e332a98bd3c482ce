"""The picture edition's drawn example, as its rules text gives it: 20 pictures of cngen's
picture deck, the key that colours them, and the turn it shows (a clue, the pictures it points
at, the guesses)::

    example:
      pictures: [whale, guitar, ...]  # exactly 20, by their names in the picture deck, row by row
      key: {starting: red, grid: [RBNRB, RRBRB, NRBNR, ABRBN]}
      clue: "Ocean: 2"                # optional: what the spymaster says, in a speech bubble
      targets: [whale, anchor]        # optional, with clue: the pictures it points at, ringed
      guesses: [whale, sailboat]      # optional: the pictures touched, covered by their tiles
      captions:                       # optional: a line under the spymasters' view, the grid
        clue: The red spymaster's view
        grid: The table after the turn

The key's grid is 4 rows of 5 letters, R red, B blue, N bystander, A assassin: 8 of the
starting team's letter, 7 of the other's, 4 N and 1 A. A picture is named as its file in the
deck is (``whale`` for whale.svg, in any case), each once; targets and guesses name pictures
of the example. The pictures are drawn, never printed as words.

Read as the classic example is (``classic.example``: ``TeamGrid``), with its own grid and its
own list of cells. Pure: the deck's names are given.
"""

from __future__ import annotations

from typing import Callable, ClassVar

import yaml

from ...errors import closest, quoted
from ...inputs.schema import Reading, Shape, Text, line_of
from ..classic.example import Example, TeamGrid
from ..classic.example import example_shape as team_example_shape
from .deal import PICTURES_SHAPE

DRAWING = "pictures-and-key"
CELLS = "pictures"


class PictureExample(Example, frozen=True):
    """The drawn example: ``words`` are the pictures' names in the deck, row by row, drawn as
    pictures and never printed, so only the clue and the captions are text on the sheet."""

    printed: ClassVar[bool] = False

    @property
    def pictures(self) -> tuple[str, ...]:
        return self.words


def picture_grid(deck: tuple[str, ...]) -> TeamGrid:
    """The example's grid and key, its pictures named from ``deck`` (the picture deck's names)."""
    return TeamGrid(PICTURES_SHAPE, cells=CELLS, noun="picture", sample="RBNRB", named="[whale, anchor]",
                    listing=PictureNames(count=PICTURES_SHAPE.cells, deck=deck), example=PictureExample)


def example_shape(rich: Callable[..., Shape], unknown: Callable[[str], str | None], deck: tuple[str, ...]) -> Shape:
    """The ``example:`` block's shape for the one YAML reader (``RulesExample.shape``)."""
    return team_example_shape(rich, unknown, picture_grid(deck))


class PictureNames(Shape, frozen=True):
    """The example's pictures: exactly ``count`` names of the picture deck (``deck``), each
    once, read as the deck spells them, each with its line."""

    count: int = 20
    deck: tuple[str, ...] = ()

    def read(self, node: yaml.Node, where: str, reading: Reading) -> tuple[tuple[str, ...], tuple[int, ...]]:
        if not isinstance(node, yaml.SequenceNode):
            raise reading.wrong(node, f"{where}: {CELLS}", f"a list of {self.count} pictures")
        if len(node.value) != self.count:
            raise reading.fail(node, where, f"the example needs {self.count} pictures, one for each cell of the "
                                            f"grid, not {len(node.value)}")
        folded = {name.casefold(): name for name in self.deck}
        names: list[str] = []
        for number, item in enumerate(node.value, start=1):
            place = f"{where}, picture {number}"
            written = Text().read(item, place, reading)
            name = folded.get(written.casefold())
            if name is None:
                near = closest(written.casefold(), list(folded))
                hint = f"did you mean '{folded[near]}'?" if near else \
                    "name a picture of the deck as its file is named (whale for whale.svg)"
                raise reading.fail(item, place, f"{quoted(written)} is not a picture of cngen's picture deck: {hint}")
            if name in names:
                raise reading.fail(item, place, f"{quoted(written)} is picture {names.index(name) + 1} already: "
                                                "each picture lies on the table once")
            names.append(name)
        return tuple(names), tuple(line_of(item) for item in node.value)
