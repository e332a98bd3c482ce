"""What a setting's value may be: how to read it from the command line or the settings file,
and how messages describe a valid one.

A kind parses the text a user writes ("70x45mm", "40", "true") into the value cngen uses
(points, numbers, paths). The command line and the settings file share these parsers, so a
value means the same wherever it is written. Nothing here imports click or YAML: the
command line and the settings file reader adapt kinds to their own machinery.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Literal, Sequence

from ..errors import UsageError

Scalar = Literal["text", "int", "bool", "list"]
PathRole = Literal["input", "output", "folder"]


@dataclass(frozen=True)
class Kind:
    expect: str  # completes "deck.blanks must be ...": what a valid value looks like
    metavar: str  # how --help names the value: N, SIZE, FILE...
    parse: Callable[[str], object] = str  # a scalar's text -> the value; raises UsageError
    scalar: Scalar = "text"  # which YAML values the settings file accepts for it
    nullable: bool = False  # null means "not set": the default applies
    empty_is_null: bool = True  # whether `key:` with nothing after it counts as null
    low: int | None = None  # whole numbers: the range
    high: int | None = None
    choices: tuple[str, ...] = ()  # the names a choice or a list of names takes
    path: PathRole | None = None  # paths in the settings file are relative to its folder

    def parse_list(self, names: Sequence[str]) -> tuple[str, ...]:
        """A list of names (repeated options, or a YAML list) -> the names, checked."""
        return _checked_names(tuple(names), self.choices)


def text(expect: str = "text", parse: Callable[[str], object] = str, metavar: str = "TEXT") -> Kind:
    return Kind(expect, metavar, parse)


def whole(low: int, high: int | None = None, metavar: str = "N") -> Kind:
    expect = f"a whole number from {low} to {high}" if high is not None else f"a whole number, {low} or more"
    return Kind(expect, metavar, int, scalar="int", low=low, high=high)


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


def input_path(metavar: str = "FILE") -> Kind:
    return Kind("a file name", metavar, Path, path="input")


def output_path(metavar: str = "FILE") -> Kind:
    return Kind("a file name", metavar, Path, path="output")


def folder() -> Kind:
    return Kind("a folder name", "DIR", Path, path="folder")


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


def suggest(name: str, valid: Sequence[str]) -> str:
    """'did you mean ...?' for a near miss, else the whole list."""
    close = difflib.get_close_matches(name, list(valid), n=1)
    return f"did you mean '{close[0]}'?" if close else f"use one of {', '.join(valid)}"
