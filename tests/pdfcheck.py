"""Reading cngen's PDFs back the way a person would see them, independently of cngen's code.

Words are rebuilt from the characters on the page: grouped by the card they sit on and by
the direction they run, then ordered into lines.
"""

from __future__ import annotations

import difflib
import io
import math
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

import pdfplumber
import pypdf
import pypdfium2 as pdfium
from pdfiumpage import runs

from generator.draw.theme import Theme, make_theme
from generator.settings.declarations import is_cmyk
from generator.settings.options import default

MM = 72 / 25.4


def theme_for(profile: str = "home", colours: dict | None = None, title: str | None = None, *,
              ink_limit: int | None = None, ink: str | None = None) -> Theme:
    """The theme a component printed with ``profile`` is drawn in: the declared ink limit and
    ink style unless given."""
    return make_theme(is_cmyk(profile), colours, title, ink_limit=ink_limit or default("ink_limit"),
                      ink=ink or default("ink"))


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


def in_border(shape: Rect, outer: Rect, band: float) -> bool:
    """Whether ``shape`` lies in the band ``band`` wide along the inside of ``outer``, clear of
    its middle: a piece of the assassin's striped border (``draw.keycard``, ``draw.tile``),
    not part of the symbol or figure drawn in the middle."""
    middle = Rect(outer.x0 + band, outer.y0 + band, outer.x1 - band, outer.y1 - band)
    overlaps = (shape.x0 < middle.x1 - 0.01 and shape.x1 > middle.x0 + 0.01
                and shape.y0 < middle.y1 - 0.01 and shape.y1 > middle.y0 + 0.01)
    return not overlaps and outer.contains(*centre(shape))


# --- A readable account of a whole PDF, for comparing two builds ---------------------------


def describe_pdf(pdf: bytes | Path) -> list[str]:
    """Every page of ``pdf`` as lines a person can read, positions rounded to 0.01 pt.

    The document's metadata; per page its size and trim and bleed boxes, each run of text
    (where its baseline starts, the direction it runs, font, the height of the font's line
    box, colour and the text itself), and the shapes counted by kind, fill, stroke and dash,
    with the area they cover. Two builds that should be identical are compared with this,
    so that a difference reads as "p3 'BANK' moved", not as two different digests.
    """
    source = io.BytesIO(pdf) if isinstance(pdf, (bytes, bytearray)) else pdf
    lines = []
    with pdfplumber.open(source) as document:
        metadata = ", ".join(f"{key}={value!s}" for key, value in sorted(document.metadata.items()))
        lines.append(f"{len(document.pages)} pages; {metadata}")
        for number, page in enumerate(document.pages, start=1):
            lines.append(
                f"page {number}: {_number(page.width)} x {_number(page.height)} pt, "
                f"TrimBox {_box(page.trimbox)}, BleedBox {_box(page.bleedbox)}"
            )
            # Each line names its page, so that any line of a diff says where it is.
            lines.extend(f"p{number} text {run}" for run in _text_runs(page))
            lines.extend(f"p{number} {shapes}" for shapes in _shape_groups(page))
            if page.images:
                lines.append(f"p{number} {len(page.images)} images")
    return lines


def _number(value: float) -> str:
    """Rounded to 0.01 pt, without trailing zeros, and never "-0"."""
    return f"{round(value, 2) or 0.0:.2f}".rstrip("0").rstrip(".")


def _box(box) -> str:
    return "(" + ", ".join(_number(v) for v in box) + ")"


def _colour(colour) -> str:
    if colour is None:
        return "none"
    values = colour if isinstance(colour, (tuple, list)) else (colour,)
    space = {1: "grey", 3: "rgb", 4: "cmyk"}.get(len(values), "colour")
    return f"{space}(" + ",".join(f"{v:.3f}".rstrip("0").rstrip(".") for v in values) + ")"


def _direction(char: dict) -> int:
    a, b = char["matrix"][0], char["matrix"][1]
    return round(math.degrees(math.atan2(b, a)) / 90) * 90 % 360


