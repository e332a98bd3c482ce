"""The rules sheet's text: parsed from YAML, filled with the counts of the kit it describes,
trimmed to what fits that kit and to the chosen variants.

The words live in rules/en.yaml, not in code, so that they can be edited or translated;
``--text FILE.yaml`` prints another file of the same shape. The file is data: it is read as
composed YAML nodes (never constructed into objects), its shape is checked strictly, and
every mistake is reported as ``FILE:LINE: where: what is wrong and how to fix it``.

The shape::

    language: en                     # optional, for whoever edits the file
    title: How to play               # plain text, also printed in the footer
    subtitle: Two teams, ...         # optional, plain text
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
          - example: key-and-grid    # draws the example below
    example:                         # the 25 words and the key an example block draws
      words: [PLANET, COMET, ...]    # exactly 25, printed as written
      key: {starting: red, grid: [RRNBB, RBRNB, NRBRN, BARNB, RBNNR]}
      clue: "Space: 3"               # optional: what the spymaster says, in a speech bubble
      targets: [PLANET, COMET]       # optional, with clue: the words it points at, ringed
      guesses: [PLANET, GLOBE]       # optional: the words touched, covered by their tiles
      captions:                      # optional: a line under the spymaster's view, the grid
        clue: The red spymaster's view
        grid: The table after the turn

The Duet sheet (``parse_rules(..., duet=True)``, rules/duet-en.yaml) has the same shape
but for its drawing and its example: both sides of one Duet key card above the table::

          - example: both-sides      # draws the Duet example below
    example:
      words: [LEMON, TRAIN, ...]     # exactly 25, row-major as player A sees the table
      key:                           # each side as its player sees it, rows top to bottom,
        a: [ANGGG, NGNNG, ...]       # G agent, A assassin, N bystander: 9 G, 3 A, 13 N,
        b: [NGNAG, NNGNG, ...]       # the sides sharing their words as a Duet card must
      captions:                      # optional, plain text: under each side, above and
        a: Side A, as A sees it      # below the table (the seats), under the table
        b: Side B, as B sees it
        b-seat: Player B sits here
        a-seat: Player A sits here
        grid: The table from A's seat

A Duet sheet has no variants (``variant:`` is refused), and its example card is drawn
without a number.

A classic key's grid is 5 rows of 5 letters, R red, B blue, N bystander, A assassin: 9 of the
starting team's letter, 8 of the other's, 7 N and 1 A. Targets and guesses name words of
the example (in any case), each once. A table has 1 to 4 columns, and every
row as many cells as there are columns. Numbers and yes/no are text as they are written
(``- 8`` prints "8"); an empty value is a mistake, except in a table cell.

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
  ``{key_cards|key card|key cards}`` prints the count with the singular or the plural noun;
  ``{deck}`` is where the words come from; ``{{`` and ``}}`` are literal braces. Any other
  brace is a mistake. Placeholders are filled in after the tags are read, so a count or a
  deck's name is always plain text.

Conditions:

- ``when: fold`` (or a list of such names, any of which will do) on a section, a block or a
  list entry keeps it only for kits it describes: printed ``long-edge``, ``short-edge``,
  ``fold``, at a ``shop`` or by a print-on-demand service (``pod``); ``home``, ``duplex`` (both sides printed), ``one-side``;
  ``double-sided-keys`` or ``single-sided-keys``; ``blank-cards`` or ``no-blank-cards``.
  A list whose entries are all left out disappears; a section whose blocks all are, or a
  sheet with no section left, is a mistake: put the ``when:`` on the section instead.
  Everything is read and checked whether or not it is kept, so a mistake shows on every kit.

The model holds no markup: every printed string is a ``Rich``, a tuple of ``Span`` (plain
text, bold or not, italic or not) with the line it was written on. Whoever typesets it builds
its own markup from the spans. The rules job then checks every string the sheet prints
against the font it is set in, and refuses letters written right to left.

``typographic`` turns straight quotes into typographic ones (’ ‘ “ ”); the rules job applies
it to the whole text when the fonts have those characters, so the sheet prints none.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, replace
from typing import Sequence, Union

import yaml

from ..errors import CngenError, UsageError
from ..inputs.plainyaml import YamlProblem, compose_plain
from ..inputs.text import NotUtf8, decode_utf8
from . import duet
from .keys import (ASSASSIN, ASSASSIN_CELLS, BLUE, BYSTANDER, BYSTANDER_CELLS, CELL_COUNT, OTHER_CELLS, RED, SIDE,
                   STARTING_CELLS, Key)
from .inline import TAG, MarkupError, Span, spans
from .capitals import primary
from .kit import KitContents
from .variants import VARIANTS

BLOCK_KINDS = ("text", "items", "steps", "table", "example")
CONDITIONS = ("long-edge", "short-edge", "fold", "shop", "pod", "home", "duplex", "one-side",
              "double-sided-keys", "single-sided-keys", "blank-cards", "no-blank-cards")
ROOT_KEYS = ("language", "title", "subtitle", "sections", "example")
SECTION_KEYS = ("id", "title", "variant", "when", "blocks")
ENTRY_KEYS = ("text", "when")
TABLE_KEYS = ("columns", "rows")
EXAMPLE_KEYS = ("words", "key", "clue", "targets", "guesses", "captions")
CAPTION_KEYS = ("clue", "grid")
KEY_KEYS = ("starting", "grid")
EXAMPLE_DRAWINGS = ("key-and-grid",)
DUET_EXAMPLE_KEYS = ("words", "key", "captions")
DUET_KEY_KEYS = ("a", "b")
DUET_CAPTION_KEYS = ("a", "b", "a-seat", "b-seat", "grid")
DUET_DRAWINGS = ("both-sides",)
DUET_ROLE_NAMES = {duet.AGENT: "agent", duet.ASSASSIN: "assassin", duet.BYSTANDER: "bystander"}
TEAMS = ("red", "blue")
MAX_TABLE_COLUMNS = 4  # a table sits in one column of the sheet

_NULL = "tag:yaml.org,2002:null"
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z_]+)(?:\|([^{}|]*)\|([^{}|]*))?\}|\{[^{}]*\}|[{}]")
_LINE_BREAKS = re.compile(r"[\t\n\r\v\f\u2028\u2029\x85]")


# --- The model ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rich:
    """One printed string of the rules text: its spans, and where it was written."""

    spans: tuple[Span, ...]
    line: int
    where: str  # e.g. "section 'setup', item 3", for messages

    @property
    def plain(self) -> str:
        return "".join(span.text for span in self.spans)


@dataclass(frozen=True)
class Table:
    columns: tuple[Rich, ...]
    rows: tuple[tuple[Rich, ...], ...]


@dataclass(frozen=True)
class Example:
    """The drawn example: 25 words, the key that colours them, and what happens in the turn
    it shows (all optional but the words and the key)."""

    words: tuple[str, ...]
    key: Key
    lines: tuple[int, ...] = ()  # the line of each word
    clue: Rich | None = None  # what the spymaster says
    targets: tuple[int, ...] = ()  # the cells (indexes of words) the clue points at
    guesses: tuple[int, ...] = ()  # the cells touched, in order: they are covered
    clue_caption: Rich | None = None  # under the spymaster's view
    grid_caption: Rich | None = None  # under the grid

    @property
    def covers(self) -> tuple[tuple[int, str], ...]:
        """Each guessed cell with the key's letter for it: the tile that covers it."""
        return tuple((cell, self.key.cells[cell]) for cell in self.guesses)


