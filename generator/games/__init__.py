"""The games cngen prints, by name: the registry. Adding a game is a folder beside these
(``game.py`` says what it declares) and one line here."""

from __future__ import annotations

from .classic import CLASSIC
from .duet import DUET
from .game import Game
from .pictures import PICTURES

GAMES: dict[str, Game] = {game.name: game for game in (
    CLASSIC,
    DUET,
    PICTURES,
)}
DEFAULT_GAME = CLASSIC.name


def game_named(name: str) -> Game:
    return GAMES[name]


def every_variant() -> tuple[str, ...]:
    """The variants any game's rules sheet explains, each once, in the games' order."""
    return tuple(dict.fromkeys(variant for game in GAMES.values() for variant in game.variants))


def owners_of_marks(game: Game) -> dict[str, str]:
    """What marks another game's rules text (an example's drawing, or a key only its example
    has), and how a message names that game: so that a text read for the wrong game says so."""
    return {mark: f"the {other.name} game's rules text: print it with --game {other.name}"
            for other in GAMES.values() if other is not game for mark in other.example_marks
            if mark not in game.example_marks}
