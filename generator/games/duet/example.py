"""The Duet rules sheet's drawn example, as its rules text gives it: both sides of one Duet key
card above the 25 words on the table::

    example:
      words: [LEMON, TRAIN, ...]     # exactly 25, row-major as player A sees the table
      key:                           # each side as its player sees it, rows top to bottom,
        a: [ANGGG, NGNNG, ...]       # G agent, A assassin, N bystander: 9 G, 3 A, 13 N,
        b: [NGNAG, NNGNG, ...]       # the sides sharing their words as a Duet card must
      captions:                      # optional, plain text: under each side, above and
        a: Side A, as A sees it      # below the table (the seats), under the table
        b: Side B, as B sees it
        b-seat: Player B sits here
        a-seat: Player A sits here
        grid: The table from A's seat

The card is checked as the dealer deals them (``DuetCard``) and drawn without a number.
Pure: the shape is read by ``model.ruletext``.
"""

from __future__ import annotations

from typing import Callable, Iterator, Sequence

import msgspec
from msgspec.structs import replace

from ...inputs.schema import Fields, Group, Invalid, Key, Shape
from ...model.roles import AGENT, ASSASSIN, BYSTANDER, ROLE_NAMES
from ...model.ruletext import Rich, example_words, key_grid
from . import deal
from .deal import CELL_COUNT, SIDE, SIDES, DuetCard

DRAWING = "both-sides"
CAPTIONS = ("a", "b", "a-seat", "b-seat", "grid")


class DuetExample(msgspec.Struct, frozen=True):
    """One key card's two sides and the 25 words on the table, row-major as player A sees it,
    with captions (all optional)."""

    words: tuple[str, ...]
    card: DuetCard
    lines: tuple[int, ...] = ()  # the line of each word
    captions: tuple[tuple[str, Rich], ...] = ()  # (name in CAPTIONS, text), in the file's order

    def caption(self, name: str) -> Rich | None:
        return dict(self.captions).get(name)

    @property
    def roles(self) -> tuple[tuple[str, str], ...]:
        """(A's role, B's role) of each word, row-major in A's view of the table."""
        return tuple(deal.word_roles(self.card.a, self.card.b))

    @property
    def shared(self) -> tuple[int, ...]:
        """The words that are agents on both sides."""
        return tuple(cell for cell, pair in enumerate(self.roles) if pair == (AGENT, AGENT))

    def strings(self) -> Iterator[tuple[str, int, str, str]]:
        for number, (word, line) in enumerate(zip(self.words, self.lines), start=1):
            yield word, line, f"example, word {number}", "bold"
        for _, text in self.captions:
            yield text.plain, text.line, text.where, "italic"

    def with_quotes(self, rich: Callable[[Rich], Rich], text: Callable[[str], str]) -> "DuetExample":
        return replace(self, words=tuple(text(word) for word in self.words),
                       captions=tuple((name, rich(caption)) for name, caption in self.captions))


def example_shape(rich: Callable[..., Shape], unknown: Callable[[str], str | None]) -> Shape:
    """The ``example:`` block's shape for the one YAML reader (``RulesExample.shape``)."""
    letters = (AGENT, ASSASSIN, BYSTANDER)
    meanings = ", ".join(ROLE_NAMES[letter] for letter in letters)
    sides = {name.lower(): Key(key_grid(SIDE, letters, meanings, "GNNAG", f"side {name}", f"side {name}, row"),
                               required=True) for name in SIDES}
    captions = Group({name: Key(rich(tags=False)) for name in CAPTIONS}, unknown=unknown)
    return Group({"words": Key(example_words(CELL_COUNT), required=True),
                  "key": Key(Group(sides, unknown=unknown, check=_card), required=True),
                  "captions": Key(captions)}, unknown=unknown, check=_example)


def _card(fields: Fields) -> DuetCard:
    sides = (fields["a"], fields["b"])
    try:
        return DuetCard(1, *sides)
    except ValueError:
        side, problem = _key_problem(*sides)
        raise Invalid(problem, line=fields.lines[side.lower()] if side else None) from None


def _example(fields: Fields) -> DuetExample:
    words, lines = fields["words"]
    captions = fields.get("captions")
    return DuetExample(words, fields["key"], lines, tuple(captions.values.items()) if captions else ())


def _key_problem(a: Sequence[str], b: Sequence[str]) -> tuple[str | None, str]:
    """Why two sides do not make a Duet key card, and what they should hold; with the side to
    blame, or None when the two only fail together."""
    wanted = ", ".join(f"{count} {letter}" for letter, count in deal.SIDE_COUNTS.items())
    for side, cells in zip(SIDES, (a, b)):
        found = {letter: cells.count(letter) for letter in deal.SIDE_COUNTS}
        if found != deal.SIDE_COUNTS:
            has = ", ".join(f"{count} {letter}" for letter, count in found.items())
            return side, f"each side has {wanted}; side {side} has {has}: change its letters"
    pairs = deal.word_roles(a, b)
    wrong = [f"{ROLE_NAMES[first]}/{ROLE_NAMES[second]} {pairs.count((first, second))} (not {count})"
             for first, second, count in deal.PAIRS if pairs.count((first, second)) != count]
    return None, ("the sides do not share their words as a Duet key card does: A's cell in row r, column c is "
                  f"B's in row 6 - r, column 6 - c, and over the 25 words (A's role/B's role) this card has "
                  f"{', '.join(wrong)}: change the letters")
