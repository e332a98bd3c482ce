"""Reading the settings file, ``cngen.yaml``: the line of every value, checked against the
declarations; and the file ``cngen init`` writes. Only imported when there is a file to read
or write, so that commands run without one never load YAML.

The file is read by the one YAML reader (``inputs.schema``) against a shape made from the
declarations: a group of keys a section. Values are parsed by the same kinds as the command
line's, so "70x45mm" means the same in both. Paths in the file are relative to the file's own
folder, wherever cngen runs. Every problem names the file, the line and the key, and for an
unknown key where it belongs or the closest valid one. A game's name is a shorthand:
``NAME: true`` means ``game: NAME``.
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path
from typing import Callable

import yaml

from ..errors import CngenError, UsageError, closest
from ..inputs.reader import STDIN, read_input
from ..inputs.schema import (
    NULL,
    WHOLE_NUMBER,
    Choice,
    Fields,
    Flag,
    Group,
    Key,
    ListOf,
    Reading,
    Shape,
    Text,
    Whole,
    line_of,
    read_yaml,
    shown,
)
from ..kinds import Kind
from .declarations import BY_KEY, DEFAULTS_WHEN, SECTION_HELP, SECTIONS, SETTINGS, Setting
from .source import NO_FILE, FileValue, SettingsFile

# --- Reading the file ----------------------------------------------------------------------


def load_settings_file(path: Path | None) -> SettingsFile:
    if path is None:
        return NO_FILE
    return parse_settings(read_input(path, "settings file"), str(path), path.parent)


def parse_settings(data: bytes, source: str, folder: Path = Path()) -> SettingsFile:
    """The settings in ``data``; raises CngenError naming ``source``, the line and the key.
    Relative paths in the file are taken from ``folder``, the file's own."""
    fields = read_yaml(data, source, _file_shape(folder), "settings are plain values")
    values: dict[str, FileValue] = {}
    for name, value in fields.values.items():
        if isinstance(value, Fields):  # a section
            values.update((f"{name}.{key}", found) for key, found in value.values.items() if found is not None)
        elif isinstance(value, FileValue):
            values[BY_KEY[name].key] = value
    _choose_by_shorthand(fields, values, source)
    return SettingsFile(source, values)


def _file_shape(folder: Path) -> Group:
    """The file: top-level settings, a group a section, and each game's name as a shorthand."""
    keys: dict[str, Key] = {setting.name: Key(SettingShape(setting=setting, folder=folder))
                            for setting in SETTINGS if not setting.section}
    keys.update((name, Key(Flag())) for setting in SETTINGS for name in setting.shorthands)
    for section in SECTIONS[1:]:
        first = next(setting.name for setting in SETTINGS if setting.section == section and setting.name != section)
        keys[section] = Key(Group({setting.name: Key(SettingShape(setting=setting, folder=folder))
                                   for setting in SETTINGS if setting.section == section},
                                  expect=f"a group of settings on the indented lines below it, such as '  {first}: ...'",
                                  empty=True, join=".", unknown=_misplaced_in(section)))
    return Group(keys, empty=True, unknown=lambda name: _misplaced("", name),
                 expect="a group of settings such as 'paper: a4'")


def _choose_by_shorthand(fields: Fields, values: dict[str, FileValue], source: str) -> None:
    """``NAME: true`` chooses what ``game: NAME`` does; two choices that disagree are refused."""
    for setting in SETTINGS:
        for name in setting.shorthands:
            if name not in fields:
                continue
            line, chosen, on = fields.lines[name], values.get(setting.key), fields[name]
            written = f"{name}: {'true' if on else 'false'}"
            if chosen is not None and (chosen.value == name) != on:
                raise CngenError(f"{source}:{line}: {written} and {chosen.written or f'{setting.key}: {chosen.text}'} "
                                 f"(line {chosen.line}) choose different {setting.name}s: keep one")
            if on:
                values[setting.key] = FileValue(name, line, name, written)