@dataclass(frozen=True)
class DuetExample:
    """The Duet sheet's drawn example: one key card's two sides and the 25 words on the
    table, row-major as player A sees it, with captions (all optional)."""

    words: tuple[str, ...]
    card: duet.DuetCard
    lines: tuple[int, ...] = ()  # the line of each word
    captions: tuple[tuple[str, Rich], ...] = ()  # (name in DUET_CAPTION_KEYS, text), in the file's order

    def caption(self, name: str) -> Rich | None:
        return dict(self.captions).get(name)

    @property
    def roles(self) -> tuple[tuple[str, str], ...]:
        """(A's role, B's role) of each word, row-major in A's view of the table."""
        return tuple(duet.word_roles(self.card.a, self.card.b))

    @property
    def shared(self) -> tuple[int, ...]:
        """The words that are agents on both sides."""
        return tuple(cell for cell, pair in enumerate(self.roles) if pair == (duet.AGENT, duet.AGENT))


# text: Rich; items and steps: tuple[Rich, ...]; table: Table; example: Example or DuetExample
Content = Union[Rich, tuple[Rich, ...], Table, Example, DuetExample]


@dataclass(frozen=True)
class Block:
    kind: str
    content: Content


@dataclass(frozen=True)
class Section:
    id: str
    heading: Rich
    variant: str | None
    blocks: tuple[Block, ...]

    @property
    def title(self) -> str:
        return self.heading.plain


@dataclass(frozen=True)
class RulesText:
    source: str
    heading: Rich
    subheading: Rich | None
    sections: tuple[Section, ...]
    example: Example | DuetExample | None
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


# --- Reading --------------------------------------------------------------------------------


