"""Duet's tiles read back from the PDF: what a set holds, what lies behind each face once the
sheet is turned over, how the spare timers stand out, and how it all prints.

A face is found as a large filled rectangle in one of the Duet grounds (green agent, black
assassin, the card's paper for a timer, khaki bystander), named by the characters on it. The
back of a face is looked for where this file's own arithmetic puts it when the sheet turns:
across the page's upright middle for a long-edge flip, across its level middle for a short-edge
flip, across the fold line (the page's middle) on the same page for a fold.
"""

from __future__ import annotations

import io
import itertools
import statistics
from collections import Counter

import builds
import pypdfium2
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
from test_tiles_cut import distance_inside, frame_of
from test_tiles_cut import read_tiles as read_cut_tiles

from generator.geometry.sheet import HOME_BLEED
from generator.preflight import preflight
from generator.settings.options import SheetOptions, Style, TokenOptions

BLEED = 3 * MM
GROUND_AREA = 1000 * MM * MM  # a tile's ground; nothing else drawn is as large
SCALE = 2.0  # pixels per point for the grey renderings
ROLE_GAP = 40  # grey levels between the grounds of any two kinds of face
PER_SET_FRONTS = {("agent", "AGENT"): 15, ("assassin", "ASSASSIN"): 1, ("timer", "TIMER"): 11}
PER_SET_BACKS = {("agent", "AGENT"): 15, ("assassin", "ASSASSIN"): 1, ("bystander", "BYSTANDER"): 11}
# The assassin's stripes keep within this of the cut (a band inside its frame); the name, the symbol
# and the medallion keep further in (3 mm inside the frame).
STRIPES = 6.5 * MM
SYMBOLS = {"agent": "polygon", "assassin": "line+line", "bystander": "bar", "timer": "bar+bar+polygon+polygon"}


def options(profile: str = "home", sides: str = "long-edge", ink: str = "full", **more) -> TokenOptions:
    sheet = SheetOptions(profile=profile, sides=sides, bleed=BLEED) if profile != "home" else SheetOptions(sides=sides)
    return TokenOptions(sheet=sheet, style=Style(ink=ink), **more)


def duet_tokens(options: TokenOptions):
    return builds.tokens(options, "duet")


def grounds(profile: str, ink: str) -> dict[tuple, str]:
    theme = theme_for(profile, ink=ink)
    if ink == "light":
        # A light tile's ground is its border; the pale panel lies inside its frame.
        return {paint(theme.colour("green_border")): "agent", paint(theme.colour("assassin_border")): "assassin",
                paint(theme.card): "timer", paint(theme.colour("bystander_border")): "bystander"}
    return {paint(theme.colour("green")): "agent", paint(theme.colour("assassin")): "assassin", paint(theme.card): "timer",
            paint(theme.colour("bystander")): "bystander"}


def read_faces(pdf: bytes, profile: str = "home", ink: str = "full") -> list[dict]:
    """Every face: page, cut, kind (by ground), name, symbol, figure, medallion, and the marks
    of a spare (a dashed ring, a badge)."""
    kinds, bleed = grounds(profile, ink), BLEED if profile != "home" else HOME_BLEED
    black, white = paint(theme_for(profile, ink=ink).text), paint(theme_for(profile, ink=ink).label)
    faces = []
    for number, page in enumerate(read_pages(pdf)):
        height = page.height
        found = [r for r in page.rects if r.get("fill") and not r.get("stroke") and colour_of(r) in kinds
                 and r["width"] * r["height"] > GROUND_AREA]
        cuts = [_inset(pdf_rect(r, height), bleed) for r in found]
        names = {text.card.rounded(): text.text for text in placed_texts(page, cuts)}
        shapes = page.curves + page.rects + page.lines
        for ground, cut in zip(found, cuts):
            within = [o for o in shapes if o is not ground and cut.contains(*centre(pdf_rect(o, height)))]
            face = _read_face(within, height, black, white, cut)
            faces.append({"page": number, "cut": cut, "kind": kinds[colour_of(ground)],
                          "name": names.get(cut.rounded()), **face})
    return faces


