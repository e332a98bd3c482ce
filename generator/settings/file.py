"""Reading the settings file, ``cngen.yaml``: the line of every value, checked against the
declarations; and the file ``cngen init`` writes. Only imported when there is a file to read
or write, so that commands run without one never load YAML.

Values are parsed by the same kinds as the command line's, so "70x45mm" means the same in
both. Paths in the file are relative to the file's own folder, wherever cngen runs. Every
problem names the file, the line and the key, and for an unknown key the closest valid one.
"""

from __future__ import annotations

import difflib

import json
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..errors import CngenError, UsageError
from ..inputs.plainyaml import YamlProblem, compose_plain
from ..inputs.reader import STDIN, read_input
from ..inputs.text import NotUtf8, decode_utf8
from .declarations import DEFAULTS_WHEN, SECTION_HELP, SECTIONS, SETTINGS, Setting
from .kinds import WHOLE_NUMBER, Kind, quoted, suggest
from .source import NO_FILE, FileValue, SettingsFile

class _Invalid(Exception):
    """A value a reader refuses. The caller adds the file, line and key; ``detail`` replaces
    the usual "must be ..., not ..." and ``line`` points at a list item rather than the key."""

    def __init__(self, detail: str | None = None, line: int | None = None):
        super().__init__(detail)
        self.detail = detail
        self.line = line


# --- Finding and reading the file ----------------------------------------------------------


def load_settings_file(path: Path | None) -> SettingsFile:
    if path is None:
        return NO_FILE
    return parse_settings(read_input(path, "settings file"), str(path), path.parent)


def parse_settings(data: bytes, source: str, folder: Path = Path()) -> SettingsFile:
    """The settings in ``data``; raises CngenError naming ``source``, the line and the key.
    Relative paths in the file are taken from ``folder``, the file's own."""
    root = _compose(_decode(data, source), source)
    if root is None or _is_null(root):  # an empty file, or only comments
        return SettingsFile(source, {})
    if not isinstance(root, yaml.MappingNode):
        raise CngenError(f"{source}: the file must hold keys such as 'paper: a4'")
    return SettingsFile(source, _read_section("", root, _Reader(source, folder)))


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


@dataclass(frozen=True)
class _Reader:
    source: str
    folder: Path

    def error(self, line: int, message: str) -> CngenError:
        return CngenError(f"{self.source}:{line}: {message}")


def _names_in(section: str) -> dict[str, Setting]:
    return {setting.name: setting for setting in SETTINGS if setting.section == section}


def _read_section(section: str, mapping: yaml.MappingNode, reader: _Reader) -> dict[str, FileValue]:
    """The values set in one mapping, by key; keys set to null are left out."""
    settings = _names_in(section)
    subsections = [name for name in SECTIONS if name and not section]
    values: dict[str, FileValue] = {}
    first_line: dict[str, int] = {}
    for key_node, value_node in mapping.value:
        line = key_node.start_mark.line + 1
        name = key_node.value if isinstance(key_node, yaml.ScalarNode) else ""
        if name in first_line:
            raise reader.error(line, f"{_dotted(section, name)} is set twice (first on line {first_line[name]}): remove one")
        first_line[name] = line
        if name in subsections:
            values.update(_read_subsection(name, value_node, reader, line))
        elif name in settings:
            value = _read_value(settings[name], value_node, reader, line)
            if value is not None:
                values[settings[name].key] = value
        else:
            raise reader.error(line, _unknown_key(section, name, [*settings, *subsections]))
    return values


def _read_subsection(section: str, node: yaml.Node, reader: _Reader, line: int) -> dict[str, FileValue]:
    if _is_null(node):  # every key under it commented out
        return {}
    if not isinstance(node, yaml.MappingNode):
        first = next(iter(_names_in(section)))
        raise reader.error(line, f"{section} must hold its settings on the indented lines below it, "
                                 f"such as '  {first}: ...', not {_shown(node)}")
    return _read_section(section, node, reader)


def _read_value(setting: Setting, node: yaml.Node, reader: _Reader, line: int) -> FileValue | None:
    kind = setting.kind
    try:
        if _is_null(node):
            if kind.nullable and (kind.empty_is_null or node.value != ""):
                return None
            raise _Invalid()
        value = _value_of(kind, node, reader.folder)
    except UsageError as error:  # the parser explains what it expected
        raise reader.error(line, f"{setting.key}: {error}") from None
    except _Invalid as problem:
        detail = problem.detail or f"must be {kind.expect}, not {_shown(node)}"
        raise reader.error(problem.line or line, f"{setting.key} {detail}") from None
    written = node.value if isinstance(node, yaml.ScalarNode) else "[" + ", ".join(_item_texts(node)) + "]"
    return FileValue(value, line, written)


def _value_of(kind: Kind, node: yaml.Node, folder: Path) -> object:
    if kind.scalar == "list":
        return _names(kind, node)
    if kind.scalar == "int":
        # Refuses YAML 1.1's 0x1F, 0o17 and 1_000, and digits past any range (which int() refuses
        # past 4,300 of them, and which are slow to read long before that).
        number = int(_tagged(node, "int", WHOLE_NUMBER))
        if kind.cap and number > kind.high:  # type: ignore[operator]
            raise _Invalid(f"must be at most {kind.high}, the largest allowed, not {_shown(node)}")
        if (kind.low is not None and number < kind.low) or (kind.high is not None and number > kind.high):
            raise _Invalid()
        return number
    if kind.scalar == "bool":
        # YAML 1.1 also reads yes/no/on/off as booleans; only true and false are unambiguous.
        return _tagged(node, "bool", r"(?i:true|false)").lower() == "true"
    text = _scalar_text(node)
    if kind.choices and text not in kind.choices:
        raise _Invalid()
    value = kind.parse(text)
    if kind.path is not None and value != STDIN:
        return folder / value  # an absolute path stays as it is
    return value


