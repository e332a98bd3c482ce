"""The codenames on the table for a run of games: drawn from the shuffled list without a repeat
until it runs out, then from the list shuffled again, as the online clones deal them. A table
never holds a codename twice, even where the list runs out in the middle of one."""

from __future__ import annotations

from random import Random
from typing import Sequence

from .rng import shuffled


def deal_tables(names: Sequence[str], games: int, cells: int, rng: Random) -> list[tuple[str, ...]]:
    """``games`` tables of ``cells`` codenames each, from ``names`` (distinct, at least
    ``cells`` of them)."""
    if len(set(names)) != len(names) or len(names) < cells:
        raise ValueError(f"a table of {cells} needs as many distinct codenames, not {len(names)}")
    pool = shuffled(names, rng)
    tables = []
    for _ in range(games):
        table = pool[:cells]
        pool = pool[cells:]
        if len(table) < cells:  # the list ran out: shuffle it whole again, and fill the table from it
            on_table = set(table)
            fresh = shuffled(names, rng)
            taken = [name for name in fresh if name not in on_table][:cells - len(table)]
            chosen = set(taken)
            table += taken
            pool = [name for name in fresh if name not in chosen]
        tables.append(tuple(table))
    return tables


def games_without_repeats(names: int, cells: int) -> int:
    """How many tables a list of ``names`` codenames gives before one comes back."""
    return names // cells


def board_tables(names: Sequence[str], games: int, rng: Random) -> list[tuple[str, ...]]:
    """A chosen board laid out ``games`` times: as ``names`` lists it, then shuffled anew for
    each further game (the same words, another layout, for another group)."""
    return [tuple(names), *(tuple(shuffled(names, rng)) for _ in range(games - 1))]
