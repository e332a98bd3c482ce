"""What the games' rules examples share when they are laid out: refusing, with its line in the
rules text, a word or caption that does not fit its room at the smallest size."""

from __future__ import annotations

from typing import Sequence

from ..errors import CngenError
from ..geometry.rulesexample import MIN_WORD_SIZE
from ..geometry.rulespage import RulesPage
from ..model.ruletext import Rich, RulesText
from ..units import format_mm


def on_paper(page: RulesPage) -> str:
    return f"on a {format_mm(page.width)} x {format_mm(page.height)} mm page"


def refuse_unfitting_words(rules: RulesText, example, unfitting: Sequence[int], where: str, page: RulesPage) -> None:
    """Stop at the first of the example's words that does not fit its cell, with its line."""
    for index in unfitting:
        word = example.words[index]
        line = example.lines[index] if index < len(example.lines) else 0
        raise CngenError(f"{rules.source}:{line}: example, word {index + 1}: '{word}' does not fit its cell "
                         f"of the example's {where} at {MIN_WORD_SIZE:g} pt {on_paper(page)}: choose a shorter word "
                         "or larger paper")


def refuse_overflowing(rules: RulesText, text: Rich, room: str, fix: str, page: RulesPage) -> None:
    """Stop at a clue or caption too long for its room."""
    raise CngenError(f"{rules.source}:{text.line}: {text.where}: '{text.plain}' does not fit {room} "
                     f"at {MIN_WORD_SIZE:g} pt {on_paper(page)}: write {fix} or choose larger paper")
