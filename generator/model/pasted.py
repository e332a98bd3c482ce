"""A word list as people paste it: read the forms a list takes when it comes from a document, an
e-mail or a web page, and say what was taken off, so that "1. apple", "- cherry", `"quoted"`
and "apple, banana, cherry" print as the words they hold.

Pure: a line in, its entries out, with what was done to read them. A line may be numbered
("1. ", "12) ") or bulleted ("- ", "* ", "• "); it may hold several entries separated by commas
or semicolons; an entry may stand in quotes, which keep a comma inside it ("HELLO, WORLD").
"""

from __future__ import annotations

import re
from collections import Counter

import msgspec

PASTED_LONGEST = 20_000  # characters: a line of a few hundred entries at commas; longer is no pasted list
NUMBERED = re.compile(r"^\s*\(?\d{1,4}[.):]\s+")
BULLETED = re.compile(r"^\s*[-*•‣◦▪–—·+]\s+")
SEPARATORS = ",;"
# The quotes an entry may stand in, opening to closing: typewriter, English, French, German.
QUOTES = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»", "„": "“", "‚": "‘", "»": "«"}


class PastedLine(msgspec.Struct, frozen=True):
    entries: tuple[str, ...]
    numbered: bool = False
    bulleted: bool = False
    separated: bool = False  # more than one entry, at commas or semicolons
    quoted: int = 0  # entries taken out of their quotes


def read_pasted(line: str) -> PastedLine:
    """The entries of one line of a list, its marks taken off."""
    numbered = NUMBERED.match(line)
    bulleted = None if numbered else BULLETED.match(line)
    marked = numbered or bulleted
    rest = line[marked.end():] if marked else line
    pieces = [piece.strip() for piece in _split(rest)]
    if sum(1 for piece in pieces if _unquoted(piece).strip()) < 2:  # one entry ("&AMP;", "DONE."): as written
        pieces = [rest.strip()]
    entries, quoted = [], 0
    for piece in pieces:
        unquoted = _unquoted(piece)
        quoted += unquoted != piece
        if unquoted.strip():
            entries.append(unquoted.strip())
    return PastedLine(tuple(entries), bool(numbered), bool(bulleted), len(entries) > 1, quoted)


def pasted_note(source: str, lines: list[PastedLine]) -> str | None:
    """What reading the list as pasted took off, in one line; None where nothing was."""
    counts: Counter[str] = Counter()
    for line in lines:
        counts["separated"] += line.separated
        counts["numbered"] += line.numbered
        counts["bulleted"] += line.bulleted
        counts["quoted"] += line.quoted
    done = [f"{_lines(counts['separated'])} split at commas or semicolons" if counts["separated"] else "",
            f"numbers taken off {_lines(counts['numbered'])}" if counts["numbered"] else "",
            f"bullets taken off {_lines(counts['bulleted'])}" if counts["bulleted"] else "",
            f"quotes taken off {counts['quoted']:,} entr{'y' if counts['quoted'] == 1 else 'ies'}"
            if counts["quoted"] else ""]
    said = [part for part in done if part]
    if not said:
        return None
    return (f"{source} was read as a pasted list: {', '.join(said)}; check the cards, or write one entry a line "
            "(in quotes to keep a comma in it)")


def _lines(count: int) -> str:
    return f"{count:,} line{'s' if count != 1 else ''}"


def _split(text: str) -> list[str]:
    """``text`` cut at each comma or semicolon outside quotes."""
    pieces: list[str] = []
    current: list[str] = []
    closing = None
    for at, char in enumerate(text):
        if closing is not None:
            current.append(char)
            if char == closing:
                closing = None
        elif char in QUOTES and not "".join(current).strip() and QUOTES[char] in text[at + 1:]:
            closing = QUOTES[char]  # an opening quote, closed further on: what it holds is one entry
            current.append(char)
        elif char in SEPARATORS:
            pieces.append("".join(current))
            current = []
        else:
            current.append(char)
    pieces.append("".join(current))
    return pieces


def _unquoted(piece: str) -> str:
    """An entry without the pair of quotes it stands in, if it does."""
    if len(piece) >= 2 and piece[0] in QUOTES and piece[-1] == QUOTES[piece[0]]:
        return piece[1:-1]
    return piece
