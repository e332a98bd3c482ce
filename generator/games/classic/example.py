"""The classic rules sheet's drawn example, as its rules text gives it: 25 words, the key that
colours them, and the turn it shows (a clue, the words it points at, the guesses)::

    example:
      words: [PLANET, COMET, ...]    # exactly 25, printed as written
      key: {starting: red, grid: [RRNBB, RBRNB, NRBRN, BARNB, RBNNR]}
      clue: "Space: 3"               # optional: what the spymaster says, in a speech bubble
      targets: [PLANET, COMET]       # optional, with clue: the words it points at, ringed
      guesses: [PLANET, GLOBE]       # optional: the words touched, covered by their tiles
      captions:                      # optional: a line under the spymaster's view, the grid
        clue: The red spymaster's view
        grid: The table after the turn

The key's grid is 5 rows of 5 letters, R red, B blue, N bystander, A assassin: 9 of the
starting team's letter, 8 of the other's, 7 N and 1 A. Targets and guesses name words of the
example (in any case), each once. Pure: the shape is read by ``model.ruletext``.

Any game of two teams on a grid gives its example the same way (``TeamGrid``): the picture
edition lists 20 pictures under ``pictures:`` and its key has 4 rows of 5.
"""

from __future__ import annotations

from typing import Callable, ClassVar, Iterator, Sequence

import msgspec
from msgspec.structs import replace

from ...errors import closest, quoted
from ...inputs.schema import At, Choice, Fields, Group, Invalid, Key, Lined, ListOf, Shape, Text
from ...model.roles import ASSASSIN, BLUE, BYSTANDER, RED
from ...model.ruletext import Rich, example_words, key_grid
from .deal import CLASSIC, KeyShape
from .deal import Key as GameKey

DRAWING = "key-and-grid"
TEAMS = ("red", "blue")
LETTERS = (RED, BLUE, BYSTANDER, ASSASSIN)  # a key's, as its grid is written
MEANINGS = "red, blue, bystander, assassin"


class Example(msgspec.Struct, frozen=True):
    """The drawn example: 25 words, the key that colours them, and what happens in the turn
    it shows (all optional but the words and the key). A game whose cards carry no word (the
    picture edition's) names its cards in ``words`` and prints none of them (``printed``)."""

    words: tuple[str, ...]
    key: GameKey
    lines: tuple[int, ...] = ()  # the line of each word
    clue: Rich | None = None  # what the spymaster says
    targets: tuple[int, ...] = ()  # the cells (indexes of words) the clue points at
    guesses: tuple[int, ...] = ()  # the cells touched, in order: they are covered
    clue_caption: Rich | None = None  # under the spymaster's view
    grid_caption: Rich | None = None  # under the grid
    printed: ClassVar[bool] = True  # the words are printed on the table's cards

    @property
    def covers(self) -> tuple[tuple[int, str], ...]:
        """Each guessed cell with the key's letter for it: the tile that covers it."""
        return tuple((cell, self.key.cells[cell]) for cell in self.guesses)

    def strings(self) -> Iterator[tuple[str, int, str, str]]:
        if self.printed:
            for number, (word, line) in enumerate(zip(self.words, self.lines), start=1):
                yield word, line, f"example, word {number}", "bold"
        if self.clue is not None:
            yield self.clue.plain, self.clue.line, self.clue.where, "bold"
        for text in (self.clue_caption, self.grid_caption):
            if text is not None:
                yield text.plain, text.line, text.where, "italic"

    def with_quotes(self, rich: Callable[[Rich], Rich], text: Callable[[str], str]) -> "Example":
        words = tuple(text(word) for word in self.words) if self.printed else self.words
        def quoted_text(part: Rich | None) -> Rich | None:
            return None if part is None else rich(part)

        return replace(self, words=words, clue=quoted_text(self.clue), clue_caption=quoted_text(self.clue_caption),
                       grid_caption=quoted_text(self.grid_caption))


