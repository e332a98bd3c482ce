"""The command line: thin commands that resolve their settings, run a job, write its files and
report. ``main`` is the `cngen` program."""

from .app import main

__all__ = ["main"]
