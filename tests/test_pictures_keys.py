"""The picture edition's key cards: 5 x 4 keys dealt balanced and fresh, listed in keys.json,
reported by --stats, and printed with their lights and corner mark.

Decks are measured here with code of this file's own: grids as rows of letters, the half-turn
as a formula on (row, column), the cells two grids share counted as the bits two one-hot ints
share, per-cell counts by plain loops. Printed cards are read back with pypdfium2: its text
(pages, numbers), its shapes (lights) and its rendered pixels (cells, the corner mark).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

import msgspec
import pypdfium2
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pdfcheck import MM, Rect, card_rects, centre, colour_of, pdf_pages, pdf_rect, theme_for
from pdfiumpage import paint, read_pages

from generator.games.classic.deal import Key, balance_report
from generator.games.pictures import PICTURES
from generator.games.pictures import deal as pictures_deal
from generator.geometry.sheet import HOME_BLEED
from generator.jobs.keys import build_keys
from generator.settings.options import KeyOptions

KEY_CARDS = PICTURES.key_cards
ROWS, COLUMNS = 4, 5
CELLS = ROWS * COLUMNS
COUNTS = {"start": 8, "other": 7, "N": 4, "A": 1}

# The floors docs/pictures-keys.md states: (most keys, as printed or turned, teams exchanged).
FLOORS = [(26, 11, 10), (40, 10, 10), (80, 10, 9), (100, 10, 8), (200, 9, 8), (600, 8, 8), (2000, 7, 7),
          (6000, 6, 6), (10_000, 6, 5)]


def floors(keys: int) -> tuple[int, int]:
    return next((plain, swapped) for most, plain, swapped in FLOORS if keys <= most)


# --- an independent measure ----------------------------------------------------------------

def as_rows(letters: str) -> list[str]:
    return [letters[r * COLUMNS:(r + 1) * COLUMNS] for r in range(ROWS)]


def turned(rows: list[str]) -> list[str]:
    """Half round: cell (r, c) goes to (3 - r, 4 - c)."""
    return ["".join(rows[ROWS - 1 - r][COLUMNS - 1 - c] for c in range(COLUMNS)) for r in range(ROWS)]


def exchanged(rows: list[str]) -> list[str]:
    return [row.translate(str.maketrans("RB", "BR")) for row in rows]


def one_hot(rows: list[str]) -> int:
    """A grid as an 80-bit int, one bit per (cell, letter): two grids share the cells their ints
    share bits."""
    return sum(1 << (4 * i + "RBNA".index(x)) for i, x in enumerate("".join(rows)))


def pair_distances(grids: list[list[str]]) -> tuple[list[int], list[int]]:
    """For every pair: the fewest differing cells as printed or turned half round, and the same
    with red and blue exchanged in the second grid."""
    plain = [one_hot(rows) for rows in grids]
    views = [(one_hot(rows), one_hot(turned(rows))) for rows in grids]
    swapped = [(one_hot(exchanged(rows)), one_hot(turned(exchanged(rows)))) for rows in grids]
    apart, apart_swapped = [], []
    for i in range(len(grids)):
        for j in range(i):
            apart.append(CELLS - max((plain[i] & view).bit_count() for view in views[j]))
            apart_swapped.append(CELLS - max((plain[i] & view).bit_count() for view in swapped[j]))
    return apart, apart_swapped


def grids_of(cards) -> list[list[str]]:
    return [face.rows for card in cards for face in card.faces]


def check_deck(cards, count: int, double_sided: bool) -> None:
    """Every rule of the picture edition's deck, measured here."""
    keys = [face for card in cards for face in card.faces]
    assert [card.number for card in cards] == list(range(1, count + 1))
    assert len(keys) == count * (2 if double_sided else 1)
    for key in keys:
        start, other = ("R", "B") if key.starting == "red" else ("B", "R")
        letters = "".join(key.rows)
        assert [len(row) for row in key.rows] == [COLUMNS] * ROWS
        assert [letters.count(x) for x in (start, other, "N", "A")] == [8, 7, 4, 1]
    reds = sum(key.starting == "red" for key in keys)
    if double_sided:
        assert all(sorted(face.starting for face in card.faces) == ["blue", "red"] for card in cards)
    assert abs(reds - (len(keys) - reds)) <= 1
    check_per_cell(keys)
    if len(keys) > 1:
        apart, apart_swapped = pair_distances(grids_of(cards))
        plain, swapped = floors(len(keys))
        assert min(apart) >= plain and min(apart_swapped) >= swapped


