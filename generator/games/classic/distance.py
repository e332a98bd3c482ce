"""How far apart two keys are, and bit-sliced counting of a key's matches against a deck.

A key is a grid of cells (``KeyShape``: 5 x 5 for the classic game, 4 rows of 5 for the
picture edition, 4 x 4 up to 7 x 7 for two to four teams), row-major, each a letter: a team's
(``R`` red, ``B`` blue, then the roles table's other teams), ``N`` bystander, ``A`` assassin
(codes 0 up inside the search, in that order: ``KeyShape.letters``). Two distances are
measured, both as the fewest cells that differ:

* ``distance``: the second key seen through any of its shape's symmetries (the 8 turns and
  mirror images of the square for the classic key);
* ``swapped_distance``: the second key with red and blue exchanged, then seen through any of
  the symmetries. A red-start key whose layout is a blue-start key's with the teams
  exchanged is close in this sense, however far apart the two are in the first. Only a
  two-team key has it: with three or four teams, a key's teams differ in number of agents
  once one starts, and the dealer keeps keys apart under the symmetries alone.

Both are symmetric: exchanging the teams commutes with the symmetries and undoes itself (the
symmetries of a shape form a group).

A *view* is one of the symmetries, with or without red and blue exchanged: 16 for the
classic key, 8 for a square key of three or four teams. ``MatchIndex`` holds every key of a
deck through every view, bit-sliced: for each cell and letter, an int has one bit per (view,
key), set when that key seen through that view has that letter there. A key picks one such
int per cell (by its own letter there), and one pass of big-int additions over those ints
counts its matching cells with every key under all views at once.
"""

from __future__ import annotations

from functools import cache
from operator import eq, itemgetter
from typing import Sequence

import msgspec

from ...model.roles import ASSASSIN, BLUE, BYSTANDER, RED, TEAM_ROLES

LETTERS = (RED, BLUE, BYSTANDER, ASSASSIN)  # a two-team key's letter codes 0..3 inside the search
TEAM_SWAP = (1, 0, 2, 3)  # the code of each letter's counterpart with red and blue exchanged
MOST_LETTERS = len(TEAM_ROLES) + 2  # every team's, the bystander's and the assassin's
ONE_INT_KEYS = 1024  # up to this many keys, all the views of a key share one int
BLOCK_KEYS = 4096  # keys per block of an index for looking at the keys before each key


# --- a key's shape ---------------------------------------------------------------------------

class KeyShape(msgspec.Struct, frozen=True):
    """What a game's key is, for the dealer: its grid, how many cells of each role it has, the
    ways it can be seen that make two keys the same key in play, and the floors a deck keeps.
    ``teams`` teams play it (the roles table's first ones, in its order): the starting team has
    ``starting`` cells, each other team ``other``.

    ``symmetries`` are index maps (``seen[i] = cells[g[i]]``), the identity first; they must
    form a group, so that a distance is the same measured from either key. ``targets`` are
    rows (most keys, plain floor, teams-exchanged floor): the first row whose size is at
    least the deck's applies, and the last row's size is the most keys the dealer deals (two
    a card)."""

    rows: int
    columns: int
    starting: int  # cells of the starting team: its agents (and the double agent, with two teams)
    other: int  # cells of each other team
    bystanders: int
    assassins: int
    symmetries: tuple[tuple[int, ...], ...]
    targets: tuple[tuple[int, int, int], ...]
    teams: int = 2
    # The targets are estimates (``shapes.estimated_targets``), not measured: a deal that does
    # not reach them in a stage's moves lowers them by one and goes on from where it is.
    estimated: bool = False

    def __post_init__(self) -> None:
        cells = self.rows * self.columns
        if not 2 <= self.teams <= len(TEAM_ROLES):
            raise ValueError(f"a key has 2 to {len(TEAM_ROLES)} teams, not {self.teams}")
        if min(self.starting, self.other, self.bystanders, self.assassins) < 0 or \
                self.starting + self.other * (self.teams - 1) + self.bystanders + self.assassins != cells:
            raise ValueError(f"a {self.rows} x {self.columns} key's roles must fill its {cells} cells")
        if not self.symmetries or self.symmetries[0] != tuple(range(cells)) or \
                any(sorted(g) != list(range(cells)) for g in self.symmetries):
            raise ValueError("a key's symmetries are index maps of its cells, the identity first")
        group = set(self.symmetries)
        if any(tuple(h[i] for i in g) not in group for g in group for h in group):
            raise ValueError("a key's symmetries must form a group: any two, one after the other, are one of them")

    @property
    def cells(self) -> int:
        return self.rows * self.columns

    @property
    def team_names(self) -> tuple[str, ...]:
        """The teams that play it, in the roles table's order: a key's class is its place here."""
        return tuple(role.name for role in TEAM_ROLES[:self.teams])

    @property
    def letters(self) -> tuple[str, ...]:
        """Its letters by their codes in the search: each team's, the bystander's, the assassin's
        (``LETTERS`` for two teams)."""
        return tuple(role.letter for role in TEAM_ROLES[:self.teams]) + (BYSTANDER, ASSASSIN)

    @property
    def exchanges_teams(self) -> bool:
        """Whether a deck is kept apart with red and blue exchanged too: two teams only."""
        return self.teams == 2

    @property
    def most_cards(self) -> int:
        """The most cards the dealer deals: the targets' last row, two keys a card."""
        return self.targets[-1][0] // 2


