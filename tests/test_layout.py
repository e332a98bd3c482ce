"""The sheet geometry: exact numbers for the common cases, properties for all."""

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from msgspec.structs import astuple

from generator.errors import UsageError
from generator.geometry.press import crop_marks, plan_pod_page
from generator.geometry.sheet import (
    FOLD_GUTTER,
    MARK_MIN,
    MARK_ROOM,
    Box,
    SheetPlan,
    Slot,
    cut_marks,
    mirror_box,
    plan_fold,
    plan_sheet,
)
from generator.units import MM, parse_paper

A4 = parse_paper("a4")
LETTER = parse_paper("letter")
WORD_CARD = (70 * MM, 45 * MM)


def test_a4_holds_sixteen_word_cards_turned_a_quarter():
    plan = plan_sheet(A4, WORD_CARD, 5 * MM)
    assert (plan.columns, plan.rows, plan.turned) == (4, 4, True)
    grid = plan.grid
    assert (grid.x / MM, grid.y / MM, grid.width / MM, grid.height / MM) == pytest.approx((15, 8.5, 180, 280))


def test_letter_holds_twelve_word_cards():
    plan = plan_sheet(LETTER, WORD_CARD, 5 * MM)
    assert (plan.columns, plan.rows, plan.per_sheet) == (4, 3, 12)


def test_a_square_card_is_never_turned():
    plan = plan_sheet(A4, (70 * MM, 70 * MM), 5 * MM)
    assert (plan.columns, plan.rows, plan.turned) == (2, 4, False)


def test_a_card_that_fits_exactly_is_accepted():
    room = 2 * MARK_ROOM  # the cut marks' room beyond the cards, at both ends
    plan = plan_sheet((100.0 + room, 100.0 + room), (50.0, 45.0), 0.0)
    assert plan.per_sheet == 4


def test_a_card_larger_than_the_sheet_is_refused_with_sizes():
    with pytest.raises(UsageError, match=r"a 300 x 45 mm card does not fit on a 210 x 297 mm sheet"):
        plan_sheet(A4, (300 * MM, 45 * MM), 5 * MM)


def test_slots_run_in_reading_order_and_butt_against_each_other():
    plan = plan_sheet(A4, WORD_CARD, 5 * MM)
    slots = plan.front_slots()
    assert slots[0].box.x == pytest.approx(plan.grid.x)
    assert slots[0].box.top == pytest.approx(plan.grid.top)
    assert slots[1].box.x == pytest.approx(slots[0].box.right)
    assert slots[plan.columns].box.top == pytest.approx(slots[0].box.y)


def test_a_turned_slot_maps_the_card_corners_onto_its_own_corners():
    slot = Slot(Box(10, 20, 45, 70), turned=True)
    a, b, c, d, e, f = slot.transform()
    corners = {(a * u + c * v + e, b * u + d * v + f) for u, v in [(0, 0), (70, 0), (0, 45), (70, 45)]}
    assert corners == {(10, 20), (55, 20), (10, 90), (55, 90)}


def test_long_edge_backs_swap_columns_and_keep_rows():
    plan = plan_sheet(A4, WORD_CARD, 5 * MM)
    fronts, backs = plan.front_slots(), plan.back_slots("long-edge")
    assert backs[0].box.x == pytest.approx(fronts[plan.columns - 1].box.x)
    assert backs[0].box.y == pytest.approx(fronts[0].box.y)


def test_short_edge_backs_swap_rows_and_keep_columns():
    plan = plan_sheet(A4, WORD_CARD, 5 * MM)
    fronts, backs = plan.front_slots(), plan.back_slots("short-edge")
    assert backs[0].box.x == pytest.approx(fronts[0].box.x)
    assert backs[0].box.y == pytest.approx(fronts[-1].box.y)


