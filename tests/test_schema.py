"""One reader for every YAML file: each format declares its shape, and the same mistake reads
the same way in every format: FILE:LINE: where: what, and the fix."""

from __future__ import annotations

import pytest

from generator.errors import CngenError
from generator.games import GAMES
from generator.inputs.schema import Choice, Flag, Group, Key, Lined, ListOf, Text, Whole, read_yaml
from generator.jobs.language import tile_nouns
from generator.jobs.rules import default_contents, game_text
from generator.model.labels import parse_labels, parse_tile_names
from generator.model.ruletext import parse_rules
from generator.model.words import WordListError, parse_yaml_deck
from generator.settings.file import parse_settings

SHAPE = Group({
    "name": Key(Text(), required=True),
    "count": Key(Whole(expect="a whole number from 1 to 9", low=1, high=9)),
    "on": Key(Flag()),
    "colour": Key(Choice(names=("red", "blue"), what="colour")),
    "items": Key(ListOf(Lined(Text()), least=1, name="item", expect="a list of words")),
    "inner": Key(Group({"size": Key(Text())})),
})


def read(text: str):
    return read_yaml(text.encode("utf-8"), "f.yaml", SHAPE, "a test file holds plain text only")


def refused(text: str) -> str:
    with pytest.raises(CngenError) as caught:
        read(text)
    return str(caught.value)


def test_a_file_of_the_declared_shape_reads_as_plain_values_with_their_lines():
    fields = read("name: Ann\ncount: 3\non: true\ncolour: red\nitems: [a, b]\ninner:\n  size: 5mm\n")
    assert fields["name"] == "Ann" and fields["count"] == 3 and fields["on"] is True and fields["colour"] == "red"
    assert [(item.value, item.line) for item in fields["items"]] == [("a", 5), ("b", 5)]
    assert fields["inner"]["size"] == "5mm" and fields.lines["inner"] == 6


@pytest.mark.parametrize("text, message", [
    ("name: Ann\ncont: 3\n", "f.yaml:2: top level: unknown key 'cont': did you mean 'count'?"),
    ("name: Ann\nzzz: 3\n", "f.yaml:2: top level: unknown key 'zzz': the keys here are name, count, on, colour, "
                            "items, inner"),
    ("name: Ann\nname: Bob\n", "f.yaml:2: top level: 'name' is set twice (first on line 1): remove one"),
    ("count: 3\n", "f.yaml:1: top level: 'name:' is missing: add it"),
    ("name: Ann\ncount: '3'\n", "f.yaml:2: count: this must be a whole number from 1 to 9, not the text in "
                                "quotes '3'"),
    ("name: Ann\ncount: 12\n", "f.yaml:2: count: this must be a whole number from 1 to 9, not '12'"),
    ("name: Ann\non: yes\n", "f.yaml:2: on: this must be true or false, not 'yes'"),
    ("name: Ann\ncolour: rde\n", "f.yaml:2: colour: unknown colour 'rde': did you mean 'red'?"),
    ("name: Ann\nitems: []\n", "f.yaml:2: items: the list is empty: it must be a list of words"),
    ("name: Ann\nitems:\n  - [a]\n", "f.yaml:3: items, item 1: this must be text, not a list"),
    ("name: Ann\ninner:\n  sise: 5mm\n", "f.yaml:3: inner: unknown key 'sise': did you mean 'size'?"),
    ("name: [Ann]\n", "f.yaml:1: name: this must be text, not a list"),
    ("name: \"A\\x07nn\"\n", "f.yaml:1: name: the text contains the control character U+0007: remove it"),
    ("- a\n", "f.yaml:1: top level: this must be a group of keys (name, count, on, colour, items, inner), not a list"),
    ("name: !!python/object:os.system Ann\n", "f.yaml:1: the YAML tag tag:yaml.org,2002:python/object:os.system is "
                                              "not allowed: a test file holds plain text only"),
    ("name: [Ann\n", "f.yaml:2: this is not valid YAML"),
])
def test_every_mistake_names_the_file_the_line_the_place_and_the_fix(text, message):
    assert refused(text).startswith(message)


def test_a_file_that_is_not_utf8_is_named_with_its_line():
    with pytest.raises(CngenError, match=r"^f\.yaml:2: this is not UTF-8 text: save the file as UTF-8$"):
        read_yaml(b"name: Ann\ncount: \xff\n", "f.yaml", SHAPE, "plain text")


# --- The four formats read their mistakes the same way -----------------------------------

CLASSIC = GAMES["classic"]
CONTENTS, _ = default_contents(CLASSIC)
RULES = "title: Rules\nsections:\n  - id: a\n    title: A\n    blocks:\n      - text: Hello.\n"
LABELS = ("name: English\nkey card: key card\npage: 'page {number}'\nbundled deck: 'the deck {name}'\n"
          "named deck: 'the deck {name}'\nown words: your words\n")


def settings(text: str):
    return parse_settings(text.encode(), "cngen.yaml")


def rules(text: str):
    return parse_rules(text.encode(), "rules.yaml", CONTENTS, game_text(CLASSIC))


def labels(text: str):
    return parse_labels(text.encode(), "labels.yaml")


def tiles(text: str):
    return parse_tile_names(text.encode(), "tiles.yaml", tile_nouns(CLASSIC))


def deck(text: str):
    return parse_yaml_deck(text.encode(), "deck.yaml")


# (reader, a valid file, a key to misspell, the line it is on, where the message names it)
FORMATS = {
    "settings file": (settings, "paper: a4\ndeck:\n  blanks: 5\n", "blanks", 3, "deck"),
    "rules text": (rules, RULES, "title", 1, "top level"),
    "labels": (labels, LABELS, "page", 3, "top level"),
    "tile names": (tiles, "language: en\nred agent: red agent\n", "red agent", 2, "top level"),
    "deck": (deck, "name: ours\nlanguage: en\nwords: [PLANET, COMET]\n", "words", 3, "top level"),
}


def mistake(reader, text: str) -> str:
    with pytest.raises(CngenError) as caught:
        reader(text)
    return str(caught.value)


@pytest.mark.parametrize("name", FORMATS)
def test_each_format_reads_its_valid_file(name):
    reader, text, *_ = FORMATS[name]
    assert reader(text) is not None


@pytest.mark.parametrize("name", FORMATS)
def test_an_unknown_key_reads_the_same_in_every_format(name):
    reader, text, key, line, where = FORMATS[name]
    misspelt = text.replace(f"{key}:", f"{key[:-1]}x:", 1)
    source = {"settings file": "cngen.yaml", "rules text": "rules.yaml", "labels": "labels.yaml",
              "tile names": "tiles.yaml", "deck": "deck.yaml"}[name]
    assert mistake(reader, misspelt) == \
        f"{source}:{line}: {where}: unknown key '{key[:-1]}x': did you mean '{key}'?"


@pytest.mark.parametrize("name", FORMATS)
def test_a_key_set_twice_reads_the_same_in_every_format(name):
    reader, text, key, line, where = FORMATS[name]
    lines = text.splitlines(keepends=True)
    doubled = "".join([*lines[:line], lines[line - 1], *lines[line:]])
    assert f":{line + 1}: {where}: '{key}' is set twice (first on line {line}): remove one" in mistake(reader, doubled)


def test_a_deck_problem_is_one_of_the_lists_problems():
    with pytest.raises(WordListError) as caught:
        deck("name: ours\nwords: PLANET\n")
    assert str(caught.value) == "deck.yaml:2: words: this must be a list of entries such as [PLANET, COMET], not 'PLANET'"