def square_symmetries(side: int) -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of a square grid as index maps: each of the 4 turns as it is and
    mirrored, the identity first."""

    def rotate(g: tuple[int, ...]) -> tuple[int, ...]:  # a quarter turn clockwise
        return tuple(g[(side - 1 - c) * side + r] for r in range(side) for c in range(side))

    def mirror(g: tuple[int, ...]) -> tuple[int, ...]:  # left and right swapped
        return tuple(g[r * side + side - 1 - c] for r in range(side) for c in range(side))

    result = []
    g = tuple(range(side * side))
    for _ in range(4):
        result += [g, mirror(g)]
        g = rotate(g)
    return tuple(result)


def half_turn(cells: int) -> tuple[int, ...]:
    """A grid turned half round, as an index map: row-major, its cells read backwards."""
    return tuple(range(cells - 1, -1, -1))


def apply_symmetry(g: Sequence[int], cells: Sequence[str]) -> tuple[str, ...]:
    """The cells of a key seen through symmetry ``g``."""
    return tuple(cells[i] for i in g)


def grid_symmetries(rows: int, columns: int) -> tuple[tuple[int, ...], ...]:
    """The ways a key of words can lie over its grid and be the same key in play: the 8 turns
    and mirror images of a square grid; as printed, turned half round and mirrored either way
    for an oblong one, which a quarter turn would not fit."""
    if rows == columns:
        return square_symmetries(rows)
    cells = rows * columns
    across = tuple(r * columns + columns - 1 - c for r in range(rows) for c in range(columns))
    down = tuple((rows - 1 - r) * columns + c for r in range(rows) for c in range(columns))
    return tuple(range(cells)), across, down, half_turn(cells)


def swap_teams(cells: Sequence[str]) -> tuple[str, ...]:
    """The cells with red and blue exchanged."""
    return tuple(BLUE if x == RED else RED if x == BLUE else x for x in cells)


def swapped_codes(key: Sequence[int]) -> list[int]:
    """A key of letter codes with red and blue exchanged."""
    return [TEAM_SWAP[x] for x in key]


def _inverse(g: Sequence[int]) -> tuple[int, ...]:
    result = [0] * len(g)
    for i, gi in enumerate(g):
        result[gi] = i
    return tuple(result)


class Views:
    """A shape's views, as the counting uses them: the symmetries, then the same with red and
    blue exchanged. Made once a shape (``views_of_shape``): the search's innermost loops read
    these tables rather than the shape."""

    def __init__(self, shape: KeyShape) -> None:
        self.cells = shape.cells
        self.letters = len(shape.letters)
        self.plain = len(shape.symmetries)  # views below this one are the symmetries alone
        self.count = 2 * self.plain if shape.exchanges_teams else self.plain
        self.width = (self.cells + 1).bit_length()  # binary digits of a count of matches, and one more
        self.seen_through = tuple(itemgetter(*g) for g in shape.symmetries)  # a key's cells through each
        self.symmetry_of = tuple(shape.symmetries[v % self.plain] for v in range(self.count))
        self.shown_at = tuple(_inverse(g) for g in self.symmetry_of)  # [v][c]: where view v shows cell c
        self.letter_seen = tuple(tuple(range(self.letters)) if v < self.plain else TEAM_SWAP
                                 for v in range(self.count))

    def of(self, key: Sequence[int]) -> list[tuple[int, ...]]:
        """A key of letter codes through every view: the symmetries, then (two teams) the same
        with red and blue exchanged."""
        plain = [seen(key) for seen in self.seen_through]
        if self.count == self.plain:
            return plain
        swapped = swapped_codes(key)
        return plain + [seen(swapped) for seen in self.seen_through]

    def pair_overlap(self, a: Sequence[int], b: Sequence[int], min_matches: int, min_swapped_matches: int,
                     b_views: Sequence[Sequence[int]] | None = None) -> int:
        """How far too close two keys are, as ``MatchIndex.overlaps`` counts it. ``b_views``:
        ``of(b)``, when the caller has it already."""
        total = 0
        for v, seen in enumerate(b_views or self.of(b)):
            limit = min_matches if v < self.plain else min_swapped_matches
            beyond = sum(map(eq, a, seen)) - limit + 1
            total += max(0, beyond)
        return total


@cache
def views_of_shape(shape: KeyShape) -> Views:
    """The shape's views, made once."""
    return Views(shape)


