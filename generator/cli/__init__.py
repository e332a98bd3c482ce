"""The command line: thin commands that resolve their settings, run a job, write its files and
report. ``run`` is the `cngen` program: ``main``, the commands, in safe surroundings. ``main``
is loaded only when asked for, so that ``run`` can watch for stop signals first."""

from .process import run

__all__ = ["main", "run"]


def __getattr__(name: str):
    if name == "main":
        from .app import main

        return main
    raise AttributeError(name)
