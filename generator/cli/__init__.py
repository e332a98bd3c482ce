"""The command line: thin commands that resolve their settings, run a job, write its files and
report. ``run`` is the `cngen` program: ``main``, the commands, in safe surroundings. ``main``
is loaded only when asked for, so that ``run`` can watch for stop signals first."""

from typing import NoReturn

from .process import run_to_the_end

__all__ = ["main", "run"]


def run() -> NoReturn:
    run_to_the_end(_main)


def _main():
    from .app import main

    return main


def __getattr__(name: str):
    if name == "main":
        return _main()
    raise AttributeError(name)