def distance(a: Sequence[str], b: Sequence[str], shape: KeyShape) -> int:
    """Fewest differing cells between ``a`` and ``b`` seen through any of the shape's symmetries."""
    most: int = max(sum(map(eq, a, seen(b))) for seen in views_of_shape(shape).seen_through)
    return shape.cells - most


def swapped_distance(a: Sequence[str], b: Sequence[str], shape: KeyShape) -> int:
    """``distance`` from ``a`` to ``b`` with red and blue exchanged."""
    return distance(a, swap_teams(b), shape)


# --- bit-sliced sums ---------------------------------------------------------------------

def _bit_sum(vectors: list[int], width: int) -> list[int]:
    """Add 0/1 vectors held as ints, bit i of each being entry i; return the sums' binary
    digits, lowest first (``width`` of them: a key's cells, and one more, fit). Full adders,
    so about 5 big-int operations per vector instead of a ripple carry through all digits."""
    digits = []
    column = vectors
    while column:
        carries = []
        while len(column) > 2:  # three of a digit's weight -> one of it and one carry
            sums = []
            whole = len(column) - len(column) % 3
            for i in range(0, whole, 3):
                x, y, z = column[i], column[i + 1], column[i + 2]
                t = x ^ y
                sums.append(t ^ z)
                carries.append((x & y) | (z & t))
            column = sums + column[whole:]
        if len(column) == 2:
            x, y = column
            column = [x ^ y]
            carries.append(x & y)
        digits.append(column[0])
        column = carries
    return digits + [0] * (width - len(digits))


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


