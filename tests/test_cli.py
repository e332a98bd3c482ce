"""The command line as a user meets it: output, exit codes and errors."""

from __future__ import annotations

import inspect
import json
import re
import subprocess
import sys
from pathlib import Path

import click
import pypdf
import pytest
import yaml
from pdfcheck import assert_same_pdf

from generator.cli import main
from generator.inputs.bundled import deck_paths, picture_deck_files


def write(path: Path, text: str | bytes) -> Path:
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def test_deck_writes_the_default_file_and_says_how_to_print_it(run, tmp_path):
    result = run("deck")
    assert result.exit_code == 0
    assert result.output == (
        "Wrote output/deck.pdf\n"
        "  222 cards: 217 with words (434 words from the bundled deck 'standard'), 5 blank\n"
        "  16 cards per 210 x 297 mm sheet: 14 sheets, 28 pages\n"
        '  To print: both sides, flip on long edge, 100% scale ("actual size", never "fit to page"), '
        "then cut along the marks.\n"
    )
    assert len(pypdf.PdfReader(tmp_path / "output" / "deck.pdf").pages) == 28


def test_custom_words_blanks_paper_and_output(run, tmp_path):
    write(tmp_path / "custom.txt", "bank\npitch\nmercury\n")
    result = run("deck", "--words", "custom.txt", "--blanks", "8", "--paper", "letter",
                 "--sides", "short-edge", "-o", "party/party.pdf")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Wrote party/party.pdf",
        "  10 cards: 2 with words (3 words from custom.txt), 8 blank",
        "  12 cards per 215.9 x 279.4 mm sheet: 1 sheet, 2 pages",
        "  The word count is odd: the last word card has a blank back to write on.",
        '  To print: both sides, flip on short edge, 100% scale ("actual size", never "fit to page"), '
        "then cut along the marks.",
        "Note: 2 word cards cannot fill a 5 x 5 table, so no game can be played with them alone: a game deals 25 "
        "cards, 50 words on double-sided cards (49 at least, the last card's back left blank). Add words, or play "
        "from a game book or a board (cngen book, cngen board), which need 25 words",
    ]
    reader = pypdf.PdfReader(tmp_path / "party" / "party.pdf")
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    assert "MERCURY" in reader.pages[0].extract_text()


def test_decks_lists_every_bundled_deck_with_its_count(run):
    result = run("decks")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    decks = {name: yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.CSafeLoader)  # libyaml: the same, sooner
             for name, path in deck_paths().items()}
    assert [line.split()[:3] for line in lines] == [
        *([name, deck["language"], str(len(deck["words"]))] for name, deck in decks.items()),
        ["picture-words", "all", str(len(picture_deck_files()))],
        ["pictures", "-", str(len(picture_deck_files()))]]


def test_deck_picks_a_bundled_deck_by_name(run, tmp_path):
    result = run("deck", "--deck", "francais", "-o", "fr.pdf")
    assert result.exit_code == 0
    assert "434 words from the bundled deck 'francais'" in result.output


BAD_INPUT = [
    ("dupes.txt", b"bank\npitch\nBANK\n", "Error: dupes.txt:3: 'BANK' appears twice (first on line 1): remove one"),
    ("latin1.txt", b"bank\ncaf\xe9\n", "Error: latin1.txt:2: this is not UTF-8 text: save the file as UTF-8"),
    ("empty.txt", b"# nothing yet\n", "Error: empty.txt: the list has no words: write one entry per line"),
    ("long.txt", b"bank\n" + b"W" * 40 + b"\n", "Error: long.txt:2: '" + "W" * 40 + "' is too long to fit a 70 x 45 mm card"),
    ("cyrillic.txt", "bank\nдом\nsmile 😀\n".encode(), "Error: cyrillic.txt:3: 'SMILE 😀' uses '😀' (U+1F600 GRINNING FACE), "
     "which the font FiraSans-Bold cannot draw: use --font FILE.ttf with a font that has it, or change the word"),
    ("deck.yaml", b"name: x\nwords: [a\n", "Error: deck.yaml:3: this is not valid YAML"),
]


@pytest.mark.parametrize("name, content, message", BAD_INPUT, ids=[case[0] for case in BAD_INPUT])
def test_bad_word_lists_exit_1_with_file_and_line_and_write_nothing(run, tmp_path, name, content, message):
    write(tmp_path / name, content)
    result = run("deck", "--words", name)
    assert result.exit_code == 1
    assert result.output.startswith(message if isinstance(message, str) else message.decode())
    assert "Traceback" not in result.output
    assert not (tmp_path / "output").exists()


