"""A deck kept in a spreadsheet: its rows (``inputs.sheets``) checked into a word list's entries,
each with what its row says beside the word: a second line, a picture, a category, copies.

Pure: rows in, entries and problems out. Every problem is placed as the spreadsheet numbers it
(row and column letter) and reported with the list's others, as a text list's are by line.
"""

from __future__ import annotations

import unicodedata
from collections import Counter
from typing import TYPE_CHECKING, Sequence

from msgspec.structs import replace

from ..errors import quoted, text_problem
from .words import MAX_WORDS, Capitals, Problem, WordList, WordListError, check_entries

if TYPE_CHECKING:  # the reader of spreadsheets loads only for one
    from ..inputs.sheets import Sheet, SheetRow

MAX_SECOND = 80  # characters: a translation or a short definition, on one or two small lines
MAX_CATEGORY = 40
MOST_COPIES = 20  # of one card: more is a typing mistake, not a deck
PATH_MARKS = "/\\:"  # what separates folders, or names a drive, on any system


def parse_sheet_deck(sheet: Sheet, dedupe: bool = False, caps: Capitals = Capitals(),
                     categories: Sequence[str] = ()) -> WordList:
    """The sheet's rows as a word list: the words checked as any list's are, the other cells
    of each row checked and kept with its entry; with ``categories``, only the rows of those."""
    rows = _in_categories(sheet, categories)
    if len(rows) > MAX_WORDS:
        raise WordListError(sheet.source, [Problem(None, f"the sheet has {len(rows):,} rows; cngen prints at most "
                                                         f"{MAX_WORDS:,} words at a time: split it")])
    column = sheet.columns["word"]
    candidates: list[tuple[int, object]] = [(row.number, row.cells.get("word", "")) for row in rows]
    empty = WordList(sheet.source, (), language=caps.language, word_column=column,
                     second_column=sheet.columns.get("second", ""), picture_column=sheet.columns.get("picture", ""),
                     notes=_ignored(sheet))
    listed = check_entries(empty, candidates, dedupe, caps, unit="row")
    extras = {row.number: row.cells for row in rows}
    problems = list(listed.problems)
    entries = []
    for entry in listed.entries:
        cells = extras[entry.line]
        second = _second(cells.get("second", ""), entry.line, sheet, problems)
        copies = _copies(cells.get("copies", ""), entry.line, sheet, problems)
        category = _folded(cells.get("category", ""))
        picture = _picture(cells.get("picture", ""), entry.line, sheet, problems)
        entries.append(replace(entry, second=second, picture=picture, category=category, copies=copies))
    problems.sort(key=lambda problem: problem.line or 0)
    return replace(listed, entries=tuple(entries), problems=tuple(problems))


def category_counts(word_list: WordList) -> tuple[tuple[str, int], ...]:
    """How many words each category holds, in the order the categories first appear; none
    where no entry names one."""
    counts = Counter(entry.category for entry in word_list.entries)
    if set(counts) <= {""}:
        return ()
    order = dict.fromkeys(entry.category for entry in word_list.entries)
    return tuple((name, counts[name]) for name in order)


def _in_categories(sheet: Sheet, chosen: Sequence[str]) -> list[SheetRow]:
    """The rows of the chosen categories (all rows where none is chosen); a chosen category no
    row has is refused, naming those the sheet has."""
    if not chosen:
        return list(sheet.rows)
    if "category" not in sheet.columns:
        raise WordListError(sheet.source, [Problem(None, "--category chooses rows by their category, and the sheet "
                                                         "has no category column: add one, or leave --category out")])
    wanted = {_folded(name).casefold(): name for name in chosen}
    categories = [_folded(row.cells.get("category", "")) for row in sheet.rows]
    rows = [row for row, category in zip(sheet.rows, categories) if category.casefold() in wanted]
    present = {category.casefold() for category in categories}
    missing = [name for key, name in wanted.items() if key not in present]
    if missing:
        names = sorted(set(categories) - {""}, key=str.casefold)
        listed = ", ".join(quoted(name) for name in names) or "none"
        raise WordListError(sheet.source, [Problem(None, f"no row has the category {quoted(missing[0])}: the sheet's "
                                                         f"categories are {listed}")])
    return rows


def _second(raw: str, row: int, sheet: Sheet, problems: list[Problem]) -> str:
    """The second line as written (not in capitals), its spaces folded; a problem where it
    cannot print as it is."""
    if not raw:
        return ""
    column = sheet.columns["second"]
    if len(raw) > MAX_SECOND:
        problems.append(Problem(row, f"a second line of {len(raw):,} characters is longer than a card holds (at most "
                                     f"{MAX_SECOND}): shorten it to a translation or a few words", "overlong entries",
                                column))
        return ""
    text = _folded(raw)
    hidden = text_problem(text)
    if hidden is not None:
        problems.append(Problem(row, f"{quoted(text)} holds {hidden}: remove it", "control characters", column))
        return ""
    return text


def _picture(raw: str, row: int, sheet: Sheet, problems: list[Problem]) -> str:
    """A picture's file name as the row writes it; a problem where it is not a name alone in
    the pictures' folder (a path, a folder above, a hidden file): nothing outside --images is
    ever opened."""
    name = raw  # as written: the folder is searched for it as its system spells names (``jobs.picturedeck``)
    why = _not_a_name(name) if name else None
    if why is None:
        return name
    problems.append(Problem(row, f"the picture {quoted(name)} {why}: write the name of a file in the --images "
                                 "folder, such as apple.png, with no folder before it", "picture files",
                            sheet.columns["picture"]))
    return ""


def _not_a_name(name: str) -> str | None:
    """Why ``name`` is not a file's name alone, or None."""
    hidden = text_problem(name)
    if hidden is not None:
        return f"holds {hidden}"
    if any(mark in name for mark in PATH_MARKS) or name.strip(".") == "" or name != name.strip():
        return "is not a file name alone"
    return "names a hidden file" if name.startswith(".") else None


def _copies(raw: str, row: int, sheet: Sheet, problems: list[Problem]) -> int:
    if not raw:
        return 1
    if raw.isascii() and raw.isdigit() and 1 <= int(raw) <= MOST_COPIES:
        return int(raw)
    problems.append(Problem(row, f"copies must be a whole number from 1 to {MOST_COPIES}, not {quoted(raw)}",
                            "copies", sheet.columns["copies"]))
    return 1


def _folded(text: str) -> str:
    return unicodedata.normalize("NFC", " ".join(text.split()))


def _ignored(sheet: Sheet) -> tuple[str, ...]:
    """A note naming the columns no field reads, so that a misspelt header is seen."""
    if not sheet.ignored:
        return ()
    columns = ", ".join(sheet.ignored)
    return (f"{sheet.source}: column{'s' if len(sheet.ignored) > 1 else ''} {columns} "
            "left aside: cngen reads word, second, picture, category and copies (--columns FIELD=HEADER maps "
            "another header)",)
