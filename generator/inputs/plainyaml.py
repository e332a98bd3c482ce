"""Reading YAML as plain data: composed into nodes that keep their line, never constructed.

Decks, settings files and rules texts are data. Composing builds no Python objects at all,
and tags such as !!python/object, which ask a loader to build one, are refused outright.
"""

from __future__ import annotations

import yaml

# libyaml's parser when it is installed: ten times faster on a 20,000-word deck.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
# Timestamps are plain too: YAML tags `title: 2024-05-01` that way by itself.
PLAIN_TAGS = {
    f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null", "seq", "map", "timestamp")
}


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
        root = yaml.compose(text, Loader=_SAFE_LOADER)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        reason = getattr(error, "problem", None) or "it cannot be read"
        raise YamlProblem(mark.line + 1 if mark else None, f"this is not valid YAML: {reason}") from None
    _refuse_custom_tags(root, holds)
    return root


def _refuse_custom_tags(root: yaml.Node | None, holds: str) -> None:
    pending = [root] if root is not None else []
    seen: set[int] = set()  # an alias can point back at its own parent: visit each node once
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
