"""Colour that survives the press, light ink that reads as covered, red headings that read.

* Press files keep the kit's brown: ``Theme.accent`` is the outline's brown on every profile,
  and a line of more than black ink is drawn at least 2 pt wide on a press file
  (``theme.line_width``, applied by ``paint.stroke``), so that it passes the preflight in its
  real colour; the emblem's ring grows inwards, keeping its size; hairlines stay black ink.
* The assassin's striped border is cut to its band (``geometry.stripes``): nothing drawn
  reaches past its box or into its middle, and the white stripes are wide enough to stay open
  in a press's rich black.
* ``--ink light`` tiles: a border of the role's colour at half strength round a pale panel,
  for well under half the full tiles' ink.
* Headings are a red that reaches WCAG's 4.5:1 on white paper, read back from the rules sheet;
  press files print them in black ink, 4.5:1 and more through the press profile.
"""

from __future__ import annotations

import io
import statistics
from pathlib import Path

import builds
import pdfplumber
import pypdfium2
import pytest
from pdfcheck import theme_for
from pdfiumpage import paint, read_pages
from PIL import Image, ImageCms
from reportlab.pdfgen.canvas import Canvas

from generator.draw import keycard, tile
from generator.draw.emblem import draw_emblem_between_rules, draw_keyhole_emblem
from generator.draw.keycard import draw_ground_and_frame, frame_colour
from generator.draw.paint import stroke
from generator.draw.theme import (
    COLOUR_LINE_MIN,
    HEADING_CONTRAST,
    PALETTE,
    Ink,
    contrast_on_paper,
    line_width,
    readable_on_paper,
    rgb_of,
)
from generator.geometry.sheet import Box
from generator.geometry.stripes import striped_band, striped_ends
from generator.preflight import preflight
from generator.settings.options import DeckOptions, KeyOptions, RulesOptions, SheetOptions, Style, TokenOptions

PRESS_PROFILE = Path(__file__).resolve().parents[1] / "profiles" / "ISOcoated_v2_300_bas.icc"


