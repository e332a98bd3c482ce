"""Right-to-left and complex scripts: a line's glyphs as a reader sees them, left to right.

Hebrew and Arabic letters drawn one by one from the character map would come out reversed
and, for Arabic, unjoined. So a line that needs it goes through the Unicode bidirectional
algorithm (python-bidi: each character's embedding level), is cut into runs of one level and
one script, each run is shaped by HarfBuzz with its own direction and script (joining forms,
ligatures, marks, mirrored brackets), and the runs are put in visual order (rule L2).

Pure: text and a font's bytes in, glyph ids and advances out (in ems: times the size in
points gives points). Nothing here is needed by Latin, Greek or Cyrillic text, nor by CJK,
whose characters each have their own glyph: ``scripts.needs_shaping`` keeps them on
ReportLab's own path, and this module (with python-bidi) is only imported when a line needs it.
"""

from __future__ import annotations

import unicodedata

import msgspec
import uharfbuzz as hb

from .measure import Glyph, Metrics, ShapedLine
from .scripts import starts_right_to_left


class Run(msgspec.Struct, frozen=True):
    start: int
    end: int
    level: int  # odd: right to left

    @property
    def right_to_left(self) -> bool:
        return self.level % 2 == 1


def visual_runs(text: str, right_to_left: bool) -> list[Run]:
    """``text`` cut into runs of one embedding level and one script, in the order they are
    seen from left to right; each run's characters stay in logical order (HarfBuzz reverses a
    right-to-left run as it shapes it)."""
    levels = embedding_levels(text, right_to_left)
    scripts = _scripts(text)
    runs: list[Run] = []
    start = 0
    for index in range(1, len(text) + 1):
        if index == len(text) or levels[index] != levels[start] or scripts[index] != scripts[start]:
            runs.append(Run(start, index, levels[start]))
            start = index
    return _reordered(runs)


def embedding_levels(text: str, right_to_left: bool) -> list[int]:
    """Each character's resolved level (rules X1 to I2, python-bidi). Characters the algorithm
    leaves out (the joiners and other boundary neutrals, rule X9) take the level of the one
    before them, as the algorithm recommends."""
    from bidi import algorithm as uba  # its rule-by-rule functions give the levels, not only the display

    kept = [index for index, char in enumerate(text) if unicodedata.bidirectional(char) != "BN"]
    storage = uba.get_empty_storage()
    storage["base_level"] = 1 if right_to_left else 0
    storage["base_dir"] = "R" if right_to_left else "L"
    uba.get_embedding_levels("".join(text[index] for index in kept), storage)
    uba.explicit_embed_and_overrides(storage)
    uba.resolve_weak_types(storage)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    levels = [storage["base_level"]] * len(text)
    for index, char in zip(kept, storage["chars"]):
        levels[index] = char["level"]
    for index in range(1, len(text)):
        if unicodedata.bidirectional(text[index]) == "BN":
            levels[index] = levels[index - 1]
    return levels


def _scripts(text: str) -> list[str]:
    """Each character's script, enough to cut runs: the first word of a letter's Unicode name
    (HEBREW, ARABIC, LATIN...). Marks, digits, spaces and punctuation belong to the script of
    the letter before them (or after, at the start), so that they shape with it."""
    own = [_script(char) for char in text]
    known = next((script for script in own if script), "")
    scripts = []
    for script in own:
        known = script or known
        scripts.append(known)
    return scripts


def _script(char: str) -> str:
    if not unicodedata.category(char).startswith("L"):
        return ""
    name = unicodedata.name(char, "")
    return name.split(" ", 1)[0]