def bits(mask: int) -> list[int]:
    """Positions of the set bits of ``mask``, lowest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


# --- the index ---------------------------------------------------------------------------

_ONE_WHERE = tuple(bytes.maketrans(bytes(range(MOST_LETTERS)), bytes(48 + (x == letter) for x in range(MOST_LETTERS)))
                   for letter in range(MOST_LETTERS))  # letter codes to b"1" where equal, else b"0"


class _Block:
    """Keys ``start`` to ``start + size - 1`` through some of the views: bit ``i * size + k``
    of ``planes[cell][letter]`` is set when key ``start + k``, seen through the block's i-th
    view, has that letter at that cell."""

    def __init__(self, shape: Views, cells: list[list[int]], start: int, size: int, views: Sequence[int]) -> None:
        self.start, self.size, self.views, self.width = start, size, tuple(views), shape.width
        self.planes = [[0] * shape.letters for _ in range(shape.cells)]
        for i, v in enumerate(self.views):
            g, seen = shape.symmetry_of[v], shape.letter_seen[v]
            for j, plane in enumerate(self.planes):
                for letter in range(shape.letters):
                    plane[seen[letter]] |= cells[g[j]][letter] << (i * size)
        # for each cell of a key: (its lanes' offset, where the view shows the cell, letters)
        self.shown_at = [[(i * size, shape.shown_at[v][c], shape.letter_seen[v])
                          for i, v in enumerate(self.views)] for c in range(shape.cells)]
        self.first_lanes = sum(1 << (i * size) for i in range(len(self.views)))  # key 0's lanes
        every = (1 << size) - 1
        plain = sum(every << (i * size) for i, v in enumerate(self.views) if v < shape.plain)
        swapped = sum(every << (i * size) for i, v in enumerate(self.views) if v >= shape.plain)
        self.lanes = (plain, swapped)

    def others(self, exclude: int, kinds: Sequence[bool]) -> list[int]:
        """The plain and the swapped lanes of every key but ``exclude`` (a deck position),
        each only if its kind is wanted."""
        lanes = [lanes if wanted else 0 for lanes, wanted in zip(self.lanes, kinds)]
        if self.start <= exclude < self.start + self.size:
            kept = ~(self.first_lanes << (exclude - self.start))
            lanes = [kind & kept for kind in lanes]
        return lanes

    def change(self, k: int, cell: int, old: int, new: int) -> None:
        for offset, j, seen in self.shown_at[cell]:
            bit = 1 << (offset + k)
            plane = self.planes[j]
            plane[seen[old]] ^= bit
            plane[seen[new]] ^= bit

    def match_digits(self, key: Sequence[int]) -> list[int]:
        return _bit_sum([plane[letter] for plane, letter in zip(self.planes, key)], self.width)

    def key_of(self, position: int) -> int:
        """The deck position of the key a lane belongs to."""
        return self.start + position % self.size


def _cell_planes(codes: Sequence[Sequence[int]], cells: int, letters: int) -> list[list[int]]:
    """For each of the ``cells`` cells and each of the ``letters``, an int with bit i set when
    key i has that letter there."""
    if not codes:
        return [[0] * letters for _ in range(cells)]
    planes = []
    for cell in range(cells):
        column = bytes(key[cell] for key in reversed(codes))  # the last key is the top bit
        planes.append([int(column.translate(_ONE_WHERE[letter]), 2) for letter in range(letters)])
    return planes


class MatchIndex:
    """A deck's keys (of one shape) through its plain views (the symmetries), or through all
    of them, teams exchanged too, for finding the keys too close to any key. Up to
    ONE_INT_KEYS keys, all the views of a key share one int (the fewest big-int operations);
    beyond, plain and swapped views are held apart, so that a look at one kind costs half as
    much. ``block_keys`` splits the keys into blocks, so that a look at the keys before a
    position can skip the blocks after it."""

    def __init__(self, shape: KeyShape, codes: Sequence[Sequence[int]], swapped: bool = True,
                 block_keys: int | None = None) -> None:
        views = views_of_shape(shape)
        self.size, self.cells = len(codes), views.cells
        plain, every = range(views.plain), range(views.count)
        swapped = swapped and views.count > views.plain
        groups = [every if swapped else plain] if self.size <= ONE_INT_KEYS or not swapped else \
            [plain, range(views.plain, views.count)]
        step = block_keys or max(1, self.size)
        self.blocks = []
        for start in range(0, self.size, step):
            chunk = codes[start:start + step]
            cells = _cell_planes(chunk, views.cells, views.letters)
            self.blocks += [_Block(views, cells, start, len(chunk), group) for group in groups]

    def change(self, k: int, cell: int, old: int, new: int) -> None:
        """Key k's letter at ``cell`` becomes ``new``."""
        for block in self.blocks:
            if block.start <= k < block.start + block.size:
                block.change(k - block.start, cell, old, new)

    def holding(self, c: int, p: int, d: int, q: int) -> int:
        """The keys (bit k for key k) with letter p at cell c and q at d."""
        found = 0
        for block in self.blocks:
            if block.views[0] == 0:  # the first lanes show the keys as they are
                lanes = block.planes[c][p] & block.planes[d][q] & ((1 << block.size) - 1)
                found |= lanes << block.start
        return found

    def _looks(self, key: Sequence[int], limits: Sequence[int], exclude: int, before: int | None
               ) -> list[tuple[_Block, list[int], list[int]]]:
        """For each block with lanes to look at: its match digits for ``key`` and its plain
        and swapped lanes of interest (a kind only if its limit can be reached)."""
        kinds = [limit <= self.cells for limit in limits]
        looks = []
        for block in self.blocks:
            if before is not None and block.start >= before:
                continue
            lanes = block.others(exclude, kinds)
            if any(lanes):
                looks.append((block, block.match_digits(key), lanes))
        return looks

    def overlaps(self, key: Sequence[int], min_matches: int, min_swapped_matches: int,
                 exclude: int, before: int | None = None) -> dict[int, int]:
        """The indexed keys other than ``exclude`` (and, if given, before that position)
        that match ``key`` in at least ``min_matches`` cells under some symmetry, or at least
        ``min_swapped_matches`` with red and blue exchanged, each with its overlap: over the
        views where it does, the sum of one more than the cells beyond the limit. A limit
        above the key's cells leaves its kind of view out."""
        limits = (min_matches, min_swapped_matches)
        found: dict[int, int] = {}
        for block, digits, lanes in self._looks(key, limits, exclude, before):
            near = _at_least(digits, min(limits), lanes[0] | lanes[1])
            if not near:  # the usual case in a large deck: one pass over the lanes
                continue
            for kind, limit in zip(lanes, limits):
                kind = _at_least(digits, limit, kind & near)
                while kind:
                    for position in bits(kind):
                        k = block.key_of(position)
                        found[k] = found.get(k, 0) + 1
                    limit += 1
                    kind = _at_least(digits, limit, kind)
        if before is not None:
            found = {k: weight for k, weight in found.items() if k < before}
        return found

    def swap_scores(self, key: Sequence[int], min_matches: int, min_swapped_matches: int,
                    exclude: int) -> SwapScores:
        """How close ``key`` would be to the indexed keys (as ``overlaps`` sums it) with any
        two of its cells exchanged; see ``SwapScores``."""
        parts = []
        for block, digits, (plain, swapped) in self._looks(
                key, (min_matches, min_swapped_matches), exclude, None):
            levels: list[int] = []  # levels[i]: lanes matching in at least (their limit - 2 + i) cells
            while plain or swapped:
                plain = _at_least(digits, min_matches - 2 + len(levels), plain)
                swapped = _at_least(digits, min_swapped_matches - 2 + len(levels), swapped)
                levels.append(plain | swapped)
            parts.append((block.planes, levels + [0, 0, 0, 0]))  # at least the four levels a score reads
        return SwapScores(key, parts)

    def closest(self, key: Sequence[int], exclude: int) -> tuple[tuple[int, int], ...]:
        """For plain views and for swapped ones: the most cells any indexed key other than
        ``exclude`` shares with ``key``, and how many keys share that many."""
        best = [(-1, 0), (-1, 0)]
        for block, digits, lanes in self._looks(key, (0, 0), exclude, None):
            for kind, population in enumerate(lanes):
                if not population:
                    continue
                value, reached = _largest(digits, population)
                partners = len({block.key_of(position) for position in bits(reached)})
                if value > best[kind][0]:
                    best[kind] = (value, partners)
                elif value == best[kind][0]:
                    best[kind] = (value, best[kind][1] + partners)
        return tuple(best)


