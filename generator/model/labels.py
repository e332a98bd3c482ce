"""The words cngen prints on components, in one language: the plain back of a key card, the
rules sheet's footer, the phrase naming where the words come from (``languages/CODE/labels.yaml``),
and each game's tile names (``languages/CODE/GAME-tiles.yaml``).

Both are read by the one YAML reader (``inputs.schema``), so every mistake is reported as
``FILE:LINE: where: what and how to fix it``. A key a translation lacks is taken from the
English file, and ``missing`` lists it so that the summary can say so; a key English does not
have is a mistake (a misspelt key would otherwise print English silently).

The shapes (every value plain text)::

    language: fr                                  # languages/fr/labels.yaml
    name: Français
    key card: carte clé
    page: "page {number}"                         # must hold {number}
    bundled deck: "le paquet « {name} »"           # must hold {name}
    named deck: "le paquet « {name} »"
    own words: votre propre liste de mots

    language: fr                                  # languages/fr/classic-tiles.yaml
    red agent: agent rouge                        # one key per tile name the game prints
    ...
"""

from __future__ import annotations

import re
from typing import Callable, Mapping, Sequence

import msgspec

from ..errors import CngenError
from ..inputs.schema import Group, Invalid, Key, Text, read_yaml

# Each text key, and the placeholders its text may (and, for these, must) hold.
TEXT_KEYS: dict[str, tuple[str, ...]] = {
    "name": (), "key card": (), "page": ("number",), "bundled deck": ("name",), "named deck": ("name",),
    "own words": (), "picture deck": (), "own pictures": (),
    # stand
    "stand cut": (), "stand fold": (), "stand glue": (), "stand card": (),
    # box
    "box deck": (), "box pictures": (), "box keys": (), "box tokens": (), "box card": ("count",),
    "box cards": ("count",), "box tile": ("count",), "box tiles": ("count",), "box steps": (), "box join": (),
}
HOLDS = "a labels file holds plain text only"
_ASCII_SPACE = re.compile(r"[ \t\r\n]+")
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


class Labels(msgspec.Struct, frozen=True):
    """One language's labels, or one game's tile names; ``missing`` names the keys taken from
    English."""

    language: str
    texts: dict[str, str]
    missing: tuple[str, ...] = ()

    def text(self, key: str, **values: str) -> str:
        """A label with its placeholders filled: ``text("page", number="2")``."""
        return _PLACEHOLDER.sub(lambda match: values[match.group(1)], self.texts[key])


def parse_labels(data: bytes, source: str, english: Labels | None = None,
                 keys: Mapping[str, tuple[str, ...]] = TEXT_KEYS) -> Labels:
    """The labels in ``data``, each of ``keys`` holding its placeholders; with ``english``, any
    key the file lacks is taken from it."""
    texts = {key: Key(Text(check=_placeholders(key, wanted))) for key, wanted in keys.items()}
    fields = read_yaml(data, source, Group({"language": Key(Text()), **texts}), HOLDS)
    language = fields.get("language", "")
    found = {key: value for key, value in fields.values.items() if key != "language"}
    if english is None:
        return Labels(language, found)
    missing = tuple(key for key in english.texts if key not in found)
    return Labels(language, {**english.texts, **found}, missing)


def parse_tile_names(data: bytes, source: str, nouns: Sequence[str], english: Labels | None = None) -> Labels:
    """A game's tile names (``nouns``: the names its tiles print) in ``data``: labels that hold
    no placeholder."""
    return parse_labels(data, source, english, dict.fromkeys(nouns, ()))


def require_every_key(labels: Labels, keys: Sequence[str], source: str) -> Labels:
    """English is the fallback of every other language: it must have every key."""
    for key in keys:
        if key not in labels.texts:
            raise CngenError(f"{source}: '{key}' is missing: the English file needs every key")
    return labels


def _placeholders(key: str, wanted: tuple[str, ...]) -> Callable[[str], str]:
    """A text's check: it holds each of ``wanted`` and no other placeholder, and no lone brace."""
    def check(text: str) -> str:
        text = " ".join(_ASCII_SPACE.split(text.strip(" \t\r\n")))  # a no-break space stays where it was written
        named = _PLACEHOLDER.findall(text)
        for name in named:
            if name not in wanted:
                allowed = f"only {{{wanted[0]}}}" if wanted else "no placeholder"
                raise Invalid(f"unknown placeholder {{{name}}}: this text takes {allowed}")
        for name in wanted:
            if name not in named:
                raise Invalid(f"the text must hold {{{name}}}, where cngen puts the {name}")
        if re.search(r"[{}]", _PLACEHOLDER.sub("", text)):
            raise Invalid("a lone brace: write {name} for a placeholder")
        return text

    return check
