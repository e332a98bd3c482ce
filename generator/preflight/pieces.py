"""Cutting a long content stream into pieces that parse one at a time, so that the parsed
instructions of a huge stream never sit in memory all at once (they take up to 150 times
the bytes they come from).

A piece ends just after an operator, outside strings, comments, hex strings and inline
images: there the parser holds nothing over, so each piece parses exactly as it would
inside the whole stream. Inline image data is taken to end at the first EI between white
space and a separator; qpdf looks further when what follows such an EI is not content, so
in the rare image whose data holds one the two could differ.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import CngenError

PIECE_BYTES = 256 * 2**10  # parsed at once: at most ~40 MB of instructions, however dense
LOOK_BACK = 4096  # how far back from a piece's end an operator is first looked for
IMAGE_END = -1  # marks the end of an inline image among the places a piece may end

_WHITE = rb"\x00\t\n\x0c\r "
_SEPARATORS = _WHITE + rb"()<>\[\]{}/%"
SEPARATOR_BYTES = frozenset(b"\x00\t\n\x0c\r ()<>[]{}/%")
# Where the parser's state may change: a string, a comment, a hex string or a dictionary (<<),
# and an inline image (BI), whose data may hold any bytes. A character class alone keeps the
# search fast; a BI inside a longer token is told apart afterwards.
OPAQUE = re.compile(rb"[(%<]|BI")
# A keyword: a token that starts with a letter or a quote and follows neither a letter nor
# the slash of a name. Outside arrays and dictionaries every keyword but these three is an
# operator, and arrays and dictionaries hold no operators.
KEYWORD = re.compile(rb"(?<![^" + _SEPARATORS.replace(b"/", b"") + rb"])[A-Za-z'\"][^" + _SEPARATORS + rb"]*")
OPERANDS = frozenset({b"true", b"false", b"null"})
FLAT_STRING = re.compile(rb"\((?:[^()\\]|\\.)*\)", re.DOTALL)  # no parentheses inside: most strings
STRING_MARKS = re.compile(rb"[()\\]")
LINE_END = re.compile(rb"[\r\n]")
IMAGE_DATA = re.compile(rb"(?<![^" + _SEPARATORS + rb"])ID[" + _WHITE + rb"]")
IMAGE_DATA_END = re.compile(rb"[" + _WHITE + rb"]EI(?![^" + _SEPARATORS + rb"])")


def pieces(data: bytes, place: str, size: int = PIECE_BYTES) -> Iterator[bytes]:
    """``data`` in pieces of about ``size`` bytes that each end after an operator. A piece
    is longer only when one string or inline image is.

    Raises CngenError, naming ``place``, when one instruction has more than ``size`` bytes of
    plain operands: parsed, they could fill the memory.
    """
    start = 0
    while (cut := next_cut(data, start, size, place)) is not None:
        yield data[start:cut]
        start = cut
    yield data[start:]


def next_cut(data: bytes, start: int, size: int, place: str) -> int | None:
    """Where the piece that begins at ``start`` (where the parser holds nothing over) ends,
    or None when the rest of ``data`` is the last piece."""
    # Where the piece could end: runs of plain tokens, searched for an operator only once the
    # piece is full (the last run first), and the ends of inline images.
    places: list[tuple[int, int]] = []
    full_at = start + size
    position = start
    while position < full_at:
        if position >= len(data):
            return None
        opaque = OPAQUE.search(data, position, full_at)
        plain_end = opaque.start() if opaque else min(full_at, len(data))
        places.append((position, plain_end))
        if opaque is None:
            position = plain_end
            continue
        position = opaque_end(data, opaque.start())
        if opaque.group() == b"BI" and position > opaque.end():
            places.append((position, IMAGE_END))  # an inline image is an instruction of its own
    if position >= len(data):
        return None
    cut = last_place(data, places)
    return cut if cut is not None else first_cut_after(data, position, size, place)


def last_place(data: bytes, places: list[tuple[int, int]]) -> int | None:
    for start, end in reversed(places):
        if end == IMAGE_END:
            return start
        found = last_operator_end(data, start, end)
        if found is not None:
            return found
    return None


def first_cut_after(data: bytes, position: int, size: int, place: str) -> int | None:
    """The end of the first operator after ``position``, for an instruction longer than a piece:
    its strings and inline images may be as long as they are, its plain operands may not."""
    plain = 0
    while position < len(data):
        search_end = min(len(data), position + size - plain)
        opaque = OPAQUE.search(data, position, search_end)
        plain_end = opaque.start() if opaque else search_end
        for keyword in KEYWORD.finditer(data, position, plain_end):
            if is_operator(data, keyword):
                return keyword.end()
        plain += plain_end - position
        if opaque is None:
            if plain_end < len(data):
                raise CngenError(f"{place}: one instruction is too large to check (more than "
                                 f"{size // 2**10:,} KB of operands)")
            return None
        position = opaque_end(data, opaque.start())
        if opaque.group() == b"BI" and position > opaque.end():
            return position
    return None


def last_operator_end(data: bytes, start: int, end: int) -> int | None:
    """The end of the last operator between ``start`` and ``end``, in plain tokens, looked for
    near ``end`` first: there is almost always one there."""
    window_end = end
    while window_end > start:
        window_start = max(start, window_end - LOOK_BACK)
        ends = [keyword.end() for keyword in KEYWORD.finditer(data, window_start, window_end)
                if is_operator(data, keyword)]
        if ends:
            return ends[-1]
        window_end = window_start
    return None


def is_operator(data: bytes, keyword: re.Match) -> bool:
    """Whether a keyword found is an operator that really ends there (a search that stops
    early may cut a token short)."""
    return keyword.group() not in OPERANDS and token_ends(data, keyword.end())


def token_ends(data: bytes, position: int) -> bool:
    return position == len(data) or data[position] in SEPARATOR_BYTES


def opaque_end(data: bytes, start: int) -> int:
    """Where the string, comment, hex string or inline image at ``start`` ends (a dictionary's
    << is passed over: what it holds is plain tokens)."""
    mark = data[start:start + 2]
    if mark == b"<<" or (mark == b"BI" and not is_inline_image(data, start)):
        return start + 2  # /ABI is a name, not an inline image
    if mark[:1] == b"(":
        return string_end(data, start)
    if mark[:1] == b"%":
        line_end = LINE_END.search(data, start)
        return line_end.start() if line_end else len(data)
    if mark[:1] == b"<":
        close = data.find(b">", start)
        return close + 1 if close >= 0 else len(data)
    return inline_image_end(data, start)


def string_end(data: bytes, start: int) -> int:
    """The end of the literal string that opens at ``start``: parentheses nest, and a
    backslash escapes the character after it."""
    flat = FLAT_STRING.match(data, start)
    if flat:
        return flat.end()
    depth = 0
    position = start
    while True:
        mark = STRING_MARKS.search(data, position)
        if mark is None:
            return len(data)
        position = mark.end()
        if mark.group() == b"\\":
            position += 1
        elif mark.group() == b"(":
            depth += 1
        else:
            depth -= 1
            if depth == 0:
                return position


def is_inline_image(data: bytes, start: int) -> bool:
    """Whether the BI at ``start`` is the operator, not part of a longer token."""
    return (start == 0 or data[start - 1] in SEPARATOR_BYTES) and token_ends(data, start + 2)


def inline_image_end(data: bytes, start: int) -> int:
    """The end of the inline image whose BI is at ``start``: its dictionary, ID, its data, EI."""
    image_data = IMAGE_DATA.search(data, start)
    if image_data is None:
        return len(data)
    end = IMAGE_DATA_END.search(data, image_data.end())
    return end.end() if end else len(data)
