"""What a language's folder declares of itself, in its language.yaml (its code is the
folder's name), and what --lang accepts. Pure: the jobs read the files (``jobs.language``)::

    language: es                     # must be the folder's name
    deck: espanol                    # the deck of its decks/ a kit in it prints unless told
    minimum grouping digits: 2       # optional: CLDR's minimumGroupingDigits, where not 1
    typography:                      # optional, each key too: English's by default
      quotes: « »                    # opening and closing, a space between
      inner quotes: “ ”              # quotes inside quotes
      space inside quotes: none      # none, narrow or no-break (French: narrow)
      space before:                  # the space each of : ; ! ? takes before it (French: no-break, narrow...)
        ":": none
      opening marks:                 # the mark that opens a sentence each closing mark ends
        "?": ¿
        "!": ¡
      space after count: no-break    # between a count and its noun (Japanese: none, 40枚)
    fonts:                           # optional: cngen's own fonts for a kit in it, where Fira Sans
      bold: BIZUDPGothic-Bold.ttf    # lacks its letters (Japanese); each a file of fonts/
      regular: BIZUDPGothic-Regular.ttf
      italic: BIZUDPGothic-Regular.ttf
    terms:                           # the game's own vocabulary, which the texts use and no deck holds
      source: the Spanish edition's rules (Devir), as read on ...
      spymaster: jefe de espías      # one line a term of TERMS

Read by the one YAML reader, so a mistake names the file, its line and the fix. Plural forms
and the rest of how counts are written come from CLDR (``model.counts``), not from here.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Mapping, Sequence

import msgspec

from ..errors import UsageError, closest, quoted
from ..inputs.schema import Choice, Fields, Group, Invalid, Key, Text, Whole, read_yaml
from ..units import parse_language
from .counts import CountStyle, known_language, language_names
from .typography import SPACES, Typography

HOLDS = "a language file holds plain text and numbers only"
# The game's own words, which a language's texts name things by and its decks never hold (a
# clue of KEY would be a riddle about the game itself).
FONT_STYLES = ("bold", "regular", "italic")  # the faces a language may name its own font for
TERMS = ("spymaster", "operative", "agent", "double agent", "bystander", "assassin", "key card", "clue",
         "guess", "turn", "tile", "timer token", "card", "deck", "team", "word")


class LanguageFile(msgspec.Struct, frozen=True):
    """What a language's folder declares of itself."""

    code: str  # "fr", the folder's name
    deck: str  # its bundled deck, by name
    counting: CountStyle = CountStyle()  # its digits grouped, the space before a count's noun
    typography: Typography = Typography()
    terms: Mapping[str, str] = msgspec.field(default_factory=dict)  # by TERMS' names
    fonts: Mapping[str, str] = msgspec.field(default_factory=dict)  # FONT_STYLES -> a bundled font's file
    terms_source: str = ""  # where the terms come from: the edition, or what is still to check

    def term_words(self) -> set[str]:
        """Each term, and each word of a term of several, in lower case: the words a deck in
        this language may not hold (words of one or two letters aside: "de" in "jefe de espías")."""
        words = set()
        for term in self.terms.values():
            for part in (term, *re.split(r"[\s\-\u2019']+", term)):
                if len(part) > 2:
                    words.add(part.casefold())
        return words


def parse_language_file(data: bytes, source: str, code: str, decks: tuple[str, ...],
                        fonts: tuple[str, ...] = ()) -> LanguageFile:
    """The language file in ``data`` of the folder ``code``, whose deck is one of ``decks`` and
    whose fonts, if it names any, are of the bundled ``fonts``."""
    shape = Group({
        "language": Key(Text(check=lambda text: _own_code(text, code), expect=f"'{code}'"), required=True),
        "deck": Key(Choice(names=decks, what="bundled deck"), required=True),
        "minimum grouping digits": Key(Whole(low=1, high=4, expect="a whole number from 1 to 4 (CLDR's "
                                                                   "minimumGroupingDigits)")),
        "typography": Key(TYPOGRAPHY),
        "terms": Key(Group({"source": Key(Text(), required=True), **{term: Key(Text()) for term in TERMS}})),
        "fonts": Key(Group({style: Key(Choice(names=fonts, what="bundled font"), required=True)
                            for style in FONT_STYLES})),
    })
    fields = read_yaml(data, source, shape, HOLDS)
    typography = _typography(fields["typography"]) if "typography" in fields else Typography()
    space = fields["typography"].get("space after count", "no-break") if "typography" in fields else "no-break"
    counting = CountStyle(fields.get("minimum grouping digits", 1), SPACES[space])
    terms = fields.get("terms")
    return LanguageFile(code, fields["deck"], counting, typography,
                        {key: value for key, value in terms.values.items() if key != "source"} if terms else {},
                        terms_source=terms["source"] if terms else "",
                        fonts=dict(fields["fonts"].values) if "fonts" in fields else {})


def _own_code(text: str, code: str) -> str:
    if text != code:
        raise Invalid(f"{quoted(text)} is not the code of this folder, '{code}': a language's code is its "
                      f"folder's name, so write language: {code} (or name the folder {text})")
    return text


def _marks(text: str) -> tuple[str, str]:
    marks = text.split()
    if len(marks) != 2 or any(len(mark) != 1 for mark in marks):
        raise Invalid("an opening and a closing mark, a space between, such as « »")
    return marks[0], marks[1]


def _mark(text: str) -> str:
    if len(text) != 1:
        raise Invalid("one character, such as ¿")
    return text


_SPACE = Choice(names=tuple(SPACES), what="space")
TYPOGRAPHY = Group({
    "quotes": Key(Text(check=_marks, expect="an opening and a closing mark, such as « »")),
    "inner quotes": Key(Text(check=_marks, expect="an opening and a closing mark, such as “ ”")),
    "space inside quotes": Key(_SPACE),
    "space before": Key(Group({mark: Key(_SPACE) for mark in ":;!?"})),
    "opening marks": Key(Group({mark: Key(Text(check=_mark, expect="one character, such as ¿")) for mark in "?!"})),
    "space after count": Key(_SPACE),
})


def _typography(fields: Fields) -> Typography:
    default = Typography()
    spaces = fields.get("space before")
    openers = fields.get("opening marks")
    return Typography(
        quotes=fields.get("quotes", default.quotes), inner_quotes=fields.get("inner quotes", default.inner_quotes),
        inside_quotes=SPACES[fields.get("space inside quotes", "none")],
        before={mark: SPACES[name] for mark, name in spaces.values.items() if SPACES[name]} if spaces else {},
        opening=dict(openers.values) if openers else {})


def kit_language(text: str, shipped: Sequence[str]) -> str:
    """--lang's value (and cngen.yaml's lang:): the tag of a language CLDR knows, whether
    cngen ships its texts (``shipped``, English first) or only writes its capitals and counts;
    else a UsageError naming the shipped language meant ('sp', 'spanish' and 'espanol' all mean
    es)."""
    try:
        code = parse_language(text)
    except UsageError:
        code = ""
    if code and known_language(code):
        return code
    meant = _meant_language(text.strip().casefold(), shipped)
    hint = f"did you mean '{meant}' ({language_names(meant)[0]})? " if meant else ""
    raise UsageError(f"{quoted(text)} is not a language's code: {hint}cngen's texts are in {', '.join(shipped)}, "
                     "and the code of any other language (tr, el, pt-BR...) prints English texts in its capitals")


def _meant_language(typed: str, shipped: Sequence[str]) -> str | None:
    """The shipped language whose code is a near miss of ``typed``, or whose name in English or
    in itself starts with it (accents aside: 'espanol', 'franc')."""
    def plain(name: str) -> str:
        return "".join(char for char in unicodedata.normalize("NFD", name.casefold())
                       if not unicodedata.combining(char))

    start = plain(typed)
    by_name = [code for code in shipped if any(plain(name).startswith(start) for name in language_names(code))]
    return by_name[0] if by_name else closest(typed, shipped)
