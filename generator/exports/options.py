"""The kinds of value the exports' own options share."""

from __future__ import annotations

from .. import kinds

MAX_SEED = 2**64 - 1  # any 64-bit number, as every seed of cngen
SEED = kinds.nullable(kinds.whole(0, cap=MAX_SEED))
MOST_GAMES = 1_000
GAMES = kinds.whole(1, MOST_GAMES)
FONT = kinds.nullable(kinds.input_path("FILE.ttf"))
FONT_HELP = ("A TrueType font for everything it prints (default: the bundled Fira Sans); FILE.ttc#N takes "
             "face N of a collection, from 0.")
# The settings every export reads to deal a game: which game, in which language, from which words.
DEALING = ("game", "lang", "title", "sharp_s", "deck.deck", "deck.words", "deck.dedupe", "deck.images")
