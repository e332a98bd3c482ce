"""The rules sheet's text: read from YAML, filled with the counts of the kit it describes,
trimmed to what fits that kit and to the chosen variants.

The words live in each language's folder (``languages/en/classic.yaml``...), not in code, so that
they can be edited or translated; ``--text FILE.yaml`` prints another file of the same shape.
The file is data, read by the one YAML reader (``inputs.schema``) against the shape below, and
every mistake is reported as ``FILE:LINE: where: what is wrong and how to fix it``.

The shape::

    language: en                     # optional: the language the file is written in
    title: How to play               # plain text, also printed in the footer
    subtitle: Two teams, ...         # optional, plain text
    subtitles:                       # optional: the first whose when: the kit meets replaces it
      - {text: Three teams, ..., when: three-teams}
    sections:                        # a list of at least one section
      - id: setup                    # a name of its own, used in messages
        title: Setting up            # plain text
        variant: two-players         # optional: printed only when that variant is chosen
        when: fold                   # optional: see the conditions below
        blocks:                      # at least one; each holds exactly one of these:
          - text: A paragraph.
          - items: [A bullet, {text: Another bullet, when: home}]
          - steps: [First, Then]     # a numbered list; entries as in items
          - table: {columns: [Left, Right], rows: [[a, b], [c, d]]}
          - example: key-and-grid    # draws the game's example (its name is the game's drawing)
    example: ...                     # what the example block draws: its shape is the game's

The example belongs to the game: its shape, its drawing's name and how it is drawn are in
``games/*/example.py``; this module reads it with the shape the game gives (``ExampleKind``).
A game without variants refuses ``variant:``.

Numbers and yes/no are text as they are written (``- 8`` prints "8"); an empty value is a
mistake, except in a table cell. A table has 1 to 4 columns, and every row as many cells as
there are columns.

A rules text holds what a rules sheet can (see ``MAX_PARAGRAPH`` and the limits beside it):
a paragraph, list entry or table cell of at most 5,000 characters, a title or section title of
200, a clue or caption of 500, an example's word of 100, and in all at most 40,000 characters
in 1,000 strings (about six pages of A4). A text past a limit is refused at the string that
passes it, before that string is read any further, so that whatever the file holds, it is set
or refused quickly.

In text (paragraphs, items, steps and table cells):

- ``<b>...</b>`` sets words bold and ``<i>...</i>`` italic; they may nest (``<b><i>x</i></b>``)
  but not overlap, and take no attributes. No other tag is allowed: anything shaped like a
  tag (``<`` or ``</`` right before a letter, up to the next ``>``: ``<img src=...>``,
  ``<font>``, ``</a>``, ``<br/>``) is refused with its line. Any other ``<`` (``a < b``,
  ``<3``), every ``>`` and every ``&`` are ordinary characters, printed as they are: there
  are no entities (``&amp;`` prints as written). Line breaks and tabs are spaces.
- Titles (the sheet's, the subtitle, each section's) and the example's clue and captions are
  plain text, set in their own style: no tags at all.

Placeholders, in every string but the example's words:

- ``{key_cards}`` is a count of the kit (see ``KitContents.counts``), printed as 1,234;
  ``{key_cards|key card|key cards}`` prints the count with its noun in the form the count
  takes: one form for each of the language's plural categories, in CLDR's order (English and
  French two, one and other; Polish three, ``{key_cards|karta|karty|kart}``; Japanese one;
  ``model.counts``). ``{deck}`` is where the words come from; ``{{`` and ``}}`` are literal
  braces. Any other brace is a mistake. Placeholders are filled in after the tags are read, so
  a count or a deck's name is always plain text. Counts and their forms follow the file's
  ``language:``.

Conditions:

- ``when: fold`` (or a list of such names, any of which will do) on a section, a block or a
  list entry keeps it only for kits it describes: printed ``long-edge``, ``short-edge``,
  ``fold``, at a ``shop`` or by a print-on-demand service (``pod``); ``home``, ``duplex`` (both
  sides printed), ``one-side``; ``double-sided-keys`` or ``single-sided-keys``;
  ``blank-cards`` or ``no-blank-cards``; ``two-teams`` or ``more-teams`` (and ``three-teams`` or
  ``four-teams``), ``assassin`` or ``no-assassin``, ``boxed-table`` (two teams at 5 x 5, 9 / 8 /
  7 / 1) or ``other-table``, and, both at once, ``two-teams-assassin``, ``more-teams-no-assassin``
  (and the like) and ``two-teams-other-table``. A list whose entries are all left out disappears; a
  section whose blocks all are, or a sheet with no section left, is a mistake: put the
  ``when:`` on the section instead. Everything is read and checked whether or not it is
  kept, so a mistake shows on every kit.

The model holds no markup: every printed string is a ``Rich``, a tuple of ``Span`` (plain
text, bold or not, italic or not) with the line it was written on. Whoever typesets it builds
its own markup from the spans. The rules job then checks every string the sheet prints
against the font it is set in, and refuses letters written right to left.

``with_typographic_quotes`` sets straight quotes in the text's language's marks (’ ‘ “ ” in
English, « » in French: ``model.typography``); the rules job applies it to the whole text when
the fonts have those characters, so the sheet prints none.
"""

