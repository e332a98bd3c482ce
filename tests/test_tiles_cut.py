"""Tiles read back from the PDF: no line near a cut, no label near a frame.

A line close to the cut shows every miscut as an uneven border, and a label close to its frame
looks cramped. For every tile face (both sides, every role), at the default size and at other
sizes (landscape, portrait, small), at home and for a print shop, in both ink styles:

* every stroked line, its width included, keeps 3 mm from the cut of its card;
* every character of the role's name keeps 3 mm inside the frame's line (its inner edge);
* the names are one size for the whole set, between 7 pt and 14 pt (the type scale's CAPTION
  and HEADING).
"""

from __future__ import annotations

import io
from collections import Counter

import builds
import pytest
from pdfcheck import MM, Rect, centre, pdf_rect
from pdfiumpage import read_pages

from generator.geometry.sheet import HOME_BLEED
from generator.settings.options import SheetOptions, Style, TokenOptions

MIN_LINE_TO_CUT = 3 * MM
CONTENT_GAP = 3 * MM
TOLERANCE = 0.01  # points: rounding in the PDF's numbers
BLEED = 3 * MM
GROUND_AREA = 1000 * MM * MM  # a tile's ground is at least 40 x 25 mm; nothing else drawn is as large

SIZES = {"default": None, "wide": (80 * MM, 50 * MM), "portrait": (63.5 * MM, 88.9 * MM), "small": (60 * MM, 40 * MM)}
CASES = [(size, profile, ink) for size in SIZES for profile in ("home", "shop") for ink in ("full", "light")]


def build(size: str, profile: str, ink: str) -> bytes:
    sheet = SheetOptions(profile=profile, bleed=BLEED) if profile == "shop" else SheetOptions()
    options = TokenOptions(sheet=sheet, style=Style(ink=ink))
    if SIZES[size] is not None:
        options = TokenOptions(card_size=SIZES[size], sheet=sheet, style=Style(ink=ink))
    return builds.tokens(options).pdf


def read_tiles(pdf: bytes, bleed: float) -> list[dict]:
    """Every tile face: its cut, its stroked shapes (bbox and width) and its characters."""
    tiles = []
    for number, page in enumerate(read_pages(pdf)):
        height = page.height
        grounds = [r for r in page.rects if r.get("fill") and not r.get("stroke")
                   and r["width"] * r["height"] > GROUND_AREA]
        cuts = [_inset(pdf_rect(r, height), bleed) for r in grounds]
        strokes = _boxed([o for o in page.curves + page.rects + page.lines if o.get("stroke")], height)
        chars = _boxed(page.chars, height)
        for cut in cuts:
            tiles.append({"page": number, "cut": cut,
                          "strokes": [(box, o.get("linewidth") or 0.0, o["object_type"])
                                      for o, box, middle in strokes if cut.contains(*middle)],
                          "chars": [(box, c["text"], font_size(c)) for c, box, middle in chars if cut.contains(*middle)]})
    return tiles


def _boxed(objects: list[dict], height: float) -> list[tuple[dict, Rect, tuple[float, float]]]:
    """Each object with its box and the box's centre, worked out once a page rather than once
    for every cut it is looked for in."""
    boxes = [(obj, pdf_rect(obj, height)) for obj in objects]
    return [(obj, box, centre(box)) for obj, box in boxes]


def font_size(char: dict) -> float:
    """A character's box spans the font's size across the direction it runs (turned tiles'
    text runs up the page)."""
    a, b = char["matrix"][:2]
    return char["x1"] - char["x0"] if abs(b) > abs(a) else char["bottom"] - char["top"]


def _inset(rect: Rect, amount: float) -> Rect:
    return Rect(rect.x0 + amount, rect.y0 + amount, rect.x1 - amount, rect.y1 - amount)


def distance_inside(inner: Rect, outer: Rect) -> float:
    """How far ``inner`` keeps inside ``outer`` at its closest side (negative: it crosses it)."""
    return min(inner.x0 - outer.x0, inner.y0 - outer.y0, outer.x1 - inner.x1, outer.y1 - inner.y1)


@pytest.fixture(scope="module")
def tiles():
    cache: dict[tuple[str, str, str], list[dict]] = {}

    def read(size: str, profile: str, ink: str) -> list[dict]:
        if (size, profile, ink) not in cache:
            # A home tile's ground runs HOME_BLEED past its cut, clipped where the sheet allows less.
            cache[size, profile, ink] = read_tiles(build(size, profile, ink), BLEED if profile == "shop" else HOME_BLEED)
        return cache[size, profile, ink]

    return read


