"""Kits that cannot be played say so: a list or a folder too small for one table is named with
what a game needs on double-sided cards, for every game and grid, and what would do instead."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.inputs.bundled import picture_deck_files

SAY = "so no game can be played with them alone"


def _run(folder: Path, *args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def _words(path: Path, count: int) -> Path:
    path.write_text("\n".join(f"word{n}" for n in range(count)) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("game, count, cells, more", [
    ((), 10, 25, ""), (("--duet",), 30, 25, ""), (("--teams", "3"), 60, 36, "choose a smaller --grid (4x4 deals 16)"),
    (("--grid", "4x4"), 20, 16, ""),
])
def test_a_list_too_short_for_a_table_is_named_with_what_a_game_needs(tmp_path, game, count, cells, more):
    words = _words(tmp_path / "words.txt", count)
    result = _run(tmp_path, "deck", *game, "--words", str(words), "-o", str(tmp_path / "deck.pdf"))
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    cards = (count + 1) // 2
    assert (f"{cards} word cards cannot fill a" in said and SAY in said
            and f"a game deals {cells} cards, {2 * cells} words on double-sided cards ({2 * cells - 1} at least" in said)
    assert f"which need {cells} words" in said and more in said


def test_a_list_that_fills_the_table_says_nothing_of_it(tmp_path):
    words = _words(tmp_path / "words.txt", 49)
    result = _run(tmp_path, "deck", "--words", str(words), "-o", str(tmp_path / "deck.pdf"))
    assert result.exit_code == 0 and "cannot fill" not in result.output


def test_a_kit_too_small_to_play_says_so_under_its_summary(tmp_path):
    words = _words(tmp_path / "words.txt", 10)
    result = _run(tmp_path, "kit", "--words", str(words), "--keys-count", "2", "--out-dir", str(tmp_path / "kit"))
    assert result.exit_code == 0, result.output
    assert "5 word cards cannot fill a 5 x 5 table, so no game can be played" in " ".join(result.output.split())


def _pictures(folder: Path, count: int) -> Path:
    folder.mkdir()
    for source in picture_deck_files()[:count]:
        (folder / source.name).write_bytes(source.read_bytes())
    return folder


def test_a_picture_folder_counts_cards_for_the_table_not_pictures(tmp_path):
    """20 pictures make the 10 cards of half a table: said; 19 cannot fill even one side: refused."""
    twenty = _pictures(tmp_path / "twenty", 20)
    result = _run(tmp_path, "deck", "--pictures", "--images", str(twenty), "-o", str(tmp_path / "deck.pdf"))
    assert result.exit_code == 0, result.output
    said = " ".join(result.output.split())
    assert "10 picture cards cannot fill a 4 x 5 table" in said and "40 pictures on double-sided cards" in said
    nineteen = _pictures(tmp_path / "nineteen", 19)
    result = _run(tmp_path, "deck", "--pictures", "--images", str(nineteen), "-o", str(tmp_path / "small.pdf"))
    assert result.exit_code == 1
    assert ("holds only 19 pictures, and a game lays out 20 (on double-sided cards, 39 pictures or more make its "
            "20 cards)") in " ".join(result.output.split())
    assert not (tmp_path / "small.pdf").exists()