def _read_face(within: list[dict], height: float, black: tuple, white: tuple, cut: Rect) -> dict:
    discs = [o for o in within if o["object_type"] == "curve" and o.get("fill") and abs(o["width"] - o["height"]) < 1]
    medallion = max(discs, key=lambda o: o["width"])
    area = pdf_rect(medallion, height)
    figure = [o for o in within if o is not medallion and inside(pdf_rect(o, height), area)]
    symbol = [o for o in within if o is not medallion and not inside(pdf_rect(o, height), area)
              and max(o["width"], o["height"]) < 8 * MM and not in_border(pdf_rect(o, height), cut, STRIPES)]
    rings = [o for o in within if o["object_type"] == "curve" and o.get("stroke")
             and abs(o["width"] - medallion["width"]) < 2]
    return {
        "medallion": area,
        "symbol": symbol_kind(symbol),
        # Shapes and sizes without colours or turns: the figure as a silhouette.
        "figure": silhouette((o["object_type"], o["width"], o["height"]) for o in figure),
        "ring": ("dashed" if any(r.get("dash") and r["dash"][0] for r in rings) else "solid") if rings else None,
        "badge": _has_badge(figure, medallion, height, black, white),
    }


def silhouette(shapes) -> tuple:
    """A figure's shapes by kind and size, whatever their colour and however the tile is turned."""
    return tuple(sorted((kind, round(max(width, height)), round(min(width, height))) for kind, width, height in shapes))


def _has_badge(figure: list[dict], medallion: dict, height: float, black: tuple, white: tuple) -> bool:
    """A black disc a fifth to a third of the medallion across, on the medallion's edge, with
    two white bars crossing at its middle: a "+"."""
    middle = centre(pdf_rect(medallion, height))
    for disc in figure:
        if not (disc["object_type"] == "curve" and disc.get("fill") and colour_of(disc) == black
                and abs(disc["width"] - disc["height"]) < 1 and 0.2 < disc["width"] / medallion["width"] < 0.35):
            continue
        x, y = centre(pdf_rect(disc, height))
        on_edge = abs(((x - middle[0]) ** 2 + (y - middle[1]) ** 2) ** 0.5 - medallion["width"] / 2) < 2
        bars = [r for r in figure if r["object_type"] == "rect" and colour_of(r) == white
                and pdf_rect(r, height).contains(x, y)]
        if on_edge and len(bars) == 2:
            return True
    return False


def _inset(rect: Rect, amount: float) -> Rect:
    return Rect(rect.x0 + amount, rect.y0 + amount, rect.x1 - amount, rect.y1 - amount)


def back_of(face: dict, faces: list[dict], sides: str, page_size: tuple[float, float]) -> dict:
    """The face printed behind ``face``, where turning the sheet over brings it."""
    width, height = page_size
    cut = face["cut"]
    if sides == "short-edge":
        page, where = face["page"] + 1, Rect(cut.x0, height - cut.y1, cut.x1, height - cut.y0)
    elif sides == "fold":
        page, where = face["page"], Rect(width - cut.x1, cut.y0, width - cut.x0, cut.y1)
    else:
        page, where = face["page"] + 1, Rect(width - cut.x1, cut.y0, width - cut.x0, cut.y1)
    (back,) = [f for f in faces if f["page"] == page and near(f["cut"], where, 0.05)]
    return back


def page_size(pdf: bytes) -> tuple[float, float]:
    return tuple(pypdfium2.PdfDocument(pdf)[0].get_size())


def fronts_and_backs(faces: list[dict], sides: str, size: tuple[float, float]) -> list[tuple[dict, dict]]:
    if sides == "fold":  # fronts left of the fold, backs right of it
        fronts = [f for f in faces if f["cut"].x1 <= size[0] / 2]
    else:
        fronts = [f for f in faces if f["page"] % 2 == 0]
    return [(front, back_of(front, faces, sides, size)) for front in fronts]


@pytest.fixture(scope="module")
def built():
    cache: dict[tuple, tuple[bytes, list[dict]]] = {}

    def build(profile: str = "home", sides: str = "long-edge", ink: str = "full") -> tuple[bytes, list[dict]]:
        if (profile, sides, ink) not in cache:
            pdf = duet_tokens(options(profile, sides, ink)).pdf
            cache[profile, sides, ink] = pdf, read_faces(pdf, profile, ink)
        return cache[profile, sides, ink]

    return build


