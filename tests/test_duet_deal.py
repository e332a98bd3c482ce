"""Duet key decks, checked by an implementation of their own: the pair table, the balance per
cell and side, and how far apart the cards stay however they stand. Nothing here uses the
dealer's own counting or distance code."""

from __future__ import annotations

import json
import math
from collections import Counter
from operator import ne
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.games.duet.deal import DuetCard, deal_duet, required_distance

# The fixed table of a Duet key card, (A's role, B's role): words.
TABLE = {("G", "G"): 3, ("G", "N"): 5, ("N", "G"): 5, ("A", "A"): 1, ("A", "G"): 1, ("G", "A"): 1,
         ("A", "N"): 1, ("N", "A"): 1, ("N", "N"): 7}
SIDE_COUNTS = {"G": 9, "A": 3, "N": 13}


def grid(cells) -> list[str]:
    return ["".join(cells[row * 5:row * 5 + 5]) for row in range(5)]


def turned(rows: list[str]) -> list[str]:
    """A grid as its player sees it once the card stands the other way up."""
    return [row[::-1] for row in reversed(rows)]


def table_pairs(a: list[str], b: list[str]) -> dict[tuple[int, int], tuple[str, str]]:
    """Each word of the table, by its place as A sees it: (A's role, B's role). B sits
    opposite, so A's (r, c) is B's (4 - r, 4 - c)."""
    return {(r, c): (a[r][c], b[4 - r][4 - c]) for r in range(5) for c in range(5)}


def standings(a: list[str], b: list[str]) -> list[tuple[list[str], list[str]]]:
    """The four ways a card can stand: as dealt, turned round, its sides swapped, both."""
    return [(a, b), (turned(a), turned(b)), (b, a), (turned(b), turned(a))]


def far(x: tuple[list[str], list[str]], y: tuple[list[str], list[str]]) -> int:
    """Fewest words whose pair of roles differs, over the ways ``y`` can stand."""
    mine = table_pairs(*x)
    return min(sum(mine[place] != theirs[place] for place in mine)
               for theirs in (table_pairs(*view) for view in standings(*y)))


def closest_pairs(cards: list[tuple[list[str], list[str]]]) -> list[int]:
    """``far`` for every two cards of a deck, each card's four standings listed once: the pairs
    of roles of a standing as one tuple, in the order of the places."""
    places = [(r, c) for r in range(5) for c in range(5)]

    def flat(a: list[str], b: list[str]) -> tuple:
        pairs = table_pairs(a, b)
        return tuple(pairs[place] for place in places)

    mine = [flat(*card) for card in cards]
    views = [[flat(*view) for view in standings(*card)] for card in cards]
    return [min(sum(map(ne, mine[i], view)) for view in views[j])
            for i in range(len(cards)) for j in range(i + 1, len(cards))]


def check_card(a: list[str], b: list[str]) -> None:
    for rows in (a, b):
        assert Counter("".join(rows)) == SIDE_COUNTS
    assert Counter(table_pairs(a, b).values()) == TABLE


def check_balance(cards: list[tuple[list[str], list[str]]]) -> None:
    """Per cell, across the deck: every pair of roles, and each side's agents and assassins
    (in that side's own view), floor or ceil of its expected count."""
    k = len(cards)

    def within(counts: Counter, share: int, what: str) -> None:
        expected = k * share / 25
        for place in ((r, c) for r in range(5) for c in range(5)):
            assert math.floor(expected) <= counts[place] <= math.ceil(expected), (what, place, counts[place], expected)

    for pair, words in TABLE.items():
        within(Counter(place for a, b in cards for place, found in table_pairs(a, b).items() if found == pair),
               words, f"pair {pair}")
    for side in (0, 1):
        for role, share in (("G", 9), ("A", 3)):
            counts = Counter((r, c) for card in cards for r in range(5) for c in range(5) if card[side][r][c] == role)
            within(counts, share, f"side {'AB'[side]} {role}")