USAGE = [
    (["--paper", "foolscap"], "unknown paper 'foolscap'"),
    (["--card-size", "70x45"], "'70x45' is not a size"),
    (["--card-size", "300x45mm"], "a 300 x 45 mm card does not fit on a 210 x 297 mm sheet"),
    (["--card-size", "20x10mm"], "a 20 x 10 mm card is too small to hold a readable word"),
    (["--blanks", "-1"], "Invalid value for '--blanks'"),
    (["--sides", "sideways"], "Invalid value for '--sides'"),
    (["--deck", "klingon"], f"no bundled deck is called 'klingon': choose one of {', '.join(deck_paths())}"),
    (["--seed", "abc"], "'abc' is not a whole number"),
    (["--seed", "-1"], "-1 is not in the range 0<=x<=18446744073709551615"),
]


@pytest.mark.parametrize("args, message", USAGE, ids=[" ".join(case[0]) for case in USAGE])
def test_bad_options_exit_2_with_a_message_and_write_nothing(run, tmp_path, args, message):
    result = run("deck", *args)
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not (tmp_path / "output").exists()


def test_a_missing_word_list_is_bad_input_named_with_its_option(run, tmp_path):
    result = run("deck", "--words", "missing.txt")
    assert result.exit_code == 1
    assert result.output == "Error: --words missing.txt: there is no such file: check the path\n"
    assert not (tmp_path / "output").exists()


def test_a_font_that_is_not_a_font_is_refused(run, tmp_path):
    write(tmp_path / "fake.ttf", b"this is not a font")
    result = run("deck", "--font", "fake.ttf")
    assert result.exit_code == 1
    assert result.output.startswith("Error: fake.ttf is not a usable TrueType font")


def test_an_output_path_that_is_a_folder_is_refused(run, tmp_path):
    (tmp_path / "here").mkdir()
    result = run("deck", "-o", "here")
    assert result.exit_code == 2
    assert result.output.endswith("Error: --output here is a folder: give a file name, e.g. here/deck.pdf\n")


def test_a_failed_run_leaves_the_earlier_output_untouched(run, tmp_path):
    assert run("deck").exit_code == 0
    earlier = (tmp_path / "output" / "deck.pdf").read_bytes()
    write(tmp_path / "dupes.txt", "a\na\n")
    assert run("deck", "--words", "dupes.txt").exit_code == 1
    assert (tmp_path / "output" / "deck.pdf").read_bytes() == earlier
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["deck.pdf"]


def test_an_unwritable_folder_is_reported_without_a_traceback(run, tmp_path):
    write(tmp_path / "blocker", "a file where a folder should be")
    result = run("deck", "-o", "blocker/deck.pdf")
    assert result.exit_code == 2
    assert "blocker is a file, so it cannot hold a folder or file" in result.output
    assert "Traceback" not in result.output


def test_the_same_command_twice_gives_identical_files(run, tmp_path):
    assert run("deck", "--seed", "42", "-o", "a.pdf").exit_code == 0
    assert run("deck", "--seed", "42", "-o", "b.pdf").exit_code == 0
    assert_same_pdf(tmp_path / "a.pdf", tmp_path / "b.pdf")


def commands():
    return [(name, main.get_command(None, name)) for name in main.list_commands(None)]


@pytest.mark.parametrize("name, command", commands(), ids=[name for name, _ in commands()])
def test_every_command_and_option_has_help_and_an_example(name, command):
    assert command.help and re.search(f"Examples?:\n  cngen {name}\\b", inspect.cleandoc(command.help))
    for parameter in command.params:
        if isinstance(parameter, click.Option):
            assert parameter.help, f"{name} {parameter.name} has no help"


