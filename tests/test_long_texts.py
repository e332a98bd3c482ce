"""Rules texts too long for a rules sheet: each is refused as it is read, before anything is
set, in one line that names the file, the line and the place, what is too long and the fix;
a long text within the limits is set whole.

Setting a paragraph grows with the square of its length (Platypus breaks its lines again at
every column it runs into), so a 300,000-character paragraph took minutes before it was
refused; these run in a few milliseconds each.
"""

from __future__ import annotations

import functools
import io

import pypdf
import pytest
import yaml
from glyphcheck import CJK_COLLECTION, HEBREW_ARABIC

from generator.games import GAMES
from generator.model.ruletext import MAX_CAPTION, MAX_HEADING, MAX_PARAGRAPH, MAX_STRINGS, MAX_TOTAL
from generator.model.words import MAX_ENTRY

HUGE = 300_000  # the tracker's paragraph and word
HAN = "東京富士山新幹線桜寿司長城熊猫北京月亮国際宇宙展望台空港電車学校図書館日本中文語字"  # in the test font
ARABIC = "كلمة سر "


def repeated(piece: str, length: int) -> str:
    """``piece`` again and again, cut to exactly ``length`` characters, the last not a space
    (YAML would trim it)."""
    text = (piece * (length // len(piece) + 1))[:length]
    return text[:-1] + "s" if text.endswith(" ") else text


def words(length: int) -> str:
    return repeated("spymaster clue agent bystander ", length)


def rules_file(blocks: str, *, title: str = "Rules", top: str = "", section_title: str = "A") -> str:
    """A small rules text: one section 'a' whose blocks start on line 6 (when ``top`` is empty)."""
    return f"title: {title}\n{top}sections:\n  - id: a\n    title: {section_title}\n    blocks:\n{blocks}"


def flow(text: str) -> str:
    """Text as a YAML value on one line, whatever it holds."""
    return yaml.safe_dump(text, allow_unicode=True, width=float("inf")).removesuffix("\n...\n").strip()


@functools.cache
def classic_text() -> dict:
    return yaml.load(GAMES["classic"].rules_text("en").read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)


def with_example(part: str, value: str) -> tuple[str, int]:
    """cngen's English rules with one of the example's strings changed: its ``clue``, its
    ``grid`` caption or its third ``word`` (neither a target nor a guess); and that line."""
    data = classic_text()
    example = {**data["example"], "captions": dict(data["example"]["captions"]),
               "words": list(data["example"]["words"])}
    mark = "CHANGED-HERE"
    if part == "word":
        example["words"][2] = mark
    elif part == "clue":
        example["clue"] = mark
    else:
        example["captions"][part] = mark
    text = yaml.safe_dump({**data, "example": example}, allow_unicode=True, width=float("inf"), sort_keys=False)
    line = next(number for number, row in enumerate(text.splitlines(), start=1) if mark in row)
    return text.replace(mark, flow(value)), line


def refused(run, tmp_path, text: str, *args: str, command: str = "rules") -> str:
    """The one line a refused text gets, without its 'Error: r.yaml:'; nothing is written."""
    (tmp_path / "r.yaml").write_text(text, encoding="utf-8")
    result = run(command, "--text", "r.yaml", *args)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert not (tmp_path / "output").exists()
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert len(errors) == 1 and result.stderr.strip().endswith(errors[0]), result.stderr
    assert errors[0].startswith("Error: r.yaml:"), errors[0]
    return errors[0].removeprefix("Error: r.yaml:")


CJK_FONT = ("--font", str(CJK_COLLECTION))

# Each case: the text, the arguments, and the message after "r.yaml:".
TOO_LONG = {
    "a paragraph of words": (
        rules_file(f"      - text: {words(HUGE)}\n"), (),
        ("6: section 'a', block 1: a paragraph of 300,000 characters is longer than a rules sheet can hold "
         f"(at most {MAX_PARAGRAPH:,}): shorten it, or split it in two")),
    "one word without spaces": (
        rules_file(f"      - text: {'x' * HUGE}\n"), (),
        "6: section 'a', block 1: a paragraph of 300,000 characters is longer"),
    "Chinese without spaces": (
        rules_file(f"      - text: {repeated(HAN, HUGE)}\n", title=HAN[:2], section_title=HAN[2:4]), CJK_FONT,
        "6: section 'a', block 1: a paragraph of 300,000 characters is longer"),
    "Arabic": (
        rules_file(f"      - text: {repeated(ARABIC, HUGE)}\n"), ("--font", str(HEBREW_ARABIC)),
        "6: section 'a', block 1: a paragraph of 300,000 characters is longer"),
    "a list entry": (
        rules_file(f"      - items:\n          - Short.\n          - {'x' * HUGE}\n"), (),
        "8: section 'a', item 2: a list entry of 300,000 characters is longer"),
    "a step": (
        rules_file(f"      - steps:\n          - text: {words(MAX_PARAGRAPH + 1)}\n"), (),
        f"7: section 'a', step 1: text: a list entry of {MAX_PARAGRAPH + 1:,} characters is longer"),
    "a table cell": (
        rules_file(f"      - table:\n          columns: [A, B]\n          rows:\n            - [a, {'x' * HUGE}]\n"), (),
        "9: section 'a', block 1, row 1: a table cell of 300,000 characters is longer"),
    "a section's title": (
        rules_file("      - text: Hello.\n", section_title="x" * HUGE), (),
        (f"4: section 'a': a title of 300,000 characters is longer than a rules sheet can hold (at most "
         f"{MAX_HEADING}): shorten it")),
    "the sheet's title": (
        rules_file("      - text: Hello.\n", title=words(MAX_HEADING + 1)), (),
        f"1: title: a title of {MAX_HEADING + 1} characters is longer"),
    "the subtitle": (
        rules_file("      - text: Hello.\n", top=f"subtitle: {'x' * HUGE}\n"), (),
        "2: subtitle: a subtitle of 300,000 characters is longer"),
}


@pytest.mark.parametrize("case", TOO_LONG)
def test_a_text_too_long_for_a_sheet_is_refused_at_once_with_its_place(run, tmp_path, case):
    text, args, message = TOO_LONG[case]
    assert refused(run, tmp_path, text, *args).startswith(message)


def test_placeholders_are_counted_as_they_are_printed(run, tmp_path):
    written = "{deck} " * (MAX_PARAGRAPH // len("{deck} "))  # within the limit until the deck's name fills it
    message = refused(run, tmp_path, rules_file(f"      - text: {flow(written)}\n"))
    assert message.startswith("6: section 'a', block 1: a paragraph of ")
    assert "characters, once its placeholders are filled in, is longer than a rules sheet can hold" in message


@pytest.mark.parametrize("change, where, longest", [
    ("clue", "example: clue", MAX_CAPTION),
    ("grid", "example: captions: grid", MAX_CAPTION),
])
def test_the_examples_clue_and_captions_have_a_limit_of_their_own(run, tmp_path, change, where, longest):
    text, line = with_example(change, "x" * HUGE)
    assert refused(run, tmp_path, text) == (f"{line}: {where}: a text of 300,000 characters is longer than a rules "
                                            f"sheet can hold (at most {longest}): shorten it")


def test_an_examples_word_is_held_to_a_cards_length(run, tmp_path):
    text, line = with_example("word", "x" * HUGE)
    assert refused(run, tmp_path, text) == (f"{line}: example: words, word 3: a word of 300,000 characters is longer "
                                            f"than a card holds (at most {MAX_ENTRY}): write one word or a short phrase")


def test_paragraphs_that_together_pass_the_sheets_limit_are_refused_where_they_pass_it(run, tmp_path):
    count = MAX_TOTAL // MAX_PARAGRAPH + 1
    text = rules_file("".join(f"      - text: {words(MAX_PARAGRAPH)}\n" for _ in range(count)))
    before = len("Rules") + len("A")  # the title and the section's title count too
    passing = next(number for number in range(1, count + 1) if before + number * MAX_PARAGRAPH > MAX_TOTAL)
    assert refused(run, tmp_path, text) == (
        f"{5 + passing}: section 'a', block {passing}: the rules text passes {MAX_TOTAL:,} characters here, more "
        "than a rules sheet can hold (about six pages of A4): shorten it, or split it into two files and print a "
        "sheet of each")


def test_a_thousand_short_entries_are_refused_too(run, tmp_path):
    text = rules_file("      - items:\n" + "          - x\n" * MAX_STRINGS)
    passing = MAX_STRINGS - 1  # the title and the section's title are strings too
    assert refused(run, tmp_path, text) == (
        f"{6 + passing}: section 'a', item {passing}: the rules text passes {MAX_STRINGS:,} paragraphs, list "
        "entries, table cells and titles here, more than a rules sheet can hold (about six pages of A4): shorten "
        "it, or split it into two files and print a sheet of each")


def test_a_table_row_taller_than_a_column_is_named_with_its_table(run, tmp_path):
    row = f"[{words(MAX_PARAGRAPH)}, b, c, d]"
    text = rules_file(f"      - text: Hello.\n      - table:\n          columns: [A, B, C, D]\n          rows:\n"
                      f"            - {row}\n")
    assert refused(run, tmp_path, text) == ("7: section 'a', block 2: a row of this table is taller than a column of "
                                            "a 210 x 297 mm page: shorten its cells, or choose larger paper")


def test_the_kit_refuses_the_same_text_in_the_same_words(run, tmp_path):
    text, args, message = TOO_LONG["one word without spaces"]
    assert refused(run, tmp_path, text, *args, "--keys-count", "1", command="kit").startswith(message)


def test_a_long_text_within_the_limits_is_set_whole(run, tmp_path):
    paragraph = f"{words(MAX_PARAGRAPH - len(' LASTWORD'))} LASTWORD"
    word = "abcdefghij" * 100  # wider than a column: broken between letters
    (tmp_path / "r.yaml").write_text(rules_file(f"      - text: {paragraph}\n      - text: {word}\n"),
                                     encoding="utf-8")
    result = run("rules", "--text", "r.yaml", "--paper", "a5", "-o", "long.pdf")  # one column: it turns the page
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(io.BytesIO((tmp_path / "long.pdf").read_bytes()))
    text = " ".join(page.extract_text() for page in reader.pages)
    assert len(reader.pages) >= 2 and "LASTWORD" in reader.pages[-1].extract_text()
    assert text.count("spymaster") == paragraph.count("spymaster")
    assert word in "".join(text.split())
