"""Finding the languages, decks, fonts and example editions that ship with cngen.

Each language is one folder, ``languages/CODE/`` (docs/architecture.md): its language.yaml, its
labels, every game's rules and tile names, every export's texts, and its decks (``decks/``).
The picture deck, in no language, is ``decks/pictures/``. In an installed copy the folders are
the subpackages ``generator.languages``, ``generator.decks``, ``generator.fonts``... (pyproject.toml
maps the repository's top-level folders there). Run from a source checkout without installing,
the same folders are found beside the package.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

from ..errors import UsageError

PICTURE_DECK = "pictures"
# The bundled deck of cngen's pictures, each above its name in the kit's language: a word list
# made from the picture deck and the language's picture-names.yaml, not a file of decks/.
PICTURE_WORDS = "picture-words"
ENGLISH = "en"  # the language every other falls back to for a text it lacks
LANGUAGE_FILE = "language.yaml"  # what makes a folder of languages/ a language
BOLD, REGULAR, ITALIC = "FiraSans-Bold.ttf", "FiraSans-Regular.ttf", "FiraSans-Italic.ttf"
CONDENSED = "FiraSansCondensed-Bold.ttf"
# The narrower face of a bundled font, which a word card sets a long word in before shrinking it.
CONDENSED_FACES = {BOLD: CONDENSED}


def _folder(name: str) -> Path:
    # The data folders hold no __init__.py, so they are namespace packages: ask the import
    # system where it found them.
    spec = importlib.util.find_spec(f"generator.{name}")
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations)))
    return Path(__file__).resolve().parent.parent.parent / name


def languages_folder() -> Path:
    """The folder of every language's folder: the games' and exports' texts are found there."""
    return _folder("languages")


def language_paths() -> dict[str, Path]:
    """The language file of each language cngen ships, by its code, sorted."""
    return {path.parent.name: path for path in sorted(languages_folder().glob(f"*/{LANGUAGE_FILE}"))}


def deck_paths() -> dict[str, Path]:
    """Bundled decks by name (each language's), sorted by name so listings are stable."""
    return {path.stem: path for path in sorted(languages_folder().glob("*/decks/*.yaml"), key=lambda p: p.stem)}


def picture_deck_path() -> Path:
    """The bundled picture deck: a folder of SVG pictures (its README says where they come from)."""
    return _folder("decks") / PICTURE_DECK


def picture_deck_files() -> list[Path]:
    """The bundled picture deck's pictures, without reading them."""
    return sorted(picture_deck_path().glob("*.svg"))


def deck_path(name: str) -> Path:
    decks = deck_paths()
    if name not in decks:
        raise UsageError(f"no bundled deck is called '{name}': choose one of {', '.join([*decks, PICTURE_WORDS])}")
    return decks[name]


def font_path(file_name: str = BOLD) -> Path:
    return _folder("fonts") / file_name


def bundled_fonts() -> tuple[str, ...]:
    """The file names of the fonts cngen ships, which a language's folder may name its own."""
    return tuple(sorted(path.name for path in _folder("fonts").glob("*.ttf")))


def labels_path(language: str = ENGLISH) -> Path | None:
    """The words printed on the components (card backs, the rules footer, the box and the
    stand) in ``language``; None when cngen has none in that language."""
    path = languages_folder() / language / "labels.yaml"
    return path if path.is_file() else None


def shipped_path(path: Path) -> str | None:
    """One of cngen's own files as messages name it, from the folder that ships it
    ("editions/party/words.txt"), never by where it is installed; None for any other file."""
    resolved = Path(os.path.abspath(path))
    for folder in bundled_folders():
        if resolved.is_relative_to(folder.resolve()):
            return "/".join((folder.name, *resolved.relative_to(folder.resolve()).parts))
    return None


def bundled_folders() -> list[Path]:
    """The folders of the files cngen ships beside its code: none of their files may ever be
    an output."""
    return [_folder(name) for name in ("languages", "decks", "fonts", "profiles", "editions")]


EDITION_FILE = "edition.yaml"  # an edition's file in its folder, and what `cngen init --edition` writes


def edition_paths() -> dict[str, Path]:
    """The example editions cngen ships, by name (``--edition party``): each a folder holding its
    edition.yaml and what it uses."""
    return {path.parent.name: path for path in sorted(_folder("editions").glob(f"*/{EDITION_FILE}"))}


def profile_path(file_name: str) -> Path:
    """An ICC profile cngen ships (profiles/README.txt says where each comes from)."""
    return _folder("profiles") / file_name
