"""The rules sheet's text: parsed from YAML, filled with the counts of the kit it describes,
trimmed to what fits that kit and to the chosen variants.

The words live in rules/en.yaml, not in code, so that they can be edited or translated;
``--text FILE.yaml`` prints another file of the same shape. In it:

- ``{key_cards}`` is a count of the kit (see ``KitContents.counts``), printed as 1,234;
  ``{key_cards|key card|key cards}`` prints the count with the singular or the plural noun;
  ``{{`` and ``}}`` are literal braces.
- ``when: fold`` (or a list of such names) on a section, a block or a list item keeps it only
  for kits it describes: printed ``long-edge``, ``short-edge``, ``fold`` or at a ``shop``;
  ``home``, ``duplex`` (both sides printed), ``one-side``; ``double-sided-keys`` or
  ``single-sided-keys``; ``blank-cards`` or ``no-blank-cards``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

from ..errors import CngenError, UsageError
from ..inputs.text import NotUtf8, decode_utf8
from .keys import Key
from .kit import KitContents
from .variants import VARIANTS

BLOCK_KINDS = ("text", "items", "steps", "table", "example")
CONDITIONS = ("long-edge", "short-edge", "fold", "shop", "home", "duplex", "one-side",
              "double-sided-keys", "single-sided-keys", "blank-cards", "no-blank-cards")
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_]+)(?:\|([^{}|]*)\|([^{}|]*))?\}|[{}]")


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


class _Filler:
    """Fills placeholders and tests conditions for one kit, naming the place of any mistake."""

    def __init__(self, source: str, contents: KitContents):
        self.source = source
        self.counts = contents.counts()
        self.holds = contents.conditions()

    def fill(self, text: object, where: str) -> str:
        def replace(match: re.Match) -> str:
            whole, name, singular, plural = match.group(0), *match.groups()
            if whole in ("{{", "}}"):
                return whole[0]
            if name is None:
                raise CngenError(f"{self.source}: {where}: a lone '{whole}': write {whole * 2} for a brace, "
                                 "or {name} for a count")
            if name not in self.counts:
                raise CngenError(f"{self.source}: {where}: unknown placeholder {{{name}}}; "
                                 f"known: {', '.join(sorted(self.counts))}")
            value = self.counts[name]
            shown = f"{value:,}" if isinstance(value, int) else str(value)
            if singular is None:
                return shown
            return f"{shown} {singular if value == 1 else plural}"

        return _PLACEHOLDER.sub(replace, str(text))

    def applies(self, raw: object, where: str) -> bool:
        """Whether a part with this ``when:`` (or none) belongs on this kit's sheet."""
        when = raw.get("when") if isinstance(raw, dict) else None
        if when is None:
            return True
        names = [when] if isinstance(when, str) else when
        if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
            raise CngenError(f"{self.source}: {where}: 'when' takes a name or a list of names, e.g. when: [fold]")
        for name in names:
            if name not in CONDITIONS:
                raise CngenError(f"{self.source}: {where}: unknown condition '{name}': use {', '.join(CONDITIONS)}")
        return any(name in self.holds for name in names)


def parse_rules(data: bytes, source: str, contents: KitContents) -> RulesText:
    """The rules text in ``data``, filled in for ``contents``."""
    try:
        document = yaml.safe_load(decode_utf8(data))
    except NotUtf8 as problem:
        raise CngenError(f"{source}:{problem.line}: this is not UTF-8 text{problem.detail}: save it as UTF-8") from None
    except yaml.YAMLError as error:
        raise CngenError(f"{source}: not a readable YAML rules file ({error})") from None
    if not isinstance(document, dict) or not isinstance(document.get("sections"), list):
        raise CngenError(f"{source}: a rules file needs a title and a list of sections")
    filler = _Filler(source, contents)
    sections = tuple(
        _section(raw, index, filler, source) for index, raw in enumerate(document["sections"])
        if filler.applies(raw, f"section {index + 1}")
    )
    return RulesText(
        source=source,
        title=filler.fill(document.get("title", ""), "title"),
        subtitle=filler.fill(document.get("subtitle", ""), "subtitle"),
        sections=sections,
        example=_example(document.get("example"), source),
    )


def _section(raw: object, index: int, filler: _Filler, source: str) -> Section:
    if not isinstance(raw, dict) or "id" not in raw or not isinstance(raw.get("blocks"), list):
        raise CngenError(f"{source}: section {index + 1} needs an id, a title and a list of blocks")
    where = f"section '{raw['id']}'"
    variant = raw.get("variant")
    if variant is not None and variant not in VARIANTS:
        raise CngenError(f"{source}: {where} has an unknown variant '{variant}': use one of {', '.join(VARIANTS)}")
    blocks = []
    for block in raw["blocks"]:
        kinds = [key for key in block if key != "when"] if isinstance(block, dict) else []
        if len(kinds) != 1 or kinds[0] not in BLOCK_KINDS:
            raise CngenError(f"{source}: {where}: each block is one of {', '.join(BLOCK_KINDS)}")
        if filler.applies(block, where):
            kind = kinds[0]
            blocks.append(Block(kind, _fill_content(kind, block[kind], filler, where)))
    return Section(str(raw["id"]), filler.fill(raw.get("title", ""), where), variant, tuple(blocks))


def _fill_content(kind: str, content: object, filler: _Filler, where: str) -> object:
    if kind in ("items", "steps"):
        if not isinstance(content, list):
            raise CngenError(f"{filler.source}: {where}: {kind} must be a list")
        return [filler.fill(item["text"] if isinstance(item, dict) else item, where)
                for item in content if filler.applies(item, where)]
    if kind == "table":
        if not isinstance(content, dict) or not isinstance(content.get("columns"), list) \
                or not isinstance(content.get("rows"), list):
            raise CngenError(f"{filler.source}: {where}: a table needs columns and rows")
        return {
            "columns": [filler.fill(cell, where) for cell in content["columns"]],
            "rows": [[filler.fill(cell, where) for cell in row] for row in content["rows"]],
        }
    return filler.fill(content, where)


def _example(raw: object, source: str) -> Example | None:
    if raw is None:
        return None
    try:
        words = tuple(str(word) for word in raw["words"])  # type: ignore[index]
        grid = raw["key"]["grid"]  # type: ignore[index]
        key = Key(raw["key"]["starting"], tuple("".join(grid)))  # type: ignore[index]
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
