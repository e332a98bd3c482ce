"""Tests of generator.games.classic.deal: balanced, far-apart, reproducible key cards.

Decks are checked against a deliberately naive re-implementation of the metrics written
below (nested lists turned and flipped by hand, counts by plain loops), never against
``keys.balance_report``, ``keys.distance`` or ``keys.swapped_distance``, so a bug there
cannot hide a bad deck. Distances within a deck are counted as the bits two one-hot ints
share (``one_hot_pairwise``), which a test holds to the plain cell-by-cell count first.

Which keys a seed deals is never pinned here: a deal that has not reached its targets within
its budget starts afresh from the seed's next draws, so the dealer may change a seed's deck
for the better. A seed's deck is only compared with another deal of it.
"""

from __future__ import annotations

from fractions import Fraction

import builds
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.classic import deal as keys
from generator.games.classic.deal import (
    SYMMETRIES,
    Key,
    KeyCard,
    KeyDealError,
    apply_symmetry,
    balance_report,
    deal_deck,
)

# --- naive reference -----------------------------------------------------------------------


def as_grid(cells):
    return [list(cells[r * 5:(r + 1) * 5]) for r in range(5)]


def turned(grid):
    """A quarter turn clockwise: the left column, read bottom-up, becomes the top row."""
    return [[grid[4 - c][r] for c in range(5)] for r in range(5)]


def flipped(grid):
    return [list(reversed(row)) for row in grid]


def views(cells):
    """The 8 ways a key can be seen: 4 turns, each as is and mirrored."""
    result = []
    grid = as_grid(cells)
    for _ in range(4):
        result.append(grid)
        result.append(flipped(grid))
        grid = turned(grid)
    return result


def flat(grid):
    return [letter for row in grid for letter in row]


def exchanged(cells):
    """Red and blue exchanged."""
    return ["B" if x == "R" else "R" if x == "B" else x for x in cells]


def naive_distance(a_cells, b_cells):
    best = 25
    for view in views(b_cells):
        differing = 0
        for r in range(5):
            for c in range(5):
                if a_cells[r * 5 + c] != view[r][c]:
                    differing += 1
        best = min(best, differing)
    return best


def naive_swapped_distance(a_cells, b_cells):
    return naive_distance(a_cells, exchanged(b_cells))


def naive_pairwise(deck_keys):
    """All pairwise distances, plain and with red and blue exchanged in the second key,
    naively; each key's 16 views are listed once to save time."""
    all_views = [[flat(v) for v in views(k.cells)] for k in deck_keys]
    swapped_views = [[flat(v) for v in views(exchanged(k.cells))] for k in deck_keys]
    distances, swapped = [], []
    for i in range(len(deck_keys)):
        a = list(deck_keys[i].cells)
        for j in range(i):
            distances.append(min(sum(1 for x, y in zip(a, v) if x != y) for v in all_views[j]))
            swapped.append(min(sum(1 for x, y in zip(a, v) if x != y) for v in swapped_views[j]))
    return distances, swapped


def naive_counts(deck_keys):
    """Per cell: counts of R, B, N, A, starting-team and other-team letters."""
    counts = {name: [0] * 25 for name in ("R", "B", "N", "A", "start", "other")}
    for key in deck_keys:
        start_letter = "R" if key.starting == "red" else "B"
        for cell, letter in enumerate(key.cells):
            counts[letter][cell] += 1
            if letter == start_letter:
                counts["start"][cell] += 1
            elif letter in ("R", "B"):
                counts["other"][cell] += 1
    return counts


def naive_expectations(deck_keys):
    reds = sum(1 for k in deck_keys if k.starting == "red")
    blues = len(deck_keys) - reds
    size = len(deck_keys)
    return {"R": Fraction(9 * reds + 8 * blues, 25), "B": Fraction(8 * reds + 9 * blues, 25),
            "N": Fraction(7 * size, 25), "A": Fraction(size, 25),
            "start": Fraction(9 * size, 25), "other": Fraction(8 * size, 25)}