def _reordered(runs: list[Run]) -> list[Run]:
    """Rule L2: from the highest level down to the lowest odd one, reverse every stretch of
    runs at that level or higher."""
    if not runs:
        return runs
    highest = max(run.level for run in runs)
    lowest_odd = min((run.level for run in runs if run.level % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        result, stretch = [], []
        for run in runs:
            if run.level >= level:
                stretch.append(run)
                continue
            result += stretch[::-1] + [run]
            stretch = []
        runs = result + stretch[::-1]
    return runs


class Shaper:
    """HarfBuzz shaping with one font (one face of a collection). A line is shaped once and
    remembered: fitting a word measures its lines at several sizes."""

    def __init__(self, data: bytes, index: int = 0):
        face = hb.Face(hb.Blob(data), index)
        self._font = hb.Font(face)
        self._units = face.upem
        self._lines: dict[tuple[str, bool], ShapedLine] = {}

    def shape(self, text: str, right_to_left: bool | None = None) -> ShapedLine:
        """``text`` as one line; ``right_to_left``: the paragraph's direction (None: that of
        the line's first strong letter). The lines of one entry share the entry's direction."""
        direction = starts_right_to_left(text) if right_to_left is None else right_to_left
        key = (text, direction)
        if key not in self._lines:
            glyphs = [glyph for run in visual_runs(text, direction) for glyph in self._run(text, run)]
            self._lines[key] = ShapedLine(text, tuple(glyphs))
        return self._lines[key]

    def _run(self, text: str, run: Run) -> list[Glyph]:
        buffer = hb.Buffer()
        buffer.add_str(text[run.start:run.end])
        buffer.guess_segment_properties()  # script and language from the run's letters
        buffer.direction = "rtl" if run.right_to_left else "ltr"
        buffer.flags = hb.BufferFlags.REMOVE_DEFAULT_IGNORABLES  # the joiners draw nothing
        hb.shape(self._font, buffer)
        return self._glyphs(text[run.start:run.end], buffer, run.right_to_left)

    def _glyphs(self, text: str, buffer: hb.Buffer, right_to_left: bool) -> list[Glyph]:
        """HarfBuzz's output as glyphs in ems, with the text each stands for."""
        infos, positions, units = buffer.glyph_infos, buffer.glyph_positions, self._units
        texts = _glyph_texts(text, [info.cluster for info in infos], right_to_left)
        return [Glyph(info.codepoint, position.x_advance / units, position.x_offset / units,
                      position.y_offset / units, own, self._font.get_glyph_h_advance(info.codepoint) / units)
                for info, position, own in zip(infos, positions, texts)]


def _glyph_texts(text: str, clusters: list[int], right_to_left: bool) -> list[str]:
    """The text of each glyph (``clusters``: each glyph's cluster, the index of its first
    character). A cluster of as many glyphs as characters (a letter and its marks) gives one
    character to each glyph; any other (a ligature, a letter drawn in two glyphs) gives its
    whole text to its first glyph and nothing to the rest. Glyphs without text would be read
    back as their glyph numbers by pdfium."""
    starts = sorted(set(clusters))
    ends = dict(zip(starts, [*starts[1:], len(text)]))
    counts = {start: clusters.count(start) for start in starts}
    given: dict[int, int] = {}  # glyphs of each cluster given their text so far
    texts = []
    for cluster in clusters:
        seen = _as_seen(text[cluster:ends[cluster]], right_to_left)
        place = given.get(cluster, 0)
        given[cluster] = place + 1
        if counts[cluster] == len(seen):
            texts.append(seen[place])
        else:
            texts.append(seen if place == 0 else "")
    return texts


class ShapedMeasure(msgspec.Struct, frozen=True):
    """A font's measures for the lines of one entry that needs shaping: widths as HarfBuzz
    sets the glyphs, in the entry's direction, so that the width that fits a word is the width
    it is drawn at."""

    font: Metrics
    shaper: Shaper
    right_to_left: bool

    @property
    def ascent(self) -> float:
        return self.font.ascent

    @property
    def descent(self) -> float:
        return self.font.descent

    @property
    def cap_height(self) -> float:
        return self.font.cap_height

    def line_height(self, size: float) -> float:
        return self.font.line_height(size)

    def width(self, text: str, size: float) -> float:
        return self.shape(text).width * size

    def shape(self, text: str) -> ShapedLine:
        return self.shaper.shape(text, self.right_to_left)


def _as_seen(text: str, right_to_left: bool) -> str:
    """A cluster's text as it reads from left to right on the page. PDF readers take the text
    of a line's glyphs in the order they are drawn, which for Hebrew and Arabic is the reverse
    of reading order, and turn right-to-left stretches back round, character by character,
    mirroring brackets (pdfium, Chrome's viewer, does): so a cluster of several characters in
    such a run (a lam-alef ligature, a letter with its points) is stored reversed, and a
    bracket as the mirrored bracket it is drawn with, and the reader's reversal gives the word
    back as it was written."""
    if not right_to_left:
        return text
    from bidi.mirror import MIRRORED

    return "".join(MIRRORED.get(char, char) for char in reversed(text))
