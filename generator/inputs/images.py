"""The one reader of picture folders: the PNG, JPEG, WebP, TIFF and SVG files a user gives for
picture cards, each read through the one reader of files and checked before anything is drawn.
(Named images, not pictures: that is a game's name, which jobs/ and output/ never write.)

A folder is read whole before it is refused: every file that cannot be used is one line of a
single message, so a user fixes them all in one go. A photo is decoded once here (a JPEG at an
eighth of its size, which still reads every byte of it) to know it is whole; its pixels are
not kept, nor are its bytes: ``open_raster`` reads the file again when the card is drawn and
checks that it is still the file that was read, so a folder of a hundred photos is never in
memory at once.

What is refused, and why:

* a raster image larger than ``MAX_PIXELS``: its header is read first, and a decompression bomb
  (a small file that claims 50,000 x 50,000 pixels) is refused before a pixel is decoded;
* a file that Pillow cannot decode to the end (a cut-short download, a damaged file), or whose
  pixels are of a kind cngen cannot print (floating-point, Lab);
* an SVG that refers to anything outside itself: another file, a web address, a style sheet,
  an XML entity, an embedded raster image (it would reach a press file unchecked and in RGB),
  or text (its look would depend on the fonts of the machine, and a press file must embed
  every font). Nothing an SVG names is ever fetched, whatever it says.

Scripts and event handlers in an SVG are removed rather than refused: no PDF runs them and
svglib ignores them, so the picture prints the same without them, and a note says so.
"""

from __future__ import annotations

import functools
import hashlib
import io
import logging
import math
import os
import pickle
import re
import unicodedata
import warnings
from pathlib import Path
from typing import Any

import msgspec
from lxml import etree
from PIL import Image, ImageCms, UnidentifiedImageError

from ..errors import CngenError, first_few, quoted
from .reader import read_input

RASTER_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".webp", ".tif", ".tiff"})
VECTOR_SUFFIXES = frozenset({".svg"})
PICTURE_SUFFIXES = RASTER_SUFFIXES | VECTOR_SUFFIXES
FORMATS_SHOWN = "PNG, JPEG, WebP, TIFF or SVG"
# What Pillow may decode a picture as, whatever its suffix says: never one of its other
# plugins (EPS would run Ghostscript). Pillow opens a multi-picture JPEG (many phones') as MPO.
RASTER_FORMATS = ("PNG", "JPEG", "WEBP", "TIFF")
# The largest raster picture decoded: 10,000 x 8,000, beyond any camera but the largest. Below
# Pillow's own warning threshold, so Pillow's bomb guard never has to speak for us.
MAX_PIXELS = 80_000_000
# Pixel kinds that print: everything Pillow gives for PNG, JPEG, WebP and TIFF but floating
# point, Lab and signed 16-bit, whose range says nothing about how light a pixel is.
PRINTABLE_MODES = frozenset({"1", "L", "LA", "La", "P", "PA", "RGB", "RGBA", "RGBa", "RGBX", "CMYK", "YCbCr",
                             "I", "I;16", "I;16L", "I;16B", "I;16N"})