def _names(kind: Kind, node: yaml.Node) -> tuple[str, ...]:
    if not isinstance(node, yaml.SequenceNode):
        raise _Invalid()
    for item in node.value:
        name = item.value if isinstance(item, yaml.ScalarNode) else ""
        if name not in (*kind.choices, "none"):
            raise _Invalid(f"has an unknown variant '{name}': {suggest(name, kind.choices)}", item.start_mark.line + 1)
    try:
        return kind.parse_list(_item_texts(node))
    except UsageError as error:
        raise _Invalid(f"cannot be used as it is: {error}") from None


def _item_texts(node: yaml.Node) -> list[str]:
    return [item.value if isinstance(item, yaml.ScalarNode) else "" for item in node.value]


def _scalar_text(node: yaml.Node) -> str:
    """The text as written. Text takes any plain scalar, so `title: 2024` is the text '2024'."""
    if not isinstance(node, yaml.ScalarNode) or node.value.strip() == "":
        raise _Invalid()
    return node.value


def _tagged(node: yaml.Node, tag: str, pattern: str) -> str:
    """The text of a scalar that YAML itself reads as ``tag``: 5 is an int, "5" is not."""
    if not isinstance(node, yaml.ScalarNode) or node.tag != f"tag:yaml.org,2002:{tag}":
        raise _Invalid()
    if not re.fullmatch(pattern, node.value):
        raise _Invalid()
    return node.value


def _shown(node: yaml.Node) -> str:
    """A value as a message shows it: quoted text is flagged, since "5" is not the number 5."""
    if isinstance(node, yaml.MappingNode):
        return "a group of keys"
    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if node.value == "":
        return "an empty value"
    return f"the text in quotes {quoted(node.value)}" if node.style in ("'", '"') else quoted(node.value)


def _dotted(section: str, name: str) -> str:
    return f"{section}.{name}" if section else name


def _unknown_key(section: str, name: str, valid: list[str]) -> str:
    """Where the key probably belongs: its own level first, then anywhere in the file."""
    message = f"unknown key '{_dotted(section, name)}'"
    if section and name in _names_in(""):
        return f"{message}: '{name}' belongs at the top level, without indentation"
    homes = [other for other in SECTIONS if other and other != section and name in _names_in(other)]
    if homes:
        where = " or ".join(f"{home}:" for home in homes)
        return f"{message}: it belongs under {where}, indented"
    # The closest key at this level, unless one at another level is clearly closer ("blank"
    # at the top level means deck.blanks, not lang).
    here = _closest(name, valid)
    elsewhere = {setting.name: setting for setting in SETTINGS if setting.section != section}
    there = _closest(name, list(elsewhere))
    if there is not None and (here is None or there[1] > here[1]):
        found = elsewhere[there[0]]
        place = f"under {found.section}:" if found.section else "at the top level"
        return f"{message}: did you mean '{found.key}' ({place})?"
    return f"{message}: {suggest(name, valid)}"


def _closest(name: str, valid: list[str]) -> tuple[str, float] | None:
    """The closest of ``valid`` to ``name`` as difflib judges a near miss, with its likeness."""
    close = difflib.get_close_matches(name, valid, n=1)
    return (close[0], difflib.SequenceMatcher(None, name, close[0]).ratio()) if close else None


# --- The file `cngen init` writes ----------------------------------------------------------


def default_settings_text() -> str:
    """Every key with its default and a comment; parse_settings reads it back to the defaults."""
    lines = [
        "# cngen settings. cngen reads cngen.yaml in the folder it runs in, or the file given",
        "# with --config. An option on the command line overrides the same setting here.",
        "# Sizes need a unit: mm, cm, in or pt. null means \"not set\". Paths are relative to",
        "# this file's folder. [brackets] list the commands that use a setting.",
    ]
    for section in SECTIONS:
        indent = "  " if section else ""
        lines.append("")
        lines.append(f"# {SECTION_HELP[section]}")
        if section:
            lines.append(f"{section}:")
        for setting in SETTINGS:
            if setting.section == section:
                lines.append(f"{indent}# {setting.help} [{', '.join(setting.commands)}]")
                lines.append(f"{indent}{_default_line(setting)}")
    return "\n".join(lines) + "\n"


def _default_line(setting: Setting) -> str:
    """``key: default``; a default that follows another setting (a shop's SRA3) is written as a
    comment, so that the file does not pin it: uncommented, it holds for every profile."""
    line = f"{setting.name}: {_yaml_value(setting.default)}"
    follows = [rule for rule in DEFAULTS_WHEN if rule.key == setting.key]
    if not follows:
        return line
    otherwise = "; ".join(f"{_yaml_value(rule.value)} when {rule.when[0]} is {rule.when[1]}" for rule in follows)
    return f"# {line}  ({otherwise})"


def _yaml_value(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_yaml_value(item) for item in value) + "]"
    if isinstance(value, str) and re.fullmatch(r"[\w./-]+", value) and yaml.safe_load(value) == value:
        return value  # plain words that read back as the same text: a4, 70x45mm, output/deck.pdf
    return json.dumps(value)  # null, true, 5, and quoted text: JSON is valid YAML
