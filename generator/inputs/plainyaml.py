"""Reading YAML as plain data: composed into nodes that keep their line, never constructed.

Decks, settings files and rules texts are data. Composing builds no Python objects at all,
and tags such as !!python/object, which ask a loader to build one, are refused outright.

Hostile shapes are refused before anything is composed, from libyaml's event stream (which is
read without recursion): nesting deeper than MAX_DEPTH levels, which would make the composer
recurse until the process crashes; and documents of more than MAX_NODES values once every
alias is expanded (a "billion laughs"), which would make anything that follows the aliases run
for ever. An alias inside the very list or group it names is let through, as one value: the
readers of decks, settings and rules texts each walk to the fixed depth of their own format,
and a walker of any depth must mark the nodes it has visited.
"""

from __future__ import annotations

from typing import Any, Iterator

import yaml

# libyaml's parser when it is installed: ten times faster on a 20,000-word deck.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# Timestamps are plain too: YAML tags `title: 2024-05-01` that way by itself.
PLAIN_TAGS = {
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "seq", "map", "timestamp")
}
# Lists and groups of keys inside each other, aliases expanded: cngen's rules text uses 8.
MAX_DEPTH = 50
TOO_DEEP = f"lists and groups of keys are nested more than {MAX_DEPTH} levels deep here, which no cngen file " \
           "needs: flatten them"
# Values in the document, every alias expanded: 2.5 times a deck of 100,000 words. Composing
# takes about 400 bytes a value: this many is 100 MB.
MAX_NODES = 250_000


class YamlProblem(Exception):
    """Why a YAML text cannot be used, and on which line (None when unknown)."""

    def __init__(self, line: int | None, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


def compose_plain(text: str, holds: str) -> yaml.Node | None:
    """The document's root node; ``holds`` ends the message for a refused tag
    (e.g. "a deck holds plain text only")."""
    try:
        _refuse_hostile_shapes(text)
        root = yaml.compose(text, Loader=_SAFE_LOADER)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        reason = getattr(error, "problem", None) or "it cannot be read"
        line = mark.line + 1 if mark else None
        if "nesting depth" in reason:  # PyYAML 6.0.3 and later stop there before cngen's own check
            raise YamlProblem(line, TOO_DEEP) from None
        raise YamlProblem(line, f"this is not valid YAML: {reason}") from None
    _refuse_custom_tags(root, holds)
    return root


def _refuse_hostile_shapes(text: str) -> None:
    """Walk the events once, keeping for each anchor the size and height of what it names,
    and refuse the first event that takes the document past MAX_DEPTH or MAX_NODES."""
    depth = 0
    nodes = 0  # so far, aliases expanded
    # One frame per open list or group: [its anchor, nodes before it, its children's height].
    frames: list[list] = []
    named: dict[str, tuple[int, int]] = {}  # anchor -> (nodes, height) of the node it names
    collection_start = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
    collection_end = (yaml.SequenceEndEvent, yaml.MappingEndEvent)
    # Any: each event's kind is told by its type, which mypy's narrowing does not follow through ``is``.
    events: Iterator[Any] = yaml.parse(text, Loader=_SAFE_LOADER)
    for event in events:
        kind = type(event)
        if kind is yaml.ScalarEvent:
            nodes += 1
            if nodes > MAX_NODES:  # before composing them takes gigabytes
                raise YamlProblem(_line(event), f"the document holds more than {MAX_NODES:,} values, "
                                                "far more than any cngen file: split it")
            if event.anchor is not None:
                named[event.anchor] = (1, 0)
        elif kind in collection_start:
            depth += 1
            if depth > MAX_DEPTH:
                raise YamlProblem(_line(event), TOO_DEEP)
            frames.append([event.anchor, nodes, 0])
            nodes += 1
        elif kind in collection_end:
            depth -= 1
            anchor, before, children = frames.pop()
            height = children + 1
            if anchor is not None:
                named[anchor] = (nodes - before, height)
            if frames and frames[-1][2] < height:
                frames[-1][2] = height
        elif kind is yaml.AliasEvent:
            # An anchor still open (an alias inside what it names), or unknown (the composer says
            # so): one value.
            size, height = named.get(event.anchor, (1, 0))
            nodes += size
            if depth + height > MAX_DEPTH:
                raise YamlProblem(_line(event), f"the alias *{event.anchor} nests lists and groups of keys more "
                                                f"than {MAX_DEPTH} levels deep: write the values out instead")
            if nodes > MAX_NODES:
                raise YamlProblem(_line(event), f"the alias *{event.anchor} takes the document past "
                                                f"{MAX_NODES:,} values once aliases are expanded, far more than "
                                                "any cngen file holds: write the values out instead")
            if frames and frames[-1][2] < height:
                frames[-1][2] = height


def _line(event: yaml.Event) -> int | None:
    mark = event.start_mark
    return mark.line + 1 if mark is not None else None


def _refuse_custom_tags(root: yaml.Node | None, holds: str) -> None:
    pending = [root] if root is not None else []
    seen: set[int] = set()  # an alias names a node already met: visit each node once
    while pending:
        node = pending.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if node.tag not in PLAIN_TAGS:
            raise YamlProblem(node.start_mark.line + 1, f"the YAML tag {node.tag} is not allowed: {holds}")
        if isinstance(node, yaml.SequenceNode):
            pending.extend(node.value)
        elif isinstance(node, yaml.MappingNode):
            pending.extend(part for pair in node.value for part in pair)
