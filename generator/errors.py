"""The errors cngen raises for bad input, how every message shows a value and a near miss,
and the one rule of which characters a user's text may hold, whatever its source.

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


# Zero-width non-joiner and joiner: drawn as nothing (a font needs no glyph for them), but
# they decide how Arabic letters join (and spell Persian words) and build emoji, so a text may
# hold them.
JOINERS = "\u200c\u200d"


def hidden(char: str) -> bool:
    """Whether ``char`` does something besides show itself: a control character (ESC starts a
    terminal's commands), a line or paragraph separator, an invisible formatting character (a
    right-to-left override turns the text around it), a byte of a file name that is not UTF-8,
    a private-use or an unassigned character."""
    category = unicodedata.category(char)
    return category in ("Zl", "Zp") or category[0] == "C" and char not in JOINERS


def text_problem(text: str) -> str | None:
    """The one rule for every text a user gives (a word, a title, a tile's name, a web address):
    the first character that ``hidden`` finds, as messages name it, or None. Each caller says
    what to do, as its source allows: a word list's line, an option, a file's key. A picture's
    file name, which cannot be refused without refusing its folder, is shown ``escaped``."""
    char = next((char for char in text if hidden(char)), None)
    if char is None:
        return None
    category, code = unicodedata.category(char), f"U+{ord(char):04X}"
    if category == "Cc":
        return f"the control character {code}"
    if category in ("Zl", "Zp"):
        return f"the line break {describe_character(char)}"
    if category == "Cf":
        return f"the invisible character {describe_character(char)}"
    if category == "Cs":
        return f"a byte that is not UTF-8 text ({escaped(char)})"
    return f"the {'private-use' if category == 'Co' else 'unassigned'} character {code}"


def escaped(text: str, escape: Callable[[str], str] | None = None, keep: str = "") -> str:
    """``text`` with each character the rule refuses written as its escape (``\\x1b``,
    ``\\n``, ``\\u202e``), so that it shows and does nothing: for a text that cannot be
    refused, such as a picture's file name. ``escape`` writes one character another way (JSON's);
    the characters of ``keep`` stay as they are."""
    def acts(char: str) -> bool:
        return hidden(char) and char not in keep

    if not any(map(acts, text)):
        return text
    escape = escape or _python_escape
    return "".join(escape(char) if acts(char) else char for char in text)


def for_terminal(text: str) -> str:
    """A message or summary as the terminal should get it: names a user gave (a word list, a
    folder, an output) may hold characters that would act there (ESC starts a terminal's
    commands, U+202E turns a line round), so each is written as its escape; line breaks and
    tabs stay, being the message's own."""
    return escaped(text, keep="\n\t")


def _python_escape(char: str) -> str:
    if "\udc80" <= char <= "\udcff":  # a byte of a file name that is not UTF-8, as Python keeps it
        return f"\\x{ord(char) - 0xDC00:02x}"
    return char.encode("unicode_escape").decode("ascii")


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
