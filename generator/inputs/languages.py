"""The languages cngen ships, each declared by its folder's language.yaml (its code is the
folder's name)::

    language: es                     # must be the folder's name
    deck: espanol                    # the deck of its decks/ a kit in it prints unless told
    minimum grouping digits: 2       # optional: CLDR's minimumGroupingDigits, where not 1

Read by the one YAML reader, so a mistake names the file, its line and the fix. Plural forms
and the rest of how counts are written come from CLDR (``model.counts``), not from here.
"""

from __future__ import annotations

import msgspec

from ..errors import CngenError
from .bundled import ENGLISH, LANGUAGE_FILE, deck_paths, language_paths
from .reader import read_input, source_name
from .schema import Choice, Group, Key, Text, Whole, read_yaml

HOLDS = "a language file holds plain text and numbers only"


class LanguageFile(msgspec.Struct, frozen=True):
    """What a language's folder declares of itself."""

    code: str  # "fr", the folder's name
    deck: str  # its bundled deck, by name
    minimum_grouping_digits: int = 1


def parse_language_file(data: bytes, source: str, code: str, decks: tuple[str, ...]) -> LanguageFile:
    """The language file in ``data`` of the folder ``code``, whose deck is one of ``decks``."""
    shape = Group({
        "language": Key(Choice(names=(code,), what="language (the file's folder is its code)"), required=True),
        "deck": Key(Choice(names=decks, what="bundled deck"), required=True),
        "minimum grouping digits": Key(Whole(low=1, high=4, expect="a whole number from 1 to 4 (CLDR's "
                                                                   "minimumGroupingDigits)")),
    })
    fields = read_yaml(data, source, shape, HOLDS)
    return LanguageFile(code, fields["deck"], fields.get("minimum grouping digits", 1))


def shipped_languages() -> dict[str, LanguageFile]:
    """Every language cngen ships, by code, sorted; English is always one."""
    decks = tuple(deck_paths())
    languages = {code: parse_language_file(read_input(path, "language file"), source_name(path), code, decks)
                 for code, path in language_paths().items()}
    if ENGLISH not in languages:
        raise CngenError(f"cngen's languages folder has no '{ENGLISH}/{LANGUAGE_FILE}': reinstall cngen")
    return languages


def default_deck(language: str | None) -> str:
    """The bundled deck in ``language`` (a tag such as "fr" or "fr-CA": its own, else its
    language's), else the English one."""
    languages = shipped_languages()
    tag = (language or ENGLISH).lower()
    chosen = languages.get(tag) or languages.get(tag.split("-")[0]) or languages[ENGLISH]
    return chosen.deck


def minimum_grouping() -> dict[str, int]:
    """The languages whose counts group only longer numbers than CLDR's default, by code."""
    return {code: language.minimum_grouping_digits for code, language in shipped_languages().items()
            if language.minimum_grouping_digits != 1}
