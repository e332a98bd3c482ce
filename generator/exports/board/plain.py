"""The board as plain text: an aligned grid for a terminal, a markdown table, and BBCode for
forums. Each returns the players' board and the spymasters' key; the board says nothing of
the key."""

from __future__ import annotations

import re
from typing import Callable, Sequence

from ...model.roles import role_of, team_role
from .view import Board, Side, Table, Words, mark, padded, terminal_width

GAP = "\n\n"  # between games


def _joined(parts: Sequence[str]) -> str:
    return GAP.join(parts) + "\n"


def _seeded(board: Board, words: Words, keys: list[str], written: Callable[[str], str]) -> list[str]:
    """A key's games, and under them the seed that deals them again, where the file holds every
    side of the key (a Duet side's file does not: the seed would deal the other side too)."""
    return keys if board.seed is None else [*keys, written(words.seed(board.seed))]


# --- Text, for a terminal -------------------------------------------------------------------------


def text_board(board: Board, words: Words) -> tuple[str, str]:
    public = [f"{words.heading(board.title, table.number)}\n\n{framed(table.names)}" for table in board.tables]
    keys = [_text_key(board, words, table) for table in board.tables]
    return _joined(public), _joined(_seeded(board, words, keys, str))


def _text_key(board: Board, words: Words, table: Table) -> str:
    lines = [words.key_heading(board.title, table.number), words.secret(table.sides)]
    if table.starting:
        lines.append(words.starts(table.starting))
    if table.order:
        lines.append(words.order(table.order, mark))
    if len(table.sides) > 1:
        lines.append(words.sides_note())
    for side in table.sides:
        marked = tuple(tuple(f"{mark(role)} {name}" for role, name in zip(roles, names))
                       for roles, names in zip(side.roles, table.names))
        heading = f"{words.side(side.label)}\n" if side.label else ""
        lines.append(f"\n{heading}{framed(marked)}\n{_legend(words, side, mark, '   ')}")
    return "\n".join(lines)


def framed(rows: Sequence[Sequence[str]]) -> str:
    """A grid of cells in ASCII lines, each column as wide as its widest cell in a terminal
    (a Chinese character takes two columns, an accent none)."""
    widths = [max(terminal_width(row[column]) for row in rows) for column in range(len(rows[0]))]
    rule = "+" + "+".join("-" * (width + 2) for width in widths) + "+"
    lines = [rule]
    for row in rows:
        lines += ["| " + " | ".join(padded(cell, width) for cell, width in zip(row, widths)) + " |", rule]
    return "\n".join(lines)


def square(letter: str) -> str:
    """A role's colour in a markdown post, where text has none: its coloured square."""
    return role_of(letter).square


def _legend(words: Words, side: Side, marks: Callable[[str], str], between: str,
            marked: Callable[[str, str], str] = lambda role, text: text) -> str:
    """Each role's mark and how many cells it holds: "◆ red agents: 9"."""
    return between.join(marked(role, f"{marks(role)} {words.count(role, count)}")
                        for role, count in side.counts().items())


# --- Markdown --------------------------------------------------------------------------------------

# What markdown reads as markup inside a line: emphasis, code, links and pictures, raw HTML and
# entities, table pipes, strikethrough, GitHub's maths; and what GitHub turns into a link by
# itself (http://, www.). Each is escaped with a backslash, which CommonMark takes before any
# ASCII punctuation and shows as the character alone. (An e-mail address still becomes a mail
# link on GitHub: it links the text after every escape, and the link loads nothing.)
_MARKDOWN_SPECIAL = re.compile(r"[\\`*_{}\[\]<>|#~&$]|:(?=//)|(?<=www)\.", re.IGNORECASE)
# What starts a block where a text starts a line: a list item (-, +, 1. or 1)), a heading's
# underline (=); #, > and * are escaped wherever they are.
_MARKDOWN_LINE_START = re.compile(r"^(?:[-+=]|\d+(?=[.)]))")


def markdown_board(board: Board, words: Words) -> tuple[str, str]:
    public = [f"## {_md(words.heading(board.title, table.number))}\n\n{_md_table(table.names)}"
              for table in board.tables]
    keys = [_markdown_key(board, words, table) for table in board.tables]
    return _joined(public), _joined(_seeded(board, words, keys, _md))


