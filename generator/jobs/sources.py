"""Reading a job's inputs through the one reader and handing their bytes to the parsers."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import CngenError
from ..geometry.typeface import Font, describe_character, parse_font
from ..inputs.bundled import BOLD, deck_path, font_path
from ..inputs.reader import read_input, source_name
from ..model.words import RIGHT_TO_LEFT_REASON, WordList, parse_word_file, right_to_left

SHOWN_CHARACTERS = 4  # a message names this many characters, then counts the rest


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


@dataclass(frozen=True)
class Unprintable:
    """Why a text would not print right: characters written right to left, or ones the font
    has no glyph for."""

    characters: list[str]
    backwards: bool
    font: str

    def __str__(self) -> str:
        shown = ", ".join(describe_character(char) for char in self.characters[:SHOWN_CHARACTERS])
        more = len(self.characters) - SHOWN_CHARACTERS
        listed = f"{shown} and {more:,} more" if more > 0 else shown
        if self.backwards:
            verb = "is" if len(self.characters) == 1 else "are"
            return f"{listed} {verb} written right to left, {RIGHT_TO_LEFT_REASON}"
        return f"uses {listed}, which the font {self.font} cannot draw"


def unprintable(text: str, font: Font) -> Unprintable | None:
    """What in ``text`` would print reversed or blank in ``font``; None when it all prints."""
    backwards = right_to_left(text)
    if backwards:
        return Unprintable(backwards, True, font.label)
    missing = font.missing_characters(text)
    return Unprintable(missing, False, font.label) if missing else None


def check_title(title: str | None, font: Font) -> None:
    """The kit's title is printed (on the rules sheet, on plain key-card backs): refuse one
    that would print blank or reversed."""
    problem = unprintable(title, font) if title else None
    if problem is not None:
        fix = "write the title in a left-to-right script" if problem.backwards else \
            "choose another title in the settings file, or a --font that has them"
        raise CngenError(f"the title '{title}': {problem}: {fix}")
