"""Where a run's files may go, decided before any work is done.

An output must be a name the file system can hold, in a folder cngen may write, and never a
folder, a device, a pipe or a read-only file. Above all it must not be one of the run's own
inputs (a word list, a font, the settings file, a rules text, a picture), nor another of its
outputs, under any spelling: a relative path, a `..`, a symbolic or a hard link all lead to the
same file, and names that differ only in case are taken as one (they are one file where the
file system ignores case, as on Windows and macOS). Outputs are written to their real paths,
so a symbolic link is written through, never replaced; a file cngen keeps for itself (a
folder's record) replaces a link in its place instead.

Read-only is decided by the file's mode as well as by asking the system: root may write any
file, so for root a file no one may write by its mode would otherwise be replaced.
"""

from __future__ import annotations

import os
import stat
import unicodedata
from pathlib import Path
from typing import Iterable, Mapping, Sequence

import msgspec

from ..errors import UsageError

# Used where the file system does not say (pathconf is POSIX-only): the common limits.
NAME_MAX, PATH_MAX = 255, 4096
# A file or folder whose mode has none of these is read-only to everyone, root included.
WRITE_BITS = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH


class Named(msgspec.Struct, frozen=True):
    """A file and how messages name it: '--output w.txt', 'deck.words: w.txt (cngen.yaml:3)'."""

    path: Path
    described: str
    usual_name: str = "cards.pdf"  # the command's own file name, to suggest inside a folder
    role: str = "an input of this run"  # what it is to the run, for a file no output may be
    through_links: bool = True  # an output written through a link at its path; False: the link replaced
    # ``path`` is a folder, each file in it (at any depth) an input: cngen's own, which number
    # hundreds (a picture deck) and are looked at only for an output inside the folder, or one
    # with other names (a hard link). ``described`` names such a file with its name after it.
    folder: bool = False


def checked_outputs(outputs: Sequence[Named], inputs: Sequence[Named],
                    taken: Mapping[Path, Named] | None = None) -> dict[Path, Named]:
    """Each output's real path, to write to; raises UsageError (exit 2) when one cannot be
    written, would replace an input, or would be the same file as another output or as one of
    ``taken`` (outputs already checked, by their real paths)."""
    targets: dict[Path, Named] = {}
    read = _Inputs(inputs)
    names: dict[str, Named] = {}
    files: dict[tuple[int, int], Named] = {}
    for real, named in (taken or {}).items():
        _claim(real, _identity(real), named, names, files)
    for output in outputs:
        real = _checked(output)
        identity = _identity(real, output.through_links)  # None: no file there yet, so none the run reads
        source = read.holding(real, output.through_links) if identity is not None else None
        if source is not None:
            described, role = source
            raise UsageError(f"{output.described} would overwrite {described}, {role}: give the output another name")
        _claim(real, identity, output, names, files)
        targets[real] = output
    return targets


def _claim(real: Path, identity: tuple[int, int] | None, output: Named, names: dict[str, Named],
           files: dict[tuple[int, int], Named]) -> None:
    """Take ``real`` for ``output``, unless another output already has it under any spelling: the
    same real path, a name that differs only in case or in how its accents are composed (one
    file on Windows and macOS, and once copied there), or another link to the same file."""
    folded = unicodedata.normalize("NFC", str(real)).casefold()
    other = names.get(folded) or (files.get(identity) if identity is not None else None)
    if other is not None:
        raise UsageError(f"{other.described} and {output.described} would be the same file: "
                         "give one of them another name")
    names[folded] = output
    if identity is not None:
        files[identity] = output


def _checked(output: Named) -> Path:
    text = str(output.path)
    if "\0" in text:
        raise UsageError(f"{output.described}: a file name cannot hold a NUL character")
    _check_length(output)
    real = _real_path(output)
    try:
        mode = _status(output, real).st_mode
    except (FileNotFoundError, NotADirectoryError):
        _check_folder(real, output)
        return real
    except OSError as error:
        raise UsageError(f"{output.described}: cannot use it as an output ({error.strerror})") from None
    if stat.S_ISLNK(mode):  # where cngen keeps a file of its own: the link is replaced, never followed
        _check_folder(real, output)
        return real
    if stat.S_ISDIR(mode):
        raise UsageError(f"{output.described} is a folder: give a file name, e.g. {Path(text) / output.usual_name}")
    if not stat.S_ISREG(mode):
        raise UsageError(f"{output.described} is a device or a pipe, not a file: cngen writes ordinary files, "
                         "so give a file name")
    if read_only(real):
        raise UsageError(f"{output.described} is read-only: cngen leaves it as it is; "
                         "make it writable, or give another name")
    _check_folder(real, output)
    return real


def _real_path(output: Named) -> Path:
    """Where the output is written: its real path, or, for a file that replaces a link in its
    place, the link's own path in its folder's real path."""
    if output.through_links:
        return Path(os.path.realpath(output.path))
    return Path(os.path.realpath(output.path.parent)) / output.path.name


