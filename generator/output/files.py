"""The one place where cngen writes files.

Documents are made in memory, then written as one transaction, so that a run's files all land
or none does, whatever stops it:

1. each file is staged as a hidden temporary file beside its target (in the nearest folder
   that exists, for a target in a folder still to make) and flushed to disk;
2. a journal naming every staged file, its target and the files to remove is written into
   each folder that holds a staged file and into their common folder, that one last: from
   then on the write is as good as done;
3. the missing folders are made, each earlier version is moved aside and the new one renamed
   into place; files to remove are moved aside too;
4. the earlier versions are deleted, then the journals.

A failure or a stop (Ctrl-C, SIGTERM, SIGHUP) during step 1 undoes the write. Steps 2 to 4
take milliseconds and hold the stop signals back until they end; a failure there takes the
steps back one by one, so that the folder only ever holds a state the steps pass through. A
run killed outright (SIGKILL, a power cut) may leave staged files and journals: the next write
into the folder first finishes a write whose top journal exists, and deletes the staged files
and journals of one that never got that far. Either way the folder holds the earlier files or
the new ones, and nothing else. Writes into one folder take turns (a lock on the folder), so
that one run's clean-up never takes another's staged files.

A journal is a file anyone could have put there, so one is acted on only if this user wrote it
and every file it would replace or remove is still the file its write saw (each named with its
file number and size): a journal planted by another user, or copied in with someone's files,
names files its write never saw, and is left alone.
"""

from __future__ import annotations

import os
import re
import signal
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import CngenError

if sys.platform != "win32":  # POSIX; elsewhere writes into one folder do not take turns
    import fcntl

# Staging names are short and fixed in length, so any name that fits the file system can be
# staged beside it; the leading dot keeps them out of folder listings while they exist.
_STAGING = ".cngen-{}.{}"
_LEFTOVER = re.compile(r"\.cngen-[0-9a-f]{8}\.(part|old|journal)")
_JOURNAL_FORMAT = "cngen write journal 2"
_STOPS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def write_files(files: dict[Path, bytes], remove: Iterable[Path] = ()) -> None:
    """Write every file and remove every file in ``remove``, or do none of it."""
    transaction = _Transaction(files, tuple(remove))
    try:
        with _folders_locked(transaction.staging_folders()):
            transaction.run()
    except OSError as error:
        raise CngenError(f"cannot write {error.filename or 'the output'}: {error.strerror or error}; "
                         "nothing was changed") from None


def finish_interrupted_writes(folders: Iterable[Path]) -> None:
    """Finish or undo what a killed run left in these folders (see above), before a run reads
    or writes them. Leftovers that cannot be cleared now are left for the next run."""
    existing = sorted({folder for folder in folders if folder.is_dir()})
    try:
        with _folders_locked(existing), _stops_held():
            for folder in existing:
                _clear_leftovers(folder)
    except OSError:
        pass


