"""The PDF canvas set-up and the one place where cngen writes files.

Documents are rendered into memory and then written atomically: a temporary file in the
target folder is filled, flushed to disk and renamed over the target. A run that fails at
any point leaves no partial file and never damages an earlier output.
"""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path
from typing import Callable

from reportlab.pdfgen.canvas import Canvas

from .errors import CngenError
from .layout import Sides
from .typeface import Font

_DUPLEX = {"long-edge": "DuplexFlipLongEdge", "short-edge": "DuplexFlipShortEdge"}


def render(
    page_size: tuple[float, float],
    font: Font,
    title: str,
    sides: Sides | None,
    draw: Callable[[Canvas], None],
) -> bytes:
    """Run ``draw`` on a fresh canvas and return the finished PDF's bytes."""
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=page_size,
        # Fixed dates and IDs: the same inputs give byte-identical files.
        invariant=1,
        # Without an embedded initial font, ReportLab adds an unembedded Helvetica to every file.
        initialFontName=font.name,
        pdfVersion=(1, 4),
    )
    canvas.setTitle(title)
    canvas.setAuthor("cngen")
    canvas.setCreator("cngen")
    # Printing at "fit to page" shrinks the cards and breaks front-to-back registration.
    canvas.setViewerPreference("PrintScaling", "None")
    if sides is not None:
        canvas.setViewerPreference("Duplex", _DUPLEX[sides])
    draw(canvas)
    canvas.save()
    return buffer.getvalue()


def check_writable(path: Path) -> None:
    """Fail before any work is done when the output cannot be a file."""
    if path.is_dir():
        raise CngenError(f"{path} is a folder: give a file name for the output, e.g. {path / 'deck.pdf'}")


def write_files(files: dict[Path, bytes]) -> None:
    """Write every file or none: all are staged as temporary files before any is replaced."""
    staged: list[tuple[Path, Path]] = []
    try:
        for path, data in files.items():
            check_writable(path)
            staged.append((_stage(path, data), path))
        for temporary, path in staged:
            os.replace(temporary, path)
    except OSError as error:
        raise CngenError(f"cannot write {error.filename or 'the output'}: {error.strerror or error}") from None
    finally:
        for temporary, _ in staged:
            temporary.unlink(missing_ok=True)


def _stage(path: Path, data: bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".part")
    temporary = Path(name)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        # mkstemp creates private files; outputs are ordinary documents.
        os.chmod(temporary, path.stat().st_mode & 0o777 if path.exists() else 0o644)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return temporary
