"""Seeded randomness that gives the same results on every platform and Python version.

Only ``random.Random(seed).random()`` is relied on: its Mersenne Twister stream is fixed by
the language, while helpers such as ``shuffle`` and ``randrange`` have changed between
versions. Everything random in cngen goes through these functions with an explicit seed.
"""

from __future__ import annotations

import random
from typing import Sequence, TypeVar

T = TypeVar("T")


def make_rng(seed: int) -> random.Random:
    """A private generator for one job; never the module-level global one."""
    return random.Random(seed)


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in [0, n) drawn from ``rng.random()`` alone."""
    if n <= 0:
        raise ValueError("n must be positive")
    return min(int(rng.random() * n), n - 1)


def shuffled(items: Sequence[T], rng: random.Random) -> list[T]:
    """A Fisher-Yates shuffle of a copy of ``items``, stable across Python versions."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        j = below(rng, i + 1)
        result[i], result[j] = result[j], result[i]
    return result