def drawn(draw, cmyk: bool) -> pdfplumber.page.Page:
    """One page drawn by ``draw(canvas)``, read back."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 200), invariant=1, enforceColorSpace="cmyk" if cmyk else None)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    return pdfplumber.open(io.BytesIO(buffer.getvalue())).pages[0]


def strokes(page) -> list[dict]:
    return [o for o in page.curves + page.lines + page.rects if o.get("stroke")]


# --- Press files keep the brown ----------------------------------------------------------------

def test_the_accent_is_the_brown_on_every_profile_and_hairlines_are_black_ink_on_press():
    home, press = theme_for("home"), theme_for("shop")
    assert home.accent == home.line == PALETTE["outline"].rgb
    assert press.accent == PALETTE["outline"].cmyk and any(part > 0 for part in press.accent[:3])
    assert press.line[:3] == (0.0, 0.0, 0.0)  # tables and small drawn cards
    # A user's outline is the accent too, in either kind of file.
    assert theme_for("shop", {"outline": (0.2, 0.1, 0.4)}).accent == Ink.from_rgb((0.2, 0.1, 0.4)).cmyk


def test_a_line_of_several_inks_is_two_points_wide_on_press_files_only():
    brown, black = theme_for("shop").accent, theme_for("shop").line
    assert line_width(brown, 0.8) == COLOUR_LINE_MIN and line_width(brown, 3.0) == 3.0
    assert line_width(black, 0.8) == 0.8  # black ink alone cannot mis-register
    assert line_width(theme_for("home").accent, 0.8) == 0.8  # home printers: one pass

    def draw(canvas):
        stroke(canvas, brown, 0.8)
        canvas.line(10, 10, 100, 10)
        stroke(canvas, black, 0.8)
        canvas.line(10, 20, 100, 20)

    widths = sorted((round(o["linewidth"], 2), tuple(o["stroking_color"])) for o in strokes(drawn(draw, True)))
    assert widths == [(0.8, black), (COLOUR_LINE_MIN, brown)]


def test_the_emblem_keeps_its_size_when_its_ring_is_drawn_heavier():
    def emblem(theme):
        cmyk = len(theme.accent) == 4
        return drawn(lambda canvas: draw_keyhole_emblem(canvas, 100, 100, 20, theme.accent, 0.8), cmyk)

    for profile, width in (("home", 0.8), ("shop", COLOUR_LINE_MIN)):
        (ring,) = strokes(emblem(theme_for(profile)))
        assert ring["linewidth"] == pytest.approx(width)
        outer = (ring["x1"] - ring["x0"]) / 2 + ring["linewidth"] / 2
        assert outer == pytest.approx(20 + 0.4, abs=0.01)  # the outer edge where the caller put it
        page = emblem(theme_for(profile))
        keyhole = [o for o in page.curves if o.get("fill")]
        assert keyhole and all(tuple(o["non_stroking_color"]) == theme_for(profile).accent for o in keyhole)


def test_the_word_cards_emblem_strip_in_the_accent_passes_the_shops_thin_line_rule():
    press = theme_for("shop")
    page = drawn(lambda canvas: draw_emblem_between_rules(canvas, 10, 190, 100, 7.4, press.accent), True)
    assert {round(o["linewidth"], 2) for o in strokes(page)} == {COLOUR_LINE_MIN}
    assert {tuple(o["stroking_color"]) for o in strokes(page)} == {press.accent}


def test_key_cards_wear_the_brown_frame_at_full_size_and_a_hairline_when_drawn_small():
    press = theme_for("shop")
    assert frame_colour(press) == press.accent
    assert frame_colour(press, 0.4) == press.line  # the rules' example: 2 pt would print 0.8 pt
    area = Box(0, 0, 150, 150)

    def card(colour):
        return strokes(drawn(lambda canvas: draw_ground_and_frame(canvas, area, area.inset(10), press, 0.8, colour),
                             True))

    ((framed,), (plain,)) = card(frame_colour(press)), card(None)
    assert (tuple(framed["stroking_color"]), framed["linewidth"]) == (press.accent, COLOUR_LINE_MIN)
    assert (tuple(plain["stroking_color"]), plain["linewidth"]) == (press.line, 0.8)


# --- The assassin's stripes --------------------------------------------------------------------

@pytest.mark.parametrize("box, band, stripes", [
    (Box(0, 0, 26.7, 26.7), 0.2 * 26.7, keycard.ASSASSIN_STRIPES),
    (Box(10, 20, 170, 100), tile.ASSASSIN_BAND, tile.ASSASSIN_STRIPES),
])
def test_the_stripes_are_cut_to_their_band(box, band, stripes):
    pieces = striped_band(box, band, stripes)
    middle = box.inset(band)
    for piece in pieces:
        xs, ys = [x for x, _ in piece], [y for _, y in piece]
        assert box.x - 1e-9 <= min(xs) and max(xs) <= box.right + 1e-9
        assert box.y - 1e-9 <= min(ys) and max(ys) <= box.top + 1e-9
        # Wholly in one side of the band: never over the middle.
        assert (max(xs) <= middle.x + 1e-9 or min(xs) >= middle.right - 1e-9
                or max(ys) <= middle.y + 1e-9 or min(ys) >= middle.top - 1e-9)
    covered = sum(abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(p, p[1:] + p[:1]))) / 2 for p in pieces)
    band_area = box.width * box.height - middle.width * middle.height
    assert covered / band_area == pytest.approx(stripes.width / stripes.period, abs=0.06)


@pytest.mark.parametrize("box", [Box(5, 5, 120, 20), Box(5, 5, 20, 120)], ids=["wide", "tall"])
def test_a_long_strip_is_striped_at_its_ends_and_plain_between(box):
    """The rules' examples cover a word with a strip: its symbol sits between striped ends."""
    short = min(box.width, box.height)
    pieces = striped_ends(box, keycard.ASSASSIN_STRIPES)
    assert pieces
    for piece in pieces:
        along = [x - box.x for x, _ in piece] if box.width > box.height else [y - box.y for _, y in piece]
        assert min(along) >= -1e-9 and max(along) <= max(box.width, box.height) + 1e-9
        assert max(along) <= short + 1e-9 or min(along) >= max(box.width, box.height) - short - 1e-9


