"""What the games' rules examples share when they are laid out: refusing, with its line in the
rules text, a word or caption that does not fit its room at the smallest size."""

from __future__ import annotations

from typing import Sequence

from ..errors import CngenError
from ..geometry.rulesexample import CELL_GAP, MIN_WORD_SIZE
from ..geometry.rulespage import RulesPage
from ..geometry.sheet import Box
from ..model.ruletext import Example, Rich, RulesText
from ..units import format_mm


def grid_card(width: float, columns: int, ratio: float) -> tuple[float, float]:
    """The width and height of each card of a table ``columns`` cards wide that fills
    ``width``, each card ``ratio`` times as tall as it is wide (``rulesexample.table_card``, for
    a grid that need not be square)."""
    card_width = (width - (columns - 1) * CELL_GAP) / columns
    return card_width, card_width * ratio


def grid_height(width: float, rows: int, columns: int, ratio: float) -> float:
    """The height of that table, ``rows`` cards tall (``grid_card``)."""
    return rows * grid_card(width, columns, ratio)[1] + (rows - 1) * CELL_GAP


def grid_cells(width: float, rows: int, columns: int, ratio: float, top: float) -> tuple[Box, ...]:
    """That table's cards (``grid_card``), row-major, the top row first, from x = 0 with the top
    row's top at ``top``."""
    card_width, card_height = grid_card(width, columns, ratio)
    return tuple(
        Box(column * (card_width + CELL_GAP), top - (row + 1) * card_height - row * CELL_GAP, card_width, card_height)
        for row in range(rows)
        for column in range(columns)
    )


def on_paper(page: RulesPage) -> str:
    return f"on a {format_mm(page.width)} x {format_mm(page.height)} mm page"


def refuse_unfitting_words(rules: RulesText, example: Example, unfitting: Sequence[int], where: str, page: RulesPage) -> None:
    """Stop at the first of the example's words that does not fit its cell, with its line."""
    for index in unfitting:
        word = example.words[index]
        line = example.lines[index] if index < len(example.lines) else 0
        raise CngenError(f"{rules.source}:{line}: example, word {index + 1}: '{word}' does not fit its cell "
                         f"of the example's {where} at {MIN_WORD_SIZE:g} pt {on_paper(page)}: choose a shorter word "
                         "or larger paper")


def refuse_overflowing(rules: RulesText, text: Rich | None, room: str, fix: str, page: RulesPage) -> None:
    """Stop at a clue or caption too long for its room."""
    assert text is not None, "only a text the example holds is laid out, and can overflow"
    raise CngenError(f"{rules.source}:{text.line}: {text.where}: '{text.plain}' does not fit {room} "
                     f"at {MIN_WORD_SIZE:g} pt {on_paper(page)}: write {fix} or choose larger paper")
