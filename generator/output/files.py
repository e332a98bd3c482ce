"""The one place where cngen writes files.

Documents are made in memory and then written atomically: every file is first staged as a
temporary file in its target folder, flushed to disk, and renamed over its target. A run that
fails at any point, or is interrupted, leaves no partial file, no staging file and no folder it
made, and never damages an earlier output.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Iterable

from ..errors import CngenError

# Staging names are short and fixed in length, so any name that fits the file system can be
# staged beside it; the leading dot keeps them out of folder listings while they exist.
_STAGING = ".cngen-{}.{}"


def write_files(files: dict[Path, bytes], remove: Iterable[Path] = ()) -> None:
    """Write every file and remove every file in ``remove``, or do none of it.

    All files are first staged beside their targets; then each target (and each file to
    remove) is moved aside, and the new version renamed into place. If any step fails, the new
    files are removed and the old ones restored; the old ones are deleted only at the end.
    """
    transaction = _Transaction()
    try:
        for path, data in files.items():
            transaction.stage(path, data)
        for path in remove:
            transaction.set_aside(path)
        transaction.place()
    except BaseException as error:
        transaction.undo()
        if isinstance(error, OSError):
            raise CngenError(f"cannot write {error.filename or 'the output'}: {error.strerror or error}; "
                             "nothing was changed") from None
        raise
    transaction.commit()


class _Transaction:
    """The files of one write, remembered from the moment each exists, so that undo can
    always clean up, whichever step failed."""

    def __init__(self) -> None:
        self.folders: list[Path] = []  # made by this write, outermost first
        self.staged: list[tuple[Path, Path]] = []  # (temporary, target)
        self.placed: list[Path] = []  # targets now holding the new version
        self.aside: dict[Path, Path] = {}  # target -> its earlier version, moved aside

    def stage(self, path: Path, data: bytes) -> None:
        self._make_folders(path.parent)
        temporary = _free_name(path.parent, "part")
        self.staged.append((temporary, path))
        # An ordinary document's permissions (the umask applies), or those of the file it replaces.
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        if path.is_file():
            os.chmod(temporary, path.stat().st_mode & 0o777)

    def place(self) -> None:
        for temporary, path in self.staged:
            if path.exists():
                self.set_aside(path)
            os.replace(temporary, path)
            self.placed.append(path)

    def set_aside(self, path: Path) -> None:
        if not path.exists() or path in self.aside:
            return
        aside = _free_name(path.parent, "old")
        self.aside[path] = aside  # remembered first: undo must look for it even if the move fails
        os.replace(path, aside)

    def undo(self) -> None:
        for path in reversed(self.placed):
            _quietly(path.unlink, missing_ok=True)
        for path, aside in self.aside.items():
            if aside.exists():
                _quietly(os.replace, aside, path)
        for temporary, _ in self.staged:
            _quietly(temporary.unlink, missing_ok=True)
        for folder in reversed(self.folders):
            _quietly(folder.rmdir)

    def commit(self) -> None:
        for aside in self.aside.values():
            _quietly(aside.unlink, missing_ok=True)

    def _make_folders(self, folder: Path) -> None:
        missing = []
        while not folder.exists():
            missing.append(folder)
            folder = folder.parent
        for folder in reversed(missing):
            folder.mkdir()
            self.folders.append(folder)


def _free_name(folder: Path, kind: str) -> Path:
    while True:
        candidate = folder / _STAGING.format(secrets.token_hex(4), kind)
        if not candidate.exists():
            return candidate


def _quietly(action, *args, **kwargs) -> None:
    """Cleaning up after a failure must not hide the failure."""
    try:
        action(*args, **kwargs)
    except OSError:
        pass
