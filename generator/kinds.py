"""What a setting's value may be: how to read it from the command line or the settings file,
and how messages describe a valid one.

A kind parses the text a user writes ("70x45mm", "40", "true") into the value cngen uses
(points, numbers, paths). The command line and the settings file share these parsers, so a
value means the same wherever it is written. Nothing here imports click or YAML: the
command line and the settings file reader adapt kinds to their own machinery.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable, Literal, Sequence

import msgspec
from msgspec.structs import replace

from .errors import UsageError, quoted, suggest, text_problem

Scalar = Literal["text", "int", "bool", "list"]
PathRole = Literal["input", "output", "folder", "input-folder"]


class Kind(msgspec.Struct, frozen=True):
    expect: str  # completes "deck.blanks must be ...": what a valid value looks like
    metavar: str  # how --help names the value: N, SIZE, FILE...
    parse: Callable[[str], object] = str  # a scalar's text -> the value; raises UsageError
    scalar: Scalar = "text"  # which YAML values the settings file accepts for it
    nullable: bool = False  # null means "not set": the default applies
    empty_is_null: bool = True  # whether `key:` with nothing after it counts as null
    low: int | None = None  # whole numbers: the range
    high: int | None = None
    cap: bool = False  # high is a bound past any use (a seed's), named only to a value past it
    choices: tuple[str, ...] = ()  # the names a choice or a list of names takes
    path: PathRole | None = None  # paths in the settings file are relative to its folder
    free: bool = False  # a list of texts of the user's own (no choices), each read by ``parse``

    def parse_list(self, names: Sequence[str]) -> tuple[str, ...]:
        """A list of names (repeated options, or a YAML list) -> the names, checked."""
        if self.free:
            return tuple(dict.fromkeys(str(self.parse(name)) for name in names))
        return _checked_names(tuple(names), self.choices)


def text(expect: str = "text", parse: Callable[[str], object] = str, metavar: str = "TEXT") -> Kind:
    return Kind(expect, metavar, parse)


# A whole number as users write it: ASCII digits, not '５' or 1_000 (which int() takes), and
# few enough of them that no range is near its end; a longer one is out of every range.
WHOLE_NUMBER = r"[-+]?[0-9]{1,25}"


def one_line(longest: int, metavar: str = "TEXT") -> Kind:
    """Text printed on paper and shown on boards: one line, held to the one rule of users' text
    (no control character, line break or invisible formatting), of a length that fits."""

    def parse(value: str) -> str:
        hidden = text_problem(value)
        if hidden is not None:
            raise UsageError(f"{quoted(value)} holds {hidden}: write plain text on one line")
        if len(value) > longest:
            raise UsageError(f"{len(value):,} characters are too many: at most {longest} fit")
        return value

    return Kind(f"one line of text, at most {longest} characters", metavar, parse)


def whole(low: int, high: int | None = None, metavar: str = "N", cap: int | None = None) -> Kind:
    """Whole numbers from ``low`` to ``high``; or, with ``cap`` instead of ``high``, from ``low`` up
    to a bound no one aims at (a seed's), which messages name only to a value past it."""
    expect = f"a whole number from {low} to {high}" if high is not None else f"a whole number, {low} or more"

    def parse(text: str) -> int:
        cleaned = text.strip()
        number = int(cleaned) if re.fullmatch(WHOLE_NUMBER, cleaned) else None
        if number is not None and cap is not None and number > cap:
            raise UsageError(f"{quoted(text)} is more than {cap}, the largest allowed")
        if number is None or number < low or (high is not None and number > high):
            raise UsageError(f"{quoted(text)} is not {expect}")
        return number

    return Kind(expect, metavar, parse, scalar="int", low=low, high=high if cap is None else cap, cap=cap is not None)


def flag() -> Kind:
    return Kind("true or false", "", scalar="bool")


def choice(*names: str) -> Kind:
    def parse(value: str) -> str:
        if value not in names:
            raise UsageError(f"'{value}' is not one of {', '.join(names)}")
        return value

    return Kind(f"one of {', '.join(names)}", "[" + "|".join(names) + "]", parse, choices=names)


def names_list(names: tuple[str, ...], metavar: str) -> Kind:
    """A list of names where 'none' stands alone for the empty list (the command line cannot
    repeat an option zero times and mean it)."""
    example = ", ".join(names[:2])
    return Kind(f"a list such as [{example}], or []", metavar, scalar="list", choices=names)


def text_list(expect: str, metavar: str, longest: int) -> Kind:
    """A list of the user's own texts (repeated options, or a YAML list), each on one line of
    at most ``longest`` characters; repeats kept once."""
    return Kind(expect, metavar, one_line(longest, metavar).parse, scalar="list", free=True)


def input_path(metavar: str = "FILE") -> Kind:
    return Kind("a file name", metavar, _path, path="input")


def output_path(metavar: str = "FILE") -> Kind:
    return Kind("a file name", metavar, _file_path, path="output")


def folder() -> Kind:
    return Kind("a folder name", "DIR", _path, path="folder")


def input_folder(metavar: str = "DIR") -> Kind:
    """A folder cngen reads (a user's pictures): never written to."""
    return Kind("a folder name", metavar, _path, path="input-folder")


def _path(text: str) -> Path:
    """A settings file can hold any character, "\\0" too, which no system allows in a name."""
    if "\0" in text:
        raise UsageError(f"{quoted(text)} holds a NUL character (\\0), which no file or folder name can")
    return Path(text)


def _file_path(text: str) -> Path:
    """An output file: a name ending in a separator names a folder (and Path would drop the
    separator, writing a file called like the folder)."""
    if text.endswith(("/", os.sep)):
        raise UsageError(f"{quoted(text)} ends with '{text[-1]}', so it names a folder: "
                         f"add the name of the file to write, e.g. {quoted(text + 'cards.pdf')}")
    if Path(text).name in ("", ".", ".."):
        raise UsageError(f"{quoted(text)} names a folder: add the name of the file to write, "
                         f"e.g. {quoted(os.path.join(text, 'cards.pdf'))}")
    return _path(text)


def nullable(kind: Kind, empty_is_null: bool = True) -> Kind:
    return replace(kind, expect=f"{kind.expect}, or null", nullable=True, empty_is_null=empty_is_null)


def _checked_names(names: tuple[str, ...], valid: tuple[str, ...]) -> tuple[str, ...]:
    for name in names:
        if name not in (*valid, "none"):
            raise UsageError(f"unknown variant '{name}': {suggest(name, valid)}")
    if "none" in names and len(names) > 1:
        others = ", ".join(name for name in names if name != "none")
        raise UsageError(f"'none' asks for no variants, yet {others} asks for some: keep 'none' alone, "
                         f"or drop it and keep {others}")
    return () if names == ("none",) else names


# Kinds many options share. Seeds: any 64-bit number, far more than the 2**32 cngen picks from
# and prints (--help shows the range: [0<=x<=18446744073709551615]).
MAX_SEED = 2**64 - 1
SEED = nullable(whole(0, cap=MAX_SEED))
FONT = nullable(input_path("FILE.ttf"))
