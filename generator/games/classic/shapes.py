"""The dealer's shape for a key of any table of the classic game (``model.teams``): its counts,
the ways a key of words lies over its grid (``distance.grid_symmetries``), and floors that are
estimated rather than measured, which the dealer lowers where its search falls short
(``KeyShape.estimated``). The boxed table keeps the classic shape and its measured floors.

Pure: no I/O.
"""

from __future__ import annotations

import math

from ...model.teams import MOST_CARDS, Table
from .distance import KeyShape, grid_symmetries

# The estimate of a deck's floors: two keys dealt at random match in about q of their cells,
# q being the chance that two cells hold the same letter; over many pairs and views the
# closest lie some standard deviations below the mean, more the more keys there are. The search
# reaches Z_AT_40 deviations below at 40 keys on the three tables of the fan rule (6 x 6: 22
# cells, 7 x 7: 34, 4 x 4: 6; measured in docs/games.md), and about Z_PER_DOUBLING more each
# time the deck doubles, as the classic table's measured floors fall.
Z_AT_40, Z_PER_DOUBLING = 2.0, 0.32


def estimated_targets(at: Table, keys: int) -> tuple[int, int]:
    """(plain, teams exchanged) floors for a deck of ``keys`` keys at the table."""
    cells = at.cells
    share = (at.starting + at.other * (at.teams - 1)) / at.teams  # a team's cells, on average
    counts = [share] * at.teams + [at.bystanders, at.assassins]
    same = sum((n / cells) ** 2 for n in counts)
    mean, deviation = cells * (1 - same), math.sqrt(cells * same * (1 - same))
    z = Z_AT_40 + Z_PER_DOUBLING * math.log2(max(keys, 40) / 40)
    plain = max(0, math.floor(mean - z * deviation))
    return plain, max(0, plain - 1)


def key_shape(at: Table) -> KeyShape:
    """The dealer's shape for a key of the table: its counts, its grid's symmetries, and
    floors estimated for decks up to MOST_CARDS cards (lowered where the search falls short)."""
    sizes = [40 * 2 ** step for step in range(6)] + [2 * MOST_CARDS]  # up to 1,280 keys, then the most
    targets = tuple((keys, *estimated_targets(at, keys)) for keys in sizes)
    return KeyShape(rows=at.rows, columns=at.columns, starting=at.starting, other=at.other,
                    bystanders=at.bystanders, assassins=at.assassins,
                    symmetries=grid_symmetries(at.rows, at.columns), targets=targets, teams=at.teams,
                    estimated=True)
