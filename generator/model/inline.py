"""Inline markup in the rules text: <b> and <i>, read into runs of plain text.

The model keeps no markup: a string becomes spans, each plain text in one style, and
whoever typesets them builds its own markup from them, escaping every span. No other tag is
read, so a rules text can never ask a typesetter to fetch a file or a font.
"""

from __future__ import annotations

import re

import msgspec

TAGS = ("b", "i")
# Anything shaped like a tag: '<' or '</' right before a letter, up to the next '>'.
TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9_:.-]*)([^<>]*)>")


class Span(msgspec.Struct, frozen=True):
    """A run of plain text in one style."""

    text: str
    bold: bool = False
    italic: bool = False



class MarkupError(Exception):
    """Why a string's tags cannot be read: completes "FILE:LINE: where: ..."."""


def spans(text: str) -> tuple[Span, ...]:
    """The text's runs of plain text, each bold, italic or both as its <b> and <i> tags say.
    Any other tag, and tags that overlap or stay open, are refused."""
    runs: list[Span] = []
    opened: list[str] = []
    position = 0

    def add(piece: str) -> None:
        if not piece:
            return
        bold, italic = "b" in opened, "i" in opened
        if runs and (runs[-1].bold, runs[-1].italic) == (bold, italic):
            runs[-1] = Span(runs[-1].text + piece, bold, italic)
        else:
            runs.append(Span(piece, bold, italic))

    for match in TAG.finditer(text):
        closing, name, rest = match.groups()
        whole = match.group(0)
        if name not in TAGS or rest:
            raise MarkupError(
                f"the tag '{_short(whole)}' is not allowed: only <b>...</b> and <i>...</i> are, without "
                "attributes (to print a '<' before a letter, put a space after it)")
        add(text[position:match.start()])
        position = match.end()
        if not closing:
            if name in opened:
                raise MarkupError(f"<{name}> is opened again inside <{name}>: close the first with </{name}>")
            opened.append(name)
        elif name not in opened:
            raise MarkupError(f"</{name}> closes nothing: remove it, or open it with <{name}> before")
        elif opened[-1] != name:
            raise MarkupError(f"</{name}> comes before </{opened[-1]}>: close tags in the reverse order, "
                               f"as in <{name}><{opened[-1]}>...</{opened[-1]}></{name}>")
        else:
            opened.pop()
    add(text[position:])
    if opened:
        raise MarkupError(f"<{opened[-1]}> is never closed: add </{opened[-1]}>")
    return tuple(runs) if runs else (Span(""),)


def _short(text: str, limit: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."
