"""Balanced key cards for Codenames Pictures: the classic dealer (``games/classic/deal.py``) on
the picture edition's key.

The key is 4 rows of 5 cells over the 5 x 4 grid of picture cards: 8 cells of the starting
team (7 agents and the double agent), 7 of the other, 4 bystanders and 1 assassin; cells are
row-major, row 0 the top row as printed. Every picture card marks its upper-left corner, so
the grid has one way up, and the key stands in its holder the grid's way: as printed, or
turned half round, which the spymasters pick as they like. A key and its half-turn are
therefore the same key in play, and the symmetries are these two alone. A quarter turn
would make a 4 x 5 key that cannot lie over a 5 x 4 grid, and a mirror image is never seen
(the key is printed on one face, never looked at from behind).

A deck of K keys is balanced and fresh as the classic deck is: every
key 8/7/4/1, red and blue starts equal (one of each on a double-sided card), per cell the
assassin floor or ceil of K/20 times and red, blue and bystander within 1 of what is
expected (starting and other team within 2), any two keys at least ``required_distance(K)``
cells apart as printed or turned half round, and at least ``required_swapped_distance(K)``
with red and blue exchanged in one of them: a red-start key that is a blue-start key with
the teams exchanged, turned or not, is too close.

Targets (plain / teams exchanged) by the number of keys, with the time ``deal_pictures`` took
(median and worst of as many seeds as the brackets say; 2 cores shared with other work while
measured, so the times are rough) and the step up that was tried and left out (timed without the budget's
fresh starts, so that a slow search shows as slow):

  keys up to  targets  time                            the step up
  ----------  -------  ------------------------------  -------------------------------------
      26      11 / 10  0.02 s, up to 0.04 s (40)       11 / 11: 7 s, 2 of 6 seeds not in 20 s;
                                                       12 / 10: not reached in 10 s
      40      10 / 10  0.02 s, up to 0.03 s (40)       11 / 10: 0.7 s, up to 4.2 s
      80      10 / 9   0.07 s, up to 0.15 s (60)       10 / 10: not reached in 30 s;
                                                       11 / 9: not reached in 10 s
     100      10 / 8   0.12 s, up to 0.19 s (30)       10 / 9: 1.1 s, up to 3.9 s
     200       9 / 8   0.08 s (20)                     9 / 9: 1.6 s, up to 3.2 s;
                                                       10 / 8: not reached in 15 s
     600       8 / 8   0.13 s at 400 keys (10),        9 / 8 at 400 keys: not reached in
                       1.0 s at 600, up to 1.4 s (20)  20 s; 9 / 7 at 400: 6.5 s
    2000       7 / 7   0.15 s at 1000 keys (3),        8 / 7: 2.4 s at 1000 keys, not
                       3.0 s at 2000 (5)               reached in 30 s at 2000
    6000       6 / 6   0.8 s at 4000 keys (2),         7 / 6: 25 s at 4000 keys
                       2.7 s at 6000 (3)
   10000       6 / 5   4.3 s (3)                       6 / 6: 28 s (8.8 s at 8000 keys);
                                                       7 / 5: not reached in 40 s

Where two targets cost about the same, the teams-exchanged guard is kept in full (10 / 10 at
40 keys rather than 11 / 9, which took 0.05 s); above 80 keys the plain floor is kept and the
teams-exchanged one steps down first, as in the classic table. For comparison, the closest
two of 80 keys dealt without the search are 6 cells apart at the median (40 seeds), 4 at
worst, both ways. A 5 x 4 key is 20 cells where the classic key is 25, so its floors are
lower for a deck of the same size (10 / 9 for 80 keys, against 12 / 11).

The search gets the classic budget, 60 moves a key and 120 more before a fresh start: the
picture rows need fewer (80 keys: a median of 5 a key, 98% of 40 seeds under 13; 600 keys at 8 / 8, the
dearest row: 24 to 28), and none of the seeds above started afresh.
"""

from __future__ import annotations

from ..classic import deal as classic_deal
from ..classic.deal import KeyCard, KeyShape, deal_deck
from ..classic.distance import half_turn
from . import MAX_PICTURE_KEY_CARDS

ROWS, COLUMNS = 4, 5
CELL_COUNT = ROWS * COLUMNS

# (most keys, plain target, swapped target): the first row whose size is at least the deck's
# applies. The module docstring gives the measurements behind each row.
DISTANCE_TARGETS = ((26, 11, 10), (40, 10, 10), (80, 10, 9), (100, 10, 8), (200, 9, 8), (600, 8, 8),
                    (2000, 7, 7), (6000, 6, 6), (2 * MAX_PICTURE_KEY_CARDS, 6, 5))

# The picture edition's key: 4 rows of 5, 8 / 7 / 4 / 1, the same key as printed or turned half round.
PICTURES_SHAPE = KeyShape(rows=ROWS, columns=COLUMNS, starting=8, other=7, bystanders=4, assassins=1,
                          symmetries=(tuple(range(CELL_COUNT)), half_turn(CELL_COUNT)), targets=DISTANCE_TARGETS)


def deal_pictures(count: int, seed: int, double_sided: bool = True) -> list[KeyCard]:
    """``count`` balanced picture key cards from ``seed`` (see the module docstring)."""
    return deal_deck(count, seed, double_sided, PICTURES_SHAPE)


def required_distance(keys: int) -> int:
    """The ``distance`` every pair of a deck of ``keys`` picture keys keeps."""
    return classic_deal.required_distance(keys, PICTURES_SHAPE)


def required_swapped_distance(keys: int) -> int:
    """The ``swapped_distance`` every pair of a deck of ``keys`` picture keys keeps."""
    return classic_deal.required_swapped_distance(keys, PICTURES_SHAPE)
