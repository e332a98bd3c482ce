"""The PDF canvas set-up and the one place where cngen writes files.

Documents are rendered into memory and then written atomically: a temporary file in the
target folder is filled, flushed to disk and renamed over the target. A run that fails at
any point leaves no partial file and never damages an earlier output.
"""

from __future__ import annotations

import io
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from reportlab.pdfgen.canvas import Canvas

from .errors import CngenError
from .typeface import Font

_DUPLEX = {"long-edge": "DuplexFlipLongEdge", "short-edge": "DuplexFlipShortEdge"}


@dataclass(frozen=True)
class Document:
    """Everything needed to render one PDF: its drawing, first page size and print settings."""

    title: str
    page_size: tuple[float, float]
    duplex: str | None  # long-edge or short-edge asks the viewer for duplex; None for one side
    profile: str  # "shop" refuses any colour that is not CMYK
    font: Font  # embedded, and the canvas' initial font
    draw: Callable[[Canvas], None]


def render(document: Document) -> bytes:
    """The finished PDF's bytes."""
    return render_together(document.title, [document])


def render_together(title: str, documents: Sequence[Document]) -> bytes:
    """Several documents one after the other in one PDF, for a single upload."""
    first = documents[0]
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=first.page_size,
        # Fixed dates and IDs: the same inputs give byte-identical files.
        invariant=1,
        # Without an embedded initial font, ReportLab adds an unembedded Helvetica to every file.
        initialFontName=first.font.name,
        pdfVersion=(1, 4),
        # A shop file must hold CMYK only: ReportLab then refuses any RGB colour outright.
        enforceColorSpace="cmyk" if first.profile == "shop" else None,
    )
    canvas.setTitle(title)
    canvas.setAuthor("cngen")
    canvas.setCreator("cngen")
    # Printing at "fit to page" shrinks the cards and breaks front-to-back registration.
    canvas.setViewerPreference("PrintScaling", "None")
    if first.duplex in _DUPLEX:
        canvas.setViewerPreference("Duplex", _DUPLEX[first.duplex])
    for document in documents:
        canvas.setPageSize(document.page_size)
        document.draw(canvas)
    canvas.save()
    return buffer.getvalue()


def check_writable(path: Path) -> None:
    """Fail before any work is done when the output cannot be a file."""
    if path.is_dir():
        raise CngenError(f"{path} is a folder: give a file name for the output, e.g. {path / 'deck.pdf'}")


def write_files(files: dict[Path, bytes]) -> None:
    """Write every file or none, leaving earlier outputs as they were if anything fails.

    All files are first staged as temporary files beside their targets; then each target
    is moved aside and its new version renamed into place. If any step fails, the new
    files are removed and the old ones restored.
    """
    staged: list[tuple[Path, Path]] = []
    placed: list[tuple[Path, Path | None]] = []  # (target, where its old version waits)
    try:
        for path, data in files.items():
            check_writable(path)
            staged.append((_stage(path, data), path))
        for temporary, path in staged:
            old = _set_aside(path)
            placed.append((path, old))
            os.replace(temporary, path)
    except OSError as error:
        _restore(placed)
        raise CngenError(f"cannot write {error.filename or 'the output'}: {error.strerror or error}") from None
    finally:
        for temporary, _ in staged:
            temporary.unlink(missing_ok=True)
    for _, old in placed:
        if old is not None:
            old.unlink(missing_ok=True)


def _set_aside(path: Path) -> Path | None:
    if not path.exists():
        return None
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".old")
    os.close(handle)
    os.replace(path, name)
    return Path(name)


def _restore(placed: list[tuple[Path, Path | None]]) -> None:
    for path, old in reversed(placed):
        if old is None:
            path.unlink(missing_ok=True)
        elif old.exists():
            os.replace(old, path)


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
