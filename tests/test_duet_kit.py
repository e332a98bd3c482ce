"""`cngen kit --duet`: the same codename cards with Duet's key cards, tiles and rules, one seed,
the summary, the combined file and the previews, all describing the same Duet kit."""

from __future__ import annotations

import json

import builds
import pypdfium2
import pytest
from pdfcheck import placed_texts
from pdfiumpage import read_pages
from pypdf import PdfReader

from generator.games import GAMES

DUET = GAMES["duet"]


def text_of(pdf: bytes) -> str:
    document = pypdfium2.PdfDocument(pdf)
    return "\n".join(page.get_textpage().get_text_range() for page in document)


@pytest.fixture(scope="module")
def duet_kit(tmp_path_factory):
    from click.testing import CliRunner

    from generator.cli.app import main

    folder = tmp_path_factory.mktemp("duet-kit")
    result = CliRunner().invoke(main, ["kit", "--duet", "--seed", "8", "--keys-count", "12", "--token-sets", "2",
                                       "--combined", "--preview", "--out-dir", str(folder)])
    assert result.exit_code == 0, result.output
    return folder, result.stdout


def test_the_kit_writes_every_duet_component(duet_kit):
    folder, summary = duet_kit
    names = {path.name for path in folder.iterdir()}
    assert {"deck.pdf", "keys.pdf", "keys.json", "tokens.pdf", "rules.pdf", "kit.pdf"} <= names
    assert {"deck.png", "keys.png", "tokens.png", "rules.png"} <= names
    manifest = json.loads((folder / "keys.json").read_text(encoding="utf-8"))
    assert manifest["duet"] is True and manifest["seed"] == 8 and len(manifest["cards"]) == 12
    assert "12 Duet key cards" in summary and "2 sets of Duet tiles" in summary
    assert "--seed 8" in summary


def tile_names(pdf: bytes) -> str:
    """Every name printed on the tiles, each read in its own direction (tiles are turned on
    the sheet), run together: no Duet name holds another."""
    return "".join(placed.text for page in read_pages(pdf, shapes=False) for placed in placed_texts(page, []))


def test_the_tiles_are_duets_and_counted_by_the_sets(duet_kit):
    folder, _ = duet_kit
    names = tile_names((folder / "tokens.pdf").read_bytes())
    assert names.count("AGENT") == 2 * 2 * 15  # both faces of 15 agents, two sets
    assert names.count("TIMER") == 2 * 11 and names.count("BYSTANDER") == 2 * 11
    assert "RED" not in names and "BLUE" not in names


def test_the_rules_sheet_describes_this_duet_kit(duet_kit):
    folder, _ = duet_kit
    text = text_of((folder / "rules.pdf").read_bytes())
    assert "Duet" in text
    assert "12 key cards" in text.replace("\n", " ") or "12 Duet key cards" in text.replace("\n", " ")
    assert "double agent" not in text.lower()


def test_the_combined_file_holds_every_page_under_a_duet_title(duet_kit):
    folder, _ = duet_kit
    combined = PdfReader(folder / "kit.pdf")
    pages = sum(len(PdfReader(folder / name).pages) for name in ("deck.pdf", "keys.pdf", "tokens.pdf", "rules.pdf"))
    assert len(combined.pages) == pages
    assert combined.metadata.title == "Codenames Duet print-and-play kit"


def test_the_same_seed_makes_the_same_duet_kit(tmp_path, run):
    (tmp_path / "w.txt").write_text("bank\npitch\nmercury\nice cream\n", encoding="utf-8")
    first = run("kit", "--duet", "--seed", "3", "--keys-count", "4", "--words", "w.txt", "--out-dir", "one")
    second = run("kit", "--duet", "--seed", "3", "--keys-count", "4", "--words", "w.txt", "--out-dir", "two")
    assert first.exit_code == second.exit_code == 0
    for name in ("deck.pdf", "keys.pdf", "keys.json", "tokens.pdf", "rules.pdf"):
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes(), name


@pytest.mark.parametrize("words, message", [
    (["--single-sided"], "--duet and --single-sided cannot be used together"),
    (["--keys-count", "5000"], "--keys-count 5000 is out of range with --duet"),
    (["--variant", "match"], "--variant has no effect with --duet"),
])
def test_a_duet_kit_refuses_what_has_no_meaning_for_duet(run, tmp_path, words, message):
    result = run("kit", "--duet", *words)
    assert result.exit_code == 2
    assert message in result.stderr
    assert not (tmp_path / "output").exists()


def test_the_kits_game_makes_every_component(tmp_path):
    """A kit is of one game: its options name the game once (no component can be of another),
    and the keys, tiles and rules the library prints are all that game's."""
    from generator.settings.options import DeckOptions, KeyOptions, KitOptions, RulesOptions, TokenOptions

    words = tmp_path / "w.txt"
    words.write_text("bank\npitch\nmercury\n", encoding="utf-8")
    result = builds.kit(KitOptions(DUET, DeckOptions(words=words), KeyOptions(seed=1, count=2), TokenOptions(),
                                   RulesOptions()))
    assert result.contents.tile_kinds == DUET.tiles and result.contents.key_cards == 2
    parts = {part.name: part.data for part in result.parts}
    manifest = json.loads(parts["keys.json"])
    assert manifest["duet"] is True and [[side["side"] for side in card["sides"]] for card in manifest["cards"]] == \
        [["A", "B"], ["A", "B"]]
    assert "TIMER" in tile_names(parts["tokens.pdf"]) and "RED" not in tile_names(parts["tokens.pdf"])
    assert "Duet" in text_of(parts["rules.pdf"])
