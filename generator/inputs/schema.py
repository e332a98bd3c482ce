"""The one reader of cngen's YAML files: each format declares its shape, and every file is
checked against it node by node, in the same way and with the same messages.

A shape says what a value may be: text, a whole number, true or false, one of some names, a
list, or a group of keys (each optional or required, each with its own shape). Reading a
composed document (``plainyaml``: plain data, never constructed, hostile shapes refused)
against a shape gives plain Python values: text, numbers, lists, and ``Fields`` for a group
of keys, which remembers the line of every key so that a later check can still name it.

Every mistake is one ``FileProblem`` (a ``CngenError``): ``FILE:LINE: WHERE: WHAT, and the fix``, WHERE naming the
value by its keys ("tiles: red agent", "section 'setup', block 2"). The messages:

- a value of the wrong kind: ``this must be EXPECTED, not WHAT IT IS``;
- an unknown key: ``unknown key 'bystandr': did you mean 'bystander'?`` (one suggestion, or
  the keys that are allowed);
- a key set twice: ``'paper' is set twice (first on line 2): remove one``;
- a required key left out: ``'words:' is missing: add it``.

A shape may take a ``check``: a function that turns what was read into the value the format
uses (a parsed length, a card checked against the game's table) or raises ``Invalid`` with
what is wrong; the reader adds the file, the line and the place. Nothing here knows any of
cngen's formats: they declare their shapes where they are used.

Why not strictyaml, which also reads against a schema and keeps lines: it parses with
ruamel.yaml's round-trip loader, a second YAML parser, in pure Python, beside PyYAML's C one
(slower on a large deck, and one more package to load); it refuses flow style (``[a, b]``)
unless told, which our rules texts use throughout (a key's grid, an example's words); its
messages are its own, with a snippet of the file, not ``FILE:LINE: where: what``; and it reads
every scalar as text first, so ``"5"`` and ``5`` are alike, where the settings file must tell
them apart as the command line does.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Mapping

import msgspec
import yaml

from ..errors import CngenError, UsageError, quoted, suggest, text_problem
from .plainyaml import YamlProblem, compose_plain
from .text import NotUtf8, decode_utf8

NULL = "tag:yaml.org,2002:null"
_LINE_BREAKS = re.compile(r"[\t\n\r\v\f\u2028\u2029\x85]")


class FileProblem(CngenError):
    """A mistake in a YAML file, with its place: ``str()`` is the whole message."""

    def __init__(self, source: str, line: int | None, detail: str):
        super().__init__(f"{source}:{line}: {detail}" if line else f"{source}: {detail}")
        self.source, self.line, self.detail = source, line, detail


class Invalid(Exception):
    """What is wrong with a value, from a shape's check; the reader adds where it is.
    ``node`` or ``line`` points at a part of the value (a list's item) rather than the whole."""

    def __init__(self, message: str, node: yaml.Node | None = None, line: int | None = None):
        super().__init__(message)
        self.message = message
        self.node = node
        self.line = line


def as_option(parse: Callable[[str], Any]) -> Callable[[str], Any]:
    """A check that reads a file's value as the option it stands for is read (``--lang`` for a
    ``language:``): the option's complaint becomes the file's, at the value's line. Empty text
    stays empty."""

    def check(text: str) -> Any:
        try:
            return parse(text) if text else text
        except UsageError as error:
            raise Invalid(str(error)) from None

    return check


# --- The file -------------------------------------------------------------------------------


def read_yaml(data: bytes, source: str, shape: "Shape", holds: str, where: str = "top level") -> Any:
    """``data`` read as the YAML file ``source`` against ``shape``. ``holds`` says what the
    file holds, for a refused tag ("a deck holds plain text only")."""
    root = compose(data, source, holds)
    if root is None or (isinstance(root, yaml.ScalarNode) and root.tag == NULL):
        root = yaml.ScalarNode(NULL, "", start_mark=_FIRST_LINE)
    return Reading(source).read(shape, root, where)


def compose(data: bytes, source: str, holds: str) -> yaml.Node | None:
    """The file's root node: UTF-8 text, valid YAML, plain data, no hostile shapes."""
    try:
        text = decode_utf8(data)
    except NotUtf8 as problem:
        raise FileProblem(source, problem.line, f"this is not UTF-8 text{problem.detail}: save the file as UTF-8") \
            from None
    try:
        return compose_plain(text, holds)
    except YamlProblem as problem:
        raise FileProblem(source, problem.line, problem.message) from None


# Where an empty file's value is: its first line (line_of counts from 0, as YAML's marks do).
_FIRST_LINE = yaml.Mark("", 0, 0, 0, None, 0)


def line_of(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def shown(node: yaml.Node) -> str:
    """A value as a message names it: its kind, or its text (quoted text is said to be
    quoted, since "5" is not the number 5)."""
    if isinstance(node, yaml.MappingNode):
        return "a group of keys"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    assert isinstance(node, yaml.ScalarNode), "a YAML node is a group, a list or a scalar"
    if node.tag == NULL or node.value.strip() == "":
        return "empty"
    return f"the text in quotes {quoted(node.value)}" if node.style in ("'", '"') else quoted(node.value)


class Reading(msgspec.Struct):
    """One file being read: where messages say the mistakes are."""

    source: str
    key_of: dict[int, yaml.Node] = msgspec.field(default_factory=dict)  # a list or group -> the key that holds it

    def read(self, shape: "Shape", node: yaml.Node, where: str) -> Any:
        value = shape.read(node, where, self)
        if shape.check is None:
            return value
        try:
            return shape.check(value)
        except Invalid as problem:
            if problem.line is not None:
                raise FileProblem(self.source, problem.line, f"{where}: {problem.message}") from None
            raise self.fail(problem.node or node, where, problem.message) from None

    def fail(self, node: yaml.Node, where: str, message: str) -> CngenError:
        """A mistake in ``node``: a list or group written on the lines below its key is named
        by the key's line, where the reader saw one."""
        key = self.key_of.get(id(node)) if isinstance(node, yaml.CollectionNode) else None
        return FileProblem(self.source, line_of(key or node), f"{where}: {message}")

    def wrong(self, node: yaml.Node, where: str, expect: str) -> CngenError:
        return self.fail(node, where, f"this must be {expect}, not {shown(node)}")


# --- Shapes ---------------------------------------------------------------------------------


class Shape(msgspec.Struct, frozen=True, kw_only=True):
    """What a value may be. ``expect`` completes "this must be ...". ``check`` turns the value
    read into the format's own, or raises Invalid."""

    expect: str = ""
    check: Callable[[Any], Any] | None = None

    def describe(self) -> str:
        """What a valid value looks like, for "this must be ..."."""
        return self.expect or "a value"

    def read(self, node: yaml.Node, where: str, reading: Reading) -> Any:
        raise NotImplementedError


class Text(Shape, frozen=True):
    """A scalar's text, as written: ``8`` and ``yes`` are the text '8' and 'yes'. Line breaks
    and tabs become spaces and the ends are trimmed; a character the one rule of users' text
    refuses (a control character, a right-to-left override...) is refused. ``empty`` lets an
    empty value be the empty text."""

    empty: bool = False
    longest: int | None = None

    def describe(self) -> str:
        return self.expect or "text"

    def read(self, node: yaml.Node, where: str, reading: Reading) -> str:
        if not isinstance(node, yaml.ScalarNode):
            raise reading.wrong(node, where, self.describe())
        if node.tag == NULL and not (self.empty and node.value == ""):
            raise reading.fail(node, where, "this is empty: write the text, in quotes if it starts with a "
                                            "character YAML treats specially")
        text = _LINE_BREAKS.sub(" ", node.value).strip()
        if not text and not self.empty:
            raise reading.fail(node, where, "this is empty: write the text")
        hidden = text_problem(text)
        if hidden is not None:
            raise reading.fail(node, where, f"the text contains {hidden}: remove it")
        if self.longest is not None and len(text) > self.longest:
            raise reading.fail(node, where, f"{len(text):,} characters are too many: at most {self.longest} fit")
        return text


class Scalar(Shape, frozen=True):
    """A scalar as YAML wrote it, unchecked: its text, or None for anything else (a format that
    collects its own problems, such as a deck's words, checks them itself)."""

    def read(self, node: yaml.Node, where: str, reading: Reading) -> str | None:
        return node.value if isinstance(node, yaml.ScalarNode) else None


class Node(Shape, frozen=True):
    """The value's node itself, unread: for a part whose reading depends on another key of its
    group (a section's messages are named by its id), read later with ``Reading.read``."""

    def read(self, node: yaml.Node, where: str, reading: Reading) -> yaml.Node:
        return node


# A whole number as users write it: ASCII digits, not '５' or 1_000 (which int() takes, as YAML
# 1.1's 0x1F and 0o17 would be), and few enough of them that reading them stays fast.
WHOLE_NUMBER = r"[-+]?[0-9]{1,25}"


class Whole(Shape, frozen=True):
    """A whole number YAML itself reads as one (5, not "5"), from ``low`` to ``high``."""

    low: int | None = None
    high: int | None = None

    def read(self, node: yaml.Node, where: str, reading: Reading) -> int:
        if not (isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:int"
                and re.fullmatch(WHOLE_NUMBER, node.value)):
            raise reading.wrong(node, where, self.describe())
        number = int(node.value)
        if (self.low is not None and number < self.low) or (self.high is not None and number > self.high):
            raise reading.wrong(node, where, self.describe())
        return number


class Flag(Shape, frozen=True):
    """true or false: YAML 1.1 also reads yes, no, on and off so, which is too easy to mistake."""

    def describe(self) -> str:
        return self.expect or "true or false"

    def read(self, node: yaml.Node, where: str, reading: Reading) -> bool:
        if not (isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:bool"
                and node.value.lower() in ("true", "false")):
            raise reading.wrong(node, where, self.describe())
        return bool(node.value.lower() == "true")


class Choice(Shape, frozen=True):
    """One of ``names``, as text; a near miss is named."""

    names: tuple[str, ...] = ()
    what: str = "value"  # "unknown condition 'x'"

    def read(self, node: yaml.Node, where: str, reading: Reading) -> str:
        text = Text(expect=self.describe()).read(node, where, reading)
        if text not in self.names:
            raise reading.fail(node, where, f"unknown {self.what} {quoted(text)}: {suggest(text, self.names, 'use')}")
        return text


class Lined(Shape, frozen=True):
    """``shape``'s value with the line it was written on."""

    shape: Shape = msgspec.field(default_factory=Text)

    def describe(self) -> str:
        return self.expect or self.shape.describe()

    def read(self, node: yaml.Node, where: str, reading: Reading) -> "At":
        return At(reading.read(self.shape, node, where), line_of(node))


class At(msgspec.Struct, frozen=True):
    value: Any
    line: int


class ListOf(Shape, frozen=True):
    """A list of ``item``s: at least ``least`` of them, or exactly ``exactly``. ``one`` also
    takes a single item written on its own, as a list of one (``when: fold``)."""

    item: Shape = msgspec.field(default_factory=Text)
    least: int = 0
    exactly: int | None = None
    one: bool = False
    name: str = "item"  # how a message names an item: "word 3"

    def read(self, node: yaml.Node, where: str, reading: Reading) -> list:
        if self.one and isinstance(node, yaml.ScalarNode) and node.tag != NULL:
            return [reading.read(self.item, node, where)]
        if not isinstance(node, yaml.SequenceNode):
            raise reading.wrong(node, where, self.describe())
        items = list(node.value)
        if self.exactly is not None and len(items) != self.exactly:
            raise reading.fail(node, where, f"this must be {self.describe()}, not {len(items)}")
        if len(items) < self.least:
            raise reading.fail(node, where, f"the list is empty: it must be {self.describe()}" if not items else
                               f"this must be {self.describe()}, not {len(items)}")
        return [reading.read(self.item, item, f"{where}, {self.name} {number}" if self.name else where)
                for number, item in enumerate(items, start=1)]


class Key(msgspec.Struct, frozen=True):
    """One key of a group: its shape, whether it must be there, and how messages name it
    (``label``: "section 'setup'" rather than "sections")."""

    shape: Shape
    required: bool = False
    label: str | None = None


class Fields(msgspec.Struct, frozen=True):
    """What a group of keys held: each key's value, the line of each key, the group's own line."""

    values: Mapping[str, Any]
    lines: Mapping[str, int]
    line: int

    def __contains__(self, name: str) -> bool:
        return name in self.values

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def get(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)


class Group(Shape, frozen=True):
    """A group of keys (a YAML mapping), each read with its own shape. An unknown key is a
    mistake; ``unknown``, if given, explains one (a key of another part of the file) before
    the nearest valid key is suggested. ``empty`` lets a group written as nothing (every key
    under it commented out) read as a group with no keys."""

    keys: Mapping[str, Key] = msgspec.field(default_factory=dict)
    empty: bool = False
    unknown: Callable[[str], str | None] | None = None
    join: str = ": "  # between the group's place and a key's, in messages: "tiles: red agent"

    def describe(self) -> str:
        return self.expect or f"a group of keys ({', '.join(self.keys)})"

    def read(self, node: yaml.Node, where: str, reading: Reading) -> Fields:
        if self.empty and isinstance(node, yaml.ScalarNode) and node.tag == NULL:
            return Fields({}, {}, line_of(node) if node.start_mark is not _FIRST_LINE else 1)
        if not isinstance(node, yaml.MappingNode):
            raise reading.wrong(node, where, self.describe())
        values: dict[str, Any] = {}
        lines: dict[str, int] = {}
        found: list[tuple[str, yaml.Node]] = []
        for key_node, value_node in node.value:
            name = key_node.value if isinstance(key_node, yaml.ScalarNode) else ""
            if name in lines:
                raise reading.fail(key_node, where, f"{quoted(name)} is set twice (first on line {lines[name]}): "
                                                    "remove one")
            if name not in self.keys:
                raise reading.fail(key_node, where, self._unknown(name))
            lines[name] = line_of(key_node)
            reading.key_of[id(value_node)] = key_node
            found.append((name, value_node))
        missing = [name for name, key in self.keys.items() if key.required and name not in lines]
        if missing:
            raise reading.fail(node, where, f"'{missing[0]}:' is missing: add it")
        for name, value_node in found:
            key = self.keys[name]
            values[name] = reading.read(key.shape, value_node, key.label or self.place(where, name))
        return Fields(values, lines, line_of(node))

    def place(self, where: str, name: str) -> str:
        return name if where == "top level" else f"{where}{self.join}{name}"

    def _unknown(self, name: str) -> str:
        shown_name = f"unknown key {quoted(name)}" if name else "a key must be a name"
        hint = self.unknown(name) if self.unknown is not None else None
        return f"{shown_name}: {hint or suggest(name, list(self.keys), 'the keys here are')}"
