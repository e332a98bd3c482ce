"""cngen box read back: the dieline's panels against the cards they hold, cuts and folds that
meet, the net inside the printable area with its bleed, glue areas free of artwork, two
sheets where the paper is small, the refusals, and press files that pass preflight."""

from __future__ import annotations

import functools
import io
import math

import pdfplumber
import pikepdf
import pypdfium2 as pdfium
import pytest

from generator.errors import UsageError
from generator.games import GAMES
from generator.geometry.tuckbox import CLEARANCE, STOCK, box_for, inside_for, split, tuck_box
from generator.jobs.box import build_box
from generator.preflight import preflight
from generator.settings.options import box_options
from generator.settings.resolve import resolve
from generator.units import PAPERS

MM = 72 / 25.4
THICKNESS = 0.32 * MM
CLASSIC = GAMES["classic"]
DECK_CARDS = 222  # the bundled English deck's word cards and five blanks
TILES = sum(kind.per_set for kind in CLASSIC.tiles)


def options(**typed):
    flags = {"box.for": "--for", "paper": "--paper", "profile": "--profile", "box.cards": "--cards",
             "lang": "--lang", "ink": "--ink", "deck.card_size": "--card-size", "box.card_thickness":
             "--card-thickness"}
    values = {key: ((PAPERS[value] if key == "paper" else value), flags[key]) for key, value in typed.items()}
    return box_options(resolve("box", values))


def build(game=CLASSIC, **typed):
    return build_box(game, options(**typed))


@pytest.fixture(scope="module")
def deck_a4():
    return build()


@pytest.fixture(scope="module")
def deck_sra3():
    return build(paper="sra3", profile="shop")


@pytest.fixture(scope="module")
def kit_letter():
    return build(**{"box.for": "kit", "paper": "letter"})


@pytest.fixture(scope="module")
def kit_pod():
    return build(**{"box.for": "kit", "profile": "pod"})


# --- reading a dieline back ---------------------------------------------------------------


def is_black(colour) -> bool:
    return colour in ((0.0, 0.0, 0.0), (0, 0, 0), (0.0, 0.0, 0.0, 1.0), (0, 0, 0, 1), (0.0,), (0,))


@functools.cache
def dielines(pdf: bytes) -> tuple[Dieline, ...]:
    """Every page's dieline, the file opened and parsed once however many tests read it."""
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return tuple(Dieline(page) for page in document.pages)


class Dieline:
    """One page's cuts, folds and glue areas in PDF coordinates (origin bottom left), and its
    text as pdfplumber extracts it (the page parsed once for both)."""

    def __init__(self, page):
        height = float(page.height)
        self.size = (float(page.width), height)
        self.text = page.extract_text()

        def points(item):
            return [(float(x), height - float(y)) for x, y in item["pts"]]

        lines = page.lines + page.curves
        self.folds = [points(line) for line in page.lines
                      if line["dash"] and line["dash"][0] and is_black(line["stroking_color"])]
        self.outlines = [points(curve) for curve in page.curves
                         if curve["stroke"] and not curve["fill"] and is_black(curve["stroking_color"])
                         and not (curve["dash"] and curve["dash"][0]) and curve["linewidth"] == 0.5]
        self.glue = [points(curve) for curve in lines if curve["fill"] and not curve["stroke"]
                     and tuple(round(part, 2) for part in curve["non_stroking_color"]) in ((0.9, 0.9, 0.9),
                                                                                            (0.0, 0.0, 0.0, 0.1))]

    @property
    def outline(self):
        assert len(self.outlines) == 1, "one cut outline a page"
        return self.outlines[0]

    def bbox(self):
        xs = [x for x, _ in self.outline]
        ys = [y for _, y in self.outline]
        return min(xs), min(ys), max(xs), max(ys)


def distance_to_polygon(point, polygon) -> float:
    best = math.inf
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        dx, dy = x2 - x1, y2 - y1
        length = dx * dx + dy * dy
        t = 0.0 if length == 0 else max(0.0, min(1.0, ((point[0] - x1) * dx + (point[1] - y1) * dy) / length))
        best = min(best, math.hypot(point[0] - x1 - t * dx, point[1] - y1 - t * dy))
    return best


def inside(point, polygon) -> bool:
    x, y = point
    result = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def pages(pdf: bytes) -> int:
    return len(pdfium.PdfDocument(pdf))


# --- the panels against the cards -----------------------------------------------------------


def test_inside_fits_the_cards_standing_on_their_short_edge():
    width, height, depth = inside_for((70 * MM, 45 * MM), DECK_CARDS, THICKNESS)
    assert width == pytest.approx(45 * MM + 2 * CLEARANCE)
    assert height == pytest.approx(70 * MM + 2 * CLEARANCE)
    assert depth == pytest.approx(DECK_CARDS * THICKNESS + 2 * CLEARANCE)


