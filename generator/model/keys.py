"""Balanced key cards for Codenames: a pure, seeded, deterministic dealer.

A key card is a 5x5 grid shared by the spymasters: 9 cells of the starting team (8 agents
plus the double agent), 8 of the other team, 7 bystanders and 1 assassin. Letters: ``R`` red,
``B`` blue, ``N`` bystander, ``A`` assassin; cells are row-major, row 0 is the top row as
printed. A card can sit in its stand either side up and in any rotation, so keys that are
rotations or mirror images of each other (the 8 symmetries of the square) are the same key.

``deal_deck`` returns a deck whose K keys are balanced:

* every key has 9/8/7/1 cells, the 9 in the starting team's colour;
* red and blue starts differ by at most one (one of each on a double-sided card);
* per cell, across the deck, the assassin count is floor or ceil of K/25, the red, blue and
  bystander counts are within 1 of their expectation and the starting-team and other-team
  counts within 2 of theirs;
* any two keys are at least ``required_distance(K)`` cells apart under the 8 symmetries.

How: keys are dealt at random (assassins cycle through shuffled orders of the 25 cells, so
their per-cell counts are exact from the start); a seeded local search then swaps two cells
inside a key until every per-cell count sits in its band; a second search removes pairs of
keys that are too close, using only moves that keep every count in its band: a swap inside one
key where the bands have room, else the same swap mirrored in a second key (key X trades
letters p, q at cells c, d while key Y, holding q, p there, trades them back), which leaves
the red, blue, bystander and assassin counts of both cells unchanged. Closeness is found with
bit-sliced counting: for every cell and letter a Python int holds one bit per key, so one pass
of big-int additions counts the matches of a key against the whole deck at once.

Distance targets (``required_distance``): 12 up to 50 keys, 11 up to 100, 10 up to 300, 9 up
to 2000 (the 1000 asked for, and further while the search stays within seconds), 8 up to 6000
and 7 up to 20000 keys (a double-sided deck of 10000 cards). Two random keys are closer than 8
with probability about 3e-4 (exact count, union over the 8 symmetries), so at 20000 keys a
target of 8 leaves each random key about 5 neighbours to push away; a trial of that had not
finished after ten minutes, while 7 takes about 15 seconds.

Everything random goes through ``generator.rng`` (``rng.random()`` only), and no result depends
on the iteration order of a set or dict, so a seed gives the same deck on every platform and
Python version.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Literal, Sequence

from .rng import below, make_rng, shuffled

Team = Literal["red", "blue"]

SIDE = 5
CELL_COUNT = SIDE * SIDE
RED, BLUE, BYSTANDER, ASSASSIN = "R", "B", "N", "A"
LETTERS = (RED, BLUE, BYSTANDER, ASSASSIN)  # letter codes 0..3 inside the search
STARTING_CELLS, OTHER_CELLS, BYSTANDER_CELLS, ASSASSIN_CELLS = 9, 8, 7, 1
MAX_CARDS = 10_000

_R, _B, _N, _A = range(4)
_TEAMS: tuple[Team, Team] = ("red", "blue")  # a key's class: 0 red starts, 1 blue starts


class KeyDealError(RuntimeError):
    """The search did not balance a deck within its budget (a bug, never bad input)."""


@dataclass(frozen=True)
class Key:
    """One face of a key card: the starting team and 25 letters, row-major, top row first."""

    starting: str
    cells: tuple[str, ...]

    def __post_init__(self) -> None:
        if self.starting not in _TEAMS:
            raise ValueError(f"starting must be 'red' or 'blue', not {self.starting!r}")
        if len(self.cells) != CELL_COUNT:
            raise ValueError(f"a key has {CELL_COUNT} cells, not {len(self.cells)}")
        first, second = (RED, BLUE) if self.starting == "red" else (BLUE, RED)
        wanted = {first: STARTING_CELLS, second: OTHER_CELLS, BYSTANDER: BYSTANDER_CELLS,
                  ASSASSIN: ASSASSIN_CELLS}
        for letter, number in wanted.items():
            if self.cells.count(letter) != number:
                raise ValueError(f"a {self.starting}-start key needs {number} x {letter}")

    @property
    def rows(self) -> list[str]:
        """The grid as 5 strings of 5 letters, top row first (e.g. ``"RRNBA"``)."""
        return ["".join(self.cells[r * SIDE:(r + 1) * SIDE]) for r in range(SIDE)]


@dataclass(frozen=True)
class KeyCard:
    """A physical card, numbered from 1: two faces if double-sided, else one."""

    number: int
    faces: tuple[Key, ...]


# --- symmetries and distance -------------------------------------------------------------

def _build_symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the square as index maps: transformed[i] = cells[g[i]]."""

    def rotate(g: tuple[int, ...]) -> tuple[int, ...]:  # a quarter turn clockwise
        return tuple(g[(SIDE - 1 - c) * SIDE + r] for r in range(SIDE) for c in range(SIDE))

    def mirror(g: tuple[int, ...]) -> tuple[int, ...]:  # left and right swapped
        return tuple(g[r * SIDE + SIDE - 1 - c] for r in range(SIDE) for c in range(SIDE))

    result = []
    g = tuple(range(CELL_COUNT))
    for _ in range(4):
        result += [g, mirror(g)]
        g = rotate(g)
    return tuple(result)