class _Transaction:
    """The steps of one write, each remembered from the moment it is taken, so that a failure
    at any point can take back exactly the steps taken."""

    def __init__(self, files: dict[Path, bytes], remove: tuple[Path, ...]) -> None:
        # Absolute paths: the journal names every file from one folder.
        self.files = {Path(os.path.abspath(path)): data for path, data in files.items()}
        self.remove = tuple(Path(os.path.abspath(path)) for path in remove)
        self.names: set[Path] = set()  # staging names chosen by this write
        self.staged: list[tuple[Path, Path]] = []  # (temporary, target)
        self.aside: dict[Path, Path] = {}  # target -> where its earlier version goes
        self.journals: list[Path] = []  # written, the top folder's last
        self.done: list[tuple[str, Path, Path | None]] = []  # step 3, in order: ("move", from, to), ("mkdir", f, None)

    @property
    def journalled(self) -> bool:
        """One file needs no journal: a rename replaces it in one step, which no stop can split."""
        return len(self.files) + len(self.remove) > 1

    def staging_folders(self) -> list[Path]:
        """The folders that exist and will hold the staged files or lose a file: the ones locked."""
        return sorted({_existing(path.parent) for path in (*self.files, *self.remove)})

    def run(self) -> None:
        with _stops_held():
            for folder in self.staging_folders():
                _clear_leftovers(folder)
        try:
            for path, data in self.files.items():
                self.stage(path, data)
            if self.journalled:
                for path in (*self.files, *self.remove):
                    self.aside[path] = self.free_name(path.parent, "old")
        except BaseException:
            with _stops_held():  # a second stop must not cut the clean-up short
                self.unstage()
            raise
        committed = False
        try:
            with _stops_held():
                try:
                    if self.journalled:
                        self.write_journals()
                    self.place()
                except BaseException:
                    self.take_back()
                    raise
                self.commit()
                committed = True
        except BaseException as stop:  # a stop held back until the end: say whether the files landed
            if not isinstance(stop, Exception):
                stop.files_written = committed  # type: ignore[attr-defined]
            raise

    def stage(self, path: Path, data: bytes) -> None:
        temporary = self.free_name(_existing(path.parent), "part")
        self.staged.append((temporary, path))
        _write_durably(temporary, data, mode=path.stat().st_mode & 0o777 if path.is_file() else None)

    def write_journals(self) -> None:
        import json  # only a write of several files keeps a journal

        top = _existing(Path(os.path.commonpath([str(path.parent) for path in (*self.files, *self.remove)])))
        folders = sorted({temporary.parent for temporary, _ in self.staged} | {top}, key=lambda f: f != top)
        name = self.free_name_in(folders, "journal")
        plan = self.journal_plan(top, folders)
        for folder in reversed(folders):  # the top folder's last: its journal makes the write count
            journal = folder / name
            text = json.dumps({**plan, "top": os.path.relpath(top, folder)}, indent=1)
            self.journals.append(journal)
            part = self.free_name(folder, "part")
            _write_durably(part, text.encode("utf-8"))
            os.replace(part, journal)
            _sync_folder(folder)

    def journal_plan(self, top: Path, folders: list[Path]) -> dict:
        def below(path: Path) -> str:
            return os.path.relpath(path, top)

        # What each name holds now, and for a file the staged one that will replace it: all a
        # later run may find there while it finishes this write.
        return {"format": _JOURNAL_FORMAT, "folders": [below(folder) for folder in folders],
                "files": [[below(path), below(temporary), self.aside[path].name, _seen(path), _seen(temporary)]
                          for temporary, path in self.staged],
                "remove": [[below(path), self.aside[path].name, _seen(path)] for path in self.remove]}

    def place(self) -> None:
        for path in self.remove:
            self.move(path, self.aside[path])
        for temporary, path in self.staged:
            self.make_folders(path.parent)
            if path in self.aside:
                self.move(path, self.aside[path])
            self.move(temporary, path)
        for folder in {path.parent for path in (*self.files, *self.remove)}:
            _sync_folder(folder)

    def make_folders(self, folder: Path) -> None:
        missing = []
        while not folder.exists():
            missing.append(folder)
            folder = folder.parent
        for made in reversed(missing):
            self.done.append(("mkdir", made, None))
            os.mkdir(made)

    def move(self, source: Path, target: Path) -> None:
        if not os.path.lexists(source):
            return
        self.done.append(("move", source, target))  # remembered first: a move that fails may have happened
        os.replace(source, target)

    def commit(self) -> None:
        for aside in self.aside.values():
            _quietly(os.unlink, aside)
        for journal in self.journals[::-1]:  # the top folder's first: then the write no longer counts
            _quietly(os.unlink, journal)

    def take_back(self) -> None:
        """Every step undone, last first, then the journals (the top folder's first), then the
        staged files: each state on the way is one the write passed through."""
        for step, source, target in reversed(self.done):
            if step == "mkdir":
                _quietly(os.rmdir, source)
            elif target is not None and os.path.lexists(target) and not os.path.lexists(source):
                _quietly(os.replace, target, source)
        for journal in self.journals[::-1]:
            _quietly(os.unlink, journal)
        self.unstage()

    def unstage(self) -> None:
        """Every staged file deleted: the documents', and a journal's not yet renamed."""
        for name in self.names:
            if name.name.endswith(".part"):
                _quietly(os.unlink, name)

    def free_name(self, folder: Path, kind: str) -> Path:
        return folder / self.free_name_in([folder], kind)

    def free_name_in(self, folders: list[Path], kind: str) -> str:
        """A staging name free in every one of ``folders``, and not yet chosen by this write."""
        while True:
            name = _STAGING.format(os.urandom(4).hex(), kind)
            candidates = [folder / name for folder in folders]
            if not any(candidate in self.names or os.path.lexists(candidate) for candidate in candidates):
                self.names.update(candidates)
                return name


def _existing(folder: Path) -> Path:
    """The folder, or its nearest ancestor that exists."""
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return folder


def _clear_leftovers(folder: Path) -> None:
    """Finish each journalled write whose top journal exists, take back one whose top journal
    never got written, then delete staged files that no journal names any more."""
    ours = _staged_names(folder)
    for journal in sorted(folder / name for name in ours if name.endswith(".journal")):
        plan = _read_journal(journal)
        if plan is None:
            continue  # not a journal cngen wrote: it is not ours to act on
        top = (journal.parent / plan["top"]).resolve()
        if (top / journal.name).exists():
            if _as_seen(top, plan):  # else its write never saw these files: not ours to act on
                _finish(top, plan, journal.name)
        else:
            _abandon(top, plan, journal.name)
    for name in ours:
        if name.endswith(".part"):
            _quietly(os.unlink, folder / name)


def _staged_names(folder: Path) -> list[str]:
    """The names in ``folder`` that cngen's writes stage files under (one listing, not a
    glob a kind)."""
    try:
        with os.scandir(folder) as entries:
            return [entry.name for entry in entries if _LEFTOVER.fullmatch(entry.name)]
    except OSError:
        return []


