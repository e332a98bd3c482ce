"""Lengths and sizes as users write them ("3mm", "70x45mm", "a4"), turned into points.

cngen works in PostScript points everywhere inside; this module is the one edge where
other units come in.
"""

from __future__ import annotations

import re

from .errors import UsageError

POINTS_PER_UNIT = {"pt": 1.0, "mm": 72 / 25.4, "cm": 720 / 25.4, "in": 72.0}
MM = POINTS_PER_UNIT["mm"]
MAX_SIDE = 200 * 72.0  # points: the largest page PDF viewers accept

# Sheet sizes in millimetres, portrait.
PAPER_MM = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
    "sra3": (320.0, 450.0),
}

_NUMBER = r"(\d+(?:\.\d+)?|\.\d+)"
_UNIT = r"(mm|cm|in|pt)"
_LENGTH = re.compile(rf"^{_NUMBER}\s*{_UNIT}$")
_SIZE = re.compile(rf"^{_NUMBER}\s*{_UNIT}?\s*[x×]\s*{_NUMBER}\s*{_UNIT}$")


def parse_length(text: str) -> float:
    """'3mm' -> 8.503...; a unit is required so that nobody guesses which one is meant."""
    match = _LENGTH.match(text.strip().lower())
    if not match:
        raise UsageError(
            f"'{text}' is not a length: write a number and a unit, e.g. 5mm, 0.5cm, 0.2in or 14pt"
        )
    number, unit = match.groups()
    return float(number) * POINTS_PER_UNIT[unit]


def parse_size(text: str) -> tuple[float, float]:
    """'70x45mm' or '2.75in x 1.75in' -> (width, height) in points."""
    match = _SIZE.match(text.strip().lower())
    if not match:
        raise UsageError(
            f"'{text}' is not a size: write WIDTHxHEIGHT with a unit, e.g. 70x45mm or 2.75x1.75in"
        )
    width, width_unit, height, height_unit = match.groups()
    width_unit = width_unit or height_unit
    size = (float(width) * POINTS_PER_UNIT[width_unit], float(height) * POINTS_PER_UNIT[height_unit])
    if min(size) <= 0 or max(size) > MAX_SIDE:
        raise UsageError(f"'{text}' is not a printable size: each side must be more than 0 and at most "
                         f"{format_mm(MAX_SIDE)} mm (200 in, the largest page a PDF viewer opens)")
    return size


def parse_paper(text: str) -> tuple[float, float]:
    """A paper name (a4, letter...) or a WIDTHxHEIGHT size -> (width, height) in points."""
    name = text.strip().lower()
    if name in PAPER_MM:
        width_mm, height_mm = PAPER_MM[name]
        return width_mm * MM, height_mm * MM
    if not _SIZE.match(name):
        names = ", ".join(PAPER_MM)
        raise UsageError(f"unknown paper '{text}': use one of {names}, or a size such as 320x450mm")
    return parse_size(name)


def format_mm(points: float) -> str:
    """12.7 mm-style text for messages: no trailing zeros."""
    return f"{points / MM:.1f}".rstrip("0").rstrip(".")


def parse_offset(text: str) -> tuple[float, float]:
    """'1.5,-0.5' (millimetres, as read off the calibration sheet) -> points."""
    parts = text.replace(" ", "").split(",")
    try:
        dx, dy = (float(part) for part in parts)
    except ValueError:
        raise UsageError(f"'{text}' is not an offset: write DX,DY in millimetres, e.g. 1.5,-0.5") from None
    if max(abs(dx), abs(dy)) > 20:
        raise UsageError(f"a back offset of {text} mm is more than any printer is off: measure again with 'cngen calibrate'")
    return dx * MM, dy * MM
