"""The variants a rules sheet can explain, by the names users choose them with."""

VARIANTS = ("two-players", "three-players", "match", "strict-extra-guess")