def _finish(top: Path, plan: dict, journal: str) -> None:
    """Step 3 and 4 of a write a killed run had begun: its new files placed, its earlier ones
    and the files it removes deleted, its journals the top folder's first."""
    for target, temporary, aside, _, _ in plan["files"]:
        path = top / target
        if os.path.lexists(top / temporary):
            os.makedirs(path.parent, exist_ok=True)
            os.replace(top / temporary, path)
        _quietly(os.unlink, path.parent / aside)
    for target, aside, _ in plan["remove"]:
        _quietly(os.unlink, top / target)
        _quietly(os.unlink, (top / target).parent / aside)
    for folder in plan["folders"]:
        _quietly(os.unlink, top / folder / journal)


def _abandon(top: Path, plan: dict, journal: str) -> None:
    """A write killed before it counted: its staged files and its journals deleted."""
    for _, temporary, *_ in plan["files"]:
        _quietly(os.unlink, top / temporary)
    for folder in plan["folders"]:
        _quietly(os.unlink, top / folder / journal)


def _read_journal(journal: Path) -> dict | None:
    """A journal's plan, checked to be a file this user wrote, naming only staging files and
    paths below its top folder; None for anything else."""
    import json

    try:
        # Never waiting on a pipe of a journal's name, never following a link.
        handle = os.open(journal, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
        with os.fdopen(handle, "rb") as stream:
            if not _written_by_this_user(os.fstat(handle)):
                return None
            plan = json.loads(stream.read(64 * 2**20))
    except (OSError, ValueError, RecursionError):
        return None
    if not isinstance(plan, dict) or plan.get("format") != _JOURNAL_FORMAT:
        return None
    try:
        top, folders, files, remove = plan["top"], plan["folders"], plan["files"], plan["remove"]
        valid = (all(part == ".." for part in Path(top).parts)
                 and all(_below(folder) for folder in folders)
                 and all(_below(target) and _below(temporary) and _staging(Path(temporary).name) and _staging(aside)
                         and _file_seen(before) and _file_seen(after)
                         for target, temporary, aside, before, after in files)
                 and all(_below(target) and _staging(aside) and _file_seen(before) for target, aside, before in remove))
    except (KeyError, TypeError, ValueError):
        return None
    return plan if valid else None


def _written_by_this_user(status: os.stat_result) -> bool:
    """A plain file this user owns (where the system has owners)."""
    owner = getattr(os, "geteuid", None)
    return stat.S_ISREG(status.st_mode) and (owner is None or status.st_uid == owner())


def _as_seen(top: Path, plan: dict) -> bool:
    """Whether every file the journal's write would replace or remove is still one that write
    saw there: the earlier file, its own new one, or none (set aside)."""
    found: list[tuple[list[int] | None, tuple[list[int] | None, ...]]] = [
        (_seen(top / target), (before, after)) for target, _, _, before, after in plan["files"]]
    found += [(_seen(top / target), (before,)) for target, _, before in plan["remove"]]
    return all(now is None or now in seen for now, seen in found)


def _seen(path: Path) -> list[int] | None:
    """What a name holds, as a journal writes it: the file's number on its disk and its size
    (a link's own, not its target's); None when there is nothing."""
    try:
        status = os.lstat(path)
    except OSError:
        return None
    return [status.st_ino, status.st_size]


def _file_seen(value: object) -> bool:
    return value is None or (isinstance(value, list) and len(value) == 2
                             and all(isinstance(number, int) and number >= 0 for number in value))


def _below(path: object) -> bool:
    return isinstance(path, str) and not os.path.isabs(path) and ".." not in Path(path).parts and "\0" not in path


def _staging(name: object) -> bool:
    return isinstance(name, str) and _LEFTOVER.fullmatch(name) is not None


def _write_durably(path: Path, data: bytes, mode: int | None = None) -> None:
    # An ordinary document's permissions (the umask applies), or those of the file it replaces.
    handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    with os.fdopen(handle, "wb") as stream:
        stream.write(data)
        stream.flush()
        os.fsync(stream.fileno())
    if mode is not None:
        os.chmod(path, mode)


def _sync_folder(folder: Path) -> None:
    """Renames reach the disk with the folder's own entry (POSIX; a no-op where it cannot)."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


@contextmanager
def _stops_held() -> Iterator[None]:
    """Ctrl-C, SIGTERM and SIGHUP wait until the block ends (then act as usual)."""
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, _STOPS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@contextmanager
def _folders_locked(folders: Iterable[Path]) -> Iterator[None]:
    """An exclusive lock on each folder, in one order so that two runs never wait on each other.
    A folder reached twice (through a link) is locked once: a second lock would wait on the first."""
    handles: list[int] = []
    locked: set[tuple[int, int]] = set()
    try:
        for folder in sorted(set(folders)) if sys.platform != "win32" else ():
            try:
                handle = os.open(folder, os.O_RDONLY)
            except OSError:
                continue  # a folder cngen may write in but not read: the lock is a courtesy
            status = os.fstat(handle)
            identity = (status.st_dev, status.st_ino)
            handles.append(handle)
            if identity not in locked:
                locked.add(identity)
                fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        for handle in handles:
            os.close(handle)


def _quietly(action: Callable[..., object], *args: object) -> None:
    """Cleaning up after a failure must not hide the failure."""
    try:
        action(*args)
    except OSError:
        pass
