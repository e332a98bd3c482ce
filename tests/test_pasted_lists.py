"""Word lists as people paste them (from a document, an e-mail, a web page): numbered, bulleted,
quoted, several entries a line at commas or semicolons; each read for its entries, with a note
saying what was taken off; a plain list one entry a line reads exactly as before."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from generator.cli import main
from generator.model.pasted import read_pasted
from generator.model.words import normalise, parse_text


@pytest.mark.parametrize("line, entries", [
    ("1. apple", ["apple"]), ("12) banana", ["banana"]), ("(3) plum", ["plum"]), ("4: fig", ["fig"]),
    ("- cherry", ["cherry"]), ("* kiwi", ["kiwi"]), ("• lime", ["lime"]), ("– pear", ["pear"]),
    ('"quoted"', ["quoted"]), ("“curly”", ["curly"]), ("«guillemets»", ["guillemets"]), ("„unten“", ["unten"]),
    ("apple, banana, cherry", ["apple", "banana", "cherry"]), ("fig; kiwi;", ["fig", "kiwi"]),
    ('"HELLO, WORLD", moon', ["HELLO, WORLD", "moon"]), ("1. apple, pear", ["apple", "pear"]),
    ("O'BRIEN", ["O'BRIEN"]), ("'TIS, APPLE", ["'TIS", "APPLE"]), ("ROCK-N-ROLL", ["ROCK-N-ROLL"]),
    ("1984", ["1984"]), ("3.14", ["3.14"]), ("ice cream", ["ice cream"]), ("-5", ["-5"]),
    ("&AMP;", ["&AMP;"]), ("WAIT,", ["WAIT,"]), ("fig; kiwi;", ["fig", "kiwi"]),
])
def test_a_pasted_line_is_read_for_its_entries(line, entries):
    assert list(read_pasted(line).entries) == entries


def test_the_note_says_what_was_taken_off_and_the_cards_carry_the_words(tmp_path):
    words = tmp_path / "pasted.txt"
    words.write_text("1. apple\n2. pear\n- plum\n\"fig\"\nkiwi, lime; date\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["deck", "--words", str(words), "-o", str(tmp_path / "deck.pdf")])
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "7 words from" in said
    assert ("was read as a pasted list: 1 line split at commas or semicolons, numbers taken off 2 lines, bullets "
            "taken off 1 line, quotes taken off 1 entry; check the cards, or write one entry a line (in quotes to "
            "keep a comma in it)") in said


def test_a_repeat_across_one_line_is_named_by_that_line():
    listed = parse_text(b"apple, pear, apple\n", "words.txt")
    assert [problem.message for problem in listed.problems] == [
        "'APPLE' appears twice (first on line 1): remove one, or pass --dedupe"]


WORD = st.text(st.characters(whitelist_categories=("Lu", "Ll", "Nd")), min_size=1, max_size=12)


@given(st.lists(st.lists(WORD, min_size=1, max_size=3).map(" ".join), min_size=1, max_size=20,
                unique_by=lambda line: normalise(line).casefold()))
def test_a_plain_list_one_entry_a_line_reads_as_it_always_did(lines):
    listed = parse_text("\n".join(lines).encode("utf-8"), "words.txt")
    assert [entry.line for entry in listed.entries] == list(range(1, len(lines) + 1))
    assert not listed.notes
