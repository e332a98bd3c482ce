"""cngen stand: the key card's stand, worked out against the key card (geometry) and printed
(the PDF read back)."""

from __future__ import annotations

import functools
import io
import math

import pdfplumber
import pikepdf
import pypdfium2 as pdfium
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from pdfcheck import rounded, theme_for

from generator.draw.standart import base_steps
from generator.errors import UsageError
from generator.games import GAMES
from generator.geometry.keyface import MIN_KEY_CARD, key_face_layout
from generator.geometry.stand import (
    CARD_THICKNESS,
    CELL_CLEARANCE,
    END,
    HIGHEST_RIDGE,
    LOWEST_RIDGE,
    SLOT_GAP,
    SLOT_SPARE,
    TIPPING,
    StandPlan,
    key_stand,
    tipping_angle,
)
from generator.jobs.language import settle_language, shipped_languages
from generator.jobs.sources import load_font
from generator.jobs.stand import STEPS, build_stand, stand_plan
from generator.preflight import preflight
from generator.settings.options import KeyOptions, SheetOptions, StandOptions, Style
from generator.units import MM, PAPERS

KEY_CARD = (70 * MM, 70 * MM)
GAME_NAMES = ("classic", "duet", "pictures")


def cells_bottom(game: str, card: tuple[float, float] = KEY_CARD) -> float:
    grid = GAMES[game].grid
    return min(cell.y for cell in key_face_layout(*card, rows=grid.rows, columns=grid.columns).cells)


def plan_for(game: str, card: tuple[float, float] = KEY_CARD) -> StandPlan:
    return key_stand(card, cells_bottom(game, card))


def close(a: float, b: float) -> bool:
    return math.isclose(a, b, abs_tol=1e-6)


# --- The stand against the key card --------------------------------------------------------

@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_prism_hides_no_cell(game):
    plan = plan_for(game)
    assert plan.hidden == plan.height
    assert plan.height <= cells_bottom(game) - CELL_CLEARANCE + 1e-6
    assert LOWEST_RIDGE <= plan.height <= HIGHEST_RIDGE


def test_the_ridge_stands_a_millimetre_below_the_square_grid_and_at_most_12_mm():
    assert close(plan_for("classic").height, 9 * MM)  # the 5 x 5 grid starts 10 mm up a 70 mm card
    assert close(plan_for("duet").height, 9 * MM)
    # The 5 x 4 grid of the picture edition leaves 15.1 mm below it: the ridge stops at its cap.
    assert close(plan_for("pictures").height, HIGHEST_RIDGE)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_slots_are_longer_than_the_card_is_wide_and_stop_short_of_the_ends(game):
    plan = plan_for(game)
    for slot in plan.net.cuts:
        ys = [y for _, y in slot]
        assert max(ys) - min(ys) > KEY_CARD[0]
        margin = END - SLOT_SPARE / 2  # the ridge's whole width holds on past each slot's end
        assert min(ys) >= margin - 1e-6 and max(ys) <= plan.length - margin + 1e-6
    assert plan.length == KEY_CARD[0] + 2 * END


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_ridge_slot_lies_right_over_the_base_slot_once_folded(game):
    plan = plan_for(game)
    ridge, base = plan.net.cuts
    tab, slope = plan.tab, plan.slope
    # Folded, the ridge is the fold between the slopes and the base's middle is under it.
    ridge_x = sum(x for x, _ in ridge[:4]) / 4  # a closed slot repeats its first corner
    base_x = sum(x for x, _ in base[:4]) / 4
    assert close(ridge_x, tab + slope)
    assert close(base_x, tab + 2 * slope + plan.base / 2)
    assert sorted({y for _, y in ridge}) == sorted({y for _, y in base})  # the same stretch of the length
    # The ridge slot, cut wider flat, opens as wide across as the base slot once the slopes lean.
    ridge_width = max(x for x, _ in ridge) - min(x for x, _ in ridge)
    base_width = max(x for x, _ in base) - min(x for x, _ in base)
    assert close(ridge_width * (plan.base / 2) / slope, base_width)
    assert close(base_width, SLOT_GAP)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_card_leans_little_and_the_stand_tips_only_past_45_degrees(game):
    plan = plan_for(game)
    assert close(math.tan(math.radians(plan.lean)), (SLOT_GAP - CARD_THICKNESS) / plan.height)
    assert plan.lean < 5 and plan.lean_hand_cut < 7
    assert TIPPING <= plan.tipping < TIPPING + 3  # the narrowest base that does it
    narrower = tipping_angle(plan.card, plan.base - 1 * MM, plan.height, plan.length)
    assert narrower < TIPPING