from __future__ import annotations

import re
from typing import Any, Callable, Iterator, Mapping, Protocol, Union, overload

import msgspec
import yaml
from msgspec.structs import replace

from ..errors import CngenError, UsageError, quoted, suggest
from ..inputs.schema import (
    NULL,
    Choice,
    Group,
    Key,
    ListOf,
    Node,
    Reading,
    Shape,
    Text,
    as_option,
    compose,
    line_of,
    shown,
)
from ..units import parse_language
from .capitals import primary
from .counts import CountStyle, counted, format_count, plural_forms, wrong_forms
from .inline import TAG, MarkupError, Span, spans
from .kit import KitContents
from .typography import Typography
from .words import MAX_ENTRY

BLOCK_KINDS = ("text", "items", "steps", "table", "example")
CONDITIONS = ("long-edge", "short-edge", "fold", "shop", "pod", "home", "duplex", "one-side",
              "double-sided-keys", "single-sided-keys", "blank-cards", "no-blank-cards",
              "two-teams", "more-teams", "three-teams", "four-teams", "assassin", "no-assassin",
              "boxed-table", "other-table", "two-teams-assassin", "two-teams-no-assassin",
              "more-teams-assassin", "more-teams-no-assassin", "two-teams-other-table", "second-lines",
              "pictures-above-words")
MAX_TABLE_COLUMNS = 4  # a table sits in one column of the sheet
# How much a rules text may hold: far more than any rules sheet needs, and little enough that
# setting it stays quick (Platypus breaks a paragraph's lines again at each column it runs
# into, and the sheet is set at several spacings to choose one). A column of A4 sets about 65
# lines of 50 characters, a page about 6,500; cngen's own rules print 7,000 to 9,000
# characters in under 200 strings on two or three pages of A4, none of their paragraphs longer
# than 560.
MAX_PARAGRAPH = 5_000  # characters in a paragraph, list entry or table cell: a column and a half
MAX_HEADING = 200  # the title, subtitle and section titles: a few lines at the heading's size
MAX_CAPTION = 500  # the example's clue and captions: more than its room beside or under it holds
MAX_TOTAL = 40_000  # characters in the whole text: about six pages of A4, four times cngen's own
MAX_STRINGS = 1_000  # paragraphs, entries, cells and titles: a line each at least, eight pages of A4
HOLDS = "a rules text holds plain text only"

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_]+)((?:\|[^{}|]*)+)?\}|\{[^{}]*\}|[{}]")


# --- The model ------------------------------------------------------------------------------


class Rich(msgspec.Struct, frozen=True):
    """One printed string of the rules text: its spans, and where it was written."""

    spans: tuple[Span, ...]
    line: int
    where: str  # e.g. "section 'setup', item 3", for messages

    @property
    def plain(self) -> str:
        return "".join(span.text for span in self.spans)


class Table(msgspec.Struct, frozen=True):
    columns: tuple[Rich, ...]
    rows: tuple[tuple[Rich, ...], ...]


class Entries(msgspec.Struct, frozen=True):
    """A list block: bullet items, or numbered steps."""

    numbered: bool
    entries: tuple[Rich, ...]

    def __iter__(self) -> Iterator[Rich]:
        return iter(self.entries)

    def __len__(self) -> int:
        return len(self.entries)


