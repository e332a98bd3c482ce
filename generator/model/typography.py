"""A language's typography, as its folder's language.yaml declares it: its quotation marks,
the no-break space some marks take before them (French puts one before : ; ! ?), the space
inside its quotes, and the marks that open a sentence as well as close it (Spanish ¿ ¡).

Pure. ``quoted`` sets a user's straight quotes in the language's marks (a rules text of the
user's, a --title); ``problems`` tells where a text breaks its language's typography, which the
tests hold every text cngen ships to.
"""

from __future__ import annotations

import re
from typing import Mapping

import msgspec

SPACES = {"none": "", "narrow": "\u202f", "no-break": "\u00a0"}  # as language.yaml names them
APOSTROPHE = "\u2019"  # in every language cngen knows; English's closing single quote too
# A quote opens after the start, a space, an opening bracket or dash, or another opening quote.
_OPENS_AFTER = re.compile(r"(^|[\s(\[{\u2014\u2013\u2018\u201c\u201e\u00ab/-])$")
_ANY_SPACE = " \u00a0\u202f"


class Typography(msgspec.Struct, frozen=True):
    """How a language sets its punctuation; the defaults are English's."""

    quotes: tuple[str, str] = ("\u201c", "\u201d")  # opening and closing
    inner_quotes: tuple[str, str] = ("\u2018", "\u2019")  # quotes inside quotes; ’ is also the apostrophe
    inside_quotes: str = ""  # the space inside the quotes: French « mot », with a narrow no-break space
    before: Mapping[str, str] = msgspec.field(default_factory=dict)  # a mark and the space before it
    opening: Mapping[str, str] = msgspec.field(default_factory=dict)  # a mark and the mark opening its sentence

    @property
    def marks(self) -> str:
        """Every mark ``quoted`` may print: a font that sets the text needs them all."""
        return "".join((*self.quotes, *self.inner_quotes, APOSTROPHE))

    def quoted(self, text: str, before: str = "") -> str:
        """``text`` with its straight quotes in the language's marks: a single quote opens after
        the start, a space, a bracket, a dash or an opening quote, and is an apostrophe anywhere
        else ("team's", and "'90s" read as opening, as most typesetters read it); ``before``
        is what precedes ``text`` (the span before it in the same paragraph)."""
        if "'" not in text and '"' not in text:
            return text
        out: list[str] = []
        last = before[-1:]
        for char in text:
            if char in "'\"":
                opens = _OPENS_AFTER.search(last) is not None
                if char == "'":
                    char = self.inner_quotes[0] if opens else APOSTROPHE
                else:
                    char = self.quotes[0] + self.inside_quotes if opens else self.inside_quotes + self.quotes[1]
            out.append(char)
            last = char[-1]
        return "".join(out)

    def problems(self, text: str) -> list[str]:
        """Where ``text`` breaks this typography, each as a short description."""
        found = []
        if "'" in text or '"' in text:
            found.append("a straight quote: write the language's own quotation marks or apostrophe")
        opening, closing = self.quotes
        if opening != closing and text.count(opening) != text.count(closing):
            found.append(f"{text.count(opening)} opening {opening} and {text.count(closing)} closing {closing}")
        if self.inside_quotes and (re.search(f"{re.escape(opening)}(?!{self.inside_quotes})", text)
                                   or re.search(f"(?<!{self.inside_quotes}){re.escape(closing)}", text)):
            found.append(f"{opening} and {closing} need the space inside them ({_named(self.inside_quotes)})")
        for mark in ":;!?":
            found += self._space_before(text, mark)
        for mark, opener in self.opening.items():
            if text.count(mark) != text.count(opener):
                found.append(f"{text.count(mark)} {mark} and {text.count(opener)} {opener}: each {mark} has its {opener}")
        return found

    def _space_before(self, text: str, mark: str) -> list[str]:
        space = self.before.get(mark, "")
        for match in re.finditer(re.escape(mark), text):
            start = match.start()
            if mark == ":" and (text[start + 1:start + 3] == "//" or re.match(r"\d:\d", text[start - 1:start + 2])):
                continue  # a web address, a time
            if start == 0:
                continue
            previous = text[start - 1]
            if space and previous != space and previous not in "?!;:":
                return [f"{mark} takes a {_named(space)} space before it"]
            if not space and previous in _ANY_SPACE:
                return [f"{mark} takes no space before it"]
        return []


def _named(space: str) -> str:
    return next(name for name, char in SPACES.items() if char == space)
