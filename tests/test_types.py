"""The package type-checks: mypy, as pyproject.toml configures it, finds nothing in generator/.

The interfaces between the layers (a game's key cards, an export's request, the settings a job
reads) are typed, and this holds the types to the code: a change that hands a job the wrong
thing fails here, with the file and line, before any PDF is made.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_nothing_in_the_package(monkeypatch):
    from mypy import api

    monkeypatch.chdir(ROOT)  # pyproject.toml names the package from the repository's top
    report, errors, status = api.run(["--config-file", str(ROOT / "pyproject.toml")])
    assert status == 0, report + errors
    assert "Success: no issues found" in report
