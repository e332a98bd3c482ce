"""The roles a key card gives the words on the table, shared by every game of the family, as
the letters key cards, manifests and rules texts write them.

The classic game and the picture edition use red, blue, bystander and assassin; Duet uses
agent (green), bystander and assassin. Drawing code gives each role its colour, symbol and
figures, so that a role looks the same on every component and in every game.
"""

from __future__ import annotations

RED, BLUE, BYSTANDER, ASSASSIN, AGENT = "R", "B", "N", "A", "G"
ROLE_NAMES = {RED: "red", BLUE: "blue", BYSTANDER: "bystander", ASSASSIN: "assassin", AGENT: "agent"}
