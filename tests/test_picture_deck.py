"""Picture cards, as a player and a print shop see them: cngen's picture deck and a folder of
the user's own photos, each picture drawn once, fitted without distortion, marked at its upper
left, in RGB at home and CMYK on press, and every bad folder refused before anything is written."""

from __future__ import annotations

import base64
import hashlib
import io
import re
from pathlib import Path

import builds
import pikepdf
import pypdfium2
import pytest
from builds import DeckResult
from PIL import Image

from generator.games import GAMES
from generator.geometry.pictureface import picture_face_layout
from generator.inputs.bundled import picture_deck_files
from generator.inputs.images import read_pictures
from generator.jobs.deck import build_deck
from generator.settings.options import DeckOptions, SheetOptions
from generator.units import MM

GAME = "pictures"
CARD = (64 * MM, 64 * MM)
PHOTOS = 21  # an odd count: the last card's back is left to draw on
PICTURE_FORM = re.compile(r"picture-[0-9]+-")  # a picture's form; the card's own are picture-card...
SHOP = SheetOptions(profile="shop", paper=(320 * MM, 450 * MM), marks=True)


def photo(size: tuple[int, int], number: int) -> Image.Image:
    """A photo-like picture: a gradient with a block of colour, different for every number."""
    width, height = size
    image = Image.linear_gradient("L").resize(size).convert("RGB")
    block = Image.new("RGB", (width // 3, height // 3), ((number * 37) % 256, (number * 91) % 256, 200))
    image.paste(block, (width // 3, height // 3))
    return image


def photo_folder(folder: Path, count: int, suffix: str = ".png") -> Path:
    """``folder`` made, with ``count`` different square photos p00, p01... in it."""
    folder.mkdir()
    for number in range(count):
        photo((300, 300), number).save(folder / f"p{number:02}{suffix}")
    return folder


@pytest.fixture(scope="module")
def photos(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("photos")
    for number in range(PHOTOS):
        size = (600, 800) if number == 4 else (900, 675)
        photo(size, number).save(folder / f"photo-{number:02}.jpg", quality=90)
    (folder / "notes.txt").write_text("not a picture", encoding="utf-8")
    return folder


def deck(images: Path | None = None, **options) -> DeckResult:
    return builds.deck(DeckOptions(images=images, card_size=CARD, **options), GAME)


def image_placements(pdf: bytes) -> list[list[str]]:
    """Each page's pictures, in the order they are placed: a short digest of each image's pixels,
    or of the form that draws a vector picture."""
    pages = []
    with pikepdf.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            placed = []
            for name, xobject in page.resources.get("/XObject", {}).items():
                if PICTURE_FORM.search(str(name)):
                    placed.append(_digest(xobject))
            pages.append(placed)
    return pages


def _digest(xobject) -> str:
    images = [value for value in xobject.get("/Resources", {}).get("/XObject", {}).values()
              if value.get("/Subtype") == "/Image"]
    data = images[0].read_raw_bytes() if images else xobject.read_raw_bytes()
    return hashlib.sha256(data).hexdigest()[:10]


def images_of(pdf: bytes) -> list[pikepdf.Object]:
    """Every image the file stores, each once."""
    with pikepdf.open(io.BytesIO(pdf)) as document:
        seen = {}
        for number, obj in enumerate(document.objects):
            if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image":
                seen[number] = (int(obj.Width), int(obj.Height), str(obj.ColorSpace), str(obj.get("/Filter")))
        return list(seen.values())


def render(pdf: bytes, page: int = 0, scale: float = 2.0) -> Image.Image:
    return pypdfium2.PdfDocument(pdf)[page].render(scale=scale).to_pil().convert("RGB")


# --- cngen's picture deck -----------------------------------------------------------------------


def test_the_bundled_drawings_pass_every_check_of_a_users_and_are_sized_as_svglib_sizes_them():
    # A deck of cngen's own reads them as ours: sized from their viewBox, not drawn to be checked.
    folder = picture_deck_files()[0].parent
    checked = read_pictures(folder)  # as a user's folder: every file parsed, checked and drawn by svglib
    assert set(checked.skipped) == {"LICENSE", "README.md", "pictures.txt"}
    assert len(checked.notes) == 1  # the note that says so: svglib warned of nothing in any drawing
    assert read_pictures(folder, ours=True) == checked


def test_the_bundled_deck_prints_every_picture_once_on_double_sided_cards():
    pictures = len(picture_deck_files())
    result = deck()
    assert pictures >= 280 and result.words == pictures and result.kind.noun == "picture"
    assert result.cards == pictures // 2 + pictures % 2 + result.blank_cards
    with pikepdf.open(io.BytesIO(result.pdf)) as document:
        forms = [obj for obj in document.objects if isinstance(obj, pikepdf.Stream)
                 and obj.get("/Subtype") == "/Form" and obj.stream_dict.get("/BBox") is not None]
        drawn = {}
        for page in document.pages:
            for name in page.resources.get("/XObject", {}).keys():
                drawn[str(name)] = drawn.get(str(name), 0) + 1
    pictures_drawn = [name for name in drawn if PICTURE_FORM.search(name)]
    assert len(pictures_drawn) == pictures  # one form a picture, each placed on one page
    assert len(forms) >= pictures


def test_every_face_wears_the_corner_mark_at_its_upper_left_in_the_kits_line_colour():
    result = deck()
    scale = 2.0
    image = render(result.pdf, 0, scale)
    layout = picture_face_layout(*CARD)
    slot = result.plan.front_slots()[0].box
    page_height = result.plan.page_height
    left, top = layout.mark_corner
    # Just inside the mark's right angle, and just outside its hypotenuse.
    inside = (slot.x + left + layout.mark * 0.2, slot.y + top - layout.mark * 0.2)
    outside = (slot.x + left + layout.mark * 0.9, slot.y + top - layout.mark * 0.9)
    pixel = lambda point: image.getpixel((round(point[0] * scale), round((page_height - point[1]) * scale)))  # noqa: E731
    mark = pixel(inside)
    assert max(mark) < 180 and mark[0] > mark[2], mark  # the warm brown of the kit's lines
    assert pixel(outside) != mark


def test_a_press_file_of_the_bundled_deck_holds_no_rgb_colour():
    result = deck(sheet=SHOP)
    with pikepdf.open(io.BytesIO(result.pdf)) as document:
        for page in document.pages:
            assert not rgb_operators(page, "rg RG sc scn")
        forms = [obj for obj in document.objects if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Form"]
        for form in forms:
            assert not rgb_operators(form, "rg RG"), form.objgen
            assert "/ExtGState" not in form.get("/Resources", {})  # no transparency on press


def rgb_operators(stream, operators: str) -> list[tuple[list, str]]:
    """The ``operators`` (named with spaces between) a content stream uses, with their operands.
    qpdf picks them out as it parses: the 310 drawings' 80,000 other operators are never made
    Python objects (a fifth of the time)."""
    return [(list(operands), str(operator)) for operands, operator in pikepdf.parse_content_stream(stream, operators)]


# --- the user's own photos ----------------------------------------------------------------------


def test_each_photo_is_embedded_once_resampled_to_the_dpi_it_prints_at(photos):
    result = deck(photos)
    assert result.words == PHOTOS and result.blank_back
    window = picture_face_layout(*CARD).window
    most = round(300 * window.width / 72) + 1
    images = images_of(result.pdf)
    assert len(images) == PHOTOS
    for width, height, space, _ in images:
        assert max(width, height) <= most and space == "/DeviceRGB"
    assert not any("prints below" in note for note in result.notes)
    assert any("notes.txt" in note for note in result.notes)  # skipped, and said so


def test_cover_fills_the_window_and_contain_keeps_the_whole_photo(photos):
    cover, contain = deck(photos), deck(photos, fit="contain")
    window = picture_face_layout(*CARD).window
    scale = 2.0
    for result, filled in ((cover, True), (contain, False)):
        image = render(result.pdf, 0, scale)
        slot = result.plan.front_slots()[0].box
        # Just inside the window's lower edge, in the middle: a photo 4:3 wide leaves it empty
        # with contain.
        x = (slot.x + window.centre[0]) * scale
        y = (result.plan.page_height - (slot.y + window.y + 2 * MM)) * scale
        pixel = image.getpixel((round(x), round(y)))
        assert (pixel != (255, 255, 255)) == filled, pixel


def test_a_portrait_photo_stays_portrait_with_contain(photos):
    images = images_of(deck(photos, fit="contain").pdf)
    assert sum(1 for width, height, _, _ in images if height > width) == 1


def test_the_deck_seed_shuffles_the_photos_the_same_way_every_time(photos):
    kept = image_placements(deck(photos).pdf)
    shuffled = image_placements(deck(photos, seed=3).pdf)
    again = image_placements(build_deck(DeckOptions(images=photos, card_size=CARD, seed=3), game=GAMES[GAME]).pdf)
    assert shuffled == again
    assert shuffled != kept and sorted(sum(shuffled, [])) == sorted(sum(kept, []))


def test_press_files_carry_only_cmyk_photos(photos):
    result = deck(photos, sheet=SHOP)
    spaces = {space for _, _, space, _ in images_of(result.pdf)}
    assert spaces == {"/DeviceCMYK"}


def test_small_photos_print_with_a_note_naming_them(tmp_path):
    for number in range(20):
        photo((200, 150), number).save(tmp_path / f"small-{number:02}.png")
    result = build_deck(DeckOptions(images=tmp_path, card_size=CARD, blanks=0), game=GAMES[GAME])
    note = " ".join(result.notes)
    assert "small-00.png" in note and "and 15 more" in note and "150 dpi" in note


# --- bad folders, through the command line --------------------------------------------------------


def refused(run, *args: str):
    result = run("deck", "--pictures", "-o", "out/deck.pdf", *args)
    assert result.exit_code in (1, 2) and not Path("out").exists(), result.output
    assert "Traceback" not in result.output
    return result.output


def test_a_folder_with_too_few_pictures_says_how_many_are_needed(run, tmp_path):
    folder = photo_folder(tmp_path / "few", 3)
    output = refused(run, "--images", str(folder))
    assert "only 3 pictures" in output and "20" in output


def test_an_empty_folder_is_refused(run, tmp_path):
    (tmp_path / "empty").mkdir()
    output = refused(run, "--images", str(tmp_path / "empty"))
    assert "empty" in output or "no pictures" in output


def test_the_same_picture_twice_is_refused_naming_both_files(run, tmp_path):
    folder = photo_folder(tmp_path / "twice", 20)
    (folder / "copy.png").write_bytes((folder / "p05.png").read_bytes())
    output = refused(run, "--images", str(folder))
    assert "copy.png" in output and "p05.png" in output


def test_a_broken_picture_is_named_with_the_fix(run, tmp_path):
    folder = photo_folder(tmp_path / "broken", 20, ".jpg")
    data = (folder / "p07.jpg").read_bytes()
    (folder / "p07.jpg").write_bytes(data[: len(data) // 2])
    (folder / "fake.png").write_text("hello", encoding="utf-8")
    output = refused(run, "--images", str(folder))
    assert "p07.jpg" in output and "fake.png" in output


def test_pictures_options_mean_nothing_for_a_word_game(run, tmp_path):
    result = run("deck", "--images", str(tmp_path), "-o", "out/deck.pdf")
    assert result.exit_code == 2 and "--game pictures" in result.output
    result = run("deck", "--pictures", "--words", "words.txt", "-o", "out/deck.pdf")
    assert result.exit_code == 2 and "word cards" in result.output


def test_the_picture_kit_uses_the_games_square_cards_and_tiles(run, photos):
    result = run("kit", "--pictures", "--images", str(photos), "--seed", "3", "--keys-count", "2", "--out-dir", "kit")
    assert result.exit_code == 0, result.output
    assert "21 pictures" in result.output and "picture cards" in result.output
    for name in ("deck.pdf", "tokens.pdf"):
        with pikepdf.open(Path("kit") / name) as document:
            assert document.pages  # written
    tiles = pypdfium2.PdfDocument(str(Path("kit") / "tokens.pdf"))
    # 20 tiles of 64 mm: 12 an A4 sheet, two sheets, both sides.
    assert len(tiles) == 4


@pytest.mark.parametrize("fit", ["cover", "contain"])
@pytest.mark.parametrize("size", [(40.0, 20.0), (15.0, 60.0), (32.0, 32.0)])
def test_a_drawing_keeps_its_shape_and_its_shown_part_fills_the_box(fit, size):
    from generator.geometry.picturefit import fit_picture, whole_box
    from generator.geometry.sheet import Box

    box = Box(10.0, 20.0, 100.0, 100.0)
    crop, placed = fit_picture(size, box, fit)
    whole = whole_box(size, crop, placed)
    assert whole.width / whole.height == pytest.approx(size[0] / size[1])  # never stretched
    left, top, right, bottom = crop
    scale = whole.width / size[0]
    shown = Box(whole.x + left * scale, whole.y + (size[1] - bottom) * scale, (right - left) * scale,
                (bottom - top) * scale)
    assert (shown.x, shown.y, shown.width, shown.height) == \
        pytest.approx((placed.x, placed.y, placed.width, placed.height))  # the part shown fills the box
    if fit == "cover":
        assert (placed.width, placed.height) == (box.width, box.height)
    else:
        assert placed.width <= box.width + 1e-9 and placed.height <= box.height + 1e-9


# --- pictures of any shape, through every command that draws them ------------------------------------

SLIVER_COLOURS = {"tall.png": (200, 40, 40), "tall.jpg": (230, 120, 20), "wide.png": (250, 220, 0)}
LONG_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="1e30" height="1" viewBox="0 0 1e30 1">'
            '<rect width="1e30" height="1" fill="#2E7D32"/></svg>')


@pytest.fixture(scope="module")
def slivers(tmp_path_factory) -> Path:
    """A game's 20 pictures, four of them as long as a picture may be: 1 x 20,000 and 20,000 x 1
    pixels (PNG, and JPEG, which is decoded at a reduced scale), and a drawing 10^30 times as
    wide as it is high."""
    folder = tmp_path_factory.mktemp("slivers") / "pictures"
    folder.mkdir()
    for number in range(16):
        photo((450, 400), number).save(folder / f"p{number:02}.png")  # sharp: only the slivers print soft
    for name, colour in SLIVER_COLOURS.items():
        Image.new("RGB", (20_000, 1) if name.startswith("wide") else (1, 20_000), colour).save(folder / name)
    (folder / "long.svg").write_text(LONG_SVG, encoding="utf-8")
    return folder


SLIVER_RUNS = {
    "deck, cover": ("deck", "--fit", "cover", "-o", "out.pdf"),
    "deck, contain": ("deck", "--fit", "contain", "-o", "out.pdf"),
    "book, cover": ("book", "--fit", "cover", "--games", "1", "--seed", "1", "-o", "out.pdf"),
    "board's web page": ("board", "--format", "html", "--seed", "1", "-o", "out.html"),
}


@pytest.mark.parametrize("args", SLIVER_RUNS.values(), ids=SLIVER_RUNS)
def test_a_picture_as_long_as_the_reader_takes_prints_at_least_a_pixel_each_way(run, slivers, folder_state, args):
    before = folder_state(slivers)
    result = run(args[0], "--pictures", "--images", str(slivers), *args[1:])
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    assert folder_state(slivers) == before
    if args[0] == "board":
        pictures = [Image.open(io.BytesIO(base64.b64decode(data))) for data in
                    re.findall(r'data:image/(?:png|jpeg);base64,([A-Za-z0-9+/=]+)', Path("out.html").read_text("utf-8"))]
        assert len(pictures) == 20 and {picture.size for picture in pictures} == {(240, 240)}
        assert sorted(picture.format for picture in pictures) == ["JPEG"] * 19 + ["PNG"]  # photos, and a drawing
        middles = [picture.convert("RGB").getpixel((120, 120)) for picture in pictures]
        for colour in SLIVER_COLOURS.values():  # each card covered by its sliver's middle pixel
            assert sum(_near(middle, colour) for middle in middles) == 1, (colour, middles)
        return
    pdf = Path("out.pdf").read_bytes()
    sizes = [(width, height) for width, height, _, _ in images_of(pdf)]
    assert len(sizes) == 19 and min(min(size) for size in sizes) >= 1  # every photo once, the drawing a form
    if args[:3] == ("deck", "--fit", "cover"):
        assert "tall.jpg (under 1 dpi), tall.png (under 1 dpi), wide.png (under 1 dpi) print below" \
            in result.output  # a pixel across a card
    if "cover" in args:
        assert (1, 1) in sizes


def _near(colour: tuple[int, ...], wanted: tuple[int, ...]) -> bool:
    return all(abs(a - b) <= 40 for a, b in zip(colour, wanted))


def test_photos_past_what_a_run_holds_are_refused_at_once_with_the_dpi_that_fits(run, slivers, folder_state,
                                                                                  monkeypatch):
    """A run holds its photos ready for the file in memory: past MOST_PHOTO_BYTES (64 MB, some
    450 phone photos at 300 dpi) it stops as soon as it knows, before drawing, and says what fits."""
    from generator.cards import picture_faces

    monkeypatch.setattr(picture_faces, "MOST_PHOTO_BYTES", 60_000)  # a few of these photos
    before = folder_state(slivers)
    result = run("deck", "--pictures", "--images", str(slivers), "--dpi", "600", "-o", "out/deck.pdf")
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert "the photos would hold about" in result.output and "at 600 dpi on 64 x 64 mm cards" in result.output
    assert re.search(r"use a lower --dpi \(about [0-9]+0\), smaller cards \(--card-size\), or split", result.output)
    assert not Path("out").exists() and folder_state(slivers) == before
