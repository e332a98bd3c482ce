"""The command line: thin commands that resolve their settings, run a job, write its files and
report. ``run`` is the `cngen` program: ``main``, the commands, in safe surroundings. ``main``
is loaded only when asked for, so that ``run`` can watch for stop signals first."""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

from .process import run_to_the_end

__all__ = ["main", "run"]


def run() -> NoReturn:
    run_to_the_end(_main)


if TYPE_CHECKING:
    import click


def _main() -> click.Group:
    from .app import main

    return main


def __getattr__(name: str) -> click.Group:
    if name == "main":
        return _main()
    raise AttributeError(name)
