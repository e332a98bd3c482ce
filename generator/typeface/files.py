"""Fonts read from their files through the one reader: a user's (a face of a collection as
FILE.ttc#N), or one of cngen's with its condensed face named, which is read only where a word
needs it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from msgspec.structs import replace

from ..inputs.bundled import BOLD, CONDENSED_FACES, font_path
from ..inputs.fontface import font_face
from ..inputs.reader import read_input, source_name
from .font import Font, parse_font

if TYPE_CHECKING:
    from .widths import MeasuredFace


def read_font(path: Path | None, bundled: str = BOLD) -> Font:
    """The user's font, or cngen's ``bundled`` one, naming its condensed face where the family
    has one (a user's font has none that cngen knows)."""
    ours = path is None
    path, face = font_face(path or font_path(bundled))
    label = path.stem if face is None else f"{path.stem}#{face}"
    font = parse_font(read_input(path, "font"), source_name(path), label, face, ours=ours)
    return replace(font, condensed_file=CONDENSED_FACES.get(bundled)) if ours else font


def condensed_widths(font: Font) -> MeasuredFace:
    """The condensed face of one of cngen's fonts (``condensed_file``), measured but not read
    by ReportLab (``typeface.widths``): a word fitted in it and printed in it needs
    ``with_condensed``."""
    from .widths import MeasuredFace

    assert font.condensed_file is not None, "only cngen's fonts name their condensed face"
    return MeasuredFace(read_input(font_path(font.condensed_file), "font"), font)


def with_condensed(font: Font) -> Font:
    """``font`` with its condensed face read, where it has one (a font's file is parsed in
    about as long as a deck of 400 words takes to fit: only a long word needs it)."""
    if font.condensed is not None or font.condensed_file is None:
        return font
    return replace(font, condensed=read_font(None, font.condensed_file))
