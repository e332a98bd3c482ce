"""The values a command runs with: what was typed, else what the settings file says, else the
declared default, each remembering where it came from.

Where it came from decides what happens to a value that cannot work with the others: typed
on the command line, it stops the run with a message naming both options (exit 2); read from
the settings file, which serves every command alike, it is ignored with a one-line note.
"""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

import msgspec

from ..errors import CngenError, UsageError
from ..inputs.fontface import font_face
from ..inputs.reader import STDIN
from ..model.tiles import TileText
from .declarations import (
    ALTERNATIVES,
    BY_KEY,
    DEFAULTS_WHEN,
    EXCLUDES,
    NO_EFFECT,
    RANGES_WHEN,
    UNSUPPORTED,
    Setting,
    settings_of,
)
from .source import NO_FILE, SettingsFile


class Origin(msgspec.Struct, frozen=True):
    """Typed as ``flag``, read from ``place`` ("cngen.yaml:4"), or neither: the default."""

    flag: str | None = None
    place: str | None = None
    text: str = ""  # the value as the user wrote it
    written: str | None = None  # the file's line as written, where it is not "key: text"

    @property
    def is_default(self) -> bool:
        return self.flag is None and self.place is None


T = TypeVar("T")


class Settings(msgspec.Struct):
    """One command's values by key, with their origins and the notes about ignored ones.

    A value is read as the type its declaration gives it (``value``, ``optional``), checked
    as it is read; the jobs get them as typed records (``settings.options``)."""

    command: str
    values: dict[str, object]
    origins: dict[str, Origin]
    notes: list[str] = msgspec.field(default_factory=list)
    tiles: tuple[TileText, ...] = ()  # an edition's texts for its tiles (``--edition``)

    def __getitem__(self, key: str) -> object:
        """The value of ``key`` as resolved, of no type in particular: code that uses it reads
        it with ``value``."""
        return self.values[key]

    def value(self, key: str, kind: type[T]) -> T:
        """The value of ``key``, a ``kind`` by its declaration."""
        found = self.values[key]
        if not isinstance(found, kind):
            raise TypeError(f"{key} is {found!r}, not a {kind.__name__}: its declaration and its use differ")
        return found

    def optional(self, key: str, kind: type[T]) -> T | None:
        """The value of ``key``, a ``kind`` or None (not set) by its declaration."""
        return None if self.values[key] is None else self.value(key, kind)

    def path(self, key: str) -> Path:
        return self.value(key, Path)

    def on(self, key: str) -> bool:
        """Whether the switch ``key`` (--combined, --preview...) is on."""
        return self.value(key, bool)

    def given(self, key: str) -> bool:
        """Whether the user chose this value, on the command line or in the file."""
        return not self.origins[key].is_default

    def typed(self, key: str) -> bool:
        return self.origins[key].flag is not None

    def describe(self, key: str) -> str:
        """The setting as the user gave it: '--profile shop', 'profile: shop (cngen.yaml:2)'."""
        origin, text = self.origins[key], _shown(self.values[key], self.origins[key])
        if origin.flag is not None and (isinstance(self.values[key], bool) or origin.flag == f"--{self.values[key]}"):
            return origin.flag  # --combined, not "--combined True"; --NAME, not "--NAME NAME"
        if origin.flag is not None:
            return f"{origin.flag} {text}".rstrip()
        if origin.place is not None:
            return f"{origin.written or f'{key}: {text}'} ({origin.place})"
        return f"--{BY_KEY[key].name.replace('_', '-')} {text} (the default)"

    def removal(self, key: str) -> str:
        """What to take away to drop a value: the option typed, or the file's line."""
        origin = self.origins[key]
        if origin.place is not None:
            return f"{(origin.written or key).split(':')[0]} from {origin.place}"
        return self.describe(key).removesuffix(" (the default)")

    def flag(self, key: str) -> str:
        return self.origins[key].flag or BY_KEY[key].flag_on(self.command) or key

    def input_files(self) -> list[tuple[str, Path]]:
        """(key, path) for every input file this command was given, each picture of a folder
        of pictures among them; standard input is none (``reads_standard_input``)."""
        files: list[tuple[str, Path]] = []
        for setting in settings_of(self.command):
            value = self.values[setting.key]
            if value in (None, STDIN) or setting.kind.path not in ("input", "input-folder"):
                continue
            path = self.path(setting.key)
            if setting.kind.path == "input":
                files.append((setting.key, _input_file(setting.key, path)))
            else:
                from ..inputs.images import picture_files  # Pillow loads only for a run with pictures

                files += [(setting.key, picture) for picture in picture_files(path)]
        return files

    def reads_standard_input(self) -> str | None:
        """The key of the input this command reads from standard input (``--words -``), if any."""
        return next((setting.key for setting in settings_of(self.command)
                     if setting.kind.path == "input" and self.values[setting.key] == STDIN), None)

    def check_input(self, key: str) -> Path | None:
        """The input file a key names, after making sure it is a file: one that is not is
        named with where the user wrote it."""
        if self.values.get(key) is None:
            return None
        path = self.path(key)
        if path == STDIN or _input_file(key, path).is_file():
            return path
        problem = _not_a_file(path, key)
        relative = " (paths in a settings file are relative to its folder)" \
            if self.origins[key].place is not None and not path.exists() else ""
        raise CngenError(f"{self.given_path(key)}: {problem}{relative}")

    def given_path(self, key: str) -> str:
        """A path setting as messages name it, where the user wrote it: "--words list.txt", or
        "cngen.yaml:3: deck.words: list.txt"."""
        origin = self.origins[key]
        if origin.place is not None:
            return f"{origin.place}: {key}: {self.path(key)}"
        return f"{self.flag(key)} {self.path(key)}"


