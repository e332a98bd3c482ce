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
    box cards: "{count|carte|cartes}"             # a count: one form of its noun for each of the
                                                  # language's plural categories (model.counts)

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
from .counts import CountStyle, counted, wrong_forms

COUNT = "count"  # a counted text's placeholder, written with its noun's forms: {count|card|cards}
# Each text key, and the placeholders its text may (and, for these, must) hold.
TEXT_KEYS: dict[str, tuple[str, ...]] = {
    "name": (), "title": (), "key card": (), "page": ("number",), "bundled deck": ("name",), "named deck": ("name",),
    "own words": (), "picture deck": (), "own pictures": (),
    # stand
    "stand cut": (), "stand fold": (), "stand glue": (), "stand card": (),
    # box
    "box deck": (), "box pictures": (), "box keys": (), "box tokens": (), "box cards": (COUNT,), "box tiles": (COUNT,),
    "box steps": (), "box join": (),
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
    fallback: str = ""  # the language of the texts taken for those missing: English
    style: CountStyle = CountStyle().on_one_line()  # how a count is written beside its noun

    def text(self, key: str, **values: str) -> str:
        """A label with its placeholders filled: ``text("page", number="2")``."""
        return _PLACEHOLDER.sub(lambda match: values[match.group(1)], self.texts[key])

    def count(self, key: str, value: int) -> str:
        """A counted text, ``{count|card|cards}``, with the count and the form of its noun the
        count takes in the text's language: ``count("box cards", 12)`` is "12 cards"."""
        language = self.fallback if key in self.missing else self.language
        return _PLACEHOLDER.sub(lambda match: counted(value, match.group(1).split("|")[1:], language, self.style),
                                self.texts[key])


def parse_labels(data: bytes, source: str, english: Labels | None = None,
                 keys: Mapping[str, tuple[str, ...]] = TEXT_KEYS, style: CountStyle = CountStyle()) -> Labels:
    """The labels in ``data``, each of ``keys`` holding its placeholders (a count with one form
    of its noun for each plural category of the file's language); with ``english``, any key the
    file lacks is taken from it. ``style``: how the language writes a count, on one line."""
    texts = {key: Key(Text(check=_placeholders(key, wanted))) for key, wanted in keys.items()}
    fields = read_yaml(data, source, Group({"language": Key(Text()), **texts}), HOLDS)
    language = fields.get("language", "")
    found = {key: value for key, value in fields.values.items() if key != "language"}
    for key, text in found.items():
        if COUNT in keys[key]:
            _check_forms(text, language, f"{source}:{fields.lines[key]}: {key}")
    if english is None:
        return Labels(language, found, style=style.on_one_line())
    missing = tuple(key for key in english.texts if key not in found)
    return Labels(language, {**english.texts, **found}, missing, english.language, style.on_one_line())


def parse_tile_names(data: bytes, source: str, nouns: Sequence[str], english: Labels | None = None,
                     counts: Sequence[str] = (), style: CountStyle = CountStyle()) -> Labels:
    """A game's tile names (``nouns``: the names its tiles print) in ``data``, or an export's
    texts: labels that hold no placeholder, but ``counts``' count with its noun's forms."""
    return parse_labels(data, source, english, {**dict.fromkeys(nouns, ()), **dict.fromkeys(counts, (COUNT,))},
                        style)


def require_every_key(labels: Labels, keys: Sequence[str], source: str) -> Labels:
    """English is the fallback of every other language: it must have every key."""
    for key in keys:
        if key not in labels.texts:
            raise CngenError(f"{source}: '{key}' is missing: the English file needs every key")
    return labels


def _placeholders(key: str, wanted: tuple[str, ...]) -> Callable[[str], str]:
    """A text's check: it holds each of ``wanted`` and no other placeholder, and no lone brace;
    a count, with the forms of its noun, and only a count."""
    def check(text: str) -> str:
        text = " ".join(_ASCII_SPACE.split(text.strip(" \t\r\n")))  # a no-break space stays where it was written
        written = _PLACEHOLDER.findall(text)
        named = [placeholder.split("|")[0] for placeholder in written]
        for name, whole in zip(named, written):
            if name == COUNT and COUNT in wanted and (whole == name or "" in whole.split("|")[1:]):
                raise Invalid(f"write {{{COUNT}|…}} with each form of its noun after a bar: {{{COUNT}|card|cards}}")
            if name != whole and name != COUNT:
                raise Invalid(f"{{{whole}}}: only a count takes its noun's forms; write {{{name}}}")
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


def _check_forms(text: str, language: str, where: str) -> None:
    """A count gives one form of its noun for each plural category of its language, in CLDR's
    order; ``where`` places it, FILE:LINE: key."""
    for placeholder in _PLACEHOLDER.findall(text):
        problem = wrong_forms(f"{{{placeholder}}}", len(placeholder.split("|")) - 1, language, COUNT)
        if problem is not None:
            raise CngenError(f"{where}: {problem}")
