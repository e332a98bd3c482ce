"""A user's rules text is data: tags other than <b> and <i> are refused, everything else is
printed as written, every mistake in its shape is named by file and line, and text the font
cannot draw, or that runs right to left, is refused before anything is written."""

from __future__ import annotations

import ctypes
import functools
import re
from pathlib import Path

import builds
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
import yaml
from click.testing import CliRunner
from pdfcheck import pdf_pages
from pdfiumpage import plumber_pages
from pdfplumber.utils import extract_words

from generator.cli import main
from generator.errors import CngenError
from generator.games import GAMES
from generator.jobs.rules import default_contents, game_text
from generator.model.inline import Span
from generator.model.ruletext import parse_rules
from generator.settings.options import RulesOptions

CLASSIC = GAMES["classic"]
CONTENTS = default_contents(CLASSIC)[0]
TEXT = game_text(CLASSIC)
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def rules_file(blocks: str = "      - text: Hello.\n", *, title: str = "Rules", top: str = "") -> str:
    """A small rules text: one section 'a' whose blocks start on line 6 (when ``top`` is empty)."""
    return f"title: {title}\n{top}sections:\n  - id: a\n    title: A\n    blocks:\n{blocks}"


def cngen(tmp_path: Path, monkeypatch, text: str, *args: str):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "r.yaml").write_text(text, encoding="utf-8")
    return CliRunner().invoke(main, ["rules", "--text", "r.yaml", *args])


def refused(tmp_path: Path, monkeypatch, text: str, *args: str) -> str:
    """The one-line message of a refused text; nothing is written."""
    result = cngen(tmp_path, monkeypatch, text, *args)
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not (tmp_path / "output").exists()
    message = result.stderr.strip()
    assert message.startswith("Error: ") and "\n" not in message, message
    return message.removeprefix("Error: ")


def read_refused(text: str) -> str:
    """The one-line message the reader refuses a text with: what `cngen rules --text r.yaml`
    prints after 'Error: ' (test_the_command_prints_the_readers_message_and_writes_nothing)."""
    with pytest.raises(CngenError) as raised:
        parse_rules(text.encode(), "r.yaml", CONTENTS, TEXT)
    message = str(raised.value)
    assert "\n" not in message, message
    return message


def fonts_of(pdf: bytes, words: tuple[str, ...]) -> dict[str, set[str]]:
    """The fonts each of ``words`` is printed in, wherever it stands as a word on the pages (PDFium)."""
    fonts: dict[str, set[str]] = {word: set() for word in words}
    name, flags = ctypes.create_string_buffer(256), ctypes.c_int()
    document = pdfium.PdfDocument(pdf)
    try:
        for page in document:
            textpage = page.get_textpage()
            text = textpage.get_text_range()
            assert len(text) == textpage.count_chars()
            for word in words:
                for found in re.finditer(rf"(?<!\S){re.escape(word)}(?!\S)", text):
                    for index in range(found.start(), found.end()):
                        assert pdfium_raw.FPDFText_GetFontInfo(textpage.raw, index, name, len(name), ctypes.byref(flags))
                        fonts[word].add(name.value.decode())
    finally:
        document.close()
    return fonts


@functools.cache
def default_sheet_pages() -> tuple[str, ...]:
    """The text of each page of the default rules sheet."""
    return tuple(pdf_pages(builds.rules(RulesOptions()).pdf))


def printed(tmp_path: Path, monkeypatch, text: str, *args: str) -> str:
    result = cngen(tmp_path, monkeypatch, text, *args)
    assert result.exit_code == 0, result.output
    return " ".join(" ".join(page.split()) for page in pdf_pages(tmp_path / "output" / "rules.pdf"))


# --- Tags ------------------------------------------------------------------------------------