def parse_rules(data: bytes, source: str, contents: KitContents, duet: bool = False) -> RulesText:
    """The rules text in ``data``, filled in for ``contents``; raises CngenError naming
    ``source``, the line and the place of the first mistake. ``duet`` reads a Duet sheet,
    whose example is a Duet key card."""
    try:
        text = decode_utf8(data)
    except NotUtf8 as problem:
        raise CngenError(f"{source}:{problem.line}: this is not UTF-8 text{problem.detail}: save it as UTF-8") from None
    try:
        root = compose_plain(text, "a rules text holds plain text only")
    except YamlProblem as problem:
        where = f"{source}:{problem.line}" if problem.line else source
        raise CngenError(f"{where}: {problem.message}") from None
    return _Reader(source, contents, duet).rules(root)


def select_variants(rules: RulesText, variants: tuple[str, ...]) -> RulesText:
    unknown = [name for name in variants if name not in VARIANTS]
    if unknown:
        raise UsageError(f"unknown variant '{unknown[0]}': choose from {', '.join(VARIANTS)}, or none")
    kept = tuple(section for section in rules.sections if section.variant is None or section.variant in variants)
    if not kept:
        offered = sorted({section.variant for section in rules.sections if section.variant})
        raise CngenError(f"{rules.source}: every section belongs to a variant that was not chosen: choose one of "
                         f"{', '.join(offered)} with --variant, or add a section without a variant")
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
                             f"rules: {_suggest(section_id, english_ids)}")
    declared = {section_id for section_id, _ in translation.declared}
    kept = {section.id: section for section in (*english.sections, *translation.sections)}  # translations win
    missing = tuple(section_id for section_id in english_ids if section_id not in declared)
    sections = tuple(kept[section_id] for section_id in english_ids if section_id in kept
                     and (section_id in missing or any(s.id == section_id for s in translation.sections)))
    example = translation.example
    if example is None and english.example is not None:
        example, missing = english.example, (*missing, "example")
    return replace(translation, sections=sections, example=example), missing


def format_count(value: int, language: str) -> str:
    """A count as ``language`` groups its digits: 1,234 in English, 1 234 in French (with a
    no-break space: the bundled fonts have no narrow one), 1.234 in German, and in Spanish
    12.345 but 1234 (four digits stay whole)."""
    grouped = f"{value:,}"
    if language == "fr":
        return grouped.replace(",", "\u00a0")
    if language == "de" or (language == "es" and abs(value) >= 10_000):
        return grouped.replace(",", ".")
    return grouped.replace(",", "") if language == "es" else grouped


def takes_singular(value: int, language: str) -> bool:
    """Whether a count takes the singular noun: one only in English, but zero too in French
    (0 carte, 1 carte, 2 cartes)."""
    return value in (0, 1) if language == "fr" else value == 1


def _suggest(name: str, valid: Sequence[str]) -> str:
    close = difflib.get_close_matches(name, list(valid), n=1)
    return f"did you mean '{close[0]}'?" if close else f"use {', '.join(valid)}"


def _line(node: yaml.Node) -> int:
    return node.start_mark.line + 1


def _kind_of(node: yaml.Node) -> str:
    """A value as a message names it."""
    if isinstance(node, yaml.MappingNode):
        return "a group of keys"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if node.tag == _NULL or node.value.strip() == "":
        return "empty"
    return f"'{_short(node.value)}'"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _short(text: str, limit: int = 40) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _duet_key_problem(a: Sequence[str], b: Sequence[str]) -> tuple[str | None, str]:
    """Why two sides do not make a Duet key card, and what they should hold; with the side
    to blame, or None when the two only fail together."""
    wanted = ", ".join(f"{count} {letter}" for letter, count in duet.SIDE_COUNTS.items())
    for side, cells in zip(duet.SIDES, (a, b)):
        found = {letter: cells.count(letter) for letter in duet.SIDE_COUNTS}
        if found != duet.SIDE_COUNTS:
            has = ", ".join(f"{count} {letter}" for letter, count in found.items())
            return side, f"each side has {wanted}; side {side} has {has}: change its letters"
    pairs = duet.word_roles(a, b)
    wrong = []
    for first, second, count in duet.PAIRS:
        found = pairs.count((first, second))
        if found != count:
            wrong.append(f"{DUET_ROLE_NAMES[first]}/{DUET_ROLE_NAMES[second]} {found} (not {count})")
    return None, ("the sides do not share their words as a Duet key card does: A's cell in row r, column c is B's "
                  f"in row 6 - r, column 6 - c, and over the 25 words (A's role/B's role) this card has "
                  f"{', '.join(wrong)}: change the letters")


# --- Typographic quotes ---------------------------------------------------------------------

# A quote opens after the start, a space, an opening bracket or dash, or another opening quote.
_OPENS_AFTER = re.compile(r"(^|[\s(\[{\u2014\u2013\u2018\u201c/-])$")


