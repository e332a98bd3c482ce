"""Black and white first: key cards and tiles as a mono laser prints them.

Pages are rendered with pypdfium2 and turned to grey with PIL (``convert("L")``, ITU-R 601
luma), the way many home and office printers see them. Where each thing lies is read from the
PDF's drawing (``pdfiumpage``); what it looks like is read from the pixels:

* the two teams' colours are at least 50 grey levels apart on key cards and tiles, in home
  (RGB) and shop (CMYK) files;
* bystander cells stand out from the card (at least 40 levels);
* the starting team's lights differ in shape, not only in tone (red pointed, blue rounded);
* red and blue agents wear different figures, in every orientation;
* ``--ink light`` takes less ink (lighter pages) and keeps the figures, symbols and cells in
  their colours; its shop files pass the preflight;
* the assassin stands apart from every agent by pattern, not only by tone or figure: its key
  card cells and its tiles wear a border of stripes that a toner-saving laser, which prints
  the navy agents and the black assassin alike, cannot merge.

The greyscale renderings are written to a temporary folder, to be looked at.
"""

from __future__ import annotations

import statistics

import builds
import pypdfium2
import pytest
from pdfcheck import MM, rounded, symbol_kind, theme_for
from pdfiumpage import paint, read_pages
from PIL import Image, ImageChops, ImageDraw

from generator.draw.keycard import ASSASSIN_BAND
from generator.draw.tile import ASSASSIN_BAND as TILE_BAND
from generator.draw.tile import ASSASSIN_GAP as TILE_GAP
from generator.preflight import preflight
from generator.settings.options import DeckOptions, KeyOptions, SheetOptions, Style, TokenOptions

SCALE = 2.0  # 144 dpi: a cell is about 50 pixels across
TEAM_GAP = 50  # grey levels between red and blue (the figure)
BYSTANDER_GAP = 40  # grey levels between a bystander cell and its card
BLEED = 3 * MM
GROUND_AREA = 1000 * MM * MM


def sheet(profile: str) -> SheetOptions:
    return SheetOptions(profile=profile, bleed=BLEED) if profile == "shop" else SheetOptions()


def grey_pages(pdf: bytes, pages: list[int]) -> list[Image.Image]:
    document = pypdfium2.PdfDocument(pdf)
    return [document[page].render(scale=SCALE).to_pil().convert("L") for page in pages]


def sample(image: Image.Image, x: float, top: float, radius: int = 2) -> int:
    """The median grey of a small patch centred on (x, top), in points from the top left."""
    cx, cy = round(x * SCALE), round(top * SCALE)
    patch = image.crop((cx - radius, cy - radius, cx + radius + 1, cy + radius + 1))
    return int(statistics.median(patch.tobytes()))


def crop(image: Image.Image, obj: dict) -> Image.Image:
    return image.crop(tuple(round(v * SCALE) for v in (obj["x0"], obj["top"], obj["x1"], obj["bottom"])))


def colour_of(obj: dict) -> tuple[float, ...]:
    return rounded(obj.get("non_stroking_color"))


@pytest.fixture(scope="module")
def looked_at(tmp_path_factory):
    """Where the greyscale renderings go: a person looks at them there."""
    folder = tmp_path_factory.mktemp("greyscale")

    def save(name: str, image: Image.Image) -> None:
        image.save(folder / f"{name}.png", compress_level=1)

    return save


# --- Key cards -------------------------------------------------------------------------------

KEY_CASES = [("home", "full"), ("shop", "full"), ("home", "light"), ("shop", "light")]


@pytest.fixture(scope="module")
def key_pages(looked_at):
    """For each case: the first page in grey, and its cells, lights and cards by kind."""
    found = {}
    for profile, ink in KEY_CASES:
        pdf = builds.keys(KeyOptions(seed=1234, count=4, sheet=sheet(profile), style=Style(ink=ink))).pdf
        theme = theme_for(profile, ink=ink)
        kinds = {paint(theme.colour("red")): "red", paint(theme.colour("blue")): "blue", paint(theme.colour("bystander")): "bystander",
                 paint(theme.colour("assassin")): "assassin"}
        (image,) = grey_pages(pdf, [0])
        looked_at(f"keys-{profile}-{ink}", image)
        (page,) = read_pages(pdf, [0], chars=False)
        shapes = [o for o in page.curves + page.rects if o.get("fill")]
        cells = [o for o in shapes if colour_of(o) in kinds and abs(o["width"] - o["height"]) < 0.5
                 and o["width"] > 4 * MM]
        lights = [o for o in shapes if kinds.get(colour_of(o)) in ("red", "blue")
                  and max(o["width"], o["height"]) > 12 * MM]
        cards = [o for o in page.rects if colour_of(o) == paint(theme.card) and o["width"] > 40 * MM]
        found[profile, ink] = {
            "image": image,
            "cells": {kind: [o for o in cells if kinds[colour_of(o)] == kind] for kind in kinds.values()},
            "lights": {team: [o for o in lights if kinds.get(colour_of(o)) == team] for team in ("red", "blue")},
            "cards": cards,
            "bleed": BLEED if profile == "shop" else 0.0,
        }
    return found