def test_the_white_stripes_stay_open_in_a_rich_black():
    """Paper showing through four inks: a press's misregistration closes up thinner gaps."""
    for stripes in (keycard.ASSASSIN_STRIPES, tile.ASSASSIN_STRIPES):
        assert stripes.width >= COLOUR_LINE_MIN and stripes.period - stripes.width >= COLOUR_LINE_MIN


@pytest.mark.parametrize("build", [
    lambda style: builds.tokens(TokenOptions(sheet=SheetOptions(profile="shop"), style=style)).pdf,
    lambda style: builds.keys(KeyOptions(seed=4, count=2, sheet=SheetOptions(profile="shop"), style=style)).pdf,
], ids=["tiles", "keys"])
def test_striped_and_bordered_press_files_pass_the_preflight(build):
    report = preflight(build(Style()))
    assert report.ok, report


# --- Light ink ---------------------------------------------------------------------------------

def ink_coverage(pdf: bytes, scale: float = 0.25) -> float:
    """The ink a home printer lays down over all pages, in pages fully covered by one ink: each
    pixel turned to CMYK with as much black as possible (``Ink.from_rgb``)."""
    total = 0.0
    document = pypdfium2.PdfDocument(pdf)
    for index in range(len(document)):
        image = document[index].render(scale=scale).to_pil().convert("RGB")
        counts = image.getcolors(image.width * image.height)
        total += sum(count * Ink.from_rgb(tuple(v / 255 for v in rgb)).total for count, rgb in counts) \
            / (100 * image.width * image.height)
    return total


@pytest.fixture(scope="module")
def tiles():
    return {ink: builds.tokens(TokenOptions(style=Style(ink=ink))).pdf for ink in ("full", "light")}


def test_light_tiles_take_well_under_half_the_ink_of_full_ones(tiles):
    full, light = ink_coverage(tiles["full"]), ink_coverage(tiles["light"])
    assert 0.3 <= light / full <= 0.45, (full, light)  # measured: 0.40 (the pale tiles alone: 0.27)


def luma(colour) -> float:
    red, green, blue = rgb_of(colour)
    return 255 * (0.299 * red + 0.587 * green + 0.114 * blue)


def test_a_light_tiles_border_is_its_role_and_not_white_paper():
    for profile in ("home", "shop"):
        theme = theme_for(profile, ink="light")
        for role in ("red", "blue", "bystander", "assassin", "green"):
            border, pale = theme.colour(f"{role}_border"), theme.colour(f"{role}_pale")
            assert luma(border) <= 255 - 35 and luma(pale) - luma(border) >= 25, role
        assert luma(theme.colour("red_border")) - luma(theme.colour("blue_border")) >= 50  # the teams, in grey
        assert luma(theme.band) - luma(theme.colour("bystander_border")) >= 10  # darker than a light word card's band


def test_a_light_tile_shows_its_border_its_panel_and_its_frame(tiles):
    """Read back: the tile's ground (to its edge) is the border colour, with the pale panel
    inside the frame."""
    theme = theme_for(ink="light")
    page = pdfplumber.open(io.BytesIO(tiles["light"])).pages[0]
    fills = {tuple(o["non_stroking_color"]) for o in page.rects + page.curves if o.get("fill")}
    assert {theme.colour("red_border"), theme.colour("red_pale"), theme.colour("blue_border"), theme.colour("blue_pale")} <= fills


