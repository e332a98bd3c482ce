"""The settings file, ``cngen.yaml``: every option of every printing command, read with lines.

The file only supplies defaults: cli.py hands ``Config.default_map`` to click, so an option
given on the command line still wins. Values keep the form the command line accepts
("70x45mm", 40, true); the options' own callbacks turn them into points later. Every problem
names the file, the line and the key, so that a user can go straight to it.

One table, ``SCHEMA``, says which keys exist, what they accept, their defaults, and which
click parameters they set; parsing, the default file and the tests all read it.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable

import yaml

from .errors import CngenError, UsageError
from .keys import MAX_CARDS
from .plainyaml import YamlProblem, compose_plain
from .utf8 import NotUtf8, decode_utf8
from .ruletext import VARIANTS
from .tokens import MAX_SETS
from .theme import Ink
from .units import parse_length, parse_offset, parse_paper, parse_size

CONFIG_FILE_NAME = "cngen.yaml"


@dataclass(frozen=True)
class Config:
    source: str  # the file's name as the user gave it, for messages; "" when there is none
    default_map: dict[str, dict[str, object]]  # command -> click parameter -> value
    theme: dict[str, str]  # colour name -> "#RRGGBB", only the colours the file sets
    title: str | None


def _empty(source: str) -> Config:
    # A new one each time: the maps are dicts, and a caller may add to them.
    return Config(source=source, default_map={}, theme={}, title=None)


# --- What a value may be -------------------------------------------------------------------


class _Invalid(Exception):
    """A value a reader refuses. The caller adds the file, line and key; ``detail`` replaces
    the usual "must be ..., not ..." and ``node`` points at a list item rather than the key."""

    def __init__(self, detail: str | None = None, node: yaml.Node | None = None):
        super().__init__(detail)
        self.detail = detail
        self.node = node


@dataclass(frozen=True)
class Kind:
    expect: str  # completes "deck.blanks must be ...": what a valid value looks like
    read: Callable[[yaml.Node], object]  # the value, or _Invalid / UsageError
    nullable: bool = False  # null means "not set" and is left out of default_map
    empty_is_null: bool = True  # whether `key:` with nothing after it counts as null


def _scalar_text(node: yaml.Node) -> str:
    """The text as written. Strings take any plain scalar, so `title: 2024` is the text '2024'."""
    if not isinstance(node, yaml.ScalarNode) or node.value.strip() == "":
        raise _Invalid()
    return node.value


def _text(check: Callable[[str], object] | None = None) -> Callable[[yaml.Node], str]:
    def read(node: yaml.Node) -> str:
        value = _scalar_text(node)
        if check is not None:
            check(value)  # raises UsageError with its own explanation
        return value

    return read


def _tagged(node: yaml.Node, tag: str) -> str:
    """The text of a scalar that YAML itself reads as ``tag``: 5 is an int, "5" is not."""
    if not isinstance(node, yaml.ScalarNode) or node.tag != f"tag:yaml.org,2002:{tag}":
        raise _Invalid()
    return node.value


def whole(low: int, high: int | None = None) -> Kind:
    def read(node: yaml.Node) -> int:
        text = _tagged(node, "int")
        if not re.fullmatch(r"[-+]?[0-9]+", text):  # refuses YAML 1.1's 0x1F, 0o17, 1_000
            raise _Invalid()
        number = int(text)
        if number < low or (high is not None and number > high):
            raise _Invalid()
        return number

    expect = f"a whole number from {low} to {high}" if high is not None else f"a whole number, {low} or more"
    return Kind(expect, read)


def _flag(node: yaml.Node) -> bool:
    # YAML 1.1 also reads yes/no/on/off as booleans; only true and false are unambiguous.
    text = _tagged(node, "bool").lower()
    if text not in ("true", "false"):
        raise _Invalid()
    return text == "true"


def choice(*names: str) -> Kind:
    def read(node: yaml.Node) -> str:
        value = _scalar_text(node)
        if value not in names:
            raise _Invalid()
        return value

    return Kind(f"one of {', '.join(names)}", read)


def nullable(kind: Kind, empty_is_null: bool = True) -> Kind:
    return Kind(f"{kind.expect}, or null", kind.read, nullable=True, empty_is_null=empty_is_null)


def _variant_list(node: yaml.Node) -> list[str]:
    if not isinstance(node, yaml.SequenceNode):
        raise _Invalid()
    names = []
    for item in node.value:
        name = item.value if isinstance(item, yaml.ScalarNode) else ""
        if name not in (*VARIANTS, "none"):
            raise _Invalid(f"has an unknown variant '{name}': {_suggest(name, VARIANTS)}", item)
        names.append(name)
    # The rules command reads "no --variant" as "all of them": an empty list must say none.
    return names or ["none"]


TEXT = Kind("text", _text())
PAPER = Kind("a paper name or size such as a4 or 320x450mm", _text(parse_paper))
LENGTH = Kind("a length with a unit such as 5mm", _text(parse_length))
SIZE = Kind("a size with a unit such as 70x45mm", _text(parse_size))
FLAG = Kind("true or false", _flag)
SEED = nullable(whole(0))
OFFSET = Kind('two distances in millimetres, across and down, such as "1.5,-0.5"', _text(parse_offset))
# `red: #D8322B` reads as an empty value, as # starts a comment: refuse it rather than
# silently keep cngen's red.
COLOUR = nullable(Kind(
    'a colour such as "#D8322B", in quotes (YAML reads an unquoted # as the start of a comment)',
    lambda node: _text(Ink.from_hex)(node).upper(),
), empty_is_null=False)
VARIANT_LIST = Kind(f"a list of variants such as [{', '.join(VARIANTS[:2])}], or []", _variant_list)


# --- The keys --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Setting:
    name: str  # the key in the file
    kind: Kind
    default: object  # what `cngen init` writes (None is written as null)
    help: str  # the comment above the key in the file `cngen init` writes
    params: tuple[str, ...] = ()  # "command.parameter" that the value sets


TOP = ""  # the section of the keys at the top level of the file
SHEET_COMMANDS = ("deck", "keys", "tokens", "kit")


def _everywhere(parameter: str, commands: tuple[str, ...] = SHEET_COMMANDS) -> tuple[str, ...]:
    return tuple(f"{command}.{parameter}" for command in commands)


SECTION_HELP = {
    "theme": 'Colours, each "#RRGGBB" in quotes; null keeps cngen\'s own colour.',
    "deck": "cngen deck: the codename cards.",
    "keys": "cngen keys: the spymasters' key cards.",
    "tokens": "cngen tokens: the agent, bystander and assassin tiles.",
    "rules": "cngen rules: the rules sheet.",
    "kit": "cngen kit: every component at once (it also uses the deck, keys, tokens and rules settings).",
}

SCHEMA: dict[str, tuple[Setting, ...]] = {
    TOP: (
        Setting("paper", PAPER, "a4",
                "Sheet size: a4, letter, legal, a3, tabloid, sra3, or WIDTHxHEIGHT such as 320x450mm.",
                _everywhere("paper", ("deck", "keys", "tokens", "rules", "kit", "calibrate"))),
        Setting("margin", LENGTH, "5mm",
                "Smallest blank margin around the cards; home printers cannot print the edges.",
                _everywhere("margin")),
        Setting("sides", choice("long-edge", "short-edge", "fold"), "long-edge",
                "How the backs are printed: long-edge or short-edge duplex, or fold (one side, folded over).",
                _everywhere("sides")),
        Setting("profile", choice("home", "shop"), "home",
                "home for your own printer; shop for a print shop, with bleed.",
                _everywhere("profile", ("deck", "keys", "tokens", "rules", "kit"))),
        Setting("bleed", LENGTH, "3mm", "How far the shop profile extends the artwork past each cut.",
                _everywhere("bleed")),
        Setting("back_offset", OFFSET, "0,0",
                'Move the backs by "DX,DY" millimetres when your printer does not line them up with the fronts.',
                _everywhere("back_offset", (*SHEET_COMMANDS, "calibrate"))),
        Setting("preview", FLAG, False, "true to write a PNG of the first sheet beside each PDF.",
                _everywhere("preview", ("deck", "keys", "tokens", "rules", "kit"))),
        Setting("title", nullable(TEXT), None,
                "A title printed on the key card backs and the rules sheet; null for none."),
    ),
    "theme": tuple(
        Setting(name, COLOUR, None, help)
        for name, help in (
            ("red", "The red team's agents, cells and lights."),
            ("blue", "The blue team's agents, cells and lights."),
            ("bystander", "The innocent bystanders' cells and tiles."),
            ("assassin", "The assassin's cell and tile."),
            ("card", "The background of the codename cards."),
            ("band", "The shaded band that carries the spymasters' upside-down word."),
            ("outline", "Frames and the emblem."),
        )
    ),
    "deck": (
        Setting("deck", TEXT, "standard",
                "Bundled deck to print (cngen decks lists them); ignored when words is set.",
                ("deck.deck_name", "kit.deck_name")),
        Setting("words", nullable(TEXT), None,
                "Your own word list, a .txt or YAML deck file; null for the bundled deck.",
                ("deck.words", "kit.words")),
        Setting("blanks", whole(0, 10_000), 5, "Blank cards to write your own words on.",
                ("deck.blanks", "kit.blanks")),
        Setting("card_size", SIZE, "70x45mm", "Card size, landscape, with a unit: mm, cm, in or pt.",
                ("deck.card", "kit.deck_card")),
        Setting("seed", SEED, None, "Shuffle the words with this number first; null keeps the list's order.",
                ("deck.seed", "kit.seed")),
        Setting("font", nullable(TEXT), None,
                "A TrueType font file for the words; null for the bundled Fira Sans Bold.",
                ("deck.font",)),
        Setting("output", TEXT, "output/deck.pdf", "Where cngen deck writes its PDF.", ("deck.output",)),
    ),
    "keys": (
        Setting("count", whole(1, MAX_CARDS), 40, "Key cards to print; a double-sided card carries two keys.",
                ("keys.count", "kit.keys_count")),
        Setting("seed", SEED, None, "Deal this same deck again; null chooses a seed and prints it.",
                ("keys.seed", "kit.keys_seed")),
        Setting("single_sided", FLAG, False, "true for one key per card with a plain back.",
                ("keys.single_sided", "kit.single_sided")),
        Setting("stats", FLAG, False, "true to print how balanced the dealt deck is.", ("keys.stats",)),
        Setting("card_size", SIZE, "70x70mm", "Key card size, at least 50 mm a side.", ("keys.card", "kit.keys_card")),
        Setting("font", nullable(TEXT), None, "A TrueType font file for the card numbers; null for the bundled one.",
                ("keys.font",)),
        Setting("output", TEXT, "output/keys.pdf", "Where cngen keys writes its PDF (the manifest goes beside it).",
                ("keys.output",)),
    ),
    "tokens": (
        Setting("sets", whole(1, MAX_SETS), 1, "Full sets of 25 tiles to print.", ("tokens.sets", "kit.token_sets")),
        Setting("card_size", SIZE, "70x45mm", "Tile size; the word card's size lets a tile cover a word.",
                ("tokens.card", "kit.token_card")),
        Setting("font", nullable(TEXT), None, "A TrueType font file for the role names; null for the bundled one.",
                ("tokens.font",)),
        Setting("output", TEXT, "output/tokens.pdf", "Where cngen tokens writes its PDF.", ("tokens.output",)),
    ),
    "rules": (
        Setting("variants", VARIANT_LIST, VARIANTS, "The variants the sheet explains; [] for none.",
                ("rules.variants", "kit.variants")),
        Setting("text", nullable(TEXT), None, "Another rules text of the same shape as rules/en.yaml; null for ours.",
                ("rules.text", "kit.text")),
        Setting("output", TEXT, "output/rules.pdf", "Where cngen rules writes its PDF.", ("rules.output",)),
    ),
    "kit": (
        Setting("out_dir", TEXT, "output", "The folder the kit's PDFs are written to.", ("kit.out_dir",)),
        Setting("combined", FLAG, False, "true to write the whole kit as one PDF as well.", ("kit.combined",)),
        Setting("font", nullable(TEXT), None,
                "A TrueType font file for every component of the kit; null for the bundled one.", ("kit.font",)),
    ),
}


def dotted(section: str, name: str) -> str:
    """How messages name a key: 'paper' at the top level, 'deck.blanks' in a section."""
    return f"{section}.{name}" if section else name


# --- Finding and reading the file ----------------------------------------------------------


def find_config(explicit: Path | None, cwd: Path) -> Path | None:
    """The file to read: --config if given (it must exist), else cngen.yaml here, else none.

    Pass ``Path()`` as ``cwd`` to keep names short in messages ("cngen.yaml:3: ...").
    """
    if explicit is not None:
        path = cwd / explicit  # an absolute path stays as it is
        if not path.is_file():
            problem = "is a folder, not a settings file" if path.is_dir() else "does not exist"
            raise CngenError(f"{explicit}: {problem}: check the --config path")
        return path
    found = cwd / CONFIG_FILE_NAME
    return found if found.is_file() else None


def load_config(path: Path | None) -> Config:
    if path is None:
        return _empty("")
    try:
        data = path.read_bytes()
    except OSError as error:
        raise CngenError(f"{path}: cannot read it ({error.strerror})") from None
    return parse_config(data, str(path))


def parse_config(data: bytes, source: str) -> Config:
    """The settings in ``data``; raises CngenError naming ``source``, the line and the key."""
    root = _compose(_decode(data, source), source)
    if root is None or _is_null(root):  # an empty file, or only comments
        return _empty(source)
    if not isinstance(root, yaml.MappingNode):
        raise CngenError(f"{source}: the file must hold keys such as 'paper: a4'")
    values = _read_section(TOP, root, source)
    return Config(
        source=source,
        default_map=_default_map(values),
        theme={name.removeprefix("theme."): value for name, value in values.items()
               if name.startswith("theme.") and value is not None},
        title=values.get("title"),
    )


def _decode(data: bytes, source: str) -> str:
    try:
        return decode_utf8(data)
    except NotUtf8 as problem:
        raise CngenError(f"{source}:{problem.line}: this is not UTF-8 text{problem.detail}: save the file as UTF-8") from None


def _compose(text: str, source: str) -> yaml.Node | None:
    try:
        return compose_plain(text, "settings are plain values")
    except YamlProblem as problem:
        where = f"{source}:{problem.line}" if problem.line else source
        raise CngenError(f"{where}: {problem.message}") from None


def _is_null(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:null"


# --- Reading the keys ----------------------------------------------------------------------


def _read_section(section: str, mapping: yaml.MappingNode, source: str) -> dict[str, object]:
    """The values set in one mapping, by dotted name; None for an explicit null."""
    settings = {setting.name: setting for setting in SCHEMA[section]}
    subsections = [name for name in SCHEMA if name and not section]
    values: dict[str, object] = {}
    first_line: dict[str, int] = {}
    for key_node, value_node in mapping.value:
        line = key_node.start_mark.line + 1
        name = key_node.value if isinstance(key_node, yaml.ScalarNode) else ""
        if name in first_line:
            twice = f"{dotted(section, name)} is set twice (first on line {first_line[name]}): remove one"
            raise _error(source, line, twice)
        first_line[name] = line
        if name in subsections:
            values.update(_read_subsection(name, value_node, source, line))
        elif name in settings:
            values[dotted(section, name)] = _read_value(settings[name], section, value_node, source, line)
        else:
            raise _error(source, line, _unknown_key(section, name, [*settings, *subsections]))
    return values


def _read_subsection(section: str, node: yaml.Node, source: str, line: int) -> dict[str, object]:
    if _is_null(node):  # every key under it commented out
        return {}
    if not isinstance(node, yaml.MappingNode):
        raise _error(source, line, f"{section} must hold its settings on the indented lines below it, "
                                   f"such as '  {SCHEMA[section][0].name}: ...', not {_shown(node)}")
    return _read_section(section, node, source)


def _read_value(setting: Setting, section: str, node: yaml.Node, source: str, line: int) -> object:
    where, kind = dotted(section, setting.name), setting.kind
    try:
        if _is_null(node):
            if kind.nullable and (kind.empty_is_null or node.value != ""):
                return None
            raise _Invalid()
        return kind.read(node)
    except UsageError as error:  # units.py explains what it expected
        raise _error(source, line, f"{where}: {error}") from None
    except _Invalid as problem:
        detail = problem.detail or f"must be {kind.expect}, not {_shown(node)}"
        at = problem.node.start_mark.line + 1 if problem.node is not None else line
        raise _error(source, at, f"{where} {detail}") from None


def _shown(node: yaml.Node) -> str:
    """A value as a message shows it: quoted text is flagged, since "5" is not the number 5."""
    if isinstance(node, yaml.MappingNode):
        return "a group of keys"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if node.value == "":
        return "an empty value"
    return f"the text in quotes '{node.value}'" if node.style in ("'", '"') else f"'{node.value}'"


def _unknown_key(section: str, name: str, valid: list[str]) -> str:
    message = f"unknown key '{dotted(section, name)}'"
    if section and any(name == setting.name for setting in SCHEMA[TOP]):
        return f"{message}: '{name}' belongs at the top level, without indentation"
    homes = [other for other, settings in SCHEMA.items() if other and any(s.name == name for s in settings)]
    if not section and homes:
        return f"{message}: it belongs under {' or '.join(home + ':' for home in homes)}, indented"
    return f"{message}: {_suggest(name, valid)}"


def _suggest(name: str, valid: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, list(valid), n=1)
    return f"did you mean '{close[0]}'?" if close else f"use one of {', '.join(valid)}"


def _error(source: str, line: int, message: str) -> CngenError:
    return CngenError(f"{source}:{line}: {message}")


def _default_map(values: dict[str, object]) -> dict[str, dict[str, object]]:
    """click's per-command defaults; keys the file leaves out, or sets to null, stay click's."""
    default_map: dict[str, dict[str, object]] = {}
    for section, settings in SCHEMA.items():
        for setting in settings:
            value = values.get(dotted(section, setting.name))
            if value is None:
                continue
            for target in setting.params:
                command, parameter = target.split(".")
                # A list of its own for each command, so that changing one cannot change another.
                default_map.setdefault(command, {})[parameter] = list(value) if isinstance(value, list) else value
    return default_map


# --- The file `cngen init` writes ----------------------------------------------------------


def default_config_text() -> str:
    """Every key with its default and a comment; parse_config reads it back to the defaults."""
    lines = [
        "# cngen settings. cngen reads cngen.yaml in the folder it runs in, or the file given",
        "# with --config. An option on the command line overrides the same setting here.",
        "# Sizes need a unit: mm, cm, in or pt. null means \"not set\".",
    ]
    for section, settings in SCHEMA.items():
        lines.append("")
        indent = ""
        if section:
            lines += [f"# {SECTION_HELP[section]}", f"{section}:"]
            indent = "  "
        for setting in settings:
            lines += [f"{indent}# {setting.help}", f"{indent}{setting.name}: {_yaml_value(setting.default)}"]
    return "\n".join(lines) + "\n"


def _yaml_value(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_yaml_value(item) for item in value) + "]"
    if isinstance(value, str) and re.fullmatch(r"[\w.-]+", value) and yaml.safe_load(value) == value:
        return value  # plain words that read back as the same text: a4, 70x45mm
    return json.dumps(value)  # null, true, 5, and quoted text: JSON is valid YAML
