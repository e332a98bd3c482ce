"""Picture cards' faces: each picture of a folder fitted to the card's window (cover or
contain), made ready for the file once (a photo resampled to the resolution it prints at and
converted to the file's colour space; an SVG's colours converted), paired and drawn once as a form."""

from __future__ import annotations

import math
from typing import Any, Sequence

from ..draw.picturecard import Art, PictureCardArtist, RasterArt, VectorArt, ready_for_file
from ..draw.sheet import CardFaces
from ..draw.theme import rgb_of
from ..errors import UsageError, first_few
from ..geometry.pictureface import picture_face_layout, window_fits
from ..geometry.picturefit import fit_picture, whole_box
from ..geometry.sheet import Box
from ..inputs.images import Picture, PictureFolder, open_raster, open_vector, shown
from ..model.rng import make_rng, shuffled
from ..output.raster import prepare_raster
from ..units import format_mm
from .kind import DrawnCards, FaceRequest, pair_faces

SHARP_DPI = 150  # a photo printed with fewer pixels an inch than this looks soft: say so
SOFT_SHOWN = 5  # photos named in the note on soft photos; the rest are counted
PROGRESS_FROM = 40  # photos take a moment each: say what is happening from this many
# The photos a run holds ready for its file, encoded: ReportLab keeps a document in memory until
# it is saved, in about five copies all told, so this keeps any picture job within 500 MB
# (docs/speed.md). At --dpi 300 on 64 mm cards it is some 450 detailed phone photos, 2,500 smooth ones.
MOST_PHOTO_BYTES = 64 * 2**20


def picture_faces(found: PictureFolder, request: FaceRequest, title: str) -> DrawnCards:
    """The folder's cards drawn for ``request``: each picture made ready for the file in the
    theme's colour space, paired in name order (or shuffled by the seed), blanks last; with
    the note on photos that print soft."""
    pictures = list(found.pictures)
    if request.seed is not None:
        pictures = shuffled(pictures, make_rng(request.seed))
    card_size, sized_by = request.card_size, request.sized_by
    layout = picture_face_layout(*card_size, bleed=request.bleed)
    if not window_fits(layout):
        raise UsageError(f"a {format_mm(card_size[0])} x {format_mm(card_size[1])} mm card is "
                         "too small to show a picture"
                         + (f": choose a larger {sized_by}, e.g. 64x64mm" if sized_by else ""))
    progress = request.progress if len(pictures) >= PROGRESS_FROM else lambda step: None
    progress(f"preparing {len(pictures):,} pictures for the cards")
    art, soft = prepared_art(pictures, layout.window, layout.vector_box, request)
    names = [picture.name for picture in pictures]
    faces = [(pair.front, pair.back) for pair in pair_faces(names, request.blanks)]
    named = {name: name for name in names}
    cards = CardFaces(title, card_size, faces, PictureCardArtist(layout, art, request.theme), named=named)
    return DrawnCards(cards, tuple(names), tuple(soft), request.font)


def prepared_art(pictures: Sequence[Picture], window: Box, vector_box: Box,
                 request: FaceRequest) -> tuple[dict[str, Art], list[str]]:
    """Each picture made ready for the file, fitted to ``window`` (a drawing to ``vector_box``),
    one at a time (a folder of photos is never in memory at once), and a warning for each photo
    that prints soft. Refused as soon as the photos made ready come to more than a run may hold
    (``MOST_PHOTO_BYTES``)."""
    theme, limit = request.theme, request.ink_limit
    ground = rgb_of(theme.label)
    art: dict[str, Art] = {}
    soft: list[str] = []
    held = 0
    for done, picture in enumerate(pictures, start=1):
        if picture.kind == "vector":
            drawing = ready_for_file(open_vector(picture), theme, limit, request.font.name)
            art[picture.name] = _vector(vector_box, request.fit, drawing)
            continue
        image = open_raster(picture)
        crop, placed = fit_picture(picture.size, window, request.fit)  # as shown: EXIF's turn applied
        ready = prepare_raster(image, crop, (placed.width, placed.height), request.dpi, request.cmyk, ground,
                               request.condition, ink_limit=limit)
        del image
        art[picture.name] = RasterArt(ready.data, placed)
        held += len(ready.data)
        if held > MOST_PHOTO_BYTES:
            raise _too_many_bytes(held, done, len(pictures), request.dpi, request.card_size, request.sized_by)
        if ready.dpi < SHARP_DPI:
            soft.append(f"{shown(picture.name)} ({ready.dpi:.0f} dpi)" if ready.dpi >= 0.5 else
                        f"{shown(picture.name)} (under 1 dpi)")  # a sliver of a very long picture, covering the card
    return art, _soft_note(soft)


def _too_many_bytes(held: int, done: int, count: int, dpi: int, card_size: tuple[float, float],
                    sized_by: str | None) -> UsageError:
    """Why a folder's photos are refused, and the --dpi at which they would fit: a photo's bytes
    go with its pixels, the square of the dpi."""
    expected = held / done * count
    fitting = int(dpi * math.sqrt(MOST_PHOTO_BYTES / expected) * 0.9 / 10) * 10  # a tenth to spare
    lower = f"a lower --dpi (about {fitting})" if fitting >= 72 else "fewer photos a file"
    smaller = f", smaller cards ({sized_by})" if sized_by else ""
    size = f"{format_mm(card_size[0])} x {format_mm(card_size[1])} mm"
    return UsageError(f"the photos would hold about {expected / 2**20:,.0f} MB in the file at {dpi} dpi on "
                      f"{size} cards ({held / 2**20:,.0f} MB in the first {done:,} of {count:,}), more than the "
                      f"{MOST_PHOTO_BYTES // 2**20} MB a run holds so that it stays within 500 MB of memory: "
                      f"use {lower}{smaller}, or split the folder into decks of their own")


def _soft_note(soft: list[str]) -> list[str]:
    """One note for every photo that prints soft, naming the first few."""
    if not soft:
        return []
    named = first_few(soft, SOFT_SHOWN)
    verb = "prints" if len(soft) == 1 else "print"
    return [f"{named} {verb} below the {SHARP_DPI} dpi that looks sharp on paper: use a larger image, "
            "or a smaller --card-size"]


def _vector(vector_box: Box, fit: str, drawing: Any) -> VectorArt:
    """A drawing is clipped, never cut: with cover, the whole of it is placed so that the part
    shown fills the box, and the rest is clipped away."""
    size = (drawing.width, drawing.height)
    crop, placed = fit_picture(size, vector_box, fit)
    whole = crop == (0.0, 0.0, float(size[0]), float(size[1]))
    return VectorArt(drawing, placed if whole else whole_box(size, crop, placed), clip=None if whole else placed)
