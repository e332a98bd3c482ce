"""Balanced key cards for Codenames: a pure, seeded, deterministic dealer, for the classic key
and for any key of red, blue, bystander and assassin cells in a grid (``KeyShape``: the
picture edition's 5 x 4 key is dealt here too, from ``games/pictures/deal.py``).

A classic key card is a 5x5 grid shared by the spymasters: 9 cells of the starting team (8
agents plus the double agent), 8 of the other team, 7 bystanders and 1 assassin (``CLASSIC``,
the default shape). Letters: ``R`` red, ``B`` blue, ``N`` bystander, ``A`` assassin; cells
are row-major, row 0 is the top row as printed. A card sits in its stand in any of four
turns; it is never seen mirrored, but keys that are mirror images of each other count as the
same key too (the 8 symmetries of the square), a stricter guard than the table needs.

``deal_deck`` returns a deck whose K keys are balanced and fresh (for a key of C cells with S
of the starting team, O of the other and N bystanders: 25 cells, 9/8/7 for the classic key):

* every key has S/O/N/1 cells, the S in the starting team's colour;
* red and blue starts differ by at most one (one of each on a double-sided card);
* per cell, across the deck, the assassin count is floor or ceil of K/C, the red, blue and
  bystander counts are within 1 of their expectation and the starting-team and other-team
  counts within 2 of theirs;
* any two keys differ in at least ``required_distance(K)`` cells under the shape's
  symmetries (``distance``), and in at least ``required_swapped_distance(K)`` once red and
  blue are exchanged in one of them (``swapped_distance``): a spymaster who has seen a
  red-start key has not seen a blue-start one with the teams exchanged.

How: keys are dealt at random (assassins cycle through shuffled orders of all the cells, so
their per-cell counts are exact from the start); a seeded local search then swaps two cells
inside a key until every per-cell count sits in its band. A second search moves keys apart
with moves that keep every count in its band: a swap inside one key where the bands have
room, else the same swap mirrored in a partner key (key X trades letters p, q at cells c, d
while key Y, holding q, p there, trades them back), which leaves the red, blue, bystander
and assassin counts of both cells unchanged. It lowers the deck's overlap: over every pair
and every view (a symmetry, teams exchanged or not) in which the pair is too close, one more
than the cells it matches beyond the limit. A move is made if it lowers the overlap; if it
keeps it, nine times in ten in a deck of up to 80 keys and half the time in a larger one;
and now and then if it raises it, which gets decks out of dead ends (``Temper``). In a
small deck a move weighs up to 64 swaps (scored without a pass over the deck), takes among
the swaps that leave the key least close one the bands let it make alone, and weighs up to
8 partners; in a large one a look at the deck is dear, so a move makes one random swap and
prefers a partner that is itself too close to another key. Decks over 1024 keys are spread
under the symmetries first, and then with the teams exchanged too, which halves the cost of
most looks. The bit-sliced counting behind every look is in ``distance``.

The classic key's targets (plain / teams exchanged) by the number of keys, with the time
``deal_deck`` took on 2 cores shared with other work (median and worst of as many seeds as
the brackets say) and the step up that was tried and left out:

  keys up to  targets  time                             the step up
  ----------  -------  -------------------------------  ----------------------------------
      30      13 / 12  0.09 s, up to 0.33 s (200)       13 / 12 at 32 keys: 0.32 s, up to
                                                        2.7 s (60; 5 fresh starts)
      40      13 / 11  0.18 s, up to 0.83 s (1000)      13 / 12: 6 of 20 seeds in 20,000
                                                        moves (4 s)
      80      12 / 11  0.23 s, up to 0.68 s (200)       12 / 12: none of 20 seeds in 15,000
                                                        moves (3 s)
     100      12 / 10  0.2 s                            12 / 11: 1.8 s, up to 4.6 s
     200      11 / 10  0.2 s                            12 / 10 at 150 keys: not reached;
                                                        11 / 11: 3.7 s
     400      10 / 10  0.3 s                            11 / 10 at 300 keys: 3.9 s
     600      10 / 9   0.5 s                            10 / 10: 4.2 s
    2000       9 / 8   0.2 s at 1000 keys,              10 / 8 at 1000 keys: 4 s
                       2.2 s at 2000
    6000       8 / 7   1.1 s at 4000 keys,              8 / 6 at 8000 keys: 6 s, at 12000: 30 s
                       3.3 s at 6000
   20000       7 / 5   8.2 s                            7 / 6: 9.5 s

A later search raised 40 keys from 12 / 12 to 13 / 11, and 27 to 30 keys from 12 / 12 to 13 / 12:
a small deck's search now wanders more (``Temper``), weighs more partners and prefers swaps
a key can make alone, and needs half the moves it did at 40 keys (13 / 11 took 0.5 s, up to
4 s, before) and about 30% fewer at 80. The rows from 100 keys on were timed before then;
those decks are dealt as they were, but for that preference among equally close swaps.

The first dealer (before the teams-exchanged guard) kept 12 up to 50 keys, 11 to 100, 10
to 300, 9 to 2000, 8 to 6000 and 7 above, and nothing kept a key from its teams-exchanged
twin: 80 keys had such pairs 6 to 9 cells apart.

Everything random goes through ``model.rng`` (``rng.random()`` only), and no result depends
on the iteration order of a set or dict, so a seed gives the same deck on every platform and
Python version.
"""

