"""The picture deck: from a folder of pictures (the user's, or cngen's own) to the bytes of a
print-ready, double-sided PDF of picture cards.

Each picture is read and checked by the one reader of pictures, fitted to the card's window
(cover or contain), made ready for the file once (a photo resampled to the resolution it
prints at and converted to the file's colour space; an SVG's colours converted), and drawn
once as a form."""

from __future__ import annotations

import math
from typing import Any, Callable, Sequence

from ..draw.picturecard import Art, PictureCardArtist, RasterArt, VectorArt, ready_for_file
from ..draw.sheet import CardFaces
from ..draw.theme import Theme, rgb_of
from ..errors import CngenError, UsageError, first_few
from ..geometry.pictureface import PictureFaceLayout, picture_face_layout, window_fits
from ..geometry.picturefit import fit_picture, whole_box
from ..inputs.bundled import picture_deck_path
from ..inputs.images import Picture, PictureFolder, open_raster, open_vector, read_pictures, shown
from ..model.rng import make_rng, shuffled
from ..output.raster import prepare_raster
from ..settings.declarations import is_cmyk
from ..settings.options import DeckOptions
from ..typeface.font import Font
from ..units import format_mm, plural
from .cards import card_printing, card_theme, ink_limit, output_condition, print_cards
from .codenames import DeckResult, pair_faces
from .sources import load_font

OUR_DECK = "cngen's picture deck"  # how messages name the bundled deck, never by its installed path
SHARP_DPI = 150  # a photo printed with fewer pixels an inch than this looks soft: say so
SOFT_SHOWN = 5  # photos named in the note on soft photos; the rest are counted
PROGRESS_FROM = 40  # photos take a moment each: say what is happening from this many
# The photos a run holds ready for its file, encoded: ReportLab keeps a document in memory until
# it is saved, in about five copies all told, so this keeps any picture job within 500 MB
# (docs/speed.md). At --dpi 300 on 64 mm cards it is some 450 detailed phone photos, 2,500 smooth ones.
MOST_PHOTO_BYTES = 64 * 2**20


def build_picture_deck(options: DeckOptions, least: int,
                       progress: Callable[[str], None] = lambda step: None) -> DeckResult:
    """The deck's PDF; ``least``: the pictures a game needs on the table, so a smaller folder is
    refused before anything is drawn."""
    sheet = options.sheet
    printing = card_printing(options.card_size, sheet)
    theme = card_theme(sheet, options.style)
    font = load_font(options.font, lang=options.style.lang)  # the press sheets' slug line, and the font drawings start in
    cards, found, pictures, soft = picture_cards(options, least, printing.card_size, printing.bleed, theme, font,
                                                 progress, options.sized_by)
    printed = print_cards(cards.title, printing, cards.faces, cards.artist, theme, sheet, options.style, font,
                          progress=progress)
    return DeckResult(
        pdf=printed.pdf,
        source=str(options.images) if options.images is not None else OUR_DECK,
        words=len(pictures),
        cards=len(cards.faces),
        blank_cards=options.blanks,
        blank_back=len(pictures) % 2 == 1,
        dropped=0,
        list_name="",
        language="",
        sheets=printed.sheets,
        pages=printed.pages,
        plan=printing.plan,
        images=printed.images,
        notes=(tuple(found.notes) if options.images is not None else ()) + tuple(soft),
        noun="picture",
    )


def picture_cards(options: DeckOptions, least: int, card_size: tuple[float, float], bleed: float, theme: Theme,
                  font: Font, progress: Callable[[str], None] = lambda step: None,
                  sized_by: str | None = "--card-size", found: PictureFolder | None = None
                  ) -> tuple[CardFaces, PictureFolder, list[Picture], list[str]]:
    """The deck's cards drawn at ``card_size`` with ``bleed``: the folder read and checked, each
    picture made ready for the file in ``theme``'s colour space, paired in name order (or
    shuffled by the deck's seed), blanks last; with the folder, its pictures in the order they
    are paired, and the note on soft photos. ``sized_by``: the option that sets the cards' size,
    for messages to advise (None where no option does); ``found``: the folder, if already read
    and checked (``picture_source``)."""
    found = found or _checked_pictures(options, least)
    pictures = list(found.pictures)
    if options.seed is not None:
        pictures = shuffled(pictures, make_rng(options.seed))
    layout = picture_face_layout(*card_size, bleed=bleed)
    if not window_fits(layout):
        raise UsageError(f"a {format_mm(card_size[0])} x {format_mm(card_size[1])} mm card is "
                         "too small to show a picture"
                         + (f": choose a larger {sized_by}, e.g. 64x64mm" if sized_by else ""))
    if len(pictures) < PROGRESS_FROM:
        progress = lambda step: None  # noqa: E731 - a few pictures are ready before a message helps
    progress(f"preparing {len(pictures):,} pictures for the cards")
    art, soft = _art(pictures, layout, options, theme, font.name, card_size, sized_by)
    pairs = pair_faces([picture.name for picture in pictures], options.blanks)
    faces = [(pair.front, pair.back) for pair in pairs]
    named = {picture.name: picture.name for picture in pictures}
    return CardFaces("Picture cards", card_size, faces, PictureCardArtist(layout, art, theme), named=named), \
        found, pictures, soft