class Example(Protocol):
    """A game's drawn example, as its rules text gives it (``games/*/example.py``)."""

    words: tuple[str, ...]
    lines: tuple[int, ...]  # the line of each word

    def strings(self) -> Iterator[tuple[str, int, str, str]]:
        """Every string the example prints: (text, line, where, "bold" or "italic")."""

    def with_quotes(self, rich: Callable[[Rich], Rich], text: Callable[[str], str]) -> "Example":
        """The same example with every printed string passed through ``rich`` or ``text``."""


class ExampleKind(Protocol):
    """How a game's rules text gives its example: the drawing's name that a block asks for,
    and the example's shape. (The keys only one game's example uses, which name another
    game's file as such, come in ``GameText.elsewhere``.)"""

    drawing: str

    def shape(self, rich: Callable[..., Shape], unknown: Callable[[str], str | None]) -> Shape: ...


# text: Rich; items and steps: Entries; table: Table; example: the game's Example
Content = Union[Rich, Entries, Table, Example]


class Block(msgspec.Struct, frozen=True):
    kind: str
    content: Content
    line: int = 0  # where it is written, for messages
    where: str = ""


class Section(msgspec.Struct, frozen=True):
    id: str
    heading: Rich
    variant: str | None
    blocks: tuple[Block, ...]

    @property
    def title(self) -> str:
        return self.heading.plain


class RulesText(msgspec.Struct, frozen=True):
    source: str
    heading: Rich
    subheading: Rich | None
    sections: tuple[Section, ...]
    example: Example | None  # the game's, if the file gives one
    language: str = ""  # as the file declares it
    declared: tuple[tuple[str, int], ...] = ()  # every section's id and line, kept or not
    page_label: str = "page {number}"  # the footer's, in the kit's language

    @property
    def title(self) -> str:
        return self.heading.plain

    def page(self, number: int) -> str:
        return self.page_label.replace("{number}", str(number))

    @property
    def subtitle(self) -> str:
        return self.subheading.plain if self.subheading is not None else ""


class GameText(msgspec.Struct, frozen=True):
    """What the sheet's game brings to reading its text: its example, its variants, and the
    marks of the other games' texts (a drawing's name or an example's key -> whose it is)."""

    example: ExampleKind
    variants: tuple[str, ...] = ()
    elsewhere: Mapping[str, str] = None  # type: ignore[assignment]

    def hint(self, name: str) -> str | None:
        owner = (self.elsewhere or {}).get(name)
        return f"it belongs to {owner}" if owner else None


# --- Reading --------------------------------------------------------------------------------


def parse_rules(data: bytes, source: str, contents: KitContents, game: GameText,
                styles: Mapping[str, CountStyle] | None = None) -> RulesText:
    """The rules text in ``data``, filled in for ``contents``; raises CngenError naming
    ``source``, the line and the place of the first mistake. ``styles``: how the languages that
    declare one write a count (``counts.CountStyle``: its digits grouped, its space)."""
    root = compose(data, source, HOLDS)
    if root is None or (isinstance(root, yaml.ScalarNode) and root.value.strip() == ""):
        raise CngenError(f"{source}: the rules text is empty: it needs a title: and a list of sections:")
    return _Reader(source, contents, game, _declared_language(root), styles or {}).rules(root)


def _declared_language(root: yaml.Node) -> str:
    """The file's ``language:``, read first: counts anywhere in the file are written in it."""
    if isinstance(root, yaml.MappingNode):
        for key, value in root.value:
            if isinstance(key, yaml.ScalarNode) and key.value == "language" and isinstance(value, yaml.ScalarNode):
                return primary(value.value.strip())
    return ""


