"""The kit's language: which labels and rules text it prints, and how it writes capitals.

A kit is in the language the user names (--lang), else in its deck's, else in English. cngen
ships labels and rules in a few languages; in any other, the capitals still follow the
language (Turkish, Greek...) while the labels fall back to English, and ``notes`` says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..inputs.bundled import ENGLISH, labels_path
from ..inputs.reader import read_input, source_name
from ..model.capitals import capitals, primary
from ..model.labels import Labels, parse_labels


@dataclass(frozen=True)
class Language:
    """What a kit prints in its language: labels, capitals, and notes on what fell back."""

    code: str  # a language tag as given: "fr", "pt-br"
    labels: Labels
    sharp_s: str = "ss"
    notes: tuple[str, ...] = ()

    def capitals(self, text: str) -> str:
        return capitals(text, self.code, self.sharp_s)

    def tile_name(self, noun: str) -> str:
        """A tile's printed name: "red agent" -> "AGENT ROUGE" in French."""
        return self.capitals(self.labels.tile(noun))


def kit_language(chosen: str | None, deck_language: str = "", sharp_s: str = "ss") -> Language:
    """The language named by --lang, else the deck's, else English."""
    code = chosen or deck_language or ENGLISH
    labels, notes = bundled_labels(primary(code))
    return Language(code, labels, sharp_s, notes)


def bundled_labels(code: str) -> tuple[Labels, tuple[str, ...]]:
    """The labels cngen ships in ``code``, completed from English, and notes on what was;
    English's own when it ships none."""
    english = _read_labels(ENGLISH)
    if code == ENGLISH:
        return english, ()
    path = labels_path(code)
    if path is None:
        return english, (f"cngen has no labels in '{code}': the tiles and card backs are printed in English",)
    labels = parse_labels(read_input(path, "labels"), source_name(path), english)
    notes = tuple(f"{path.name} has no '{key}': it is printed in English" for key in labels.missing)
    return labels, notes


def english_labels() -> Labels:
    return _read_labels(ENGLISH)


def _read_labels(code: str) -> Labels:
    path = labels_path(code)
    assert path is not None, f"cngen ships labels-{code}.yaml"
    return parse_labels(read_input(path, "labels"), source_name(path))
