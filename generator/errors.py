"""The errors cngen raises for bad input, and how every message shows a value and a near miss.

The CLI turns the errors into messages and exit codes.
"""

from __future__ import annotations

import unicodedata
from typing import Callable, Sequence, TypeVar

T = TypeVar("T")


class CngenError(Exception):
    """Bad input from the user: a word list, a font, a size. Exit code 1."""


class UsageError(CngenError):
    """An option value that cannot work (a card larger than the sheet...). Exit code 2."""


def quoted(text: str, longest: int = 40) -> str:
    """A value as messages quote it: control characters escaped, and a long one cut short
    with its length, so that 5,000 digits do not fill the terminal."""
    shown = "".join(char if char.isprintable() else char.encode("unicode_escape").decode("ascii")
                    for char in text[:longest])
    return f"'{shown}'" if len(text) <= longest else f"'{shown}...' ({len(text):,} characters)"


def describe_character(char: str) -> str:
    """'Д' -> "'Д' (U+0414 CYRILLIC CAPITAL LETTER DE)"; an invisible one by its code and name only."""
    name = unicodedata.name(char, "unnamed character")
    shown = char if char.isprintable() and not char.isspace() else ""
    return f"'{shown}' (U+{ord(char):04X} {name})" if shown else f"U+{ord(char):04X} {name}"


def first_few(items: Sequence[T], most: int, show: Callable[[T], str] = str) -> str:
    """'a, b, c and 12 more': the first ``most`` of ``items`` as ``show`` writes them (only those
    are written), and how many are left unnamed, so that a long list does not fill the terminal."""
    shown = ", ".join(show(item) for item in items[:most])
    return f"{shown} and {len(items) - most:,} more" if len(items) > most else shown


def closest(name: str, valid: Sequence[str]) -> str | None:
    """The one of ``valid`` that ``name`` most likely misspells, if any is close."""
    import difflib  # only a mistake needs it

    close = difflib.get_close_matches(name, list(valid), n=1)
    return close[0] if close else None


def suggest(name: str, valid: Sequence[str], otherwise: str = "use one of") -> str:
    """'did you mean ...?' for a near miss, else the whole list after ``otherwise``."""
    near = closest(name, valid)
    return f"did you mean '{near}'?" if near else f"{otherwise} {', '.join(valid)}"