class TeamGrid(msgspec.Struct, frozen=True):
    """What a two-team game's example is made of: its key (``shape``: the grid, rows by
    columns, and the cells of each role), what its cells are called in the rules text (``cells``:
    the key that lists them; a ``noun`` in messages), how they are read (``listing``: exactly
    one for each cell, with the line of each; ``example_words`` when None) and the example's
    own type."""

    shape: KeyShape
    cells: str = "words"
    noun: str = "word"
    sample: str = "RRNBB"  # a row, as messages show one
    named: str = "[PLANET, COMET]"  # targets or guesses, as messages show them
    listing: Shape | None = None
    example: type[Example] = Example

    @property
    def count(self) -> int:
        return self.shape.cells


CLASSIC_GRID = TeamGrid(CLASSIC)


def example_shape(rich: Callable[..., Shape], unknown: Callable[[str], str | None],
                  grid: TeamGrid = CLASSIC_GRID) -> Shape:
    """The ``example:`` block's shape for the one YAML reader (``RulesExample.shape``)."""
    key = Group({"starting": Key(Choice(names=TEAMS, what="starting team", expect="red or blue"),
                                 required=True),
                 "grid": Key(key_grid(grid.shape.rows, LETTERS, MEANINGS, grid.sample, "the grid", "grid row",
                                      columns=grid.shape.columns),
                             required=True)},
                unknown=unknown, check=lambda fields: _key(fields, grid))
    cells = ListOf(Lined(Text()), least=1, name="", expect=f"a list of the example's {grid.noun}s, such as "
                                                            f"{grid.named}")
    captions = Group({"clue": Key(rich(tags=False)), "grid": Key(rich(tags=False))}, unknown=unknown)
    listing = grid.listing if grid.listing is not None else example_words(grid.count)
    return Group({grid.cells: Key(listing, required=True), "key": Key(key, required=True),
                  "clue": Key(rich(tags=False)), "targets": Key(cells), "guesses": Key(cells),
                  "captions": Key(captions)}, unknown=unknown, check=lambda fields: _example(fields, grid), join=": ")


def _key(fields: Fields, grid: TeamGrid) -> GameKey:
    """A key of the starting team's letters (9 in the classic game), the other's (8), the
    bystanders (7) and the assassin."""
    starting, cells = fields["starting"], fields["grid"]
    first, second = (RED, BLUE) if starting == "red" else (BLUE, RED)
    shape = grid.shape
    wanted = {first: shape.starting, second: shape.other, BYSTANDER: shape.bystanders, ASSASSIN: shape.assassins}
    found = {letter: cells.count(letter) for letter in wanted}
    if found != wanted:
        def listed(counts: dict[str, int]) -> str:
            return ", ".join(f"{count} {letter}" for letter, count in counts.items())
        raise Invalid(f"a key that {starting} starts has {listed(wanted)}; this grid has {listed(found)}: "
                      "change its letters")
    return GameKey(starting, cells, shape)


def _example(fields: Fields, grid: TeamGrid) -> Example:
    words, lines = fields[grid.cells]
    clue = fields.get("clue")
    targets = _cells(fields.get("targets", ()), "targets", words, grid)
    if targets and clue is None:
        raise Invalid(f"targets are the {grid.noun}s a clue points at: add clue: (what the spymaster says), or "
                      "remove targets:", line=fields.lines["targets"])
    guesses = _cells(fields.get("guesses", ()), "guesses", words, grid)
    captions = fields.get("captions")
    return grid.example(words, fields["key"], lines, clue, targets, guesses,
                        captions.get("clue") if captions else None, captions.get("grid") if captions else None)


def _cells(named: Sequence[At], name: str, words: tuple[str, ...], grid: TeamGrid) -> tuple[int, ...]:
    """The cells of the example's words listed under ``name`` (matched in any case), in order."""
    folded = [word.casefold() for word in words]
    cells: list[int] = []
    noun = grid.noun
    for item in named:
        word = item.value
        if word.casefold() not in folded:
            near = closest(word.upper(), [w.upper() for w in words])
            hint = f"did you mean '{words[[w.upper() for w in words].index(near)]}'?" if near else \
                f"name a {noun} of the grid"
            raise Invalid(f"{name}: {quoted(word)} is not one of the example's {grid.count} {noun}s: {hint}",
                          line=item.line)
        cell = folded.index(word.casefold())
        if cell in cells:
            raise Invalid(f"{name}: {quoted(word)} is listed twice: name each {noun} once", line=item.line)
        cells.append(cell)
    return tuple(cells)
