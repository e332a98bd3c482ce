"""Codenames Duet key cards: a pure, seeded, deterministic dealer.

A Duet key card has two sides, A and B, each a 5 x 5 grid seen by one of the two players: 9
agents (``G``), 3 assassins (``A``) and 13 bystanders (``N``). Grids are row-major, row 0 the
top row as that side's player reads it. The players sit facing each other, so the word at
(r, c) for A is at (4 - r, 4 - c) for B; ``word_roles`` pairs the two sides word by word, in
A's view of the table. Over the 25 words the pairs follow one fixed table (``PAIRS``): 3 words
are agents for both players, and so on.

Which way a card stands does not change the game it gives, so two cards count as alike when
they match after a card is

* turned by 180 degrees in the stand (each player sees their own side turned),
* put in with its sides swapped (A reads what B read), or
* both.

``distance`` is the fewest words, over those four views, whose pair of roles differs.

``deal_duet`` returns a deck of K cards that is

* balanced: in every cell, across the deck, each of the nine pairs of roles appears
  floor or ceil of its expected count (K x its share of 25), and so does each side's agent
  count and assassin count; so the shared assassin, the agent/assassin words and every
  other pair spread over the grid;
* fresh: every two cards are at least ``required_distance(K)`` apart.

How: the first cards are rows of a Latin square of the table's 25 pairs (a fresh one for every
25 cards), so a full block of 25 puts each pair in each cell exactly as often as the table
has it; a seeded local search then swaps two words inside a card until every cell's counts
sit in their bands. A second search moves close cards apart with moves that keep the bands:
a swap inside one card where the bands have room, else the same swap in a partner card that
holds the two pairs the other way round, which leaves every cell's counts unchanged.

The distances kept by deck size, with the time ``deal_duet`` took on 2 cores, are in
``DISTANCE_TARGETS``'s comment.

Everything random goes through ``model.rng``, so a seed gives the same deck everywhere.
"""

from __future__ import annotations

from random import Random
from typing import Sequence

import msgspec

from ...model.rng import below, make_rng, shuffled
from ...model.roles import AGENT, ASSASSIN, BYSTANDER
from . import DEFAULT_DUET_CARDS, MAX_DUET_CARDS  # noqa: F401 - the dealer's limits, declared with the game

ROLES = (AGENT, ASSASSIN, BYSTANDER)
SIDES = ("A", "B")
SIDE = 5
CELL_COUNT = SIDE * SIDE
SIDE_COUNTS = {AGENT: 9, ASSASSIN: 3, BYSTANDER: 13}  # on each side

# (A's role, B's role, words): the fixed table of a Duet key card, word by word.
PAIRS: tuple[tuple[str, str, int], ...] = (
    (AGENT, AGENT, 3), (AGENT, BYSTANDER, 5), (BYSTANDER, AGENT, 5),
    (ASSASSIN, ASSASSIN, 1), (ASSASSIN, AGENT, 1), (AGENT, ASSASSIN, 1),
    (ASSASSIN, BYSTANDER, 1), (BYSTANDER, ASSASSIN, 1), (BYSTANDER, BYSTANDER, 7),
)
PAIR_CODES = {(a, b): code for code, (a, b, _) in enumerate(PAIRS)}
PAIR_COUNT = len(PAIRS)
# The code of each pair seen from the other side: (A, B) -> (B, A).
SWAPPED = tuple(PAIR_CODES[(b, a)] for a, b, _ in PAIRS)
AGENTS_IN_ALL = sum(words for a, b, words in PAIRS if AGENT in (a, b))  # 15 agents to find
VIEWS = ("as dealt", "turned", "sides swapped", "turned, sides swapped")


class DuetDealError(RuntimeError):
    """The search did not balance a deck within its budget (a bug, never bad input)."""


