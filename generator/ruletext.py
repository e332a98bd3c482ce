"""The rules sheet's text: read from a YAML file, with the counts cngen really prints filled in,
and the chosen variants kept.

The words live in rules/en.yaml, not in code, so that they can be edited or translated;
``--text FILE.yaml`` prints another file of the same shape. Counts of components are
placeholders ({red_agents}...) filled from the same constants the other commands use, so
the sheet always matches the kit.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass
from pathlib import Path

import yaml

from .deck import DeckOptions
from .errors import CngenError, UsageError
from .keydeck import KeyOptions
from .keys import Key
from .resources import DEFAULT_DECK, deck_path
from .tokens import counts_per_set
from .utf8 import NotUtf8, decode_utf8
from .words import read_word_file

VARIANTS = ("two-players", "three-players", "match", "strict-extra-guess")
BLOCK_KINDS = ("text", "items", "steps", "table", "example")


@dataclass(frozen=True)
class Block:
    kind: str
    content: object  # str for text and example, list[str] for items and steps, dict for table


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    variant: str | None
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Example:
    words: tuple[str, ...]
    key: Key


@dataclass(frozen=True)
class RulesText:
    source: str
    title: str
    subtitle: str
    sections: tuple[Section, ...]
    example: Example | None


def kit_counts() -> dict[str, int]:
    """What the other commands print with their defaults, by placeholder name."""
    words = len(read_word_file(deck_path(DEFAULT_DECK)).entries)
    keys = KeyOptions(seed=0)
    tiles = {name.lower().replace(" ", "_") + "s": count for name, count in counts_per_set().items()}
    return {
        "words": words,
        "word_cards": math.ceil(words / 2),
        "blank_cards": DeckOptions().blanks,
        "key_cards": keys.count,
        "keys": keys.count * (2 if keys.double_sided else 1),
        "tiles": sum(counts_per_set().values()),
        **tiles,
    }


def read_rules(path: Path) -> RulesText:
    """The loader: read a rules file and parse it with the kit's real counts."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise CngenError(f"cannot read {path}: {error.strerror or error}") from None
    return parse_rules(data, str(path), kit_counts())


def parse_rules(data: bytes, source: str, counts: dict[str, int]) -> RulesText:
    try:
        document = yaml.safe_load(decode_utf8(data))
    except NotUtf8 as problem:
        raise CngenError(f"{source}:{problem.line}: this is not UTF-8 text{problem.detail}: save it as UTF-8") from None
    except yaml.YAMLError as error:
        raise CngenError(f"{source}: not a readable YAML rules file ({error})") from None
    if not isinstance(document, dict) or not isinstance(document.get("sections"), list):
        raise CngenError(f"{source}: a rules file needs a title and a list of sections")

    def fill(text: object, where: str) -> str:
        return _fill(str(text), counts, f"{source}: {where}")

    sections = tuple(_section(raw, index, fill, source) for index, raw in enumerate(document["sections"]))
    return RulesText(
        source=source,
        title=fill(document.get("title", ""), "title"),
        subtitle=fill(document.get("subtitle", ""), "subtitle"),
        sections=sections,
        example=_example(document.get("example"), source),
    )


def _fill(text: str, counts: dict[str, int], where: str) -> str:
    names = [name for _, name, _, _ in string.Formatter().parse(text) if name is not None]
    unknown = sorted(set(names) - set(counts))
    if unknown:
        raise CngenError(f"{where}: unknown placeholder {{{unknown[0]}}}; known: {', '.join(sorted(counts))}")
    return text.format_map(counts)


def _section(raw: object, index: int, fill, source: str) -> Section:
    if not isinstance(raw, dict) or "id" not in raw or not isinstance(raw.get("blocks"), list):
        raise CngenError(f"{source}: section {index + 1} needs an id, a title and a list of blocks")
    where = f"section '{raw['id']}'"
    variant = raw.get("variant")
    if variant is not None and variant not in VARIANTS:
        raise CngenError(f"{source}: {where} has an unknown variant '{variant}': use one of {', '.join(VARIANTS)}")
    blocks = []
    for block in raw["blocks"]:
        if not isinstance(block, dict) or len(block) != 1 or next(iter(block)) not in BLOCK_KINDS:
            raise CngenError(f"{source}: {where}: each block is one of {', '.join(BLOCK_KINDS)}")
        kind, content = next(iter(block.items()))
        blocks.append(Block(kind, _fill_content(kind, content, lambda text: fill(text, where))))
    return Section(str(raw["id"]), fill(raw.get("title", ""), where), variant, tuple(blocks))


def _fill_content(kind: str, content: object, fill) -> object:
    if kind in ("items", "steps"):
        return [fill(item) for item in content]
    if kind == "table":
        return {
            "columns": [fill(cell) for cell in content["columns"]],
            "rows": [[fill(cell) for cell in row] for row in content["rows"]],
        }
    return fill(content)


def _example(raw: object, source: str) -> Example | None:
    if raw is None:
        return None
    try:
        words = tuple(str(word) for word in raw["words"])
        grid = raw["key"]["grid"]
        key = Key(raw["key"]["starting"], tuple("".join(grid)))
    except (KeyError, TypeError, ValueError) as error:
        raise CngenError(f"{source}: the example needs 25 words and a valid key ({error})") from None
    if len(words) != 25:
        raise CngenError(f"{source}: the example needs 25 words, not {len(words)}")
    return Example(words, key)


def select_variants(rules: RulesText, variants: tuple[str, ...]) -> RulesText:
    unknown = [name for name in variants if name not in VARIANTS]
    if unknown:
        raise UsageError(f"unknown variant '{unknown[0]}': choose from {', '.join(VARIANTS)}, or none")
    kept = tuple(section for section in rules.sections if section.variant is None or section.variant in variants)
    return RulesText(rules.source, rules.title, rules.subtitle, kept, rules.example)

