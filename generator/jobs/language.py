"""The kit's language: which labels, tile names and rules text it prints, and how it writes
capitals. Settled once a run (``settle_language``) and handed to every component.

A kit is in the language the user names (--lang), else in its deck's, else in English. cngen
ships labels, tile names and rules in a few languages; in any other, the capitals still follow
the language (Turkish, Greek...) while the words fall back to English, and ``notes`` says so.
"""

from __future__ import annotations

import functools
from pathlib import Path
from types import MappingProxyType
from typing import Mapping, Sequence

import msgspec
from msgspec.structs import replace

from ..errors import CngenError
from ..games.game import Game
from ..inputs.bundled import (
    ENGLISH,
    LANGUAGE_FILE,
    bundled_fonts,
    deck_paths,
    labels_path,
    language_paths,
    languages_folder,
    picture_deck_files,
)
from ..inputs.reader import read_input, source_name
from ..model.capitals import capitals, primary
from ..model.counts import CountStyle
from ..model.labels import TEXT_KEYS, Labels, parse_labels, parse_tile_names, require_every_key
from ..model.languages import LanguageFile, parse_language_file
from ..model.tiles import TileFace, TileText
from ..model.typography import Typography
from ..settings.declarations import DEFAULT_TITLE
from ..settings.options import Style

GAME_TITLE = "title"  # the key of the game's own name in the file of its tile names


class Language(msgspec.Struct, frozen=True):
    """What a kit prints in its language: labels, tile names, capitals, and notes on what fell
    back to English."""

    code: str  # a language tag as given: "fr", "pt-br"
    labels: Labels
    tiles: Labels  # the game's tile names, and its title as the language writes it (GAME_TITLE)
    english: Labels  # English's labels, for cngen's own messages
    sharp_s: str = "ss"
    notes: tuple[str, ...] = ()

    def capitals(self, text: str) -> str:
        return capitals(text, self.code, self.sharp_s)

    def tile_name(self, noun: str) -> str:
        """A tile's printed name: "red agent" -> "AGENT ROUGE" in French."""
        return self.capitals(self.tiles.text(noun))

    @property
    def game_title(self) -> str:
        """The game's name in the language: "Codenames Duett" in German."""
        return self.tiles.text(GAME_TITLE)

    def face_words(self, face: TileFace, texts: Sequence[TileText]) -> tuple[str, str | None]:
        """What a face prints: an edition's name in the language's capitals, as the roles' are
        (else the role's name, as the language says it), and its line as the edition wrote it."""
        text = texts[face.character] if face.character is not None else None
        if text is None:
            return self.tile_name(face.name), None
        return self.capitals(text.name) if text.name else self.tile_name(face.name), text.line


def settle_language(game: Game, chosen: str | None, deck_language: str = "", sharp_s: str = "ss") -> Language:
    """The language named by --lang, else the deck's, else English, with its labels and the
    game's tile names and title read once."""
    code = chosen or deck_language or ENGLISH
    english = require_every_key(_labels(labels_path(ENGLISH)), list(TEXT_KEYS), "languages/en/labels.yaml")
    nouns = tile_nouns(game)
    english_path = game.tile_names(ENGLISH)
    english_names = require_every_key(read_texts(english_path, nouns), nouns, shipped_name(english_path)).texts
    # The game declares its English title; the other languages' files may name it their way.
    english_tiles = Labels(ENGLISH, {**english_names, GAME_TITLE: game.title})
    keys = [*nouns, GAME_TITLE]
    language = primary(code)
    if language == ENGLISH:
        return Language(code, english, english_tiles, english, sharp_s)
    path = labels_path(language)
    if path is None:
        note = f"cngen has no labels in '{code}': the tiles and card backs are printed in English"
        return Language(code, english, english_tiles, english, sharp_s, (note,))
    labels = _labels(path, english)
    tiles_path = game.tile_names(language)
    tiles = read_texts(tiles_path, keys, english_tiles) if tiles_path.is_file() else \
        Labels(language, english_tiles.texts, tuple(english_tiles.texts))
    notes = tuple(f"{shipped_name(path)} has no '{key}': it is printed in English" for key in labels.missing) + \
        tuple(f"{shipped_name(tiles_path)} has no '{key}': it is printed in English" for key in tiles.missing)
    return Language(code, labels, tiles, english, sharp_s, notes)