def picture_source(options: DeckOptions, least: int) -> tuple[PictureFolder, str, tuple[str, ...]]:
    """The deck's pictures, read and checked as the deck checks them, where they come from, and
    the reader's notes on a folder of the user's."""
    found = _checked_pictures(options, least)
    source = shown(options.images) if options.images is not None else OUR_DECK
    return found, source, tuple(found.notes) if options.images else ()


def count_pictures(options: DeckOptions, least: int) -> int:
    """How many pictures the deck would print, checked as the deck checks them, without
    drawing it (a rules sheet printed on its own counts them)."""
    return len(_checked_pictures(options, least).pictures)


def _checked_pictures(options: DeckOptions, least: int) -> PictureFolder:
    """The deck's pictures, read by the one reader; a folder too small for one game is refused,
    and so are two files of the same picture: it would lie on the table twice."""
    found = read_pictures(options.images or picture_deck_path(), ours=options.images is None)
    pictures = found.pictures
    where = shown(options.images) if options.images else OUR_DECK
    if len(pictures) < least:
        found_here = "no pictures" if not pictures else f"only {plural(len(pictures), 'picture')}"
        raise CngenError(f"{where} holds {found_here}, and a game lays out {least}: add pictures to the folder "
                         "(PNG, JPEG, WebP, TIFF or SVG files)")
    first: dict[str, str] = {}
    repeats = []
    for picture in pictures:
        earlier = first.setdefault(picture.digest, picture.name)
        if earlier != picture.name:
            repeats.append(f"  {shown(picture.name)} is the same picture as {shown(earlier)}")
    if repeats:
        raise CngenError(f"{where}: {len(repeats):,} picture{'s are' if len(repeats) > 1 else ' is'} in the folder "
                         "twice, and would lie on the table twice: remove the copies\n" + "\n".join(repeats))
    return found


def _art(pictures: Sequence[Picture], layout: PictureFaceLayout, options: DeckOptions, theme: Theme,
         font_name: str, card_size: tuple[float, float], sized_by: str | None) -> tuple[dict[str, Art], list[str]]:
    """Each picture made ready for the file, one at a time (a folder of photos is never in
    memory at once), and a warning for each photo that prints soft. Refused as soon as the
    photos made ready come to more than a run may hold (``MOST_PHOTO_BYTES``)."""
    cmyk = is_cmyk(options.sheet.profile)
    condition = output_condition(options.sheet) if cmyk else None
    limit = ink_limit(options.sheet)
    ground = rgb_of(theme.label)
    art: dict[str, Art] = {}
    soft: list[str] = []
    held = 0
    for done, picture in enumerate(pictures, start=1):
        if picture.kind == "vector":
            drawing = ready_for_file(open_vector(picture), theme, limit, font_name)
            art[picture.name] = _vector(layout, options.fit, drawing)
            continue
        image = open_raster(picture)
        crop, placed = fit_picture(picture.size, layout.window, options.fit)  # as shown: EXIF's turn applied
        ready = prepare_raster(image, crop, (placed.width, placed.height), options.dpi, cmyk, ground, condition,
                               ink_limit=limit)
        del image
        art[picture.name] = RasterArt(ready.data, placed)
        held += len(ready.data)
        if held > MOST_PHOTO_BYTES:
            raise _too_many_bytes(held, done, len(pictures), options.dpi, card_size, sized_by)
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


def _vector(layout: PictureFaceLayout, fit: str, drawing: Any) -> VectorArt:
    """A drawing is clipped, never cut: with cover, the whole of it is placed so that the part
    shown fills the box, and the rest is clipped away."""
    size = (drawing.width, drawing.height)
    crop, placed = fit_picture(size, layout.vector_box, fit)
    whole = crop == (0.0, 0.0, float(size[0]), float(size[1]))
    return VectorArt(drawing, placed if whole else whole_box(size, crop, placed), clip=None if whole else placed)
