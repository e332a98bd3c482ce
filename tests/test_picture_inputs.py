"""Picture folders read and checked, and photos made ready for a PDF.

The reader refuses every file that cannot be used in one message, one line each: images that
are not images, cut short, or claim billions of pixels (refused from their header, before a
pixel is decoded), unreadable files, and SVGs that reach outside themselves. The pixel work
turns photos upright, fits them, caps their resolution, flattens transparency on the card's
ground and converts them to the file's colours: sRGB at home, CMYK (and never RGB) for a press.

Every image is made here, small, with Pillow; nothing is downloaded and nothing is timed.
"""

from __future__ import annotations

import io
import logging
import os
import struct
import tracemalloc
import unicodedata
import zlib
from pathlib import Path

import pikepdf
import pypdfium2
import pytest
from PIL import Image, ImageCms, ImageFile
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from generator.errors import CngenError
from generator.geometry.picturefit import fit_picture
from generator.geometry.sheet import Box
from generator.inputs import reader
from generator.inputs.images import MAX_PIXELS, Picture, open_raster, open_vector, read_picture, read_pictures
from generator.output.raster import prepare_raster, press_profile

MM = 72 / 25.4
WHITE = (1.0, 1.0, 1.0)
CREAM = (0.94, 0.9, 0.78)
BOX = Box(0, 0, 58 * MM, 58 * MM)
SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 40 30" ' \
      'width="40" height="30">{}</svg>'
SQUARE = '<rect x="5" y="5" width="20" height="20" fill="#c03020"/>'


def save(image: Image.Image, path: Path, **options) -> Path:
    image.save(path, **options)
    return path