from __future__ import annotations

from functools import cache
from operator import eq
from random import Random
from typing import Sequence

import msgspec

from ...model.rng import below, make_rng, shuffled
from . import MAX_CARDS
from . import distance as keydistance
from .distance import (
    ASSASSIN,
    BLOCK_KEYS,
    BLUE,
    BYSTANDER,
    LETTERS,
    ONE_INT_KEYS,
    RED,
    KeyShape,
    MatchIndex,
    apply_symmetry,
    closest_pairs,
    square_symmetries,
    views_of_shape,
)

__all__ = ["ASSASSIN", "BLUE", "BYSTANDER", "CELL_COUNT", "CLASSIC", "LETTERS", "MAX_CARDS", "RED", "SIDE",
           "SYMMETRIES", "BalanceReport", "Key", "KeyCard", "KeyDealError", "KeyShape", "apply_symmetry",
           "balance_report", "deal_deck", "distance", "required_distance",
           "required_swapped_distance", "swapped_distance"]

# A key's class is its starting team's place among its shape's teams (``KeyShape.team_names``):
# 0 red starts, 1 blue starts, 2 green starts...


# (most keys, plain target, swapped target): the first row whose size is at least the deck's
# applies. The module docstring gives the measurements behind each row.
DISTANCE_TARGETS = ((30, 13, 12), (40, 13, 11), (80, 12, 11), (100, 12, 10), (200, 11, 10),
                    (400, 10, 10), (600, 10, 9), (2000, 9, 8), (6000, 8, 7), (2 * MAX_CARDS, 7, 5))

# The search that moves keys apart: a deal gets this many moves (a stage, for a large deck); a
# deal that has not reached its targets by then starts afresh from the seed's next draws. Most
# decks need far fewer moves (40 keys at 13 / 11, the hardest size for its targets: a median
# of 770 moves, 97% of 1,000 seeds under 2,000, 99.5% under 3,000, the slowest 4,100; 80 keys
# at 12 / 11: a median of 860, the slowest of 100 seeds 2,500; the picture edition's are
# measured in ``games/pictures/deal.py``), and a fresh start is quicker than the tail of a
# search that lost its way. Restarts bound the time, never the targets.
SPREAD_MOVES_PER_KEY, SPREAD_MOVES_MORE = 60, 120
ATTEMPTS = 20  # fresh deals before the search is called a bug
# A stage of a deal whose targets are estimated: fewer moves, since a stage that falls short
# costs its moves before the targets step down (40 keys of 7 x 7: a stage in 0.1 s).
ESTIMATE_MOVES_PER_KEY = 20

SIDE = 5
# The classic key: 5 x 5, 9 / 8 / 7 / 1, the same key turned or mirrored any of the 8 ways.
CLASSIC = KeyShape(rows=SIDE, columns=SIDE, starting=9, other=8, bystanders=7, assassins=1,
                   symmetries=square_symmetries(SIDE), targets=DISTANCE_TARGETS)
CELL_COUNT = CLASSIC.cells
SYMMETRIES = CLASSIC.symmetries
STARTING_CELLS, OTHER_CELLS, BYSTANDER_CELLS, ASSASSIN_CELLS = 9, 8, 7, 1


class KeyDealError(RuntimeError):
    """The search did not balance a deck within its budget (a bug, never bad input)."""


class Key(msgspec.Struct, frozen=True, repr_omit_defaults=True):
    """One face of a key card: the starting team and its cells, row-major, top row first, in
    its shape (the classic 5 x 5 unless given)."""

    starting: str
    cells: tuple[str, ...]
    shape: KeyShape = CLASSIC

    def __post_init__(self) -> None:
        shape = self.shape
        teams = shape.team_names
        if self.starting not in teams:
            named = ", ".join(map(repr, teams[:-1])) + f" or {teams[-1]!r}"
            raise ValueError(f"starting must be {named}, not {self.starting!r}")
        if len(self.cells) != shape.cells:
            raise ValueError(f"a key has {shape.cells} cells, not {len(self.cells)}")
        letters = shape.letters
        starting = teams.index(self.starting)
        wanted = {letter: shape.starting if team == starting else shape.other
                  for team, letter in enumerate(letters[:shape.teams])}
        wanted.update({BYSTANDER: shape.bystanders, ASSASSIN: shape.assassins})
        for letter, number in wanted.items():
            if self.cells.count(letter) != number:
                raise ValueError(f"a {self.starting}-start key needs {number} x {letter}")

    @property
    def rows(self) -> list[str]:
        """The grid as one string a row, top row first (e.g. ``"RRNBA"``)."""
        columns = self.shape.columns
        return ["".join(self.cells[r * columns:(r + 1) * columns]) for r in range(self.shape.rows)]