class DuetCard(msgspec.Struct, frozen=True):
    """A Duet key card, numbered from 1: each side's grid as its player sees it."""

    number: int
    a: tuple[str, ...]
    b: tuple[str, ...]

    def __post_init__(self) -> None:
        for side, cells in zip(SIDES, (self.a, self.b)):
            if len(cells) != CELL_COUNT:
                raise ValueError(f"side {side} has {CELL_COUNT} cells, not {len(cells)}")
            for role, number in SIDE_COUNTS.items():
                if cells.count(role) != number:
                    raise ValueError(f"side {side} needs {number} x {role}")
        found = [0] * PAIR_COUNT
        for pair in word_roles(self.a, self.b):
            found[PAIR_CODES[pair]] += 1
        if found != [words for _, _, words in PAIRS]:
            raise ValueError("the two sides do not share their words as a Duet key card must")

    def grid(self, side: str) -> tuple[str, ...]:
        return self.a if side == "A" else self.b

    def rows(self, side: str) -> list[str]:
        """A side's grid as 5 strings of 5 letters, top row first (e.g. ``"GNNAG"``)."""
        cells = self.grid(side)
        return ["".join(cells[r * SIDE:(r + 1) * SIDE]) for r in range(SIDE)]


def word_roles(a: Sequence[str], b: Sequence[str]) -> list[tuple[str, str]]:
    """(A's role, B's role) of each word, row-major in A's view of the table: A's cell i is
    B's cell 24 - i."""
    return [(a[i], b[CELL_COUNT - 1 - i]) for i in range(CELL_COUNT)]


def card_from_codes(number: int, codes: Sequence[int]) -> DuetCard:
    a = tuple(PAIRS[code][0] for code in codes)
    b = tuple(PAIRS[code][1] for code in reversed(codes))
    return DuetCard(number, a, b)


def codes_of(card: DuetCard) -> list[int]:
    return [PAIR_CODES[pair] for pair in word_roles(card.a, card.b)]