TAGS = {
    "an image in the title": (rules_file(title="'x <img src=\"/etc/hostname\"/>'"), 1, "<img src=\"/etc/hostname\"/>"),
    "an image in a paragraph": (rules_file("      - text: 'see <img src=\"/etc/hostname\"/>'\n"), 6, "<img src="),
    "a font": (rules_file("      - text: '<font name=\"x\">big</font>'\n"), 6, "<font name=\"x\">"),
    "a link in an item": (rules_file("      - items:\n          - one\n          - '<a href=\"https://x\">two</a>'\n"),
                          8, "<a href=\"https://x\">"),
    "a link element": (rules_file("      - steps: ['<link href=\"x\">go</link>']\n"), 6, "<link href=\"x\">"),
    "a closing tag alone": (rules_file("      - text: 'plain </font> text'\n"), 6, "</font>"),
    "a line break": (rules_file("      - text: 'one<br/>two'\n"), 6, "<br/>"),
    "bold with an attribute": (rules_file("      - text: '<b color=\"red\">x</b>'\n"), 6, "<b color=\"red\">"),
    "a capital B": (rules_file("      - text: '<B>x</B>'\n"), 6, "<B>"),
    "a table cell": (rules_file("      - table:\n          columns: [a, b]\n          rows:\n"
                                "            - [x, '<img src=\"y\"/>']\n"), 9, "<img src=\"y\"/>"),
    "a section title": (rules_file().replace("title: A", "title: 'A <img src=\"y\"/>'"), 4, "<img src="),
    "the subtitle": (rules_file(top="subtitle: '<font face=\"x\">s</font>'\n"), 2, "<font face="),
}


@pytest.mark.parametrize("text, line, tag", TAGS.values(), ids=TAGS.keys())
def test_tags_other_than_bold_and_italic_are_refused_with_their_line(text, line, tag):
    message = read_refused(text)
    assert message.startswith(f"r.yaml:{line}: ")
    assert f"the tag '{tag}" in message and "only <b>...</b> and <i>...</i> are" in message


NESTING = {
    "overlapping": ("<b>a <i>b</b> c</i>", "</b> comes before </i>"),
    "never closed": ("<b>bold to the end", "<b> is never closed: add </b>"),
    "closing nothing": ("plain</i>", "</i> closes nothing"),
    "bold inside bold": ("<b>a <b>b</b></b>", "<b> is opened again inside <b>"),
}


@pytest.mark.parametrize("text, problem", NESTING.values(), ids=NESTING.keys())
def test_bold_and_italic_must_nest(text, problem):
    message = read_refused(rules_file(f"      - text: Fine.\n      - text: '{text}'\n"))
    assert message.startswith("r.yaml:7: section 'a', block 2: ") and problem in message


def test_titles_are_plain_text(tmp_path, monkeypatch):
    message = refused(tmp_path, monkeypatch, rules_file(title="'How to <b>play</b>'"))
    assert message.startswith("r.yaml:1: title: a title is plain text")


def test_what_is_not_a_tag_is_printed_as_written(tmp_path, monkeypatch):
    text = rules_file("      - text: 'a < b & c > d, 1<2, &amp; and &lt;b&gt; stay, x<<b>y</b>'\n"
                      "      - items: ['<i>slanted</i> and <b><i>both</i></b>']\n",
                      title="'Q & A <3'")
    shown = printed(tmp_path, monkeypatch, text)
    assert "Q & A <3" in shown
    assert "a < b & c > d, 1<2, &amp; and &lt;b&gt; stay, x<y" in shown
    assert "slanted and both" in shown
    (page,) = plumber_pages((tmp_path / "output" / "rules.pdf").read_bytes(), [0])
    words = extract_words(page.chars, extra_attrs=["fontname"])
    fonts = {word["text"]: word["fontname"].split("-")[1] for word in words}  # FiraSans-Italic: Italic
    assert fonts["slanted"] == "Italic" and fonts["both"] == "Bold"
    assert fonts["x<"] == "Regular" and fonts["y"] == "Bold"


def test_numbers_and_booleans_are_text_as_written(tmp_path, monkeypatch):
    text = rules_file("      - text: 1.50\n      - items: [yes, 007]\n      - table:\n          columns: [n, ok]\n"
                      "          rows:\n            - [8, true]\n", title="2024")
    shown = printed(tmp_path, monkeypatch, text)
    assert shown.startswith("Codenames 2024 ") and "1.50" in shown and "• yes • 007" in shown and "8 true" in shown


# --- Shapes --------------------------------------------------------------------------------

