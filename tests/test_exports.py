"""An export is one value, as a game is: the registry lists them, the command line makes a
command of each from its declaration, and the command line, the jobs, the settings and the
output name none of them. What every export shares is held here: the games dealt (codenames
without repeats, one key a game from the game's own dealer), and the key of a game as each
spymaster reads it over the table."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import assume, given
from hypothesis import strategies as st
from test_games import PACKAGE, ROOT, _names_of_games

from generator.cli import main
from generator.exports import EXPORTS
from generator.games import GAMES
from generator.model.rng import make_rng
from generator.model.tables import deal_tables, games_without_repeats
from generator.settings.declarations import BY_KEY, settings_of

# What each game's key gives the table, per side: role letter -> cells.
KEY_COUNTS = {
    "classic": [{"starting": 9, "other": 8, "N": 7, "A": 1}],
    "pictures": [{"starting": 8, "other": 7, "N": 4, "A": 1}],
    "duet": [{"G": 9, "N": 13, "A": 3}, {"G": 9, "N": 13, "A": 3}],
}


@pytest.mark.parametrize("folder", ["cli", "jobs", "settings", "output"])
def test_the_command_line_jobs_settings_and_output_name_no_export(folder):
    named = [f"{path.relative_to(ROOT)}:{line}: {what}"
             for path in sorted((PACKAGE / folder).rglob("*.py"))
             for line, what in _names_of_games(ast.parse(path.read_text(encoding="utf-8")), set(EXPORTS))]
    assert not named, "\n".join(named)


def test_every_export_folder_is_registered_and_is_a_command():
    folders = {path.name for path in (PACKAGE / "exports").iterdir() if (path / "__init__.py").exists()}
    assert folders == set(EXPORTS)
    for name, export in EXPORTS.items():
        command = main.get_command(None, name)
        assert command is not None and command.help.split()[:3] == export.help.split()[:3]
        for key in export.text_keys and export.text_keys[:1]:
            assert export.text_file("en").is_file(), name


def test_an_exports_own_options_are_settings_of_its_section_and_shared_ones_are_read_where_it_says():
    for name, export in EXPORTS.items():
        keys = {setting.key for setting in settings_of(name)}
        assert {f"{name}.{option.name}" for option in export.options} <= keys
        for use in export.uses:
            shared = {key for key in BY_KEY if key == use or key.startswith(f"{use}.")}
            assert shared and shared <= keys, (name, use)
        assert all(BY_KEY[key].flag_on(name) for key in keys if key.startswith(f"{name}.")), name


def test_an_exports_record_holds_each_of_its_options_with_the_value_it_declares():
    """The record a maker reads (``Export.own``) and the options the command takes are one list:
    a field for each option, by its name, defaulting to the option's default as cngen uses it."""
    from msgspec.structs import fields

    from generator.settings.resolve import default_value

    for name, export in EXPORTS.items():
        record = {field.name: field.default for field in fields(export.own)}
        assert set(record) == {option.name for option in export.options}, name
        for option in export.options:
            assert record[option.name] == default_value(BY_KEY[f"{name}.{option.name}"]), (name, option.name)


def test_an_exports_options_reach_its_record_typed():
    """Each value is checked against its field's type as the record is made: a value the
    declarations and the record disagree on stops there, naming the field."""
    import msgspec

    from generator.settings.options import export_options
    from generator.settings.resolve import resolve

    for name, export in EXPORTS.items():
        options = export_options(resolve(name, {}), name, 7)
        assert isinstance(options.own, export.own) and options.seed == 7, name
        with pytest.raises(msgspec.ValidationError, match=r"Expected `int \| null`, got `str` - at `\$.seed`"):
            msgspec.convert({"seed": "7"}, export.own)


@given(st.integers(25, 120), st.integers(1, 12), st.integers(0, 2**32))
def test_tables_repeat_no_codename_until_the_list_runs_out(count, games, seed):
    names = [f"W{index}" for index in range(count)]
    tables = deal_tables(names, games, 25, make_rng(seed))
    assert len(tables) == games and all(len(set(table)) == 25 for table in tables)
    dealt = [name for table in tables for name in table]
    first_cycle = dealt[:count]
    assert len(set(first_cycle)) == len(first_cycle)  # nothing comes back before every name has been out
    assert tables == deal_tables(names, games, 25, make_rng(seed))


