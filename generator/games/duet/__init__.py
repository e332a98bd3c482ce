"""Codenames Duet: the cooperative game for two. Each key card has a side for each player (9
agents, 3 assassins and 13 bystanders, sharing their words by one fixed table), and together
they find 15 agents against a timer. The tile set holds 15 agents, 1 assassin and 11 timer
tokens: 9 for a game and 2 spares for an easier one; a timer token's back is a bystander, since
it is laid on a word a guess found to be one.

Its parts: ``deal`` (the dealer), ``face`` and ``card`` (the key card face with its side's
tab), ``keys`` (the key cards for the jobs), ``example``, ``example_layout``, ``example_art``
and ``rules`` (the rules sheet's drawn example); its rules and tile names in each language are
in that language's folder (``languages/CODE/duet.yaml``, ``duet-tiles.yaml``).
"""

from __future__ import annotations

from typing import Any

from ...inputs.bundled import languages_folder
from ...model.roles import AGENT, ASSASSIN, BYSTANDER
from ...model.tiles import TIMER, TileFace, TileKind, agent_kind
from ..game import Game, Grid, KeyCards, RulesExample, SettingRules

DEFAULT_DUET_CARDS, MAX_DUET_CARDS = 20, 1000  # the dealer's: see deal.DISTANCE_TARGETS
TIMER_TOKENS, SPARE_TIMER_TOKENS = 9, 2
_BYSTANDER_FACE = TileFace("bystander", BYSTANDER, 0)


def _key_cards() -> KeyCards[Any, Any]:
    from .keys import KEY_CARDS

    return KEY_CARDS


def _rules_example() -> RulesExample[Any, Any]:
    from .rules import RULES_EXAMPLE

    return RULES_EXAMPLE


DUET = Game(
    name="duet",
    title="Codenames Duet",
    summary=f"the cooperative game for two: {DEFAULT_DUET_CARDS} key cards with a side for each player, "
            "agent and timer tiles, its own rules",
    grid=Grid(5, 5),
    tiles=(
        agent_kind("agent", AGENT, AGENT, 15),
        agent_kind("assassin", ASSASSIN, ASSASSIN, 1),
        TileKind("timer token", TileFace("timer token", TIMER, 0), _BYSTANDER_FACE, TIMER_TOKENS),
        TileKind("spare timer token", TileFace("timer token", TIMER, 1), _BYSTANDER_FACE, SPARE_TIMER_TOKENS),
    ),
    tiles_title="Duet tiles",
    one_table="Codenames Duet is played by two players working together, each reading one side of a 5 x 5 key, "
              "with no teams; --teams, --grid and --assassins are for the classic game",
    texts=languages_folder(),
    load_key_cards=_key_cards,
    load_rules_example=_rules_example,
    example_marks=("both-sides", "a", "b", "a-seat", "b-seat"),
    default_key_cards=DEFAULT_DUET_CARDS,
    most_key_cards=MAX_DUET_CARDS,
    settings=SettingRules(
        refused={("keys.single_sided", True): "a Duet key card has a side for each player, so it is always "
                                              "double-sided"},
        ignored={"rules.variants": "the variants change the classic game; the Duet sheet explains Duet's own "
                                   "easier game"},
    ),
    in_sentence="Duet",
)
