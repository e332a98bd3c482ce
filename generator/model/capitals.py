"""Capitals as each language writes them: codenames and tile names are printed in capitals,
and ``str.upper`` knows no language.

Pure. ``capitals(text, language, sharp_s)``:

- Turkish and Azerbaijani (``tr``, ``az``): dotted i becomes İ, dotless ı becomes I.
- Greek (``el``): capitals drop the accent (ΚΑΛΗΜΕΡΑ, not ΚΑΛΗΜΈΡΑ); a vowel that loses its
  accent before ι or υ marks that the two are said apart, so the second keeps a dieresis
  (μάιος: ΜΑΪΟΣ). Final sigma ς is a small letter only: its capital is Σ, as every sigma's.
- Dutch (``nl``): the ligature ĳ is written out as the two capitals IJ.
- German ß, in any language: SS (STRASSE), the spelling most readers expect, or with
  ``sharp_s="capital"`` the capital ẞ (STRAẞE) that German spelling allows since 2017.

Everything else is Unicode's full upper-case mapping, as ``str.upper`` applies it.
"""

from __future__ import annotations

import unicodedata
from typing import Callable

SHARP_S = ("ss", "capital")  # how ß is capitalised: as SS, or as the capital ẞ
_GREEK_ACCENTS = {"\u0301", "\u0300", "\u0342", "\u0313", "\u0314", "\u0345"}  # tonos, grave, circumflex, breathings, iota below
_DIERESIS = "\u0308"
_GREEK_DIPHTHONG_FIRSTS = set("αεηουΑΕΗΟΥ")
_GREEK_DIPHTHONG_SECONDS = set("ιυΙΥ")


def primary(language: str | None) -> str:
    """The language of a tag, lower case: "tr-TR" -> "tr", "" for none."""
    return (language or "").replace("_", "-").split("-")[0].strip().lower()


def _dotted_i(text: str) -> str:
    return text.replace("i", "İ")


def _ij(text: str) -> str:
    return text.replace("ĳ", "IJ").replace("Ĳ", "IJ")


def capitals(text: str, language: str | None = "", sharp_s: str = "ss") -> str:
    """``text`` in capitals as ``language`` writes them, composed (NFC)."""
    if sharp_s == "capital":
        text = text.replace("ß", "ẞ")
    special = SPECIAL_CASING.get(primary(language))
    if special is not None:
        text = special(text)
    return unicodedata.normalize("NFC", text.upper())


def _without_greek_accents(text: str) -> str:
    """Accents and breathings removed, and a dieresis added where the lost accent kept two
    vowels apart."""
    result: list[str] = []
    lost_accent_on: str | None = None  # the vowel just stripped of its accent, if any
    for cluster in _clusters(unicodedata.normalize("NFD", text)):
        base, marks = cluster[0], cluster[1:]
        kept = "".join(mark for mark in marks if mark not in _GREEK_ACCENTS)
        if lost_accent_on is not None and base in _GREEK_DIPHTHONG_SECONDS and not marks \
                and lost_accent_on in _GREEK_DIPHTHONG_FIRSTS:
            kept += _DIERESIS
        result.append(base + kept)
        lost_accent_on = base if len(kept) < len(marks) else None
    return "".join(result)


def _clusters(text: str) -> list[str]:
    """A decomposed text as letters, each with the combining marks that follow it."""
    clusters: list[str] = []
    for char in text:
        if clusters and unicodedata.combining(char):
            clusters[-1] += char
        else:
            clusters.append(char)
    return clusters


# The languages whose capitals Python's upper case gets wrong, by the rule each needs: Unicode's
# language-sensitive casing (SpecialCasing.txt: Turkish and Azerbaijani) and CLDR's casing
# transforms (Greek, Dutch). The one table of language codes in cngen's code, on purpose: these
# rules hold for any text in those languages, whether cngen ships the language's folder or not.
SPECIAL_CASING: dict[str, Callable[[str], str]] = {
    "tr": _dotted_i, "az": _dotted_i, "el": _without_greek_accents, "nl": _ij,
}