# The guarantees the README states, (most keys, plain, teams exchanged), as far as tests go.
REQUIRED = [(30, 13, 12), (40, 13, 11), (80, 12, 11), (100, 12, 10), (200, 11, 10), (400, 10, 10),
            (600, 10, 9), (2000, 9, 8)]


def naive_required(size):
    return next((plain, swapped) for most, plain, swapped in REQUIRED if size <= most)


def faces(deck):
    return [face for card in deck for face in card.faces]


def check_balanced(deck, count, double_sided, pairwise=None):
    """B1-B4 for a dealt deck, all measured naively."""
    assert [card.number for card in deck] == list(range(1, count + 1))
    assert all(isinstance(card, KeyCard) for card in deck)
    deck_keys = faces(deck)
    assert len(deck_keys) == (2 * count if double_sided else count)
    # B1: composition of each key
    for key in deck_keys:
        start, other = ("R", "B") if key.starting == "red" else ("B", "R")
        assert len(key.cells) == 25
        assert [key.cells.count(x) for x in (start, other, "N", "A")] == [9, 8, 7, 1]
    # B2: start split
    reds = sum(1 for k in deck_keys if k.starting == "red")
    assert abs(reds - (len(deck_keys) - reds)) <= 1
    if double_sided:
        for card in deck:
            assert len(card.faces) == 2
            assert sorted(f.starting for f in card.faces) == ["blue", "red"]
    else:
        assert all(len(card.faces) == 1 for card in deck)
    # B3: per-cell counts
    counts = naive_counts(deck_keys)
    expected = naive_expectations(deck_keys)
    size = len(deck_keys)
    for cell in range(25):
        assert size // 25 <= counts["A"][cell] <= -(-size // 25)
        for name in ("R", "B", "N"):
            assert abs(counts[name][cell] - expected[name]) <= 1, (name, cell)
        for name in ("start", "other"):
            assert abs(counts[name][cell] - expected[name]) <= 2, (name, cell)
    # B4: spread, plain and with the teams exchanged
    if size > 1:
        distances, swapped = (pairwise or one_hot_pairwise)(deck_keys)
        plain_floor, swapped_floor = naive_required(size)
        assert min(distances) >= plain_floor
        assert min(swapped) >= swapped_floor


# --- the dealt deck ------------------------------------------------------------------------