class _Reader:
    """The shapes of one kit's rules text: placeholders are filled with its counts, and
    ``when:`` tested against how it is printed."""

    def __init__(self, source: str, contents: KitContents, game: GameText, language: str,
                 styles: Mapping[str, CountStyle]):
        self.reading = Reading(source)
        self.source = source
        self.game = game
        self.counts = contents.counts()
        self.holds = contents.conditions()
        self.language = language
        self.forms = plural_forms(language)  # the nouns' forms a count's placeholder writes
        self.style = styles.get(language, CountStyle())
        self.characters = 0  # printed so far, in every string read (kept for this kit or not)
        self.strings = 0

    def rules(self, root: yaml.Node) -> RulesText:
        example_shape = self.game.example.shape(self.rich, self.game.hint)
        shape = Group({
            "language": Key(Text(check=as_option(parse_language), expect="a language code such as fr")),
            "title": Key(self.heading("title"), required=True),
            "subtitle": Key(self.heading("subtitle")),
            "subtitles": Key(ListOf(Node(), least=1, name="", expect="a list of subtitles, each '- text:' with "
                                                                     "'when:'")),
            "sections": Key(ListOf(Node(), least=1, name="",
                                   expect="a list of sections, each starting with '- id:'"), required=True),
            "example": Key(example_shape),
        })
        fields = self.reading.read(shape, root, "top level")
        example = fields.get("example")
        sections: list[Section] = []
        first_ids: dict[str, int] = {}
        for number, node in enumerate(fields["sections"], start=1):
            section = self.section(node, number, example, first_ids)
            if section is not None:
                sections.append(section)
        if not sections:
            raise self.fail(fields.lines["sections"], "sections", f"no section is left for this kit "
                            f"({self.described()}) once the when: conditions are applied: add a section without when:")
        shape = Group({"text": Key(self.heading("subtitle"), required=True), "when": Key(Node(), required=True)})
        chosen = []  # every entry is read and checked, kept or not
        for number, node in enumerate(fields.get("subtitles", ()), start=1):
            where = f"subtitles, entry {number}"
            entry = self.reading.read(shape, node, where)
            if self.applies(entry["when"], where):
                chosen.append(entry["text"])
        subtitle = chosen[0] if chosen else fields.get("subtitle")  # the first the kit meets, over subtitle:
        return RulesText(self.source, fields["title"], subtitle, tuple(sections), example,
                         self.language, tuple(first_ids.items()))

    def fail(self, line: int, where: str, message: str) -> CngenError:
        return CngenError(f"{self.source}:{line}: {where}: {message}")

    # --- sections and blocks

    def section(self, node: yaml.Node, number: int, example: Example | None, first_ids: dict[str, int]) -> Section | None:
        keys = Group({"id": Key(Node(), required=True), "title": Key(Node(), required=True),
                      "variant": Key(Node()), "when": Key(Node()), "blocks": Key(Node(), required=True)})
        nodes = self.reading.read(keys, node, f"section {number}")
        section_id = self.reading.read(Text(), nodes["id"], f"section {number}: id")
        if section_id in first_ids:
            raise self.reading.fail(nodes["id"], f"section {number}", f"the id {quoted(section_id)} is used twice "
                                    f"(first on line {first_ids[section_id]}): give each section its own")
        first_ids[section_id] = line_of(nodes["id"])
        where = f"section {quoted(section_id)}"
        heading = self.reading.read(self.heading("title"), nodes["title"], where)
        variant = None
        if "variant" in nodes:
            variant = self.variant(nodes["variant"], where)
        applies = self.applies(nodes.get("when"), where)
        blocks = [block for index, block_node in enumerate(self.blocks(nodes["blocks"], where), start=1)
                  if (block := self.block(block_node, f"{where}, block {index}", where, example)) is not None]
        if not applies:
            return None
        if not blocks:
            raise self.reading.fail(node, where, f"none of its blocks is left for this kit ({self.described()}) once "
                                                 "the when: conditions are applied: put the when: on the section "
                                                 "instead, or add a block without one")
        return Section(section_id, heading, variant, tuple(blocks))

    def variant(self, node: yaml.Node, where: str) -> str:
        variants = self.game.variants
        if not variants:
            raise self.reading.fail(node, where, "this game has no variants, so its sheet prints every section: "
                                                 "remove variant:")
        variant: str = self.reading.read(Choice(names=variants, what="variant"), node, f"{where}: variant")
        return variant

    def blocks(self, node: yaml.Node, where: str) -> list[yaml.Node]:
        shape = ListOf(Node(), least=1, name="", expect="a list of blocks, each starting with '- text:', '- items:'...")
        blocks: list[yaml.Node] = self.reading.read(shape, node, f"{where}: blocks")
        return blocks

    def block(self, node: yaml.Node, where: str, section: str, example: Example | None) -> Block | None:
        keys = Group({name: Key(Node()) for name in (*BLOCK_KINDS, "when")})
        nodes = self.reading.read(keys, node, where)
        kinds = [name for name in nodes.values if name != "when"]
        if not kinds:
            raise self.reading.fail(node, where, f"a block needs one of {', '.join(BLOCK_KINDS)}")
        if len(kinds) > 1:
            raise self.reading.fail(node, where, f"a block holds one of {', '.join(BLOCK_KINDS)}, not both "
                                                 f"{kinds[0]} and {kinds[1]}: split it into two blocks")
        kind, value = kinds[0], nodes[kinds[0]]
        applies = self.applies(nodes.get("when"), where)
        content: Content
        if kind == "text":
            content = self.reading.read(self.rich(noun="paragraph"), value, where)
        elif kind in ("items", "steps"):
            content = Entries(kind == "steps", self.entries(value, section, kind))
        elif kind == "table":
            content = self.table(value, where)
        else:
            content = self.drawn(value, where, example)
        if not applies or (kind in ("items", "steps") and not content):
            return None
        return Block(kind, content, line_of(node), where)

    def drawn(self, node: yaml.Node, where: str, example: Example | None) -> Example:
        """The example an ``example:`` block draws: the game's, by its drawing's name."""
        drawing = self.reading.read(Text(), node, f"{where}: example")
        if drawing != self.game.example.drawing:
            owner = self.game.hint(drawing)
            hint = f" ({owner})" if owner else ""
            raise self.reading.fail(node, where, f"unknown example {quoted(drawing)}{hint}: "
                                                 f"use {self.game.example.drawing}")
        if example is None:
            raise self.reading.fail(node, where, "this block draws the file's example, and there is none: add "
                                                 "example: at the top level, or remove the block")
        return example

    def entries(self, node: yaml.Node, section: str, kind: str) -> tuple[Rich, ...]:
        shape = ListOf(Node(), least=1, name="", expect="a list of entries, each starting with '- '")
        entry = self.rich(noun="list entry")
        kept = []
        for number, item in enumerate(self.reading.read(shape, node, f"{section}: {kind}"), start=1):
            where = f"{section}, {'item' if kind == 'items' else 'step'} {number}"
            if isinstance(item, yaml.MappingNode):
                fields = self.reading.read(Group({"text": Key(entry, required=True), "when": Key(Node())}), item,
                                           where)
                if self.applies(fields.get("when"), where):
                    kept.append(fields["text"])
            elif isinstance(item, yaml.ScalarNode):
                kept.append(self.reading.read(entry, item, where))
            else:
                raise self.reading.fail(item, where, f"an entry is text, or text: with when:, not {shown(item)}")
        return tuple(kept)

    def table(self, node: yaml.Node, where: str) -> Table:
        nodes = self.reading.read(Group({"columns": Key(Node(), required=True), "rows": Key(Node(), required=True)}),
                                  node, where)
        header = self.reading.read(ListOf(Node(), least=1, name="", expect="a list of column titles"),
                                   nodes["columns"], f"{where}, columns")
        if len(header) > MAX_TABLE_COLUMNS:
            raise self.reading.fail(nodes["columns"], where, f"{len(header)} columns do not fit a column of the "
                                                             f"sheet: use at most {MAX_TABLE_COLUMNS}")
        cell = self.rich(empty=True, noun="table cell")
        columns = tuple(self.reading.read(cell, item, f"{where}, columns") for item in header)
        rows = []
        row_nodes = self.reading.read(ListOf(Node(), least=1, name="", expect="a list of rows"), nodes["rows"],
                                      f"{where}, rows")
        for number, row in enumerate(row_nodes, start=1):
            row_where = f"{where}, row {number}"
            if not isinstance(row, yaml.SequenceNode):
                raise self.reading.fail(row, row_where, "a row is a list of cells such as ['8', 'Well done'], "
                                                        f"not {shown(row)}")
            if len(row.value) != len(columns):
                raise self.reading.fail(row, row_where, f"the row has {_count(len(row.value), 'cell')} and the table "
                                                        f"{_count(len(columns), 'column')}: give every row one cell "
                                                        "a column")
            rows.append(tuple(self.reading.read(cell, item, row_where) for item in row.value))
        return Table(columns, tuple(rows))

    # --- text, placeholders and conditions

    def rich(self, tags: bool = True, empty: bool = False, noun: str = "text") -> Shape:
        """A printed string's shape: its tags read into spans (refused where ``tags`` is False),
        then the placeholders of each span filled in for this kit. Plain strings are the
        example's clue and captions (the games ask for those), and titles (``heading``)."""
        longest = MAX_PARAGRAPH if tags else MAX_CAPTION
        return _RichShape(self, tags, empty, noun, longest)

    def heading(self, noun: str) -> Shape:
        """The shape of the sheet's title and subtitle and of a section's title."""
        return _RichShape(self, False, False, noun, MAX_HEADING)

    def tally(self, text: Rich, node: yaml.Node, where: str) -> None:
        """Count a string read into the whole text's size: refused, where it passes, once the
        text holds more than a rules sheet can (everything read counts, kept for this kit or
        not, so that a text too long for one kit is too long for every kit)."""
        self.characters += len(text.plain)
        self.strings += 1
        if self.characters > MAX_TOTAL:
            raise self.reading.fail(node, where, f"the rules text passes {MAX_TOTAL:,} characters here, more than "
                                                 f"a rules sheet can hold ({WHOLE_SHEET}): {SHORTEN_WHOLE}")
        if self.strings > MAX_STRINGS:
            raise self.reading.fail(node, where, f"the rules text passes {MAX_STRINGS:,} paragraphs, list entries, "
                                                 f"table cells and titles here, more than a rules sheet can hold "
                                                 f"({WHOLE_SHEET}): {SHORTEN_WHOLE}")

    def fill(self, text: str, node: yaml.Node, where: str) -> str:
        def replace(match: re.Match[str]) -> str:
            whole, name, written = match.group(0), *match.groups()
            if whole in ("{{", "}}"):
                return whole[0]
            if name is None:
                if len(whole) == 1:
                    raise self.reading.fail(node, where, f"a lone '{whole}': write {whole * 2} for a brace, "
                                                         "or {name} for a count")
                raise self.reading.fail(node, where, f"{quoted(whole)} is not a placeholder: write {{name}} or "
                                                     f"{{name|{'|'.join(self.forms)}}}, or {{{{ and }}}} for braces")
            if name not in self.counts:
                raise self.reading.fail(node, where, f"unknown placeholder {{{name}}}: "
                                                     f"{suggest(name, sorted(self.counts), 'known:')}")
            value = self.counts[name]
            if not isinstance(value, int):
                if written is not None:
                    raise self.reading.fail(node, where, f"{{{name}}} is not a count: write it without "
                                                         f"|{'|'.join(self.forms)}")
                return str(value)
            if written is None:
                return format_count(value, self.language, self.style.minimum_grouping_digits)
            forms = written.split("|")[1:]
            problem = wrong_forms(quoted(whole), len(forms), self.language, name)
            if problem is not None:
                raise self.reading.fail(node, where, problem)
            return counted(value, forms, self.language, self.style)

        return _PLACEHOLDER.sub(replace, text)

    def applies(self, node: yaml.Node | None, where: str) -> bool:
        """Whether a part with this ``when:`` (or none) belongs on this kit's sheet."""
        if node is None:
            return True
        if isinstance(node, yaml.MappingNode) or (isinstance(node, yaml.ScalarNode) and node.tag == NULL):
            raise self.reading.fail(node, where, "'when' takes a condition or a list of them, e.g. when: [fold]")
        shape = ListOf(Choice(names=CONDITIONS, what="condition"), least=1, one=True, name="",
                       expect="a condition or a list of them, e.g. when: [fold]")
        names = self.reading.read(shape, node, f"{where}: when")
        return any(name in self.holds for name in names)

    def described(self) -> str:
        """The conditions this kit meets, as a message lists them."""
        return ", ".join(name for name in CONDITIONS if name in self.holds)


