"""A deck's pictures: the folder of a picture deck (the user's, or cngen's own), or the pictures
a word list's entries name, read and checked by the one reader of pictures, as every job that
deals or prints them checks them."""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path

from ..errors import CngenError, UsageError, quoted
from ..inputs.bundled import PICTURE_WORDS, picture_deck_path
from ..inputs.images import (
    FORMATS_SHOWN,
    PICTURE_SUFFIXES,
    Picture,
    PictureFolder,
    picture_files,
    read_picture,
    read_pictures,
    shown,
)
from ..model.words import Problem, WordList, raise_problems
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
        raise CngenError(f"{where} holds {found_here}, and a game lays out {least} (on double-sided cards, "
                         f"{2 * least - 1} pictures or more make its {least} cards): add pictures to the folder "
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


def named_pictures(options: DeckOptions, words: WordList) -> PictureFolder:
    """The pictures a word list's entries name, each read by the one reader of pictures: a
    spreadsheet's picture column's files in --images, or cngen's own for its picture words.
    Every name that is no file of the folder, or reaches outside it, and every file that cannot
    be used, is reported with its row and column among the list's other problems."""
    named = [entry for entry in words.entries if entry.picture]
    if options.words is None:  # the bundled picture words: cngen's pictures, in place
        if options.images is not None:  # the settings refuse it first; a caller of the jobs may not
            raise UsageError(f"--images gives the pictures of a spreadsheet's picture column, and the bundled deck "
                             f"'{PICTURE_WORDS}' brings cngen's own: leave --images out")
        return PictureFolder(picture_deck_path(), tuple(read_picture(picture_deck_path() / name, ours=True)
                                                        for name in dict.fromkeys(entry.picture for entry in named)))
    folder = options.images
    if folder is None:
        first = named[0]
        raise UsageError(f"{words.source} names pictures in its picture column (row {first.line}: "
                         f"{quoted(first.picture)}): give the folder that holds them with --images DIR")
    files = _folder_files(folder)
    found: dict[str, Picture] = {}
    problems: list[Problem] = []
    for entry in named:
        if entry.picture in found:
            continue
        problem = _picture_problem(folder, entry.picture, files)
        if problem is None:
            try:
                found[entry.picture] = read_picture(folder / files[unicodedata.normalize("NFC", entry.picture)])
                continue
            except CngenError as error:
                problem = str(error)
        problems.append(Problem(entry.line, problem, "picture files", words.picture_column))
    raise_problems(words, problems)
    notes = tuple(f"{shown(picture.name)}: {note}" for picture in found.values() for note in picture.notes)
    return PictureFolder(folder, tuple(found.values()), notes=notes)


def _folder_files(folder: Path) -> dict[str, str]:
    """The folder's files by their names composed as Unicode composes them (macOS decomposes
    accents), each to its name as stored."""
    return {unicodedata.normalize("NFC", path.name): path.name for path in picture_files(folder)}


def _picture_problem(folder: Path, name: str, files: dict[str, str]) -> str | None:
    """Why a row's picture cannot be read from ``folder``, or None: it must be one of the
    folder's picture files, in the folder itself (a link to elsewhere is refused)."""
    key = unicodedata.normalize("NFC", name)
    if os.path.splitext(name)[1].lower() not in PICTURE_SUFFIXES:
        return f"the picture {quoted(name)} is not a {FORMATS_SHOWN} file: name the picture's file, with its extension"
    if key not in files:
        alike = [stored for composed, stored in files.items() if composed.casefold() == key.casefold()]
        hint = f": did you mean {quoted(alike[0])}? (capitals count)" if alike else \
            ": check its name, or add the file to the folder"
        return f"{shown(folder)} has no picture {quoted(name)}{hint}"
    path = folder / files[key]
    if not Path(os.path.realpath(path)).is_relative_to(Path(os.path.realpath(folder))):
        return (f"the picture {quoted(name)} in {shown(folder)} is a link to a file outside the folder: copy the "
                "picture itself into the folder")
    return None