def test_cut_marks_extend_every_cut_line_to_the_edge_of_the_printable_area():
    plan = plan_sheet(A4, WORD_CARD, 5 * MM)
    marks = cut_marks(plan, [plan.grid])
    grid = plan.grid
    # 5 vertical and 5 horizontal cut lines, each with a mark on both sides of the grid.
    assert len(marks) == 20
    vertical = sorted((m.x1, m.y1, m.y2) for m in marks if m.x1 == m.x2)
    assert [x / MM for x, _, _ in vertical[::2]] == pytest.approx([15, 60, 105, 150, 195])
    below, above = vertical[0::2], vertical[1::2]
    # 8.5 mm from the cards to the paper's edge: 5 mm it cannot print, a 0.5 mm gap, a 3 mm mark.
    assert all((y1, y2) == pytest.approx((5 * MM, grid.y - 0.5 * MM)) for _, y1, y2 in below)
    assert all((y1, y2) == pytest.approx((grid.top + 0.5 * MM, A4[1] - 5 * MM)) for _, y1, y2 in above)
    # 15 mm at the sides: the ground runs 2 mm past the cut, the marks start 1.5 mm further.
    horizontal = sorted((m.x1, m.x2) for m in marks if m.y1 == m.y2)
    assert horizontal[0] == pytest.approx((5 * MM, grid.x - 3.5 * MM))
    assert horizontal[-1] == pytest.approx((grid.right + 3.5 * MM, A4[0] - 5 * MM))


sizes = st.floats(min_value=20, max_value=400)

# plan_sheet accepts a row that overruns the usable space by at most 1e-9 pt (its documented
# rounding slack, so that a card fitting exactly is not refused for a float's sake). Centred,
# the overrun is shared by both margins; on top of it come the float roundings of adding up
# cells of a page at most 1300 pt wide (each about 1e-13 pt). Far below anything printable,
# and far tighter than any real overrun (a card that does not fit misses by whole points).
FIT_SLACK = 1e-9
ROUNDING = 1e-10
TOLERANCE = FIT_SLACK + ROUNDING


def same_box(a: Box, b: Box) -> bool:
    return all(abs(u - v) <= ROUNDING for u, v in zip(astuple(a), astuple(b)))


def keeps_margins(box: Box, plan: SheetPlan, margin: float) -> bool:
    return (box.x >= margin - TOLERANCE and box.y >= margin - TOLERANCE
            and box.right <= plan.page_width - margin + TOLERANCE
            and box.top <= plan.page_height - margin + TOLERANCE)


@st.composite
def plans(draw):
    page = (draw(st.floats(200, 1300)), draw(st.floats(200, 1300)))
    card = (draw(sizes), draw(sizes))
    margin = draw(st.floats(0, 30))
    try:
        return plan_sheet(page, card, margin), margin
    except UsageError:
        return None, margin


@given(plans(), st.sampled_from(["long-edge", "short-edge"]))
def test_every_plan_keeps_its_margins_and_mirroring_is_an_involution(plan_and_margin, sides):
    plan, margin = plan_and_margin
    assume(plan is not None)
    grid = plan.grid
    assert grid.width <= plan.page_width - 2 * margin + TOLERANCE  # at most the slack, both sides together
    assert grid.height <= plan.page_height - 2 * margin + TOLERANCE
    assert keeps_margins(grid, plan, margin), (grid, margin)
    for slot in plan.front_slots():
        assert keeps_margins(slot.box, plan, margin), (slot.box, margin)
        back = mirror_box(slot.box, plan, sides)
        # The back of a card inside the margins is inside them too: flipping keeps the margins.
        assert keeps_margins(back, plan, margin), (back, margin)
        assert same_box(mirror_box(back, plan, sides), slot.box), (back, slot.box)
        assert (back.width, back.height) == (slot.box.width, slot.box.height)


@given(plans())
def test_every_cut_mark_is_printable_and_long_enough_to_cut_by(plan_and_margin):
    plan, margin = plan_and_margin
    assume(plan is not None)
    printable = Box(margin, margin, plan.page_width - 2 * margin, plan.page_height - 2 * margin)
    for mark in cut_marks(plan, [plan.grid]):
        assert within(mark, printable), (mark, margin)
        assert abs(mark.x2 - mark.x1) + abs(mark.y2 - mark.y1) >= MARK_MIN - TOLERANCE
        assert not crosses(mark, plan.grid), mark


def within(mark, box: Box) -> bool:
    return all(box.x - TOLERANCE <= x <= box.right + TOLERANCE for x in (mark.x1, mark.x2)) and \
        all(box.y - TOLERANCE <= y <= box.top + TOLERANCE for y in (mark.y1, mark.y2))