def typographic(text: str) -> str:
    """``text`` with its straight quotes made typographic: an apostrophe or closing single
    quote ’, an opening single quote ‘, and double quotes “ ”. A quote opens after the start,
    a space, a bracket, a dash or another opening quote, and closes anywhere else (so
    "team's" has an apostrophe, and "'90s" is read as opening, as most typesetters read it)."""
    if "'" not in text and '"' not in text:
        return text
    out: list[str] = []
    for char in text:
        if char in "'\"":
            opens = _OPENS_AFTER.search("".join(out[-1:])) is not None
            if char == "'":
                out.append("\u2018" if opens else "\u2019")
            else:
                out.append("\u201c" if opens else "\u201d")
        else:
            out.append(char)
    return "".join(out)


def _typographic_rich(text: Rich | None) -> Rich | None:
    """A string's quotes made typographic across its spans: a quote right after a bold word
    closes, as it would in the plain text (each quote is one character either way)."""
    if text is None:
        return None
    whole = typographic(text.plain)
    spans_out, start = [], 0
    for span in text.spans:
        spans_out.append(Span(whole[start:start + len(span.text)], span.bold, span.italic))
        start += len(span.text)
    return Rich(tuple(spans_out), text.line, text.where)


def with_typographic_quotes(rules: RulesText) -> RulesText:
    """The same text with every straight quote it prints made typographic (see ``typographic``)."""
    def content(kind: str, value: Content) -> Content:
        if kind == "text":
            return _typographic_rich(value)
        if kind in ("items", "steps"):
            return tuple(_typographic_rich(item) for item in value)
        if kind == "table":
            return Table(tuple(_typographic_rich(cell) for cell in value.columns),
                         tuple(tuple(_typographic_rich(cell) for cell in row) for row in value.rows))
        return example
    example = rules.example
    if isinstance(example, DuetExample):
        example = replace(example, words=tuple(typographic(word) for word in example.words),
                          captions=tuple((name, _typographic_rich(text)) for name, text in example.captions))
    elif example is not None:
        example = replace(example, words=tuple(typographic(word) for word in example.words),
                          clue=_typographic_rich(example.clue), clue_caption=_typographic_rich(example.clue_caption),
                          grid_caption=_typographic_rich(example.grid_caption))
    sections = tuple(
        Section(section.id, _typographic_rich(section.heading), section.variant,
                tuple(Block(block.kind, content(block.kind, block.content)) for block in section.blocks))
        for section in rules.sections
    )
    return replace(rules, heading=_typographic_rich(rules.heading), subheading=_typographic_rich(rules.subheading),
                   sections=sections, example=example)