class KeyCard(msgspec.Struct, frozen=True):
    """A physical card, numbered from 1: two faces if double-sided, else one."""

    number: int
    faces: tuple[Key, ...]


# --- distances and their targets ---------------------------------------------------------

def distance(a: Key, b: Key) -> int:
    """Fewest differing cells between ``a`` and ``b`` seen through any of their shape's
    symmetries (turned or flipped any of the 8 ways, for the classic key)."""
    return keydistance.distance(a.cells, b.cells, a.shape)


def swapped_distance(a: Key, b: Key) -> int:
    """``distance`` between ``a`` and ``b`` with red and blue exchanged."""
    return keydistance.swapped_distance(a.cells, b.cells, a.shape)


def _targets(k: int, shape: KeyShape) -> tuple[int, int]:
    for most, plain, swapped in shape.targets:
        if k <= most:
            return plain, swapped
    return shape.targets[-1][1], shape.targets[-1][2]


def required_distance(k: int, shape: KeyShape = CLASSIC) -> int:
    """The ``distance`` every pair of a deck of ``k`` keys keeps."""
    return _targets(k, shape)[0]


def required_swapped_distance(k: int, shape: KeyShape = CLASSIC) -> int:
    """The ``swapped_distance`` every pair of a deck of ``k`` keys keeps."""
    return _targets(k, shape)[1]


# --- per-cell balance --------------------------------------------------------------------

class _Counting:
    """What the balance counts per cell for keys of one shape: each team's cells, then the
    bystanders, the assassins, the starting team's cells and the other teams' (quantities
    0, 1, ... in that order; a team's and the bystander's and assassin's are their letter
    codes). A letter of a key adds to its own count and, for a team's, to the starting-team or
    other-team count depending on which team starts that key."""

    def __init__(self, shape: KeyShape) -> None:
        teams = shape.teams
        self.bystander, self.assassin = teams, teams + 1
        self.starting, self.other, self.quantities = teams + 2, teams + 3, teams + 4
        # [class][letter]: the quantities a letter of a key of that class adds to
        self.contributes = tuple(
            tuple((letter, self.starting if letter == cls else self.other) if letter < teams else (letter,)
                  for letter in range(teams + 2))
            for cls in range(teams))
        # [class][room]: for each set of quantities (as bits) with room to move, the letters (as
        # bits) all of whose quantities are in the set, which a key of that class may move
        self.letters_free = tuple(
            tuple(sum(1 << letter for letter, quantities in enumerate(contributes)
                      if all(room >> q & 1 for q in quantities)) for room in range(1 << self.quantities))
            for contributes in self.contributes)


@cache
def _counting(shape: KeyShape) -> _Counting:
    return _Counting(shape)


def _expected_times_cells(shape: KeyShape, starts: Sequence[int]) -> tuple[int, ...]:
    """Each quantity's expected per-cell count times the key's cells, ``starts[t]`` keys
    starting with team t: integers, so bands are exact."""
    k, starting, other = sum(starts), shape.starting, shape.other
    return (*(starting * n + other * (k - n) for n in starts),
            shape.bystanders * k, shape.assassins * k, starting * k, other * (shape.teams - 1) * k)