@pytest.mark.parametrize("size, profile, ink", CASES)
def test_no_line_comes_within_three_millimetres_of_a_cut(tiles, size, profile, ink):
    faces = tiles(size, profile, ink)
    assert len(faces) == 50  # one set: 25 tiles, both faces
    for face in faces:
        assert face["strokes"], "every tile has its frame"
        for box, width, kind in face["strokes"]:
            gap = distance_inside(box, face["cut"]) - width / 2
            assert gap >= MIN_LINE_TO_CUT - TOLERANCE, (face["page"], kind, round(gap / MM, 2))


def frame_of(face: dict) -> tuple[Rect, float]:
    """The frame: the largest stroked shape of the tile."""
    box, width, _ = max(face["strokes"], key=lambda s: (s[0].x1 - s[0].x0) * (s[0].y1 - s[0].y0))
    return box, width


@pytest.mark.parametrize("size, profile, ink", CASES)
def test_every_label_keeps_three_millimetres_inside_its_frame(tiles, size, profile, ink):
    for face in tiles(size, profile, ink):
        frame, width = frame_of(face)
        inner = _inset(frame, width / 2)
        assert face["chars"], "every tile is named"
        for box, text, _ in face["chars"]:
            gap = distance_inside(box, inner)
            assert gap >= CONTENT_GAP - TOLERANCE, (face["page"], text, round(gap / MM, 2))


@pytest.mark.parametrize("size, profile, ink", CASES)
def test_the_frame_is_the_kits_rounded_frame_and_holds_everything(tiles, size, profile, ink):
    for face in tiles(size, profile, ink):
        frame, width = frame_of(face)
        # The frame's line has its outer edge 3.5 mm inside the cut (FRAME_INSET), whatever its width.
        assert distance_inside(frame, face["cut"]) - width / 2 == pytest.approx(3.5 * MM, abs=0.05)
        assert width == pytest.approx(2.0 if ink == "light" else 0.8)
        for box, _, _ in face["strokes"]:
            assert distance_inside(box, frame) >= -TOLERANCE


@pytest.mark.parametrize("size, profile", [(size, profile) for size in SIZES for profile in ("home", "shop")])
def test_names_are_one_size_on_the_type_scale(tiles, size, profile):
    sizes = Counter(round(size, 2) for face in tiles(size, profile, "full") for _, _, size in face["chars"])
    assert len(sizes) == 1, sizes
    (only,) = sizes
    assert 7.0 - TOLERANCE <= only <= 14.0 + TOLERANCE
    if size == "default":
        assert only == pytest.approx(14.0)  # the names are at their largest on the word card's size


def test_the_reader_sees_what_the_old_tiles_drew():
    """The checks are not vacuous: a tile drawn as a form, as cngen draws them, with the old
    white frame 2.45 mm inside the cut and a name 1.6 mm from it, fails both."""
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(100 * MM, 60 * MM))
    canvas.beginForm("tile", 0, 0, 70 * MM, 45 * MM)
    canvas.setFillColorRGB(0.8, 0.1, 0.1)
    canvas.rect(0, 0, 70 * MM, 45 * MM, stroke=0, fill=1)
    canvas.setStrokeColorRGB(1, 1, 1)
    canvas.setLineWidth(0.6)
    canvas.roundRect(2.45 * MM, 2.45 * MM, 65.1 * MM, 40.1 * MM, 2 * MM, stroke=1, fill=0)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setFont("Helvetica", 12)
    canvas.drawRightString(70 * MM - 2.45 * MM - 1.6 * MM, 20 * MM, "DOUBLE AGENT")
    canvas.endForm()
    canvas.translate(10 * MM, 10 * MM)
    canvas.doForm("tile")
    canvas.showPage()
    canvas.save()
    (face,) = read_tiles(buffer.getvalue(), 0.0)
    frame, width = frame_of(face)
    assert distance_inside(frame, face["cut"]) - width / 2 < MIN_LINE_TO_CUT - 0.5 * MM
    assert min(distance_inside(box, _inset(frame, width / 2)) for box, _, _ in face["chars"]) < 2 * MM