# Files a system leaves in folders, skipped without a word (names starting with "." are too).
SYSTEM_FILES = frozenset({"thumbs.db", "desktop.ini", "icon\r"})
SKIPPED_SHOWN = 5  # skipped files named in the note; the rest are counted
# SVG drawings kept for the process (``_kept_svg``): a deck's worth of small pictures, a few
# megabytes for the bundled deck's and under 80 whatever the files (a larger file is drawn anew).
DRAWINGS_KEPT = 400
KEPT_SVG_BYTES = 32 * 1024  # the bundled deck's largest drawing is 16 KB (72 KB pickled)
ORIENTATION_TAG = 0x0112
# How an EXIF orientation is undone: the picture as its camera held it.
TRANSPOSITIONS = {
    2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180, 4: Image.Transpose.FLIP_TOP_BOTTOM,
    5: Image.Transpose.TRANSPOSE, 6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE,
    8: Image.Transpose.ROTATE_90,
}
# What an embedded colour profile must describe for each kind of pixel.
PROFILE_SPACES = {"RGB": "RGB", "L": "GRAY", "CMYK": "CMYK"}
PROFILE_CLASSES = frozenset({"scnr", "mntr", "prtr", "spac"})
DAMAGED = "damaged"  # a profile that cannot be read

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
XINCLUDE_NS = "http://www.w3.org/2001/XInclude"
CSS_PIXEL = 72 / 96  # in points: an SVG's user unit, as svglib sizes a drawing
MAX_SVG_ELEMENTS = 100_000  # counting every copy a <use> makes: what svglib builds and the PDF draws
MAX_SVG_DEPTH = 64  # svglib, ReportLab and the card's painter each walk the drawing recursively
MAX_USE_CHAIN = 32
SVG_WARNINGS_KEPT = 3  # svglib's warnings noted per file
TEXT_ELEMENTS = frozenset({"text", "tspan", "textPath", "tref", "flowRoot", "flowPara", "flowSpan"})
REMOVED_ELEMENTS = frozenset({"script", "foreignObject"})  # never drawn by svglib: left out, with a note
URL = re.compile(r"""url\(\s*(['"]?)(.*?)\1\s*\)""", re.IGNORECASE | re.DOTALL)
PLAIN_SVG = "save it again as plain SVG (Inkscape: Save As, Plain SVG)"
SELF_CONTAINED = "put what it needs inside the drawing itself, then save it as plain SVG"


class Picture(msgspec.Struct, frozen=True):
    """One picture of a folder, checked: a good image, neither too large nor hostile.

    ``size`` is what fitting needs: for a raster picture its pixels as it is shown (EXIF
    orientation applied: a portrait photo stored on its side is taller than wide), for a vector
    one its drawing's width and height in points. ``digest`` (SHA-256 of the file) tells two
    files of the same picture apart from two pictures. The bytes are read again when drawn
    (``open_raster``, ``open_vector``), and must still have this digest."""

    name: str  # the file's name in its folder: the picture's key
    path: Path
    source: str  # the path as messages show it
    kind: str  # "raster" or "vector"
    format: str  # "PNG", "JPEG", "WEBP", "TIFF" or "SVG"
    digest: str
    size: tuple[float, float]
    notes: tuple[str, ...] = ()  # what the summary should mention (without the name)


class PictureFolder(msgspec.Struct, frozen=True):
    folder: Path
    pictures: tuple[Picture, ...]  # sorted by name
    skipped: tuple[str, ...] = ()  # names of files that are not pictures (hidden files left out)
    notes: tuple[str, ...] = ()  # one line each, for the run's summary


class _Refused(Exception):
    """A file that cannot be used: ``line`` names it, says what is wrong and the fix."""

    def __init__(self, line: str):
        super().__init__(line)
        self.line = line


def read_pictures(folder: Path, ours: bool = False) -> PictureFolder:
    """Every picture of ``folder`` (not its subfolders), sorted by name, each checked; a
    CngenError listing every file that cannot be used, one line each, if any cannot.
    ``ours``: cngen's own picture deck, whose drawings tests/test_picture_deck.py holds to
    every check a user's SVG gets: each is sized from its viewBox, not drawn by svglib (nine
    tenths of a check's time) only to be drawn again on its card."""
    names = _list_folder(folder)
    pictures: list[Picture] = []
    problems: list[str] = []
    skipped: list[str] = []
    for name in sorted(names, key=name_order):
        path = folder / name
        if not _looked_at(path):
            continue
        if _kind(name) is None:
            skipped.append(name)
            continue
        try:
            pictures.append(_read(path, name, ours))
        except _Refused as refused:
            problems.append(refused.line)
    if problems:
        count = f"{len(problems):,} files" if len(problems) > 1 else "1 file"
        used_as = "pictures" if len(problems) > 1 else "a picture"
        raise CngenError(f"{shown(folder)}: {count} cannot be used as {used_as}: "
                         "fix each as its line says, or move it out of the folder\n"
                         + "\n".join(f"  {line}" for line in problems))
    if not pictures:
        others = f" (only {_listed(skipped)})" if skipped else ""
        raise CngenError(f"{shown(folder)} holds no pictures{others}: put {FORMATS_SHOWN} files in it, "
                         "or give the folder that holds them")
    notes = []
    if skipped:
        notes.append(f"{shown(folder)}: skipped {len(skipped):,} file{'s' if len(skipped) > 1 else ''} that "
                     f"{'are' if len(skipped) > 1 else 'is'} not {FORMATS_SHOWN}: {_listed(skipped)}")
    notes.extend(f"{shown(picture.name)}: {note}" for picture in pictures for note in picture.notes)
    return PictureFolder(folder, tuple(pictures), tuple(skipped), tuple(notes))