def test_the_triangle_closes_and_its_slopes_meet_the_base():
    plan = plan_for("classic")
    assert close(plan.slope, math.hypot(plan.base / 2, plan.height))
    assert close(math.tan(math.radians(plan.angle)), plan.height / (plan.base / 2))
    # The tab, glued inside the base from its free edge, stops short of the base's slot.
    assert plan.tab < plan.base / 2 - plan.slot_gap


# --- The net -------------------------------------------------------------------------------

def segments(outline):
    return list(zip(outline, outline[1:] + outline[:1]))


def on_segment(point, segment) -> bool:
    (x, y), ((x1, y1), (x2, y2)) = point, segment
    cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
    inside = min(x1, x2) - 1e-6 <= x <= max(x1, x2) + 1e-6 and min(y1, y2) - 1e-6 <= y <= max(y1, y2) + 1e-6
    return abs(cross) < 1e-3 and inside


@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_fold_ends_on_a_cut(game):
    net = plan_for(game).net
    edges = segments(list(net.outline)) + [edge for cut in net.cuts for edge in segments(list(cut))]
    for fold in net.folds:
        for end in fold:
            assert any(on_segment(end, edge) for edge in edges), (fold, end)


def test_the_panels_tile_the_strip_and_the_glue_tab_is_no_panel():
    plan = plan_for("classic")
    net = plan.net
    names = [panel.name for panel in net.panels]
    assert names == ["slope-a", "slope-b", "base"]
    widths = [panel.box.width for panel in net.panels]
    assert [round(w / MM, 3) for w in widths] == [round(v / MM, 3) for v in (plan.slope, plan.slope, plan.base)]
    assert close(net.width, plan.tab + 2 * plan.slope + plan.base)
    (glue,) = net.glue
    assert max(x for x, _ in glue) <= min(panel.box.x for panel in net.panels) + 1e-6
    # Both slopes read with the ridge up: A has it on its right, B on its left.
    assert [panel.turn for panel in net.panels[:2]] == [3, 1]


# --- Refusals ------------------------------------------------------------------------------

def test_a_card_with_no_room_below_its_grid_is_refused():
    with pytest.raises(UsageError, match="below its grid.*--keys-card-size"):
        key_stand(KEY_CARD, 5 * MM)


def test_a_card_too_thick_for_the_slots_is_refused():
    with pytest.raises(UsageError, match="thick"):
        key_stand(KEY_CARD, 10 * MM, card_thickness=1.2 * MM)


@given(st.floats(50, 200), st.floats(50, 200), st.sampled_from(GAME_NAMES))
def test_any_key_card_gets_a_stand_that_stands(width, height, game):
    card = (width * MM, height * MM)
    bottom = cells_bottom(game, card)
    assume(bottom - CELL_CLEARANCE >= LOWEST_RIDGE)
    plan = key_stand(card, bottom)
    assert plan.tipping >= TIPPING
    assert plan.height + CELL_CLEARANCE <= bottom + 1e-6
    assert plan.tab > 0


# --- The printed stand, read back ----------------------------------------------------------

BLACK = (0.0, 0.0, 0.0)


@pytest.fixture(scope="module")
def printed():
    """Each game's stand on the home profile, built once."""
    return {game: build_stand(GAMES[game], StandOptions(KeyOptions(seed=1))) for game in GAME_NAMES}


