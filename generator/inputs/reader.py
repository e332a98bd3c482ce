"""The one reader of input files: word lists, decks, fonts, settings files and rules texts.

Every input is read whole into memory, with a size limit enforced while reading (so a huge or
endless file fails quickly), and every problem is one message that names the file.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path
from typing import BinaryIO

from ..errors import CngenError

STDIN = Path("-")  # `--words -` reads the list from standard input
STDIN_NAME = "standard input"

# The largest input of each kind, in bytes: far beyond any real one, small enough to fail fast.
LIMITS = {
    "word list": 16 * 2**20,
    "spreadsheet": 64 * 2**20,  # an .xlsx is compressed: its rows are bounded again when read
    "settings file": 1 * 2**20,
    "edition": 1 * 2**20,
    "rules text": 1 * 2**20,
    "labels": 1 * 2**20,
    "language file": 1 * 2**20,
    "font": 64 * 2**20,
    "kit record": 1 * 2**20,  # the list of files an earlier kit run wrote
    "kit file": 512 * 2**20,  # an earlier kit's file, read only to compare it with what was written
    "PDF": 512 * 2**20,  # a file to preflight
    # One file of a picture folder: a 100 MB photo is already far past what a card prints; an
    # SVG is parsed and drawn whole, so it gets less.
    "picture": 100 * 2**20,
    "vector picture": 16 * 2**20,
}


def source_name(path: Path) -> str:
    """How messages name an input: its path as given, or 'standard input'."""
    return STDIN_NAME if path == STDIN else str(path)


def read_input(path: Path, what: str, stdin: BinaryIO | None = None) -> bytes:
    """The bytes of ``path`` (a ``what``: "word list", "font"...), or a CngenError naming it."""
    limit = LIMITS[what]
    if path == STDIN:
        return _read_standard_input(stdin, what, limit)
    try:
        # Without blocking: opening a pipe nobody writes to would otherwise wait forever.
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(handle, "rb") as stream:
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                raise CngenError(f"{path} is not a regular file: give a {what} saved as a file")
            return _read_limited(stream, str(path), what, limit)
    except FileNotFoundError:
        raise CngenError(f"{path}: no such file: check the path of the {what}") from None
    except IsADirectoryError:
        raise CngenError(f"{path} is a folder: give the path of a {what} file") from None
    except OSError as error:
        raise CngenError(f"{path}: cannot read the {what} ({error.strerror or error})") from None


def _read_standard_input(stdin: BinaryIO | None, what: str, limit: int) -> bytes:
    stream = stdin or getattr(sys.stdin, "buffer", None)
    if stream is None:  # started with standard input closed (<&-)
        raise CngenError(f"standard input is closed: pipe the {what} into cngen, or give a file instead of -")
    try:
        return _read_limited(stream, STDIN_NAME, what, limit)
    except OSError as error:  # a folder, a terminal gone away, a socket reset
        raise CngenError(f"cannot read the {what} from standard input ({error.strerror or error}): "
                         "pipe it into cngen, or give a file instead of -") from None


def _read_limited(stream: BinaryIO, name: str, what: str, limit: int) -> bytes:
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise CngenError(f"{name} is larger than {limit // 2**20} MB, the most cngen reads as a {what}")
    return data
