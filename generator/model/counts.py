"""Counts as a language writes them, from CLDR through Babel: how its digits are grouped
(1,234 in English, 1 234 in French, 1.234 in German) and which plural form a count takes
(French says 0 carte, Polish has three forms for whole numbers: 1 karta, 2 karty, 5 kart).

Pure. A language's forms are its CLDR plural categories that whole numbers reach, in CLDR's
order (zero, one, two, few, many, other), so a text writes them in that order: English
``{cards|card|cards}``, Polish ``{cards|karta|karty|kart}``.

Two things are kept by hand, each declared by a language's folder (language.yaml) as a
``CountStyle``: its minimum grouping digits (CLDR's minimumGroupingDigits, which Babel does not
read: Spanish declares 2, so a count of four digits stays whole, 1234 but 12.345), and the
space between a count and its noun (CLDR has no such value: none in Japanese, 40枚).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Sequence

import msgspec

from ..inputs.bundled import ENGLISH

if TYPE_CHECKING:
    from babel import Locale

CATEGORIES = ("zero", "one", "two", "few", "many", "other")
# The counts that show every form a text writes: CLDR's rules for whole numbers turn on the
# last one, two or three digits, which these run through. CLDR's "many" of French, Spanish or
# Italian, which only millions reach (1 000 000 de cartes), is not a form their texts need:
# the counts a kit prints stay far below.
SAMPLE_COUNTS = range(1200)
# A no-break space groups the digits where CLDR says a narrow one: the bundled fonts have no
# narrow no-break space, and the count's noun follows a no-break space too.
NARROW_NO_BREAK, NO_BREAK = "\u202f", "\u00a0"


class CountStyle(msgspec.Struct, frozen=True):
    """How a language writes a count beside its noun, where CLDR does not say."""

    minimum_grouping_digits: int = 1  # a number of fewer digits than this + 3 is not grouped
    space: str = NO_BREAK  # between the count and its noun: a count never ends a line alone

    def on_one_line(self) -> CountStyle:
        """The style for a label or a board's line, which never wraps: an ordinary space, which
        a reader's copy and paste keeps, where the language sets one."""
        return msgspec.structs.replace(self, space=" " if self.space else "")


@lru_cache(maxsize=None)
def _locale(code: str) -> Locale:
    """CLDR's data for a language tag ("pt-br"), else for its language ("pt"), else English's."""
    from babel import Locale, UnknownLocaleError  # Babel, only where a count or a language is named

    for candidate in (code.replace("-", "_"), code.split("-")[0]):
        try:
            return Locale.parse(candidate) if candidate else Locale.parse(ENGLISH)
        except (UnknownLocaleError, ValueError):
            continue
    return Locale.parse(ENGLISH)


def known_language(code: str) -> bool:
    """Whether CLDR knows the language of the tag ``code`` ("pt-br": Portuguese)."""
    return _locale(code).language == code.split("-")[0] if code else False


def language_names(code: str) -> tuple[str, str]:
    """The language of ``code`` named in English and in itself: ("Spanish", "español")."""
    locale = _locale(code)
    return locale.english_name or code, locale.display_name or code


def language_name(code: str) -> str:
    """A language as messages name it: "Polish ('pl')", or the tag alone where CLDR does not
    know it (its counts then follow English's)."""
    tag = code or ENGLISH
    return f"{_locale(tag).english_name} ('{tag}')" if known_language(tag) else f"'{tag}'"


def format_count(value: int, code: str, minimum_grouping_digits: int = 1) -> str:
    """``value`` with its digits grouped as the language ``code`` groups them; a number of
    fewer than ``minimum_grouping_digits`` + 3 digits is not grouped."""
    from babel.numbers import format_decimal

    if len(str(abs(value))) < minimum_grouping_digits + 3:
        return format_decimal(value, locale=_locale(code), group_separator=False)
    return format_decimal(value, locale=_locale(code)).replace(NARROW_NO_BREAK, NO_BREAK)


def format_millimetres(lengths: Sequence[float], code: str) -> str:
    """Lengths in millimetres as the language ``code`` writes a size on a printed face: each
    number with CLDR's decimal sign, to a tenth, joined by a times sign, then CLDR's short symbol
    for the millimetre after a no-break space: "63.5 × 88 mm", "63,5 × 88 mm", "63,5 × 88 мм"."""
    from babel.numbers import format_decimal
    from babel.units import get_unit_name

    locale = _locale(code)
    numbers = " × ".join(format_decimal(round(length, 1), format="0.#", locale=locale) for length in lengths)
    return f"{numbers}{NO_BREAK}{get_unit_name('length-millimeter', length='short', locale=locale) or 'mm'}"


def counted(value: int, forms: Sequence[str], code: str, style: CountStyle = CountStyle()) -> str:
    """``value`` and the one of ``forms`` (one a plural category of ``code``, in
    ``plural_forms``' order) its count takes: "9 red agents", "5 kart", "40枚"."""
    return f"{format_count(value, code, style.minimum_grouping_digits)}{style.space}{forms[plural_index(value, code)]}"


def wrong_forms(written: str, given: int, code: str, name: str) -> str | None:
    """Why ``written``, a count's placeholder giving ``given`` forms of its noun, is wrong in
    ``code`` (it needs one a plural category), naming the placeholder to write; None if right."""
    forms = plural_forms(code)
    if given == len(forms):
        return None
    return (f"{written} gives {given} {'form' if given == 1 else 'forms'} of its noun, and a count in "
            f"{language_name(code)} takes {len(forms)} ({', '.join(forms)}): write one form for each, in that "
            f"order: {{{name}|{'|'.join(forms)}}}")


@lru_cache(maxsize=None)
def plural_forms(code: str) -> tuple[str, ...]:
    """The plural categories the counts a kit prints take in ``code``, in CLDR's order: ("one",
    "other") in English and French, ("one", "few", "many") in Polish, ("other",) in Japanese."""
    rule = _locale(code).plural_form
    reached = {rule(value) for value in SAMPLE_COUNTS}
    return tuple(category for category in CATEGORIES if category in reached)


def plural_index(value: int, code: str) -> int:
    """Which of ``plural_forms(code)`` a count of ``value`` takes."""
    forms = plural_forms(code)
    category = _locale(code).plural_form(value)
    return forms.index(category) if category in forms else len(forms) - 1
