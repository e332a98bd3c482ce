"""Each distinct output built once a test session: the jobs called through a cache keyed by
their options (frozen values), so that two test files asking for the default deck, or the
Duet kit, share one build.

A test that checks determinism builds again on purpose with the job itself (``build_deck``...):
these are for tests that read an output, never for tests that compare two builds.
"""

from __future__ import annotations

import functools

from generator.games import GAMES
from generator.jobs.codenames import DeckResult
from generator.jobs.deck import build_deck
from generator.jobs.keys import KeysResult, build_keys
from generator.jobs.kit import KitResult, build_kit
from generator.jobs.rules import RulesResult, build_rules
from generator.jobs.tokens import TokensResult, build_tokens
from generator.settings.options import DeckOptions, KeyOptions, KitOptions, RulesOptions, TokenOptions
from generator.units import parse_size

CLASSIC, DUET = GAMES["classic"], GAMES["duet"]


@functools.cache
def deck(options: DeckOptions = DeckOptions(), game: str = "classic") -> DeckResult:
    return build_deck(options, game=GAMES[game])


@functools.cache
def keys(options: KeyOptions = KeyOptions(seed=7), game: str = "classic") -> KeysResult:
    return build_keys(GAMES[game], options)


@functools.cache
def tokens(options: TokenOptions = TokenOptions(), game: str = "classic") -> TokensResult:
    return build_tokens(GAMES[game], options)


@functools.cache
def rules(options: RulesOptions = RulesOptions(), game: str = "classic") -> RulesResult:
    return build_rules(GAMES[game], options)


@functools.cache
def kit(options: KitOptions) -> KitResult:
    return build_kit(options)


def default_kit(game: str = "classic", seed: int = 5) -> KitResult:
    """The kit cngen prints of ``game`` with its defaults, dealt from ``seed``."""
    chosen = GAMES[game]
    sizes = {key: parse_size(value) for key, value in chosen.defaults.items() if key.endswith(".card_size")}
    deck_size, tile_size = sizes.get("deck.card_size"), sizes.get("tokens.card_size")
    return kit(KitOptions(chosen, DeckOptions(card_size=deck_size) if deck_size else DeckOptions(),
                          KeyOptions(seed=seed, count=chosen.default_key_cards),
                          TokenOptions(card_size=tile_size) if tile_size else TokenOptions(), RulesOptions()))


@functools.cache
def classic_key_deck(count: int, seed: int, double_sided: bool = True) -> list:
    """``deal_deck(count, seed, double_sided)`` of the classic keys, dealt once a session: 20
    cards from seed 2024 are read by test_keys.py and test_key_spread.py alike. The list is
    shared: read it, never change it."""
    from generator.games.classic.deal import deal_deck

    return deal_deck(count, seed, double_sided)
