"""The classic game: two teams of spymasters and operatives race to find their agents among 25
codenames, while avoiding the assassin. A key card shows 9 cells of the starting team (8
agents and the double agent), 8 of the other, 7 bystanders and the assassin, with lights in
the starting team's colour; a tile set matches the box.

Its parts: ``deal`` and ``distance`` (the dealer), ``card`` (the key card face), ``keys`` (the
key cards for the jobs), ``example``, ``example_layout``, ``example_art`` and ``rules`` (the
rules sheet's drawn example), ``texts/`` (the rules and tile names in each language).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...model.tiles import agent_kind
from ..game import Game, Grid, KeyCards, RulesExample

VARIANTS = ("two-players", "three-players", "match", "strict-extra-guess")
MAX_CARDS = 10_000  # the most key cards the dealer deals balanced and fresh (deal.DISTANCE_TARGETS)


def _key_cards() -> KeyCards[Any, Any]:
    from .keys import KEY_CARDS

    return KEY_CARDS


def _rules_example() -> RulesExample[Any, Any]:
    from .rules import RULES_EXAMPLE

    return RULES_EXAMPLE


CLASSIC = Game(
    name="classic",
    title="Codenames",
    summary="the party game for two teams: 40 double-sided key cards, 25 tiles, rules with four variants",
    grid=Grid(5, 5),
    tiles=(
        agent_kind("red agent", "red", "red", 8),
        agent_kind("blue agent", "blue", "blue", 8),
        agent_kind("double agent", "red", "blue", 1),
        agent_kind("bystander", "bystander", "bystander", 7),
        agent_kind("assassin", "assassin", "assassin", 1),
    ),
    tiles_title="Agent tiles",
    texts=Path(__file__).resolve().parent / "texts",
    load_key_cards=_key_cards,
    load_rules_example=_rules_example,
    example_marks=("key-and-grid", "starting", "clue", "targets", "guesses"),
    default_key_cards=40,
    most_key_cards=MAX_CARDS,
    variants=VARIANTS,
)
