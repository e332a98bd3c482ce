"""Agent tokens read back from the PDF: counts per role, both faces, mirrored backs, symbols."""

from __future__ import annotations

import io
from collections import Counter

import builds
import pytest
from pdfcheck import (
    MM,
    Rect,
    centre,
    colour_of,
    font_report,
    in_border,
    inside,
    pdf_rect,
    placed_texts,
    symbol_kind,
    theme_for,
)
from pdfiumpage import near, paint, read_pages

from generator.geometry.sheet import HOME_BLEED
from generator.settings.options import TokenOptions

THEME = theme_for()

ROLE_OF = {paint(THEME.colour("red")): "red", paint(THEME.colour("blue")): "blue", paint(THEME.colour("bystander")): "bystander", paint(THEME.colour("assassin")): "assassin"}
# The assassin's stripes keep within this of the cut (a band inside its frame); the name, the symbol
# and the medallion keep further in (3 mm inside the frame).
STRIPES = 6.5 * MM
SYMBOL_OF = {"red": "polygon", "blue": "disc", "bystander": "bar", "assassin": "line+line"}


def read_tiles(pdf: bytes) -> list[dict]:
    """Every tile: page, position, role (by background colour), name, symbol, figure."""
    tiles = []
    for number, page in enumerate(read_pages(pdf)):
        height = page.height
        backgrounds = [r for r in page.rects if colour_of(r) in ROLE_OF and r["width"] * r["height"] > 1000 * MM * MM]
        # Each ground runs HOME_BLEED past its cut, clipped where the sheet allows less.
        cards = [pdf_rect(r, height) for r in backgrounds]
        cards = [Rect(c.x0 + HOME_BLEED, c.y0 + HOME_BLEED, c.x1 - HOME_BLEED, c.y1 - HOME_BLEED) for c in cards]
        names = {t.card.rounded(): t.text for t in placed_texts(page, cards)}
        shapes = page.curves + page.rects + page.lines
        for background, card in zip(backgrounds, cards):
            within = [o for o in shapes if o is not background and card.contains(*centre(pdf_rect(o, height)))]
            round_fills = [o for o in within if o["object_type"] == "curve" and o.get("fill")
                           and abs(o["width"] - o["height"]) < 1]
            medallion = max(round_fills, key=lambda o: o["width"])
            area = pdf_rect(medallion, height)
            figure = [o for o in within if o is not medallion and inside(pdf_rect(o, height), area)]
            symbol = [o for o in within if o is not medallion and not inside(pdf_rect(o, height), area)
                      and max(o["width"], o["height"]) < 8 * MM and not in_border(pdf_rect(o, height), card, STRIPES)]
            tiles.append({
                "page": number,
                "card": card,
                "role": ROLE_OF[colour_of(background)],
                "name": names.get(card.rounded()),
                "symbol": symbol_kind(symbol),
                "figure": sorted((o["object_type"], round(o["width"]), round(o["height"]), colour_of(o)) for o in figure),
            })
    return tiles


@pytest.fixture(scope="module")
def one_set():
    result = builds.tokens(TokenOptions())
    return result, read_tiles(result.pdf)


def test_a_set_has_the_boxed_game_tiles_on_both_faces(one_set):
    result, tiles = one_set
    assert (result.sheets, result.pages) == (2, 4)
    fronts = Counter((t["role"], t["name"]) for t in tiles if t["page"] % 2 == 0)
    backs = Counter((t["role"], t["name"]) for t in tiles if t["page"] % 2 == 1)
    assert fronts == {("red", "RED AGENT"): 8, ("blue", "BLUE AGENT"): 8, ("red", "DOUBLE AGENT"): 1,
                      ("bystander", "BYSTANDER"): 7, ("assassin", "ASSASSIN"): 1}
    assert backs == {("red", "RED AGENT"): 8, ("blue", "BLUE AGENT"): 8, ("blue", "DOUBLE AGENT"): 1,
                     ("bystander", "BYSTANDER"): 7, ("assassin", "ASSASSIN"): 1}


def test_every_back_sits_behind_its_front_and_agents_change_figure(one_set):
    _, tiles = one_set
    width = 210 * MM
    backs = [t for t in tiles if t["page"] % 2 == 1]
    for front in (t for t in tiles if t["page"] % 2 == 0):
        card = front["card"]
        behind = Rect(width - card.x1, card.y0, width - card.x0, card.y1)
        (back,) = [t for t in backs if t["page"] == front["page"] + 1 and near(t["card"], behind)]
        assert back["name"] == front["name"]
        if front["name"] != "ASSASSIN":
            assert back["figure"] != front["figure"], front["name"]


def test_every_tile_carries_its_role_symbol_from_the_key_cards(one_set):
    _, tiles = one_set
    assert {(t["role"], t["symbol"]) for t in tiles} == set(SYMBOL_OF.items())


def test_two_sets_print_twice_the_tiles_with_embedded_fonts():
    result = builds.tokens(TokenOptions(sets=2))
    tiles = read_tiles(result.pdf)
    assert len(tiles) == 100 and len(result.tiles) == 50
    assert all(f["embedded"] and f["subset"] for f in font_report(io.BytesIO(result.pdf)))