def test_python_dash_m_generator_runs_the_installed_package(tmp_path):
    """From a folder far from the source tree, so the bundled decks must come from the package."""
    result = subprocess.run(
        [sys.executable, "-m", "generator", "deck", "--blanks", "0", "-o", "out.pdf"],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Wrote out.pdf\n  217 cards")
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF-1.4")


ROOT = Path(__file__).resolve().parent.parent


def documentation() -> str:
    """What a user reads: the README and the pages it links to in docs/."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return "\n".join(page.read_text(encoding="utf-8") for page in pages)


@pytest.mark.parametrize("name, command", commands(), ids=[name for name, _ in commands()])
def test_the_documentation_names_every_command_and_option(name, command):
    docs = documentation()
    assert f"cngen {name}" in docs
    for parameter in command.params:
        if isinstance(parameter, click.Option) and parameter.name != "help":
            assert any(f"`{flag}" in docs for flag in parameter.opts), f"{name} {parameter.opts}"


def test_keys_writes_the_pdf_and_manifest_and_names_the_seed(run, tmp_path):
    result = run("keys", "--count", "9", "--seed", "1234")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Wrote output/keys.pdf and output/keys.json",
        "  9 key cards, 18 keys (two per card, opposite starting teams), seed 1234",
        "  8 cards per 210 x 297 mm sheet: 2 sheets, 4 pages",
        '  To print: both sides, flip on long edge, 100% scale ("actual size", never "fit to page"), '
        "then cut along the marks.",
        "  The same deck again: --seed 1234 with the same --count.",
    ]
    assert len(pypdf.PdfReader(tmp_path / "output" / "keys.pdf").pages) == 4
    manifest = json.loads((tmp_path / "output" / "keys.json").read_text())
    assert manifest["seed"] == 1234 and len(manifest["cards"]) == 9


def test_duet_keys_name_their_game_in_the_summary_and_the_way_to_deal_them_again(run, tmp_path):
    result = run("keys", "--game", "duet", "--count", "3", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        "Wrote output/keys.pdf and output/keys.json",
        "  3 Duet key cards, side A on the front and side B on the back, seed 2",
        "  8 cards per 210 x 297 mm sheet: 1 sheet, 2 pages",
        '  To print: both sides, flip on long edge, 100% scale ("actual size", never "fit to page"), '
        "then cut along the marks.",
        "  Side B keeps side A's top edge: stand the card with the same edge up for both players.",
        "  The same deck again: --game duet --seed 2 with the same --count.",
    ]
    assert len(pypdf.PdfReader(tmp_path / "output" / "keys.pdf").pages) == 2
    manifest = json.loads((tmp_path / "output" / "keys.json").read_text())
    assert manifest["seed"] == 2 and [len(card["sides"]) for card in manifest["cards"]] == [2, 2, 2]


def test_keys_without_a_seed_choose_one_that_reproduces_the_deck(run, tmp_path):
    first = run("keys", "--count", "5", "-o", "a.pdf")
    seed = re.search(r"seed (\d+)\n", first.output).group(1)
    assert run("keys", "--count", "5", "--seed", seed, "-o", "b.pdf").exit_code == 0
    assert (tmp_path / "a.json").read_text() == (tmp_path / "b.json").read_text()
    assert_same_pdf(tmp_path / "a.pdf", tmp_path / "b.pdf")


def test_keys_stats_print_the_balance_report(run):
    result = run("keys", "--count", "25", "--single-sided", "--stats", "--seed", "3")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[1] == "  25 key cards, 25 keys (one per card, plain backs), seed 3"
    report = lines[lines.index("Balance of 25 keys:"):]
    assert report[1] in ("  starting team: red 13, blue 12", "  starting team: red 12, blue 13")
    assert report[2] == "  largest per-cell deviation from the expected count:"
    assert report[4] == "  assassins per cell: 1 to 1"
    assert re.fullmatch(r"  closest two keys under rotation and mirroring: 1[2-9] cells \(\d+ pairs? at that distance\)",
                        report[5])


@pytest.mark.parametrize("count, message", [
    ("0", "0 is not in the range 1<=x<=10000"),
    ("-3", "-3 is not in the range 1<=x<=10000"),
    ("ten", "'ten' is not a whole number"),
    ("10001", "10001 is not in the range 1<=x<=10000"),
])
def test_keys_refuse_bad_counts_and_write_nothing(run, tmp_path, count, message):
    result = run("keys", "--count", count)
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "output").exists()


def test_keys_never_leave_the_pdf_and_manifest_half_replaced(run, tmp_path):
    assert run("keys", "--count", "4", "--seed", "1").exit_code == 0
    pdf, manifest = tmp_path / "output" / "keys.pdf", tmp_path / "output" / "keys.json"
    before = pdf.read_bytes(), manifest.read_bytes()
    assert run("keys", "--count", "4", "--seed", "2", "--card-size", "30x30mm").exit_code == 2
    manifest.unlink()
    manifest.mkdir()
    result = run("keys", "--count", "4", "--seed", "2")
    assert result.exit_code == 2 and "keys.json is a folder" in result.output
    assert pdf.read_bytes() == before[0]
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == ["keys.json", "keys.pdf"]


def test_tokens_print_a_set_and_summarise_it(run, tmp_path):
    result = run("tokens")
    assert result.exit_code == 0
    assert result.output.splitlines()[:3] == [
        "Wrote output/tokens.pdf",
        "  25 tiles in 1 set: 8 red agents, 8 blue agents, 1 double agent, 7 bystanders, 1 assassin",
        "  16 tiles per 210 x 297 mm sheet: 2 sheets, 4 pages",
    ]
    assert len(pypdf.PdfReader(tmp_path / "output" / "tokens.pdf").pages) == 4


def test_rules_print_two_pages_with_the_chosen_variants(run, tmp_path):
    result = run("rules", "--variant", "match", "--paper", "letter")
    assert result.exit_code == 0
    assert result.output.splitlines()[:2] == ["Wrote output/rules.pdf", "  2 pages, 215.9 x 279.4 mm; variants: match"]


@pytest.mark.parametrize("args, message", [
    (["tokens", "--sets", "0"], "0 is not in the range 1<=x<=100"),
    (["tokens", "--card-size", "20x10mm"], "a 20 x 10 mm tile is too small for its name"),
    (["rules", "--variant", "klingon"], "unknown variant 'klingon': use one of two-players"),
    (["rules", "--paper", "b7"], "a 88 x 125 mm page is too small for the rules sheet's two columns"),
    (["rules", "--paper", "foolscap"], "unknown paper 'foolscap'"),
])
def test_tokens_and_rules_refuse_bad_options_and_write_nothing(run, tmp_path, args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "output").exists()


@pytest.mark.parametrize("command", ["tokens", "rules", "keys"])
def test_every_command_refuses_an_output_that_is_a_folder(run, tmp_path, command):
    (tmp_path / "taken").mkdir()
    result = run(command, "-o", "taken")
    assert result.exit_code == 2
    assert "Error: --output taken is a folder: give a file name, e.g. taken/" in result.output


SIX_WORDS = "bank\npitch\nmercury\nice cream\nanchor\nlemon\n"


def test_one_card_a_sheet_is_said_in_the_singular(run, tmp_path):
    write(tmp_path / "six.txt", SIX_WORDS)
    result = run("deck", "--words", "six.txt", "--profile", "shop", "--paper", "100x90mm", "--blanks", "0",
                 "-o", "shop.pdf")
    assert result.exit_code == 0, result.output
    assert "  1 card per 100 x 90 mm sheet: 3 sheets, 6 pages" in result.stdout
    assert len(pypdf.PdfReader(tmp_path / "shop.pdf").pages) == 6


def test_a_pod_deck_is_one_face_a_page(run, tmp_path):
    write(tmp_path / "six.txt", SIX_WORDS)
    result = run("deck", "--words", "six.txt", "--profile", "pod", "--blanks", "0", "-o", "pod.pdf")
    assert result.exit_code == 0, result.output
    assert "  one face a page of 76 x 51 mm (trim plus bleed): 6 pages" in result.stdout
    pages = pypdf.PdfReader(tmp_path / "pod.pdf").pages
    assert len(pages) == 6
    assert {(round(float(page.mediabox.width) * 25.4 / 72), round(float(page.mediabox.height) * 25.4 / 72))
            for page in pages} == {(76, 51)}


def test_a_margin_of_zero_needs_no_unit(run, tmp_path):
    write(tmp_path / "six.txt", SIX_WORDS)
    result = run("deck", "--words", "six.txt", "--margin", "0", "--blanks", "0", "-o", "edge.pdf")
    assert result.exit_code == 0, result.output
    # 16, not the 18 that butt against the paper's edge: the cut marks keep their room past the cards.
    assert "  16 cards per 210 x 297 mm sheet" in result.stdout


def test_the_top_help_names_every_command_in_a_whole_line_on_one_screen(run):
    from generator.cli.app import SUMMARIES, main as group
    from generator.exports import EXPORTS

    result = run("--help")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) <= 40 and "..." not in "\n".join(lines[1:])
    listed = [line.split()[0] for line in lines[lines.index("Commands:") + 1:] if line.strip()]
    lines_of = {**SUMMARIES, **{name: export.line for name, export in EXPORTS.items()}}
    assert listed == sorted(lines_of) == group.list_commands(None)
    assert all(f"{name:<10} {line}" in result.output for name, line in lines_of.items())


@pytest.mark.parametrize("command", ["kit", "deck", "board"])
def test_a_commands_help_groups_its_options_where_it_writes_first(run, command):
    result = run(command, "--help")
    assert result.exit_code == 0
    headings = [line.rstrip(":") for line in result.output.splitlines() if line and not line[0].isspace()
                and line.endswith(":") and not line.startswith("Usage")]
    from generator.settings.declarations import HELP_GROUPS

    assert headings[0] == "Output" and headings[-1] == "Help"
    assert headings[:-1] == [group for group in HELP_GROUPS if group in headings]
    assert "Options" not in headings or command != "kit", "every option of the kit is in a group of its own"