# --- What a set holds, face by face -----------------------------------------------------------

@pytest.mark.parametrize("profile, sides, ink", [("home", "long-edge", "full"), ("home", "short-edge", "full"),
                                                 ("home", "fold", "full"), ("shop", "long-edge", "full"),
                                                 ("home", "long-edge", "light"), ("shop", "long-edge", "light")])
def test_every_timer_token_has_a_bystander_behind_it_once_the_sheet_is_turned(built, profile, sides, ink):
    pdf, faces = built(profile, sides, ink)
    pairs = fronts_and_backs(faces, sides, page_size(pdf))
    assert len(faces) == 2 * 27 and len(pairs) == 27
    fronts = Counter((front["kind"], front["name"]) for front, _ in pairs)
    backs = Counter((back["kind"], back["name"]) for _, back in pairs)
    assert fronts == PER_SET_FRONTS and backs == PER_SET_BACKS
    for front, back in pairs:
        expected = {"agent": "agent", "assassin": "assassin", "timer": "bystander"}[front["kind"]]
        assert back["kind"] == expected, (front["page"], front["cut"], back["kind"])


def test_agents_wear_a_different_figure_on_each_face_and_not_a_classic_one(built):
    pdf, faces = built()
    pairs = fronts_and_backs(faces, "long-edge", page_size(pdf))
    agents = [(front["figure"], back["figure"]) for front, back in pairs if front["kind"] == "agent"]
    assert len(agents) == 15 and len(set(agents)) == 1  # every agent tile alike
    ((front, back),) = set(agents)
    assert front != back
    classic = {face["figure"] for face in read_classic_faces(builds.tokens(TokenOptions()).pdf)}
    assert len(classic) == 7 and not {front, back} & classic  # 2 red, 2 blue, 2 bystander, the assassin


def read_classic_faces(pdf: bytes) -> list[dict]:
    theme = theme_for("home")
    kinds = {paint(theme.colour("red")): "red", paint(theme.colour("blue")): "blue", paint(theme.colour("bystander")): "bystander",
             paint(theme.colour("assassin")): "assassin"}
    faces = []
    for page in read_pages(pdf, chars=False):
        shapes = page.curves + page.rects + page.lines
        for ground in (r for r in page.rects if colour_of(r) in kinds and r["width"] * r["height"] > GROUND_AREA):
            cut = pdf_rect(ground, page.height)
            within = [o for o in shapes if o is not ground and cut.contains(*centre(pdf_rect(o, page.height)))]
            faces.append(_read_face(within, page.height, paint(theme.text), paint(theme.label), cut))
    return faces


def test_every_face_carries_its_symbol(built):
    _, faces = built()
    assert {(face["kind"], face["symbol"]) for face in faces} == set(SYMBOLS.items())


@pytest.mark.parametrize("profile, ink", [("home", "full"), ("shop", "full"), ("home", "light")])
def test_the_two_spare_timers_are_marked_and_the_nine_others_are_not(built, profile, ink):
    _, faces = built(profile, "long-edge", ink)
    timers = [face for face in faces if face["kind"] == "timer"]
    marks = Counter((face["ring"], face["badge"]) for face in timers)
    assert marks == {("solid", False): 9, ("dashed", True): 2}
    assert all(face["ring"] is None and not face["badge"] for face in faces if face["kind"] != "timer")


def test_two_sets_print_everything_twice_with_embedded_fonts():
    result = duet_tokens(options(sets=2))
    faces = read_faces(result.pdf)
    assert result.sets == 2 and len(result.tiles) == 54
    assert Counter(face["kind"] for face in faces) == {"agent": 60, "assassin": 4, "timer": 22, "bystander": 22}
    assert Counter((face["ring"], face["badge"]) for face in faces if face["kind"] == "timer") == \
        {("solid", False): 18, ("dashed", True): 4}
    fonts = font_report(io.BytesIO(result.pdf))
    assert fonts and all(font["embedded"] and font["subset"] for font in fonts)


