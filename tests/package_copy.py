"""A copy of cngen to change as data in a test: the package's code copied, its languages'
folders copied (a test adds to them), and the rest of what it ships linked as it is. A script
then runs the copy in a fresh interpreter, as `cngen` would run it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import generator
from generator.inputs.bundled import _folder

LINKED = ("decks", "fonts", "profiles", "editions")  # unchanged by any test: linked, not copied
COPIED = ("languages",)


def copy_package(root: Path) -> Path:
    """``root``/generator, a copy of the package whose data a test may edit; returns it."""
    package = Path(generator.__file__).parent
    copy = root / "generator"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__", *LINKED, *COPIED))
    for name in LINKED:  # the bundled data, as it is: inside the package, or beside it in a working tree
        (copy / name).symlink_to(_folder(name), target_is_directory=True)
    for name in COPIED:
        shutil.copytree(_folder(name), copy / name)
    return copy


def run_copy(root: Path, script: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``script`` run by Python against the copy in ``root``, in the folder ``cwd``."""
    cwd.mkdir(parents=True, exist_ok=True)
    return subprocess.run([sys.executable, "-c", script], cwd=cwd, capture_output=True, text=True,
                          env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}, timeout=300)
