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
"""

from __future__ import annotations

from typing import Callable, Iterator

import msgspec
from msgspec.structs import replace

from ...errors import closest, quoted
from ...inputs.schema import Choice, Group, Invalid, Key, Lined, ListOf, Shape, Text
from ...model.roles import ASSASSIN, BLUE, BYSTANDER, RED
from ...model.ruletext import Rich, example_words, key_grid
from .deal import ASSASSIN_CELLS, BYSTANDER_CELLS, CELL_COUNT, OTHER_CELLS, SIDE, STARTING_CELLS
from .deal import Key as GameKey

DRAWING = "key-and-grid"
TEAMS = ("red", "blue")


class Example(msgspec.Struct, frozen=True):
    """The drawn example: 25 words, the key that colours them, and what happens in the turn
    it shows (all optional but the words and the key)."""

    words: tuple[str, ...]
    key: GameKey
    lines: tuple[int, ...] = ()  # the line of each word
    clue: Rich | None = None  # what the spymaster says
    targets: tuple[int, ...] = ()  # the cells (indexes of words) the clue points at
    guesses: tuple[int, ...] = ()  # the cells touched, in order: they are covered
    clue_caption: Rich | None = None  # under the spymaster's view
    grid_caption: Rich | None = None  # under the grid

    @property
    def covers(self) -> tuple[tuple[int, str], ...]:
        """Each guessed cell with the key's letter for it: the tile that covers it."""
        return tuple((cell, self.key.cells[cell]) for cell in self.guesses)

    def strings(self) -> Iterator[tuple[str, int, str, str]]:
        for number, (word, line) in enumerate(zip(self.words, self.lines), start=1):
            yield word, line, f"example, word {number}", "bold"
        if self.clue is not None:
            yield self.clue.plain, self.clue.line, self.clue.where, "bold"
        for text in (self.clue_caption, self.grid_caption):
            if text is not None:
                yield text.plain, text.line, text.where, "italic"

    def with_quotes(self, rich: Callable[[Rich], Rich], text: Callable[[str], str]) -> "Example":
        return replace(self, words=tuple(text(word) for word in self.words), clue=rich(self.clue),
                       clue_caption=rich(self.clue_caption), grid_caption=rich(self.grid_caption))


def example_shape(rich: Callable[..., Shape], unknown: Callable[[str], str | None]) -> Shape:
    """The ``example:`` block's shape for the one YAML reader (``RulesExample.shape``)."""
    key = Group({"starting": Key(Choice(names=TEAMS, what="starting team", expect="red or blue"),
                                 required=True),
                 "grid": Key(key_grid(SIDE, (RED, BLUE, BYSTANDER, ASSASSIN), "red, blue, bystander, assassin",
                                      "RRNBB", "the grid", "grid row"), required=True)},
                unknown=unknown, check=_key)
    words = ListOf(Lined(Text()), least=1, name="", expect="a list of the example's words, such as "
                                                               "[PLANET, COMET]")
    captions = Group({"clue": Key(rich(tags=False)), "grid": Key(rich(tags=False))}, unknown=unknown)
    return Group({"words": Key(example_words(CELL_COUNT), required=True), "key": Key(key, required=True),
                  "clue": Key(rich(tags=False)), "targets": Key(words), "guesses": Key(words),
                  "captions": Key(captions)}, unknown=unknown, check=_example, join=": ")


def _key(fields) -> GameKey:
    """A key of the starting team's 9 letters, the other's 8, 7 bystanders and the assassin."""
    starting, cells = fields["starting"], fields["grid"]
    first, second = (RED, BLUE) if starting == "red" else (BLUE, RED)
    wanted = {first: STARTING_CELLS, second: OTHER_CELLS, BYSTANDER: BYSTANDER_CELLS, ASSASSIN: ASSASSIN_CELLS}
    found = {letter: cells.count(letter) for letter in wanted}
    if found != wanted:
        def listed(counts: dict[str, int]) -> str:
            return ", ".join(f"{count} {letter}" for letter, count in counts.items())
        raise Invalid(f"a key that {starting} starts has {listed(wanted)}; this grid has {listed(found)}: "
                      "change its letters")
    return GameKey(starting, cells)


def _example(fields) -> Example:
    words, lines = fields["words"]
    clue = fields.get("clue")
    targets = _cells(fields.get("targets", ()), "targets", words)
    if targets and clue is None:
        raise Invalid("targets are the words a clue points at: add clue: (what the spymaster says), or remove "
                      "targets:", line=fields.lines["targets"])
    guesses = _cells(fields.get("guesses", ()), "guesses", words)
    captions = fields.get("captions")
    return Example(words, fields["key"], lines, clue, targets, guesses,
                   captions.get("clue") if captions else None, captions.get("grid") if captions else None)


def _cells(named, name: str, words: tuple[str, ...]) -> tuple[int, ...]:
    """The cells of the example's words listed under ``name`` (matched in any case), in order."""
    folded = [word.casefold() for word in words]
    cells: list[int] = []
    for item in named:
        word = item.value
        if word.casefold() not in folded:
            near = closest(word.upper(), [w.upper() for w in words])
            hint = f"did you mean '{words[[w.upper() for w in words].index(near)]}'?" if near else \
                "name a word of the grid"
            raise Invalid(f"{name}: {quoted(word)} is not one of the example's {CELL_COUNT} words: {hint}",
                          line=item.line)
        cell = folded.index(word.casefold())
        if cell in cells:
            raise Invalid(f"{name}: {quoted(word)} is listed twice: name each word once", line=item.line)
        cells.append(cell)
    return tuple(cells)
