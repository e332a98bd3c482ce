"""Press sheets and print-on-demand pages as geometry: how many cards fit, where the cuts, marks
and slug line go, how far each card's artwork may run, and where every back lands."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from generator.errors import UsageError
from generator.geometry.pages import clip_box, impose
from generator.geometry.press import MARK_OFFSET, SLUG_SIZE, crop_marks, plan_pod_page, plan_press_sheet, slug_origin
from generator.geometry.sheet import Box, mirror_box
from generator.units import MM, PAPERS

WORD_CARD = (70 * MM, 45 * MM)
KEY_CARD = (70 * MM, 70 * MM)
BLEED = 3 * MM
MARGIN = 5 * MM


def overlaps(a: Box, b: Box) -> bool:
    return a.x < b.right - 1e-6 and b.x < a.right - 1e-6 and a.y < b.top - 1e-6 and b.y < a.top - 1e-6


def within(inner: Box, outer: Box) -> bool:
    return (outer.x - 1e-6 <= inner.x and inner.right <= outer.right + 1e-6
            and outer.y - 1e-6 <= inner.y and inner.top <= outer.top + 1e-6)


def test_an_sra3_sheet_holds_at_least_25_word_cards_centred():
    plan = plan_press_sheet(PAPERS["sra3"], WORD_CARD, BLEED, None, MARGIN, True)
    assert plan.per_sheet >= 25
    assert plan.gutter == pytest.approx(2 * BLEED)
    grid = plan.grid
    assert grid.x == pytest.approx(plan.page_width - grid.right)
    assert grid.y == pytest.approx(plan.page_height - grid.top)


@pytest.mark.parametrize("paper", ["sra3", "a3", "a4", "letter", "tabloid", "12x18in"])
def test_every_usual_paper_takes_cards_inside_its_margin(paper):
    plan = plan_press_sheet(PAPERS[paper], WORD_CARD, BLEED, None, MARGIN, True)
    assert plan.per_sheet >= 1
    page = Box(0, 0, plan.page_width, plan.page_height).inset(MARGIN)
    for mark in crop_marks(plan, plan.grid):
        assert within(Box(min(mark.x1, mark.x2), min(mark.y1, mark.y2), abs(mark.x2 - mark.x1), abs(mark.y2 - mark.y1)), page)


def test_more_cards_fit_with_a_smaller_gutter_and_butted_cards_share_their_cuts():
    spaced = plan_press_sheet(PAPERS["sra3"], WORD_CARD, BLEED, None, MARGIN, True)
    butted = plan_press_sheet(PAPERS["sra3"], WORD_CARD, BLEED, 0.0, MARGIN, True)
    assert butted.per_sheet > spaced.per_sheet
    vertical = {round(mark.x1, 6) for mark in crop_marks(butted, butted.grid) if mark.x1 == mark.x2}
    assert len(vertical) == butted.columns + 1  # one cut between neighbours, not two
    vertical = {round(mark.x1, 6) for mark in crop_marks(spaced, spaced.grid) if mark.x1 == mark.x2}
    assert len(vertical) == 2 * spaced.columns


@given(bleed=st.floats(0, 6), gutter=st.floats(0, 12), width=st.floats(30, 120), height=st.floats(30, 120))
@settings(max_examples=60, deadline=None, derandomize=True)
def test_marks_stay_outside_every_cards_bleed_and_bleeds_never_overlap(bleed, gutter, width, height):
    try:
        plan = plan_press_sheet(PAPERS["sra3"], (width * MM, height * MM), bleed * MM, gutter * MM, MARGIN, True)
    except UsageError:
        assume(False)
    slots = plan.front_slots()
    clips = [clip_box(plan, slot.box, plan.grid) for slot in slots]
    for index, clip in enumerate(clips):
        assert within(slots[index].box, clip)
        assert all(not overlaps(clip, other) for other in clips[index + 1:])
    bleeds = [slot.box.inset(-plan.bleed) for slot in slots]
    for mark in crop_marks(plan, plan.grid):
        segment = Box(min(mark.x1, mark.x2), min(mark.y1, mark.y2), abs(mark.x2 - mark.x1), abs(mark.y2 - mark.y1))
        assert all(not overlaps(segment.inset(-0.01), card) for card in bleeds)
        # and at least MARK_OFFSET beyond the outermost bleed
        grid_bleed = plan.grid.inset(-plan.bleed - MARK_OFFSET + 1e-6)
        assert not overlaps(segment, grid_bleed)


@pytest.mark.parametrize("gutter, clipped", [(None, False), (2 * BLEED, False), (8 * MM, False), (2 * MM, True),
                                             (0.0, True)])
def test_a_card_is_clipped_only_where_a_neighbours_bleed_would_reach_it(gutter, clipped):
    """A gutter of at least twice the bleed leaves every card its whole bleed (the artwork
    ends there anyway): drawing a clip round each card would change nothing on the sheet."""
    plan = plan_press_sheet(PAPERS["sra3"], WORD_CARD, BLEED, gutter, MARGIN, True)
    cards = [(index, index) for index in range(plan.per_sheet)]
    page = next(impose(plan, cards, "long-edge"))
    assert {placed.clip is not None for placed in page.faces} == {clipped}
    if not clipped:
        assert all(clip_box(plan, slot.box, plan.grid) == slot.box.inset(-BLEED) for slot in plan.front_slots())


def test_the_slug_line_sits_below_the_marks_inside_the_margin():
    plan = plan_press_sheet(PAPERS["a3"], WORD_CARD, BLEED, None, MARGIN, True)
    x, y = slug_origin(plan, plan.grid)
    lowest_mark = min(min(mark.y1, mark.y2) for mark in crop_marks(plan, plan.grid))
    assert y + SLUG_SIZE < lowest_mark
    assert y - 0.3 * SLUG_SIZE >= MARGIN - 1e-6


@pytest.mark.parametrize("sides", ["long-edge", "short-edge"])
@pytest.mark.parametrize("card", [WORD_CARD, KEY_CARD])
def test_each_back_lands_behind_its_front(sides, card):
    plan = plan_press_sheet(PAPERS["sra3"], card, BLEED, None, MARGIN, True)
    cards = [(f"front {n}", f"back {n}") for n in range(plan.per_sheet)]
    front, back = list(impose(plan, cards, sides))
    where_front = {placed.face: placed.matrix for placed in front.faces}
    for placed in back.faces:
        number = placed.face.split()[1]
        slot = next(slot for slot in plan.front_slots() if slot.transform() == where_front[f"front {number}"])
        assert placed.matrix == plan.back_slots(sides)[plan.front_slots().index(slot)].transform()
        assert mirror_box(slot.box, plan, sides) == plan.back_slots(sides)[plan.front_slots().index(slot)].box
    assert (front.side, back.side) == ("front", "back")
    assert front.trim == plan.grid and front.bleed == plan.grid.inset(-BLEED)


def test_a_pod_page_is_the_trim_plus_the_bleed_and_marks_only_when_asked():
    plain = plan_pod_page(WORD_CARD, BLEED, marks=False)
    assert (plain.page_width, plain.page_height) == pytest.approx((76 * MM, 51 * MM))
    assert crop_marks(plain, plain.grid) == []
    none = plan_pod_page(WORD_CARD, 0.0, marks=False)
    (page,) = list(impose(none, [("f", "b")], "long-edge"))[:1]
    assert page.trim == page.bleed == Box(0, 0, 70 * MM, 45 * MM)
    marked = plan_pod_page(WORD_CARD, BLEED, marks=True)
    assert marked.page_width > plain.page_width and len(crop_marks(marked, marked.grid)) == 8


def test_back_first_puts_each_back_page_before_its_front():
    plan = plan_pod_page(WORD_CARD, BLEED, marks=False)
    pages = list(impose(plan, [("f1", "b1"), ("f2", "b2")], "long-edge", back_first=True))
    assert [page.faces[0].face for page in pages] == ["b1", "f1", "b2", "f2"]


@pytest.mark.parametrize("paper, bleed, gutter, message", [
    ((60 * MM, 40 * MM), BLEED, None, "does not fit"),
    (PAPERS["sra3"], 26 * MM, None, "use 0 to 25 mm"),
    (PAPERS["sra3"], BLEED, -1.0, "gutter cannot be negative"),
])
def test_impossible_sheets_are_refused_with_the_fix(paper, bleed, gutter, message):
    with pytest.raises(UsageError, match=message):
        plan_press_sheet(paper, WORD_CARD, bleed, gutter, MARGIN, True)