class SwapScores:
    """A key's matches with an indexed deck, ready to score the exchange of any two of its
    cells without a new pass over the deck. Exchanging letters p at c and q at d changes a
    lane's matches by (q there at c) + (p there at d) - (p there at c) - (q there at d),
    at most 2 either way, so the lanes within 2 of their limit, by level, are enough: a lane
    that gains 1 adds one to the sum if it was at least one below its limit, one that gains
    2 adds one more if it was two below, and the losses likewise from the limit up."""

    def __init__(self, key: Sequence[int], parts: list[tuple[list[list[int]], list[int]]]) -> None:
        self.key = key
        # Each part's planes, and its lanes at (their limit - 2), - 1, + 0 and + 1 or more.
        self.parts: list[tuple[list[list[int]], int, int, int, int]] = [
            (planes, levels[0], levels[1], levels[2], levels[3]) for planes, levels in parts]
        self.now = sum(level.bit_count() for _, levels in parts for level in levels[2:])  # the sum as it is

    def score(self, c: int, d: int) -> int:
        """The sum ``overlaps`` would give for the key with cells c and d exchanged."""
        p, q = self.key[c], self.key[d]
        total = self.now
        for planes, two_below, below, limit, above in self.parts:
            at_c, at_d = planes[c], planes[d]
            lost_c, gained_c = at_c[p], at_c[q]  # a lane cannot both lose and gain at one cell
            lost_d, gained_d = at_d[q], at_d[p]
            plus_two, minus_two = gained_c & gained_d, lost_c & lost_d
            plus_one = (gained_c ^ gained_d) & ~(lost_c | lost_d)
            minus_one = (lost_c ^ lost_d) & ~(gained_c | gained_d)
            total += ((plus_one | plus_two) & below).bit_count() + (plus_two & two_below).bit_count() \
                - ((minus_one | minus_two) & limit).bit_count() - (minus_two & above).bit_count()
        return total


def closest_pairs(codes: Sequence[Sequence[int]], shape: KeyShape) -> tuple[tuple[int, int], tuple[int, int]]:
    """(smallest distance, pairs at it) for ``distance`` and for ``swapped_distance``;
    (-1, 0) for fewer than two keys, and for ``swapped_distance`` on a key of more teams."""
    if len(codes) < 2:
        return (-1, 0), (-1, 0)
    index = MatchIndex(shape, codes)
    best = [(-1, 0), (-1, 0)]  # per kind: most matching cells, and twice the pairs with them
    for x, key in enumerate(codes):
        for kind, (top, partners) in enumerate(index.closest(key, x)):
            if top > best[kind][0]:
                best[kind] = (top, partners)
            elif top == best[kind][0]:
                best[kind] = (top, best[kind][1] + partners)
    (plain, plain_pairs), (swapped, swapped_pairs) = best
    return (shape.cells - plain, plain_pairs // 2), \
        (shape.cells - swapped, swapped_pairs // 2) if swapped >= 0 else (-1, 0)
