"""Codenames Pictures: the picture edition. Twenty picture cards lie in a 5 x 4 grid (5 columns,
4 rows), each marked at its upper-left corner so the grid has one way up. A key card shows 8
cells of the starting team (7 agents and the double agent), 7 of the other, 4 bystanders and
the assassin, with lights in the starting team's colour on its sides; a tile set covers a game.

Its cards are pictures, not words (``Grid.cards``): the bundled picture deck, or a folder of the
user's own images. Its parts: ``deal`` (the classic dealer on a 5 x 4 key), ``card`` and
``keys`` (the key cards for the jobs), ``example``, ``example_layout``, ``example_art`` and
``rules`` (the rules sheet's drawn example); its rules and tile names in each language are
in that language's folder (``languages/CODE/pictures.yaml``, ``pictures-tiles.yaml``).
"""

from __future__ import annotations

from typing import Any

from ...cards import PICTURE_CARDS
from ...inputs.bundled import languages_folder
from ...model.roles import ASSASSIN, BLUE, BYSTANDER, RED
from ...model.tiles import agent_kind
from ..game import Game, Grid, KeyCards, RulesExample, SettingRules

DEFAULT_PICTURE_KEY_CARDS = 40
MAX_PICTURE_KEY_CARDS = 5_000  # the most key cards the dealer deals balanced and fresh (deal.DISTANCE_TARGETS)
# A square picture card: 12 fit a sheet of A4 or Letter (3 x 4) with their cut marks inside the
# 5 mm margins a home printer leaves blank (66 mm left no room for them across A4), and 20
# of them make a 32 x 26 cm grid, about the classic game's 25 word cards on a table.
PICTURE_CARD = "64x64mm"


def _key_cards() -> KeyCards[Any, Any]:
    from .keys import KEY_CARDS

    return KEY_CARDS


def _rules_example() -> RulesExample[Any, Any]:
    from .rules import RULES_EXAMPLE

    return RULES_EXAMPLE


PICTURES = Game(
    name="pictures",
    title="Codenames Pictures",
    summary="the picture edition: 20 pictures in a 5 x 4 grid, from our picture deck or your own images; "
            f"{DEFAULT_PICTURE_KEY_CARDS} double-sided 5 x 4 key cards, 20 tiles, its own rules",
    grid=Grid(4, 5, cards=PICTURE_CARDS),
    tiles=(
        agent_kind("red agent", RED, RED, 7),
        agent_kind("blue agent", BLUE, BLUE, 7),
        agent_kind("double agent", RED, BLUE, 1),
        agent_kind("bystander", BYSTANDER, BYSTANDER, 4),
        agent_kind("assassin", ASSASSIN, ASSASSIN, 1),
    ),
    tiles_title="Agent tiles",
    one_table="the picture edition is played by two teams over its own 5 x 4 grid of pictures, whose key has "
              "one way up; --teams, --grid and --assassins are for the classic game",
    texts=languages_folder(),
    load_key_cards=_key_cards,
    load_rules_example=_rules_example,
    example_marks=("pictures-and-key", "pictures"),
    default_key_cards=DEFAULT_PICTURE_KEY_CARDS,
    most_key_cards=MAX_PICTURE_KEY_CARDS,
    settings=SettingRules(
        ignored={"rules.variants": "the variants change the classic game; the picture edition's sheet has none"},
    ),
    defaults={"deck.card_size": PICTURE_CARD, "tokens.card_size": PICTURE_CARD},
)
