"""Editions of your own (``--edition FILE.yaml``): one YAML file that dresses a game up for an
occasion: a title, colours, a deck, an emblem, and names and short lines for the tiles.

The file is read by the one YAML reader against its own shape, and its values become settings
like cngen.yaml's (the command line lays them between the options typed and cngen.yaml): each
is read by the kind its setting declares, so a colour or a title is checked here exactly as the
settings file checks it, and paths are taken from the edition's own folder. The tiles' texts
are kept apart (``TileText``): a game's tiles are only known when they are built, where a noun
the game has no tile for is refused.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import yaml

from ..games import GAMES
from ..inputs.bundled import PICTURE_WORDS, deck_paths
from ..inputs.reader import read_input
from ..inputs.schema import Choice, Fields, Group, Invalid, Key, ListOf, Reading, Shape, Text, line_of, read_yaml
from ..model.tiles import TileText, covered, nouns_of
from .declarations import BY_KEY
from .file import SettingShape
from .source import FileValue

# Long enough for any name or line a tile holds; the tile itself is the real limit, checked
# when the tiles are drawn, where the fix can name the tile's size.
LONGEST_NAME = 40
LONGEST_LINE = 80
TILE_TEXT = "a name, or a name and a line on the indented lines below it, such as '  name: The Clown'"
DECK_KEYS = {"bundled": "deck.deck", "words": "deck.words", "images": "deck.images"}
PLAIN_KEYS = ("title", "game", "lang", "emblem")


class Edition(msgspec.Struct, frozen=True):
    """What an edition file sets: settings by key (each ``FileValue`` naming the edition as its
    source, paths joined to its folder), and the tiles' texts, each with its place."""

    source: str
    values: dict[str, FileValue]
    tiles: tuple[TileText, ...] = ()


def load_edition(path: Path) -> Edition:
    """The edition in ``path``; a CngenError naming the file, the line and the key if it is wrong."""
    source = str(path)
    fields = read_yaml(read_input(path, "edition"), source, _edition_shape(path.parent),
                       "an edition holds plain values")
    values: dict[str, FileValue] = {}
    for name in PLAIN_KEYS:
        _keep(values, name, fields.get(name), source)
    if "colours" in fields:
        for name, value in fields["colours"].values.items():
            _keep(values, f"theme.{name}", value, source)
    if "deck" in fields:
        for name, value in fields["deck"].values.items():
            _keep(values, DECK_KEYS[name], value, source)
    texts = _tile_texts(fields["tiles"], source) if "tiles" in fields else ()
    return Edition(source, values, texts)


def _keep(values: dict[str, FileValue], key: str, value: FileValue | None, source: str) -> None:
    if value is not None:  # null: not set, as in cngen.yaml
        values[key] = msgspec.structs.replace(value, source=source)


# --- The file's shape -------------------------------------------------------------------------


def tile_nouns() -> tuple[str, ...]:
    """Every noun an edition may name tiles by: each game's kinds and faces, in the games' order."""
    return tuple(dict.fromkeys(noun for game in GAMES.values() for kind in game.tiles for noun in nouns_of(kind)))


def _most_tiles(noun: str) -> int:
    """The most tiles ``noun`` names in a set of any game: a longer list fits none."""
    return max(covered(game.tiles, noun) for game in GAMES.values())


def _edition_shape(folder: Path) -> Group:
    def setting(key: str) -> Key:
        return Key(SettingShape(setting=BY_KEY[key], folder=folder))

    colours = {key.partition(".")[2]: setting(key) for key in BY_KEY if key.startswith("theme.")}
    deck = Group({name: setting(key) if name != "bundled" else Key(Choice(names=(*deck_paths(), PICTURE_WORDS),
                                                                          what="bundled deck"))
                  for name, key in DECK_KEYS.items()},
                 expect="a group with one of bundled, words or images on the indented line below it",
                 check=_one_deck)
    tiles = Group({noun: Key(_TileTexts(most=_most_tiles(noun))) for noun in tile_nouns()},
                  expect="a group of tiles by their noun, such as '  assassin:' with a name and a line under it")
    keys = {name: setting(name) for name in PLAIN_KEYS}
    keys.update(colours=Key(Group(colours, expect="a group of colours such as '  red: \"#D35400\"'")),
                deck=Key(deck), tiles=Key(tiles))
    return Group(keys, empty=True, expect="a group of keys such as 'title: My party'")


def _one_deck(fields: Fields) -> Fields:
    given = [name for name in DECK_KEYS if name in fields]
    if len(given) > 1:
        raise Invalid(f"give one deck, not {' and '.join(given)}: keep one", line=fields.lines[given[1]])
    if not given:
        raise Invalid("name the deck: bundled, words or images")
    if "bundled" in fields:  # read as the setting it stands for: a FileValue with its line
        name = fields["bundled"]
        line = fields.lines["bundled"]
        values = {"bundled": FileValue(name, line, name)}
        return Fields(values, fields.lines, fields.line)
    return fields


