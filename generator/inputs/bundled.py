"""Finding the decks, fonts, labels and example editions that ship with cngen (each game ships its own texts).

In an installed copy they are the subpackages ``generator.decks``, ``generator.fonts`` and
``generator.labels`` (pyproject.toml maps the repository's top-level folders there). Run from a
source checkout without installing, the same folders are found beside the package.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from ..errors import UsageError

DEFAULT_DECK = "standard"
PICTURE_DECK = "pictures"
# The deck a kit in each language prints unless told otherwise (tests hold each deck's own
# `language:` to this table).
LANGUAGE_DECKS = {"en": "standard", "fr": "francais", "de": "deutsch", "es": "espanol"}
ENGLISH = "en"
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


def deck_paths() -> dict[str, Path]:
    """Bundled decks by name, sorted so listings are stable."""
    return {path.stem: path for path in sorted(_folder("decks").glob("*.yaml"))}


def picture_deck_path() -> Path:
    """The bundled picture deck: a folder of SVG pictures (its README says where they come from)."""
    return _folder("decks") / PICTURE_DECK


def picture_deck_files() -> list[Path]:
    """The bundled picture deck's pictures, without reading them."""
    return sorted(picture_deck_path().glob("*.svg"))


def deck_path(name: str) -> Path:
    decks = deck_paths()
    if name not in decks:
        raise UsageError(f"no bundled deck is called '{name}': choose one of {', '.join(decks)}")
    return decks[name]


def default_deck(language: str | None) -> str:
    """The bundled deck in ``language`` (a tag such as "fr" or "fr-CA"), else the English one."""
    primary = (language or ENGLISH).split("-")[0]
    return LANGUAGE_DECKS.get(primary, DEFAULT_DECK)


def font_path(file_name: str = BOLD) -> Path:
    return _folder("fonts") / file_name


def labels_path(language: str = ENGLISH) -> Path | None:
    """The words printed on the components (card backs, the rules footer) in ``language``; None
    when cngen has none in that language. Each game ships its rules and tile names itself."""
    path = _folder("labels") / f"{language}.yaml"
    return path if path.is_file() else None


def bundled_folders() -> list[Path]:
    """The folders of the files cngen ships beside its code (the games' and exports' texts
    are in their own folders): none of their files may ever be an output."""
    return [_folder(name) for name in ("decks", "fonts", "labels", "profiles", "editions")]


def edition_paths() -> dict[str, Path]:
    """The example editions cngen ships, by name (``--edition party``): each a folder holding its
    edition.yaml and what it uses."""
    return {path.parent.name: path for path in sorted(_folder("editions").glob("*/edition.yaml"))}


def profile_path(file_name: str) -> Path:
    """An ICC profile cngen ships (profiles/README.txt says where each comes from)."""
    return _folder("profiles") / file_name