class _Reader:
    """Reads the composed nodes, fills placeholders and tests conditions for one kit, naming
    the line and place of any mistake."""

    def __init__(self, source: str, contents: KitContents, duet: bool = False):
        self.source = source
        self.duet = duet  # a Duet sheet: its example is a Duet key card
        self.counts = contents.counts()
        self.holds = contents.conditions()
        self.keys: dict[int, yaml.Node] = {}  # list or group -> the key that holds it
        self.language = ""  # the file's, for its numbers and plurals

    def error(self, node: yaml.Node, where: str, message: str) -> CngenError:
        """A mistake in ``node``: a list or group is named by the line of its key, where there
        is one, since a list written as lines starts on the line after it."""
        key = self.keys.get(id(node)) if isinstance(node, yaml.CollectionNode) else None
        return CngenError(f"{self.source}:{_line(key or node)}: {where}: {message}")

    # --- the parts of the file

    def rules(self, root: yaml.Node | None) -> RulesText:
        if root is None or (isinstance(root, yaml.ScalarNode) and root.value.strip() == ""):
            raise CngenError(f"{self.source}: the rules text is empty: it needs a title: and a list of sections:")
        if not isinstance(root, yaml.MappingNode):
            raise self.error(root, "top level", f"a rules text is a group of keys (title:, sections:...), "
                                               f"not {_kind_of(root)}")
        fields = self.fields(root, "top level", ROOT_KEYS, required=("title", "sections"))
        if "language" in fields:
            self.language = primary(self.scalar(fields["language"], "language"))
        heading = self.rich(fields["title"], "title", tags=False)
        subheading = self.rich(fields["subtitle"], "subtitle", tags=False) if "subtitle" in fields else None
        example: Example | DuetExample | None = None
        if "example" in fields:
            example = self.duet_example(fields["example"]) if self.duet else self.example(fields["example"])
        sections_node = fields["sections"]
        nodes = self.sequence(sections_node, "sections", "a list of sections, each starting with '- id:'")
        sections: list[Section] = []
        first_ids: dict[str, int] = {}
        for number, node in enumerate(nodes, start=1):
            section = self.section(node, number, example, first_ids)
            if section is not None:
                sections.append(section)
        if not sections:
            raise self.error(sections_node, "sections", f"no section is left for this kit ({self.described()}) once "
                                                        "the when: conditions are applied: add a section without when:")
        return RulesText(self.source, heading, subheading, tuple(sections), example, self.language,
                         tuple(first_ids.items()))

    def section(self, node: yaml.Node, number: int, example: Example | DuetExample | None,
                first_ids: dict[str, int]) -> Section | None:
        where = f"section {number}"
        fields = self.fields(node, where, SECTION_KEYS, required=("id", "title", "blocks"))
        section_id = self.scalar(fields["id"], f"{where}: id")
        if section_id in first_ids:
            raise self.error(fields["id"], where, f"the id '{section_id}' is used twice (first on line "
                                                  f"{first_ids[section_id]}): give each section its own")
        first_ids[section_id] = _line(fields["id"])
        where = f"section '{section_id}'"
        heading = self.rich(fields["title"], where, tags=False)
        variant = None
        if "variant" in fields and self.duet:
            raise self.error(fields["variant"], where, "the variants change the classic game, and a Duet sheet prints "
                                                       "every section: remove variant:")
        if "variant" in fields:
            variant = self.scalar(fields["variant"], f"{where}: variant")
            if variant not in VARIANTS:
                raise self.error(fields["variant"], where, f"unknown variant '{variant}': {_suggest(variant, VARIANTS)}")
        applies = self.applies(fields, where)
        blocks: list[Block] = []
        nodes = self.sequence(fields["blocks"], f"{where}: blocks", "a list of blocks, each starting with '- text:', "
                                                                    "'- items:'...")
        for index, block_node in enumerate(nodes, start=1):
            block = self.block(block_node, f"{where}, block {index}", where, example)
            if block is not None:
                blocks.append(block)
        if not applies:
            return None
        if not blocks:
            raise self.error(node, where, f"none of its blocks is left for this kit ({self.described()}) once the "
                                          "when: conditions are applied: put the when: on the section instead, "
                                          "or add a block without one")
        return Section(section_id, heading, variant, tuple(blocks))

    def block(self, node: yaml.Node, where: str, section: str,
              example: Example | DuetExample | None) -> Block | None:
        fields = self.fields(node, where, (*BLOCK_KINDS, "when"))
        kinds = [name for name in fields if name != "when"]
        if not kinds:
            raise self.error(node, where, f"a block needs one of {', '.join(BLOCK_KINDS)}")
        if len(kinds) > 1:
            raise self.error(node, where, f"a block holds one of {', '.join(BLOCK_KINDS)}, not both {kinds[0]} "
                                          f"and {kinds[1]}: split it into two blocks")
        kind = kinds[0]
        value = fields[kind]
        applies = self.applies(fields, where)
        content: Content
        if kind == "text":
            content = self.rich(value, where)
        elif kind in ("items", "steps"):
            content = self.entries(value, section, kind)
        elif kind == "table":
            content = self.table(value, where)
        else:
            drawing = self.scalar(value, f"{where}: example")
            drawings, others = (DUET_DRAWINGS, EXAMPLE_DRAWINGS) if self.duet else (EXAMPLE_DRAWINGS, DUET_DRAWINGS)
            if drawing not in drawings:
                hint = ""
                if drawing in others:
                    hint = " (the classic sheet's: print this text without --duet)" if self.duet else \
                        " (the Duet sheet's: print this text with --duet)"
                raise self.error(value, where, f"unknown example '{drawing}'{hint}: use {', '.join(drawings)}")
            if example is None:
                what = "25 words and a Duet key card" if self.duet else "25 words and a key"
                raise self.error(value, where, f"this block draws the file's example, and there is none: add "
                                               f"example: ({what}) at the top level, or remove the block")
            content = example
        if not applies or (kind in ("items", "steps") and not content):
            return None
        return Block(kind, content)

    def entries(self, node: yaml.Node, section: str, kind: str) -> tuple[Rich, ...]:
        nodes = self.sequence(node, f"{section}: {kind}", "a list of entries, each starting with '- '")
        kept = []
        for number, item in enumerate(nodes, start=1):
            where = f"{section}, {'item' if kind == 'items' else 'step'} {number}"
            if isinstance(item, yaml.MappingNode):
                fields = self.fields(item, where, ENTRY_KEYS, required=("text",))
                text = self.rich(fields["text"], where)
                if self.applies(fields, where):
                    kept.append(text)
            elif isinstance(item, yaml.ScalarNode):
                kept.append(self.rich(item, where))
            else:
                raise self.error(item, where, f"an entry is text, or text: with when:, not {_kind_of(item)}")
        return tuple(kept)

    def table(self, node: yaml.Node, where: str) -> Table:
        fields = self.fields(node, where, TABLE_KEYS, required=TABLE_KEYS)
        header = self.sequence(fields["columns"], f"{where}, columns", "a list of column titles")
        if len(header) > MAX_TABLE_COLUMNS:
            raise self.error(fields["columns"], where, f"{len(header)} columns do not fit a column of the sheet: "
                                                       f"use at most {MAX_TABLE_COLUMNS}")
        columns = tuple(self.rich(cell, f"{where}, columns", empty=True) for cell in header)
        rows = []
        for number, row in enumerate(self.sequence(fields["rows"], f"{where}, rows", "a list of rows"), start=1):
            row_where = f"{where}, row {number}"
            if not isinstance(row, yaml.SequenceNode):
                raise self.error(row, row_where, f"a row is a list of cells such as ['8', 'Well done'], "
                                                 f"not {_kind_of(row)}")
            if len(row.value) != len(columns):
                raise self.error(row, row_where, f"the row has {_count(len(row.value), 'cell')} and the table "
                                                 f"{_count(len(columns), 'column')}: give every row one cell a column")
            rows.append(tuple(self.rich(cell, row_where, empty=True) for cell in row.value))
        return Table(columns, tuple(rows))

    def example(self, node: yaml.Node) -> Example:
        self.refuse_other_game(node, (), DUET_KEY_KEYS, "the Duet sheet's example: print this text with --duet")
        fields = self.fields(node, "example", EXAMPLE_KEYS, required=("words", "key"))
        words, lines = self.example_words(fields["words"])
        key_fields = self.fields(fields["key"], "example: key", KEY_KEYS, required=KEY_KEYS)
        starting = self.scalar(key_fields["starting"], "example: key: starting")
        if starting not in TEAMS:
            raise self.error(key_fields["starting"], "example: key", f"starting is red or blue, not '{starting}'")
        grid_node = key_fields["grid"]
        cells = self.grid(grid_node, "grid", "the grid", "grid row", (RED, BLUE, BYSTANDER, ASSASSIN),
                          "red, blue, bystander, assassin", "RRNBB")
        first, second = (RED, BLUE) if starting == "red" else (BLUE, RED)
        wanted = {first: STARTING_CELLS, second: OTHER_CELLS, BYSTANDER: BYSTANDER_CELLS, ASSASSIN: ASSASSIN_CELLS}
        found = {letter: cells.count(letter) for letter in wanted}
        if found != wanted:
            def listed(counts: dict[str, int]) -> str:
                return ", ".join(f"{count} {letter}" for letter, count in counts.items())
            raise self.error(grid_node, "example: key", f"a key that {starting} starts has {listed(wanted)}; "
                                                        f"this grid has {listed(found)}: change its letters")
        clue = self.rich(fields["clue"], "example: clue", tags=False) if "clue" in fields else None
        targets = self.cells_named(fields, "targets", words)
        if targets and clue is None:
            raise self.error(fields["targets"], "example", "targets are the words a clue points at: add clue: "
                                                           "(what the spymaster says), or remove targets:")
        guesses = self.cells_named(fields, "guesses", words)
        captions: dict[str, Rich] = {}
        if "captions" in fields:
            caption_fields = self.fields(fields["captions"], "example: captions", CAPTION_KEYS)
            captions = {name: self.rich(node, f"example: captions: {name}", tags=False)
                        for name, node in caption_fields.items()}
        return Example(words, Key(starting, cells), lines, clue, targets, guesses, captions.get("clue"),
                       captions.get("grid"))

    def duet_example(self, node: yaml.Node) -> DuetExample:
        """The Duet sheet's example: 25 words and one Duet key card, checked as the keys job
        deals them (``DuetCard``), with the line of any mistake."""
        self.refuse_other_game(node, ("clue", "targets", "guesses"), KEY_KEYS,
                               "the classic sheet's example: print this text without --duet")
        fields = self.fields(node, "example", DUET_EXAMPLE_KEYS, required=("words", "key"))
        words, lines = self.example_words(fields["words"])
        key_node = fields["key"]
        key_fields = self.fields(key_node, "example: key", DUET_KEY_KEYS, required=DUET_KEY_KEYS)
        sides = tuple(self.duet_side(key_fields[name], name.upper()) for name in DUET_KEY_KEYS)
        try:
            card = duet.DuetCard(1, *sides)
        except ValueError:
            side, problem = _duet_key_problem(*sides)
            raise self.error(key_fields[side.lower()] if side else key_node, "example: key", problem) from None
        captions: list[tuple[str, Rich]] = []
        if "captions" in fields:
            caption_fields = self.fields(fields["captions"], "example: captions", DUET_CAPTION_KEYS)
            captions = [(name, self.rich(value, f"example: captions: {name}", tags=False))
                        for name, value in caption_fields.items()]
        return DuetExample(words, card, lines, tuple(captions))

    def duet_side(self, node: yaml.Node, side: str) -> tuple[str, ...]:
        """One side's grid: 5 rows of 5 of the letters G, A and N."""
        return self.grid(node, side.lower(), f"side {side}", f"side {side}, row", tuple(DUET_ROLE_NAMES),
                         "agent, assassin, bystander", "GNNAG")

    def grid(self, node: yaml.Node, key: str, whole: str, row_name: str, letters: Sequence[str], meanings: str,
             sample: str) -> tuple[str, ...]:
        """A key's grid, row by row: 5 rows of 5 of ``letters``; the cells row-major. A mistake
        names ``whole`` ("the grid", "side A") or ``row_name`` and the row's number."""
        rows = self.sequence(node, f"example: key: {key}", f"a list of {SIDE} rows such as {sample}")
        for number, row in enumerate(rows, start=1):
            text = self.scalar(row, f"example: key: {key} row {number}")
            if len(text) != SIDE or any(letter not in letters for letter in text):
                raise self.error(row, "example: key", f"{row_name} {number} '{_short(text)}' must be {SIDE} of the "
                                                      f"letters {', '.join(letters)} ({meanings})")
        if len(rows) != SIDE:
            raise self.error(node, "example: key", f"{whole} has {SIDE} rows, not {len(rows)}")
        return tuple("".join(row.value for row in rows))

    def example_words(self, node: yaml.Node) -> tuple[tuple[str, ...], tuple[int, ...]]:
        """The example's 25 words, printed exactly as written (no tags, no placeholders), and
        the line of each."""
        word_nodes = self.sequence(node, "example: words", f"a list of {CELL_COUNT} words")
        if len(word_nodes) != CELL_COUNT:
            raise self.error(node, "example", f"the example needs {CELL_COUNT} words, one for each cell of the "
                                              f"grid, not {len(word_nodes)}")
        words = tuple(self.scalar(word, f"example, word {n}") for n, word in enumerate(word_nodes, start=1))
        return words, tuple(_line(word) for word in word_nodes)

    def refuse_other_game(self, node: yaml.Node, keys: Sequence[str], key_keys: Sequence[str], what: str) -> None:
        """An example written for the other game's sheet (one of ``keys`` in the example, or of
        ``key_keys`` in its key) is named as such, rather than as unknown keys."""
        if not isinstance(node, yaml.MappingNode):
            return
        for key, value in node.value:
            if not isinstance(key, yaml.ScalarNode):
                continue
            found = key if key.value in keys else None
            if key.value == "key" and isinstance(value, yaml.MappingNode):
                found = next((name for name, _ in value.value
                              if isinstance(name, yaml.ScalarNode) and name.value in key_keys), None)
            if found is not None:
                raise self.error(found, "example", f"'{found.value}:' belongs to {what}")

    def cells_named(self, fields: dict[str, yaml.Node], name: str, words: tuple[str, ...]) -> tuple[int, ...]:
        """The cells of the example's words listed under ``name`` (matched in any case), in the
        order given; none when the key is absent."""
        if name not in fields:
            return ()
        where = f"example: {name}"
        folded = [word.casefold() for word in words]
        cells: list[int] = []
        for item in self.sequence(fields[name], where, "a list of the example's words, such as [PLANET, COMET]"):
            word = self.scalar(item, where)
            if word.casefold() not in folded:
                close = difflib.get_close_matches(word.upper(), [w.upper() for w in words], n=1)
                hint = f"did you mean '{words[[w.upper() for w in words].index(close[0])]}'?" if close else \
                    "name a word of the grid"
                raise self.error(item, "example", f"{name}: '{_short(word)}' is not one of the example's "
                                                  f"{CELL_COUNT} words: {hint}")
            cell = folded.index(word.casefold())
            if cell in cells:
                raise self.error(item, "example", f"{name}: '{_short(word)}' is listed twice: name each word once")
            cells.append(cell)
        return tuple(cells)

    # --- shapes

    def fields(self, node: yaml.Node, where: str, known: Sequence[str],
               required: Sequence[str] = ()) -> dict[str, yaml.Node]:
        """The values of a mapping by key: known keys only, each once, the required ones there."""
        if not isinstance(node, yaml.MappingNode):
            raise self.error(node, where, f"this needs keys ({', '.join(known)}), not {_kind_of(node)}")
        fields: dict[str, yaml.Node] = {}
        lines: dict[str, int] = {}
        for key, value in node.value:
            name = key.value if isinstance(key, yaml.ScalarNode) else ""
            if name in lines:
                raise self.error(key, where, f"'{name}' is set twice (first on line {lines[name]}): remove one")
            if name not in known:
                shown = f"unknown key '{_short(name)}'" if name else "a key must be a name"
                raise self.error(key, where, f"{shown}: {_suggest(name, known)}")
            lines[name] = _line(key)
            fields[name] = value
            self.keys[id(value)] = key
        missing = [name for name in required if name not in fields]
        if missing:
            raise self.error(node, where, f"'{missing[0]}:' is missing: add it")
        return fields

    def sequence(self, node: yaml.Node, where: str, expected: str) -> list[yaml.Node]:
        """A list with at least one entry."""
        if not isinstance(node, yaml.SequenceNode):
            raise self.error(node, where, f"this must be {expected}, not {_kind_of(node)}")
        if not node.value:
            raise self.error(node, where, f"the list is empty: it must be {expected}")
        return list(node.value)

    def scalar(self, node: yaml.Node, where: str, empty: bool = False) -> str:
        """The text of a scalar as written (so `8` and `yes` are the text '8' and 'yes')."""
        if not isinstance(node, yaml.ScalarNode):
            raise self.error(node, where, f"this must be text, not {_kind_of(node)}")
        if node.tag == _NULL and not (empty and node.value == ""):
            raise self.error(node, where, "this is empty: write the text, in quotes if it starts with a "
                                          "character YAML treats specially")
        text = _LINE_BREAKS.sub(" ", node.value).strip()
        if not text and not empty:
            raise self.error(node, where, "this is empty: write the text")
        control = next((char for char in text if unicodedata.category(char) == "Cc"), None)
        if control is not None:
            raise self.error(node, where, f"the text contains the control character U+{ord(control):04X}: remove it")
        return text

    def rich(self, node: yaml.Node, where: str, tags: bool = True, empty: bool = False) -> Rich:
        """A printed string: its tags read into spans (refused where ``tags`` is False), then
        the placeholders of each span filled in."""
        text = self.scalar(node, where, empty)
        try:
            runs = spans(text)
        except MarkupError as problem:
            raise self.error(node, where, str(problem)) from None
        if not tags and TAG.search(text):
            raise self.error(node, where, "a title is plain text, set in a style of its own: remove the <b> and "
                                          "<i> tags")
        filled = tuple(Span(self.fill(span.text, node, where), span.bold, span.italic) for span in runs)
        return Rich(tuple(span for span in filled if span.text), _line(node), where)

    # --- placeholders and conditions

    def fill(self, text: str, node: yaml.Node, where: str) -> str:
        def replace(match: re.Match) -> str:
            whole, name, singular, plural = match.group(0), *match.groups()
            if whole in ("{{", "}}"):
                return whole[0]
            if name is None:
                if len(whole) == 1:
                    raise self.error(node, where, f"a lone '{whole}': write {whole * 2} for a brace, "
                                                  "or {name} for a count")
                raise self.error(node, where, f"'{_short(whole)}' is not a placeholder: write {{name}} or "
                                              "{name|singular|plural}, or {{ and }} for braces")
            if name not in self.counts:
                raise self.error(node, where, f"unknown placeholder {{{name}}}; known: {', '.join(sorted(self.counts))}")
            value = self.counts[name]
            if not isinstance(value, int):
                if singular is not None:
                    raise self.error(node, where, f"{{{name}}} is not a count: write it without "
                                                  "|singular|plural")
                return str(value)
            shown = format_count(value, self.language)
            if singular is None:
                return shown
            return f"{shown} {singular if takes_singular(value, self.language) else plural}"

        return _PLACEHOLDER.sub(replace, text)

    def applies(self, fields: dict[str, yaml.Node], where: str) -> bool:
        """Whether a part with this ``when:`` (or none) belongs on this kit's sheet."""
        node = fields.get("when")
        if node is None:
            return True
        if isinstance(node, yaml.ScalarNode):
            names = [(node, self.scalar(node, f"{where}: when"))]
        elif isinstance(node, yaml.SequenceNode):
            items = self.sequence(node, f"{where}: when", "a condition or a list of them, e.g. when: [fold]")
            names = [(item, self.scalar(item, f"{where}: when")) for item in items]
        else:
            raise self.error(node, where, "'when' takes a condition or a list of them, e.g. when: [fold]")
        for item, name in names:
            if name not in CONDITIONS:
                raise self.error(item, where, f"unknown condition '{_short(name)}': {_suggest(name, CONDITIONS)}")
        return any(name in self.holds for _, name in names)

    def described(self) -> str:
        """The conditions this kit meets, as a message lists them."""
        return ", ".join(name for name in CONDITIONS if name in self.holds)