WHOLE_SHEET = "about six pages of A4"
SHORTEN_WHOLE = "shorten it, or split it into two files and print a sheet of each"


class _RichShape(Shape, frozen=True):
    """Text with <b> and <i> read into spans, placeholders filled: a ``Rich``. A ``noun``
    ("paragraph") is at most ``longest`` characters long, as written and as printed."""

    reader: Any = None
    tags: bool = True
    empty: bool = False
    noun: str = "text"
    longest: int = MAX_PARAGRAPH

    def read(self, node: yaml.Node, where: str, reading: Reading) -> Rich:
        text = Text(empty=self.empty).read(node, where, reading)
        self.refuse_longer(text, node, where, reading)  # before any work on it: it may be a megabyte
        try:
            runs = spans(text)
        except MarkupError as problem:
            raise reading.fail(node, where, str(problem)) from None
        if not self.tags and TAG.search(text):
            raise reading.fail(node, where, "a title is plain text, set in a style of its own: remove the <b> and "
                                            "<i> tags")
        filled = tuple(Span(self.reader.fill(span.text, node, where), span.bold, span.italic) for span in runs)
        rich = Rich(tuple(span for span in filled if span.text), line_of(node), where)
        self.refuse_longer(rich.plain, node, where, reading, filled_in=True)
        self.reader.tally(rich, node, where)
        return rich

    def refuse_longer(self, text: str, node: yaml.Node, where: str, reading: Reading, filled_in: bool = False) -> None:
        if len(text) <= self.longest:
            return
        article = "an" if self.noun[0] in "aeiou" else "a"
        filled = ", once its placeholders are filled in," if filled_in else ""
        fix = "shorten it" if self.longest < MAX_PARAGRAPH else "shorten it, or split it in two"
        raise reading.fail(node, where, f"{article} {self.noun} of {len(text):,} characters{filled} is longer than a "
                                        f"rules sheet can hold (at most {self.longest:,}): {fix}")