SHAPES = {
    "text that is a list": (rules_file("      - text: [1, 2]\n"), 6, "this must be text, not a list"),
    "an item with an unknown key": (rules_file("      - items:\n          - {x: 1}\n"), 7,
                                    "section 'a', item 1: unknown key 'x'"),
    "an item that is a list": (rules_file("      - items:\n          - [a]\n"), 7, "an entry is text"),
    "a row that is not a list": (rules_file("      - table:\n          columns: [a, b]\n          rows:\n"
                                            "            - 5\n"), 9, "a row is a list of cells"),
    "a row too short": (rules_file("      - table:\n          columns: [a, b]\n          rows:\n"
                                   "            - [a, b]\n            - [c]\n"), 10,
                        "the row has 1 cell and the table 2 columns"),
    "a table without rows": (rules_file("      - table:\n          columns: [a, b]\n"), 6, "'rows:' is missing"),
    "too many columns": (rules_file("      - table:\n          columns: [a, b, c, d, e]\n          rows: [[1, 2, 3, 4, 5]]\n"),
                         7, "use at most 4"),
    "no sections": ("title: Rules\nsections: []\n", 2, "sections: the list is empty"),
    "sections that are text": ("title: Rules\nsections: intro\n", 2, "sections: this must be a list of sections"),
    "no title": ("sections:\n  - id: a\n    title: A\n    blocks:\n      - text: x\n", 1, "'title:' is missing"),
    "an unknown key at the top": (rules_file().replace("title: Rules", "titel: Rules"), 1,
                                  "unknown key 'titel': did you mean 'title'?"),
    "an unknown section key": (rules_file().replace("    title: A", "    tilte: A"), 4,
                               "section 1: unknown key 'tilte': did you mean 'title'?"),
    "a section that is text": ("title: Rules\nsections:\n  - intro\n", 3,
                               "section 1: this must be a group of keys (id, title, variant, when, blocks), not 'intro'"),
    "a repeated section id": (rules_file() + "  - id: a\n    title: B\n    blocks:\n      - text: y\n", 7,
                              "the id 'a' is used twice (first on line 3)"),
    "a key set twice": (rules_file().replace("title: Rules\n", "title: Rules\ntitle: Again\n"), 2,
                        "'title' is set twice (first on line 1)"),
    "an unknown variant": (rules_file().replace("    title: A\n", "    title: A\n    variant: four-players\n"), 5,
                           "unknown variant 'four-players': did you mean 'two-players'?"),
    "a block of two kinds": (rules_file("      - text: x\n        items: [y]\n"), 6, "not both text and items"),
    "a block of no kind": (rules_file("      - when: fold\n"), 6, "a block needs one of text, items"),
    "an unknown block kind": (rules_file("      - txt: x\n"), 6, "unknown key 'txt': did you mean 'text'?"),
    "an empty text": (rules_file("      - text:\n"), 6, "this is empty"),
    "an empty list of blocks": ("title: Rules\nsections:\n  - id: a\n    title: A\n    blocks: []\n", 5,
                                "the list is empty"),
    "an unknown condition": (rules_file("      - text: x\n        when: [home, folded]\n"), 7,
                             "unknown condition 'folded': did you mean 'fold'?"),
    "a condition that is a group": (rules_file("      - text: x\n        when: {fold: 1}\n"), 7,
                                    "'when' takes a condition or a list of them"),
    "nothing left in a section": (rules_file("      - text: x\n        when: fold\n"), 3,
                                  "section 'a': none of its blocks is left for this kit"),
    "nothing left at all": (rules_file().replace("    title: A\n", "    title: A\n    when: shop\n"), 2,
                            "no section is left for this kit"),
    "an unknown placeholder": (rules_file("      - text: '{cards}'\n"), 6,
                               "section 'a', block 1: unknown placeholder {cards}: did you mean 'key_cards'?"),
    "a lone brace": (rules_file("      - text: 'a } b'\n"), 6, "a lone '}': write }} for a brace"),
    "attribute access": (rules_file("      - text: '{deck.__class__}'\n"), 6, "'{deck.__class__}' is not a placeholder"),
    "an index": (rules_file("      - text: '{keys[0]}'\n"), 6, "'{keys[0]}' is not a placeholder"),
    "a noun for what is not a count": (rules_file("      - text: '{deck|a|b}'\n"), 6, "{deck} is not a count"),
    "a control character": (rules_file("      - text: \"bell\\a\"\n"), 6, "the control character U+0007"),
    "an example block without an example": (rules_file("      - example: key-and-grid\n"), 6,
                                            "this block draws the file's example, and there is none"),
    "an unknown example": (rules_file("      - example: grid-only\n"), 6, "unknown example 'grid-only'"),
    "an example of 24 words": (rules_file(top="example:\n  words: [" + ", ".join(["W"] * 24) + "]\n"
                                          "  key: {starting: red, grid: [RRNBB, RBRNB, NRBRN, BARNB, RBNNR]}\n"),
                               3, "the example needs 25 words, one for each cell of the grid, not 24"),
    "a key grid with a wrong letter": (rules_file(top="example:\n  words: [" + ", ".join(["W"] * 25) + "]\n"
                                                  "  key:\n    starting: red\n    grid:\n      - RRNBB\n"
                                                  "      - RBRNX\n      - NRBRN\n      - BARNB\n      - RBNNR\n"),
                                       8, "grid row 2 'RBRNX' must be 5 of the letters R, B, N, A"),
    "a key grid with wrong counts": (rules_file(top="example:\n  words: [" + ", ".join(["W"] * 25) + "]\n"
                                                "  key: {starting: blue, grid: [RRNBB, RBRNB, NRBRN, BARNB, RBNNR]}\n"),
                                     4, "a key that blue starts has 9 B, 8 R, 7 N, 1 A; this grid has 8 B, 9 R"),
    "a key with no starting team": (rules_file(top="example:\n  words: [" + ", ".join(["W"] * 25) + "]\n"
                                               "  key: {starting: green, grid: [RRNBB]}\n"),
                                    4, "example: key: starting: unknown starting team 'green': use red, blue"),
    "a file that is a list": ("- title: Rules\n", 1, "top level: this must be a group of keys (language, title, "
                                                  "subtitle, subtitles, sections, example), not a list"),
    "invalid YAML": ("title: [Rules\n", 2, "this is not valid YAML"),
    "object tags": (rules_file(title="!!python/object/apply:os.system [ls]"), 1, "a rules text holds plain text only"),
    "deep nesting": ("title: Rules\nsections: " + "[" * 100_000 + "]" * 100_000 + "\n", 2, "nested"),
}