@pytest.fixture(scope="module")
def shop():
    return build_stand(GAMES["classic"], StandOptions(KeyOptions(seed=1), sheet=SheetOptions(profile="shop",
                                                                                           paper=PAPERS["sra3"])))


@pytest.fixture(scope="module")
def french():
    return build_stand(GAMES["duet"], StandOptions(KeyOptions(seed=1), style=Style(lang="fr", title="Nom de code")))


@functools.cache
def drawing(pdf: bytes):
    """The page's size, folds, slots, outline, stripes and text, parsed once for the tests that
    read the same stand."""
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        height = page.height
        folds = [line for line in page.lines if line["dash"] and line["dash"][0]]
        slots = [rect for rect in page.rects if rect["stroke"] and rect["stroking_color"] == BLACK]
        outline = [curve for curve in page.curves if curve["stroke"] and curve["stroking_color"] == BLACK]
        stripes = [rounded(rect["non_stroking_color"]) for rect in page.rects if rect["fill"] and not rect["stroke"]]
        return (page.width, height), folds, slots, outline, stripes, text_of_page(pdf)


def text_of_page(pdf: bytes) -> str:
    """The page's text in the order it is drawn, whichever way it runs."""
    page = pdfium.PdfDocument(pdf)[0]
    return page.get_textpage().get_text_range()


@pytest.mark.parametrize("game", GAME_NAMES)
def test_the_printed_slots_hold_the_card_and_line_up(printed, game):
    result, plan = printed[game], plan_for(game)
    _, folds, slots, _, _, _ = drawing(result.pdf)
    assert len(slots) == 2
    for slot in slots:
        assert slot["height"] > KEY_CARD[0]  # longer than the card is wide
    ridge, base = sorted(slots, key=lambda rect: rect["x0"])
    assert ridge["top"] == pytest.approx(base["top"], abs=0.01)
    assert ridge["bottom"] == pytest.approx(base["bottom"], abs=0.01)
    assert base["width"] == pytest.approx(SLOT_GAP, abs=0.01)
    assert ridge["width"] == pytest.approx(plan.ridge_cut, abs=0.01)
    # The ridge fold stops at the ridge slot's ends, in the slot's middle.
    ridge_folds = [fold for fold in folds if fold["x0"] == pytest.approx((ridge["x0"] + ridge["x1"]) / 2, abs=0.01)]
    assert len(ridge_folds) == 2
    ends = sorted(value for fold in ridge_folds for value in (fold["top"], fold["bottom"]))
    assert ends[1] == pytest.approx(ridge["top"], abs=0.01) and ends[2] == pytest.approx(ridge["bottom"], abs=0.01)
    assert (result.plan.base, result.plan.height, result.plan.hidden) == (plan.base, plan.height, plan.hidden)


def test_the_net_and_its_bleed_lie_inside_the_printable_area(printed):
    (width, height), folds, _, outline, _, _ = drawing(printed["classic"].pdf)
    net = plan_for("classic").net
    (cut,) = outline
    margin, bleed = SheetOptions().margin, SheetOptions().bleed
    assert cut["width"] == pytest.approx(net.width, abs=0.01) and cut["height"] == pytest.approx(net.height, abs=0.01)
    assert cut["x0"] - bleed >= margin and cut["x1"] + bleed <= width - margin
    assert cut["top"] - bleed >= margin and cut["bottom"] + bleed <= height - margin
    # Every fold runs from the outline's edge, or a slot's end, to another.
    for fold in folds:
        assert cut["top"] - 0.01 <= fold["top"] and fold["bottom"] <= cut["bottom"] + 0.01