@settings(max_examples=15, deadline=None)
@given(count=st.integers(1, 30), double_sided=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_dealt_decks_are_balanced_and_reproducible(count, double_sided, seed):
    deck = deal_deck(count, seed, double_sided=double_sided)
    check_balanced(deck, count, double_sided)
    assert deal_deck(count, seed, double_sided=double_sided) == deck  # B5


# Around the sizes where the assassins' per-cell count steps (25 and 50 keys); 100, 200 and 400
# keys are rows of the targets below.
@pytest.mark.parametrize("count, double_sided", [(1, False), (2, False), (1, True), (25, False),
                                                 (50, False), (51, False), (25, True), (26, True)])
def test_edge_sizes_are_balanced(count, double_sided):
    check_balanced(deal_deck(count, 99, double_sided=double_sided), count, double_sided)


# The documented targets, each at the most keys its row names (and the row up to 2000 keys
# just past its start): 13, 20, 50, 100, 200 and 300 double-sided cards. 80 keys, the hardest
# size for its targets, is the default deck of tests/test_key_freshness.py.
@pytest.mark.parametrize("cards", [13, 20, 50, 100, 200, 300, 301])
def test_every_row_of_the_targets_is_kept_at_its_size(cards):
    deck = builds.classic_key_deck(cards, 2024)
    check_balanced(deck, cards, True)


def one_hot_pairwise(deck_keys):
    """An independent but quicker pairwise check for bigger decks: each view as a 100-bit
    one-hot int, equal cells counted with bit_count."""
    position = {"R": 0, "B": 1, "N": 2, "A": 3}

    def encode(cells):
        return sum(1 << (4 * i + position[x]) for i, x in enumerate(cells))

    plain = [encode(k.cells) for k in deck_keys]

    def to_earlier_keys(views_of) -> list[int]:
        """Each key's distance to every earlier key seen each of its ways (``views_of``), in
        the order (1, 0), (2, 0), (2, 1)...: 25 less the most cells any view shares with it.
        Counted one view at a time over all the earlier keys (``map``, no loop in Python per
        pair), as the 180,000 pairs of the largest deck (600 keys) need."""
        by_view = list(zip(*([encode(flat(v)) for v in views_of(k)] for k in deck_keys)))
        distances = []
        for index, key in enumerate(plain):
            shared = [map(int.bit_count, map(key.__and__, view[:index])) for view in by_view]
            distances.extend(25 - most for most in map(max, *shared))
        return distances

    return (to_earlier_keys(lambda k: views(k.cells)),
            to_earlier_keys(lambda k: views(exchanged(k.cells))))


def test_the_quick_pairwise_measure_is_the_naive_one():
    """``one_hot_pairwise``, which checks the decks, counts what the cell-by-cell loops count:
    on a dealt deck, and on keys that are views of one another, teams exchanged or not."""
    deck_keys = faces(deal_deck(8, 31))
    key = deck_keys[0]
    twins = [Key(key.starting, apply_symmetry(SYMMETRIES[3], key.cells)),
             Key("blue" if key.starting == "red" else "red", tuple(exchanged(apply_symmetry(SYMMETRIES[6], key.cells))))]
    for sample in (deck_keys, deck_keys[:5] + twins):
        assert one_hot_pairwise(sample) == naive_pairwise(sample)
    distances, swapped = one_hot_pairwise([key] + twins)
    assert distances[0] == 0 and swapped[1] == 0  # a turned copy; a turned copy with the teams exchanged


# --- the bounded search: a deal that runs out of moves starts afresh ------------------------

def counted_budget(monkeypatch, moves: int) -> list[int]:
    """Give every attempt ``moves`` moves, and list the sizes of the attempts made."""
    attempts: list[int] = []

    def budget(size: int) -> int:
        attempts.append(size)
        return moves

    monkeypatch.setattr(keys, "spread_budget", budget)
    return attempts


def test_a_deal_that_runs_out_of_moves_starts_afresh_and_is_still_balanced_fresh_and_the_same(monkeypatch):
    """With 10 moves an attempt, 5 cards (10 keys 13 and 12 apart) often need a fresh start:
    the first seed that does is dealt twice."""
    attempts = counted_budget(monkeypatch, 10)
    for seed in range(20):
        attempts.clear()
        deck = deal_deck(5, seed)
        if len(attempts) > 1:
            break
    assert len(attempts) > 1, "no seed started afresh"
    assert set(attempts) == {10}  # every attempt deals the deck's 10 keys
    check_balanced(deck, 5, True, naive_pairwise)
    restarts = len(attempts)
    assert deal_deck(5, seed) == deck and len(attempts) == 2 * restarts  # the same restarts, the same deck


def test_a_deal_done_within_its_budget_is_the_same_whatever_the_budget(monkeypatch):
    """A bigger budget changes no deal that a smaller one finished in its first attempt."""
    attempts = counted_budget(monkeypatch, 10)
    done = {}
    for seed in range(10):
        attempts.clear()
        deck = deal_deck(5, seed)
        if len(attempts) == 1:
            done[seed] = deck
    assert 0 < len(done) < 10  # some seeds finish within 10 moves, some start afresh
    counted_budget(monkeypatch, 10**6)
    assert {seed: deal_deck(5, seed) for seed in done} == done


def test_a_deal_that_never_gets_its_moves_gives_up_after_its_attempts(monkeypatch):
    attempts = counted_budget(monkeypatch, 0)
    with pytest.raises(KeyDealError, match="far enough apart"):
        deal_deck(5, 1)
    assert len(attempts) == keys.ATTEMPTS


def test_the_budget_grows_with_the_deck():
    """The default deck's 80 keys get the 3,000 moves that 98% of seeds need (deal.py)."""
    assert keys.spread_budget(80) >= 3000
    assert all(keys.spread_budget(k) < keys.spread_budget(k + 1) for k in range(1, 300))


def test_same_seed_same_deck_other_seed_other_deck():
    assert deal_deck(8, 5) == deal_deck(8, 5)
    assert deal_deck(8, 5, double_sided=False) == deal_deck(8, 5, double_sided=False)
    assert deal_deck(8, 5) != deal_deck(8, 6)
    assert deal_deck(8, 5, double_sided=False) != deal_deck(8, 6, double_sided=False)


def test_seed_picks_the_team_with_the_extra_start():
    extra = set()
    for seed in range(40):
        deck_keys = faces(deal_deck(3, seed, double_sided=False))
        reds = sum(1 for k in deck_keys if k.starting == "red")
        extra.add("red" if reds == 2 else "blue")
    assert extra == {"red", "blue"}


@pytest.mark.parametrize("count", [0, -1, 10001])
def test_bad_counts_are_refused(count):
    with pytest.raises(ValueError):
        deal_deck(count, 1)


def test_required_distances_step_down_as_decks_grow():
    steps = (1, 30, 31, 40, 41, 80, 81, 100, 101, 200, 201, 400, 401, 600, 601, 2000, 2001, 6000,
             6001, 20000)
    assert [keys.required_distance(k) for k in steps] == \
        [13, 13, 13, 13, 12, 12, 12, 12, 11, 11, 10, 10, 10, 10, 9, 9, 8, 8, 7, 7]
    assert [keys.required_swapped_distance(k) for k in steps] == \
        [12, 12, 11, 11, 11, 11, 10, 10, 10, 10, 10, 10, 9, 9, 8, 8, 7, 7, 5, 5]
    for required in (keys.required_distance, keys.required_swapped_distance):
        targets = [required(k) for k in range(1, 20001)]
        assert all(a >= b for a, b in zip(targets, targets[1:]))
    for k, (plain, swapped) in ((k, naive_required(k)) for k in (1, 30, 31, 40, 80, 100, 200, 400, 600, 2000)):
        assert (keys.required_distance(k), keys.required_swapped_distance(k)) == (plain, swapped)


# --- the metrics ---------------------------------------------------------------------------

letters_strategy = st.permutations(list("RRRRRRRRRBBBBBBBBNNNNNNNA"))


def key_from(letters, starting="red"):
    if starting == "blue":
        letters = ["B" if x == "R" else "R" if x == "B" else x for x in letters]
    return Key(starting, tuple(letters))


def compose(g, h):
    """The index map of applying h, then g: (g after h)[i] = h[g[i]]."""
    return tuple(h[i] for i in g)


def test_symmetries_form_the_group_of_the_square():
    group = set(SYMMETRIES)
    identity = tuple(range(25))
    assert len(SYMMETRIES) == 8 and len(group) == 8
    assert identity in group
    for g in SYMMETRIES:
        assert sorted(g) == list(range(25))
        assert any(compose(g, h) == identity for h in SYMMETRIES)  # inverses
        for h in SYMMETRIES:
            assert compose(g, h) in group  # closure


def test_symmetries_are_the_turns_and_mirrors():
    labels = [chr(ord("a") + i) for i in range(25)]
    naive = {tuple(flat(v)) for v in views(labels)}
    assert {apply_symmetry(g, labels) for g in SYMMETRIES} == naive


@settings(max_examples=60, deadline=None)
@given(letters_strategy, letters_strategy, st.sampled_from(["red", "blue"]),
       st.integers(0, 7), st.integers(0, 7))
def test_distance_properties(first, second, starting, i, j):
    a, b = key_from(first), key_from(second, starting)
    d = keys.distance(a, b)
    assert d == naive_distance(a.cells, b.cells)
    assert d == keys.distance(b, a)
    turned_a = Key(a.starting, apply_symmetry(SYMMETRIES[i], a.cells))
    turned_b = Key(b.starting, apply_symmetry(SYMMETRIES[j], b.cells))
    assert keys.distance(turned_a, turned_b) == d
    assert keys.distance(a, turned_a) == 0


@settings(max_examples=60, deadline=None)
@given(letters_strategy, letters_strategy, st.sampled_from(["red", "blue"]),
       st.integers(0, 7), st.integers(0, 7))
def test_swapped_distance_properties(first, second, starting, i, j):
    a, b = key_from(first), key_from(second, starting)
    d = keys.swapped_distance(a, b)
    assert d == naive_swapped_distance(a.cells, b.cells)
    assert d == keys.swapped_distance(b, a)
    turned_a = Key(a.starting, apply_symmetry(SYMMETRIES[i], a.cells))
    turned_b = Key(b.starting, apply_symmetry(SYMMETRIES[j], b.cells))
    assert keys.swapped_distance(turned_a, turned_b) == d
    twin = Key("blue" if a.starting == "red" else "red", tuple(exchanged(turned_a.cells)))
    assert keys.swapped_distance(a, twin) == 0  # the same layout with the teams exchanged
    assert keys.distance(a, twin) > 0


def test_distance_of_a_key_to_its_views_is_zero():
    key = faces(deal_deck(1, 3))[0]
    for view in views(key.cells):
        assert keys.distance(key, Key(key.starting, tuple(flat(view)))) == 0


@pytest.mark.parametrize("count, double_sided, seed", [(1, False, 0), (2, False, 1),
                                                       (7, True, 2), (60, False, 3),
                                                       (75, True, 4)])
def test_balance_report_agrees_with_naive_metrics(count, double_sided, seed):
    deck_keys = faces(deal_deck(count, seed, double_sided=double_sided))
    report = balance_report(deck_keys)
    counts, expected = naive_counts(deck_keys), naive_expectations(deck_keys)
    reds = sum(1 for k in deck_keys if k.starting == "red")
    assert report.starts == (reds, len(deck_keys) - reds)
    assert report.quantity_names == ("red", "blue", "bystander", "assassin", "starting team", "other team")
    fields = dict(zip(("R", "B", "N", "A", "start", "other"), report.deviations))
    for name, value in fields.items():
        assert value == pytest.approx(float(max(abs(n - expected[name]) for n in counts[name])))
    assert (report.assassin_min, report.assassin_max) == (min(counts["A"]), max(counts["A"]))
    distances, swapped = (naive_pairwise if len(deck_keys) <= 14 else one_hot_pairwise)(deck_keys)
    if distances:
        assert report.min_distance == min(distances)
        assert report.pairs_at_min_distance == distances.count(min(distances))
        assert report.min_swapped_distance == min(swapped)
        assert report.pairs_at_min_swapped_distance == swapped.count(min(swapped))
    else:
        assert report.min_distance is None and report.pairs_at_min_distance == 0
        assert report.min_swapped_distance is None and report.pairs_at_min_swapped_distance == 0


def test_balance_report_on_keys_that_are_views_of_each_other():
    key = faces(deal_deck(1, 8))[0]
    same = [key, Key(key.starting, apply_symmetry(SYMMETRIES[3], key.cells)), key]
    report = balance_report(same)
    assert report.min_distance == 0 and report.pairs_at_min_distance == 3
    assert report.min_swapped_distance == naive_swapped_distance(key.cells, key.cells) > 0
    assert report.pairs_at_min_swapped_distance == 3
    twin = Key("blue" if key.starting == "red" else "red",
               tuple(exchanged(apply_symmetry(SYMMETRIES[5], key.cells))))
    twins = balance_report([key, twin])
    assert (twins.min_swapped_distance, twins.pairs_at_min_swapped_distance) == (0, 1)


# --- the data types ------------------------------------------------------------------------

def test_key_rows_and_validation():
    key = key_from(list("RRRRRRRRRBBBBBBBBNNNNNNNA"))
    assert key.rows == ["RRRRR", "RRRRB", "BBBBB", "BBNNN", "NNNNA"]
    with pytest.raises(ValueError):
        Key("red", tuple("RRRRRRRRBBBBBBBBBNNNNNNNA"))  # 8 red, 9 blue: a blue-start key
    with pytest.raises(ValueError):
        Key("green", key.cells)
    with pytest.raises(ValueError):
        Key("red", key.cells[:24])