def titled(style: Style, language: Language) -> Style:
    """``style`` with the kit's title: the user's (--title, cngen.yaml, an edition), else the
    game's name in the kit's language (its labels' title: Krycí jména in Czech), which
    English's, the setting's default, is."""
    if style.title_from or style.title != DEFAULT_TITLE:  # given, or none at all
        return style
    return replace(style, title=language.labels.text("title"))


def tile_nouns(game: Game) -> list[str]:
    """Every name the game's tiles print, each once, in the set's order, then the names its
    tiles print at its other tables (a third and a fourth team's), which its
    files of tile names hold for every table."""
    return list(dict.fromkeys([*(face.name for kind in game.tiles for face in (kind.front, kind.back)),
                               *game.other_tile_nouns]))


def _labels(path: Path | None, english: Labels | None = None) -> Labels:
    assert path is not None, "cngen ships languages/en/labels.yaml"
    return parse_labels(read_input(path, "labels"), source_name(path), english, style=_count_style(path))


def read_texts(path: Path, keys: Sequence[str], english: Labels | None = None, counts: Sequence[str] = ()) -> Labels:
    """A shipped file of texts holding ``keys`` (a game's tile names, an export's texts) and
    ``counts``, texts of a count with its noun's forms, with ``english``'s for any it lacks."""
    style = _count_style(path) if counts else CountStyle()
    return parse_tile_names(read_input(path, "labels"), source_name(path), keys, english, counts, style)


def _count_style(path: Path) -> CountStyle:
    """How the language of the folder holding ``path`` writes a count (English's way needs no
    language file read)."""
    code = path.parent.name
    return CountStyle() if code == ENGLISH else shipped_languages().count_style(code)


def shipped_name(path: Path) -> str:
    """A shipped file as notes name it: from the folder that ships it ("languages/fr/labels.yaml",
    "languages/de/duet-tiles.yaml"), where a language's folder is (else its folder and name)."""
    parts = path.parts
    root = len(parts) - 1 - parts[::-1].index("languages") if "languages" in parts else len(parts) - 2
    return "/".join(parts[root:])


# --- The languages cngen ships ------------------------------------------------------------------


class Shipped(msgspec.Struct, frozen=True):
    """The languages cngen ships, by code, sorted, as their folders' language.yaml declare them."""

    languages: Mapping[str, LanguageFile]

    def find(self, tag: str | None) -> LanguageFile | None:
        """The language for a tag ("fr-CA": its own folder, else its language's), if shipped."""
        tag = (tag or ENGLISH).replace("_", "-").lower()
        return self.languages.get(tag) or self.languages.get(primary(tag))

    def deck(self, tag: str | None) -> str:
        """The bundled deck in the tag's language, else the English one."""
        return (self.find(tag) or self.languages[ENGLISH]).deck

    def count_styles(self) -> dict[str, CountStyle]:
        """How each language writes a count where CLDR does not say, by code."""
        return {code: language.counting for code, language in self.languages.items()}

    def count_style(self, tag: str | None) -> CountStyle:
        """How the tag's language writes a count, else English's way."""
        chosen = self.find(tag)
        return chosen.counting if chosen else CountStyle()

    def fonts(self, tag: str | None) -> Mapping[str, str]:
        """The bundled fonts the tag's language names its own, by style (none: cngen's Fira Sans)."""
        chosen = self.find(tag)
        return chosen.fonts if chosen else {}

    def typography(self, tag: str | None) -> Typography:
        """The typography of the tag's language, else English's."""
        chosen = self.find(tag)
        return chosen.typography if chosen else Typography()