def test_the_press_sheet_dieline_has_panels_of_the_cards_size_and_count(deck_sra3):
    """Vertical folds part the sides, front, side and back: D, W, D apart, each H tall."""
    box = deck_sra3.boxes[0]
    assert (box.cards, box.pieces, deck_sra3.pages) == (DECK_CARDS, 1, 1)
    dieline = dielines(deck_sra3.pdf)[0]
    width, height, depth = (45 + 2) * MM + STOCK, (70 + 2) * MM + STOCK, DECK_CARDS * THICKNESS + 2 * MM + STOCK
    vertical = sorted({round(fold[0][0], 2) for fold in dieline.folds if abs(fold[0][0] - fold[1][0]) < 0.01
                       and abs(fold[0][1] - fold[1][1]) > height * 0.9})
    # the glue tab's fold, then the three folds between the four panels
    gaps = [b - a for a, b in zip(vertical, vertical[1:])]
    assert gaps == pytest.approx([depth, width, depth], abs=0.02)
    tall = [abs(fold[0][1] - fold[1][1]) for fold in dieline.folds if abs(fold[0][0] - fold[1][0]) < 0.01]
    assert max(tall) == pytest.approx(height, abs=0.02)
    _, _, right, _ = dieline.bbox()
    assert right - vertical[-1] == pytest.approx(width, abs=0.02), "the back is the last panel"


def test_every_box_of_the_kit_fits_its_own_cards(kit_letter):
    made = {box.holds: box for box in kit_letter.boxes}
    assert made["deck"].card_size == pytest.approx((70 * MM, 45 * MM))
    assert made["keys"].inside == pytest.approx((72 * MM, 72 * MM, 40 * THICKNESS + 2 * MM))
    assert made["tokens"].cards == TILES
    assert made["tokens"].inside[2] == pytest.approx(TILES * THICKNESS + 2 * MM)
    assert [box.pages for box in kit_letter.boxes] == [(1, 2), (3,), (4,)]
    assert kit_letter.pages == pages(kit_letter.pdf) == 4


def test_the_lid_is_as_deep_as_the_box_and_the_notch_at_most_10_mm():
    box = box_for(*inside_for((70 * MM, 70 * MM), 40, THICKNESS))
    net = tuck_box(*inside_for((70 * MM, 70 * MM), 40, THICKNESS))
    lids = [panel for panel in net.panels if panel.name in ("top", "bottom")]
    assert [panel.box.height for panel in lids] == pytest.approx([box.depth] * 2)
    assert box.notch == pytest.approx(10 * MM)
    assert box.tuck >= 19 * MM and box.glue >= 8 * MM


# --- lines that meet, inside the paper ------------------------------------------------------


@pytest.mark.parametrize("which", ["deck_a4", "deck_sra3", "kit_letter"])
def test_every_fold_ends_on_the_cut_outline(which, request):
    result = request.getfixturevalue(which)
    for index in range(result.pages):
        dieline = dielines(result.pdf)[index]
        assert dieline.folds
        for fold in dieline.folds:
            for end in (fold[0], fold[-1]):
                assert distance_to_polygon(end, dieline.outline) < 0.05, (index, end)


@pytest.mark.parametrize("which,paper", [("deck_a4", "a4"), ("deck_sra3", "sra3"), ("kit_letter", "letter")])
def test_the_net_and_its_bleed_lie_inside_the_printable_area(which, paper, request):
    result = request.getfixturevalue(which)
    margin, bleed = 5 * MM, 3 * MM
    for index in range(result.pages):
        dieline = dielines(result.pdf)[index]
        assert dieline.size == pytest.approx(PAPERS[paper], abs=0.01)
        left, bottom, right, top = dieline.bbox()
        assert left - bleed >= margin - 0.01 and bottom - bleed >= margin - 0.01
        assert right + bleed <= dieline.size[0] - margin + 0.01 and top + bleed <= dieline.size[1] - margin + 0.01


def test_a_pod_page_is_the_net_and_its_bleed(kit_pod):
    document = pikepdf.open(io.BytesIO(kit_pod.pdf))
    for index, page in enumerate(document.pages):
        trim = [float(value) for value in page.TrimBox]
        bleed = [float(value) for value in page.BleedBox]
        media = [float(value) for value in page.MediaBox]
        assert bleed == pytest.approx([trim[0] - 3 * MM, trim[1] - 3 * MM, trim[2] + 3 * MM, trim[3] + 3 * MM], abs=0.01)
        assert media == pytest.approx([0, 0, bleed[2] + bleed[0], bleed[3] + bleed[1]], abs=0.01)
        left, bottom, right, top = dielines(kit_pod.pdf)[index].bbox()
        assert (left, bottom, right, top) == pytest.approx(trim, abs=0.01)


# --- glue areas ---------------------------------------------------------------------------


