"""Colours and line weights of the printed components.

Colours are CMYK fractions so that one file suits a home printer and a copy shop alike:
text and thin lines use black ink only (0, 0, 0, 1), as print shops ask.
"""

from __future__ import annotations

from dataclasses import dataclass

CMYK = tuple[float, float, float, float]

BLACK: CMYK = (0.0, 0.0, 0.0, 1.0)
WHITE: CMYK = (0.0, 0.0, 0.0, 0.0)


@dataclass(frozen=True)
class Theme:
    card: CMYK = (0.0, 0.05, 0.16, 0.03)  # warm paper
    band: CMYK = (0.0, 0.12, 0.34, 0.20)  # the spymasters' shaded band
    label: CMYK = WHITE
    outline: CMYK = (0.0, 0.20, 0.45, 0.45)  # frames and the emblem
    text: CMYK = BLACK
    writing_line: CMYK = (0.0, 0.0, 0.0, 0.35)
    cut_mark: CMYK = BLACK
    cut_mark_width: float = 0.25  # points: the hairline print shops expect
    red: CMYK = (0.0, 0.85, 0.80, 0.05)
    blue: CMYK = (0.90, 0.50, 0.0, 0.05)
    bystander: CMYK = (0.0, 0.08, 0.26, 0.10)
    assassin: CMYK = BLACK
    on_colour: CMYK = WHITE  # symbols on red, blue and assassin cells
    on_bystander: CMYK = (0.0, 0.0, 0.0, 0.65)


DEFAULT_THEME = Theme()
