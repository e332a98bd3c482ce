"""Fixtures shared by the CLI tests."""

from __future__ import annotations

import gc

import pytest
from click.testing import CliRunner

from generator.cli import main


@pytest.fixture
def run(tmp_path, monkeypatch):
    """Run cngen in an empty working folder, as a user would in a new project."""
    monkeypatch.chdir(tmp_path)

    def invoke(*args: str):
        return CliRunner().invoke(main, list(args), catch_exceptions=False)

    return invoke


@pytest.fixture
def folder_state():
    """What a folder holds, as a user would check it before and after a run: every file under it
    by its path, with the SHA-256 of its bytes (a folder as "folder")."""
    import hashlib
    from pathlib import Path

    def state(folder: Path) -> dict[str, str]:
        return {str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file()
                else "folder" for path in sorted(Path(folder).rglob("*"))}

    return state


def pytest_addoption(parser):
    parser.addoption("--rewrite-references", action="store_true",
                     help="write tests/reference/ anew from the pages cngen makes now (tests/test_reference_pages.py)")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """At the end of each test file, what the file leaves alive (its module's caches, the
    session's builds) is set aside from the garbage collector's full passes, which would
    otherwise walk the whole session's heap again and again."""
    yield
    if nextitem is None or getattr(nextitem, "module", None) is not getattr(item, "module", None):
        gc.collect()
        gc.freeze()
