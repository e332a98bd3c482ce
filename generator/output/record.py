"""What a kit folder holds from cngen's earlier runs.

Each kit run leaves a small record beside its files: their names and a digest of each. The
next run in the same folder removes the files of the earlier kit that it does not write again
(an A4 kit.pdf beside a new Letter kit, a preview no longer asked for), but only those still
exactly as cngen wrote them. Anything else is left alone and named in the summary.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Iterable

import msgspec

from ..errors import CngenError
from ..inputs.reader import read_input

RECORD_NAME = ".cngen-kit.json"


class EarlierFiles(msgspec.Struct, frozen=True):
    ours: list[Path]  # written by an earlier run, unchanged since: to remove
    others: list[Path]  # a kit file's name, not written now, and not known unchanged: left alone


def record_of(files: dict[str, bytes]) -> bytes:
    """The record of a kit run that writes ``files`` (name -> contents)."""
    digests = {name: _digest(data) for name, data in sorted(files.items())}
    return (json.dumps({"written_by": "cngen", "files": digests}, indent=2) + "\n").encode("utf-8")


def earlier_files(folder: Path, kit_names: Iterable[str] | None, writing: Iterable[str],
                  record_name: str = RECORD_NAME) -> EarlierFiles:
    """Files in ``folder`` that a kit may write (``kit_names``; None: every file the record
    lists) but this run will not; ``record_name``: the record of the runs that wrote them."""
    recorded = _recorded(folder / record_name)
    ours, others = [], []
    for name in sorted(set(recorded if kit_names is None else kit_names) - set(writing)):
        path = folder / name
        if not path.is_file():
            continue
        if name in recorded and _unchanged(path, recorded[name]):
            ours.append(path)
        else:
            others.append(path)
    return EarlierFiles(ours, others)


def _recorded(path: Path) -> dict[str, str]:
    """name -> digest; a missing or unreadable record counts as empty (so nothing is removed)."""
    if not path.is_file():
        return {}
    try:
        document = json.loads(read_input(path, "kit record"))
    except (CngenError, ValueError, RecursionError):  # RecursionError: nested past what json reads
        return {}
    files = document.get("files") if isinstance(document, dict) else None
    if not isinstance(files, dict):
        return {}
    return {name: digest for name, digest in files.items() if isinstance(name, str) and isinstance(digest, str)}


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
