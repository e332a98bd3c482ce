"""What a folder of cngen's own (a kit's, an export's) holds from cngen's earlier runs.

Each run leaves a small record beside its files: their names and a digest of each. The next
run in the same folder removes the files of the earlier run that it does not write again (an
A4 kit.pdf beside a new Letter kit, a preview no longer asked for, the sheets of a bigger deck),
but only those still exactly as cngen wrote them. Anything else is left alone and named in the
summary.

A record is a file anyone could have put there, so it is trusted with nothing but names: a
name it lists must be one the command writes in that very folder (no path, no `..`), and the
file must be a plain file, still as recorded, writable, and none of the run's inputs. Any other
name it lists is left out, and said to be (``EarlierFiles.ignored``); a record that is a link
counts as none.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path
from typing import Callable, Iterable, Sequence

import msgspec

from ..errors import CngenError
from ..inputs.reader import read_input
from .targets import Named, inputs_among, read_only

RECORD_NAME = ".cngen-kit.json"


class EarlierFiles(msgspec.Struct, frozen=True):
    ours: list[Path]  # written by an earlier run, unchanged since: to remove
    others: list[Path]  # a name the command writes, not written now, and not known to be ours: left alone
    ignored: list[str] = msgspec.field(default_factory=list)  # names the record lists that it may not: never acted on
    linked: bool = False  # the record's place holds a link, not a record: read as none


def record_of(files: dict[str, bytes]) -> bytes:
    """The record of a run that writes ``files`` (name -> contents) into the record's folder."""
    digests = {name: _digest(data) for name, data in sorted(files.items())}
    return (json.dumps({"written_by": "cngen", "files": digests}, indent=2) + "\n").encode("utf-8")


def earlier_files(folder: Path, writes: Callable[[str], bool], writing: Iterable[str],
                  record_name: str = RECORD_NAME, named: Iterable[str] = (),
                  inputs: Sequence[Named] = ()) -> EarlierFiles:
    """Files in ``folder`` of a name the command writes there (``writes`` says which) that this
    run does not (``writing``): those its record (``record_name``) lists, still as written, to
    remove; the rest of those, and of ``named`` (names always looked at, listed or not), to
    leave and name. None of the run's ``inputs`` is ever one to remove."""
    record = folder / record_name
    linked = os.path.islink(record)
    recorded, ignored = ({}, []) if linked else _recorded(record, lambda name: name != record_name and writes(name))
    ours, others = [], []
    for name in sorted((set(recorded) | set(named)) - set(writing)):
        path = folder / name
        kind = _kind(path)
        if kind is None:
            continue  # missing, or a folder: no file to remove or name
        if kind == "file" and name in recorded and _unchanged(path, recorded[name]) and not read_only(path):
            ours.append(path)
        else:
            others.append(path)
    kept = inputs_among(ours, inputs)
    return EarlierFiles([path for path in ours if path not in kept], sorted([*others, *kept]), ignored, linked)


def kit_files_among(paths: Iterable[Path], record_name: str = RECORD_NAME) -> list[Path]:
    """Those of ``paths`` that are files of a kit, as its folder's record lists them and still
    as the kit wrote them: a run that replaces one leaves the kit's other files (its rules
    sheet) describing what is no longer there."""
    found = []
    for path in paths:
        recorded, _ = _recorded(path.parent / record_name, lambda name: name == path.name)
        if path.name in recorded and _kind(path) == "file" and _unchanged(path, recorded[path.name]):
            found.append(path)
    return found


def _recorded(path: Path, may_list: Callable[[str], bool]) -> tuple[dict[str, str], list[str]]:
    """name -> digest of every file the record may list (``may_list``), and the names it lists
    that it may not; a missing or unreadable record counts as empty (so nothing is removed)."""
    if not path.is_file():
        return {}, []
    try:
        document = json.loads(read_input(path, "kit record"))
    except (CngenError, ValueError, RecursionError):  # RecursionError: nested past what json reads
        return {}, []
    files = document.get("files") if isinstance(document, dict) else None
    if not isinstance(files, dict):
        return {}, []
    kept = {name: digest for name, digest in files.items() if _plain_name(name) and may_list(name)
            and isinstance(digest, str)}
    return kept, sorted(str(name) for name in files if name not in kept)


def _plain_name(name: object) -> bool:
    """A file's own name, in the record's folder: no folder in it, no way up, nothing a system
    refuses."""
    return (isinstance(name, str) and name not in ("", ".", "..") and "\0" not in name
            and not any(separator in name for separator in ("/", os.sep, os.altsep) if separator))


def _kind(path: Path) -> str | None:
    """'file' for a plain file, 'other' for what cngen never writes (a link, a pipe), None when
    there is nothing there or a folder."""
    try:
        mode = os.lstat(path).st_mode
    except (OSError, ValueError):
        return None
    if stat.S_ISDIR(mode):
        return None
    return "file" if stat.S_ISREG(mode) else "other"


def _unchanged(path: Path, digest: str) -> bool:
    if not digest.startswith(f"{path.stat().st_size}:"):
        return False  # a file of another size was changed: no need to read it
    try:
        return _digest(read_input(path, "kit file")) == digest
    except CngenError:
        return False


def _digest(data: bytes) -> str:
    """The size and SHA-256 of a file's contents."""
    return f"{len(data)}:{hashlib.sha256(data).hexdigest()}"