def example_words(count: int) -> Shape:
    """An example's words: exactly ``count`` of them, printed exactly as written (no tags, no
    placeholders), each with its line."""
    return _Words(count=count)


class _Words(Shape, frozen=True):
    count: int = 25

    def read(self, node: yaml.Node, where: str, reading: Reading) -> tuple[tuple[str, ...], tuple[int, ...]]:
        if not isinstance(node, yaml.SequenceNode):
            raise reading.wrong(node, f"{where}: words", f"a list of {self.count} words")
        if len(node.value) != self.count:
            raise reading.fail(node, where, f"the example needs {self.count} words, one for each cell of the "
                                            f"grid, not {len(node.value)}")
        words = tuple(self.word(item, f"{where}, word {number}", reading)
                      for number, item in enumerate(node.value, start=1))
        return words, tuple(line_of(item) for item in node.value)

    @staticmethod
    def word(node: yaml.Node, where: str, reading: Reading) -> str:
        """A word of the example is printed on a card of the table, as a deck's entry is."""
        word = Text().read(node, where, reading)
        if len(word) > MAX_ENTRY:
            raise reading.fail(node, where, f"a word of {len(word):,} characters is longer than a card holds (at "
                                            f"most {MAX_ENTRY}): write one word or a short phrase")
        return word