@given(st.integers(20, 200), st.sampled_from([20, 25]))
def test_a_list_gives_as_many_tables_without_repeats_as_it_holds_whole_tables(count, cells):
    games = games_without_repeats(count, cells)
    assume(games >= 1)
    tables = deal_tables([str(index) for index in range(count)], games, cells, make_rng(count))
    dealt = [name for table in tables for name in table]
    assert len(dealt) == len(set(dealt)) == games * cells


def test_a_list_shorter_than_a_table_is_refused():
    with pytest.raises(ValueError):
        deal_tables(["A"] * 30, 1, 25, make_rng(1))
    with pytest.raises(ValueError):
        deal_tables([str(index) for index in range(24)], 1, 25, make_rng(1))


@pytest.mark.parametrize("name", list(GAMES))
def test_a_games_key_gives_each_side_its_roles_over_the_table(name):
    game = GAMES[name]
    cards = game.key_cards.deal(30, 5, True)
    keys = game.key_cards.game_keys(cards)
    assert [key.number for key in keys] == list(range(1, 31))
    for key in keys:
        assert len(key.sides) == len(KEY_COUNTS[name])
        for side, wanted in zip(key.sides, KEY_COUNTS[name]):
            counts = Counter(side.roles)
            assert len(side.roles) == game.grid.cells
            if side.starting is not None:
                first, second = ("R", "B") if side.starting == "red" else ("B", "R")
                counts = Counter({"starting": counts[first], "other": counts[second], "N": counts["N"],
                                  "A": counts["A"]})
            assert dict(counts) == wanted
            assert len(side.rows(game.grid.columns)) == game.grid.rows


def test_a_second_side_reads_the_table_from_across_it():
    """Duet's B sits opposite A: B's card, read as B holds it, lies over the table turned half
    round, so the word at A's cell i is at B's card cell 24 - i."""
    game = next(game for game in GAMES.values() if len(KEY_COUNTS[game.name]) == 2)
    card = game.key_cards.deal(1, 3, True)[0]
    (key,) = game.key_cards.game_keys([card])
    a, b = key.sides
    assert (a.label, b.label) == ("A", "B")
    assert a.roles == card.a
    assert b.roles == tuple(reversed(card.b))


def test_an_export_command_refuses_a_list_too_short_for_a_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    words = tmp_path / "few.txt"
    words.write_text("\n".join(f"WORD{index}" for index in range(10)), encoding="utf-8")
    for name in EXPORTS:
        result = CliRunner().invoke(main, [name, "--words", str(words)])
        assert result.exit_code == 1, (name, result.output)
        assert "10" in result.stderr and "25" in result.stderr, result.stderr
    assert not any(Path(tmp_path).glob("output*"))


def test_a_card_too_small_is_refused_with_the_option_that_sizes_it_on_this_command(tmp_path, monkeypatch):
    """An export names its own flag for a component's size (tts: --token-card-size); a book's
    cards take their size from the page, so its message advises only what the word can change."""
    monkeypatch.chdir(tmp_path)
    words = tmp_path / "long.txt"
    words.write_text("\n".join([*(f"WORD{index}" for index in range(30)), "AN ENTRY FAR TOO LONG " * 4]),
                     encoding="utf-8")
    tiles = CliRunner().invoke(main, ["tts", "--token-card-size", "20x15mm", "--keys-count", "1"])
    assert tiles.exit_code == 2 and "choose a larger --token-card-size" in tiles.stderr
    book = CliRunner().invoke(main, ["book", "--words", str(words)])
    assert book.exit_code == 1 and book.stderr.rstrip().endswith("shorten it, or break it with a space")
    assert "--card-size" not in book.stderr
    tts = CliRunner().invoke(main, ["tts", "--words", str(words)])
    assert tts.exit_code == 1 and "choose a wider --deck-card-size" in tts.stderr
    assert not (tmp_path / "output").exists()
