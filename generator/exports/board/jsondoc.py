"""The board as JSON, for bots: one document of every game's words, and the key's document,
which adds each game's roles, their counts, the starting team, the order of play where more
than two teams play, and the seed (docs/board.md gives the schema). The board's document holds
no seed: the seed deals the key again."""

from __future__ import annotations

import json
from typing import Any

from ...errors import escaped
from .view import Board, Table, Words, role_word

VERSION = 1  # raised when a field changes meaning or goes


def json_board(board: Board, words: Words) -> tuple[str, str]:
    public = {**_head(board), "games": [_game(board, table) for table in board.tables]}
    key = {**_head(board), "seed": board.seed,
           "games": [{**_game(board, table), "key": _key(table)} for table in board.tables]}
    return dumped(public), dumped(key)


def _head(board: Board) -> dict[str, Any]:
    return {"format": "cngen board", "version": VERSION, "game": board.game, "title": board.title,
            "language": board.language, "cards": board.cards}


def _game(board: Board, table: Table) -> dict[str, Any]:
    return {"number": table.number, "rows": board.rows, "columns": board.columns,
            "words": [list(row) for row in table.cells]}


def _key(table: Table) -> dict[str, Any]:
    """The roles as words, row by row over the words; each side's counts, so that a bot can
    check what it read."""
    order = {"order": list(table.order)} if table.order else {}
    return {"starting": table.starting, **order,
            "sides": [{"label": side.label,
                       "roles": [[role_word(role) for role in row] for row in side.roles],
                       "counts": {role_word(role): count for role, count in side.counts().items()}}
                      for side in table.sides]}


def dumped(document: Any) -> str:
    """JSON indented for people, each row of a grid on one line (a board reads as a board)."""
    return _value(document, "") + "\n"


def _value(value: Any, indent: str) -> str:
    inner = indent + "  "
    if isinstance(value, dict) and value and not any(isinstance(item, (dict, list)) for item in value.values()):
        return _json(value)  # a small record, such as the counts, on one line
    if isinstance(value, dict):
        items = [f"{inner}{_json(key)}: {_value(item, inner)}" for key, item in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{indent}}}" if items else "{}"
    if isinstance(value, list) and any(isinstance(item, (dict, list)) for item in value):
        return "[\n" + ",\n".join(inner + _value(item, inner) for item in value) + f"\n{indent}]"
    return _json(value)


def _json(value: Any) -> str:
    """JSON with its letters as they are, but every character the rule of users' text refuses
    (a picture's file name may hold an ESC, a right-to-left override, U+2028) written as a
    \\u escape: a bot reads the exact name, and a person who prints the file sees it whole."""
    return escaped(json.dumps(value, ensure_ascii=False), _json_escape)


def _json_escape(char: str) -> str:
    """One character as JSON escapes it, a character past U+FFFF as its UTF-16 pair."""
    return json.dumps(char)[1:-1]