def _markdown_key(board: Board, words: Words, table: Table) -> str:
    parts = [f"## {_md(words.key_heading(board.title, table.number))}", f"*{_md(words.secret(table.sides))}*"]
    if table.starting:
        parts.append(f"**{square(team_role(table.starting).letter)} {_md(words.starts(table.starting))}**")
    if table.order:
        parts.append(_md(words.order(table.order, square)))
    if len(table.sides) > 1:
        parts.append(_md(words.sides_note()))
    for side in table.sides:
        if side.label:
            parts.append(f"### {_md(words.side(side.label))}")
        cells = tuple(tuple(f"{square(role)} {name}" for role, name in zip(roles, names))
                      for roles, names in zip(side.roles, table.names))
        parts += [_md_table(cells), _md(_legend(words, side, square, " · "))]
    return "\n\n".join(parts)


def _md_table(rows: Sequence[Sequence[str]]) -> str:
    """A table with an empty header row (markdown needs one), then a row for each row of cards."""
    columns = len(rows[0])
    lines = ["|" + "   |" * columns, "|" + "---|" * columns]
    lines += ["| " + " | ".join(_md(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def _md(text: str) -> str:
    """Text that markdown shows as it is, wherever it stands: its special characters escaped,
    and a list's or a heading's mark where it would start a line."""
    text = _MARKDOWN_SPECIAL.sub(lambda found: "\\" + found.group(), text)
    return _MARKDOWN_LINE_START.sub(_line_start_escaped, text)


def _line_start_escaped(found: re.Match[str]) -> str:
    """'-' -> '\\-'; '1' of '1.' -> '1\\' (the '.' after it is then no list's)."""
    mark = found.group()
    return mark + "\\" if mark.isdigit() else "\\" + mark


# --- BBCode, for forums --------------------------------------------------------------------------

# BBCode has no escape of its own, and each forum knows other tags ([noparse] on vBulletin,
# [plain] on XenForo, none on phpBB): a zero-width space after each "[" of a text is what every
# forum shows as the "[" it is and never reads as the start of a tag ("[img]", "[/td]"), while
# a reader sees the text unchanged.
ZERO_WIDTH_SPACE = "\u200b"


def bbcode_board(board: Board, words: Words) -> tuple[str, str]:
    public = [f"[b]{_bb(words.heading(board.title, table.number))}[/b]\n{_bb_table(table.names)}"
              for table in board.tables]
    keys = [_bbcode_key(board, words, table) for table in board.tables]
    return _joined(public), _joined(_seeded(board, words, keys, _bb))


def _bbcode_key(board: Board, words: Words, table: Table) -> str:
    lines = [f"[b]{_bb(words.key_heading(board.title, table.number))}[/b]",
             f"[i]{_bb(words.secret(table.sides))}[/i]"]
    if table.starting:
        lines.append(f"[b][color={_bb_colour(board, team_role(table.starting).letter)}]{_bb(words.starts(table.starting))}"
                     "[/color][/b]")
    if table.order:
        lines.append(_bb(words.order(table.order, mark)))
    if len(table.sides) > 1:
        lines.append(_bb(words.sides_note()))
    for side in table.sides:
        if side.label:
            lines.append(f"\n[b]{_bb(words.side(side.label))}[/b]")
        cells = tuple(tuple(_bb_role(board, role, f"{mark(role)} {_bb(name)}") for role, name in zip(roles, names))
                      for roles, names in zip(side.roles, table.names))
        lines += [_bb_table(cells, escape=False),
                  _legend(words, side, mark, " · ", lambda role, text: _bb_role(board, role, _bb(text)))]
    return "\n".join(lines)


def _bb_table(rows: Sequence[Sequence[str]], escape: bool = True) -> str:
    """A table of texts (``escape``), or of cells already written as BBCode."""
    lines = ["[table]"] + ["[tr]" + "".join(f"[td]{_bb(cell) if escape else cell}[/td]" for cell in row) + "[/tr]"
                           for row in rows]
    return "\n".join(lines + ["[/table]"])


def _bb(text: str) -> str:
    """Text that BBCode shows as it is: no "[" in it can open a tag."""
    return text.replace("[", "[" + ZERO_WIDTH_SPACE)


def _bb_role(board: Board, role: str, text: str) -> str:
    """A key's cell in its role's colour, in bold where the colour is strong enough to read
    (a bystander's khaki is not: it takes the frames' brown, in plain type)."""
    coloured = f"[color={_bb_colour(board, role)}]{text}[/color]"
    return coloured if role_of(role).pale else f"[b]{coloured}[/b]"


def _bb_colour(board: Board, role: str) -> str:
    return board.colours.get(role_of(role).writing_colour, "#000000")