SYMMETRIES: tuple[tuple[int, ...], ...] = _build_symmetries()


def apply_symmetry(g: Sequence[int], cells: Sequence[str]) -> tuple[str, ...]:
    """The cells of a key seen through symmetry ``g``."""
    return tuple(cells[i] for i in g)


def distance(a: Key, b: Key) -> int:
    """Fewest differing cells between ``a`` and ``b`` turned or flipped any of the 8 ways."""
    return min(sum(x != y for x, y in zip(a.cells, apply_symmetry(g, b.cells)))
               for g in SYMMETRIES)


def required_distance(k: int) -> int:
    """The distance every pair of a deck of ``k`` keys keeps (see the module docstring)."""
    for limit, target in ((50, 12), (100, 11), (300, 10), (2000, 9), (6000, 8)):
        if k <= limit:
            return target
    return 7


# --- per-cell balance --------------------------------------------------------------------

# Quantities counted per cell. A letter of a key adds to its own count and, for R and B, to
# the starting-team or other-team count depending on which team starts that key.
_Q_RED, _Q_BLUE, _Q_BYSTANDER, _Q_ASSASSIN, _Q_STARTING, _Q_OTHER = range(6)
_CONTRIBUTES = (
    ((_Q_RED, _Q_STARTING), (_Q_BLUE, _Q_OTHER), (_Q_BYSTANDER,), (_Q_ASSASSIN,)),  # red starts
    ((_Q_RED, _Q_OTHER), (_Q_BLUE, _Q_STARTING), (_Q_BYSTANDER,), (_Q_ASSASSIN,)),  # blue starts
)


def _expected_x25(red_starts: int, blue_starts: int) -> tuple[int, ...]:
    """25 times each quantity's expected per-cell count: integers, so bands are exact."""
    k = red_starts + blue_starts
    return (9 * red_starts + 8 * blue_starts, 8 * red_starts + 9 * blue_starts, 7 * k, k,
            9 * k, 8 * k)