def views_of(codes: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The card's pair codes in A's frame as dealt, turned by 180 degrees, put in with its
    sides swapped, and both (see the module's docstring), in the order of ``VIEWS``."""
    turned = tuple(reversed(codes))
    return (tuple(codes), turned, tuple(SWAPPED[code] for code in turned), tuple(SWAPPED[code] for code in codes))


def distance(x: DuetCard, y: DuetCard) -> int:
    """Fewest words whose pair of roles differs between ``x`` and ``y`` standing any way."""
    mine = codes_of(x)
    return min(sum(p != q for p, q in zip(mine, view)) for view in views_of(codes_of(y)))


# (most cards, distance every two cards keep): the first row whose size is at least the deck's
# applies. Measured on 2 cores over 4 to 8 seeds, median and worst time of deal_duet at the
# row's largest deck, and the step up that was tried and left out:
#
#   cards up to  apart  time               the step up
#   -----------  -----  -----------------  ----------------------------------------
#        12        19   0.05 s / 0.08 s    19 at 20 cards: not reached (2.3 s budget)
#        24        18   0.07 s / 0.14 s    18 at 30 cards: 0.8 s / 1.0 s; at 40: not reached
#        60        17   0.44 s / 0.49 s
#       120        16   0.50 s / 0.59 s    16 at 150 cards: 1.2 s
#       250        15   0.78 s / 0.81 s    15 at 300 cards: 1.4 s / 1.6 s
#                       (every deck of 1 to 300 cards, 2 seeds each: at worst 1.17 s, at 218)
#       500        14   1.6 s / 2.1 s
#      1000        13   3.4 s / 3.8 s      14 at 1000 cards: 13 s
#
# Two cards dealt at random share 4.5 words in one view on average (113 / 25) and are 18.6 apart over the
# four views; but the closest two of 20 random cards are 14 apart at the median, 10 at worst
# (50 decks).
DISTANCE_TARGETS = ((12, 19), (24, 18), (60, 17), (120, 16), (250, 15), (500, 14), (MAX_DUET_CARDS, 13))


def required_distance(count: int) -> int:
    """The ``distance`` every two cards of a deck of ``count`` keep."""
    for most, target in DISTANCE_TARGETS:
        if count <= most:
            return target
    return DISTANCE_TARGETS[-1][1]


# --- per-cell balance --------------------------------------------------------------------

# Quantities counted per cell, in A's frame: the nine pairs, then each side's agents and
# assassins (B's cell 24 - i is A's cell i, so a band over A's cells is one over B's too).
_SIDE_QUANTITIES = (
    (0, AGENT), (0, ASSASSIN), (1, AGENT), (1, ASSASSIN),
)
QUANTITY_NAMES = tuple(f"{a}/{b}" for a, b, _ in PAIRS) + ("A agents", "A assassins", "B agents", "B assassins")
_QUANTITY_COUNT = len(QUANTITY_NAMES)
# The quantities each pair code adds to.
_CONTRIBUTES = tuple(
    (code,) + tuple(PAIR_COUNT + q for q, (side, role) in enumerate(_SIDE_QUANTITIES) if PAIRS[code][side] == role)
    for code in range(PAIR_COUNT)
)
_PER_CARD = tuple(words for _, _, words in PAIRS) + (9, 3, 9, 3)  # each quantity's count on one card


def _bands(count: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Lowest and highest allowed per-cell count of each quantity: floor and ceil of K x its
    share of the 25 cells."""
    low = tuple(count * n // CELL_COUNT for n in _PER_CARD)
    high = tuple(-(-count * n // CELL_COUNT) for n in _PER_CARD)
    return low, high


def _count_quantities(decks: Sequence[Sequence[int]]) -> list[list[int]]:
    """[cell][quantity] counts over the cards."""
    counts = [[0] * _QUANTITY_COUNT for _ in range(CELL_COUNT)]
    for codes in decks:
        for cell, code in enumerate(codes):
            for quantity in _CONTRIBUTES[code]:
                counts[cell][quantity] += 1
    return counts


class DuetBalance(msgspec.Struct, frozen=True):
    """How balanced and how fresh a Duet deck is. Deviations are the largest, over cells, of
    |count - expected| (expected = cards x share of 25)."""

    cards: int
    agent_deviation: float  # either side's agents
    assassin_deviation: float  # either side's assassins
    pair_deviation: float  # any of the nine pairs of roles
    shared_assassin_min: int  # per cell: cards whose word there is an assassin for both
    shared_assassin_max: int
    min_distance: int | None  # None for a single card
    pairs_at_min_distance: int


def duet_balance(cards: Sequence[DuetCard]) -> DuetBalance:
    codes = [codes_of(card) for card in cards]
    counts = _count_quantities(codes)
    k = len(cards)

    def deviation(quantities: Sequence[int]) -> float:
        return max(abs(counts[cell][q] - k * _PER_CARD[q] / CELL_COUNT) for cell in range(CELL_COUNT)
                   for q in quantities)

    shared = PAIR_CODES[(ASSASSIN, ASSASSIN)]
    closest, at_closest = None, 0
    wholes = [_whole(c) for c in codes]
    all_views = [[_whole(view) for view in views_of(c)] for c in codes]
    for i in range(k):
        for j in range(i + 1, k):
            d = CELL_COUNT - max((wholes[i] & view).bit_count() for view in all_views[j])
            if closest is None or d < closest:
                closest, at_closest = d, 1
            elif d == closest:
                at_closest += 1
    return DuetBalance(
        cards=k,
        agent_deviation=deviation((PAIR_COUNT, PAIR_COUNT + 2)),
        assassin_deviation=deviation((PAIR_COUNT + 1, PAIR_COUNT + 3)),
        pair_deviation=deviation(range(PAIR_COUNT)),
        shared_assassin_min=min(counts[cell][shared] for cell in range(CELL_COUNT)),
        shared_assassin_max=max(counts[cell][shared] for cell in range(CELL_COUNT)),
        min_distance=closest, pairs_at_min_distance=at_closest)


# --- the dealer --------------------------------------------------------------------------

def _whole(codes: Sequence[int]) -> int:
    """A card as one int: bit code * 25 + cell is set where the cell holds that pair, so that
    the words two cards share are the set bits of their AND."""
    return sum(1 << (code * CELL_COUNT + cell) for cell, code in enumerate(codes))


BALANCE_MOVES = 200_000  # swaps the balancing search may try before it is called a bug
SPREAD_MOVES_PER_CARD = 400  # moves the spreading search may make, per card of the deck
CANDIDATES = 12  # swaps weighed per move
# A move: in a card, the cells c and d exchanged, with a partner card that exchanges them too (or None).
Move = tuple[int, int, int, "int | None"]
# A moved card's new codes: the card, its whole key and its views as bit sets, its row of overlaps.
Moved = tuple[int, int, list[int], list[int]]
UPHILL_BITS = 3  # each unit a move raises the overlap by makes it 2**3 times rarer


def deal_duet(count: int, seed: int) -> list[DuetCard]:
    """``count`` balanced, distinct Duet key cards, the same for the same seed."""
    if not 1 <= count <= MAX_DUET_CARDS:
        raise ValueError(f"a Duet deck has 1 to {MAX_DUET_CARDS} cards, not {count}")
    rng = make_rng(seed)
    deck = _Deck(_latin_rows(count, rng), rng)
    deck.balance()
    deck.spread(CELL_COUNT - required_distance(count))
    return [card_from_codes(number, codes) for number, codes in enumerate(deck.codes, start=1)]


def _latin_rows(count: int, rng: Random) -> list[list[int]]:
    """Cards dealt as rows of Latin squares of the table's 25 pairs: in each block of 25
    cards every pair sits in every cell exactly as often as the table has it."""
    slots = [code for code, (_, _, words) in enumerate(PAIRS) for _ in range(words)]
    cards: list[list[int]] = []
    while len(cards) < count:
        symbols, order = shuffled(slots, rng), shuffled(range(CELL_COUNT), rng)
        shifts = shuffled(range(CELL_COUNT), rng)
        for shift in shifts[: count - len(cards)]:
            cards.append([symbols[(order[cell] + shift) % CELL_COUNT] for cell in range(CELL_COUNT)])
    return cards


class _Deck:
    def __init__(self, codes: list[list[int]], rng: Random):
        self.codes, self.rng = codes, rng
        self.counts = _count_quantities(codes)
        self.low, self.high = _bands(len(codes))

    # -- balance --

    def _excess(self, cell: int, quantity: int, change: int) -> int:
        """How far the count would sit outside its band after ``change``."""
        n = self.counts[cell][quantity] + change
        return max(0, self.low[quantity] - n, n - self.high[quantity])

    def _swap_changes(self, codes: Sequence[int], c: int, d: int) -> dict[tuple[int, int], int]:
        """(cell, quantity) -> change when a card exchanges its pairs at cells c and d."""
        changes: dict[tuple[int, int], int] = {}
        for cell, leaving, arriving in ((c, codes[c], codes[d]), (d, codes[d], codes[c])):
            for quantity in _CONTRIBUTES[leaving]:
                changes[(cell, quantity)] = changes.get((cell, quantity), 0) - 1
            for quantity in _CONTRIBUTES[arriving]:
                changes[(cell, quantity)] = changes.get((cell, quantity), 0) + 1
        return changes

    def _penalty_change(self, changes: dict[tuple[int, int], int]) -> int:
        return sum(self._excess(cell, q, change) - self._excess(cell, q, 0)
                   for (cell, q), change in changes.items() if change)

    def _apply(self, card: int, c: int, d: int, changes: dict[tuple[int, int], int]) -> None:
        for (cell, quantity), change in changes.items():
            self.counts[cell][quantity] += change
        codes = self.codes[card]
        codes[c], codes[d] = codes[d], codes[c]

    def _penalty(self) -> int:
        return sum(self._excess(cell, q, 0) for cell in range(CELL_COUNT) for q in range(_QUANTITY_COUNT))

    def balance(self) -> None:
        """Swap words inside cards until every cell's counts sit in their bands."""
        penalty, rng, k = self._penalty(), self.rng, len(self.codes)
        for _ in range(BALANCE_MOVES):
            if penalty == 0:
                return
            card = below(rng, k)
            codes = self.codes[card]
            c, d = below(rng, CELL_COUNT), below(rng, CELL_COUNT)
            if codes[c] == codes[d]:
                continue
            changes = self._swap_changes(codes, c, d)
            change = self._penalty_change(changes)
            if change < 0 or (change == 0 and rng.random() < 0.5):
                self._apply(card, c, d, changes)
                penalty += change
        raise DuetDealError(f"could not balance {k} Duet cards")

    # -- spreading --

    def spread(self, most_shared: int) -> None:
        """Move cards apart until no two share more than ``most_shared`` words in any view,
        keeping every band."""
        k = len(self.codes)
        if k < 2:
            return
        rng = self.rng
        self.limit = most_shared
        self.wholes = [_whole(codes) for codes in self.codes]
        self.views = [[_whole(view) for view in views_of(codes)] for codes in self.codes]
        overlaps = [self._row(i, self.wholes[i], self.views[i]) for i in range(k)]
        total = sum(sum(row) for row in overlaps) // 2
        for _ in range(SPREAD_MOVES_PER_CARD * k):
            if total == 0:
                return
            close = [i for i in range(k) if any(overlaps[i])]
            card = close[below(rng, len(close))]
            best = None
            for _ in range(CANDIDATES):
                move = self._candidate(card)
                if move is None:
                    continue
                change, rows = self._weigh(move, overlaps)
                if best is None or change < best[0]:
                    best = (change, move, rows)
            if best is None:
                continue
            change, move, rows = best
            if change > 0 and rng.random() >= 2.0 ** (-UPHILL_BITS * change):
                continue
            if change == 0 and rng.random() < 0.5:
                continue
            self._make(move, rows, overlaps)
            total += change
        raise DuetDealError(f"could not keep {k} Duet cards {CELL_COUNT - most_shared} words apart")

    def _row(self, i: int, whole: int, views: Sequence[int], skip: int = -1) -> list[int]:
        """Card i's overlap with every card: over the four views, how many words it shares
        beyond the limit (0 with itself and with ``skip``)."""
        limit = self.limit
        row = []
        for j, other in enumerate(self.wholes):
            if j == i or j == skip:
                row.append(0)
                continue
            row.append(sum(max(0, (whole & view).bit_count() - limit) for view in self.views[j]))
        return row

    def _candidate(self, card: int) -> Move | None:
        """A swap of two different pairs in ``card`` that keeps the bands: alone if they have
        room, else with a partner card holding the two pairs the other way round."""
        rng, codes = self.rng, self.codes[card]
        c, d = below(rng, CELL_COUNT), below(rng, CELL_COUNT)
        p, q = codes[c], codes[d]
        if p == q:
            return None
        changes = self._swap_changes(codes, c, d)
        if all(self._excess(cell, quantity, change) == 0 for (cell, quantity), change in changes.items()):
            return card, c, d, None
        partners = [j for j, other in enumerate(self.codes) if other[c] == q and other[d] == p]
        if not partners:
            return None
        return card, c, d, partners[below(rng, len(partners))]

    def _moved(self, index: int, c: int, d: int) -> tuple[int, list[int]]:
        codes = list(self.codes[index])
        codes[c], codes[d] = codes[d], codes[c]
        return _whole(codes), [_whole(view) for view in views_of(codes)]

    def _weigh(self, move: Move, overlaps: list[list[int]]) -> tuple[int, tuple[Moved, ...]]:
        """How much the deck's overlap would change, and the moved cards' new rows."""
        card, c, d, partner = move
        whole, views = self._moved(card, c, d)
        if partner is None:
            row = self._row(card, whole, views)
            return sum(row) - sum(overlaps[card]), ((card, whole, views, row),)
        partner_whole, partner_views = self._moved(partner, c, d)
        row = self._row(card, whole, views, skip=partner)
        partner_row = self._row(partner, partner_whole, partner_views, skip=card)
        between = sum(max(0, (whole & view).bit_count() - self.limit) for view in partner_views)
        row[partner] = partner_row[card] = between
        old = sum(overlaps[card]) + sum(overlaps[partner]) - overlaps[card][partner]
        new = sum(row) + sum(partner_row) - between
        return new - old, ((card, whole, views, row), (partner, partner_whole, partner_views, partner_row))

    def _make(self, move: Move, rows: tuple[Moved, ...], overlaps: list[list[int]]) -> None:
        card, c, d, partner = move
        for index in (card, partner):
            if index is not None:
                self._apply(index, c, d, self._swap_changes(self.codes[index], c, d))
        for i, whole, views, row in rows:
            self.wholes[i], self.views[i] = whole, views
            for j, value in enumerate(row):
                overlaps[i][j] = overlaps[j][i] = value