class _Character(Shape, frozen=True):
    """One tile's text: a name and a line under it (either may be left out), or just a name."""

    def read(self, node: yaml.Node, where: str, reading: Reading) -> Fields:
        if isinstance(node, yaml.ScalarNode):  # the name alone: no key of its own to place it by
            name = reading.read(Text(longest=LONGEST_NAME), node, where)
            return Fields({"name": name}, {}, line_of(node))
        group = Group({"name": Key(Text(longest=LONGEST_NAME)), "line": Key(Text(longest=LONGEST_LINE))},
                      expect=TILE_TEXT, check=_name_or_line)
        fields: Fields = reading.read(group, node, where)
        return fields


class _TileTexts(Shape, frozen=True):
    """A kind of tile's texts: one name and line for every tile of it, or a list of them, a
    character for each tile in turn (no more than ``most``)."""

    most: int = 1

    def read(self, node: yaml.Node, where: str, reading: Reading) -> list[tuple[Fields, int | None]]:
        if not isinstance(node, yaml.SequenceNode):
            return [(reading.read(_Character(), node, where), None)]
        if len(node.value) > self.most:
            noun = where.rpartition(": ")[2]
            raise reading.fail(node, where, f"{len(node.value)} characters are too many: a set holds at most "
                                            f"{self.most} {noun} tile{'s' if self.most > 1 else ''}, "
                                            "one character each: shorten the list")
        characters = reading.read(ListOf(item=_Character(), least=1, name="character"), node, where)
        return list(zip(characters, range(len(characters))))


def _name_or_line(fields: Fields) -> Fields:
    if not fields.values:
        raise Invalid("give the tile a name, a line, or both")
    return fields


def _tile_texts(tiles: Fields, source: str) -> tuple[TileText, ...]:
    texts = []
    for noun, found in tiles.values.items():
        for fields, number in found:  # a character is placed by its own lines, a kind's text by its noun's
            line = tiles.lines[noun] if number is None else fields.line
            where = f"tiles: {noun}" + (f", character {number + 1}" if number is not None else "")
            name_at, line_at = (_text_place(fields, key, source, where, line) for key in ("name", "line"))
            texts.append(TileText(noun, fields.get("name"), fields.get("line"), number, f"{source}:{line}",
                                  name_at, line_at))
    return tuple(texts)


def _text_place(fields: Fields, key: str, source: str, where: str, line: int) -> str:
    """Where a tile's name or line is written, as the reader names a value's place: its own line
    and key, or the noun's line for a name written alone after it."""
    if key in fields.lines:
        return f"{source}:{fields.lines[key]}: {where}: {key}"
    return f"{source}:{line}: {where}" if key in fields.values else ""


# --- The example `cngen init --edition` writes ---------------------------------------------------


def example_edition_text() -> str:
    """A commented edition that runs as written (``cngen kit --edition edition.yaml``): our
    bundled deck and our keyhole, with every key shown and explained."""
    games = ", ".join(GAMES)
    nouns = "\n".join(f"#   {name}: {', '.join(dict.fromkeys(noun for kind in game.tiles for noun in nouns_of(kind)))}"
                      for name, game in GAMES.items())
    return EXAMPLE.format(games=games, game=BY_KEY["game"].default, nouns=nouns)


EXAMPLE = """\
# An edition of your own: print it with   cngen kit --edition edition.yaml
# Add --box --stand for a box and a key stand in the same colours.
# Everything left out keeps cngen's own choice. Paths are taken from this file's folder.
# Options typed on the command line still win over this file.

# The title on the rules, the key card backs and the box (one line, 60 characters at most).
title: Our Codenames Night

# The game it dresses up: {games}. Left out: cngen's default game.
game: {game}

# The kit's language, for labels, rules and the tiles' usual names: en, fr, de, es...
lang: en

# Colours, each in quotes: red, blue, bystander, assassin, green, card, band, outline.
colours:
  red: "#C0392B"
  blue: "#1F5FA8"
  outline: "#7A4E2D"

# The codenames: one of a bundled deck, a word list of yours (one word a line), or a folder of
# pictures for a game played with pictures.
deck:
  bundled: standard
  # words: our-words.txt
  # images: photos

# A small SVG or PNG of yours printed in place of cngen's keyhole. null keeps the keyhole.
emblem: null
# emblem: our-emblem.svg

# The tiles, by their noun. Each game has its own:
{nouns}
# A name replaces the role's on every tile of the kind, and a short line goes under it. A list
# gives each tile of the kind a character of its own, in turn; the tiles past the end of the
# list keep their usual name. Left out, a tile keeps the name it has in the kit's language.
tiles:
  assassin:
    name: The Night Owl
    line: Never sleeps, never misses
  double agent:
    name: The Host
    line: Plays for both sides
  red agent:
    - name: Captain Crimson
      line: Always arrives first
    - name: Ruby
  blue agent:
    - name: Admiral Azure
      line: Counts every card
  bystander:
    line: Only here for the snacks
"""