def crosses(mark, grid: Box) -> bool:
    return min(mark.x1, mark.x2) < grid.right and max(mark.x1, mark.x2) > grid.x and \
        min(mark.y1, mark.y2) < grid.top and max(mark.y1, mark.y2) > grid.y


@given(plans(), st.sampled_from(["long-edge", "short-edge"]))
def test_backs_of_a_centred_grid_fill_the_same_cells(plan_and_margin, sides):
    plan, _ = plan_and_margin
    assume(plan is not None)
    # Cells are whole cards apart, and the cells of one column (or row) share the very same x
    # (or y), so sorting lines the two sets up; each pair must then agree within rounding.
    fronts = sorted((slot.box for slot in plan.front_slots()), key=astuple)
    backs = sorted((slot.box for slot in plan.back_slots(sides)), key=astuple)
    assert len(backs) == len(fronts)
    for back, front in zip(backs, fronts):
        assert same_box(back, front), (back, front)


def test_a_landscape_sheet_flipped_on_its_long_edge_swaps_rows():
    plan = SheetPlan(842.0, 595.0, 100.0, 50.0, 2, 2, False)
    box = plan.front_slots()[0].box
    assert mirror_box(box, plan, "long-edge") == Box(box.x, 595.0 - box.top, box.width, box.height)


def test_gutter_fold_puts_fronts_left_and_backs_mirrored_right_of_the_fold():
    plan = plan_fold(A4, WORD_CARD, 5 * MM)
    assert (plan.columns, plan.rows, plan.per_sheet, plan.pages_per_sheet) == (2, 4, 8, 1)
    middle = A4[0] / 2
    fronts, backs = plan.front_slots(), plan.back_slots("fold")
    assert plan.grid.x >= 5 * MM and plan.grid.right == pytest.approx(middle - FOLD_GUTTER)
    for front, back in zip(fronts, backs):
        # Folding about the middle line lays each back exactly behind its front.
        assert back.box.x - middle == pytest.approx(middle - front.box.right)
        assert back.box.y == pytest.approx(front.box.y)
    line = plan.fold_line()
    # Like every mark, inside the printable area.
    assert (line.x1, line.x2, line.y1, line.y2) == pytest.approx((middle, middle, 5 * MM, A4[1] - 5 * MM))


def test_fold_marks_run_to_the_edges_and_across_the_gutter_but_never_over_cards():
    plan = plan_fold(A4, WORD_CARD, 5 * MM)
    front, back = plan.grid, plan.back_grid("fold")
    marks = cut_marks(plan, [front, back])
    horizontal = [m for m in marks if m.y1 == m.y2]
    assert len(horizontal) == 5 * 3  # 5 cut lines: left edge, across the fold gutter, right edge
    for mark in horizontal:
        for grid in (front, back):
            assert mark.x2 <= grid.x or mark.x1 >= grid.right
        assert mark.x2 - mark.x1 >= MARK_MIN - 1e-6
    across = [mark for mark in horizontal if mark.x1 < A4[0] / 2 < mark.x2]
    assert len(across) == 5


def test_a_pod_page_with_marks_holds_one_card_with_bleed_and_crop_marks_outside_it():
    plan = plan_pod_page(WORD_CARD, 3 * MM, marks=True)
    trim, bleed = plan.trim_box(plan.grid), plan.bleed_box(plan.grid)
    assert (trim.width / MM, trim.height / MM) == pytest.approx((70, 45))
    assert (bleed.x, bleed.y) == pytest.approx((trim.x - 3 * MM, trim.y - 3 * MM))
    assert bleed.x > 0 and bleed.right < plan.page_width
    marks = crop_marks(plan, plan.grid)
    assert len(marks) == 8
    for mark in marks:
        length = abs(mark.x2 - mark.x1) + abs(mark.y2 - mark.y1)
        assert 3 * MM <= length <= 6 * MM
        # Every mark starts outside the bleed.
        assert not (bleed.x < mark.x1 < bleed.right and bleed.y < mark.y1 < bleed.top
                    and bleed.x < mark.x2 < bleed.right and bleed.y < mark.y2 < bleed.top)