def _input_file(key: str, path: Path) -> Path:
    """The file an input names: a font may name a face of a collection, FILE.ttc#N; an edition
    its folder, for the edition.yaml inside."""
    if key == "edition" and Path(path).is_dir():
        from ..inputs.bundled import EDITION_FILE

        return Path(path) / EDITION_FILE
    return font_face(Path(path))[0] if key.endswith(".font") else Path(path)


def _not_a_file(path: Path, key: str) -> str:
    """What is wrong with a path that is not a regular file, and what to do."""
    if path.is_dir():
        return "this is a folder, not a file: check the path"
    if not path.exists():
        return "there is no such file: check the path"
    # A pipe or a device: it may never end, so it is not read; a list can come on standard input.
    stdin = ", or pass the list on standard input with --words -" if key == "deck.words" else ""
    return f"this is not a regular file (a pipe or a device): save it as a file{stdin}"


def default_value(setting: Setting) -> object:
    """The declared default as cngen uses it (points, paths, tuples)."""
    return value_as_used(setting, setting.default)


def value_as_used(setting: Setting, written: object) -> object:
    """A value as the declarations write it ("sra3", True) -> as cngen uses it."""
    kind = setting.kind
    if written is None or kind.scalar in ("int", "bool"):
        return written
    if kind.scalar == "list":
        return kind.parse_list(written)  # type: ignore[arg-type]
    return kind.parse(written)  # type: ignore[arg-type]


def resolve(command: str, typed: dict[str, tuple[object, str]], file: SettingsFile = NO_FILE) -> Settings:
    """``typed``: key -> (value, the flag as typed). Raises UsageError for conflicts. An
    edition (``--edition``, or ``edition:`` in the file) is a layer of its own: what it sets
    beats the settings file, and what is typed beats both."""
    edition = _edition_given(command, typed, file)
    if edition is None:
        return _resolve(command, typed, file)
    from .edition import load_edition  # YAML is read only when there is an edition

    layer = load_edition(_edition_path(edition))
    settings = _resolve(command, typed, SettingsFile(file.source, {**file.values, **layer.values}))
    settings.tiles = layer.tiles
    return settings


def _edition_given(command: str, typed: dict[str, tuple[object, str]], file: SettingsFile) -> Settings | None:
    """The edition setting alone, typed or from the file, as every setting is read; None
    where the command has none or none is given."""
    setting = BY_KEY["edition"]
    if command not in setting.commands:
        return None
    value, origin = _value(setting, typed, file)
    return None if value is None else Settings(command, {setting.key: value}, {setting.key: origin})


def _edition_path(settings: Settings) -> Path:
    """The edition's file: as given, the edition.yaml of a folder given, or one of the examples
    cngen ships, by its name or its folder's path in a copy of cngen (``editions/party``)."""
    from ..inputs.bundled import EDITION_FILE, edition_paths  # the shipped editions' folder: only for an edition

    given = settings.path("edition")
    written = settings.origins["edition"].text or str(given)
    if given.is_dir():
        inside = given / EDITION_FILE
        if inside.is_file():
            return inside
        raise _no_edition(settings, f"this folder holds no {EDITION_FILE}", edition_paths())
    if not given.exists():
        shipped = edition_paths()
        place = Path(written.replace("\\", "/"))
        if place.name in shipped and (len(place.parts) == 1 or place.parent.name == "editions"):
            return shipped[place.name]
        raise _no_edition(settings, "there is no such file or folder", shipped)
    checked = settings.check_input("edition")
    assert checked is not None, "an edition is resolved only where one is given"
    return checked


def _no_edition(settings: Settings, problem: str, shipped: dict[str, Path]) -> CngenError:
    """No edition where the user pointed: say what to give, and name cngen's own."""
    from ..inputs.bundled import EDITION_FILE

    own = ", ".join(f"--edition {name}" for name in shipped)
    return CngenError(f"{settings.given_path('edition')}: {problem}: give an edition's file (cngen init --edition writes one) or the folder "
                      f"that holds its {EDITION_FILE}, or print one of cngen's own: {own}")