class SettingShape(Shape, frozen=True):
    """A setting's value, read by its kind as the command line reads it: a FileValue with its
    line and text, or None where the file says null ("not set")."""

    setting: Setting | None = None
    folder: Path = Path()

    def read(self, node: yaml.Node, where: str, reading: Reading) -> FileValue | None:
        kind = self.setting.kind  # type: ignore[union-attr]
        if isinstance(node, yaml.ScalarNode) and node.tag == NULL:
            if kind.nullable and (kind.empty_is_null or node.value != ""):
                return None
            raise reading.wrong(node, where, kind.expect)
        try:
            value = self._value(kind, node, where, reading)
        except UsageError as error:  # the parser explains what it expected
            raise reading.fail(node, where, str(error)) from None
        written = node.value if isinstance(node, yaml.ScalarNode) else \
            "[" + ", ".join(item.value if isinstance(item, yaml.ScalarNode) else "" for item in node.value) + "]"
        return FileValue(value, line_of(node), written)

    def _value(self, kind: Kind, node: yaml.Node, where: str, reading: Reading) -> object:
        if kind.scalar == "list":
            item = Text() if kind.free else Choice(names=(*kind.choices, "none"), what="variant")
            names = reading.read(ListOf(item, name="", expect=kind.expect), node, where)
            return kind.parse_list(names)
        if kind.scalar == "int":
            if kind.cap and isinstance(node, yaml.ScalarNode) and re.fullmatch(WHOLE_NUMBER, node.value) \
                    and int(node.value) > kind.high:  # type: ignore[operator]
                raise reading.fail(node, where, f"this must be at most {kind.high}, the largest allowed, "
                                                f"not {shown(node)}")
            return reading.read(Whole(expect=kind.expect, low=kind.low, high=kind.high), node, where)
        if kind.scalar == "bool":
            return reading.read(Flag(expect=kind.expect), node, where)
        if not isinstance(node, yaml.ScalarNode) or node.value.strip() == "":
            raise reading.wrong(node, where, kind.expect)
        text = node.value  # as written: text takes any plain scalar, so `title: 2024` is '2024'
        if kind.choices and text not in kind.choices:
            raise reading.wrong(node, where, kind.expect)
        value = kind.parse(text)
        if kind.path is not None and isinstance(value, Path) and value != STDIN:
            return self.folder / value  # an absolute path stays as it is
        return value


def _names_in(section: str) -> dict[str, Setting]:
    return {setting.name: setting for setting in SETTINGS if setting.section == section}


def _misplaced_in(section: str) -> Callable[[str], str | None]:
    """``_misplaced`` for a key found in ``section``."""
    return lambda name: _misplaced(section, name)


def _misplaced(section: str, name: str) -> str | None:
    """Where a key of another part of the file belongs: its own level first, then anywhere in
    the file; None when no setting is called so (the nearest one at this level is suggested)."""
    if section and name in _names_in(""):
        return f"'{name}' belongs at the top level, without indentation"
    homes = [other for other in SECTIONS if other and other != section and name in _names_in(other)]
    if homes:
        return f"it belongs under {' or '.join(f'{home}:' for home in homes)}, indented"
    # The closest key at this level, unless one at another level is clearly closer ("blank"
    # at the top level means deck.blanks, not lang).
    valid = [*_names_in(section), *([other for other in SECTIONS if other] if not section else [])]
    here = _likeness(name, valid)
    elsewhere = {setting.name: setting for setting in SETTINGS if setting.section != section}
    there = _likeness(name, list(elsewhere))
    if there is not None and (here is None or there[1] > here[1]):
        found = elsewhere[there[0]]
        place = f"under {found.section}:" if found.section else "at the top level"
        return f"did you mean '{found.key}' ({place})?"
    return None


def _likeness(name: str, valid: list[str]) -> tuple[str, float] | None:
    """The closest of ``valid`` to ``name`` as difflib judges a near miss, with its likeness."""
    near = closest(name, valid)
    return (near, difflib.SequenceMatcher(None, name, near).ratio()) if near else None


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