def key_grid(side: int, letters: tuple[str, ...], meanings: str, sample: str, whole: str, row_name: str,
             columns: int | None = None) -> Shape:
    """A key's grid, row by row: ``side`` rows of ``columns`` (``side`` unless given) of
    ``letters``; read as the cells, row-major. A mistake names ``whole`` ("the grid", "side A")
    or ``row_name`` and the row's number."""
    return _Grid(side=side, columns=columns or side, letters=letters, meanings=meanings, sample=sample, whole=whole,
                 row_name=row_name)


class _Grid(Shape, frozen=True):
    side: int = 5  # rows
    columns: int = 5
    letters: tuple[str, ...] = ()
    meanings: str = ""
    sample: str = ""
    whole: str = "the grid"
    row_name: str = "row"

    def read(self, node: yaml.Node, where: str, reading: Reading) -> tuple[str, ...]:
        rows = ListOf(Node(), least=1, name="", expect=f"a list of {self.side} rows such as {self.sample}")
        row_nodes = reading.read(rows, node, where)
        for number, row in enumerate(row_nodes, start=1):
            text = Text().read(row, f"{where} row {number}", reading)
            if len(text) != self.columns or any(letter not in self.letters for letter in text):
                raise reading.fail(row, where, f"{self.row_name} {number} {quoted(text)} must be {self.columns} of "
                                               f"the letters {', '.join(self.letters)} ({self.meanings})")
        if len(row_nodes) != self.side:
            raise reading.fail(node, where, f"{self.whole} has {self.side} rows, not {len(row_nodes)}")
        return tuple("".join(row.value.strip() for row in row_nodes))


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