def check_per_cell(keys) -> None:
    size, reds = len(keys), sum(key.starting == "red" for key in keys)
    blues = size - reds
    expected = {"R": Fraction(8 * reds + 7 * blues, CELLS), "B": Fraction(7 * reds + 8 * blues, CELLS),
                "N": Fraction(4 * size, CELLS), "start": Fraction(8 * size, CELLS),
                "other": Fraction(7 * size, CELLS)}
    for cell in range(CELLS):
        letters = [key.cells[cell] for key in keys]
        starts = [("R" if key.starting == "red" else "B") for key in keys]
        counted = {x: letters.count(x) for x in "RBNA"}
        counted["start"] = sum(x == s for x, s in zip(letters, starts))
        counted["other"] = counted["R"] + counted["B"] - counted["start"]
        assert size // CELLS <= counted["A"] <= -(-size // CELLS), cell
        for name in ("R", "B", "N"):
            assert abs(counted[name] - expected[name]) <= 1, (name, cell)
        for name in ("start", "other"):
            assert abs(counted[name] - expected[name]) <= 2, (name, cell)


def test_the_measure_knows_the_half_turn_and_the_teams():
    rows = ["RRRRR", "RRRBB", "BBBBB", "NNNNA"]
    assert turned(rows) == ["ANNNN", "BBBBB", "BBRRR", "RRRRR"] and turned(turned(rows)) == rows
    assert pair_distances([rows, turned(rows)]) == ([0], pair_distances([rows, exchanged(rows)])[0])
    apart, swapped = pair_distances([rows, exchanged(turned(rows))])
    assert swapped == [0] and apart[0] > 0
    moved = ["RRRRR", "RRRBB", "BBBBB", "NNNAN"]  # the assassin one cell over
    assert pair_distances([rows, moved])[0] == [2]


def test_the_shape_is_5_by_4_with_the_identity_and_the_half_turn():
    shape = pictures_deal.PICTURES_SHAPE
    assert (shape.rows, shape.columns, shape.starting, shape.other, shape.bystanders, shape.assassins) == \
        (4, 5, 8, 7, 4, 1)
    labels = "abcdefghijklmnopqrst"
    seen = {"".join(labels[i] for i in g) for g in shape.symmetries}
    assert seen == {labels, "".join(turned(as_rows(labels)))}


def test_a_shape_whose_ways_of_standing_are_not_a_group_is_refused():
    """Distances are only the same measured from either key when the symmetries form a group:
    a quarter of a turn alone (a cycle of the cells) is refused, as is a key that does not fill
    its grid."""
    cycle = tuple(range(1, CELLS)) + (0,)
    with pytest.raises(ValueError, match="group"):
        msgspec.structs.replace(pictures_deal.PICTURES_SHAPE, symmetries=(tuple(range(CELLS)), cycle))
    with pytest.raises(ValueError, match="fill"):
        msgspec.structs.replace(pictures_deal.PICTURES_SHAPE, bystanders=5)


# --- the dealt deck ------------------------------------------------------------------------

