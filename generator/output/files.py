"""The one place where cngen writes files.

Documents are made in memory and then written atomically: every file is first staged as a
temporary file in its target folder, flushed to disk, and renamed over its target. A run that
fails at any point leaves no partial file and never damages an earlier output.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from ..errors import CngenError


def check_writable(path: Path) -> None:
    """Fail before any work is done when the output cannot be a file."""
    if path.is_dir():
        raise CngenError(f"{path} is a folder: give a file name for the output, e.g. {path / 'deck.pdf'}")


def write_files(files: dict[Path, bytes]) -> None:
    """Write every file or none, leaving earlier outputs as they were if anything fails.

    All files are first staged as temporary files beside their targets; then each target
    is moved aside and its new version renamed into place. If any step fails, the new
    files are removed and the old ones restored.
    """
    staged: list[tuple[Path, Path]] = []
    placed: list[tuple[Path, Path | None]] = []  # (target, where its old version waits)
    try:
        for path, data in files.items():
            check_writable(path)
            staged.append((_stage(path, data), path))
        for temporary, path in staged:
            old = _set_aside(path)
            placed.append((path, old))
            os.replace(temporary, path)
    except OSError as error:
        _restore(placed)
        raise CngenError(f"cannot write {error.filename or 'the output'}: {error.strerror or error}") from None
    finally:
        for temporary, _ in staged:
            temporary.unlink(missing_ok=True)
    for _, old in placed:
        if old is not None:
            old.unlink(missing_ok=True)


def _set_aside(path: Path) -> Path | None:
    if not path.exists():
        return None
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".old")
    os.close(handle)
    os.replace(path, name)
    return Path(name)


def _restore(placed: list[tuple[Path, Path | None]]) -> None:
    for path, old in reversed(placed):
        if old is None:
            path.unlink(missing_ok=True)
        elif old.exists():
            os.replace(old, path)


def _stage(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    temporary = Path(name)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        # mkstemp creates private files; outputs are ordinary documents.
        os.chmod(temporary, path.stat().st_mode & 0o777 if path.exists() else 0o644)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return temporary
