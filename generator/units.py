"""Lengths, sizes, papers, offsets and colours as users write them ("3mm", "70x45mm", "a4",
"1.5,-0.5", "#D8322B"), turned into points and numbers; and numbers and counts as cngen
writes them back to users ("12.7", "1,250 pages").

cngen works in PostScript points everywhere inside; this module is the one edge where
other units come in.
"""

from __future__ import annotations

import math
import re

from reportlab.lib import pagesizes

from .errors import UsageError, quoted

POINTS_PER_UNIT = {"pt": 1.0, "mm": 72 / 25.4, "cm": 720 / 25.4, "in": 72.0}
MM = POINTS_PER_UNIT["mm"]
MAX_SIDE = 200 * 72.0  # points: the largest page PDF viewers accept
MAX_BACK_OFFSET = 20.0  # millimetres: no printer is further off than this

# Sheet sizes by name, portrait, in points: ReportLab's ISO and US sizes, and the SRA sizes
# copy shops print on (ISO 217: a little larger than A, for bleed and the press's grip).
PAPERS: dict[str, tuple[float, float]] = {
    **{f"a{n}": getattr(pagesizes, f"A{n}") for n in range(11)},
    **{f"b{n}": getattr(pagesizes, f"B{n}") for n in range(11)},
    "letter": pagesizes.LETTER,
    "legal": pagesizes.LEGAL,
    "tabloid": pagesizes.TABLOID,
    "sra3": (320 * MM, 450 * MM),
    "sra4": (225 * MM, 320 * MM),
    "12x18in": (12 * 72.0, 18 * 72.0),  # the US copy shop's press sheet
}
PAPER_NAMES = "a0 to a10, b0 to b10, letter, legal, tabloid, 12x18in, sra3, sra4"
US_PAPERS = ("letter", "legal", "tabloid", "12x18in")