def cell_grey(image: Image.Image, cell: dict) -> int:
    """A cell's own colour, near its corner: clear of the symbol in its middle."""
    inset = 0.15 * cell["width"]
    return sample(image, cell["x0"] + inset, cell["top"] + inset)


def median_grey(image: Image.Image, cells: list[dict]) -> int:
    assert cells
    return int(statistics.median(cell_grey(image, cell) for cell in cells))


@pytest.mark.parametrize("profile, ink", KEY_CASES)
def test_key_card_teams_part_by_more_than_fifty_grey_levels(key_pages, profile, ink):
    found = key_pages[profile, ink]
    red = median_grey(found["image"], found["cells"]["red"])
    blue = median_grey(found["image"], found["cells"]["blue"])
    assert abs(red - blue) >= TEAM_GAP, (red, blue)


@pytest.mark.parametrize("profile, ink", KEY_CASES)
def test_bystander_cells_stand_out_from_the_card_in_grey(key_pages, profile, ink):
    found = key_pages[profile, ink]
    image, bleed = found["image"], found["bleed"]
    bystander = median_grey(image, found["cells"]["bystander"])
    # The card's own ground, between its cut and its frame.
    assert found["cards"]
    card = int(statistics.median(sample(image, c["x0"] + bleed + 1.8 * MM, c["top"] + bleed + 1.8 * MM)
                                 for c in found["cards"]))
    assert card - bystander >= BYSTANDER_GAP, (card, bystander)
    assert card >= 230 if ink == "full" else card >= 250  # cream paper, or white in light ink