# --- Headings ----------------------------------------------------------------------------------

def press_rgb(cmyk: tuple[float, ...]) -> tuple[float, float, float]:
    """A CMYK colour as it prints, through the press profile the kit converts photos with."""
    press = ImageCms.getOpenProfile(str(PRESS_PROFILE))
    transform = ImageCms.buildTransform(press, ImageCms.createProfile("sRGB"), "CMYK", "RGB", renderingIntent=1)
    pixel = ImageCms.applyTransform(Image.new("CMYK", (1, 1), tuple(round(v * 255) for v in cmyk)), transform)
    return tuple(v / 255 for v in pixel.getpixel((0, 0)))


def test_headings_are_a_red_that_reads_on_paper():
    home = theme_for("home")
    assert contrast_on_paper(rgb_of(PALETTE["red"].cmyk)) < HEADING_CONTRAST  # the team red: 3.6
    assert contrast_on_paper(home.heading) >= HEADING_CONTRAST
    red, green, blue = home.heading
    assert red > 3 * green and red > 3 * blue  # still red, not brown: the team red darkened
    assert Ink.from_rgb(home.heading).cmyk[:3] == pytest.approx(PALETTE["red"].cmyk[:3], abs=0.01)
    # Press files print headings in black ink, as all text: 4.5:1 and more as printed.
    press = theme_for("shop").heading
    assert press[:3] == (0.0, 0.0, 0.0) and contrast_on_paper(press_rgb(press)) >= HEADING_CONTRAST


def test_a_users_pale_red_is_darkened_for_headings_and_a_dark_one_kept():
    pale = readable_on_paper(Ink.from_rgb((1.0, 0.55, 0.55)))
    assert contrast_on_paper(pale.rgb) >= HEADING_CONTRAST
    assert theme_for("home", {"red": (1.0, 0.55, 0.55)}).heading == pale.rgb
    dark = Ink.from_rgb((0.5, 0.0, 0.0))
    assert readable_on_paper(dark) == dark


def test_the_rules_sheets_red_text_reaches_four_and_a_half_to_one():
    pdf = builds.rules(RulesOptions(style=Style(title="Codenames"))).pdf
    page = pdfplumber.open(io.BytesIO(pdf)).pages[0]
    coloured = [c for c in page.chars if len(c["non_stroking_color"]) == 3 and c["non_stroking_color"][1] < 0.5
                and c["non_stroking_color"][0] > 0.5]
    sizes = {round(c["size"]) for c in coloured}
    assert {14, 11} <= sizes  # the headings and the subtitle's line
    worst = min(contrast_on_paper(tuple(c["non_stroking_color"])) for c in coloured)
    assert worst >= HEADING_CONTRAST, worst
    assert statistics.mean(c["non_stroking_color"][0] for c in coloured) > 0.8  # red, as the team's


# --- The kit on press --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def few_words(tmp_path_factory) -> Path:
    """A sheet of word cards and its blanks: every card wears the same frame and emblem."""
    path = tmp_path_factory.mktemp("words") / "words.txt"
    path.write_text("anchor\nbank\ncomet\nharp\nmercury\npitch\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("build", [
    lambda sheet, words: builds.deck(DeckOptions(words=words, sheet=sheet)).pdf,
    lambda sheet, words: builds.keys(KeyOptions(seed=4, count=2, sheet=sheet)).pdf,
], ids=["word cards", "key cards"])
def test_press_frames_and_emblems_print_in_the_brown_two_points_wide(build, few_words):
    press = theme_for("shop")
    pdf = build(SheetOptions(profile="shop"), few_words)
    brown = [o for page in read_pages(pdf, chars=False) for o in page.curves + page.lines + page.rects
             if o["stroke"] and o["stroking_color"] == paint(press.accent)]
    assert brown and min(o["linewidth"] for o in brown) >= COLOUR_LINE_MIN - 1e-6
    assert preflight(pdf).ok