def _text_runs(page: pdfplumber.page.Page) -> list[str]:
    """Characters in the order they were drawn, joined while each starts where the last ended
    with the same font, height and colour: one run per string the program drew."""
    result = []
    for run in runs(page.chars, _continues):
        first = run[0]
        direction = _direction(first)
        x, y = first["matrix"][4], first["matrix"][5]
        text = "".join(char["text"] for char in run)
        result.append(
            f"{direction:>3}deg at ({_number(x)}, {_number(y)}) {first['fontname']} "
            f"h{_number(_across(first))} {_colour(first.get('non_stroking_color'))} {text!r}"
        )
    return result


def _across(char: dict) -> float:
    """The height of a character's box across its direction: the font's line box."""
    return char["x1"] - char["x0"] if _direction(char) in (90, 270) else char["bottom"] - char["top"]


def _continues(last: dict, char: dict) -> bool:
    if (_direction(last), last["fontname"], round(_across(last), 2), last.get("non_stroking_color")) != (
            _direction(char), char["fontname"], round(_across(char), 2), char.get("non_stroking_color")):
        return False
    angle = math.radians(_direction(last))
    expected = (last["matrix"][4] + last["adv"] * math.cos(angle), last["matrix"][5] + last["adv"] * math.sin(angle))
    return math.dist(expected, (char["matrix"][4], char["matrix"][5])) < 0.01


def _shape_groups(page: pdfplumber.page.Page) -> list[str]:
    """Rectangles, curves and lines counted by how they are painted, with the area they span."""
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for shape in page.rects + page.curves + page.lines:
        fill = _colour(shape.get("non_stroking_color")) if shape.get("fill") else "none"
        stroke = (f"{_colour(shape.get('stroking_color'))} {_number(shape.get('linewidth') or 0)}pt"
                  if shape.get("stroke") else "none")
        dash = shape.get("dash")
        dashed = f" dash {list(dash[0])}" if dash and len(dash[0]) else ""
        groups[(shape["object_type"], fill, stroke + dashed)].append(shape)
    height = page.height
    result = []
    for (kind, fill, stroke), shapes in sorted(groups.items()):
        x0 = min(s["x0"] for s in shapes)
        x1 = max(s["x1"] for s in shapes)
        y0 = height - max(s["bottom"] for s in shapes)
        y1 = height - min(s["top"] for s in shapes)
        count = f"{len(shapes)} {kind}{'s' if len(shapes) != 1 else ''}"
        result.append(f"{count} fill {fill} stroke {stroke} within {_box((x0, y0, x1, y1))}")
    return result


def assert_same_pdf(a: bytes | Path, b: bytes | Path, name: str = "the PDFs") -> None:
    """Assert two builds gave the same PDF, byte for byte, as cngen promises; when they do
    not, fail first on the pages as a person reads them, so the message says what changed.

    Equal bytes always read the same, so the (slow) reading is only done when the bytes differ.
    """
    a_bytes = a if isinstance(a, (bytes, bytearray)) else Path(a).read_bytes()
    b_bytes = b if isinstance(b, (bytes, bytearray)) else Path(b).read_bytes()
    if a_bytes == b_bytes:
        return
    first, second = describe_pdf(a_bytes), describe_pdf(b_bytes)
    if first != second:
        diff = list(difflib.unified_diff(first, second, "first", "second", n=1, lineterm=""))
        shown = "\n".join(diff[:60]) + (f"\n... and {len(diff) - 60} more lines" if len(diff) > 60 else "")
        raise AssertionError(f"{name}: the pages differ\n{shown}")
    raise AssertionError(f"{name}: the pages read the same, but the files differ byte for byte "
                         f"({len(a_bytes):,} and {len(b_bytes):,} bytes)")


def pdf_pages(pdf) -> list[str]:
    """The text of each page as PDFium extracts it (a viewer's copy and paste): PDF bytes or a path."""
    document = pdfium.PdfDocument(pdf)
    try:
        return [page.get_textpage().get_text_range() for page in document]
    finally:
        document.close()


def text_of(pdf) -> str:
    """Every page's text in one line, each run of spaces one space."""
    return " ".join(" ".join(text.split()) for text in pdf_pages(pdf))
