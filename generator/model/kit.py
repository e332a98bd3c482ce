"""What a kit holds, as its rules sheet describes it: counts of every component and how the
cards are printed. Built from what the jobs really made, never from the defaults."""

from __future__ import annotations

import msgspec

from .teams import CLASSIC_TABLE, TILE_NOUNS, Table
from .tiles import TileKind, count_name

# The kit's files, named once: the kit writes them, and press sheets name them on their slug.
DECK, KEYS, MANIFEST, TOKENS, RULES, COMBINED = "deck.pdf", "keys.pdf", "keys.json", "tokens.pdf", "rules.pdf", "kit.pdf"
BOX, STAND = "box.pdf", "stand.pdf"


_NUMBERS = {3: "three", 4: "four"}


class KitContents(msgspec.Struct, frozen=True):
    deck: str  # where the words come from, in the kit's language: "the bundled deck ‘standard’"
    codenames: int
    word_cards: int  # cards that carry at least one word
    blank_cards: int
    key_cards: int
    keys_per_card: int  # 2 for double-sided key cards, 1 for single-sided
    tile_sets: int
    profile: str  # home, shop or pod
    sides: str  # long-edge, short-edge or fold
    tile_kinds: tuple[TileKind, ...] = ()  # what a set of the game's tiles holds
    language: str = ""  # the deck's language ("" when its list names none)
    source: str = ""  # where the words come from, in English, for cngen's own messages (else ``deck``)
    named_by: str = ""  # the deck file whose own name: ``deck`` says, to blame for it
    table: Table | None = None  # the teams and grid of a game of teams; None: a game without (Duet)
    cards: tuple[str, ...] = ()  # what the kind of codename card adds that rules texts may say (``second-lines``)

    @property
    def keys(self) -> int:
        return self.key_cards * self.keys_per_card

    def counts(self) -> dict[str, int | str]:
        """The rules text's placeholders, by name."""
        tiles = {kind.count_name: kind.per_set * self.tile_sets for kind in self.tile_kinds}
        return {
            "deck": self.deck,
            "words": self.codenames,
            "codenames": self.codenames,
            "pictures": self.codenames,  # the picture edition's codenames
            "word_cards": self.word_cards,
            "picture_cards": self.word_cards,  # the picture edition's codename cards
            "blank_cards": self.blank_cards,
            "key_cards": self.key_cards,
            "keys": self.keys,
            "tile_sets": self.tile_sets,
            "tiles": sum(tiles.values()),
            **self._table_counts(),
            **tiles,
        }

    def _table_counts(self) -> dict[str, int | str]:
        """The table's placeholders: its teams, its grid, each role's cells on a key, a set's
        tiles, and 0 of every kind of tile another table has and this one lacks; none for a
        game without teams."""
        table = self.table
        if table is None:
            return {}
        return {**{count_name(noun): 0 for noun in TILE_NOUNS},
                "set_tiles": sum(kind.per_set for kind in self.tile_kinds), "teams": table.teams,
                "grid_rows": table.rows, "grid_columns": table.columns, "grid_cells": table.cells,
                "starting_cells": table.starting, "other_cells": table.other,
                "bystander_cells": table.bystanders, "assassin_cells": table.assassins}

    def conditions(self) -> frozenset[str]:
        """The names a rules text's `when:` can test: how the kit is printed and what it holds."""
        printing = self.sides if self.profile == "home" else self.profile
        return frozenset({
            printing,
            self.profile,
            "duplex" if printing in ("long-edge", "short-edge", "shop", "pod") else "one-side",
            "double-sided-keys" if self.keys_per_card == 2 else "single-sided-keys",
            "blank-cards" if self.blank_cards else "no-blank-cards",
            *self._table_conditions(),
            *self.cards,
        })

    def _table_conditions(self) -> tuple[str, ...]:
        """How many teams play (``two-teams``; ``more-teams`` and ``three-teams`` or
        ``four-teams``), whether a key has an assassin, and whether the table is the boxed
        game's (``boxed-table``: 5 x 5, 9 / 8 / 7 / 1) or another (``other-table``); none for
        a game without teams."""
        table = self.table
        if table is None:
            return ()
        teams = ("two-teams",) if table.teams == 2 else ("more-teams", f"{_NUMBERS[table.teams]}-teams")
        assassin = "assassin" if table.assassins else "no-assassin"
        boxed = "boxed-table" if table == CLASSIC_TABLE else "other-table"
        # Both at once, since a when: list takes any of its conditions
        both = [f"{teams[0]}-{assassin}"] + (["two-teams-other-table"] if teams[0] == "two-teams" and
                                             boxed == "other-table" else [])
        return (*teams, assassin, boxed, *both)