@settings(max_examples=12, deadline=None)
@given(count=st.integers(1, 30), double_sided=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_small_decks_are_balanced_fresh_and_reproducible(count, double_sided, seed):
    assume(count * (2 if double_sided else 1) <= 40)  # the larger sizes are dealt below
    cards = KEY_CARDS.deal(count, seed, not double_sided)
    check_deck(cards, count, double_sided)
    assert KEY_CARDS.deal(count, seed, not double_sided) == cards


# A row of the floors at its most keys, the default deck (40 cards, 80 keys) with several seeds,
# a single-sided deck past a step of the assassins' count (20 keys), and 200 and 400 keys.
@pytest.mark.parametrize("count, double_sided, seed", [
    (13, True, 1), (20, True, 2), (40, True, 3), (40, True, 4), (40, True, 5), (41, False, 6),
    (50, True, 7), (100, True, 8), (200, True, 9),
])
def test_every_row_of_the_floors_is_kept(count, double_sided, seed):
    check_deck(KEY_CARDS.deal(count, seed, not double_sided), count, double_sided)


def test_the_same_seed_deals_the_same_deck_and_another_seed_another():
    first = KEY_CARDS.deal(40, 11, False)
    assert KEY_CARDS.deal(40, 11, False) == first
    assert KEY_CARDS.deal(40, 12, False) != first
    assert KEY_CARDS.deal(9, 11, True) == KEY_CARDS.deal(9, 11, True)


def test_the_dealers_table_is_the_documented_one():
    for most, plain, swapped in FLOORS:
        for keys in (most, most - 1):
            assert (pictures_deal.required_distance(keys), pictures_deal.required_swapped_distance(keys)) == \
                (plain, swapped), keys
    assert pictures_deal.PICTURES_SHAPE.most_cards == PICTURES.most_key_cards
    with pytest.raises(ValueError):
        KEY_CARDS.deal(PICTURES.most_key_cards + 1, 1, False)


def test_a_key_and_its_teams_exchanged_half_turn_are_the_same_key_in_play():
    key = KEY_CARDS.deal(1, 3, True)[0].faces[0]
    twin = Key("blue" if key.starting == "red" else "red", tuple("".join(exchanged(turned(key.rows)))), key.shape)
    report = balance_report([key, twin], key.shape)
    assert report.min_swapped_distance == 0 and report.min_distance > 0
    same = balance_report([key, Key(key.starting, tuple("".join(turned(key.rows))), key.shape)], key.shape)
    assert same.min_distance == 0


# --- keys.json and --stats -----------------------------------------------------------------

STATS = {
    "plain": re.compile(r"^  closest two keys, as printed or turned half round: (\d+) cells "
                        r"\((\d+) pairs? at that distance\)$", re.M),
    "swapped": re.compile(r"^  closest two keys with red and blue exchanged in one, as printed or turned half "
                          r"round: (\d+) cells \((\d+) pairs? at that distance\)$", re.M),
}


@pytest.mark.parametrize("count, single_sided", [(40, False), (15, True)])
def test_the_manifest_lists_4_rows_of_5_and_stats_report_what_is_measured_here(count, single_sided):
    cards = KEY_CARDS.deal(count, 21, single_sided)
    manifest = json.loads(KEY_CARDS.manifest(21, cards))
    assert manifest["seed"] == 21 and [card["card"] for card in manifest["cards"]] == list(range(1, count + 1))
    grids = []
    for card in manifest["cards"]:
        labels = [face["label"] for face in card["faces"]]
        assert labels == ([str(card["card"])] if single_sided else [f"{card['card']}A", f"{card['card']}B"])
        for face in card["faces"]:
            assert len(face["grid"]) == ROWS and all(re.fullmatch("[RBNA]{5}", row) for row in face["grid"])
            grids.append(face["grid"])
    assert grids == grids_of(cards)
    report = KEY_CARDS.balance(cards)
    assert report.startswith(f"Balance of {len(grids)} keys:")
    for kind, measured in zip(("plain", "swapped"), pair_distances(grids)):
        found = STATS[kind].search(report)
        assert found, report
        assert (int(found.group(1)), int(found.group(2))) == (min(measured), measured.count(min(measured)))


def test_the_summary_says_what_the_deck_holds():
    held, advice = KEY_CARDS.described(KEY_CARDS.deal(3, 1, False), False)
    assert held == "3 key cards, 6 keys (two per card, opposite starting teams)"
    assert advice and "marked corner" in advice[0]
    assert KEY_CARDS.per_card(True) == 1 and KEY_CARDS.per_card(False) == 2


# --- the printed cards ---------------------------------------------------------------------

THEME = theme_for()
ROLES = {"R": THEME.colour("red"), "B": THEME.colour("blue"), "N": THEME.colour("bystander"), "A": THEME.colour("assassin")}
CARD_SIZE = 70 * MM
SCALE = 3  # pixels a point
# Where the grid lies on a 70 mm card, by the layout's rule (cells square, 1 mm apart, 10 mm
# from the cut across, centred up and down): 9.2 mm cells.
CELL = (CARD_SIZE - 20 * MM - 4 * MM) / COLUMNS
GRID_TOP = (CARD_SIZE + ROWS * CELL + 3 * MM) / 2
WINDOW_INSET = 3.5 * MM + 0.8  # the frame's line, from the cut, to its inner edge


@pytest.fixture(scope="module")
def printed():
    result = build_keys(PICTURES, KeyOptions(seed=31, count=10))
    return result, json.loads(result.manifest)


def pixel(image, page_height: float, x: float, y: float) -> tuple[int, int, int]:
    """The rendered colour at (x, y) in PDF points (origin bottom left)."""
    return image.getpixel((round(x * SCALE), round((page_height - y) * SCALE)))[:3]


def nearest(colour, choices: dict) -> str:
    return min(choices, key=lambda name: sum((a - b) ** 2 for a, b in zip(colour, paint(choices[name]))))


def test_the_pdf_has_its_pages_and_every_card_number(printed):
    result, manifest = printed
    pages = pdf_pages(result.pdf)
    assert len(pages) == result.pages == 4  # 8 cards a sheet: two sheets, fronts and backs
    text = " ".join(pages)
    labels = [face["label"] for card in manifest["cards"] for face in card["faces"]]
    assert sorted(re.findall(r"\d+[AB]", text)) == sorted(labels)


def test_every_printed_cell_lights_and_corner_mark_match_the_manifest(printed):
    """Each face's cells sampled off the rendered page, near the cell's upper-left corner (the
    symbol is in the middle), its four lights read as shapes, and the corner mark found in the
    frame's upper-left corner, not in the three others."""
    result, manifest = printed
    faces = {face["label"]: face for card in manifest["cards"] for face in card["faces"]}
    document = pypdfium2.PdfDocument(result.pdf)
    seen = {}
    for number, page in enumerate(read_pages(result.pdf, chars=True)):
        image = document[number].render(scale=SCALE).to_pil().convert("RGB")
        for ground in card_rects(page, paint(THEME.card)):
            # The ground runs HOME_BLEED past the cut, clipped where the sheet allows less.
            card = Rect(ground.x0 + HOME_BLEED, ground.y0 + HOME_BLEED, ground.x1 - HOME_BLEED, ground.y1 - HOME_BLEED)
            label = "".join(c["text"] for c in sorted(page.chars, key=lambda c: c["x0"])
                            if card.contains(*centre(pdf_rect(c, page.height))))
            # A quarter of a cell below its middle: off its symbol, inside the assassin's striped border.
            grid = [[nearest(pixel(image, page.height, card.x0 + 10 * MM + c * (CELL + MM) + 0.5 * CELL,
                                   card.y0 + GRID_TOP - r * (CELL + MM) - 0.75 * CELL), ROLES)
                     for c in range(COLUMNS)] for r in range(ROWS)]
            seen[label] = ["".join(row) for row in grid]
            face = faces[label]
            assert seen[label] == face["grid"], label
            assert lights(page, card) == [face["starting"]] * 4, label
            assert marked_corners(image, page.height, card) == ["upper left"], label
    assert sorted(seen) == sorted(faces)


def lights(page, card) -> list[str]:
    teams = {paint(THEME.colour("red")): "red", paint(THEME.colour("blue")): "blue"}
    found = [o for o in page.curves + page.rects if colour_of(o) in teams and max(o["width"], o["height"]) > 12 * MM
             and card.contains(*centre(pdf_rect(o, page.height)))]
    return sorted(teams[colour_of(o)] for o in found)


def marked_corners(image, height: float, card) -> list[str]:
    """The corners of the frame's window where the theme's line colour fills a point 2 mm in
    from both sides: the mark is there, a card's ground elsewhere."""
    inset = WINDOW_INSET + 2 * MM
    corners = {"upper left": (card.x0 + inset, card.y1 - inset), "upper right": (card.x1 - inset, card.y1 - inset),
               "lower left": (card.x0 + inset, card.y0 + inset), "lower right": (card.x1 - inset, card.y0 + inset)}
    choices = {"mark": THEME.line, "ground": THEME.card}
    return [name for name, (x, y) in corners.items() if nearest(pixel(image, height, x, y), choices) == "mark"]


def test_single_sided_cards_have_one_key_and_the_plain_back():
    result = build_keys(PICTURES, KeyOptions(seed=4, count=3, single_sided=True))
    manifest = json.loads(result.manifest)
    assert [len(card["faces"]) for card in manifest["cards"]] == [1, 1, 1]
    back = pdf_pages(result.pdf)[1]
    assert back.count("KEY CARD") == 3
