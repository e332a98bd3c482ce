"""Where settings come from: finding the settings file, and the values read from it.

Light on purpose: every command imports it, and only ``settings.file`` (loaded when there is
a file) reads YAML.
"""

from __future__ import annotations

import os
from pathlib import Path

import msgspec

from ..errors import CngenError

CONFIG_FILE_NAME = "cngen.yaml"


class FileValue(msgspec.Struct, frozen=True):
    value: object
    line: int
    text: str  # the value as written, for notes
    written: str | None = None  # the line as written, where it is not "key: text" ("NAME: true")
    source: str | None = None  # the file it was read from, where it is not the settings file (an edition)


class SettingsFile(msgspec.Struct, frozen=True):
    source: str  # the file's name as the user gave it, for messages; "" when there is none
    values: dict[str, FileValue]  # by key; keys set to null are left out


NO_FILE = SettingsFile("", {})


def find_settings_file(explicit: Path | None, cwd: Path) -> Path | None:
    """The file to read: --config if given (it must exist), else cngen.yaml here, else none.

    Pass ``Path()`` as ``cwd`` to keep names short in messages ("cngen.yaml:3: ...").
    """
    if explicit is not None:
        path = cwd / explicit  # an absolute path stays as it is
        if not path.is_file():
            raise CngenError(f"{explicit}: {_not_a_settings_file(path, 'check the --config path')}")
        return path
    found = cwd / CONFIG_FILE_NAME
    if found.is_file():
        return found
    if os.path.lexists(found):  # something by that name that cannot be read: never pass over it in silence
        raise CngenError(f"{found}: {_not_a_settings_file(found, 'rename it, or run cngen in another folder')}")
    return None


def _not_a_settings_file(path: Path, fix: str) -> str:
    if path.is_dir():
        return f"is a folder, not a settings file: {fix}"
    if path.exists():  # a pipe or a device: it may never end, so it is not read
        return "is not a regular file (a pipe or a device): save the settings as a file"
    if path.is_symlink():  # a link to a missing file, or to itself
        return f"is a symbolic link that leads to no file (a loop, or a file that is gone): fix the link, or {fix}"
    return f"does not exist: {fix}"