def photo(size: tuple[int, int], seed: int = 1) -> Image.Image:
    """A photo's worth of detail: smooth gradients under fine noise, so that JPEG works as hard
    as on a real one and no two pixels need be alike."""
    width, height = size
    red = Image.linear_gradient("L").resize(size)
    green = Image.radial_gradient("L").resize(size)
    blue = Image.effect_noise((max(width // 8, 1), max(height // 8, 1)), 50 + seed)
    blue = blue.resize(size, Image.Resampling.BICUBIC)
    noise = Image.effect_noise(size, 12)
    channels = [Image.blend(channel, noise, 0.25) for channel in (red, green, blue)]
    return Image.merge("RGB", channels)


def png_claiming(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` x ``height`` RGB pixels, with one tiny IDAT: a
    decompression bomb's header, without the bomb."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 16)) \
        + chunk(b"IEND", b"")


def matrix_profile(primaries, gamma: float, description: str) -> bytes:
    """A version 2 RGB display profile (matrix and gamma curves), written byte by byte: enough
    for littleCMS, and no profile file in the tests. ``primaries``: the red, green and blue
    columns, adapted to D50, as the profile connection space wants them."""
    def s15(value: float) -> bytes:
        return struct.pack(">i", round(value * 65536))

    def xyz(values) -> bytes:
        return b"XYZ \0\0\0\0" + b"".join(s15(value) for value in values)

    text = description.encode("ascii") + b"\0"
    tags = {
        b"desc": b"desc\0\0\0\0" + struct.pack(">I", len(text)) + text + b"\0" * 8 + b"\0\0\0" + b"\0" * 67,
        b"wtpt": xyz((0.9642, 1.0, 0.8249)),
        b"rXYZ": xyz(primaries[0]), b"gXYZ": xyz(primaries[1]), b"bXYZ": xyz(primaries[2]),
        b"rTRC": b"curv\0\0\0\0" + struct.pack(">IH", 1, round(gamma * 256)) + b"\0\0",
        b"cprt": b"text\0\0\0\0" + b"no copyright, use freely\0",
    }
    tags[b"gTRC"] = tags[b"bTRC"] = tags[b"rTRC"]
    table_size = 4 + 12 * len(tags)
    offset = 128 + table_size
    entries, bodies = b"", b""
    for signature, body in tags.items():
        body += b"\0" * (-len(body) % 4)
        entries += signature + struct.pack(">II", offset + len(bodies), len(body))
        bodies += body
    size = 128 + table_size + len(bodies)
    header = (struct.pack(">I", size) + b"lcms" + bytes((2, 0x10, 0, 0)) + b"mntrRGB XYZ " + b"\0" * 12 + b"acsp"
              + b"\0" * 24 + struct.pack(">I", 0) + s15(0.9642) + s15(1.0) + s15(0.8249) + b"\0" * 48)
    return header + struct.pack(">I", len(tags)) + entries + bodies


# Adobe RGB (1998): its primaries adapted to D50, and its gamma of 563/256.
ADOBE_RGB = matrix_profile(((0.60974, 0.31111, 0.01947), (0.20528, 0.62567, 0.06087),
                            (0.14919, 0.06322, 0.74457)), 563 / 256, "Adobe RGB compatible test profile")


def prepared(image: Image.Image, cmyk: bool = False, box: Box = BOX, fit: str = "cover", dpi: int = 300,
             ground=WHITE, **options):
    crop, placed = fit_picture(image.size, box, fit)
    return prepare_raster(image, crop, (placed.width, placed.height), dpi, cmyk, ground, "FOGRA39", **options)


def decoded(ready) -> Image.Image:
    image = Image.open(io.BytesIO(ready.data))
    image.load()
    return image


def middle(image: Image.Image):
    return image.getpixel((image.width // 2, image.height // 2))


# Reading a folder.

def test_a_folder_gives_its_pictures_sorted_by_name_the_same_everywhere(tmp_path):
    names = ["b.PNG", "a10.jpg", "a2.jpeg", "A1.webp", "c.TIFF", "d.tif", unicodedata.normalize("NFD", "é.svg")]
    for number, name in enumerate(names):
        path = tmp_path / name
        if name.endswith(".svg"):
            path.write_text(SVG.format(SQUARE))
        else:
            fmt = {"PNG": "PNG", "JPG": "JPEG", "JPEG": "JPEG", "WEBP": "WEBP", "TIFF": "TIFF", "TIF": "TIFF"}
            colour = Image.new("RGB", (30 + number, 20), (number * 30, 0, 0))
            save(colour, path, format=fmt[name.split(".")[-1].upper()])
    (tmp_path / "notes.txt").write_text("not a picture")
    (tmp_path / ".DS_Store").write_bytes(b"\0\0\0\1Bud1")
    (tmp_path / "._b.PNG").write_bytes(b"\0\5\26\7")  # macOS's resource forks on other disks
    (tmp_path / "old").mkdir()
    save(Image.new("RGB", (10, 10)), tmp_path / "old" / "inside.png")
    (tmp_path / "folder.png").mkdir()

    found = read_pictures(tmp_path)

    assert [picture.name for picture in found.pictures] == \
        ["A1.webp", "a2.jpeg", "a10.jpg", "b.PNG", "c.TIFF", "d.tif", unicodedata.normalize("NFD", "é.svg")]
    assert [picture.kind for picture in found.pictures] == ["raster"] * 6 + ["vector"]
    assert [picture.format for picture in found.pictures][:6] == ["WEBP", "JPEG", "JPEG", "PNG", "TIFF", "TIFF"]
    assert found.pictures[0].size == (33, 20)
    assert found.pictures[-1].size == (30.0, 22.5)  # 40 x 30 px in points
    assert found.skipped == ("notes.txt",)
    assert found.notes == (f"{tmp_path}: skipped 1 file that is not PNG, JPEG, WebP, TIFF or SVG: notes.txt",)


def test_two_files_of_the_same_picture_have_the_same_digest(tmp_path):
    data = io.BytesIO()
    photo((60, 40)).save(data, format="JPEG")
    (tmp_path / "one.jpg").write_bytes(data.getvalue())
    (tmp_path / "two.jpg").write_bytes(data.getvalue())
    save(photo((60, 40), seed=2), tmp_path / "three.jpg")
    one, three, two = read_pictures(tmp_path).pictures
    assert one.digest == two.digest != three.digest


@pytest.mark.parametrize("make, expected", [
    (lambda path: None, "no such folder: check the path of the picture folder"),
    (lambda path: path.write_text("x"), "is a file, not a folder: give the folder that holds the pictures"),
    (lambda path: path.mkdir(), "holds no pictures: put PNG, JPEG, WebP, TIFF or SVG files in it"),
    (lambda path: (path.mkdir(), (path / "read me.txt").write_text("x"), (path / "sub").mkdir()),
     "holds no pictures (only read me.txt): put PNG"),
])
def test_a_folder_without_pictures_is_refused_with_the_fix(tmp_path, make, expected):
    folder = tmp_path / "pictures"
    make(folder)
    with pytest.raises(CngenError) as error:
        read_pictures(folder)
    assert str(error.value).startswith(f"{folder}")
    assert expected in str(error.value)


def test_every_bad_file_of_a_folder_is_one_line_of_one_message(tmp_path, monkeypatch):
    save(photo((40, 30)), tmp_path / "good.jpg")
    (tmp_path / "letter.png").write_text("Dear Sir or Madam")
    whole = io.BytesIO()
    photo((200, 150)).save(whole, format="JPEG")
    (tmp_path / "cut.jpg").write_bytes(whole.getvalue()[: len(whole.getvalue()) // 2])
    png = io.BytesIO()
    photo((200, 150)).save(png, format="PNG")
    (tmp_path / "cut.png").write_bytes(png.getvalue()[: len(png.getvalue()) // 2])
    (tmp_path / "bomb.png").write_bytes(png_claiming(50_000, 50_000))
    (tmp_path / "large.png").write_bytes(png_claiming(9_000, 9_000))  # under Pillow's own limit, over ours
    save(photo((40, 30)), tmp_path / "locked.png")
    remote = '<image xlink:href="http://example.com/a.png" width="9" height="9"/>'
    (tmp_path / "remote.svg").write_text(SVG.format(remote))
    os.mkfifo(tmp_path / "pipe.webp")
    locked = str(tmp_path / "locked.png")
    real_open = reader.os.open

    def refusing_open(path, *args, **kwargs):  # what chmod 000 does to anyone but root
        if str(path) == locked:
            raise PermissionError(13, "Permission denied")
        return real_open(path, *args, **kwargs)

    monkeypatch.setattr(reader.os, "open", refusing_open)
    with pytest.raises(CngenError) as error:
        read_pictures(tmp_path)
    headline, *lines = str(error.value).splitlines()
    assert headline == f"{tmp_path}: 8 files cannot be used as pictures: fix each as its line says, or move it out " \
                       "of the folder"
    assert len(lines) == 8
    by_name = {Path(line.strip().split(" ")[0].rstrip(":")).name: line for line in lines}
    assert set(by_name) == {"bomb.png", "cut.jpg", "cut.png", "large.png", "letter.png", "locked.png", "pipe.webp",
                            "remote.svg"}
    assert "claims more than 80 million pixels" in by_name["bomb.png"]
    assert "is 9,000 x 9,000 pixels, more than the 80 million cngen decodes: scale it down" in by_name["large.png"]
    assert "is cut short or damaged" in by_name["cut.jpg"] and "save it again" in by_name["cut.jpg"]
    assert "is cut short or damaged" in by_name["cut.png"]
    assert "is not a PNG, JPEG, WebP or TIFF image, whatever its name says" in by_name["letter.png"]
    assert "cannot read the picture (Permission denied): let cngen read it, or move it out" in by_name["locked.png"]
    assert "is not a regular file" in by_name["pipe.webp"]
    assert "'http://example.com/a.png'" in by_name["remote.svg"] and "never fetches" in by_name["remote.svg"]
    assert all(line.startswith(f"  {tmp_path}/") for line in lines)


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads a file whatever its permissions")
def test_a_file_without_read_permission_is_refused_with_the_fix(tmp_path):
    path = save(photo((40, 30)), tmp_path / "locked.png")
    path.chmod(0)
    with pytest.raises(CngenError, match="locked.png: cannot read the picture .*: let cngen read it, or move it out"):
        read_pictures(tmp_path)


def test_a_decompression_bomb_is_refused_from_its_header_without_decoding_it(tmp_path, monkeypatch):
    monkeypatch.setitem(reader.LIMITS, "picture", 2**20)  # the reader's buffer is the limit: keep it small here
    (tmp_path / "bomb.png").write_bytes(png_claiming(50_000, 50_000))
    (tmp_path / "large.png").write_bytes(png_claiming(10_000, 8_001))
    tracemalloc.start()
    try:
        for name in ("bomb.png", "large.png"):
            with pytest.raises(CngenError, match="million"):
                read_picture(tmp_path / name)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 5 * 2**20
    # Nothing global was changed to get there.
    assert Image.MAX_IMAGE_PIXELS == 89_478_485 and ImageFile.LOAD_TRUNCATED_IMAGES is False
    assert MAX_PIXELS < Image.MAX_IMAGE_PIXELS


def test_a_picture_file_larger_than_the_limit_is_refused_before_it_is_read_whole(tmp_path, monkeypatch):
    monkeypatch.setitem(reader.LIMITS, "picture", 1000)
    save(photo((100, 100)), tmp_path / "big.png")
    with pytest.raises(CngenError, match=r"big.png is larger than 0 MB, the most cngen reads as a picture: save it"):
        read_pictures(tmp_path)


def test_a_picture_that_changed_after_it_was_read_is_refused_when_drawn(tmp_path):
    path = save(photo((40, 30)), tmp_path / "a.png")
    picture = read_picture(path)
    save(photo((40, 30), seed=3), path)
    with pytest.raises(CngenError, match="a.png changed while cngen was using it: run cngen again"):
        open_raster(picture)


# SVG pictures.

HOSTILE_SVGS = {
    "a local file as an image": ('<image href="file:///etc/passwd" width="9" height="9"/>', "never fetches"),
    "a relative file": ('<image xlink:href="photo.png" width="9" height="9"/>', "'photo.png'"),
    "another drawing's shapes": ('<use xlink:href="other.svg#shape"/>', "'other.svg#shape', outside itself"),
    "a web address in a fill": ('<rect width="9" height="9" fill="url(http://example.com/p.svg#g)"/>',
                                "'http://example.com/p.svg#g' in url()"),
    "a file in a style": ('<rect width="9" height="9" style="fill: url(\'paint.svg#g\')"/>', "'paint.svg#g'"),
    "an imported style sheet": ('<style>@import url(http://example.com/a.css); rect {fill: red}</style>',
                                "imports a style sheet (@import)"),
    "a web font": ('<style>@font-face {font-family: F; src: url(http://example.com/f.woff)}</style>', "url()"),
    "an XInclude": ('<xi:include xmlns:xi="http://www.w3.org/2001/XInclude" href="other.svg"/>',
                    "includes other files"),
    "an embedded raster image": ('<image xlink:href="data:image/png;base64,iVBORw0KGgo=" width="9" height="9"/>',
                                 "holds a raster image"),
    "text": ('<text x="1" y="9">Spy</text>', "holds text, which would print in whatever font"),
    "a loop of uses": ('<g id="a"><use xlink:href="#b"/></g><g id="b"><use xlink:href="#a"/></g>',
                       "refer to themselves in a loop"),
    "nesting too deep": ("<g>" * 70 + SQUARE + "</g>" * 70, "more than 64 deep"),
    "no size": ("", None),
}


@pytest.mark.parametrize("name", HOSTILE_SVGS)
def test_an_svg_that_reaches_outside_itself_is_refused_and_nothing_is_fetched(tmp_path, name):
    body, expected = HOSTILE_SVGS[name]
    text = SVG.format(body) if name != "no size" else '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"/>'
    (tmp_path / "photo.png").write_bytes(b"never to be read")
    path = tmp_path / "hostile.svg"
    path.write_text(text)
    with pytest.raises(CngenError) as error:
        read_picture(path)
    message = str(error.value)
    assert message.startswith(f"{path} ")
    assert ": " in message
    if expected:
        assert expected in message
    else:
        assert "has no size: give its <svg> element a viewBox, or a width and a height" in message


def test_xml_entities_are_never_expanded_nor_fetched(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the password")
    external = (f'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file://{secret}">]>'
                + SVG.format('<title>&x;</title>' + SQUARE))
    laughs = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">'
              '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>' + SVG.format('<title>&c;</title>' + SQUARE))
    for name, text in (("external.svg", external), ("laughs.svg", laughs)):
        (tmp_path / name).write_text(text)
        with pytest.raises(CngenError) as error:
            read_picture(tmp_path / name)
        assert "declares XML entities (<!ENTITY>), which cngen never expands" in str(error.value)
        assert "password" not in str(error.value)


def test_an_svg_that_links_a_style_sheet_is_refused(tmp_path):
    path = tmp_path / "styled.svg"
    path.write_text('<?xml-stylesheet href="http://example.com/a.css" type="text/css"?>' + SVG.format(SQUARE))
    with pytest.raises(CngenError, match=r"links a style sheet \(<\?xml-stylesheet\?>\)"):
        read_picture(path)


def test_uses_that_multiply_into_millions_of_shapes_are_refused_before_svglib_sees_them(tmp_path):
    levels = [f'<g id="l0">{SQUARE}</g>']
    for level in range(1, 8):
        levels.append(f'<g id="l{level}">' + f'<use xlink:href="#l{level - 1}"/>' * 10 + "</g>")
    path = tmp_path / "bomb.svg"
    path.write_text(SVG.format("<defs>" + "".join(levels) + "</defs>" + '<use xlink:href="#l7"/>'))
    with pytest.raises(CngenError, match="would draw more than 100,000 shapes once its <use> copies are made"):
        read_picture(path)


def test_a_malformed_or_foreign_svg_is_refused_with_the_fix(tmp_path):
    cases = {"broken.svg": '<svg xmlns="http://www.w3.org/2000/svg"><rect></svg>',
             "page.svg": "<html><body>a web page</body></html>", "empty.svg": ""}
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(CngenError) as error:
        read_pictures(tmp_path)
    lines = str(error.value).splitlines()[1:]
    assert len(lines) == 3
    assert any("broken.svg is not well-formed SVG" in line and "save it again" in line for line in lines)
    assert any("page.svg is not an SVG drawing" in line for line in lines)
    assert any("empty.svg" in line for line in lines)


def test_scripts_and_event_handlers_are_left_out_with_a_note(tmp_path):
    path = tmp_path / "busy.svg"
    path.write_text(SVG.format('<script>alert("hello")</script>'
                               '<a href="http://example.com/"><rect width="9" height="9" onclick="go()"/></a>'
                               '<foreignObject><p xmlns="http://www.w3.org/1999/xhtml">hi</p></foreignObject>'))
    found = read_pictures(tmp_path)
    assert found.notes == ("busy.svg: its scripts and HTML content were left out: they never print",
                           "busy.svg: its event handlers (onclick...) were left out: they never print")
    drawing = open_vector(found.pictures[0])
    assert (drawing.width, drawing.height) == (30.0, 22.5)


def test_svglib_warnings_become_notes_and_stay_off_the_terminal(tmp_path, capfd):
    (tmp_path / "odd.svg").write_text(SVG.format('<rect width="9" height="9" fill="not-a-colour"/>'))
    logger = logging.getLogger("svglib")
    propagate = logger.propagate
    found = read_pictures(tmp_path)
    assert len(found.notes) == 1 and found.notes[0].startswith("odd.svg: drawn with a warning: ")
    assert "not-a-colour" in found.notes[0]
    assert capfd.readouterr().err == ""
    assert logger.propagate == propagate and not logger.handlers


def test_a_vector_picture_is_a_fresh_drawing_on_each_call(tmp_path):
    (tmp_path / "a.svg").write_text(SVG.format(SQUARE))
    picture = read_pictures(tmp_path).pictures[0]
    first, second = open_vector(picture), open_vector(picture)
    assert first is not second
    assert (first.width, first.height) == picture.size == (30.0, 22.5)


# Fitting.

def test_cover_fills_the_box_and_cuts_the_overflow_evenly():
    crop, placed = fit_picture((4000, 3000), Box(10, 20, 100, 100), "cover")
    assert crop == (500.0, 0.0, 3500.0, 3000.0) and placed == Box(10, 20, 100, 100)
    crop, placed = fit_picture((3000, 4000), Box(0, 0, 200, 100), "cover")
    assert crop == (0.0, 1250.0, 3000.0, 2750.0)
    assert (crop[2] - crop[0]) / (crop[3] - crop[1]) == pytest.approx(placed.width / placed.height)


def test_contain_shows_the_whole_picture_centred():
    crop, placed = fit_picture((4000, 3000), Box(10, 20, 100, 100), "contain")
    assert crop == (0.0, 0.0, 4000.0, 3000.0)
    assert placed == Box(10, 32.5, 100, 75)
    crop, placed = fit_picture((30, 40), Box(0, 0, 120, 80), "contain")
    assert placed == Box(30, 0, 60, 80)


def test_fitting_refuses_what_cannot_be_fitted():
    with pytest.raises(ValueError):
        fit_picture((10, 10), BOX, "stretch")
    with pytest.raises(ValueError):
        fit_picture((0, 10), BOX, "cover")


# Orientation, size and resolution.

@pytest.mark.parametrize("fmt", ["JPEG", "PNG"])
def test_a_portrait_photo_stored_on_its_side_comes_out_upright(tmp_path, fmt):
    stored = Image.new("RGB", (400, 200), (220, 20, 20))
    stored.paste((20, 20, 220), (200, 0, 400, 200))  # left half red, right half blue
    exif = Image.Exif()
    exif[0x0112] = 6  # shown turned a quarter clockwise: the stored left is the top
    path = save(stored, tmp_path / f"portrait.{fmt.lower()}", format=fmt, exif=exif)
    picture = read_picture(path)
    assert picture.size == (200, 400)
    tall = Box(0, 0, 40 * MM, 80 * MM)
    crop, placed = fit_picture(picture.size, tall, "cover")
    ready = prepare_raster(open_raster(picture), crop, (placed.width, placed.height), 100, False, WHITE)
    image = decoded(ready)
    assert image.height > image.width
    top, bottom = image.getpixel((image.width // 2, 5)), image.getpixel((image.width // 2, image.height - 5))
    assert top[0] > 180 and top[2] < 60
    assert bottom[2] > 180 and bottom[0] < 60


def test_a_crop_fitted_to_the_stored_size_rather_than_the_upright_one_is_refused(tmp_path):
    exif = Image.Exif()
    exif[0x0112] = 6
    picture = read_picture(save(photo((400, 200)), tmp_path / "side.jpg", exif=exif))
    crop, placed = fit_picture((400, 200), BOX, "contain")
    with pytest.raises(ValueError, match="Picture.size"):
        prepare_raster(open_raster(picture), crop, (placed.width, placed.height), 300, False, WHITE)


@pytest.fixture(scope="module")
def big_jpeg(tmp_path_factory) -> Path:
    """A 12-megapixel camera JPEG, made once for the tests that read it (making it takes most
    of a second); each test reads it afresh."""
    return save(photo((4000, 3000)), tmp_path_factory.mktemp("big") / "big.jpg", quality=90)


def test_resolution_is_capped_at_the_dpi_and_never_raised(tmp_path, big_jpeg):
    big = read_picture(big_jpeg)
    small = read_picture(save(photo((300, 300)), tmp_path / "small.jpg", quality=90))
    for dpi, side in ((300, 685), (150, 343)):
        crop, placed = fit_picture(big.size, BOX, "cover")
        ready = prepare_raster(open_raster(big), crop, (placed.width, placed.height), dpi, False, WHITE)
        assert ready.size == (side, side) and decoded(ready).size == (side, side)
        assert ready.dpi == pytest.approx(dpi, abs=0.5)
    crop, placed = fit_picture(small.size, BOX, "cover")
    ready = prepare_raster(open_raster(small), crop, (placed.width, placed.height), 300, False, WHITE)
    assert ready.size == (300, 300)
    assert ready.dpi == pytest.approx(300 / (58 / 25.4))  # 131: the caller warns below 150


def test_a_big_jpeg_is_decoded_at_a_reduced_scale(big_jpeg, monkeypatch):
    picture = read_picture(big_jpeg)
    image = open_raster(picture)
    asked = []
    real_draft = type(image).draft
    monkeypatch.setattr(type(image), "draft",
                        lambda self, mode, size: asked.append(size) or real_draft(self, mode, size))
    crop, placed = fit_picture(picture.size, BOX, "cover")
    prepare_raster(image, crop, (placed.width, placed.height), 300, False, WHITE)
    assert asked == [(1000, 750)]  # a quarter: 750 pixels still cover the 685 the card needs
    assert image.size == (1000, 750)


def test_twice_the_pixels_give_about_the_same_bytes(tmp_path):
    master = photo((2400, 2400))
    sizes = []
    for side in (1400, 1980):  # 1.96 million pixels, then 3.92 million
        path = save(master.resize((side, side), Image.Resampling.LANCZOS), tmp_path / f"{side}.jpg", quality=92)
        picture = read_picture(path)
        crop, placed = fit_picture(picture.size, BOX, "cover")
        sizes.append(len(prepare_raster(open_raster(picture), crop, (placed.width, placed.height), 300, False,
                                        WHITE).data))
    assert abs(sizes[1] - sizes[0]) / sizes[0] < 0.10


# Pixel kinds and colour.

def test_every_kind_of_pixel_prints_in_cmyk_and_never_rgb():
    palette = Image.new("P", (40, 40))
    palette.putpalette([200, 30, 30, 20, 20, 200] + [0] * 762)
    palette.paste(1, (0, 0, 20, 40))
    images = {"RGB": photo((50, 40)), "RGBA": Image.new("RGBA", (40, 40), (0, 0, 255, 128)), "P": palette,
              "L": Image.linear_gradient("L").resize((40, 40)), "LA": Image.new("LA", (40, 40), (30, 100)),
              "I;16": Image.new("I;16", (40, 40), 40000), "1": Image.new("1", (40, 40), 1),
              "CMYK": Image.new("CMYK", (40, 40), (10, 200, 30, 5))}
    for mode, image in images.items():
        ready = prepared(image, cmyk=True, box=Box(0, 0, 20 * MM, 20 * MM), ground=CREAM)
        assert ready.mode == "CMYK" and decoded(ready).mode == "CMYK", mode
        home = prepared(image, box=Box(0, 0, 20 * MM, 20 * MM), ground=CREAM)
        assert home.mode in ("RGB", "L") and decoded(home).mode == home.mode, mode


def test_a_pure_red_prints_as_magenta_and_yellow_and_a_grey_stays_neutral():
    red = decoded(prepared(Image.new("RGB", (60, 60), (255, 0, 0)), cmyk=True))
    cyan, magenta, yellow, black = middle(red)
    assert magenta > 200 and yellow > 200 and cyan < 20 and black < 20
    assert middle(decoded(prepared(Image.new("RGB", (60, 60), (255, 0, 0))))) == (255, 0, 0)

    grey = decoded(prepared(Image.new("RGB", (60, 60), (128, 128, 128)), cmyk=True))
    to_lab = ImageCms.buildTransform(press_profile(), ImageCms.createProfile("LAB"), "CMYK", "LAB")
    lightness, a, b = middle(ImageCms.applyTransform(grey, to_lab))
    assert abs(a - 128) <= 3 and abs(b - 128) <= 3  # Lab's a and b are stored from 128
    assert 40 < lightness * 100 / 255 < 65

    for level, lowest, highest in ((255, 0, 0), (128, 90, 150), (0, 255, 255)):
        ink = middle(decoded(prepared(Image.new("L", (60, 60), level), cmyk=True)))
        assert ink[:3] == (0, 0, 0) and lowest <= ink[3] <= highest  # a greyscale photo prints in black alone


def test_an_adobe_inverted_cmyk_jpeg_comes_out_its_own_colour(tmp_path):
    cyan = Image.new("CMYK", (400, 300), (255, 0, 0, 0))
    cyan.paste(photo((400, 150)).convert("CMYK"), (0, 150))  # enough colours to stay a JPEG
    path = save(cyan, tmp_path / "cyan.jpg", quality=95)
    data = path.read_bytes()
    assert b"Adobe" in data[:64]  # the APP14 marker Photoshop writes
    stored = Image.open(path)
    stored.tile = [stored.tile[0]._replace(args=("CMYK", ""))]  # the samples as stored, not inverted back
    stored.load()
    assert stored.getpixel((10, 10)) == (0, 255, 255, 255)  # inverted, as Adobe stores them

    picture = read_picture(path)
    crop, placed = fit_picture(picture.size, Box(0, 0, 40 * MM, 30 * MM), "cover")
    home = decoded(prepare_raster(open_raster(picture), crop, (placed.width, placed.height), 100, False, WHITE))
    red, green, blue = home.getpixel((10, 10))
    assert red < 60 and green > 120 and blue > 200
    press = prepare_raster(open_raster(picture), crop, (placed.width, placed.height), 100, True, WHITE, "FOGRA39")
    assert press.format == "JPEG"
    ink = decoded(press).getpixel((10, 10))
    assert ink[0] > 235 and max(ink[1:]) < 20

    # In a PDF, as ReportLab embeds it: pikepdf reads the inks back, pdfium paints cyan.
    pdf = io.BytesIO()
    canvas = Canvas(pdf, pagesize=(400, 300), invariant=1)
    canvas.drawImage(ImageReader(io.BytesIO(press.data)), 0, 0, 400, 300)
    canvas.showPage()
    canvas.save()
    with pikepdf.open(io.BytesIO(pdf.getvalue())) as document:
        (image,) = document.pages[0].Resources.XObject.values()
        assert image.ColorSpace == pikepdf.Name.DeviceCMYK
        read_back = pikepdf.PdfImage(image).as_pil_image()
        assert read_back.mode == "CMYK" and read_back.getpixel((10, 10))[0] > 235
    page = pypdfium2.PdfDocument(pdf.getvalue())[0]
    painted = page.render(scale=1).to_pil().getpixel((20, 20))
    assert painted[0] < 60 and painted[2] > 200


def test_sixteen_bit_palette_and_transparent_pictures_come_out_right():
    mid_grey = decoded(prepared(Image.new("I;16", (60, 60), 32896)))
    assert mid_grey.mode == "L" and middle(mid_grey) == 128

    palette = Image.new("P", (60, 60), 1)
    palette.putpalette([0, 0, 0, 200, 30, 30] + [0] * 762)
    palette.paste(0, (0, 0, 30, 60))
    palette.info["transparency"] = 0  # the left half see-through
    flat = decoded(prepared(palette, ground=CREAM))
    assert flat.getpixel((5, 30)) == (240, 230, 199) and flat.getpixel((55, 30)) == (200, 30, 30)

    grey_alpha = Image.new("LA", (60, 60), (0, 128))
    on_white = decoded(prepared(grey_alpha))
    assert on_white.mode == "L" and abs(middle(on_white) - 127) <= 1
    on_cream = decoded(prepared(grey_alpha, ground=CREAM))
    assert on_cream.mode == "RGB" and middle(on_cream) == pytest.approx((120, 115, 99), abs=1)

    blue = decoded(prepared(Image.new("RGBA", (60, 60), (0, 0, 255, 128)), ground=WHITE))
    assert middle(blue) == pytest.approx((127, 127, 255), abs=1)


def test_an_embedded_colour_profile_is_honoured_at_home_and_at_the_press(tmp_path):
    colour = Image.new("RGB", (60, 60), (60, 170, 90))
    path = save(colour, tmp_path / "wide.png", icc_profile=ADOBE_RGB)
    picture = read_picture(path)
    assert picture.notes == ()
    expected = ImageCms.profileToProfile(colour, io.BytesIO(ADOBE_RGB), ImageCms.createProfile("sRGB"),
                                         renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                         flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    crop, placed = fit_picture(picture.size, BOX, "cover")
    home = decoded(prepare_raster(open_raster(picture), crop, (placed.width, placed.height), 100, False, WHITE))
    assert middle(home) == pytest.approx(middle(expected), abs=1)
    assert max(abs(x - y) for x, y in zip(middle(home), (60, 170, 90))) > 10  # Adobe RGB's green is wider

    untagged = decoded(prepared(colour, cmyk=True))
    tagged = decoded(prepare_raster(open_raster(picture), crop, (placed.width, placed.height), 100, True, WHITE))
    assert middle(tagged) != middle(untagged)


def test_a_damaged_colour_profile_is_noted_and_the_colours_taken_as_srgb(tmp_path):
    path = save(Image.new("RGB", (60, 60), (60, 170, 90)), tmp_path / "odd.png", icc_profile=b"not a profile" * 20)
    found = read_pictures(tmp_path)
    assert found.notes == ("odd.png: its colour profile is damaged, so its colours are taken as sRGB",)
    crop, placed = fit_picture(found.pictures[0].size, BOX, "cover")
    home = decoded(prepare_raster(open_raster(found.pictures[0]), crop, (placed.width, placed.height), 100, False,
                                  WHITE))
    assert middle(home) == (60, 170, 90)
    assert path.exists()


def test_the_ink_limit_holds_in_every_pixel():
    black = Image.new("RGB", (60, 60), (0, 0, 0))
    full = middle(decoded(prepared(black, cmyk=True)))
    assert sum(full) * 100 / 255 == pytest.approx(300, abs=2)  # the profile's own limit
    limited = prepared(black, cmyk=True, ink_limit=240)
    assert limited.format == "TIFF"  # one colour: lossless, so the limit is exact
    pixels = decoded(limited)
    access = pixels.load()
    assert max(sum(access[x, y]) for x in range(pixels.width) for y in range(pixels.height)) * 100 / 255 <= 240
    assert middle(pixels)[3] == full[3]  # black is kept, the other inks give way


def test_the_same_picture_gives_the_same_bytes(tmp_path):
    picture = read_picture(save(photo((800, 600)), tmp_path / "a.jpg", quality=90))
    crop, placed = fit_picture(picture.size, BOX, "cover")
    for cmyk in (False, True):
        runs = {prepare_raster(open_raster(picture), crop, (placed.width, placed.height), 300, cmyk, WHITE,
                               "FOGRA39").data for _ in range(2)}
        assert len(runs) == 1
    ready = prepare_raster(open_raster(picture), crop, (placed.width, placed.height), 300, True, WHITE, "FOGRA39")
    assert ready.format == "JPEG" and b"ICC_PROFILE" not in ready.data and b"Exif" not in ready.data


def test_a_picture_record_is_frozen():
    picture = Picture("a.png", Path("a.png"), "a.png", "raster", "PNG", "0" * 64, (1, 1))
    with pytest.raises(AttributeError):
        picture.name = "b.png"  # type: ignore[misc]
