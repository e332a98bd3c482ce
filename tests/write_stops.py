"""The faults test_outputs.py puts in a write: the ``os`` module as generator/output/files.py sees
it, failing or stopping the write at a chosen step, and the write a forked child makes with it.

A module of its own, importing no more than a write needs, so that the small process that forks
a child for each stopped write (test_outputs.py's FORKER) stays small: a fork copies its parent's
page tables, and a child touches its parent's heap as it runs (some 10 ms a fork from a process
that has loaded test_outputs.py and all of cngen, 2 from this).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

import generator.output.files as files_module


class Faults:
    """The ``os`` module as files.py sees it, with every step of a write that a full disk or a
    lost mount can fail (staging a file or a journal, flushing it, making a folder, moving a
    file aside or into place) counted, and the ``fail_on``-th of them failing; ``kinds`` narrows the steps counted.
    A folder's lock and its flush to disk are courtesies a write goes on without: not counted."""

    def __init__(self, fail_on: int = 0, kinds: tuple[str, ...] = ("open", "fsync", "mkdir", "replace")):
        self.fail_on, self.kinds, self.steps, self.failed = fail_on, kinds, [], False

    def __getattr__(self, name: str):
        real = getattr(os, name)
        if name not in self.kinds:
            return real

        def step(*args, **kwargs):
            if name == "open" and os.path.isdir(args[0]) or name == "fsync" and stat.S_ISDIR(os.fstat(args[0]).st_mode):
                return real(*args, **kwargs)
            self.steps.append(name)
            if len(self.steps) == self.fail_on:
                self.failed = True
                named = {"open": args[0], "mkdir": args[0], "replace": args[-1]}.get(name)  # the file, or the target of a move
                raise OSError(28, "No space left on device", None if named is None else str(named))
            return real(*args, **kwargs)

        return step



class StopAt(Faults):
    """The ``os`` module as files.py sees it, sending ``signal`` to this process just before the
    ``stop_on``-th counted step of a write (the steps Faults counts); ``again``, once more at
    every file the clean-up deletes."""

    def __init__(self, stop_on: int, signal_number: int, again: bool = False):
        super().__init__(0)
        self.stop_on, self.signal_number, self.again, self.stopped = stop_on, signal_number, again, False

    def __getattr__(self, name: str):
        step = super().__getattr__(name)
        if name == "unlink" and self.again and self.stopped:
            def stopping_again(*args, **kwargs):
                os.kill(os.getpid(), self.signal_number)
                return step(*args, **kwargs)

            return stopping_again
        if name not in self.kinds:
            return step

        def stopping(*args, **kwargs):
            if len(self.steps) + 1 == self.stop_on and not (name == "open" and os.path.isdir(args[0])):
                self.stopped = True
                os.kill(os.getpid(), self.signal_number)
            return step(*args, **kwargs)

        return stopping


STOPPED, STOPPED_AFTER_WRITING = 3, 4


def write_stopped(new: dict[Path, bytes], remove: list[Path], stop_on: int, signal_number: int,
                  again: bool) -> None:  # pragma: no cover - the child's code is measured by its effects
    from generator.cli import process

    code = 0
    try:
        process._stops_raise()
        files_module.os = StopAt(stop_on, signal_number, again)
        files_module.write_files(new, remove)
    except process.Stopped as stop:
        code = STOPPED_AFTER_WRITING if getattr(stop, "files_written", False) else STOPPED
    except BaseException:
        code = 1
    os._exit(code)
