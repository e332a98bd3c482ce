"""An edition, a box and a stand through cngen itself: `cngen kit --edition ... --box --stand`
prints the whole edition; what is typed beats the edition, which beats cngen.yaml; `cngen init
--edition` writes a file that runs as written; and every bad input stops the run with one
message, writing nothing."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from click.testing import CliRunner

from generator.cli import main


def cngen(folder: Path, *args: str):
    here = os.getcwd()
    os.chdir(folder)
    try:
        return CliRunner().invoke(main, list(args))
    finally:
        os.chdir(here)


def text_of(path: Path) -> str:
    """Every page's text as a reader's viewer copies it (turned tiles read the right way)."""
    pdf = pdfium.PdfDocument(path)
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in pdf)
    finally:
        pdf.close()


def written(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*") if path.is_file()}


@pytest.fixture(scope="module")
def party_kit(tmp_path_factory):
    """The party example printed whole, by its name, with its box and stand."""
    folder = tmp_path_factory.mktemp("party")
    result = cngen(folder, "kit", "--edition", "party", "--box", "--stand", "--seed", "4")
    assert result.exit_code == 0, result.output
    return folder / "output", result


def test_the_kit_of_an_edition_writes_its_box_and_stand_and_lists_them(party_kit):
    out, result = party_kit
    assert {"box.pdf", "stand.pdf"} <= {path.name for path in out.iterdir()}
    table = result.stdout
    assert re.search(r"box\.pdf\s+3\s+-\s+one side on card stock", table), table
    assert re.search(r"stand\.pdf\s+1\s+-\s+one side on card stock", table), table


def test_the_edition_reaches_every_component_of_the_kit(party_kit):
    out, _ = party_kit
    title = "Birthday Codenames"  # the rules set its apostrophe as a typographer's
    assert "Ana’s " + title in text_of(out / "rules.pdf")
    boxes, stand = text_of(out / "box.pdf"), text_of(out / "stand.pdf")
    assert title in boxes and title in stand
    # A box each: the party's own 98 words on 49 cards and 5 blanks, 40 key cards, 25 tiles.
    assert "54 cards" in boxes and "40 cards" in boxes and "25 tiles" in boxes
    tiles = text_of(out / "tokens.pdf")
    for name in ("THE CLOWN", "AUNT ROSA", "ANA", "PARTY GUEST"):
        assert name in tiles
    assert "Nobody invited him" in tiles
    words = text_of(out / "deck.pdf")
    assert "BALLOON" in words.upper() or "CAKE" in words.upper()


def test_a_french_edition_prints_its_tiles_in_french(tmp_path):
    result = cngen(tmp_path, "tokens", "--edition", "soiree", "-o", "tiles.pdf")
    assert result.exit_code == 0, result.output
    tiles = text_of(tmp_path / "tiles.pdf").replace("\u202f", " ")  # French guillemets hold narrow no-break spaces
    for name in ("LE MAJORDOME", "LA COMTESSE", "AGENT GRENAT", "AGENT SAPHIR", "INVITÉ", "« Madame", "servie. »"):
        assert name in tiles


def test_the_kinds_an_edition_leaves_out_keep_the_names_of_its_language(tmp_path):
    (tmp_path / "party.yaml").write_text("lang: de\ntiles:\n  assassin:\n    name: Der Gärtner\n", encoding="utf-8")
    result = cngen(tmp_path, "tokens", "--edition", "party.yaml", "-o", "tiles.pdf")
    assert result.exit_code == 0, result.output
    tiles = text_of(tmp_path / "tiles.pdf")
    assert "DER GÄRTNER" in tiles and "ATTENTÄTER" not in tiles
    assert "ROTER AGENT" in tiles and "ZUSCHAUER" in tiles


def test_typed_options_beat_the_edition_which_beats_the_settings_file(tmp_path):
    (tmp_path / "party.yaml").write_text("title: From the edition\n", encoding="utf-8")
    (tmp_path / "cngen.yaml").write_text("title: From the settings file\nedition: party.yaml\n", encoding="utf-8")
    assert cngen(tmp_path, "rules", "-o", "a.pdf").exit_code == 0
    assert "From the edition" in text_of(tmp_path / "a.pdf")
    assert cngen(tmp_path, "rules", "-o", "b.pdf", "--title", "Typed").exit_code == 0
    assert "Typed" in text_of(tmp_path / "b.pdf") and "From the edition" not in text_of(tmp_path / "b.pdf")


def test_init_writes_an_example_edition_that_runs_as_written(tmp_path):
    result = cngen(tmp_path, "init", "--edition")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "edition.yaml").is_file() and not (tmp_path / "cngen.yaml").exists()
    again = cngen(tmp_path, "init", "--edition")
    assert again.exit_code == 2 and "already exists" in again.output
    ran = cngen(tmp_path, "tokens", "--edition", "edition.yaml", "-o", "tiles.pdf")
    assert ran.exit_code == 0, ran.output


@pytest.mark.parametrize("edition, code, words", [
    ("title: Ana\ntitel: Bo\n", 1, "party.yaml:2: top level: unknown key 'titel': did you mean 'title'?"),
    ("colours:\n  red: 12\n", 1, "party.yaml:2: colours: red:"),
    ("emblem: notes.txt\n", 1, "the emblem notes.txt is not a picture"),
    ("tiles:\n  assassin:\n    name: " + "Quite the longest name a tile ever carried " * 2 + "\n", 1,
     "party.yaml:3: tiles: assassin: name: 85 characters are too many: at most 40 fit"),
    ("tiles:\n  assassin:\n    name: Supercalifragilisticexpialidociousness\n", 2,
     "party.yaml:3: tiles: assassin: name: 'SUPERCALIFRAGILISTICEXPIALIDOCIOUSNESS' is too long for a 70 x 45 mm "
     "tile"),
    # Each text an edition gives, checked against the font, named by its own line and place.
    ("title: Nuit 日本\n", 1, "party.yaml:1: title: 'Nuit 日本' uses '日' (U+65E5 CJK UNIFIED IDEOGRAPH-65E5), "
     "'本' (U+672C CJK UNIFIED IDEOGRAPH-672C), which the font FiraSans-Bold cannot draw: write another title "
     "on that line, or choose a --font that has them"),
    ("tiles:\n  assassin:\n    name: The Owl\n    line: Never ☃ sleeps\n", 1,
     "party.yaml:4: tiles: assassin: line: 'Never ☃ sleeps' uses '☃' (U+2603 SNOWMAN), which the font "
     "FiraSans-Italic cannot draw"),
    ("tiles:\n  red agent:\n    - Ruby\n    - name: Jade ☃\n", 1,
     "party.yaml:4: tiles: red agent, character 2: name: 'JADE ☃' uses '☃'"),
    ("tiles:\n  bystander: Bob ☃\n", 1, "party.yaml:2: tiles: bystander: 'BOB ☃' uses '☃'"),
])
def test_a_bad_edition_stops_the_kit_and_writes_nothing(tmp_path, edition, code, words):
    (tmp_path / "party.yaml").write_text(edition, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a picture\n", encoding="utf-8")
    before = written(tmp_path)
    result = cngen(tmp_path, "kit", "--edition", "party.yaml", "--box", "--stand", "--keys-count", "2")
    assert result.exit_code == code, result.output
    assert words in result.stderr
    assert "Traceback" not in result.output
    assert written(tmp_path) == before


@pytest.mark.parametrize("command", ["rules", "keys", "box", "stand", "book", "tts"])
@pytest.mark.parametrize("given, place", [
    ({"party.yaml": "title: Nuit 日本\n"}, "party.yaml:1: title: 'Nuit 日本'"),
    ({"cngen.yaml": "title: Nuit 日本\n"}, "cngen.yaml:1: title: 'Nuit 日本'"),
    ({}, "--title 'Nuit 日本'"),
])
def test_a_title_the_font_cannot_print_is_refused_where_it_was_given(tmp_path, folder_state, command, given, place):
    """Every command that prints the title refuses one it would print blank, naming the
    edition's or the settings file's line, or the option (the box printed it with holes)."""
    for name, text in given.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    before = folder_state(tmp_path)
    args = ["--edition", "party.yaml"] if "party.yaml" in given else [] if given else ["--title", "Nuit 日本"]
    output = ["--out-dir", "out"] if command == "tts" else ["-o", "out/file.pdf"]
    result = cngen(tmp_path, command, *args, *output)
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert errors == [f"Error: {place} uses '日' (U+65E5 CJK UNIFIED IDEOGRAPH-65E5), '本' (U+672C CJK UNIFIED "
                      f"IDEOGRAPH-672C), which the font FiraSans-Bold cannot draw: write "
                      f"{'another --title' if not given else 'another title on that line'}, or choose a --font "
                      "that has them"], result.stderr
    assert folder_state(tmp_path) == before


@pytest.mark.parametrize("given, problem", [
    ("nowhere.yaml", "there is no such file or folder"),
    ("party.yaml", "there is no such file or folder"),
    ("elsewhere/party", "there is no such file or folder"),
    (".", "this folder holds no edition.yaml"),
])
def test_a_missing_edition_is_named_with_the_fix_and_cngens_own(tmp_path, given, problem):
    result = cngen(tmp_path, "deck", "--edition", given, "-o", "deck.pdf")
    assert result.exit_code == 1
    assert f"--edition {given}: {problem}: give an edition's file (cngen init --edition writes one) or the " \
           "folder that holds its edition.yaml, or print one of cngen's own: --edition party, --edition soiree" \
        in result.stderr
    assert not (tmp_path / "deck.pdf").exists()


def test_an_edition_is_its_file_its_folder_or_a_shipped_ones_name_or_folder(tmp_path):
    """The README's ways to name the party example, and a folder of one's own: the same deck."""
    from generator.inputs.bundled import edition_paths

    shipped = edition_paths()["party"].parent
    own = tmp_path / "my-party"
    own.mkdir()
    for item in shipped.iterdir():
        (own / item.name).write_bytes(item.read_bytes())
    decks = {}
    for given in ("party", "editions/party", str(shipped), str(shipped / "edition.yaml"), "my-party"):
        result = cngen(tmp_path, "deck", "--edition", given, "--seed", "1", "-o", "deck.pdf")
        assert result.exit_code == 0, (given, result.output)
        decks[given] = text_of(tmp_path / "deck.pdf")
    assert len(set(decks.values())) == 1 and "BALLOON" in decks["party"]


@pytest.mark.parametrize("args, words", [
    (["box", "--cards", "2000"], "--cards"),
    (["box", "--deck-card-size", "300x400mm"], "--paper"),
    (["box", "--card-thickness", "2mm", "--for", "keys"], "--card-thickness"),
    (["stand", "--keys-card-size", "300x300mm"], "--paper"),
    (["kit", "--box", "--blanks", "1000", "--keys-count", "2"], "box"),
])
def test_a_box_or_stand_that_cannot_be_made_is_refused_and_nothing_written(tmp_path, args, words):
    result = cngen(tmp_path, *args)
    assert result.exit_code == 2, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and words in errors[0], result.stderr
    assert written(tmp_path) == set()


def test_box_for_the_kit_says_which_boxes_take_two_sheets(tmp_path):
    result = cngen(tmp_path, "box", "--for", "kit")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "Wrote output/box.pdf"
    assert "222 codename cards of 70 x 45 mm" in lines[1] and "2 sheets joined by a glue tab" in lines[1]
    assert "40 key cards" in lines[2] and "one sheet" in lines[2]
    assert "25 tiles" in lines[3] and "one sheet" in lines[3]


def test_an_editions_characters_and_the_roles_beside_them_share_one_size(tmp_path):
    """The party edition names some agents and not others: every name on its tiles, a
    character's or a role's, prints at one size (they were 13 pt beside 14)."""
    from pdfiumpage import read_pages

    result = cngen(tmp_path, "tokens", "--edition", "party", "-o", "tokens.pdf")
    assert result.exit_code == 0, result.output
    sizes = {round(char["size"], 1) for page in read_pages((tmp_path / "tokens.pdf").read_bytes(), shapes=False)
             for char in page.chars if char["text"].strip() and char["size"] > 10}
    assert len(sizes) == 1, sizes