def test_the_glue_tab_is_free_of_artwork(printed):
    result = printed["classic"]
    _, _, _, outline, _, _ = drawing(result.pdf)
    net = plan_for("classic").net
    left, top = outline[0]["x0"], outline[0]["top"]
    scale = 4
    image = pdfium.PdfDocument(result.pdf)[0].render(scale=scale).to_pil().convert("RGB")
    (glue,) = net.glue
    xs, ys = [x for x, _ in glue], [y for _, y in glue]
    inset = 1 * MM  # clear of the cut and fold lines
    # The tab's middle band (its ends are cut at 45 degrees): its grey and hatching, nothing else.
    box = (left + min(xs) + inset, top + (net.height - max(ys)) + max(xs), left + max(xs) - inset,
           top + net.height - min(ys) - max(xs))
    crop = image.crop(tuple(round(value * scale) for value in box))
    colours = crop.getcolors(maxcolors=256)
    assert colours is not None and all(red == green == blue for _, (red, green, blue) in colours), colours
    tones = {red for _, (red, _, _) in colours}
    assert max(tones) == 230 and 135 <= min(tones) < 200, tones  # the tint, and the hatching across it


def test_the_slopes_carry_the_title_and_the_teams_colours_and_the_base_the_steps(printed):
    _, _, _, _, stripes, text = drawing(printed["classic"].pdf)
    theme = theme_for()
    assert {rounded(theme.colour("red")), rounded(theme.colour("blue"))} == set(stripes)
    assert text.count("Codenames") == 2
    assert "1 Cut the solid lines" in text and "4 Slide the key card" in text
    _, _, _, _, duet_stripes, _ = drawing(printed["duet"].pdf)
    assert set(duet_stripes) == {rounded(theme.colour("green"))}


def test_the_stand_speaks_the_kits_language(french):
    _, _, _, _, _, text = drawing(french.pdf)
    assert text.count("Nom de code") == 2
    assert "Découpez les traits pleins" in text and "Cut the" not in text


def test_the_shop_stand_is_pdf_x_1a_and_passes_preflight(shop):
    assert shop.pdf.startswith(b"%PDF-1.3")
    with pikepdf.open(io.BytesIO(shop.pdf)) as pdf:
        assert str(pdf.docinfo["/GTS_PDFXConformance"]) == "PDF/X-1a:2001"
        assert "/TrimBox" in pdf.pages[0] and "/BleedBox" in pdf.pages[0]
    report = preflight(shop.pdf)
    assert report.ok, report.failed


def test_a_stand_too_large_for_the_paper_is_refused():
    options = StandOptions(KeyOptions(seed=1, card_size=(200 * MM, 70 * MM)), sheet=SheetOptions(paper=PAPERS["a5"]))
    with pytest.raises(UsageError, match=r"does not fit on A5 \(148 x 210 mm\) paper.*--paper.*--keys-card-size"):
        build_stand(GAMES["classic"], options)


def test_a_key_card_too_small_to_read_is_refused():
    with pytest.raises(UsageError, match="--keys-card-size of at least 50 mm"):
        build_stand(GAMES["classic"], StandOptions(KeyOptions(seed=1, card_size=(40 * MM, 40 * MM))))


def test_a_wide_card_turns_its_net_to_fit():
    card, landscape = (200 * MM, 70 * MM), (297 * MM, 210 * MM)
    assert stand_plan(GAMES["classic"], card).net.height > landscape[1]  # too long to lie upright
    result = build_stand(GAMES["classic"], StandOptions(KeyOptions(seed=1, card_size=card),
                                                        sheet=SheetOptions(paper=landscape)))
    assert result.turned and result.pages == 1


def test_the_same_options_give_the_same_bytes(printed):
    again = build_stand(GAMES["classic"], StandOptions(KeyOptions(seed=1)))
    assert again.pdf == printed["classic"].pdf


@pytest.mark.parametrize("language", tuple(shipped_languages().languages))  # as their folders are found
def test_every_language_s_steps_fit_the_smallest_stand(language):
    plan = stand_plan(GAMES["pictures"], (MIN_KEY_CARD, MIN_KEY_CARD))
    base = next(panel for panel in plan.net.panels if panel.name == "base")
    labels = settle_language(GAMES["classic"], language).labels
    steps = base_steps([labels.text(key) for key in STEPS], load_font(None, lang=language), base, plan.slot_gap)
    assert steps is not None and len(steps) == 4
    assert len({step.size for step in steps}) == 1