def test_names_are_one_size_for_the_whole_set(built):
    pdf, _ = built()
    chars = [char for page in read_pages(pdf, shapes=False) for char in page.chars]
    assert {round(char["x1"] - char["x0"], 2) for char in chars} == {14.0}  # turned text: one em across
    assert {round(char["size"], 2) for char in chars} == {14.0}


# --- Grey ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("profile", ["home", "shop"])
def test_in_grey_agent_bystander_timer_and_assassin_grounds_part_by_forty_levels(built, profile, tmp_path):
    pdf, faces = built(profile)
    document = pypdfium2.PdfDocument(pdf)
    images = [document[page].render(scale=SCALE).to_pil().convert("L") for page in range(len(document))]
    for number, image in enumerate(images):
        image.save(tmp_path / f"duet-tiles-{profile}-{number}.png")
    levels: dict[str, list[int]] = {}
    for face in faces:
        levels.setdefault(face["kind"], []).append(_ground_grey(images[face["page"]], face["cut"], page_size(pdf)[1]))
    grey = {kind: statistics.median(values) for kind, values in levels.items()}
    assert set(grey) == {"agent", "assassin", "timer", "bystander"}
    assert all(max(values) - min(values) <= 2 for values in levels.values())  # each kind one ground
    for one, other in itertools.combinations(sorted(grey), 2):
        assert abs(grey[one] - grey[other]) >= ROLE_GAP, grey


def _ground_grey(image, cut: Rect, page_height: float) -> int:
    """The ground between the cut and the frame (3.5 mm in), 1.5 mm inside the cut's corner."""
    x, top = (cut.x0 + 1.5 * MM) * SCALE, (page_height - cut.y1 + 1.5 * MM) * SCALE
    patch = image.crop((round(x), round(top), round(x) + 3, round(top) + 3))
    return int(statistics.median(patch.tobytes()))


# --- Cuts, frames, press files ---------------------------------------------------------------

CUT_CASES = [("home", "full", None), ("shop", "full", None), ("home", "light", None),
             ("shop", "light", (45 * MM, 70 * MM)), ("home", "full", (60 * MM, 40 * MM))]


@pytest.mark.parametrize("profile, ink, size", CUT_CASES)
def test_no_line_comes_within_three_millimetres_of_a_cut_nor_a_name_of_a_frame(profile, ink, size):
    more = {"card_size": size} if size else {}
    faces = read_cut_tiles(duet_tokens(options(profile, ink=ink, **more)).pdf,
                           BLEED if profile == "shop" else HOME_BLEED)
    assert len(faces) == 54
    for face in faces:
        for box, width, kind in face["strokes"]:
            assert distance_inside(box, face["cut"]) - width / 2 >= 3 * MM - 0.01, (face["page"], kind)
        frame, width = frame_of(face)
        inner = _inset(frame, width / 2)
        assert face["chars"]
        for box, text, _ in face["chars"]:
            assert distance_inside(box, inner) >= 3 * MM - 0.01, (face["page"], text)


@pytest.mark.parametrize("profile, ink, service", [("shop", "full", None), ("shop", "light", None),
                                                   ("pod", "full", "tgc")])
def test_press_files_pass_the_preflight(profile, ink, service):
    sheet = SheetOptions(profile=profile, service=service) if service else SheetOptions(profile=profile)
    result = duet_tokens(TokenOptions(sheet=sheet, style=Style(ink=ink)))
    report = preflight(result.pdf)
    assert report.ok, report
    if service == "tgc":  # one image a face, fronts and backs
        assert len(result.images) == 54 and result.images[0][0].startswith("duet-tiles-")


def test_the_classic_set_holds_no_duet_tile():
    classic = builds.tokens(TokenOptions())
    assert len(classic.tiles) == 25
    names = "".join(placed.text for page in read_pages(classic.pdf, shapes=False) for placed in placed_texts(page, []))
    assert names.count("RED AGENT") == 2 * 8 and names.count("DOUBLE") == 2  # both faces
    assert names.count("BYSTANDER") == 2 * 7 and "TIMER" not in names
