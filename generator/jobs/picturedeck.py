"""A picture deck's pictures: the folder (the user's, or cngen's own) read and checked by the
one reader of pictures, as every job that deals or prints them checks it."""

from __future__ import annotations

from ..errors import CngenError
from ..inputs.bundled import picture_deck_path
from ..inputs.images import PictureFolder, read_pictures, shown
from ..settings.options import DeckOptions
from ..units import plural

OUR_DECK = "cngen's picture deck"  # how messages name the bundled deck, never by its installed path


def checked_pictures(options: DeckOptions, least: int) -> PictureFolder:
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
