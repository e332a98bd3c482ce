"""Reading a job's inputs through the one reader and handing their bytes to the parsers."""

from __future__ import annotations

from pathlib import Path

from ..geometry.typeface import Font, parse_font
from ..inputs.bundled import BOLD, deck_path, font_path
from ..inputs.reader import read_input, source_name
from ..model.words import WordList, parse_word_file


def load_font(path: Path | None, bundled: str = BOLD) -> Font:
    """The user's font, or one of ours."""
    path = path or font_path(bundled)
    return parse_font(read_input(path, "font"), source_name(path), path.stem)


def load_words(words: Path | None, deck: str, dedupe: bool) -> WordList:
    """The user's list, or the bundled deck of that name, with its problems found."""
    path = words or deck_path(deck)
    return parse_word_file(read_input(path, "word list"), source_name(path), dedupe)


def words_label(words: Path | None, deck: str) -> str:
    """Where the words come from, as summaries say it: a bundled deck by its name, never by
    its installed path."""
    return source_name(words) if words is not None else f"the bundled deck '{deck}'"
