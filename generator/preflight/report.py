"""What a preflight answers: one finding per rule, passed or not, with the first few places
that break it, in the order the rules are listed."""

from __future__ import annotations

import msgspec

SHOWN_PLACES = 5  # enough to find the fault; the rest are counted
# Distinct places kept for one rule: a hostile file could otherwise break a rule in millions
# of distinct ways and fill the memory with their names. Past them the count is a lower bound.
MAX_PLACES = 100_000

PDF_VERSION = "PDF version"
PDFX_KEYS = "PDF/X keys"
OUTPUT_INTENT = "output intent"
TRAILER_ID = "trailer ID"
PAGE_BOXES = "page boxes"
COLOUR_SPACES = "colour spaces"
TRANSPARENCY = "transparency"
COMPRESSION = "compression"
FONTS_EMBEDDED = "fonts embedded"
INK = "ink"
TEXT_SIZE = "text size"
BLACK_TEXT = "black text and thin lines"
RULES = (PDF_VERSION, PDFX_KEYS, OUTPUT_INTENT, TRAILER_ID, PAGE_BOXES, COLOUR_SPACES, TRANSPARENCY,
         COMPRESSION, FONTS_EMBEDDED, INK, TEXT_SIZE, BLACK_TEXT)


class Finding(msgspec.Struct, frozen=True):
    rule: str
    ok: bool
    where: tuple[str, ...] = ()  # the first places that break the rule, then "... and N more"


# What a file says it is, before any rule is checked: a file that does not even claim PDF/X is
# not a broken press file, and its report says so (cngen's own home files are RGB by design).
PRESS_FILE = "press"  # names a PDF/X version: every rule is meant for it
HOME_FILE = "cngen home"  # made by cngen without PDF/X: for home printers and screens
OTHER_FILE = "other"  # made by another program without PDF/X


class Report(msgspec.Struct, frozen=True):
    findings: tuple[Finding, ...]
    kind: str = PRESS_FILE

    @property
    def ok(self) -> bool:
        return all(finding.ok for finding in self.findings)

    @property
    def failed(self) -> tuple[Finding, ...]:
        return tuple(finding for finding in self.findings if not finding.ok)

    def finding(self, rule: str) -> Finding:
        for finding in self.findings:
            if finding.rule == rule:
                return finding
        raise KeyError(rule)


class Places:
    """The distinct places that break one rule, in the order found (or worst first)."""

    def __init__(self) -> None:
        self.badness: dict[str, float] = {}  # dicts keep their order: the first found stay first
        self.overflowed = False  # places were left out past MAX_PLACES

    def add(self, place: str, badness: float = 0.0) -> None:
        known = self.badness.get(place)
        if known is None and len(self.badness) >= MAX_PLACES:
            self.overflowed = True
        elif known is None or badness > known:
            self.badness[place] = badness

    def __bool__(self) -> bool:
        return bool(self.badness)

    def finding(self, rule: str, worst_first: bool = False) -> Finding:
        places = list(self.badness)
        if worst_first:
            places.sort(key=lambda place: -self.badness[place])  # a stable sort: ties keep their order
        shown = places[:SHOWN_PLACES]
        if self.overflowed:
            shown.append(f"... and more than {len(places) - SHOWN_PLACES} more")
        elif len(places) > SHOWN_PLACES:
            shown.append(f"... and {len(places) - SHOWN_PLACES} more")
        return Finding(rule, not places, tuple(shown))