# --- After reading --------------------------------------------------------------------------


def select_variants(rules: RulesText, variants: tuple[str, ...], offered: tuple[str, ...]) -> RulesText:
    """The sections the chosen ``variants`` keep: every one without a variant, and those of the
    variants chosen (``offered``: the game's)."""
    unknown = [name for name in variants if name not in offered]
    if unknown:
        raise UsageError(f"unknown variant '{unknown[0]}': choose from {', '.join(offered)}, or none")
    kept = tuple(section for section in rules.sections if section.variant is None or section.variant in variants)
    if not kept:
        written = sorted({section.variant for section in rules.sections if section.variant})
        raise CngenError(f"{rules.source}: every section belongs to a variant that was not chosen: choose one of "
                         f"{', '.join(written)} with --variant, or add a section without a variant")
    return replace(rules, sections=kept)


def completed_from(translation: RulesText, english: RulesText) -> tuple[RulesText, tuple[str, ...]]:
    """A translation of cngen's rules, in English's order of sections, with English's
    section for each id it lacks (and English's example if it has none), and what was taken
    from English ("example" for the example). A section English does not have is a mistake:
    most likely a misspelt id, whose section would otherwise print in English."""
    english_ids = [section_id for section_id, _ in english.declared]
    for section_id, line in translation.declared:
        if section_id not in english_ids:
            raise CngenError(f"{translation.source}:{line}: section '{section_id}' is not a section of cngen's "
                             f"rules: {suggest(section_id, english_ids, 'use')}")
    declared = {section_id for section_id, _ in translation.declared}
    kept = {section.id: section for section in (*english.sections, *translation.sections)}  # translations win
    missing = tuple(section_id for section_id in english_ids if section_id not in declared)
    sections = tuple(kept[section_id] for section_id in english_ids if section_id in kept
                     and (section_id in missing or any(s.id == section_id for s in translation.sections)))
    example = translation.example
    if example is None and english.example is not None:
        example, missing = english.example, (*missing, "example")
    return replace(translation, sections=sections, example=example), missing


# --- Typographic quotes ---------------------------------------------------------------------


@overload
def typographic_rich(text: Rich, typography: Typography) -> Rich: ...


@overload
def typographic_rich(text: None, typography: Typography) -> None: ...


def typographic_rich(text: Rich | None, typography: Typography) -> Rich | None:
    """A string's quotes in its language's marks across its spans: a quote right after a bold
    word closes, as it would in the plain text."""
    if text is None:
        return None
    spans_out, before = [], ""
    for span in text.spans:
        quoted = typography.quoted(span.text, before)
        spans_out.append(Span(quoted, span.bold, span.italic))
        before += quoted
    return Rich(tuple(spans_out), text.line, text.where)


def with_typographic_quotes(rules: RulesText, typography: Typography = Typography()) -> RulesText:
    """The same text with every straight quote it prints in ``typography``'s marks, its own
    language's (``Typography.quoted``)."""
    example = rules.example

    def rich(value: Rich) -> Rich:
        return typographic_rich(value, typography)

    if example is not None:
        example = example.with_quotes(rich, typography.quoted)

    def content(value: Content) -> Content:
        if isinstance(value, Rich):
            return rich(value)
        if isinstance(value, Entries):
            return Entries(value.numbered, tuple(rich(item) for item in value))
        if isinstance(value, Table):
            return Table(tuple(rich(cell) for cell in value.columns),
                         tuple(tuple(rich(cell) for cell in row) for row in value.rows))
        assert example is not None, "an example block is read only where the file gives its example"
        return example

    sections = tuple(
        Section(section.id, rich(section.heading), section.variant,
                tuple(replace(block, content=content(block.content)) for block in section.blocks))
        for section in rules.sections
    )
    return replace(rules, heading=typographic_rich(rules.heading, typography),
                   subheading=typographic_rich(rules.subheading, typography),
                   sections=sections, example=example)