@pytest.mark.parametrize("text, line, problem", SHAPES.values(), ids=SHAPES.keys())
def test_every_mistake_in_the_shape_is_named_with_its_line(text, line, problem):
    message = read_refused(text)
    assert message.startswith(f"r.yaml:{line}: ") and problem in message, message


# One of each kind of mistake through the command: it prints the reader's message on one line
# and stops before writing anything.
THROUGH_THE_COMMAND = {
    "a tag": list(TAGS.values())[0][0],
    "bold and italic overlapping": rules_file(f"      - text: Fine.\n      - text: '{NESTING['overlapping'][0]}'\n"),
    "an unknown key": SHAPES["an unknown key at the top"][0],
    "a key grid with wrong counts": SHAPES["a key grid with wrong counts"][0],
    "invalid YAML": SHAPES["invalid YAML"][0],
    "object tags": SHAPES["object tags"][0],
    "deep nesting": SHAPES["deep nesting"][0],
}


@pytest.mark.parametrize("text", THROUGH_THE_COMMAND.values(), ids=THROUGH_THE_COMMAND.keys())
def test_the_command_prints_the_readers_message_and_writes_nothing(tmp_path, monkeypatch, text):
    assert refused(tmp_path, monkeypatch, text) == read_refused(text)


def test_an_alias_bomb_is_refused(tmp_path, monkeypatch):
    lines = ["title: &a [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"subtitle{n}: &{chr(98 + n)} [" + ", ".join([f"*{chr(97 + n)}"] * 10) + "]" for n in range(7)]
    message = refused(tmp_path, monkeypatch, "\n".join(lines) + "\nsections: *h\n")
    assert message.startswith("r.yaml:")


def test_an_empty_file_is_refused(tmp_path, monkeypatch):
    assert refused(tmp_path, monkeypatch, "# nothing yet\n") == (
        "r.yaml: the rules text is empty: it needs a title: and a list of sections:")


def test_the_mistake_is_found_whatever_kit_is_described(tmp_path, monkeypatch):
    # A block left out for this kit is still read: a typo shows on every kit, not only on some.
    text = rules_file("      - text: x\n      - text: '{tils}'\n        when: shop\n")
    assert refused(tmp_path, monkeypatch, text).startswith("r.yaml:7: section 'a', block 2: unknown placeholder {tils}")


def test_a_list_left_empty_by_its_conditions_disappears(tmp_path, monkeypatch):
    text = rules_file("      - text: Kept.\n      - items:\n          - {text: Folded only., when: fold}\n")
    shown = printed(tmp_path, monkeypatch, text)
    assert "Kept." in shown and "Folded" not in shown


def test_a_text_of_variants_only_needs_a_variant_chosen(tmp_path, monkeypatch):
    text = rules_file().replace("    title: A\n", "    title: A\n    variant: match\n")
    assert refused(tmp_path, monkeypatch, text, "--variant", "none").startswith(
        "r.yaml: every section belongs to a variant that was not chosen: choose one of match with --variant")
    assert "Hello." in printed(tmp_path, monkeypatch, text, "--variant", "match")


def test_placeholders_are_filled_as_plain_text():
    data = rules_file("      - text: '<b>{key_cards|key card|key cards}</b> and {{braces}}'\n").encode()
    rules = parse_rules(data, "r.yaml", CONTENTS, TEXT)
    spans = rules.sections[0].blocks[0].content.spans
    assert spans == (Span("40\u00a0key cards", bold=True), Span(" and {braces}"))  # a count keeps its noun


# --- Characters the font cannot draw, and right-to-left text --------------------------------

CHARACTERS = {
    "a Japanese title": (rules_file(title="東京"), 1, "title: uses '京' (U+4EAC CJK UNIFIED IDEOGRAPH-4EAC), '東'",
                         "FiraSans-Bold"),
    "a Chinese paragraph": (rules_file("      - text: Hello.\n      - text: '<i>你好</i>'\n"), 7,
                            "section 'a', block 2: uses '你'", "FiraSans-Italic"),
    "a snowman in a step": (rules_file("      - steps: ['Build a ☃']\n"), 6,
                            "section 'a', step 1: uses '☃' (U+2603 SNOWMAN)", "FiraSans-Regular"),
    "an emoji column": (rules_file("      - table:\n          columns: [a, '🎉']\n          rows: [[x, y]]\n"), 7,
                        "section 'a', block 1, columns: uses '🎉'", "FiraSans-Bold"),
}


@pytest.mark.parametrize("text, line, problem, font", CHARACTERS.values(), ids=CHARACTERS.keys())
def test_characters_the_font_lacks_are_refused_with_the_font_to_use(tmp_path, monkeypatch, text, line, problem, font):
    message = refused(tmp_path, monkeypatch, text)
    assert message.startswith(f"r.yaml:{line}: {problem}")
    assert message.endswith(f"which the font {font} cannot draw: use --font FILE.ttf with a font that has "
                            f"{'them' if 'them' in message else 'it'}, or change the text")


def test_a_long_run_of_missing_characters_is_counted_not_listed(tmp_path, monkeypatch):
    message = refused(tmp_path, monkeypatch, rules_file("      - text: '一二三四五六七八九十'\n"))
    assert message.count("CJK UNIFIED IDEOGRAPH") == 4 and "and 6 more, which the font" in message


HEBREW = {
    "a Hebrew title": (rules_file(title="שלום"), 1, "title: 'ש' (U+05E9 HEBREW LETTER SHIN)"),
    "an Arabic item": (rules_file("      - items: ['Say سلام']\n"), 6, "section 'a', item 1: 'س' (U+0633"),
}


@pytest.mark.parametrize("text, line, problem", HEBREW.values(), ids=HEBREW.keys())
def test_right_to_left_text_is_refused_as_word_lists_are(tmp_path, monkeypatch, text, line, problem):
    message = refused(tmp_path, monkeypatch, text)
    assert message.startswith(f"r.yaml:{line}: {problem}")
    assert "written right to left, which cngen cannot lay out yet (letters would print reversed and unjoined)" in message


def test_the_example_words_are_checked_too(tmp_path, monkeypatch):
    words = ["W"] * 25
    words[6] = "東"
    text = rules_file("      - example: key-and-grid\n",
                      top="example:\n  words:\n" + "".join(f"    - {word}\n" for word in words)
                      + "  key: {starting: red, grid: [RRNBB, RBRNB, NRBRN, BARNB, RBNNR]}\n")
    message = refused(tmp_path, monkeypatch, text)
    assert message.startswith("r.yaml:10: example, word 7: uses '東'") and "FiraSans-Bold" in message


@pytest.mark.skipif(not DEJAVU.exists(), reason="DejaVu Sans is not installed")
def test_a_font_that_has_the_characters_prints_them(tmp_path, monkeypatch):
    shown = printed(tmp_path, monkeypatch, rules_file("      - text: 'Build a ☃'\n", title="Snow ☃"),
                    "--font", str(DEJAVU))
    assert "Snow ☃" in shown and "Build a ☃" in shown


# --- The bundled text, and a kit ----------------------------------------------------------


def test_the_bundled_text_holds_no_markup_and_prints_every_string_as_written():
    rules = parse_rules(CLASSIC.rules_text("en").read_bytes(), "en.yaml", CONTENTS, TEXT)
    strings = []
    for section in rules.sections:
        strings.append(section.title)
        for block in section.blocks:
            if block.kind == "text":
                strings.append(block.content.plain)
            elif block.kind in ("items", "steps"):
                strings.extend(item.plain for item in block.content)
            elif block.kind == "table":
                strings.extend(" ".join(cell.plain for cell in row) for row in (block.content.columns, *block.content.rows))
    assert not any("<" in text or ">" in text for text in strings)
    pdf = builds.rules(RulesOptions()).pdf
    shown = " ".join(" ".join(page.split()) for page in default_sheet_pages())
    for text in strings:
        assert " ".join(text.split()) in shown, text
    bold = [span.text for section in rules.sections for block in section.blocks if block.kind == "text"
            for span in block.content.spans if span.bold]
    assert "exactly one word and one number" in bold and "Space: 3" in bold
    fonts = fonts_of(pdf, ("Ocean:", "launched"))
    assert fonts["Ocean:"] and all(font.endswith("FiraSans-Bold") for font in fonts["Ocean:"])
    assert fonts["launched"] and all(font.endswith("FiraSans-Italic") for font in fonts["launched"])


def test_a_kit_prints_its_own_text(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "words.txt").write_text("\n".join(f"word{n}" for n in range(30)), encoding="utf-8")
    (tmp_path / "r.yaml").write_text(rules_file("      - text: '<b>{key_cards}</b> keys & {words} words < 100'\n",
                                                title="Our rules"), encoding="utf-8")
    kit = ["kit", "--words", "words.txt", "--keys-count", "2", "--seed", "1", "--text", "r.yaml"]
    result = CliRunner().invoke(main, kit)
    assert result.exit_code == 0, result.output
    text = " ".join(pdf_pages(tmp_path / "output" / "rules.pdf")[0].split())
    assert "Our rules" in text and "2 keys & 30 words < 100" in text

    (tmp_path / "r.yaml").write_text(rules_file("      - text: '<img src=\"/etc/hostname\"/>'\n"), encoding="utf-8")
    before = {path: path.read_bytes() for path in (tmp_path / "output").iterdir()}
    result = CliRunner().invoke(main, kit)
    assert result.exit_code == 1 and "Error: r.yaml:6: section 'a', block 1: the tag '<img" in result.stderr
    assert {path: path.read_bytes() for path in (tmp_path / "output").iterdir()} == before


def test_parse_errors_are_cngen_errors():
    with pytest.raises(CngenError, match=r"^r\.yaml:6: section 'a', block 1: this must be text, not a group of keys$"):
        parse_rules(rules_file("      - text: {a: 1}\n").encode(), "r.yaml", CONTENTS, TEXT)


@pytest.mark.parametrize("command", [["rules"], ["keys", "--count", "1"], ["kit", "--seed", "1"]])
@pytest.mark.parametrize("title, complaint", [("規則", "which the font FiraSans-"), ("שלום", "written right to left")])
def test_a_title_the_font_cannot_print_is_refused(run, tmp_path, command, title, complaint):
    (tmp_path / "cngen.yaml").write_text(f'title: "{title}"\n', encoding="utf-8")
    result = run(*command)
    assert result.exit_code == 1, result.output
    assert f"Error: cngen.yaml:1: title: '{title}'" in result.output and complaint in result.output
    assert not (tmp_path / "output").exists()


# --- The example's turn: clue, targets, guesses, captions ------------------------------------

EXAMPLE_TOP = ("example:\n  words: [" + ", ".join(f"W{n}" for n in range(1, 26)) + "]\n"
               "  key: {starting: red, grid: [RRNBB, RBRNB, NRBRN, BARNB, RBNNR]}\n")
TURNS = {
    "a target that is not a word": (EXAMPLE_TOP + "  clue: 'Space: 3'\n  targets: [W1, W30]\n", 6,
                                    "example: targets: 'W30' is not one of the example's 25 words: did you mean"),
    "targets without a clue": (EXAMPLE_TOP + "  targets: [W1]\n", 5, "targets are the words a clue points at: add clue:"),
    "a guess named twice": (EXAMPLE_TOP + "  guesses: [W2, w2]\n", 5, "guesses: 'w2' is listed twice"),
    "an unknown caption": (EXAMPLE_TOP + "  captions: {key: x}\n", 5, "unknown key 'key'"),
    "a clue with tags": (EXAMPLE_TOP + "  clue: '<b>Space</b>: 3'\n", 5, "a title is plain text"),
}


@pytest.mark.parametrize("top, line, problem", TURNS.values(), ids=TURNS.keys())
def test_the_examples_turn_is_checked_with_its_line(top, line, problem):
    message = read_refused(rules_file("      - example: key-and-grid\n", top=top))
    assert message.startswith(f"r.yaml:{line}: ") and problem in message, message


def test_the_examples_turn_is_read_into_cells():
    top = EXAMPLE_TOP + "  clue: 'Space: 3'\n  targets: [w1, W2, W6]\n  guesses: [W1, W24]\n" \
                        "  captions: {clue: Seen by the spymasters, grid: After the turn}\n"
    example = parse_rules(rules_file(top=top).encode(), "r.yaml", CONTENTS, TEXT).example
    assert example.clue.plain == "Space: 3" and example.targets == (0, 1, 5) and example.guesses == (0, 23)
    assert example.covers == ((0, "R"), (23, "N"))
    assert (example.clue_caption.plain, example.grid_caption.plain) == ("Seen by the spymasters", "After the turn")


# --- Every sentence our own ------------------------------------------------------------------

SEEDS = Path(__file__).resolve().parents[1] / ".." / "shared" / "seeds"
SHINGLE = 8  # words in a row that no sentence of ours may share with a reference text


def shingles(text: str) -> set[tuple[str, ...]]:
    """Runs of SHINGLE words, lower case, punctuation stripped, apostrophes of either kind kept."""
    words = re.findall(r"[a-z0-9]+(?:'[a-z0-9]+)*", text.lower().replace("\u2019", "'").replace("\u2018", "'"))
    return {tuple(words[i:i + SHINGLE]) for i in range(len(words) - SHINGLE + 1)}


def bundled_strings(node) -> list[str]:
    """Every string the bundled text can print, under any condition and variant: tags
    dropped, placeholders read as a number and the plural noun."""
    if isinstance(node, dict):
        return [text for key, value in node.items() if key not in ("id", "when", "variant", "language", "key")
                for text in bundled_strings(value)]
    if isinstance(node, list):
        return [text for value in node for text in bundled_strings(value)]
    if not isinstance(node, str):
        return [str(node)]
    text = re.sub(r"</?[bi]>", "", node)
    text = re.sub(r"\{\w+\|[^|{}]*\|([^|{}]*)\}", r"2 \1", text)
    return [re.sub(r"\{\w+\}", "2", text)]


@pytest.mark.skipif(not SEEDS.is_dir(), reason=f"the reference rule texts ({SEEDS}) are not beside this checkout")
def test_no_eight_words_in_a_row_of_the_rules_come_from_a_reference_text():
    reference: set[tuple[str, ...]] = set()
    for path in sorted(SEEDS.iterdir()):
        if path.is_file():
            reference |= shingles(path.read_text(encoding="utf-8", errors="replace"))
    assert reference
    strings = bundled_strings(yaml.load(CLASSIC.rules_text("en").read_text(encoding="utf-8"), Loader=yaml.CSafeLoader))
    assert any("invalid clue" in text for text in strings) and any("Variant: match play" in text for text in strings)
    borrowed = {" ".join(run) for text in strings for run in shingles(text) & reference}
    # The sheet as printed too (every variant), head and figure included, read across lines.
    printed = " ".join(default_sheet_pages())
    borrowed |= {" ".join(run) for run in shingles(printed) & reference}
    # Every game's English text, and its translations (a translation may follow an English seed).
    for game in GAMES.values():
        for path in sorted(game.texts.glob("*.yaml")):
            texts = bundled_strings(yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader))
            borrowed |= {f"{path.name}: {' '.join(run)}" for text in texts for run in shingles(text) & reference}
    assert not borrowed
