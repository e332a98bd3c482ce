"""What the exports' own options share besides the seed and font kinds (``kinds``): how many
games, the fonts' help, and the settings every export reads to deal a game."""

from __future__ import annotations

from .. import kinds

MOST_GAMES = 1_000
GAMES = kinds.whole(1, MOST_GAMES)
FONT_HELP = ("A TrueType font for everything it prints (default: the bundled Fira Sans); FILE.ttc#N takes "
             "face N of a collection, from 0.")
# The settings every export reads to deal a game: which game, in which language, from which words.
DEALING = ("game", "lang", "title", "sharp_s", "deck.deck", "deck.words", "deck.worksheet", "deck.columns",
           "deck.categories", "deck.dedupe", "deck.images")