def _resolve(command: str, typed: dict[str, tuple[object, str]], file: SettingsFile) -> Settings:
    values: dict[str, object] = {}
    origins: dict[str, Origin] = {}
    for setting in settings_of(command):
        values[setting.key], origins[setting.key] = _value(setting, typed, file)
    settings = Settings(command, values, origins)
    _apply_defaults_that_depend(settings)
    _choose_alternatives(settings)
    _refuse_unsupported(settings)
    _refuse_exclusions(settings)
    _refuse_out_of_range(settings)
    _drop_what_has_no_effect(settings)
    return settings


def _value(setting: Setting, typed: dict[str, tuple[object, str]], file: SettingsFile) -> tuple[object, Origin]:
    """A setting's value and where it came from: typed, else the file (or an edition laid on
    it), else the declared default."""
    key = setting.key
    if key in typed:
        value, flag = typed[key]
        return value, Origin(flag=flag)
    if key in file.values:
        found = file.values[key]
        return found.value, Origin(place=f"{found.source or file.source}:{found.line}", text=found.text,
                                   written=found.written)
    return default_value(setting), Origin()


def _apply_defaults_that_depend(settings: Settings) -> None:
    """Defaults that follow another setting: a shop's sheets are SRA3 unless paper is given."""
    for rule in DEFAULTS_WHEN:
        key, (condition, value) = rule.key, rule.when
        if settings.command in rule.commands and not settings.given(key) and settings.values.get(condition) == value:
            settings.values[key] = value_as_used(BY_KEY[key], rule.value)
            settings.origins[key] = Origin(text=str(rule.value))


def _choose_alternatives(settings: Settings) -> None:
    for first, second in ALTERNATIVES:
        if first not in settings.values or settings.values[first] is None:
            continue
        if settings.typed(first) and settings.typed(second):
            raise UsageError(f"{settings.flag(first)} and {settings.flag(second)} both choose the same thing: "
                             "drop one of them")
        # The command line beats the file; within the file the first of the pair wins.
        loser = first if settings.typed(second) and not settings.typed(first) else second
        winner = second if loser == first else first
        _ignore(settings, loser, f"{settings.describe(winner)} chooses instead")


def _refuse_unsupported(settings: Settings) -> None:
    for rule in UNSUPPORTED:
        key, value = rule.setting
        if settings.command in rule.commands and settings.values.get(key) == value:
            raise UsageError(f"cngen {settings.command} cannot use {settings.describe(key)}: {rule.why}. "
                             f"Drop it, or choose another value")


def _refuse_exclusions(settings: Settings) -> None:
    for rule in EXCLUDES:
        (first, first_value), (second, second_value) = rule.first, rule.second
        if settings.command not in rule.commands:
            continue
        if settings.values.get(first) == first_value and settings.values.get(second) == second_value:
            raise UsageError(f"{settings.describe(first)} and {settings.describe(second)} cannot be used together: "
                             f"{rule.why}. Drop {settings.removal(second)}, or {settings.removal(first)}")


def _refuse_out_of_range(settings: Settings) -> None:
    for rule in RANGES_WHEN:
        key, (condition, value) = rule.key, rule.when
        if settings.command not in rule.commands or settings.values.get(condition) != value:
            continue
        number = settings.values[key]
        if not rule.low <= number <= rule.high:  # type: ignore[operator]
            raise UsageError(f"{settings.describe(key)} is out of range with {settings.describe(condition)}: "
                             f"{rule.why}. Choose {rule.low:,} to {rule.high:,}")


def _drop_what_has_no_effect(settings: Settings) -> None:
    for rule in NO_EFFECT:
        key, (condition, value) = rule.key, rule.when
        if settings.command not in rule.commands or any(settings.values.get(other) != wanted
                                                        for other, wanted in (rule.when, *rule.also)):
            continue
        if settings.typed(key):
            raise UsageError(f"{settings.flag(key)} has no effect with {settings.describe(condition)}: {rule.why}. "
                             f"Drop {settings.flag(key)}")
        if settings.given(key):
            _ignore(settings, key, f"it has no effect with {settings.describe(condition)}: {rule.why}")


def _ignore(settings: Settings, key: str, why: str) -> None:
    """Put a file's value back to the default, with a note unless it was the default anyway."""
    default = default_value(BY_KEY[key])
    if settings.origins[key].place is not None and settings.values[key] != default:
        settings.notes.append(f"{settings.origins[key].place}: {key} {settings.origins[key].text} is ignored: {why}")
    settings.values[key], settings.origins[key] = default, Origin()


def _shown(value: object, origin: Origin) -> str:
    """A value as the user wrote it. Messages describe choices and paths (profile, sides,
    the deck and the word list), whose text is the value itself when typed."""
    return origin.text or ("" if value is None else str(value))