def test_tiles_default_to_the_word_card_size_so_they_cover_a_word(one_set):
    _, tiles = one_set
    sizes = {(round((t["card"].x1 - t["card"].x0) / MM, 1), round((t["card"].y1 - t["card"].y0) / MM, 1)) for t in tiles}
    assert sizes == {(45.0, 70.0)}  # turned a quarter on A4, like the word cards


def test_red_and_blue_agents_wear_their_own_figures(one_set):
    """Teams part by figure as well as by colour: on each face the red agents' figure has
    other shapes than the blue agents' (compared without their colours), and the double
    agent changes figure with its team."""
    _, tiles = one_set

    def shapes(tile: dict) -> list[tuple]:
        return sorted(kind_and_size[:3] for kind_and_size in tile["figure"])

    for side in (0, 1):
        red = {str(shapes(t)) for t in tiles if t["page"] % 2 == side and t["name"] == "RED AGENT"}
        blue = {str(shapes(t)) for t in tiles if t["page"] % 2 == side and t["name"] == "BLUE AGENT"}
        assert len(red) == len(blue) == 1 and red != blue
    doubles = [t for t in tiles if t["name"] == "DOUBLE AGENT"]
    assert len({str(shapes(t)) for t in doubles}) == 2


def test_every_name_is_printed_at_one_size_on_the_type_scale(one_set):
    result, _ = one_set
    chars = [char for page in read_pages(result.pdf, shapes=False) for char in page.chars]
    assert {round(char["x1"] - char["x0"], 2) for char in chars} == {14.0}  # turned text: one em across
    assert {round(char["size"], 2) for char in chars} == {14.0}  # HEADING: the names at their largest on the word card's size


def test_the_pdfium_reader_sees_what_pdfplumber_sees(one_set):
    """``pdfiumpage``, which most PDF tests read with, finds the shapes and characters pdfplumber
    finds, where it finds them, in the same colours: here on a sheet of tiles (forms, turned text,
    Bezier medallions, dashed and solid strokes)."""
    import pdfplumber

    result, _ = one_set
    (mine,) = read_pages(result.pdf, [0])
    with pdfplumber.open(io.BytesIO(result.pdf)) as document:
        page = document.pages[0]
        theirs = {"shape": page.rects + page.curves + page.lines, "char": page.chars}
    ours = {"shape": mine.rects + mine.curves + mine.lines, "char": mine.chars}

    def same(a: dict, b: dict) -> bool:
        if a["object_type"] != b["object_type"] or any(abs(a[k] - b[k]) > 0.01 for k in ("x0", "x1", "top", "bottom")):
            return False
        if a["object_type"] == "char":
            return a["text"] == b["text"] and a["matrix"][4:] == pytest.approx(b["matrix"][4:], abs=0.01) \
                and paint(a["non_stroking_color"]) == b["non_stroking_color"]
        return (bool(a.get("fill")), bool(a.get("stroke"))) == (b["fill"], b["stroke"]) \
            and (not b["fill"] or paint(a["non_stroking_color"]) == b["non_stroking_color"]) \
            and (not b["stroke"] or (paint(a["stroking_color"]) == b["stroking_color"]
                                     and a["linewidth"] == pytest.approx(b["linewidth"], abs=0.01)
                                     and bool(a.get("dash") and a["dash"][0]) == bool(b["dash"])))

    for kind in ("shape", "char"):
        assert len(ours[kind]) == len(theirs[kind]) > 0, kind
        left = list(ours[kind])
        for found in theirs[kind]:
            match = next((index for index, candidate in enumerate(left) if same(found, candidate)), None)
            assert match is not None, found
            left.pop(match)
    assert {o["object_type"] for o in ours["shape"]} == {"rect", "curve", "line"}


@pytest.mark.parametrize("size", [(64, 64), (70, 45)])  # the games' own tile sizes
def test_a_sets_tile_names_share_one_size_and_read_whole_where_they_can(size):
    """RED AGENT whole beside BLUE / AGENT in two, or 14 pt beside 13, reads as two kits."""
    from generator.geometry.tileface import ONE_LINE_SHARE, fit_name, fit_names, tile_layout
    from generator.jobs.sources import load_font
    from generator.units import MM

    font = load_font(None)
    layout = tile_layout(size[0] * MM, size[1] * MM)
    names = ["RED AGENT", "BLUE AGENT", "DOUBLE AGENT", "BYSTANDER", "ASSASSIN", "GREEN AGENT"]
    fitted = fit_names(names, layout, font)
    assert all(fitted.values()) and len({round(text.size, 3) for text in fitted.values()}) == 1
    assert [fitted[name].lines for name in ("RED AGENT", "BLUE AGENT", "GREEN AGENT")] == \
        [("RED AGENT",), ("BLUE AGENT",), ("GREEN AGENT",)], "the teams' agents alike"
    alone = min(fit_name(name, layout, font).size for name in names)
    assert next(iter(fitted.values())).size >= ONE_LINE_SHARE * alone, "reading whole costs little of the size"