def tip_fill(image: Image.Image, light: dict, ground: int) -> float:
    """How much of a light's two ends (half its thickness long each) is inked: about 0.5 for
    an end pointed at a right angle, 0.79 for a round one, 1 for a square one."""
    box = crop(image, light)
    if box.width < box.height:
        box = box.rotate(90, expand=True)
    thickness = box.height
    ends = [box.crop((0, 0, thickness // 2, thickness)), box.crop((box.width - thickness // 2, 0, box.width, thickness))]
    threshold = ground - 40
    inked = sum(sum(1 for value in end.tobytes() if value < threshold) for end in ends)
    return inked / sum(end.width * end.height for end in ends)


@pytest.mark.parametrize("profile, ink", KEY_CASES)
def test_the_starting_teams_lights_differ_in_shape(key_pages, profile, ink):
    found = key_pages[profile, ink]
    image, lights = found["image"], found["lights"]
    assert lights["red"] and lights["blue"]  # the page holds cards of both starting teams
    ground = 236 if ink == "full" else 255
    red = [tip_fill(image, light, ground) for light in lights["red"]]
    blue = [tip_fill(image, light, ground) for light in lights["blue"]]
    assert max(red) < 0.62 < 0.7 < min(blue), (red, blue)
    # And as drawn: straight sides only for red, curves for blue.
    assert {symbol_kind([light]) for light in lights["red"]} == {"polygon"}
    assert {symbol_kind([light]) for light in lights["blue"]} == {"disc"}


# --- Tiles -----------------------------------------------------------------------------------

TILE_CASES = [("home", "full"), ("shop", "full"), ("home", "light"), ("shop", "light")]


@pytest.fixture(scope="module")
def tile_pages(looked_at):
    """For each case: the front and back pages in grey, and each tile's role, cut and medallion."""
    found = {}
    for profile, ink in TILE_CASES:
        pdf = builds.tokens(TokenOptions(sheet=sheet(profile), style=Style(ink=ink))).pdf
        theme = theme_for(profile, ink=ink)
        roles = {"red": theme.colour("red"), "blue": theme.colour("blue"), "bystander": theme.colour("bystander"), "assassin": theme.colour("assassin")}
        if ink == "light":  # the ground is the border; the pale panel lies inside the frame
            roles = {"red": theme.colour("red_border"), "blue": theme.colour("blue_border"), "bystander": theme.colour("bystander_border"),
                     "assassin": theme.colour("assassin_border")}
        role_of = {paint(colour): role for role, colour in roles.items()}
        pages = read_pages(pdf, chars=False)
        numbers = range(len(pages))
        images = grey_pages(pdf, list(numbers))
        tiles = []
        for number in numbers:
            page = pages[number]
            looked_at(f"tiles-{profile}-{ink}-{number}", images[number])
            grounds = [r for r in page.rects if r.get("fill") and colour_of(r) in role_of
                       and r["width"] * r["height"] > GROUND_AREA]
            discs = [c for c in page.curves if c.get("fill") and abs(c["width"] - c["height"]) < 1
                     and c["width"] > 15 * MM]
            frames = [c for c in page.curves if c.get("stroke") and c["width"] > 30 * MM and c["height"] > 30 * MM]
            for ground in grounds:
                medallion = next(d for d in discs if ground["x0"] < d["x0"] and d["x1"] < ground["x1"]
                                 and ground["top"] < d["top"] and d["bottom"] < ground["bottom"])
                frame = next(f for f in frames if ground["x0"] < f["x0"] and f["x1"] < ground["x1"]
                             and ground["top"] < f["top"] and f["bottom"] < ground["bottom"])
                tiles.append({"page": number, "role": role_of[colour_of(ground)], "ground": ground,
                              "medallion": medallion, "frame": frame, "width": page.width})
        found[profile, ink] = {"images": images, "tiles": tiles, "bleed": BLEED if profile == "shop" else 0.0}
    return found


def ground_grey(found: dict, tile: dict) -> int:
    """A tile's ground, between its cut and its frame."""
    inset = found["bleed"] + 1.8 * MM
    return sample(found["images"][tile["page"]], tile["ground"]["x0"] + inset, tile["ground"]["top"] + inset)


def panel_grey(found: dict, tile: dict) -> int:
    """What lies inside a tile's frame, beside its medallion: in a corner of the medallion's
    square, outside its disc."""
    medallion = tile["medallion"]
    inset = 0.05 * (medallion["x1"] - medallion["x0"])
    return sample(found["images"][tile["page"]], medallion["x0"] + inset, medallion["top"] + inset)


def figure_mask(found: dict, tile: dict, size: int = 96) -> Image.Image:
    """The figure in the medallion as black and white: what a mono laser shows of it."""
    medallion = tile["medallion"]
    box = tuple(value * SCALE for value in (medallion["x0"], medallion["top"], medallion["x1"], medallion["bottom"]))
    disc = found["images"][tile["page"]].resize((size, size), Image.BILINEAR, box=box)  # to the sub-pixel
    mask = disc.point(lambda value: 255 if value < 200 else 0).convert("1")
    inner = Image.new("1", (size, size), 0)
    ImageDraw.Draw(inner).ellipse((size * 0.06, size * 0.06, size * 0.94, size * 0.94), fill=1)
    return ImageChops.logical_and(mask, inner)


def figure_grey(found: dict, tile: dict) -> int:
    """The figure's main colour: the median of the medallion's inked pixels."""
    disc = crop(found["images"][tile["page"]], tile["medallion"])
    inked = [value for value in disc.tobytes() if value < 200]
    return int(statistics.median(inked))


def by_role(found: dict, role: str, page: int) -> list[dict]:
    return [tile for tile in found["tiles"] if tile["role"] == role and tile["page"] == page]


@pytest.mark.parametrize("profile, ink", TILE_CASES)
def test_tile_teams_part_by_more_than_fifty_grey_levels(tile_pages, profile, ink):
    found = tile_pages[profile, ink]
    for page in (0, 1):
        figures = {role: statistics.median(figure_grey(found, t) for t in by_role(found, role, page))
                   for role in ("red", "blue")}
        assert abs(figures["red"] - figures["blue"]) >= TEAM_GAP, figures
        # The ground is the team's colour, to the edge; in light ink at half strength, as a border.
        grounds = {role: statistics.median(ground_grey(found, t) for t in by_role(found, role, page))
                   for role in ("red", "blue")}
        assert abs(grounds["red"] - grounds["blue"]) >= TEAM_GAP, grounds
        if ink == "light":  # inside the frame, a pale panel that leaves the figure standing out
            for role in ("red", "blue"):
                assert min(panel_grey(found, t) for t in by_role(found, role, page)) >= 200


# Two renderings of one figure differ in a few edge pixels (measured: at most 0.06 of the
# figure); red and blue agents' figures differ in a quarter to a third of it.
SAME_FIGURE = 0.1
OTHER_FIGURE = 0.18


def difference(first: Image.Image, second: Image.Image) -> float:
    """The share of the medallion where two figures differ, in the orientation where they
    agree best (the tiles may be turned differently on the page)."""
    best = 1.0
    for turn in range(4):
        turned = second.rotate(90 * turn)
        changed = ImageChops.logical_xor(first, turned)
        either = ImageChops.logical_or(first, turned)
        best = min(best, changed.histogram()[-1] / max(either.histogram()[-1], 1))
    return best


@pytest.mark.parametrize("profile, ink", TILE_CASES)
def test_red_and_blue_agents_wear_different_figures(tile_pages, profile, ink):
    found = tile_pages[profile, ink]
    masks = {(role, page): figure_mask(found, by_role(found, role, page)[0]) for role in ("red", "blue") for page in (0, 1)}
    for red in (0, 1):
        for blue in (0, 1):
            assert difference(masks["red", red], masks["blue", blue]) > OTHER_FIGURE, (red, blue)
    # Every tile of a role and face shows the same figure: the comparison is of figures, not noise.
    for role in ("red", "blue"):
        for page in (0, 1):
            same = [figure_mask(found, tile) for tile in by_role(found, role, page)[:4]]
            assert all(difference(same[0], other) < SAME_FIGURE for other in same[1:])


def test_the_double_agent_shows_a_red_figure_on_one_face_and_a_blue_one_on_the_other(tile_pages):
    found = tile_pages["home", "full"]
    # The double agent is the one tile whose two faces have different roles: a back sits at
    # the mirrored place of its front (duplex on the long edge).
    pairs = []
    for back in (t for t in found["tiles"] if t["page"] % 2 == 1):
        mirrored = back["width"] - back["ground"]["x1"]
        fronts = [t for t in found["tiles"] if t["page"] == back["page"] - 1]
        front = min(fronts, key=lambda f: abs(f["ground"]["x0"] - mirrored) + abs(f["ground"]["top"] - back["ground"]["top"]))
        assert abs(front["ground"]["x0"] - mirrored) < 1 and abs(front["ground"]["top"] - back["ground"]["top"]) < 1
        pairs.append((front, back))
    doubles = [(front, back) for front, back in pairs if front["role"] != back["role"]]
    assert [(front["role"], back["role"]) for front, back in doubles] == [("red", "blue")]
    front, back = doubles[0]
    assert difference(figure_mask(found, front), figure_mask(found, back)) > OTHER_FIGURE
    assert abs(figure_grey(found, front) - figure_grey(found, back)) >= TEAM_GAP


# --- Light ink -------------------------------------------------------------------------------

def mean_grey(pdf: bytes, page: int = 0) -> float:
    (image,) = grey_pages(pdf, [page])
    return statistics.fmean(image.tobytes())


@pytest.fixture(scope="module")
def inks(tmp_path_factory):
    """Each component, full and light, at home: its first page's PDF."""
    words = tmp_path_factory.mktemp("words") / "words.txt"
    words.write_text("ACE\nANCHOR\nMOON\nPIT\nWASHINGTON\n", encoding="utf-8")
    builders = {
        "tokens": lambda style: builds.tokens(TokenOptions(style=style)).pdf,
        "keys": lambda style: builds.keys(KeyOptions(seed=3, count=4, style=style)).pdf,
        "deck": lambda style: builds.deck(DeckOptions(words=words, style=style)).pdf,
    }
    return {(name, ink): build(Style(ink=ink)) for name, build in builders.items() for ink in ("full", "light")}


@pytest.mark.parametrize("component, saving", [("tokens", 60), ("keys", 2), ("deck", 5)])
def test_light_ink_takes_effect_and_lightens_the_page(inks, component, saving):
    """The mean grey level of the page rises: less ink on the paper. Tiles lose the most."""
    full, light = mean_grey(inks[component, "full"]), mean_grey(inks[component, "light"])
    assert light - full >= saving, (full, light)


def test_light_tiles_keep_their_figures_symbols_and_frames_in_full_colour(inks):
    for ink in ("full", "light"):
        (page,) = read_pages(inks["tokens", ink], [0], chars=False)
        colours = {colour_of(o) for o in page.curves + page.rects if o.get("fill")}
        strokes = {o.get("stroking_color") for o in page.curves if o.get("stroke")}
        theme = theme_for("home", ink=ink)
        assert {paint(theme.colour("red")), paint(theme.colour("blue"))} <= colours  # the figures (and in light ink the symbols)
        if ink == "light":
            assert {paint(theme.colour("red")), paint(theme.colour("blue"))} <= strokes  # frames in the team's colour
            assert paint(theme.colour("red_pale")) in colours and paint(theme.colour("red")) != paint(theme.colour("red_pale"))


def test_light_key_cards_are_on_white_and_keep_their_cells(key_pages):
    for profile in ("home", "shop"):
        full, light = key_pages[profile, "full"], key_pages[profile, "light"]
        for kind in ("red", "blue", "bystander"):
            assert abs(median_grey(full["image"], full["cells"][kind]) - median_grey(light["image"], light["cells"][kind])) <= 2


@pytest.mark.parametrize("profile", ["shop", "pod"])
@pytest.mark.parametrize("component", ["tokens", "keys", "deck"])
def test_light_ink_press_files_pass_the_preflight(tmp_path, profile, component):
    style = Style(ink="light")
    options = SheetOptions(profile=profile)
    if component == "tokens":
        pdf = builds.tokens(TokenOptions(sheet=options, style=style)).pdf
    elif component == "keys":
        pdf = builds.keys(KeyOptions(seed=2, count=2, sheet=options, style=style)).pdf
    else:
        words = tmp_path / "words.txt"
        words.write_text("ACE\nMOON\n", encoding="utf-8")
        pdf = builds.deck(DeckOptions(words=words, sheet=options, style=style)).pdf
    report = preflight(pdf)
    assert report.ok, report


# --- The assassin apart ----------------------------------------------------------------------

# A toner-saving laser lays down about half the toner: every grey comes out half as dark.
# Navy (44) and black (0) then print 150 and 128, too close to tell apart across a table;
# paper stays paper.
TONER = 0.5
LIGHT_PIXEL = 200  # in a toner-saving print: bare paper, or near it


def toner_saving(image: Image.Image) -> Image.Image:
    return image.point(lambda grey: round(255 - (255 - grey) * TONER))


def row(image: Image.Image, left: float, right: float, top: float) -> list[int]:
    """The greys along a row of the page, from ``left`` to ``right`` at ``top`` (points)."""
    y = round(top * SCALE)
    return list(image.crop((round(left * SCALE), y, round(right * SCALE), y + 1)).tobytes())


def changes(values: list[int]) -> int:
    """How often a row passes between bare paper and ink."""
    light = [value >= LIGHT_PIXEL for value in values]
    return sum(1 for first, second in zip(light, light[1:]) if first != second)


def cell_band_row(image: Image.Image, cell: dict) -> list[int]:
    """A row through the middle of a cell's border band (the assassin's stripes), clear of
    its rounded corners and of the symbol in its middle."""
    band = ASSASSIN_BAND * cell["width"]
    return row(image, cell["x0"] + band, cell["x1"] - band, cell["top"] + band / 2)


def tile_band_row(image: Image.Image, tile: dict) -> list[int]:
    """A row through the middle of the band of stripes inside a tile's frame (along the side
    at the top of the page, whichever way the tile is turned)."""
    frame, width = tile["frame"], tile["frame"]["linewidth"]
    top = frame["top"] + width / 2 + TILE_GAP + TILE_BAND / 2
    return row(image, frame["x0"] + 6 * MM, frame["x1"] - 6 * MM, top)


@pytest.mark.parametrize("profile, ink", KEY_CASES)
def test_the_assassins_key_cell_is_striped_where_every_agents_cell_is_plain(key_pages, profile, ink):
    found = key_pages[profile, ink]
    image = toner_saving(found["image"])
    (assassin, *_) = found["cells"]["assassin"]
    stripes = cell_band_row(image, assassin)
    assert changes(stripes) >= 4 and max(stripes) - min(stripes) >= 80, stripes
    for role in ("red", "blue", "bystander"):
        for cell in found["cells"][role]:
            plain = cell_band_row(image, cell)
            assert changes(plain) == 0 and max(plain) - min(plain) <= 10, (role, plain)


@pytest.mark.parametrize("profile, ink", TILE_CASES)
def test_the_assassins_tile_is_striped_where_every_agents_tile_is_plain(tile_pages, profile, ink):
    found = tile_pages[profile, ink]
    images = [toner_saving(image) for image in found["images"]]
    tiles = {role: [tile for tile in found["tiles"] if tile["role"] == role]
             for role in ("red", "blue", "bystander", "assassin")}
    assert len(tiles["assassin"]) == 2  # both faces
    for tile in tiles["assassin"]:
        stripes = tile_band_row(images[tile["page"]], tile)
        assert changes(stripes) >= 10 and max(stripes) - min(stripes) >= 80, stripes
    for role in ("red", "blue", "bystander"):
        for tile in tiles[role]:
            plain = tile_band_row(images[tile["page"]], tile)
            assert changes(plain) == 0 and max(plain) - min(plain) <= 10, (role, plain)
