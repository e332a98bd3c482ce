"""The words cngen prints on components, in one language: tile names, the plain back of a key
card, the rules sheet's footer and the phrase naming where the words come from.

They live in rules/labels-CODE.yaml, one file per language, read like every other data file:
composed YAML nodes, never constructed, every mistake reported as ``FILE:LINE: what and how
to fix it``. A key the file lacks is taken from the English file, and ``missing`` lists it so
that the summary can say so; a key English does not have is a mistake (a misspelt key would
otherwise print English silently).

The shape (every value plain text)::

    language: fr
    name: Français
    tiles: {red agent: ..., blue agent: ..., double agent: ..., bystander: ..., assassin: ...,
            agent: ..., timer token: ...}
    key card: carte clé
    page: "page {number}"
    bundled deck: "le paquet « {name} »"
    named deck: "le paquet « {name} »"
    own words: votre propre liste de mots
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field

import yaml

from ..errors import CngenError
from ..inputs.plainyaml import YamlProblem, compose_plain
from ..inputs.text import NotUtf8, decode_utf8

TILE_KEYS = ("red agent", "blue agent", "double agent", "bystander", "assassin", "agent", "timer token")
# Each text key, and the placeholders its text may (and, for these, must) hold.
TEXT_KEYS: dict[str, tuple[str, ...]] = {
    "name": (), "key card": (), "page": ("number",), "bundled deck": ("name",), "named deck": ("name",),
    "own words": (),
}
ROOT_KEYS = ("language", "tiles", *TEXT_KEYS)
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


@dataclass(frozen=True)
class Labels:
    """One language's labels; ``missing`` names the keys taken from English."""

    language: str
    texts: dict[str, str]
    tiles: dict[str, str]
    missing: tuple[str, ...] = field(default=())

    def text(self, key: str, **values: str) -> str:
        """A label with its placeholders filled: ``text("page", number="2")``."""
        return _PLACEHOLDER.sub(lambda match: values[match.group(1)], self.texts[key])

    def tile(self, noun: str) -> str:
        """A tile's name, as written in the file (cngen prints it in capitals)."""
        return self.tiles[noun]


def parse_labels(data: bytes, source: str, english: Labels | None = None) -> Labels:
    """The labels in ``data``; with ``english``, any key the file lacks is taken from it."""
    try:
        root = compose_plain(decode_utf8(data), "a labels file holds plain text only")
    except NotUtf8 as problem:
        raise CngenError(f"{source}:{problem.line}: this is not UTF-8 text{problem.detail}: save it as UTF-8") from None
    except YamlProblem as problem:
        raise CngenError(f"{source}:{problem.line or 1}: {problem.message}") from None
    reader = _Reader(source)
    fields = reader.fields(root, "top level", ROOT_KEYS)
    language = reader.text(fields["language"], "language") if "language" in fields else ""
    texts = {key: reader.text(fields[key], key, TEXT_KEYS[key]) for key in TEXT_KEYS if key in fields}
    tiles: dict[str, str] = {}
    if "tiles" in fields:
        tile_fields = reader.fields(fields["tiles"], "tiles", TILE_KEYS)
        tiles = {key: reader.text(node, f"tiles: {key}") for key, node in tile_fields.items()}
    missing = tuple(key for key in TEXT_KEYS if key not in texts) + \
        tuple(f"tiles: {key}" for key in TILE_KEYS if key not in tiles)
    if english is None:
        if missing:
            raise CngenError(f"{source}: '{missing[0]}' is missing: the English labels need every key")
        return Labels(language, texts, tiles)
    return Labels(language, {**english.texts, **texts}, {**english.tiles, **tiles}, missing)


class _Reader:
    def __init__(self, source: str):
        self.source = source

    def error(self, node: yaml.Node, where: str, message: str) -> CngenError:
        return CngenError(f"{self.source}:{node.start_mark.line + 1}: {where}: {message}")

    def fields(self, node: yaml.Node | None, where: str, known: tuple[str, ...]) -> dict[str, yaml.Node]:
        if node is None:
            raise CngenError(f"{self.source}: the file is empty: it needs {', '.join(known)}")
        if not isinstance(node, yaml.MappingNode):
            raise self.error(node, where, f"this needs keys ({', '.join(known)})")
        fields: dict[str, yaml.Node] = {}
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else ""
            if name not in known:
                close = difflib.get_close_matches(name, known, n=1)
                hint = f"did you mean '{close[0]}'?" if close else f"the keys are {', '.join(known)}"
                raise self.error(key, where, f"unknown key '{name}': {hint}")
            if name in fields:
                raise self.error(key, where, f"'{name}' is set twice: remove one")
            fields[name] = value
        return fields

    def text(self, node: yaml.Node, where: str, placeholders: tuple[str, ...] = ()) -> str:
        if not isinstance(node, yaml.ScalarNode) or not node.value.strip():
            raise self.error(node, where, "this must be text: write it")
        text = " ".join(node.value.split())
        if any(unicodedata.category(char) == "Cc" for char in text):
            raise self.error(node, where, "the text contains a control character: remove it")
        named = _PLACEHOLDER.findall(text)
        for name in named:
            if name not in placeholders:
                allowed = f"only {{{placeholders[0]}}}" if placeholders else "no placeholder"
                raise self.error(node, where, f"unknown placeholder {{{name}}}: this text takes {allowed}")
        for name in placeholders:
            if name not in named:
                raise self.error(node, where, f"the text must hold {{{name}}}, where cngen puts the {name}")
        if re.search(r"[{}]", _PLACEHOLDER.sub("", text)):
            raise self.error(node, where, "a lone brace: write {name} for a placeholder")
        return text
