"""A font named with a face: `fonts.ttc#2` is face 2 of the collection fonts.ttc.

A TrueType collection holds several fonts (weights, or the same letters for Chinese, Japanese
and Korean); `#N` after the file's name chooses one, counting from 0. A file whose own name
ends in `#N` is still found: the face is only split off when the whole name is not a file.
"""

from __future__ import annotations

import re
from pathlib import Path

_FACE = re.compile(r"(?P<file>.+)#(?P<index>[0-9]{1,5})")


def font_face(path: Path) -> tuple[Path, int | None]:
    """The font file and the face asked for (None: no '#N', the first face)."""
    match = _FACE.fullmatch(str(path))
    if match is None or path.is_file():
        return path, None
    return Path(match["file"]), int(match["index"])