def shipped_languages() -> Shipped:
    """Every language cngen ships, read from its folder's language.yaml; English is always one."""
    files = tuple((code, path, _stamp(path)) for code, path in language_paths().items())
    return _read_shipped(files, tuple(deck_paths()), bundled_fonts())


def _stamp(path: Path) -> tuple[int, int]:
    """What tells one version of a file from another without reading it."""
    status = path.stat()
    return status.st_mtime_ns, status.st_size


# A job asks for the shipped languages several times (its language, counts, fonts, deck), and
# reading twelve language files is a quarter of a deck's time: the files are read again only
# when one of them, a deck or a font changes. The value is frozen, so no caller can alter it.
@functools.lru_cache(maxsize=8)
def _read_shipped(files: tuple[tuple[str, Path, tuple[int, int]], ...], decks: tuple[str, ...],
                  fonts: tuple[str, ...]) -> Shipped:
    languages = {code: parse_language_file(read_input(path, "language file"), source_name(path), code, decks, fonts)
                 for code, path, _ in files}
    if ENGLISH not in languages:
        raise CngenError(f"cngen's languages folder has no '{ENGLISH}/{LANGUAGE_FILE}': reinstall cngen")
    return Shipped(MappingProxyType(languages))


def default_deck(language: str | None) -> str:
    """The bundled deck in ``language``, else the English one."""
    return shipped_languages().deck(language)


COLUMNS_FILE = "columns.yaml"


def column_names() -> Mapping[str, tuple[str, ...]]:
    """The headers each field of a spreadsheet deck goes by in the languages cngen ships (their
    folders' columns.yaml), so that a sheet headed in any of them is read."""
    from ..inputs.sheets import FIELDS

    paths = tuple((path, _stamp(path)) for path in sorted(languages_folder().glob(f"*/{COLUMNS_FILE}")))
    return _read_column_names(paths, FIELDS)


@functools.lru_cache(maxsize=4)
def _read_column_names(paths: tuple[tuple[Path, tuple[int, int]], ...],
                       fields: tuple[str, ...]) -> Mapping[str, tuple[str, ...]]:
    from ..inputs.schema import Group, Key, ListOf, Text, read_yaml

    shape = Group({field: Key(ListOf(Text())) for field in fields})
    names: dict[str, list[str]] = {field: [] for field in fields}
    for path, _ in paths:
        read = read_yaml(read_input(path, "language file"), shipped_name(path), shape, "a language's columns are text")
        for field, headers in read.values.items():
            names[field] += headers
    return MappingProxyType({field: tuple(dict.fromkeys(headers)) for field, headers in names.items()})


PICTURE_NAMES_FILE = "picture-names.yaml"


def picture_names(lang: str | None) -> tuple[str, Mapping[str, str]]:
    """cngen's pictures named in ``lang`` (its folder's picture-names.yaml), by the picture's
    file stem in the bundled deck's order, with the code of the language the names are in:
    English's where cngen names them in no other."""
    code = primary(lang) if lang else ENGLISH
    path = languages_folder() / code / PICTURE_NAMES_FILE
    if not path.is_file():
        code, path = ENGLISH, languages_folder() / ENGLISH / PICTURE_NAMES_FILE
    stems = tuple(picture.stem for picture in picture_deck_files())
    return code, _read_picture_names(path, _stamp(path), stems)


@functools.lru_cache(maxsize=4)
def _read_picture_names(path: Path, stamp: tuple[int, int], stems: tuple[str, ...]) -> Mapping[str, str]:
    from ..inputs.schema import Group, Key, Text, read_yaml

    shape = Group({stem: Key(Text(), required=True) for stem in stems})
    read = read_yaml(read_input(path, "language file"), shipped_name(path), shape, "a picture's name is text")
    return MappingProxyType({stem: read.values[stem] for stem in stems})