def _bands(shape: KeyShape, starts: Sequence[int]) -> tuple[list[int], list[int]]:
    """Lowest and highest allowed per-cell count of each quantity (rule B3)."""
    cells, counting = shape.cells, _counting(shape)
    low, high = [], []
    for quantity, expected in enumerate(_expected_times_cells(shape, starts)):
        if quantity == counting.assassin:
            low.append(expected // cells)
            high.append(-(-expected // cells))
            continue
        slack = 2 * cells if quantity >= counting.starting else cells
        low.append(-(-(expected - slack) // cells))
        high.append((expected + slack) // cells)
    return low, high


class BalanceReport(msgspec.Struct, frozen=True):
    """How balanced a set of keys is; deviations are max over cells of |count - expected|."""

    key_count: int
    teams: tuple[str, ...]  # the shape's teams, in their order
    starts: tuple[int, ...]  # the keys each team starts
    # Per quantity: each team's, the bystanders', the assassins', the starting team's and the
    # other teams' (``quantity_names``)
    deviations: tuple[float, ...]
    assassin_min: int
    assassin_max: int
    min_distance: int | None  # None for fewer than 2 keys
    pairs_at_min_distance: int
    min_swapped_distance: int | None  # the same with red and blue exchanged in one key; None with more teams
    pairs_at_min_swapped_distance: int

    @property
    def quantity_names(self) -> tuple[str, ...]:
        return (*self.teams, "bystander", "assassin", "starting team",
                "other team" if len(self.teams) == 2 else "other teams")


def balance_report(keys: Sequence[Key], shape: KeyShape = CLASSIC) -> BalanceReport:
    """Measure start split, per-cell balance and closeness of ``keys``, all of ``shape``."""
    teams, letters, counting = shape.team_names, shape.letters, _counting(shape)
    classes = [teams.index(key.starting) for key in keys]
    codes = [[letters.index(letter) for letter in key.cells] for key in keys]
    starts = tuple(classes.count(cls) for cls in range(shape.teams))
    counts = _count_quantities(codes, classes, shape)
    expected = _expected_times_cells(shape, starts)
    deviations = tuple(max(abs(n - times_cells / shape.cells) for n in counts[q])
                       for q, times_cells in enumerate(expected))
    (closest, pairs), (swapped, swapped_pairs) = closest_pairs(codes, shape)
    assassins = counts[counting.assassin]
    return BalanceReport(
        key_count=len(keys), teams=teams, starts=starts, deviations=deviations,
        assassin_min=min(assassins), assassin_max=max(assassins),
        min_distance=closest if closest >= 0 else None, pairs_at_min_distance=pairs,
        min_swapped_distance=swapped if swapped >= 0 else None,
        pairs_at_min_swapped_distance=swapped_pairs)


def _count_quantities(codes: Sequence[Sequence[int]], classes: Sequence[int], shape: KeyShape) -> list[list[int]]:
    counting = _counting(shape)
    counts = [[0] * shape.cells for _ in range(counting.quantities)]
    for key, cls in zip(codes, classes):
        for cell, letter in enumerate(key):
            for quantity in counting.contributes[cls][letter]:
                counts[quantity][cell] += 1
    return counts


def spread_budget(size: int) -> int:
    """The moves a deal of ``size`` keys may make before it starts afresh."""
    return SPREAD_MOVES_PER_KEY * size + SPREAD_MOVES_MORE


# The search that moves keys apart. In a small deck each look at the deck is cheap and the
# search is hardest, so a move weighs many exchanges of two cells and several partner keys;
# in a large one each look is dear and a random move nearly always helps.
LOOKS_PER_DECK = 4000  # swaps or partners weighed per move: this over the deck's size,
SWAPS_TRIED = 64  # but no more swaps than this


class Temper(msgspec.Struct, frozen=True):
    """How the search weighs a move and how readily it makes one."""

    partners: int  # partner keys weighed, at most (and no more than LOOKS_PER_DECK allows)
    strict_moves: int  # one move in this many must lower the overlap; the others may keep it,
    uphill_bits: int  # or raise it, by 1 or more one time in 2**(bits + 1), each unit more 2**bits times rarer


# Up to SMALL_DECK keys the targets are the hardest to reach, and a search near its end
# wanders among states with one or two close pairs, none of which a single move mends:
# there a move weighs more partners and may keep the overlap nine times in ten, and climb a
# little more often (40 keys at 13 / 11: a median of 770 moves, the slowest of 1,000 seeds
# 4,100; with the larger deck's temper, and no preference for swaps a key makes alone, a
# median of 1,570 and the slowest of 100 seeds 18,800). A larger deck mostly moves downhill,
# where making level moves as often only costs time (5 to 10% more at 120 to 400 keys).
SMALL_DECK = 80
SMALL_DECK_TEMPER = Temper(partners=8, strict_moves=10, uphill_bits=2)
LARGE_DECK_TEMPER = Temper(partners=4, strict_moves=2, uphill_bits=4)


def _tries(most: int, size: int) -> int:
    return max(1, min(most, LOOKS_PER_DECK // size))


def _some_bits(mask: int, rng: Random, size: int, most: int) -> list[int]:
    """Up to ``most`` set bits of ``mask``: the first at or after a random position, wrapping."""
    start = below(rng, size)
    found: list[int] = []
    for part, offset in ((mask >> start, start), (mask & ((1 << start) - 1), 0)):
        while part and len(found) < most:
            low = part & -part
            found.append(offset + low.bit_length() - 1)
            part ^= low
    return found


def _swapped(key: Sequence[int], c: int, d: int) -> list[int]:
    """A copy of ``key`` with cells c and d exchanged."""
    result = list(key)
    result[c], result[d] = key[d], key[c]
    return result


# --- dealing -----------------------------------------------------------------------------

def deal_deck(count: int, seed: int, double_sided: bool = True, shape: KeyShape = CLASSIC) -> list[KeyCard]:
    """Deal ``count`` balanced key cards of ``shape`` (see the module docstring) from ``seed``.

    Double-sided cards carry keys of two different starting teams (red and blue, the front
    seeded, with two teams); every team starts as often as any other over the deck, within
    one, the teams with one start more drawn from the seed.
    """
    most = shape.most_cards
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= most:
        raise ValueError(f"count must be an integer from 1 to {most}, not {count!r}")
    rng = make_rng(seed)
    classes = _deal_starts(count, double_sided, rng, shape.teams)
    size = len(classes)
    if shape.estimated:
        deck = _deal_estimated(shape, classes, rng)
    else:
        for _ in range(ATTEMPTS):
            deck = _Deck(shape, _deal_random_keys(shape, classes, rng), classes, _targets(size, shape))
            deck.balance(rng)
            if deck.spread(rng, spread_budget(size)):
                break
        else:
            raise KeyDealError("could not move every pair of keys far enough apart")
    teams, letters = shape.team_names, shape.letters
    keys = [Key(teams[cls], tuple(letters[x] for x in key), shape) for cls, key in zip(classes, deck.codes)]
    per_card = 2 if double_sided else 1
    return [KeyCard(n + 1, tuple(keys[n * per_card:(n + 1) * per_card])) for n in range(count)]


def _deal_estimated(shape: KeyShape, classes: list[int], rng: Random) -> _Deck:
    """A deck of a shape whose targets are estimates: spread stage by stage
    (ESTIMATE_MOVES_PER_KEY moves a key), each stage that falls short lowering both targets by one cell, so that the deck ends
    as far apart as the search took it, whatever the shape."""
    size = len(classes)
    plain, swapped = _targets(size, shape)
    deck = _Deck(shape, _deal_random_keys(shape, classes, rng), classes, (plain, swapped))
    deck.balance(rng)
    while not deck.spread(rng, ESTIMATE_MOVES_PER_KEY * size + SPREAD_MOVES_MORE):
        plain, swapped = max(0, plain - 1), max(0, swapped - 1)
        deck.aim(plain, swapped)
    return deck


def _deal_starts(count: int, double_sided: bool, rng: Random, teams: int = 2) -> list[int]:
    """The starting team (0 red, 1 blue, ...) of each key, in card and face order."""
    if teams > 2:
        return _deal_many_starts(count * (2 if double_sided else 1), double_sided, rng, teams)
    if double_sided:
        classes = []
        for _ in range(count):
            front = below(rng, 2)
            classes += [front, 1 - front]
        return classes
    extra = below(rng, 2)  # the team that starts the odd key out, if any
    blue = count // 2 + (count % 2 if extra else 0)
    return shuffled([0] * (count - blue) + [1] * blue, rng)


def _deal_many_starts(keys: int, paired: bool, rng: Random, teams: int) -> list[int]:
    """Three or more teams: the starts go through shuffled orders of the teams, so each team
    starts floor or ceil of K/T keys; on double-sided cards (``paired``) a card's two keys
    never have the same starting team."""
    classes: list[int] = []
    while len(classes) < keys:
        order = shuffled(range(teams), rng)
        if paired and len(classes) % 2 and order[0] == classes[-1]:
            order[0], order[1] = order[1], order[0]  # a card's back would share its front's team
        classes += order
    return classes[:keys]


def _deal_random_keys(shape: KeyShape, classes: Sequence[int], rng: Random) -> list[list[int]]:
    """Random keys; assassins go through shuffled orders of all the cells, a key's cells
    drawn in turn, so every cell gets floor or ceil of A x K / C of them."""
    counting = _counting(shape)
    keys = []
    order: list[int] = []
    for cls in classes:
        assassins: list[int] = []
        while len(assassins) < shape.assassins:
            if not order:
                order = shuffled(range(shape.cells), rng)
            cell = order.pop()
            if cell in assassins:  # a fresh order's cell this key has: the key takes the next one
                order.insert(0, cell)
                continue
            assassins.append(cell)
        others = [team for team in range(shape.teams) if team != cls]
        letters = shuffled([cls] * shape.starting + [team for team in others for _ in range(shape.other)]
                           + [counting.bystander] * shape.bystanders, rng)
        for cell in sorted(assassins):
            letters.insert(cell, counting.assassin)
        keys.append(letters)
    return keys


class _Deck:
    """Keys under repair: their letters, per-cell counts, bands and close pairs."""

    def __init__(self, shape: KeyShape, codes: list[list[int]], classes: list[int],
                 targets: tuple[int, int]) -> None:
        self.shape, self.views, self.cells = shape, views_of_shape(shape), shape.cells
        self.codes = codes
        self.classes = classes
        self.size = len(codes)
        self.temper = SMALL_DECK_TEMPER if self.size <= SMALL_DECK else LARGE_DECK_TEMPER
        self.counting = _counting(shape)
        self.low, self.high = _bands(shape, [classes.count(cls) for cls in range(shape.teams)])
        self.counts = _count_quantities(codes, classes, shape)
        self.aim(*targets)
        self.index = MatchIndex(shape, [])
        self.overlap: list[dict[int, int]] = []  # per key: too-close keys, how far too close
        self.total = 0  # the sum of all overlaps, each pair once
        self.close = 0  # the keys with a too-close partner, as bits
        # per starting team, per cell: the letters that may leave it and that may come to it
        # (bit l for letter l) without a count leaving its band; kept from the spread on
        self.may_leave: list[list[int]] = [[] for _ in range(shape.teams)]
        self.may_come: list[list[int]] = [[] for _ in range(shape.teams)]

    def aim(self, target: int, swapped_target: int) -> None:
        """Keep every pair ``target`` cells apart, and ``swapped_target`` with the teams
        exchanged (never, on a key of more teams)."""
        self.min_matches = self.cells - target + 1  # this many equal cells is too close
        self.min_swapped_matches = self.cells - swapped_target + 1 if self.shape.exchanges_teams else self.cells + 1

    # -- per-cell balance --

    def _outside(self, quantity: int, n: int) -> int:
        return max(0, self.low[quantity] - n, n - self.high[quantity])

    def _swap_changes(self, k: int, c: int, d: int) -> list[tuple[int, int, int]]:
        """(quantity, cell, +-1) changes of the counts if key k swaps cells c and d."""
        contributes = self.counting.contributes[self.classes[k]]
        p, q = self.codes[k][c], self.codes[k][d]
        changes = []
        for quantity in contributes[p]:
            changes += [(quantity, c, -1), (quantity, d, 1)]
        for quantity in contributes[q]:
            changes += [(quantity, c, 1), (quantity, d, -1)]
        return changes

    def _penalty_change(self, changes: list[tuple[int, int, int]]) -> int:
        """How much farther outside the bands the counts get; changes never repeat a
        (quantity, cell) pair within one key's swap, and merged lists are summed first."""
        merged: dict[tuple[int, int], int] = {}
        for quantity, cell, step in changes:
            merged[quantity, cell] = merged.get((quantity, cell), 0) + step
        total, counts, low, high = 0, self.counts, self.low, self.high
        for (quantity, cell), step in merged.items():
            if step:
                n, floor, ceiling = counts[quantity][cell], low[quantity], high[quantity]
                total += max(0, floor - n - step, n + step - ceiling) - max(0, floor - n, n - ceiling)
        return total

    def _swap(self, k: int, c: int, d: int) -> None:
        for quantity, cell, step in self._swap_changes(k, c, d):
            self.counts[quantity][cell] += step
        key = self.codes[k]
        key[c], key[d] = key[d], key[c]

    def _violations(self) -> list[tuple[int, int]]:
        return [(quantity, cell) for quantity in range(self.counting.quantities) for cell in range(self.cells)
                if self._outside(quantity, self.counts[quantity][cell])]

    def _measure_room(self) -> None:
        """``may_leave`` and ``may_come`` for every cell, the counts being in their bands."""
        self.may_leave = [[0] * self.cells for _ in self.may_leave]
        self.may_come = [[0] * self.cells for _ in self.may_come]
        for cell in range(self.cells):
            self._room_at(cell)

    def _room_at(self, cell: int) -> None:
        """Which letters may leave ``cell`` and which may come to it in a key of either
        starting team, its counts as they are now."""
        above = under = 0  # the quantities that may go down, and up, as bits
        for quantity, column in enumerate(self.counts):
            n = column[cell]
            if n > self.low[quantity]:
                above |= 1 << quantity
            if n < self.high[quantity]:
                under |= 1 << quantity
        for cls, letters_free in enumerate(self.counting.letters_free):
            self.may_leave[cls][cell], self.may_come[cls][cell] = letters_free[above], letters_free[under]

    def balance(self, rng: Random) -> None:
        """Swap cells inside keys until every per-cell count is in its band (min-conflicts
        with a little noise, which gets the tight small decks out of local minima)."""
        budget = 10 * self.size + 20_000  # ~0.1 * size steps are used
        for _ in range(budget):
            violations = self._violations()
            if not violations:
                return
            quantity, cell = violations[below(rng, len(violations))]
            too_many = self.counts[quantity][cell] > self.high[quantity]
            k = self._key_for(quantity, cell, too_many, rng)
            self._improve_key(k, cell, rng)
        raise KeyDealError("could not balance the per-cell counts")

    def _key_for(self, quantity: int, cell: int, too_many: bool, rng: Random) -> int:
        """A random key whose letter at ``cell`` adds to ``quantity`` (or, if there are too
        few, does not), so that moving it can help."""
        for _ in range(64):
            k = below(rng, self.size)
            adds = quantity in self.counting.contributes[self.classes[k]][self.codes[k][cell]]
            if adds == too_many:
                return k
        return below(rng, self.size)

    def _improve_key(self, k: int, c: int, rng: Random) -> None:
        """Swap cell c of key k with the partner cell that helps the balance most."""
        best, choice = None, -1
        for d in shuffled(range(self.cells), rng):
            if self.codes[k][d] != self.codes[k][c]:
                change = self._penalty_change(self._swap_changes(k, c, d))
                if best is None or change < best:
                    best, choice = change, d
        if best is None:
            return
        roll = below(rng, 100)
        if best < 0 or (best == 0 and roll < 50) or roll < 3:
            self._swap(k, c, choice)

    # -- distance --

    def spread(self, rng: Random, budget: int) -> bool:
        """Move keys apart until no pair is closer than the targets, keeping the balance, in
        at most ``budget`` moves a stage; whether that was reached.
        A large deck is first spread under the symmetries alone (a look at the deck then
        costs half as much, and most moves are made then), then with red and blue exchanged
        as well; a small one under both at once, which its index holds in one int."""
        plain_limit = self.min_matches
        self._measure_room()
        if self.size > ONE_INT_KEYS:
            swapped_limit, self.min_swapped_matches = self.min_swapped_matches, self.cells + 1
            self._find_close_pairs(False, plain_limit)
            if not self._separate(rng, budget):
                return False
            self.min_swapped_matches = swapped_limit
            plain_limit = self.cells + 1  # no pair is close under the symmetries alone now
        self._find_close_pairs(True, plain_limit)
        return self._separate(rng, budget)

    def _find_close_pairs(self, swapped: bool, min_matches: int) -> None:
        """How close every key is to the others (each key against the earlier ones, which
        an index in blocks finds without looking at the later blocks); then index the deck
        for moves, in one block."""
        earlier = MatchIndex(self.shape, self.codes, swapped, BLOCK_KEYS)
        self.overlap = [{} for _ in range(self.size)]
        for k, key in enumerate(self.codes):
            found = earlier.overlaps(key, min_matches, self.min_swapped_matches, k, k)
            for j, weight in found.items():
                self.overlap[k][j] = self.overlap[j][k] = weight
        self.total = sum(sum(found.values()) for found in self.overlap) // 2
        self.close = sum(1 << k for k, found in enumerate(self.overlap) if found)
        self.index = MatchIndex(self.shape, self.codes, swapped)

    def _overlaps(self, key: Sequence[int], k: int) -> dict[int, int]:
        """The keys too close to ``key`` (standing in for key k), each with how far too close."""
        return self.index.overlaps(key, self.min_matches, self.min_swapped_matches, k)

    def _separate(self, rng: Random, budget: int) -> bool:
        """Move keys that have too-close partners until none has, in at most ``budget``
        moves; whether that was reached."""
        for _ in range(budget):
            if not self.total:
                return True
            x = _some_bits(self.close, rng, self.size, 1)[0]  # a key with a too-close partner
            partners = sorted(self.overlap[x])
            self._move(x, partners[below(rng, len(partners))], rng)
        return not self.total

    def _move(self, x: int, z: int, rng: Random) -> None:
        """Move key x away from key z by exchanging two of its letters: alone if the bands
        allow, else with a partner key that exchanges the same two letters back."""
        rise = self._allowed_rise(rng)
        c, d, closeness = self._best_swap(x, z, rng)
        if closeness is not None and closeness - self._closeness([x]) > rise:
            return  # x alone would come too close, and a partner seldom makes up for x's loss
        moved = _swapped(self.codes[x], c, d)
        moves, found = [(x, c, d)], [self._overlaps(moved, x)]
        x_changes = self._swap_changes(x, c, d)
        if self._penalty_change(x_changes):
            if self._closeness([x], found) - self._closeness([x]) > rise:
                return  # a partner seldom makes up for x's loss: spare looking for one
            partner = self._best_partner(x, c, d, x_changes, moved, rng)
            if partner is None:
                return
            y, found_y = partner
            found[0].pop(y, None)  # x against y as it will be, as y's overlaps have it
            if x in found_y:
                found[0][y] = found_y[x]
            moves.append((y, c, d))
            found.append(found_y)
        touched = [k for k, _, _ in moves]
        if self._closeness(touched, found) - self._closeness(touched) <= rise:
            for (k, c, d), now in zip(moves, found):
                self._swap_indexed(k, c, d)
                self._set_overlap(k, now)

    def _allowed_rise(self, rng: Random) -> int:
        """How much closer a move may bring the keys and still be made (``Temper``): -1 (it
        must move them apart), else 0 (wander across a plateau), and now and then more (climb
        out of a dead end)."""
        roll, bits = below(rng, 1 << 30), self.temper.uphill_bits
        if roll >= (1 << 30) - (1 << 30) // self.temper.strict_moves:  # the top of the range; rises take the bottom
            return -1
        rise = 0
        while rise < 5 and roll < 1 << (29 - bits * (rise + 1)):
            rise += 1
        return rise

    def _best_swap(self, x: int, z: int, rng: Random) -> tuple[int, int, int | None]:
        """Two cells c, d of key x with different letters, c equal to z's cell in the view of
        z (turned, flipped, teams exchanged or not) closest to x for its target, so that
        exchanging them moves x away from that view (d is as likely again to be such a cell
        too, which moves it twice as far): of a few such pairs, the one that leaves x least
        close to the others, and of those one that the bands let x make alone (a partner's
        exchange often brings the partner too close to another key); with how close that leaves
        x (``_closeness``), where the pairs were weighed (None in a deck so large that one pair
        is drawn and not weighed)."""
        key = self.codes[x]
        seen = self._closest_view(key, self.codes[z])
        equal = [j for j in range(self.cells) if key[j] == seen[j]]
        partners: dict[int, list[int]] = {}  # by c's letter, made when first drawn
        tries = _tries(SWAPS_TRIED, self.size)
        scores = self.index.swap_scores(key, self.min_matches, self.min_swapped_matches, x) \
            if tries > 1 else None
        best_score, best_c, best_d = -1, -1, -1  # a score: twice the closeness, plus 1 if x needs a partner
        weighed: set[tuple[int, int]] = set()
        score_of = scores.score if scores else None
        leave, come = self.may_leave[self.classes[x]], self.may_come[self.classes[x]]
        random, choices = rng.random, len(equal)
        for _ in range(tries):
            # below(rng, n), inline: this is the search's innermost loop. random() is below 1
            # and n * (1 - 2**-53) rounds below n for any n under 2**53, so the index is in range.
            c = equal[int(random() * choices)]
            letter = key[c]
            others = partners.get(letter)
            if others is None:
                others = partners[letter] = [j for j in range(self.cells) if key[j] != letter] + \
                    [j for j in equal if key[j] != letter]
            d = others[int(random() * len(others))]
            pair = (c, d)
            if best_score == 0 or pair in weighed:
                continue  # nothing beats no overlap, nor a pair already weighed; the draws go on, so
                # the deal is the same
            weighed.add(pair)
            if not score_of:
                best_score, best_c, best_d = 0, c, d
                continue
            q = key[d]
            alone = (leave[c] >> letter) & (leave[d] >> q) & (come[c] >> q) & (come[d] >> letter) & 1
            score = 2 * score_of(c, d) + 1 - alone
            if best_score < 0 or score < best_score:
                best_score, best_c, best_d = score, c, d
        return best_c, best_d, best_score // 2 if scores else None

    def _closest_view(self, key: Sequence[int], other: Sequence[int]) -> tuple[int, ...]:
        """``other`` seen through the view (turned or flipped, teams exchanged or not) under
        which it matches ``key`` in the most cells beyond what its target allows."""
        best: tuple[int, tuple[int, ...]] | None = None
        for v, seen in enumerate(self.views.of(other)):
            limit = self.min_matches if v < self.views.plain else self.min_swapped_matches
            excess = sum(map(eq, key, seen)) - limit
            if best is None or excess > best[0]:
                best = (excess, seen)
        assert best is not None
        return best[1]

    def _best_partner(self, x: int, c: int, d: int, x_changes: list[tuple[int, int, int]],
                      moved: Sequence[int], rng: Random) -> tuple[int, dict[int, int]] | None:
        """Of a few keys y holding x's letters at c and d the other way round, whose
        exchanging them back with x's exchange (``x_changes`` its count changes, ``moved`` x
        after it) keeps every count in its band (the counts of R, B, N and A do not change
        at all), the one left least close to the others once both have moved, with its
        overlaps then; None if none.
        Keys that are too close to others themselves go first when there are enough of
        them: the move may help them too."""
        p, q = self.codes[x][c], self.codes[x][d]
        candidates = self.index.holding(c, q, d, p) & ~(1 << x)
        tries = _tries(self.temper.partners, self.size)
        if (candidates & self.close).bit_count() >= tries:
            candidates &= self.close
        best: tuple[int, int, dict[int, int]] | None = None
        moved_views = self.views.of(moved)
        for y in _some_bits(candidates, rng, self.size, tries):
            if self.classes[y] != self.classes[x] and \
                    self._penalty_change(x_changes + self._swap_changes(y, c, d)):
                continue
            key = _swapped(self.codes[y], c, d)
            found = self._overlaps(key, y)
            found.pop(x, None)  # y against x as it will be
            overlap = self.views.pair_overlap(key, moved, self.min_matches, self.min_swapped_matches, moved_views)
            if overlap:
                found[x] = overlap
            score = sum(found.values())
            if best is None or score < best[0]:
                best = (score, y, found)
                if not score:
                    break  # nothing can be closer to none: the later partners would lose
        return None if best is None else (best[1], best[2])

    def _closeness(self, touched: list[int], found: list[dict[int, int]] | None = None) -> int:
        """How close the touched keys are to the others and each other, each pair once."""
        overlaps = found if found is not None else [self.overlap[k] for k in touched]
        total = sum(sum(o.values()) for o in overlaps)
        if len(touched) == 2:
            total -= overlaps[0].get(touched[1], 0)
        return total

    def _swap_indexed(self, k: int, c: int, d: int) -> None:
        p, q = self.codes[k][c], self.codes[k][d]
        self._swap(k, c, d)
        self.index.change(k, c, p, q)
        self.index.change(k, d, q, p)
        self._room_at(c)
        self._room_at(d)

    def _set_overlap(self, k: int, now: dict[int, int]) -> None:
        """Key k's overlaps become ``now``: its partners' overlaps, the total and the set of
        keys with too-close partners follow."""
        old = self.overlap[k]
        for j in old:
            if j not in now:
                del self.overlap[j][k]
                if not self.overlap[j]:
                    self.close ^= 1 << j
        for j, weight in now.items():
            if not self.overlap[j]:
                self.close ^= 1 << j
            self.overlap[j][k] = weight
        if bool(old) != bool(now):
            self.close ^= 1 << k
        self.total += sum(now.values()) - sum(old.values())
        self.overlap[k] = now