def picture_files(folder: Path) -> list[Path]:
    """The files ``read_pictures`` reads in ``folder``, without reading them: what no output of
    the run may replace. None if the folder cannot be listed (reading it says why)."""
    try:
        names = _list_folder(folder)
    except CngenError:
        return []
    return [folder / name for name in names if _looked_at(folder / name) and _kind(name) is not None]


def read_picture(path: Path, ours: bool = False) -> Picture:
    """One picture file, checked as a folder's are; a CngenError naming it if it cannot be used.
    ``ours``: one of cngen's own drawings, sized by its viewBox instead of drawn to be measured
    (it is drawn when used)."""
    try:
        return _read(path, path.name, ours)
    except _Refused as refused:
        raise CngenError(refused.line) from None


def open_raster(picture: Picture) -> Image.Image:
    """The picture's image, opened but not yet decoded, as stored (EXIF orientation not yet
    applied): ``output.raster.prepare_raster`` decodes it at the scale it needs (a JPEG's draft
    mode) and turns it upright. Fit it with ``picture.size``, not the image's own size."""
    data = picture_bytes(picture)
    try:
        return Image.open(io.BytesIO(data), formats=RASTER_FORMATS)
    except Exception as error:  # checked when read: only a changed Pillow gets here
        raise CngenError(f"{picture.source} cannot be opened ({error}): save it again from the original") from None


def open_vector(picture: Picture) -> Any:
    """The picture as a ReportLab Drawing, a new one on each call (the caller may repaint it)."""
    data = picture_bytes(picture)
    try:
        return pickle.loads(_kept_svg(data)[0]) if len(data) <= KEPT_SVG_BYTES else _drawn_svg(data)[0]
    except _Refused as refused:
        raise CngenError(f"{picture.source} {refused.line}") from None


def picture_bytes(picture: Picture) -> bytes:
    """The picture's file, read again, and refused if it is no longer the file that was checked."""
    data = read_input(picture.path, "vector picture" if picture.kind == "vector" else "picture")
    if hashlib.sha256(data).hexdigest() != picture.digest:
        raise CngenError(f"{picture.source} changed while cngen was using it: run cngen again once the "
                         "pictures are in place")
    return data