def _status(output: Named, real: Path) -> os.stat_result:
    """The file at an output's place. Followed from the path as given, links lead where the
    system takes them: /dev/stdout to the pipe or the terminal it stands for, where its real
    path names a file in /proc that is not there. A file cngen keeps for itself is the link
    at its place, if there is one."""
    return os.stat(output.path) if output.through_links else os.lstat(real)


def read_only(path: Path) -> bool:
    """Whether cngen must leave ``path`` (a file or a folder, links followed) as it is: its mode
    lets no one write it, or the system says this user may not. Root may write anything, so
    for root only the mode tells."""
    try:
        return not os.stat(path).st_mode & WRITE_BITS or not os.access(path, os.W_OK)
    except OSError:
        return False  # gone, or cannot be looked up: the write itself will say why


def _check_length(output: Named) -> None:
    """Names the file system cannot hold fail here, with the limit, rather than when written."""
    absolute = os.path.abspath(output.path)
    folder = _nearest_existing(Path(absolute).parent)
    name_max = _limit(folder, "PC_NAME_MAX", NAME_MAX)
    for part in Path(absolute).parts:
        size = len(os.fsencode(part))
        if size > name_max:
            raise UsageError(f"{_short(output.described)}: the name '{_short(part)}' is {size} bytes long, and a file or folder "
                             f"name can be at most {name_max} bytes here: shorten it")
    path_max = _limit(folder, "PC_PATH_MAX", PATH_MAX)
    size = len(os.fsencode(absolute))
    if size >= path_max:
        raise UsageError(f"{_short(output.described)}: the full path is {size} bytes long, and the file system takes "
                         f"at most {path_max - 1}: choose a shorter path")


def _short(text: str) -> str:
    """A name too long to read in a message, shortened in the middle."""
    return text if len(text) <= 60 else f"{text[:36]}...{text[-20:]}"


def _check_folder(real: Path, output: Named) -> None:
    """The folder that will hold the file: made if missing, so its nearest existing
    ancestor must be a folder cngen may write in."""
    existing = _nearest_existing(real.parent)
    shown = _nearest_existing(output.path.parent)  # as the user wrote it, for the message
    if not existing.is_dir():
        raise UsageError(f"{output.described}: {shown} is a file, so it cannot hold a folder or file; "
                         "check the path")
    if read_only(existing) or not os.access(existing, os.X_OK):
        raise UsageError(f"{output.described}: cngen may not write in the folder {shown}: "
                         "choose another folder")


def _nearest_existing(folder: Path) -> Path:
    while not _exists(folder) and folder != folder.parent:
        folder = folder.parent
    return folder


def _exists(path: Path) -> bool:
    try:
        os.stat(path)
    except (OSError, ValueError):  # missing, or a name too long to look up
        return False
    return True


def _limit(folder: Path, name: str, fallback: int) -> int:
    try:
        return os.pathconf(folder if folder.is_dir() else folder.parent, name)
    except (AttributeError, ValueError, OSError):
        return fallback


def inputs_among(paths: Iterable[Path], inputs: Sequence[Named]) -> set[Path]:
    """Those of ``paths`` that are one of ``inputs`` under any name: never to be removed."""
    read = _Inputs(inputs)
    return {path for path in paths if read.holding(Path(os.path.realpath(path))) is not None}


class _Inputs:
    """A run's inputs, each looked up once and only when an existing file is to be compared."""

    def __init__(self, inputs: Sequence[Named]) -> None:
        self.inputs = inputs
        self._files: dict[tuple[int, int], Named] | None = None
        self._folders: list[tuple[Path, Named]] | None = None

    def holding(self, real: Path, follow: bool = True) -> tuple[str, str] | None:
        """How messages name the input the file at ``real`` is, and what it is to the run;
        None when it is none of them."""
        try:
            status = os.stat(real, follow_symlinks=follow)
        except (OSError, ValueError):
            return None
        identity = (status.st_dev, status.st_ino)
        source = self.files().get(identity)
        if source is not None:
            return source.described, source.role
        for folder, named in self.folders():
            own = real if real.is_relative_to(folder) else \
                self._linked(folder, identity) if status.st_nlink > 1 else None
            if own is not None:
                return f"{named.described} {own.name}", named.role
        return None

    def files(self) -> dict[tuple[int, int], Named]:
        if self._files is None:
            found = ((_identity(source.path), source) for source in self.inputs if not source.folder)
            self._files = {identity: source for identity, source in reversed(list(found)) if identity is not None}
        return self._files

    def folders(self) -> list[tuple[Path, Named]]:
        if self._folders is None:
            self._folders = [(Path(os.path.realpath(source.path)), source) for source in self.inputs if source.folder]
        return self._folders

    @staticmethod
    def _linked(folder: Path, identity: tuple[int, int]) -> Path | None:
        """The file of ``folder`` that is the file ``identity`` under another name, if one is."""
        return next((path for path in folder.rglob("*") if _identity(path) == identity), None)


def _identity(path: Path, follow: bool = True) -> tuple[int, int] | None:
    """The file a path leads to, links followed (unless not ``follow``): the same for every name
    of one file (hard links, and names that differ only in case on a case-blind file system);
    None if none."""
    try:
        found = os.stat(path, follow_symlinks=follow)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino

