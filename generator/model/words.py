"""Word lists: plain text files and YAML decks, parsed into entries that remember their line.

Pure: bytes in, entries and problems out. A problem with the file as a whole (not UTF-8, not
valid YAML, far too long) stops at once; problems with entries (repeats, control characters)
are collected, so that the caller can add its own (words the font cannot draw or the card
cannot hold) and report every one of them together, by line.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections import Counter
from typing import Iterator, Sequence

import msgspec
from msgspec.structs import replace

from ..errors import CngenError, text_problem
from ..inputs.text import NotUtf8, decode_utf8
from ..units import parse_language
from .capitals import capitals
from .pasted import PASTED_LONGEST, PastedLine, pasted_note, read_pasted

# More than this many problems at once is noise: the user fixes the first ones and reruns.
MAX_REPORTED_PROBLEMS = 10
# 50,000 cards (about 3,000 sheets) is more than any print run; past it a list is a mistake.
MAX_WORDS = 100_000
MAX_ENTRY = 100  # characters: far more than a card holds at its smallest size
# Where str.splitlines breaks a line: a list is split the same way, but lazily.
_LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
_LINES = re.compile(f"[^{_LINE_BREAKS}]*(?:\r\n|[{_LINE_BREAKS}]|\\Z)")
DECK_KEYS = ("name", "language", "licence", "description", "words")
# Letters of right-to-left scripts (Hebrew, Arabic...): drawn one by one they would come out
# reversed and unjoined. Word cards shape them; the other components (tiles, rules, titles)
# do not yet, and refuse them with this reason.
_RIGHT_TO_LEFT = {"R", "AL"}
RIGHT_TO_LEFT_REASON = "which cngen cannot lay out yet (letters would print reversed and unjoined)"


class Entry(msgspec.Struct, frozen=True):
    """One codename as it will be printed (capitals), and where it came from; from a
    spreadsheet, with what its row says beside it."""

    text: str
    line: int  # the line of a text or YAML file, the row of a spreadsheet
    second: str = ""  # a translation or short definition printed beneath the word
    picture: str = ""  # the file of its picture, as the row names it
    category: str = ""
    copies: int = 1  # how many times the card is printed


class Problem(msgspec.Struct, frozen=True):
    line: int | None
    message: str
    kind: str = "other"  # what kind of problem, for the summary of those not shown
    column: str = ""  # a spreadsheet's column letter; "" for a text or YAML file's line


class WordList(msgspec.Struct, frozen=True):
    source: str
    entries: tuple[Entry, ...]  # the usable entries, in list order
    name: str = ""
    language: str = ""
    licence: str = ""
    description: str = ""
    problems: tuple[Problem, ...] = ()  # entries that cannot be printed as they are
    dropped: int = 0  # repeats left out by --dedupe
    word_column: str = ""  # a spreadsheet's: problems are placed by row and column, not line
    second_column: str = ""  # a spreadsheet's column of second lines, for their problems
    picture_column: str = ""  # a spreadsheet's column of pictures, for their problems
    notes: tuple[str, ...] = ()  # what the reader left aside (a spreadsheet's columns no field reads)

    @property
    def words(self) -> list[str]:
        return [entry.text for entry in self.entries]


class WordListError(CngenError):
    """One or more problems in one word list, reported together."""

    def __init__(self, source: str, problems: list[Problem], word_column: str = ""):
        self.source = source
        self.problems = problems
        super().__init__(format_problems(source, problems, word_column))


def format_problems(source: str, problems: list[Problem], word_column: str = "") -> str:
    """The first problems with their lines (a spreadsheet's: rows and columns, numbered as the
    spreadsheet numbers them), then a count of the rest by kind."""
    shown = [f"{_place(source, problem, word_column)}{problem.message}" for problem in problems[:MAX_REPORTED_PROBLEMS]]
    hidden = problems[MAX_REPORTED_PROBLEMS:]
    if hidden:
        kinds = Counter(problem.kind for problem in hidden)
        detail = ", ".join(f"{kind}: {count:,}" for kind, count in sorted(kinds.items(), key=lambda item: -item[1]))
        shown.append(f"... and {len(hidden):,} more problem{'s' if len(hidden) > 1 else ''} in {source} ({detail})")
    return "\n".join(shown)


def _place(source: str, problem: Problem, word_column: str) -> str:
    if not problem.line:
        return f"{source}: "
    column = problem.column or word_column
    return f"{source}: row {problem.line}, column {column}: " if column else f"{source}:{problem.line}: "


def raise_problems(word_list: WordList, more: Sequence[Problem] = ()) -> None:
    """Report every problem of the list, its own and ``more``, in line order; if any."""
    problems = sorted([*word_list.problems, *more], key=lambda problem: problem.line or 0)
    if problems:
        raise WordListError(word_list.source, problems, word_list.word_column)


def normalise(raw: str, language: str = "", sharp_s: str = "ss") -> str:
    """Trim, fold runs of white space into one space, compose accents, and capitalise as
    ``language`` writes capitals."""
    return capitals(unicodedata.normalize("NFC", " ".join(raw.split())), language, sharp_s)


def decode_text(data: bytes, source: str) -> str:
    """UTF-8 with or without a byte-order mark; anything else is refused with its line."""
    try:
        return decode_utf8(data)
    except NotUtf8 as problem:
        raise WordListError(source, [Problem(problem.line, _not_text(problem.detail))]) from None


def _not_text(detail: str) -> str:
    return f"this is not UTF-8 text{detail}: save the file as UTF-8 (plain text, one entry per line)"


class Capitals(msgspec.Struct, frozen=True):
    """How a list's entries are capitalised: in ``language`` (a deck's own ``language:``
    comes first), with ß as ``sharp_s`` says."""

    language: str = ""
    sharp_s: str = "ss"


def parse_text(data: bytes, source: str, dedupe: bool = False, caps: Capitals = Capitals()) -> WordList:
    """One entry per line; blank lines and lines starting with '#' are ignored. A list pasted
    as people write one (numbered, bulleted, quoted, or several entries a line at commas) is
    read for its entries, and a note says what was taken off (``model.pasted``)."""
    text = decode_text(data, source)
    candidates: list[tuple[int, object]] = []
    pasted: list[PastedLine] = []
    for number, line in enumerate(_lines(text), start=1):
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            # "1. apple", "- pear", "plum, fig": the forms a pasted list takes. A line longer than a
            # pasted list's is left whole, to be refused as one overlong entry without more work.
            read = read_pasted(stripped) if len(stripped) <= PASTED_LONGEST else PastedLine((stripped,))
            pasted.append(read)
            for entry in read.entries or (stripped,):
                if len(candidates) == MAX_WORDS:  # stop here: millions of lines would take gigabytes
                    _check_size(MAX_WORDS + 1, source, "more than ")
                candidates.append((number, entry))
    note = pasted_note(source, pasted)
    listed = WordList(source, (), language=caps.language, notes=(note,) if note else ())
    return check_entries(listed, candidates, dedupe, caps)


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text`` as str.splitlines breaks them, one at a time."""
    for match in _LINES.finditer(text):
        if not match.group():
            return  # the empty match at the very end
        yield match.group().rstrip(_LINE_BREAKS)


def _check_size(count: int, source: str, about: str = "") -> None:
    if count > MAX_WORDS:
        raise WordListError(source, [Problem(None, (
            f"the list has {about}{count - 1 if about else count:,} entries; cngen prints at most {MAX_WORDS:,} "
            "words at a time: split it into several lists"))])


def parse_yaml_deck(data: bytes, source: str, dedupe: bool = False, caps: Capitals = Capitals()) -> WordList:
    """A deck: a group of keys with name, language, licence, description and a list of words,
    read by the one YAML reader (loaded only for a YAML deck). The file's own mistakes (not
    text, not YAML, an unknown key) stop at once; its entries' problems are collected with the
    list's."""
    from ..inputs.schema import FileProblem, Group, Key, Lined, ListOf, Scalar, Text, as_option, read_yaml

    decode_text(data, source)  # a file that is not text is a word list's problem, said as one
    about = {key: Key(Text(empty=True, longest=DECK_FIELD_LONGEST[key])) for key in DECK_KEYS if key != "words"}
    # Its language: chooses files (labels, rules), so it is read as --lang is: only a code.
    about["language"] = Key(Text(empty=True, check=as_option(parse_language), expect="a language code such as fr"))
    words = ListOf(Lined(Scalar()), name="entry", expect="a list of entries such as [PLANET, COMET]")
    shape = Group({**about, "words": Key(words, required=True)})
    try:
        fields = read_yaml(data, source, shape, "a deck holds plain text only")
    except FileProblem as problem:
        raise WordListError(source, [Problem(problem.line, problem.detail)]) from None
    _check_size(len(fields["words"]), source)
    info = {key: fields.get(key, "") for key in DECK_KEYS if key != "words"}
    info["language"] = info["language"] or caps.language
    caps = Capitals(info["language"], caps.sharp_s)
    candidates = [(item.line, item.value) for item in fields["words"]]
    return check_entries(WordList(source, (), **info), candidates, dedupe, caps)


# A deck's name is printed on the rules sheet, as the kit's --title is, and held to the
# title's length; the other fields are only listed (cngen decks), never set on a page.
DECK_FIELD_LONGEST = {"name": 60, "language": 35, "licence": 500, "description": 500}


def check_entries(empty: WordList, candidates: list[tuple[int, object]], dedupe: bool, caps: Capitals,
             unit: str = "line") -> WordList:
    """Every entry checked in one pass: the usable ones, and a problem for each of the rest.
    ``unit``: what a candidate's number counts ("line", or a spreadsheet's "row")."""
    problems: list[Problem] = []
    entries: list[Entry] = []
    first_seen: dict[str, int] = {}
    dropped = 0
    for line, raw in candidates:
        if not isinstance(raw, str) or not raw.strip():
            problems.append(Problem(line, "each entry must be a word or a short phrase", "empty entries"))
            continue
        if len(raw) > MAX_ENTRY:  # before any work on it: a line may be megabytes long
            problems.append(Problem(line, f"an entry of {len(raw):,} characters is far longer than a card holds "
                                          f"(at most {MAX_ENTRY}): write one word or a short phrase per line",
                                    "overlong entries"))
            continue
        text = normalise(raw, caps.language, caps.sharp_s)
        problem = _entry_problem(text, line)
        key = text.casefold()
        if key in first_seen:
            if dedupe:
                dropped += 1
                continue
            problem = problem or Problem(line, f"'{text}' appears twice (first on {unit} {first_seen[key]}): "
                                               "remove one, or pass --dedupe", "repeats")
        else:
            first_seen[key] = line
        if problem:
            problems.append(problem)
        else:
            entries.append(Entry(text, line))
    if not entries and not problems:
        problems.append(Problem(None, "the list has no words: write one entry per line"))
    return replace(empty, entries=tuple(entries), problems=tuple(problems), dropped=dropped)


def _entry_problem(text: str, line: int) -> Problem | None:
    """Right-to-left entries are fine here: word cards shape them (the font is checked later)."""
    if text.isascii() and text.isprintable():
        return None  # letters, digits, punctuation and spaces, trimmed: most lists hold nothing else
    shown = text.encode("unicode_escape").decode()
    hidden = text_problem(text)  # the one rule of every text a user gives
    if hidden is not None:
        return Problem(line, f"'{shown}' contains {hidden}: remove it", "control characters")
    if not any(unicodedata.category(char)[0] in "LNPS" for char in text):  # joiners, marks, spaces only
        return Problem(line, f"'{shown}' has no visible character and would print as a blank side: "
                             "write a word, or leave the line empty", "invisible entries")
    return None


def right_to_left(text: str) -> list[str]:
    """The letters of ``text`` that are written right to left, each once, in order of appearance."""
    return list(dict.fromkeys(char for char in text if unicodedata.bidirectional(char) in _RIGHT_TO_LEFT))


# A deck kept in a spreadsheet, by its file's suffix: the format ``inputs.sheets`` reads it as.
SPREADSHEETS = {".csv": "csv", ".tsv": "tsv", ".tab": "tsv", ".xlsx": "xlsx"}


def spreadsheet_format(name: str) -> str | None:
    """"csv", "tsv" or "xlsx" from a file name's suffix (told without loading the spreadsheet
    reader, which a plain list never needs), else None."""
    return SPREADSHEETS.get(posixpath.splitext(name.replace("\\", "/"))[1].lower())


def parse_word_file(data: bytes, source: str, dedupe: bool = False, caps: Capitals = Capitals()) -> WordList:
    """Choose the parser by the file name: YAML decks end in .yaml or .yml (a spreadsheet's
    name is told by ``spreadsheet_format``, its rows read by ``inputs.sheets``)."""
    if source.lower().endswith((".yaml", ".yml")):
        return parse_yaml_deck(data, source, dedupe, caps)
    return parse_text(data, source, dedupe, caps)
