"""Word lists as users write them: encodings, line endings, comments, mistakes."""

import pytest

from generator.model.words import WordListError, parse_text, parse_word_file, parse_yaml_deck, raise_problems


def words_of(data: bytes) -> list[str]:
    return parse_text(data, "words.txt").words


def problem_text(call, *args) -> str:
    """The message for a list's problems: those that stop the parse at once, and those it
    collects for the caller to report with its own."""
    with pytest.raises(WordListError) as caught:
        raise_problems(call(*args))
    return str(caught.value)


def test_entries_are_trimmed_capitalised_and_remember_their_line():
    word_list = parse_text(b"# my words\n\n  bank  \nice   cream\n\xc3\xa9t\xc3\xa9\n", "w.txt")
    assert [(e.text, e.line) for e in word_list.entries] == [("BANK", 3), ("ICE CREAM", 4), ("ÉTÉ", 5)]


def test_a_byte_order_mark_and_crlf_line_endings_are_accepted():
    assert words_of(b"\xef\xbb\xbfbank\r\npitch\r\n\r\n# note\r\n") == ["BANK", "PITCH"]


def test_decomposed_accents_are_composed():
    assert words_of("e\u0301te\u0301".encode()) == ["ÉTÉ"]


def test_duplicates_are_found_regardless_of_case_with_both_lines():
    message = problem_text(parse_text, b"bank\npitch\n  Bank\n", "party.txt")
    assert message == "party.txt:3: 'BANK' appears twice (first on line 1): remove one, or pass --dedupe"


def test_every_problem_is_reported_at_once():
    message = problem_text(parse_text, b"a\na\nb\nb\n", "w.txt")
    assert message.splitlines() == [
        "w.txt:2: 'A' appears twice (first on line 1): remove one, or pass --dedupe",
        "w.txt:4: 'B' appears twice (first on line 3): remove one, or pass --dedupe",
    ]


def test_many_problems_are_summarised():
    data = b"x\n" * 30
    lines = problem_text(parse_text, data, "w.txt").splitlines()
    assert len(lines) == 11 and lines[-1] == "... and 19 more problems in w.txt (repeats: 19)"


@pytest.mark.parametrize("data", [b"", b"\n\n   \n", b"# only\n# comments\n"])
def test_a_list_without_words_is_refused(data):
    assert problem_text(parse_text, data, "w.txt") == (
        "w.txt: the list has no words: write one entry per line"
    )


def test_latin1_text_is_refused_with_the_line_of_the_first_bad_byte():
    message = problem_text(parse_text, b"bank\ncaf\xe9\n", "w.txt")
    assert message.startswith("w.txt:2: this is not UTF-8 text")


def test_nul_bytes_mean_the_file_is_not_text():
    message = problem_text(parse_text, "bank\npitch".encode("utf-16-le"), "w.txt")
    assert "w.txt:1: this is not UTF-8 text (it contains NUL bytes, as UTF-16 files do): save" in message


def test_control_characters_are_refused():
    message = problem_text(parse_text, b"bank\nbe\x07ll\n", "w.txt")
    assert message == "w.txt:2: 'BE\\x07LL' contains the control character U+0007: remove it"


def test_a_yaml_deck_gives_its_metadata_and_lines():
    data = b"name: tiny\nlanguage: en\nlicence: CC0-1.0\nwords:\n  - bank\n  - pitch\n"
    deck = parse_yaml_deck(data, "tiny.yaml")
    assert (deck.name, deck.language, deck.licence) == ("tiny", "en", "CC0-1.0")
    assert [(e.text, e.line) for e in deck.entries] == [("BANK", 5), ("PITCH", 6)]


def test_yaml_duplicates_and_non_words_name_their_lines():
    data = b"name: x\nwords:\n  - bank\n  - [a, b]\n  - BANK\n"
    assert problem_text(parse_yaml_deck, data, "d.yaml").splitlines() == [
        "d.yaml:4: each entry must be a word or a short phrase",
        "d.yaml:5: 'BANK' appears twice (first on line 3): remove one, or pass --dedupe",
    ]


@pytest.mark.parametrize(
    "data, expected",
    [
        (b"name: x\nwords: [bank\n", "d.yaml:3: this is not valid YAML"),
        (b"name: x\n", "d.yaml:1: top level: 'words:' is missing: add it"),
        (b"- bank\n- pitch\n",
         "d.yaml:1: top level: this must be a group of keys (name, language, licence, description, words), not a list"),
        (b"words: !!python/object/apply:os.system ['true']\n", "d.yaml:1: the YAML tag tag:yaml.org,2002:python/object/apply:os.system is not allowed"),
    ],
)
def test_broken_yaml_decks_are_refused_safely(data, expected):
    assert problem_text(parse_yaml_deck, data, "d.yaml").startswith(expected)


def test_a_deck_whose_alias_contains_itself_is_refused_not_looped_on():
    message = problem_text(parse_yaml_deck, b"words: &x [bank, *x]\n", "d.yaml")
    assert message == "d.yaml:1: each entry must be a word or a short phrase"


def test_the_parser_is_chosen_by_file_name():
    assert parse_word_file(b"words:\n  - bank\n", "d.YML").words == ["BANK"]
    assert parse_word_file(b"words:\n", "w.txt").words == ["WORDS:"]


def test_dedupe_keeps_the_first_of_each_repeat_and_counts_the_rest():
    word_list = parse_text(b"bank\npitch\nBank\n  bank \nmercury\nPITCH\n", "w.txt", dedupe=True)
    assert [(e.text, e.line) for e in word_list.entries] == [("BANK", 1), ("PITCH", 2), ("MERCURY", 5)]
    assert word_list.dropped == 3 and word_list.problems == ()


def test_every_kind_of_problem_is_found_in_one_pass_in_line_order():
    data = "bank\nbe\x1bll\nBANK\nשלום\n\npitch\n".encode()  # Hebrew is fine: word cards shape it
    assert problem_text(parse_text, data, "w.txt").splitlines() == [
        "w.txt:2: 'BE\\x1bLL' contains the control character U+001B: remove it",
        "w.txt:3: 'BANK' appears twice (first on line 1): remove one, or pass --dedupe",
    ]


def test_problems_beyond_the_first_ten_are_counted_by_kind():
    data = b"x\x07\ny\x07\nz\x07\n" + b"a\n" * 9 + b"u\x07\nv\x07\n"
    last = problem_text(parse_text, data, "w.txt").splitlines()[-1]
    assert last == "... and 3 more problems in w.txt (control characters: 2, repeats: 1)"