def _bands(red_starts: int, blue_starts: int) -> tuple[list[int], list[int]]:
    """Lowest and highest allowed per-cell count of each quantity (rule B3)."""
    k = red_starts + blue_starts
    low, high = [], []
    for quantity, e25 in enumerate(_expected_x25(red_starts, blue_starts)):
        if quantity == _Q_ASSASSIN:
            low.append(k // CELL_COUNT)
            high.append(-(-k // CELL_COUNT))
            continue
        slack = 2 * CELL_COUNT if quantity >= _Q_STARTING else CELL_COUNT
        low.append(-(-(e25 - slack) // CELL_COUNT))
        high.append((e25 + slack) // CELL_COUNT)
    return low, high


@dataclass(frozen=True)
class BalanceReport:
    """How balanced a set of keys is; deviations are max over cells of |count - expected|."""

    key_count: int
    red_starts: int
    blue_starts: int
    red_deviation: float
    blue_deviation: float
    bystander_deviation: float
    assassin_deviation: float
    starting_deviation: float
    other_deviation: float
    assassin_min: int
    assassin_max: int
    min_distance: int | None  # None for fewer than 2 keys
    pairs_at_min_distance: int


def balance_report(keys: Sequence[Key]) -> BalanceReport:
    """Measure start split, per-cell balance and closeness of ``keys``."""
    classes = [_TEAMS.index(key.starting) for key in keys]
    codes = [[LETTERS.index(letter) for letter in key.cells] for key in keys]
    red_starts = classes.count(0)
    blue_starts = len(keys) - red_starts
    counts = _count_quantities(codes, classes)
    expected = _expected_x25(red_starts, blue_starts)
    deviations = [max(abs(n - e25 / CELL_COUNT) for n in counts[q])
                  for q, e25 in enumerate(expected)]
    closest, pairs = _closest_pairs(codes)
    return BalanceReport(
        key_count=len(keys), red_starts=red_starts, blue_starts=blue_starts,
        red_deviation=deviations[_Q_RED], blue_deviation=deviations[_Q_BLUE],
        bystander_deviation=deviations[_Q_BYSTANDER],
        assassin_deviation=deviations[_Q_ASSASSIN],
        starting_deviation=deviations[_Q_STARTING], other_deviation=deviations[_Q_OTHER],
        assassin_min=min(counts[_Q_ASSASSIN]), assassin_max=max(counts[_Q_ASSASSIN]),
        min_distance=closest, pairs_at_min_distance=pairs)


def _count_quantities(codes: Sequence[Sequence[int]], classes: Sequence[int]) -> list[list[int]]:
    counts = [[0] * CELL_COUNT for _ in range(6)]
    for key, cls in zip(codes, classes):
        for cell, letter in enumerate(key):
            for quantity in _CONTRIBUTES[cls][letter]:
                counts[quantity][cell] += 1
    return counts


# --- bit-sliced matching -----------------------------------------------------------------

def _bit_sum(vectors: list[int]) -> list[int]:
    """Add 0/1 vectors held as ints, bit i of each being entry i; return the sums' binary
    digits, lowest first (5 of them: at most 25 vectors). Full adders, so about 5 big-int
    operations per vector instead of a ripple carry through all digits."""
    digits = []
    column = vectors
    while column:
        carries = []
        while len(column) > 2:
            x, y, z = column.pop(), column.pop(), column.pop()
            t = x ^ y
            column.append(t ^ z)
            carries.append((x & y) | (z & t))
        if len(column) == 2:
            x, y = column
            column = [x ^ y]
            carries.append(x & y)
        digits.append(column[0])
        column = carries
    return digits + [0] * (5 - len(digits))


def _at_least(digits: list[int], threshold: int, population: int) -> int:
    """Entries (among ``population``) whose sum, given by its binary digits, >= threshold."""
    above, equal = 0, population
    for i in range(len(digits) - 1, -1, -1):
        if (threshold >> i) & 1:
            equal &= digits[i]
        else:
            above |= equal & digits[i]
            equal &= ~digits[i]
    return above | equal


def _largest(digits: list[int], population: int) -> tuple[int, int]:
    """The largest sum among ``population`` and the entries that reach it."""
    value, members = 0, population
    for i in range(len(digits) - 1, -1, -1):
        narrowed = members & digits[i]
        if narrowed:
            value, members = value | (1 << i), narrowed
    return value, members


class _MatchIndex:
    """For each cell and letter, an int with bit i set when key i has that letter there."""

    def __init__(self) -> None:
        self.planes = [[0, 0, 0, 0] for _ in range(CELL_COUNT)]

    def add(self, i: int, key: Sequence[int]) -> None:
        bit = 1 << i
        for plane, letter in zip(self.planes, key):
            plane[letter] |= bit

    def change(self, i: int, cell: int, old: int, new: int) -> None:
        plane = self.planes[cell]
        plane[old] &= ~(1 << i)
        plane[new] |= 1 << i

    def match_digits(self, key: Sequence[int], g: Sequence[int]) -> list[int]:
        """Per indexed key, how many cells equal ``key`` seen through ``g`` (as digits)."""
        return _bit_sum([plane[key[j]] for plane, j in zip(self.planes, g)])

    def near(self, key: Sequence[int], min_matches: int, population: int) -> int:
        """Indexed keys matching ``key`` in >= min_matches cells under some symmetry."""
        found = 0
        for g in SYMMETRIES:
            found |= _at_least(self.match_digits(key, g), min_matches, population)
        return found


def _closest_pairs(codes: Sequence[Sequence[int]]) -> tuple[int | None, int]:
    """Smallest pairwise distance and how many pairs have it; each key against earlier ones."""
    best, pairs = -1, 0  # best = most matching cells seen so far
    index = _MatchIndex()
    for i, key in enumerate(codes):
        earlier = (1 << i) - 1
        top, members = -1, 0
        for g in SYMMETRIES if i else ():
            value, reached = _largest(index.match_digits(key, g), earlier)
            if value > top:
                top, members = value, reached
            elif value == top:
                members |= reached
        if top > best:
            best, pairs = top, members.bit_count()
        elif top == best and top >= 0:
            pairs += members.bit_count()
        index.add(i, key)
    return (None, 0) if best < 0 else (CELL_COUNT - best, pairs)


def _bits(mask: int) -> list[int]:
    """Positions of the set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _pick_bit(mask: int, rng: Random, size: int) -> int:
    """A set bit of a non-zero ``mask``: the first at or after a random position, wrapping."""
    start = below(rng, size)
    upper = mask >> start
    if upper:
        return start + (upper & -upper).bit_length() - 1
    return (mask & -mask).bit_length() - 1


# --- dealing -----------------------------------------------------------------------------

def deal_deck(count: int, seed: int, double_sided: bool = True) -> list[KeyCard]:
    """Deal ``count`` balanced key cards (see the module docstring) from ``seed``.

    Double-sided cards carry one red-start and one blue-start key (which is the front is
    seeded); single-sided decks of an odd size give the extra start to a seeded team.
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_CARDS:
        raise ValueError(f"count must be an integer from 1 to {MAX_CARDS}, not {count!r}")
    rng = make_rng(seed)
    classes = _deal_starts(count, double_sided, rng)
    deck = _Deck(_deal_random_keys(classes, rng), classes, required_distance(len(classes)))
    deck.balance(rng)
    deck.spread(rng)
    keys = [Key(_TEAMS[cls], tuple(LETTERS[x] for x in key))
            for cls, key in zip(classes, deck.codes)]
    per_card = 2 if double_sided else 1
    return [KeyCard(n + 1, tuple(keys[n * per_card:(n + 1) * per_card])) for n in range(count)]


def _deal_starts(count: int, double_sided: bool, rng: Random) -> list[int]:
    """The starting team (0 red, 1 blue) of each key, in card and face order."""
    if double_sided:
        classes = []
        for _ in range(count):
            front = below(rng, 2)
            classes += [front, 1 - front]
        return classes
    extra = below(rng, 2)  # the team that starts the odd key out, if any
    blue = count // 2 + (count % 2 if extra else 0)
    return shuffled([0] * (count - blue) + [1] * blue, rng)


def _deal_random_keys(classes: Sequence[int], rng: Random) -> list[list[int]]:
    """Random keys; assassins go through shuffled orders of all 25 cells, one cell per key,
    so every cell gets floor or ceil of K/25 of them."""
    keys = []
    order: list[int] = []
    for cls in classes:
        if not order:
            order = shuffled(range(CELL_COUNT), rng)
        assassin = order.pop()
        first, second = (_R, _B) if cls == 0 else (_B, _R)
        letters = shuffled([first] * STARTING_CELLS + [second] * OTHER_CELLS
                           + [_N] * BYSTANDER_CELLS, rng)
        letters.insert(assassin, _A)
        keys.append(letters)
    return keys


class _Deck:
    """Keys under repair: their letters, per-cell counts, bands and close pairs."""

    def __init__(self, codes: list[list[int]], classes: list[int], target: int) -> None:
        self.codes = codes
        self.classes = classes
        self.size = len(codes)
        self.low, self.high = _bands(classes.count(0), classes.count(1))
        self.counts = _count_quantities(codes, classes)
        self.min_matches = CELL_COUNT - target + 1  # this many equal cells is too close
        self.index = _MatchIndex()
        self.near: list[int] = []  # per key, a bitset of the keys too close to it
        self.close_pairs = 0

    # -- per-cell balance --

    def _outside(self, quantity: int, n: int) -> int:
        return max(0, self.low[quantity] - n, n - self.high[quantity])

    def _swap_changes(self, k: int, c: int, d: int) -> list[tuple[int, int, int]]:
        """(quantity, cell, +-1) changes of the counts if key k swaps cells c and d."""
        contributes = _CONTRIBUTES[self.classes[k]]
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
        total = 0
        for (quantity, cell), step in merged.items():
            n = self.counts[quantity][cell]
            total += self._outside(quantity, n + step) - self._outside(quantity, n)
        return total

    def _swap(self, k: int, c: int, d: int) -> None:
        for quantity, cell, step in self._swap_changes(k, c, d):
            self.counts[quantity][cell] += step
        key = self.codes[k]
        key[c], key[d] = key[d], key[c]

    def _violations(self) -> list[tuple[int, int]]:
        return [(quantity, cell) for quantity in range(6) for cell in range(CELL_COUNT)
                if self._outside(quantity, self.counts[quantity][cell])]

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
            adds = quantity in _CONTRIBUTES[self.classes[k]][self.codes[k][cell]]
            if adds == too_many:
                return k
        return below(rng, self.size)

    def _improve_key(self, k: int, c: int, rng: Random) -> None:
        """Swap cell c of key k with the partner cell that helps the balance most."""
        best, choice = None, -1
        for d in shuffled(range(CELL_COUNT), rng):
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

    def _find_close_pairs(self) -> None:
        """Every key against the earlier ones, while building the full index."""
        self.near = [0] * self.size
        for i, key in enumerate(self.codes):
            found = self.index.near(key, self.min_matches, (1 << i) - 1)
            self.near[i] = found
            for j in _bits(found):
                self.near[j] |= 1 << i
            self.close_pairs += found.bit_count()
            self.index.add(i, key)

    def spread(self, rng: Random) -> None:
        """Move keys apart until no pair is closer than the target, keeping the balance."""
        self._find_close_pairs()
        budget = 10 * self.size + 50_000  # at most ~8 * size are used
        for _ in range(budget):
            if not self.close_pairs:
                return
            x = self._close_key(rng)
            z = _pick_bit(self.near[x], rng, self.size)
            c, d = self._cells_to_change(x, z, rng)
            moves = self._balanced_moves(x, c, d, rng)
            if moves:
                self._try(moves, rng)
        raise KeyDealError("could not move every pair of keys far enough apart")

    def _close_key(self, rng: Random) -> int:
        """A key with a too-close partner: the first at or after a random position."""
        start = below(rng, self.size)
        for offset in range(self.size):
            k = (start + offset) % self.size
            if self.near[k]:
                return k
        raise AssertionError("no close pair left")

    def _cells_to_change(self, x: int, z: int, rng: Random) -> tuple[int, int]:
        """Two cells of key x with different letters, the first equal to z's cell under the
        symmetry where x and z are closest, so that swapping them moves x away from z."""
        key, other = self.codes[x], self.codes[z]
        best_g, best = SYMMETRIES[0], -1
        for g in SYMMETRIES:
            matches = sum(key[j] == letter for j, letter in zip(g, other))
            if matches > best:
                best_g, best = g, matches
        equal = [j for j, letter in zip(best_g, other) if key[j] == letter]
        c = equal[below(rng, len(equal))]
        partners = [j for j in equal if key[j] != key[c]]
        if not partners or below(rng, 2):
            partners = [j for j in range(CELL_COUNT) if key[j] != key[c]]
        return c, partners[below(rng, len(partners))]

    def _balanced_moves(self, x: int, c: int, d: int, rng: Random) -> list[tuple[int, int, int]]:
        """Swaps (key, c, d) that exchange x's letters at c and d and keep every count in
        its band: x alone if the bands allow, else x plus a key holding the same two letters
        the other way round (the counts of R, B, N, A then do not change at all)."""
        alone = [(x, c, d)]
        if self._penalty_change(self._swap_changes(x, c, d)) == 0:
            return alone
        p, q = self.codes[x][c], self.codes[x][d]
        planes = self.index.planes
        candidates = planes[c][q] & planes[d][p] & ~(1 << x)
        if not candidates:
            return []
        y = _pick_bit(candidates, rng, self.size)
        moves = [(x, c, d), (y, c, d)]
        changes = self._swap_changes(x, c, d) + self._swap_changes(y, c, d)
        return moves if self._penalty_change(changes) == 0 else []

    def _try(self, moves: list[tuple[int, int, int]], rng: Random) -> None:
        """Make the swaps; keep them unless they add close pairs (ties kept half the time,
        to wander across plateaus)."""
        touched = [k for k, _, _ in moves]
        before = self._close_pairs_of(touched)
        for k, c, d in moves:
            self._swap_indexed(k, c, d)
        population = (1 << self.size) - 1
        found = [self.index.near(self.codes[k], self.min_matches, population) & ~(1 << k)
                 for k in touched]
        after = self._close_pairs_of(touched, found)
        if after < before or (after == before and below(rng, 2)):
            for k, now in zip(touched, found):
                self._set_near(k, now)
        else:
            for k, c, d in reversed(moves):
                self._swap_indexed(k, c, d)

    def _close_pairs_of(self, touched: list[int], found: list[int] | None = None) -> int:
        """Close pairs involving the touched keys, each pair counted once."""
        sets = found if found is not None else [self.near[k] for k in touched]
        total = sum(s.bit_count() for s in sets)
        if len(touched) == 2 and (sets[0] >> touched[1]) & 1:
            total -= 1
        return total

    def _swap_indexed(self, k: int, c: int, d: int) -> None:
        p, q = self.codes[k][c], self.codes[k][d]
        self._swap(k, c, d)
        self.index.change(k, c, p, q)
        self.index.change(k, d, q, p)

    def _set_near(self, k: int, now: int) -> None:
        old = self.near[k]
        for j in _bits(old ^ now):
            self.near[j] ^= 1 << k
        self.close_pairs += now.bit_count() - old.bit_count()
        self.near[k] = now