def test_glue_areas_hold_only_their_tint_and_hatching(deck_a4):
    scale = 2.0
    assert dielines(deck_a4.pdf)[0].glue, "the first sheet has the glue tabs"
    for index in range(deck_a4.pages):
        dieline = dielines(deck_a4.pdf)[index]
        image = pdfium.PdfDocument(deck_a4.pdf)[index].render(scale=scale).to_pil().convert("L")
        for area in dieline.glue:
            xs, ys = [x for x, _ in area], [y for _, y in area]
            seen = set()
            for step_x in range(41):
                for step_y in range(41):
                    point = (min(xs) + (max(xs) - min(xs)) * step_x / 40, min(ys) + (max(ys) - min(ys)) * step_y / 40)
                    if inside(point, area) and distance_to_polygon(point, area) > 1 * MM:
                        seen.add(image.getpixel((round(point[0] * scale), round((dieline.size[1] - point[1]) * scale))))
            # The tint (230), and the hatching's grey lines over it (down to 140 at their middle).
            assert seen and abs(max(seen) - 230) <= 3 and min(seen) >= 135 and min(seen) < 200, seen


# --- one sheet or two ---------------------------------------------------------------------


def test_the_default_deck_takes_two_a4_sheets_joined_by_a_tab(deck_a4):
    box = deck_a4.boxes[0]
    assert (box.pieces, box.pages, deck_a4.pages) == (2, (1, 2), 2)
    first, second = dielines(deck_a4.pdf)[0], dielines(deck_a4.pdf)[1]
    assert len(first.glue) == 2 and len(second.glue) == 0, "the first sheet has the seam's tab and the joining tab"
    text = [page.text for page in dielines(deck_a4.pdf)]
    assert all("glue tab A" in page and " A" in page for page in text)


def test_the_pieces_are_the_whole_net_cut_at_a_fold():
    measures = inside_for((70 * MM, 45 * MM), DECK_CARDS, THICKNESS)
    whole = tuck_box(*measures)
    for at in (1, 2, 3):
        first, second = split(*measures, at)
        assert len(first.panels) + len(second.panels) == len(whole.panels)
        assert len(first.glue) == 2 and not second.glue


def test_on_sra3_the_deck_takes_one_sheet_with_marks_and_slug(deck_sra3):
    text = dielines(deck_sra3.pdf)[0].text
    assert "box.pdf" in text and "sheet 1 of 1" in text


# --- what the faces say --------------------------------------------------------------------


def test_the_faces_say_the_title_what_it_holds_and_how_many(deck_a4):
    text = " ".join(page.text for page in dielines(deck_a4.pdf))
    assert "Codenames" in text and "Codename cards" in text and "222 cards" in text and "70 × 45 mm" in text


def test_a_german_kit_box_speaks_german():
    result = build(**{"box.for": "kit", "lang": "de"})
    text = " ".join(page.text for page in dielines(result.pdf))
    assert "Wortkarten" in text and "Codekarten" in text and "Abdeckplättchen" in text and "Karten" in text


@pytest.mark.parametrize("lang, size", [("en", "63.5 × 88 mm"), ("fr", "63,5 × 88 mm"), ("ru", "63,5 × 88 мм"),
                                        ("ja", "63.5 × 88 mm")])
def test_a_box_gives_its_cards_size_in_its_languages_numbers_and_symbol(lang, size):
    """CLDR's decimal sign and millimetre symbol: a Russian box says мм, a French one 63,5."""
    result = build(lang=lang, **{"deck.card_size": (63.5 * MM, 88 * MM)})
    text = " ".join(page.text for page in dielines(result.pdf)).replace("\u00a0", " ")
    assert size in text


# --- refusals -----------------------------------------------------------------------------


def test_a_box_too_deep_to_hold_its_shape_is_refused():
    with pytest.raises(UsageError, match="--cards N.*--card-thickness"):
        build(**{"box.cards": 400})


def test_cards_too_large_for_the_paper_are_refused():
    with pytest.raises(UsageError, match=r"does not fit on A4 \(210 x 297 mm\) paper even in two pieces: choose a larger --paper \(e.g. sra3\)"):
        build(**{"deck.card_size": (200 * MM, 150 * MM), "box.cards": 10})


def test_a_depth_that_makes_the_net_too_tall_is_refused_as_too_deep():
    with pytest.raises(UsageError, match=r"deep.*does not fit on A5 \(148 x 210 mm\) paper.*--cards N"):
        build(**{"paper": "a5", "box.cards": 150})


def test_the_kit_names_no_cards_option_it_does_not_have():
    with pytest.raises(UsageError) as refused:
        build_box(CLASSIC, options(**{"box.for": "kit", "box.card_thickness": 0.6 * MM}), cards_flag=None)
    assert "--cards N to" not in str(refused.value) and "--card-thickness" in str(refused.value)


# --- press files, sameness ----------------------------------------------------------------


def test_shop_and_pod_files_pass_preflight(deck_sra3, kit_pod):
    for result in (deck_sra3, kit_pod):
        report = preflight(result.pdf, ink_limit=300)
        assert report.ok, [finding for finding in report.findings if not finding.ok]


def test_the_same_options_give_the_same_bytes(deck_a4):
    assert build().pdf == deck_a4.pdf