def rows_of(card: DuetCard) -> tuple[list[str], list[str]]:
    return card.rows("A"), card.rows("B")


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(1, 40), seed=st.integers(0, 2**32 - 1))
def test_every_deal_is_valid_balanced_and_fresh(count, seed):
    cards = [rows_of(card) for card in deal_duet(count, seed)]
    assert len(cards) == count
    for a, b in cards:
        check_card(a, b)
    check_balance(cards)
    closest = min(closest_pairs(cards), default=25)
    assert closest >= required_distance(count)


@pytest.mark.parametrize("count", [20, 40, 100])
def test_the_stated_distances_hold_for_the_usual_decks(count):
    cards = [rows_of(card) for card in deal_duet(count, 2026)]
    check_balance(cards)
    closest = min(closest_pairs(cards))
    assert closest >= {20: 18, 40: 17, 100: 16}[count]


def test_a_card_and_itself_turned_or_swapped_are_alike_and_the_measure_sees_it():
    """The test's own distance must call a card's other standings identical to it, and the
    pairs at A's (r, c) must be B's at (4 - r, 4 - c)."""
    (card,) = deal_duet(1, 5)
    a, b = rows_of(card)
    for view in standings(a, b):
        assert far((a, b), view) == 0
    other = rows_of(deal_duet(2, 5)[1])
    assert closest_pairs([(a, b), other, *standings(a, b)[1:2]]) == [far((a, b), other), 0, far(other, (a, b))]
    pairs = table_pairs(a, b)
    assert pairs[(0, 0)] == (a[0][0], b[4][4]) and pairs[(1, 3)] == (a[1][3], b[3][1])


def test_the_same_seed_deals_the_same_grids_and_another_seed_others():
    first = [rows_of(card) for card in deal_duet(12, 77)]
    again = [rows_of(card) for card in deal_duet(12, 77)]
    other = [rows_of(card) for card in deal_duet(12, 78)]
    assert first == again
    assert first != other


def test_a_broken_card_is_refused():
    card = deal_duet(1, 3)[0]
    a = list(card.a)
    swap_from, swap_to = a.index("G"), a.index("N")
    a[swap_from], a[swap_to] = a[swap_to], a[swap_from]  # side counts kept, the table broken
    with pytest.raises(ValueError, match="share their words"):
        DuetCard(1, tuple(a), card.b)


def test_keys_duet_writes_the_manifest_and_stats_the_tests_can_check(run, tmp_path: Path):
    result = run("keys", "--duet", "--count", "30", "--seed", "11", "--stats", "-o", "duet.pdf")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "duet.json").read_text(encoding="utf-8"))
    assert manifest["duet"] is True and manifest["seed"] == 11
    assert [card["card"] for card in manifest["cards"]] == list(range(1, 31))
    cards = []
    for card in manifest["cards"]:
        assert [side["side"] for side in card["sides"]] == ["A", "B"]
        a, b = (side["grid"] for side in card["sides"])
        check_card(a, b)
        cards.append((a, b))
    check_balance(cards)
    distances = closest_pairs(cards)
    closest = min(distances)
    assert f"closest two cards, turned, with sides swapped, or both: {closest} words " \
           f"({distances.count(closest)} pair" in result.stdout
    assert "30 Duet key cards" in result.stdout


@pytest.mark.parametrize("words, message", [
    (["--single-sided"], "--duet and --single-sided cannot be used together"),
    (["--count", "1001"], "--count 1001 is out of range with --duet"),
])
def test_options_without_meaning_for_duet_are_usage_errors_and_write_nothing(run, tmp_path, words, message):
    result = run("keys", "--duet", *words)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert not (tmp_path / "output").exists()


def test_a_duet_deck_is_twenty_cards_unless_told_otherwise(run, tmp_path):
    result = run("keys", "--duet", "--seed", "1")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "output" / "keys.json").read_text(encoding="utf-8"))
    assert len(manifest["cards"]) == 20
