"""Reading cngen's PDFs back the way a person would see them, independently of cngen's code.

Words are rebuilt from the characters on the page: grouped by the card they sit on and by
the direction they run, then ordered into lines.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pypdf

MM = 72 / 25.4


@dataclass(frozen=True)
class Rect:
    x0: float
    y0: float  # PDF coordinates: origin bottom left
    x1: float
    y1: float

    def contains(self, x: float, y: float, inset: float = 0.0) -> bool:
        return self.x0 + inset <= x <= self.x1 - inset and self.y0 + inset <= y <= self.y1 - inset

    def rounded(self, digits: int = 2) -> tuple[float, ...]:
        return tuple(round(v, digits) for v in (self.x0, self.y0, self.x1, self.y1))


@dataclass(frozen=True)
class PlacedText:
    text: str
    direction: int  # degrees anticlockwise the text runs: 0, 90, 180 or 270
    card: Rect
    bbox: Rect  # the union of its characters' boxes


def card_rects(page: pdfplumber.page.Page, colour: tuple[float, ...]) -> list[Rect]:
    """Filled rectangles in the card background colour: one per card face."""
    height = page.height
    rects = []
    for rect in page.rects:
        if rect.get("fill") and colour_of(rect) == rounded(colour):
            rects.append(Rect(rect["x0"], height - rect["bottom"], rect["x1"], height - rect["top"]))
    return rects


def placed_texts(page: pdfplumber.page.Page, cards: list[Rect]) -> list[PlacedText]:
    """Every run of text on the page, with the card that holds it and its direction."""
    height = page.height
    groups: dict[tuple[int, int], list[dict]] = defaultdict(list)
    for char in page.chars:
        a, b = char["matrix"][0], char["matrix"][1]
        direction = round(math.degrees(math.atan2(b, a)) / 90) * 90 % 360
        x = (char["x0"] + char["x1"]) / 2
        y = height - (char["top"] + char["bottom"]) / 2
        index = next((i for i, card in enumerate(cards) if card.contains(x, y)), -1)
        groups[(index, direction)].append(char)
    result = []
    for (index, direction), chars in sorted(groups.items()):
        card = cards[index] if index >= 0 else Rect(0, 0, page.width, height)
        result.append(PlacedText(_read_lines(chars, direction), direction, card, _bbox(chars, height)))
    return result


def _read_lines(chars: list[dict], direction: int) -> str:
    """Order characters along their direction, split lines across it, top line first."""
    angle = math.radians(direction)
    along = (math.cos(angle), math.sin(angle))
    up = (-math.sin(angle), math.cos(angle))
    lines: dict[int, list[tuple[float, str]]] = defaultdict(list)
    for char in chars:
        e, f = char["matrix"][4], char["matrix"][5]
        level = round((e * up[0] + f * up[1]) / 3)  # baselines of one line agree within 3 pt
        lines[level].append((e * along[0] + f * along[1], char["text"]))
    ordered = [sorted(lines[level]) for level in sorted(lines, reverse=True)]
    return " ".join("".join(text for _, text in line).strip() for line in ordered)


def _bbox(chars: list[dict], height: float) -> Rect:
    return Rect(
        min(c["x0"] for c in chars),
        height - max(c["bottom"] for c in chars),
        max(c["x1"] for c in chars),
        height - min(c["top"] for c in chars),
    )


def font_report(path: Path) -> list[dict]:
    """Each font used on any page: its name, whether it is embedded, whether it is a subset."""
    reader = pypdf.PdfReader(path)
    seen: dict[str, dict] = {}
    for page in reader.pages:
        fonts = page.get("/Resources", {}).get("/Font", {})
        for font in fonts.values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            name = str(font.get("/BaseFont"))
            seen[name] = {
                "name": name,
                "embedded": any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")),
                "subset": len(name) > 8 and name[7] == "+" and name[1:7].isupper(),
            }
    return sorted(seen.values(), key=lambda font: font["name"])


def rounded(colour) -> tuple[float, ...]:
    """Colours as the PDF stores them: a few decimals are enough to tell them apart."""
    return tuple(round(v, 3) for v in colour or ())


def colour_of(obj) -> tuple[float, ...]:
    return rounded(obj.get("non_stroking_color"))


def pdf_rect(obj, height: float) -> Rect:
    return Rect(obj["x0"], height - obj["bottom"], obj["x1"], height - obj["top"])


def symbol_kind(objects: list[dict]) -> str:
    """What is drawn on top of a cell, by shape alone."""
    kinds = []
    for obj in objects:
        if obj["object_type"] == "line":
            kinds.append("line")
        elif obj["object_type"] == "rect":
            kinds.append("bar")
        else:
            commands = {step[0] for step in obj.get("path", [])}
            kinds.append("disc" if "c" in commands else "polygon")
    return "+".join(sorted(kinds))


def centre(rect: Rect) -> tuple[float, float]:
    return (rect.x0 + rect.x1) / 2, (rect.y0 + rect.y1) / 2


def inside(inner: Rect, outer: Rect) -> bool:
    return outer.contains(*centre(inner)) and (inner.x1 - inner.x0) < (outer.x1 - outer.x0) - 1