# ASCII digits only (Python's \d and float() also take '５'; float() takes 1_0, nan and 1e309).
_NUMBER = r"([0-9]+(?:\.[0-9]+)?|\.[0-9]+)"
_SIGNED = re.compile(r"[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_UNIT = r"(mm|cm|in|pt)"
_LENGTH = re.compile(rf"^{_NUMBER}\s*{_UNIT}$")
_ZERO = re.compile(r"^0*\.?0*$")
_SIZE = re.compile(rf"^{_NUMBER}\s*{_UNIT}?\s*[x×]\s*{_NUMBER}\s*{_UNIT}$")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")

RGB = tuple[float, float, float]


def parse_length(text: str) -> float:
    """'3mm' -> 8.503...; a unit is required so that nobody guesses which one is meant, except
    for nothing at all: 0 is 0 in every unit."""
    cleaned = text.strip().lower()
    if cleaned and _ZERO.match(cleaned):
        return 0.0
    match = _LENGTH.match(cleaned)
    if not match:
        raise UsageError(
            f"{quoted(text)} is not a length: write a number and a unit, e.g. 5mm, 0.5cm, 0.2in or 14pt"
        )
    number, unit = match.groups()
    length = _on_the_limit(float(number) * POINTS_PER_UNIT[unit])  # infinity for 400 digits and more
    if length > MAX_SIDE:
        raise UsageError(f"{quoted(text)} is longer than any sheet: a length is at most "
                         f"{format_mm(MAX_SIDE)} mm (200 in, the largest page a PDF viewer opens)")
    return length


def parse_size(text: str) -> tuple[float, float]:
    """'70x45mm' or '2.75in x 1.75in' -> (width, height) in points."""
    match = _SIZE.match(text.strip().lower())
    if not match:
        raise UsageError(
            f"{quoted(text)} is not a size: write WIDTHxHEIGHT with a unit, e.g. 70x45mm or 2.75x1.75in"
        )
    width, width_unit, height, height_unit = match.groups()
    width_unit = width_unit or height_unit
    size = (_on_the_limit(float(width) * POINTS_PER_UNIT[width_unit]),
            _on_the_limit(float(height) * POINTS_PER_UNIT[height_unit]))
    if min(size) <= 0 or max(size) > MAX_SIDE:
        raise UsageError(f"{quoted(text)} is not a printable size: each side must be more than 0 and at most "
                         f"{format_mm(MAX_SIDE)} mm (200 in, the largest page a PDF viewer opens)")
    return size


def _on_the_limit(points: float) -> float:
    """5080 mm is 14,400 points exactly, though the arithmetic says a hair more: the limit
    itself is allowed."""
    return MAX_SIDE if math.isclose(points, MAX_SIDE, rel_tol=1e-9) else points


def parse_paper(text: str) -> tuple[float, float]:
    """A paper name (a4, letter...) or a WIDTHxHEIGHT size -> (width, height) in points."""
    name = text.strip().lower()
    if name in PAPERS:
        return PAPERS[name]
    if not _SIZE.match(name):
        raise UsageError(f"unknown paper {quoted(text)}: use one of {PAPER_NAMES}, or a size such as 320x450mm")
    return parse_size(name)


def paper_named(paper: tuple[float, float]) -> str | None:
    """The name of a sheet size, either way round ("sra3"), or None for a size without one."""
    either_way = tuple(sorted(paper))
    return next((name for name, size in PAPERS.items() if tuple(sorted(size)) == either_way), None)


def paper_title(paper: tuple[float, float]) -> str:
    """The paper as messages name it: 'SRA3 (320 x 450 mm)', 'letter (...)', or the size alone."""
    size = f"{format_mm(paper[0])} x {format_mm(paper[1])} mm"
    name = paper_named(paper)
    if name is None:
        return size
    shown = name.upper() if name[0] in "abs" and name[1:2].isalnum() else name  # A4, SRA3; letter, 12x18in
    return f"{shown} ({size})"


def is_us_paper(paper: tuple[float, float]) -> bool:
    """Whether a sheet is one of the US sizes, either way round (a custom size in whole inches
    counts too: it was measured in inches)."""
    name = paper_named(paper)
    if name is not None:
        return name in US_PAPERS
    return all(abs(side / 72 - round(side / 72)) < 1e-9 for side in paper)


def parse_offset(text: str) -> tuple[float, float]:
    """'1.5,-0.5' (millimetres, as read off the calibration sheet) -> points."""
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2 or not all(_SIGNED.fullmatch(part) for part in parts):
        raise UsageError(f"{quoted(text)} is not an offset: write DX,DY in millimetres, e.g. 1.5,-0.5")
    dx, dy = (float(part) for part in parts)  # infinity for 400 digits and more
    # Written as a negated comparison so that nan, which compares false with everything, fails.
    if not max(abs(dx), abs(dy)) <= MAX_BACK_OFFSET:
        raise UsageError(f"a back offset of {quoted(text)} mm is not a distance a printer is off "
                         f"(at most {MAX_BACK_OFFSET:g} mm each way): measure again with 'cngen calibrate'")
    return dx * MM, dy * MM


def parse_colour(text: str) -> RGB:
    """'#D8322B' -> (0.847, 0.196, 0.169): red, green and blue from 0 to 1."""
    if not _COLOUR.fullmatch(text.strip()):
        raise UsageError(f"{quoted(text)} is not a colour: write it as #RRGGBB, e.g. #D8322B")
    value = text.strip()
    return tuple(int(value[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]


_LANGUAGE = re.compile(r"[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*")


def parse_language(text: str) -> str:
    """'fr', 'pt-BR', 'tr_TR' -> the language tag, lower case with hyphens ('pt-br')."""
    if not _LANGUAGE.fullmatch(text.strip()):
        raise UsageError(f"{quoted(text)} is not a language code: write two or three letters, "
                         "such as en, fr, de, es, tr or el (optionally with a region: pt-BR)")
    return text.strip().replace("_", "-").lower()


def format_mm(points: float) -> str:
    """12.7 mm-style text for messages: no trailing zeros."""
    return f"{points / MM:.1f}".rstrip("0").rstrip(".")


def format_offset(offset: tuple[float, float]) -> str:
    """(points, points) -> '1.5,-0.5', as a user types it on the command line."""
    return ",".join(format_number(value / MM) for value in offset)


def format_number(value: float) -> str:
    """1.5, -0.5, 2, 0: as a user types it (an ASCII hyphen for minus, no trailing zeros)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """'1 card', '2 cards', '1,250 pages': a count with its thousands separators and the noun
    that agrees with it."""
    return f"{count:,} {noun if count == 1 else (nouns or noun + 's')}"