def orientation(image: Image.Image) -> int:
    """The EXIF orientation (1 to 8) of an opened image; 1 when it has none or a broken one.
    Reads a JPEG's header only; a PNG keeps its EXIF after the pixels, so it is decoded."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = image.getexif().get(ORIENTATION_TAG, 1)
    except Exception:
        return 1
    return value if value in TRANSPOSITIONS else 1


def name_order(name: str) -> tuple[Any, ...]:
    """How pictures are sorted, the same on every system: by name as Unicode composes it (macOS
    decomposes accents), ignoring case, with numbers in order (photo-2 before photo-10), then
    by the exact name."""
    folded = unicodedata.normalize("NFC", name).casefold()
    parts = tuple(int(part) if index % 2 else part for index, part in enumerate(re.split(r"(\d+)", folded)))
    return parts, name


def shown(value: str | Path) -> str:
    """A path or name as messages show it: control characters escaped, so a file name with a
    newline or an undecodable byte stays on its line and prints on any terminal."""
    text = str(value)
    return "".join(char if char.isprintable() or char == " " else char.encode("unicode_escape",
                   "backslashreplace").decode("ascii") for char in text)


def _list_folder(folder: Path) -> list[str]:
    try:
        with os.scandir(folder) as entries:
            return [entry.name for entry in entries]
    except FileNotFoundError:
        raise CngenError(f"{shown(folder)}: no such folder: check the path of the picture folder") from None
    except NotADirectoryError:
        raise CngenError(f"{shown(folder)} is a file, not a folder: give the folder that holds the pictures "
                         f"({FORMATS_SHOWN} files)") from None
    except OSError as error:
        raise CngenError(f"{shown(folder)}: cannot list the picture folder ({error.strerror or error}): let cngen "
                         "read it, or copy the pictures to a folder it can read") from None


def _looked_at(path: Path) -> bool:
    """Whether a folder's entry is read or named as skipped: hidden files, the files a system
    leaves in folders, and subfolders are passed over without a word."""
    name = path.name
    return not (name.startswith(".") or name.casefold() in SYSTEM_FILES or _is_folder(path))


def _is_folder(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:
        return False


def _kind(name: str) -> str | None:
    suffix = os.path.splitext(name)[1].lower()
    if suffix in RASTER_SUFFIXES:
        return "raster"
    if suffix in VECTOR_SUFFIXES:
        return "vector"
    return None


def _listed(names: list[str]) -> str:
    return first_few(names, SKIPPED_SHOWN, shown)


def _read(path: Path, name: str, ours: bool = False) -> Picture:
    kind = _kind(name)
    source = shown(path)
    what = "vector picture" if kind == "vector" else "picture"
    try:
        data = read_input(path, what)
    except CngenError as error:
        message = shown(str(error))
        if "cannot read" in message:
            message += ": let cngen read it, or move it out of the folder"
        elif "larger than" in message:
            message += ": save it smaller"
        raise _Refused(message) from None
    digest = hashlib.sha256(data).hexdigest()
    try:
        if kind == "vector":
            size, notes = _sized_by_view_box(data) if ours else _check_svg(data)
            return Picture(name, path, source, "vector", "SVG", digest, size, tuple(notes))
        image_format, size, notes = _check_raster(data)
        return Picture(name, path, source, "raster", image_format, digest, size, tuple(notes))
    except _Refused as refused:
        raise _Refused(f"{source} {refused.line}") from None


# Raster pictures.

def _check_raster(data: bytes) -> tuple[str, tuple[float, float], list[str]]:
    """(format, size as shown, notes) of a good raster image; _Refused (its line without the
    file's name) for a bad one."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            image = Image.open(io.BytesIO(data), formats=RASTER_FORMATS)
        except Image.DecompressionBombError:
            raise _Refused(f"claims more than {MAX_PIXELS // 1_000_000} million pixels, the most cngen decodes: "
                           "scale it down (a card prints well from 1,000 pixels a side)") from None
        except UnidentifiedImageError:
            raise _Refused("is not a PNG, JPEG, WebP or TIFF image, whatever its name says: save it as one, "
                           "or move it out of the folder") from None
        except Exception as error:
            raise _Refused(f"is damaged ({_reason(error)}): save it again from the original") from None
        bomb = any(issubclass(warning.category, Image.DecompressionBombWarning) for warning in caught)
        width, height = image.size
        if bomb or width * height > MAX_PIXELS:
            raise _Refused(f"is {width:,} x {height:,} pixels, more than the {MAX_PIXELS // 1_000_000} million "
                           "cngen decodes: scale it down (a card prints well from 1,000 pixels a side)")
        if width < 1 or height < 1:
            raise _Refused("has no pixels: save it again from the original")
        if image.mode not in PRINTABLE_MODES:
            raise _Refused(f"has pixels of a kind cngen cannot print ({image.mode}): save it as 8-bit RGB")
        try:
            if image.format in ("JPEG", "MPO"):
                image.draft(image.mode, (max(width // 8, 1), max(height // 8, 1)))
            image.load()  # the first frame of an animation or a multi-page TIFF: the one printed
        except Image.DecompressionBombError:
            raise _Refused(f"claims more than {MAX_PIXELS // 1_000_000} million pixels, the most cngen decodes: "
                           "scale it down (a card prints well from 1,000 pixels a side)") from None
        except Exception as error:
            raise _Refused(f"is cut short or damaged ({_reason(error)}): save it again from the original, "
                           "or download it again") from None
        turned = orientation(image) in (5, 6, 7, 8)
        problem = _profile(image)
    notes = [problem] if problem else []
    return image.format or "", ((height, width) if turned else (width, height)), notes


def _profile(image: Image.Image) -> str | None:
    """Why the embedded profile cannot be used, if there is one that cannot."""
    data = image.info.get("icc_profile")
    if not data:
        return None
    family = {"RGB": "RGB", "RGBA": "RGB", "RGBX": "RGB", "RGBa": "RGB", "P": "RGB", "PA": "RGB", "YCbCr": "RGB",
              "CMYK": "CMYK"}.get(image.mode, "L")
    assumed = "as made for the press" if family == "CMYK" else "as sRGB"
    problem = profile_problem(data, family)
    if problem is None:
        return None
    if problem == DAMAGED:
        return f"its colour profile is damaged, so its colours are taken {assumed}"
    return (f"its colour profile is for {problem} colours, not its own {family} pixels, so its colours are "
            f"taken {assumed}")


def profile_problem(data: bytes, family: str) -> str | None:
    """None when ``data`` is a profile for pixels of ``family`` (RGB, CMYK or L) that a colour
    transform can use; else DAMAGED, or the colours it is for ("CMYK")."""
    try:
        header = ImageCms.ImageCmsProfile(io.BytesIO(data)).profile
        space, device_class = header.xcolor_space.strip(), header.device_class
    except Exception:
        return DAMAGED
    if space != PROFILE_SPACES[family] or device_class not in PROFILE_CLASSES:
        return space or "another"
    return None


def _reason(error: Exception) -> str:
    text = str(error).strip() or type(error).__name__
    return shown(text[:120])


# SVG pictures.

def _check_svg(data: bytes) -> tuple[tuple[float, float], list[str]]:
    """(size, notes) of a good SVG, drawn to be measured; _Refused where it cannot be used."""
    if len(data) <= KEPT_SVG_BYTES:
        _, size, kept = _kept_svg(data)
        return size, list(kept)
    drawing, notes = _drawn_svg(data)
    return (drawing.width, drawing.height), notes


def _drawn_svg(data: bytes) -> tuple[Any, list[str]]:
    """svglib's drawing of the SVG checked, with notes on what was taken out and what it warned."""
    root, notes = _sanitised_svg(data)
    drawing, logged = _render_svg(root)
    return drawing, notes + logged


# A small SVG is checked and drawn once a process: a folder is checked before its deck is drawn,
# and a deck, its rules sheet's example and an export draw the same pictures; unpickling a
# drawing costs a twentieth of reading and drawing it again.
@functools.lru_cache(maxsize=DRAWINGS_KEPT)
def _kept_svg(data: bytes) -> tuple[bytes, tuple[float, float], tuple[str, ...]]:
    """The drawing of a small SVG, pickled (cngen's own pickle of what svglib drew, never a
    file's), with its size and notes."""
    drawing, notes = _drawn_svg(data)
    return pickle.dumps(drawing, protocol=pickle.HIGHEST_PROTOCOL), (drawing.width, drawing.height), tuple(notes)


def _sized_by_view_box(data: bytes) -> tuple[tuple[float, float], list[str]]:
    """One of cngen's own drawings, sized as svglib sizes it: its viewBox in CSS pixels, where
    the root states no width or height (each of ours); any other is checked and drawn as a
    user's is."""
    try:
        root = etree.fromstring(data, _svg_parser())
        if root.get("width") is None and root.get("height") is None:
            _, _, width, height = map(float, root.get("viewBox", "").replace(",", " ").split())
            return (width * CSS_PIXEL, height * CSS_PIXEL), []
    except (etree.LxmlError, ValueError):  # not what ours are (unreadable, no viewBox of four numbers): as a user's
        pass
    return _check_svg(data)


def _svg_parser() -> etree.XMLParser:
    """lxml's parser for a user's SVG: it resolves, loads and fetches nothing."""
    return etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False,
                           dtd_validation=False, remove_comments=True, recover=False)


def _sanitised_svg(data: bytes) -> tuple[Any, list[str]]:
    """The SVG parsed without resolving, loading or fetching anything, and checked: its root
    element with scripts and event handlers taken out, and notes saying what was taken out."""
    if b"<!ENTITY" in data:
        raise _Refused(f"declares XML entities (<!ENTITY>), which cngen never expands: {PLAIN_SVG}")
    try:
        root = etree.fromstring(data, _svg_parser())
    except etree.XMLSyntaxError as error:
        raise _Refused(f"is not well-formed SVG ({_reason(error)}): save it again from the program that made it") \
            from None
    except Exception as error:  # lxml's other refusals: an empty file, a huge text node
        raise _Refused(f"cannot be read as SVG ({_reason(error)}): save it again from the program that made it") \
            from None
    if root is None or not isinstance(root.tag, str) or etree.QName(root).localname != "svg" \
            or etree.QName(root).namespace not in (SVG_NS, None):
        raise _Refused(f"is not an SVG drawing (its outermost element is not <svg>): {PLAIN_SVG}")
    dtd = root.getroottree().docinfo.internalDTD
    if dtd is not None and any(True for _ in dtd.iterentities()):  # type: ignore[union-attr]  # lxml-stubs lack it
        raise _Refused(f"declares XML entities (<!ENTITY>), which cngen never expands: {PLAIN_SVG}")
    for sibling in root.itersiblings(preceding=True):
        if sibling.tag is etree.PI and sibling.target.lower() == "xml-stylesheet":
            raise _Refused(f"links a style sheet (<?xml-stylesheet?>), which cngen never fetches: {SELF_CONTAINED}")
    removed, handlers = _walk_svg(root)
    _count_drawn(root)
    notes = []
    if removed:
        notes.append("its scripts and HTML content were left out: they never print")
    if handlers:
        notes.append("its event handlers (onclick...) were left out: they never print")
    return root, notes


def _walk_svg(root: Any) -> tuple[int, int]:
    """Every element checked, depth first; scripts, HTML content and event handlers taken out.
    Returns how many elements and handlers were taken out."""
    removed = handlers = 0
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > MAX_SVG_DEPTH:
            raise _Refused(f"nests its elements more than {MAX_SVG_DEPTH} deep: ungroup some of its groups "
                           "(Inkscape: Object > Ungroup)")
        name = etree.QName(element)
        if name.namespace == XINCLUDE_NS:
            raise _Refused(f"includes other files (<xi:include>), which cngen never fetches: {SELF_CONTAINED}")
        if name.localname in REMOVED_ELEMENTS:
            element.getparent().remove(element)
            removed += 1
            continue
        if name.localname in TEXT_ELEMENTS and "".join(element.itertext()).strip():
            raise _Refused("holds text, which would print in whatever font the machine has: convert the text "
                           "to paths (Inkscape: Path > Object to Path; Illustrator: Create Outlines)")
        if name.localname == "image":
            reference = (element.get(XLINK_HREF) or element.get("href") or "").strip()
            if reference.startswith("data:"):
                raise _Refused("holds a raster image (<image>): cngen draws SVG pictures from their shapes only: "
                               "give the image as its own PNG or JPEG file")
            raise _Refused(f"shows another file ({_quoted(reference)}), which cngen never fetches: give that file "
                           "as its own picture, or embed its shapes")
        for attribute, value in list(element.attrib.items()):
            local = etree.QName(attribute).localname
            if local.lower().startswith("on"):
                del element.attrib[attribute]
                handlers += 1
            elif local == "href":
                target = value.strip()
                if name.localname == "a":  # a link is never followed: drawn as its content alone
                    del element.attrib[attribute]
                elif not target.startswith("#"):
                    raise _Refused(f"refers to {_quoted(target)}, outside itself, which cngen never fetches: "
                                   f"{SELF_CONTAINED}")
            else:
                _check_css(value)
        if name.localname == "style":
            _check_css(element.text or "")
        stack.extend((child, depth + 1) for child in reversed(element) if isinstance(child.tag, str))
    return removed, handlers


def _check_css(text: str) -> None:
    if "@import" in text.lower():
        raise _Refused(f"imports a style sheet (@import), which cngen never fetches: {SELF_CONTAINED}")
    for _, target in URL.findall(text):
        if not target.strip().startswith("#"):
            raise _Refused(f"refers to {_quoted(target.strip())} in url(), which cngen never fetches: {SELF_CONTAINED}")


def _quoted(text: str) -> str:
    return quoted(text, 60)


def _count_drawn(root: Any) -> None:
    """Refuse a drawing that would have more than MAX_SVG_ELEMENTS elements once every <use>
    is replaced by a copy of what it names: a few hundred bytes of nested <use> can ask for
    billions of shapes. Cycles are refused too."""
    ids: dict[str, Any] = {}
    for element in root.iter():
        if isinstance(element.tag, str) and element.get("id") is not None:
            ids.setdefault(element.get("id"), element)
    sizes: dict[Any, int] = {}

    def size(element: Any, chain: tuple[Any, ...]) -> int:
        if element in sizes:
            return sizes[element]
        if element in chain:
            raise _Refused(f"has <use> elements that refer to themselves in a loop: {PLAIN_SVG}")
        if len(chain) > MAX_USE_CHAIN:
            raise _Refused(f"chains <use> elements more than {MAX_USE_CHAIN} deep: {PLAIN_SVG}")
        total = 0
        for node in element.iter():
            if not isinstance(node.tag, str):
                continue
            total += 1
            if etree.QName(node).localname == "use":
                reference = (node.get(XLINK_HREF) or node.get("href") or "").strip()
                target = ids.get(reference[1:]) if reference.startswith("#") else None
                if target is not None:
                    total += size(target, (*chain, element))
            if total > MAX_SVG_ELEMENTS:
                raise _Refused(f"would draw more than {MAX_SVG_ELEMENTS:,} shapes once its <use> copies are "
                               "made: simplify it")
        sizes[element] = total
        return total

    size(root, ())


class _Collected(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.messages.append(shown(record.getMessage()))
        except Exception:  # a message that cannot be formatted says nothing useful
            pass


def _render_svg(root: Any) -> tuple[Any, list[str]]:
    """svglib's drawing of the checked tree, with the warnings it logged (kept off the
    terminal). svglib is given no file name, so it cannot open any file itself."""
    from svglib.svglib import SvgRenderer

    logger = logging.getLogger("svglib")
    collected = _Collected()
    propagate = logger.propagate
    logger.addHandler(collected)
    logger.propagate = False
    try:
        drawing = SvgRenderer(None).render(root)  # type: ignore[arg-type]  # no file: the SVG names none
    except Exception as error:
        raise _Refused(f"cannot be drawn ({_reason(error)}): {PLAIN_SVG}") from None
    finally:
        logger.removeHandler(collected)
        logger.propagate = propagate
    width, height = float(drawing.width), float(drawing.height)
    if not (math.isfinite(width) and math.isfinite(height) and width > 0 and height > 0):
        raise _Refused("has no size: give its <svg> element a viewBox, or a width and a height")
    notes = [f"drawn with a warning: {message}" for message in dict.fromkeys(collected.messages)]
    return drawing, notes[:SVG_WARNINGS_KEPT]

