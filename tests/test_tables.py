"""Three and four teams, bigger and smaller grids (``--teams``, ``--grid``, ``--assassins``):
the table's counts, keys.json read back by a counter of our own, key cards, tiles and rules
read from the PDFs, and the inputs that are refused before anything is written."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from generator.games import GAMES
from generator.games.classic.deal import balance_report, deal_deck
from generator.games.classic.shapes import key_shape
from generator.model.teams import TableError, table_for as table
from package_copy import copy_package, run_copy
from pdfcheck import pdf_pages, text_of
from pdfiumpage import paint, read_pages, runs

CLASSIC = GAMES["classic"]


def words_of(pdf) -> Counter:
    """How many times each word is printed in ``pdf``, as PDFium reads its text: a tile's name
    runs along its face (turned a quarter), read in the way it runs."""
    return Counter(word for text in pdf_pages(pdf) for word in text.split())


def _spells_on(last: dict, char: dict) -> bool:
    """``char`` is the next letter of ``last``'s word: no space between, the same size, and set
    where ``last``'s advance ends."""
    a, b = last["matrix"][:2]
    expected = (last["matrix"][4] + last["adv"] * a, last["matrix"][5] + last["adv"] * b)
    return (not char["text"].isspace() and not last["text"].isspace() and abs(char["size"] - last["size"]) < 0.01
            and math.dist(expected, char["matrix"][4:]) < 0.5)


def printed_words(page) -> list[dict]:
    """A page's words (a ``pdfiumpage.Page``), each with its text, size and top, as
    pdfplumber's extract_words(extra_attrs=["size"]) gives them."""
    return [{"text": "".join(char["text"] for char in word), "size": word[0]["size"],
             "top": min(char["top"] for char in word)}
            for word in runs(page.chars, _spells_on) if not word[0]["text"].isspace()]


def team_colours(names) -> dict[tuple[int, int, int], str]:
    """Each team's colour as PDFium paints it, to its name (or letter: ``names`` maps letters to
    colour names, or is a list of colour names)."""
    from generator.draw.theme import make_theme

    theme = make_theme(False, None, ink_limit=300, ink="full")
    pairs = names.items() if isinstance(names, dict) else ((name, name) for name in names)
    return {paint(theme.colour(name)): key for key, name in pairs}


# --- the table's counts ----------------------------------------------------------------------

@pytest.mark.parametrize("teams, grid, assassins, counts", [
    (2, None, None, (5, 5, 9, 8, 7, 1)),
    (3, None, None, (6, 6, 9, 8, 10, 1)),
    (4, None, None, (7, 7, 9, 8, 15, 1)),
    (2, (4, 4), None, (4, 4, 6, 5, 5, 0)),
    (2, (6, 6), 3, (6, 6, 9, 8, 16, 3)),
    (3, (5, 5), None, (5, 5, 8, 7, 2, 1)),
])
def test_the_fan_rule_fills_each_table(teams, grid, assassins, counts):
    at = table(teams, grid, assassins)
    assert (at.rows, at.columns, at.starting, at.other, at.bystanders, at.assassins) == counts
    assert at.starting + at.other * (teams - 1) + at.bystanders + at.assassins == at.cells


@given(st.integers(2, 4), st.integers(4, 7), st.integers(4, 7), st.one_of(st.none(), st.integers(0, 49)))
@settings(max_examples=150, deadline=None)
def test_every_table_either_fits_or_is_refused(teams, rows, columns, assassins):
    cells = rows * columns
    chosen = assassins if assassins is not None else (0 if cells <= 16 else 1)
    fits = 4 * teams + 1 + chosen + 1 <= cells  # four agents a team at least, and a bystander
    if not fits:
        with pytest.raises(TableError, match=f"{rows} x {columns} grid has {cells}"):
            table(teams, (rows, columns), assassins)
    assume(fits)
    at = table(teams, (rows, columns), assassins)
    assert at.other >= 4 and at.starting == at.other + 1 and at.bystanders >= 1 and at.assassins == chosen
    assert at.starting + at.other * (teams - 1) + at.bystanders + at.assassins == cells


def test_the_boxed_table_is_the_classic_game_itself():
    assert CLASSIC.seat(None, None, None) is CLASSIC
    assert CLASSIC.seat(2, (5, 5), 1) is CLASSIC
    assert CLASSIC.seat(3, None, None) is CLASSIC.seat(3, (6, 6), None)  # one value a table


# --- keys.json, counted by the tests' own counter ---------------------------------------------

def _views(grid: list[str]) -> list[tuple[str, ...]]:
    """The grid turned and mirrored every way it lies over a table of words."""
    rows, columns = len(grid), len(grid[0])
    cells = [list(row) for row in grid]
    shapes = []
    turns = 4 if rows == columns else 2
    current = cells
    for _ in range(turns):
        shapes += [current, [row[::-1] for row in current]]
        current = [list(row) for row in zip(*current[::-1])] if rows == columns else [row[::-1] for row in current[::-1]]
    return [tuple("".join(row) for row in shape) for shape in shapes]


def _distance(a: list[str], b: list[str]) -> int:
    flat_a = "".join(a)
    return min(sum(x != y for x, y in zip(flat_a, "".join(view))) for view in _views(b))


@pytest.fixture(scope="module")
def dealt(tmp_path_factory):
    """keys.json for three tables, each dealt once from the command line."""
    from click.testing import CliRunner

    from generator.cli import main

    folder = tmp_path_factory.mktemp("tables")
    found = {}
    for name, args in (("three", ["--teams", "3"]), ("four", ["--teams", "4"]), ("family", ["--grid", "4x4"])):
        result = CliRunner().invoke(main, ["keys", *args, "--count", "20", "--seed", "7",
                                           "-o", str(folder / f"{name}.pdf")], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        found[name] = (json.loads((folder / f"{name}.json").read_text()), folder / f"{name}.pdf")
    return found


@pytest.mark.parametrize("name, teams, rows, counts, floor", [
    ("three", 3, 6, {"starting": 9, "other": 8, "N": 10, "A": 1}, 21),
    ("four", 4, 7, {"starting": 9, "other": 8, "N": 15, "A": 1}, 32),
    ("family", 2, 4, {"starting": 6, "other": 5, "N": 5, "A": 0}, 5),
])
def test_keys_json_holds_balanced_fresh_keys(dealt, name, teams, rows, counts, floor):
    manifest, _ = dealt[name]
    facts = manifest["table"]
    letters = list(facts["teams"])
    assert len(letters) == teams and (facts["rows"], facts["columns"]) == (rows, rows)
    faces = [face for card in manifest["cards"] for face in card["faces"]]
    assert len(faces) == 40
    names = facts["teams"]
    for face in faces:
        tally = Counter("".join(face["grid"]))
        start = next(letter for letter, team in names.items() if team == face["starting"])
        assert face["order"][0] == start and sorted(face["order"]) == sorted(letters)
        assert tally[start] == counts["starting"]
        assert all(tally[letter] == counts["other"] for letter in letters if letter != start)
        assert (tally["N"], tally["A"]) == (counts["N"], counts["A"])
    for card in manifest["cards"]:  # a card's two sides never share a starting team
        assert card["faces"][0]["starting"] != card["faces"][1]["starting"]
    starts = Counter(face["starting"] for face in faces)
    assert len(starts) == teams and max(starts.values()) - min(starts.values()) <= 1
    for letter in [*letters, "N", "A"]:  # per cell, each role within one of what is expected
        per_cell = [sum("".join(face["grid"])[cell] == letter for face in faces) for cell in range(rows * rows)]
        expected = sum("".join(face["grid"]).count(letter) for face in faces) / (rows * rows)
        assert max(abs(n - expected) for n in per_cell) <= 1 + 1e-9, letter
        if letter == "A":
            assert max(per_cell) - min(per_cell) <= 1
    closest = min(_distance(a["grid"], b["grid"]) for a, b in itertools.combinations(faces, 2))
    assert closest >= floor  # random keys lie about 16, 27 and 2 cells apart at 40


def test_a_key_card_shows_the_order_of_play(dealt):
    """Four teams: above the first card's grid, a row of four lights in its face's order of
    play, left to right, the starting team's the longest (read from the PDF's fills)."""
    manifest, pdf = dealt["four"]
    by_colour = team_colours(manifest["table"]["teams"])
    (page,) = read_pages(pdf.read_bytes(), [0], chars=False)
    shapes = [shape for shape in page.curves + page.rects if shape["non_stroking_color"] in by_colour]
    top = min(shape["top"] for shape in shapes)  # the first row of cards' top lights
    row = sorted((shape for shape in shapes if abs(shape["top"] - top) < 1 and shape["x0"] < page.width / 2),
                 key=lambda shape: shape["x0"])
    seen = [by_colour[shape["non_stroking_color"]] for shape in row]
    first = manifest["cards"][0]["faces"][0]
    assert seen == first["order"]
    widths = [shape["x1"] - shape["x0"] for shape in row]
    assert widths[0] == pytest.approx(2 * widths[1], rel=0.05) and len(set(round(w) for w in widths[1:])) == 1


# --- tiles and rules -------------------------------------------------------------------------

def test_four_teams_tiles_and_rules(run):
    result = run("tokens", "--teams", "4", "-o", "tiles.pdf")
    assert result.exit_code == 0, result.output
    # Each face's name in capitals
    words = words_of("tiles.pdf")
    for colour in ("RED", "BLUE", "GREEN", "ORANGE"):
        assert words[colour] == 2 * 9, colour  # nine a team, a name on each face
    assert words["DOUBLE"] + words["ELBUOD"] == 0
    result = run("rules", "--teams", "4", "-o", "rules.pdf")
    assert result.exit_code == 0, result.output
    sheet = text_of("rules.pdf")
    assert "Four teams, four spymasters, 49 words." in sheet
    assert "Split into four teams, red, blue, green" in sheet
    assert "9 green agents, 9 orange" in sheet
    # The two-team variants are left out: "two players" is only the opening's "teams of at least
    # two players each".
    assert sheet.lower().count("two players") == sheet.lower().count("at least two players each") == 1
    assert len(pdf_pages("rules.pdf")) == 2


def test_the_family_grid_says_it_has_no_assassin(run):
    result = run("rules", "--grid", "4x4", "-o", "rules.pdf")
    assert result.exit_code == 0, result.output
    sheet = text_of("rules.pdf")
    assert "16 words, and no assassin to fear" in sheet and "4 rows of 4" in sheet
    assert "This table has no assassin" in sheet
    assert "loses the game on the spot" not in sheet


@pytest.mark.parametrize("lang, phrase", [("fr", "4"), ("de", "4"), ("es", "4")])
def test_more_teams_rules_in_every_language(run, lang, phrase):
    result = run("rules", "--teams", "4", "--lang", lang, "-o", "rules.pdf")
    assert result.exit_code == 0, result.output
    assert "printed in English" not in result.output
    assert len(pdf_pages("rules.pdf")) == 2


# --- the board and the book at a bigger table ----------------------------------------------

CLOCKWISE = ["red", "blue", "green", "orange"]  # the roles table's order, round which play goes


def test_the_board_s_key_says_the_order_of_play(run):
    """Four teams: the key in every format names the starting team, then the others in the
    order they play, each with its mark; with two teams it says only who starts."""
    result = run("board", "--teams", "4", "--format", "json", "--games", "3", "--seed", "2",
                 "-o", "board.json", "--key-output", "key.json")
    assert result.exit_code == 0, result.output
    games = json.loads(Path("key.json").read_text())["games"]
    for game in games:
        order = game["key"]["order"]
        first = CLOCKWISE.index(game["key"]["starting"])
        assert order == CLOCKWISE[first:] + CLOCKWISE[:first]
        assert (len(game["words"]), len(game["words"][0])) == (7, 7)
    assert "order" not in Path("board.json").read_text()  # the players' board tells nothing of the key
    result = run("board", "--teams", "4", "--games", "3", "--seed", "2", "-o", "board.txt", "--key-output", "key.txt")
    assert result.exit_code == 0, result.output
    marks = {"red": "◆", "blue": "●", "green": "■", "orange": "▲"}
    lines = [line for line in Path("key.txt").read_text().splitlines() if line.startswith("Order of play:")]
    assert lines == ["Order of play: " + " → ".join(f"{marks[team]} {team.title()}" for team in game["key"]["order"])
                     for game in games]
    assert "Order of play" not in Path("board.txt").read_text()
    for name in ("key.json", "key.html"):  # the same game in German, as data and as a page
        result = run("board", "--teams", "3", "--lang", "de", "--seed", "2", "-o", "b" + name, "--key-output", name)
        assert result.exit_code == 0, result.output
    order = json.loads(Path("key.json").read_text())["games"][0]["key"]["order"]
    page = Path("key.html").read_text()
    assert [part.split('"', 1)[0] for part in page.split('<span class="team ')[1:]] == order
    for edge in ("top", "right", "bottom", "left"):  # the key card's lights, a row of the teams on each edge
        row = page.split(f'<span class="turns {edge}">', 1)[1].split("</span></span>", 1)[0]
        lit = [part.split('"', 1)[0].split()[0] for part in row.split(f'<span class="light {edge} ')[1:]]
        assert lit == order, edge
    assert "Reihenfolge:" in page and len(order) == 3
    result = run("board", "--seed", "2", "-o", "two.txt", "--key-output", "two-key.txt")
    assert "Order of play" not in Path("two-key.txt").read_text()


def test_a_7_by_7_book_page_keeps_its_words_large(run):
    """A game book's page of 49 cards (A4 landscape): the operatives' words at 17 pt, as
    measured; none below 12 pt, where a long entry ("ROLLER COASTER") is fitted to its card."""
    result = run("book", "--teams", "4", "--games", "2", "--seed", "3", "-o", "book.pdf")
    assert result.exit_code == 0, result.output
    (page,) = read_pages(Path("book.pdf").read_bytes(), [1], shapes=False)
    words = [word for word in printed_words(page) if word["top"] > 70]
    largest = max(word["size"] for word in words)
    operatives = [word for word in words if word["size"] > 0.65 * largest]  # the upside-down band's are smaller
    assert len({word["text"] for word in operatives}) >= 45
    assert largest >= 16.5 and min(word["size"] for word in operatives) >= 12


@pytest.mark.parametrize("teams, grid", [(2, (4, 4)), (3, (6, 6)), (4, (7, 7)), (3, (5, 7)), (2, (7, 4))])
def test_the_stand_hides_no_cell_of_any_table_s_key(teams, grid):
    """The key card keeps its size at every table and its grid its extent, so the stand's ridge
    stays under the lowest cell of a bigger or an oblong grid."""
    from generator.geometry.keyface import key_face_layout
    from generator.geometry.stand import CELL_CLEARANCE, LOWEST_RIDGE
    from generator.jobs.stand import stand_plan
    from generator.units import MM

    game = CLASSIC.seat(teams, grid, None)
    plan = stand_plan(game, (70 * MM, 70 * MM))
    lowest = min(cell.y for cell in key_face_layout(70 * MM, 70 * MM, rows=grid[0], columns=grid[1]).cells)
    assert LOWEST_RIDGE <= plan.height <= lowest - CELL_CLEARANCE + 1e-6


def test_four_teams_boxes_hold_their_tiles_and_wear_every_team_s_colour(run):
    """The box of a four-team kit: 52 tiles (9 agents a team, 15 bystanders, the assassin), key
    cards of the boxed game's size, and every team's colour in the bands, as on the stand."""
    result = run("box", "--teams", "4", "--for", "kit", "-o", "box.pdf")
    assert result.exit_code == 0, result.output
    teams = team_colours(CLOCKWISE)
    text = text_of("box.pdf")
    seen = {teams[rect["non_stroking_color"]] for page in read_pages(Path("box.pdf").read_bytes(), chars=False)
            for rect in page.rects if rect["non_stroking_color"] in teams}
    assert "52 tiles · 70 × 45 mm" in text and "40 cards · 70 × 70 mm" in text
    assert seen == set(CLOCKWISE)
    result = run("stand", "--teams", "4", "-o", "stand.pdf")
    assert result.exit_code == 0, result.output
    (page,) = read_pages(Path("stand.pdf").read_bytes(), [0], chars=False)
    seen = {teams[shape["non_stroking_color"]] for shape in page.rects + page.curves
            if shape["non_stroking_color"] in teams}
    assert seen == set(CLOCKWISE)


@pytest.mark.parametrize("profile, tile_pages", [("home", 8), ("shop", 6), ("pod", 104)])
def test_a_four_team_kit_prints_end_to_end_in_every_profile(run, profile, tile_pages):
    """cngen kit --teams 4, as a party host would type it, for each way of printing: every file
    written, the 49-cell keys and 52 tiles counted, the rules of four teams on two pages, and a
    print shop's checks passed by every press file."""
    from generator.preflight import preflight

    result = run("kit", "--teams", "4", "--profile", profile, "--seed", "5", "--out-dir", "kit")
    assert result.exit_code == 0, result.output
    assert sorted(path.name for path in Path("kit").iterdir() if not path.name.startswith(".")) == [
        "deck.pdf", "keys.json", "keys.pdf", "rules.pdf", "tokens.pdf"]
    manifest = json.loads(Path("kit/keys.json").read_text())
    assert len(manifest["table"]["teams"]) == 4 and len(manifest["cards"]) == 40
    assert all(len("".join(face["grid"])) == 49 for card in manifest["cards"] for face in card["faces"])
    assert len(pdf_pages("kit/tokens.pdf")) == tile_pages
    words = words_of("kit/tokens.pdf")
    for colour in ("RED", "BLUE", "GREEN", "ORANGE"):  # a name on each face
        assert words[colour] == 2 * 9, colour
    assert len(pdf_pages("kit/rules.pdf")) == 2 and "Four teams, four spymasters, 49 words." in text_of("kit/rules.pdf")
    if profile != "home":
        for name in ("deck.pdf", "keys.pdf", "tokens.pdf", "rules.pdf"):
            report = preflight(Path("kit", name).read_bytes())
            assert report.ok, (name, report.failed)


# --- refused before anything is written ------------------------------------------------------

@pytest.mark.parametrize("args, named", [
    (["keys", "--teams", "1"], "--teams"),
    (["keys", "--teams", "9"], "--teams"),
    (["keys", "--grid", "3x3"], "--grid"),
    (["keys", "--grid", "12x2"], "--grid"),
    (["kit", "--grid", "6x6", "--teams", "2", "--assassins", "40"], "--assassins 40"),
    (["kit", "--duet", "--teams", "3"], "--teams has no effect with --duet: Codenames Duet is played by two"),
    (["keys", "--pictures", "--teams", "3"], "--teams has no effect with --pictures: the picture edition is played"),
    (["tokens", "--game", "duet", "--grid", "6x6"], "--grid has no effect with --game duet"),
])
def test_tables_that_cannot_be_printed_are_refused(run, folder_state, args, named):
    before = folder_state(Path("."))
    result = run(*args)
    assert result.exit_code == 2, result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert len(errors) == 1 and named in errors[0] and "Traceback" not in result.output
    assert folder_state(Path(".")) == before


# --- the design: a fifth team is data ---------------------------------------------------------

# A fifth team, purple, as a line of the roles table, its colour in the palette and its names
# in the English texts: each edit is (file, the line it goes after, the lines it adds).
FIFTH_TEAM = (
    ("model/roles.py", '    Role(letter=AGENT, name="agent"',
     '    Role(letter="P", name="purple", colour="purple", on_colour="on_colour", figure_colour="purple",\n'
     '         writing_colour="purple", symbol="star", square="🟪", noun="purple agent", nouns="purple agents",\n'
     '         figures=("agent in a fedora", "agent in a beanie"), team=True, agents=True),\n', "before"),
    ("draw/theme.py", '    "orange": Ink((0.0, 0.45, 0.95, 0.0)),\n', '    "purple": Ink((0.55, 0.9, 0.0, 0.1)),\n', "after"),
    ("languages/en/classic-tiles.yaml", "orange agent: orange agent\n", "purple agent: purple agent\n", "after"),
    ("languages/en/board.yaml", "orange starts: Orange team starts\n", "purple starts: Purple team starts\n",
     "after"),
    ("languages/en/board.yaml", "orange team: Orange\n", "purple team: Purple\n", "after"),
    ("languages/en/board.yaml", 'orange agents: "{count|orange agent|orange agents}"\n',
     'purple agent: purple agent\npurple agents: "{count|purple agent|purple agents}"\n', "after"),
)
FIFTH_TEAM_RUN = """
import sys
from click.testing import CliRunner
from generator.cli import main
for args in (["keys", "--count", "10", "--seed", "1", "-o", "keys.pdf"], ["tokens", "-o", "tiles.pdf"],
             ["board", "--seed", "1", "-o", "board.txt", "--key-output", "key.txt"]):
    result = CliRunner().invoke(main, [*args, "--teams", "5", "--grid", "7x7"])
    print(result.output)
    assert result.exit_code == 0, result.output
"""


def test_a_fifth_team_is_a_line_of_data_and_its_texts(tmp_path):
    """A copy of the package with a fifth team added as data and no line of code: it deals,
    draws and counts five teams, and the board's key names them in the order of play."""
    copy = copy_package(tmp_path)
    for file, anchor, added, where in FIFTH_TEAM:
        text = (copy / file).read_text(encoding="utf-8")
        assert text.count(anchor) == 1, (file, anchor)
        (copy / file).write_text(text.replace(anchor, added + anchor if where == "before" else anchor + added),
                                 encoding="utf-8")
    done = run_copy(tmp_path, FIFTH_TEAM_RUN, tmp_path / "out")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "9 purple agents" in done.stdout and "53 tiles" in done.stdout
    manifest = json.loads((tmp_path / "out" / "keys.json").read_text())
    assert manifest["table"]["teams"] == {"R": "red", "B": "blue", "V": "green", "O": "orange", "P": "purple"}
    faces = [face for card in manifest["cards"] for face in card["faces"]]
    starts = Counter(face["starting"] for face in faces)
    assert len(starts) == 5 and max(starts.values()) - min(starts.values()) <= 1
    for face in faces:
        tally = Counter("".join(face["grid"]))
        first = face["order"][0]
        assert sorted(tally.values()) == [1, 7, 8, 8, 8, 8, 9] and tally[first] == 9
        assert manifest["table"]["teams"][first] == face["starting"] and len(face["order"]) == 5
    order = next(line for line in (tmp_path / "out" / "key.txt").read_text().splitlines() if "Order" in line)
    assert "★ Purple" in order and order.count("→") == 4


def test_a_deck_of_any_table_is_balanced_under_its_symmetries():
    """The dealer over tables it was not tuned for: oblong grids, extra assassins."""
    for teams, grid, assassins in ((2, (6, 5), None), (3, (5, 7), 2), (2, (7, 7), 0)):
        shape = key_shape(table(teams, grid, assassins))
        keys = [face for card in deal_deck(15, 3, True, shape) for face in card.faces]
        report = balance_report(keys, shape)
        assert max(report.starts) - min(report.starts) <= 1
        assert report.assassin_max - report.assassin_min <= 1
        assert report.min_distance is not None and report.min_distance >= 1


def test_the_same_deck_again_repeats_its_table(run):
    """The summary's line for dealing the deck again names the table, and deals it again."""
    result = run("keys", "--teams", "3", "--grid", "5x6", "--count", "2", "-o", "first.pdf")
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if "The same deck again" in line)
    again = line.split(": ", 1)[1].removesuffix(" with the same --count.").split()
    assert again[:6] == ["--teams", "3", "--grid", "5x6", "--assassins", "1"]
    result = run("keys", *again, "--count", "2", "-o", "second.pdf")
    assert result.exit_code == 0, result.output
    assert Path("second.json").read_text() == Path("first.json").read_text()


def test_a_key_with_no_assassin_says_so_on_its_face(dealt):
    """The family grid's key cards: a 0 beside the assassin's cell on every face."""
    _, pdf = dealt["family"]
    words = [word["text"] for word in printed_words(read_pages(pdf.read_bytes(), [0], shapes=False)[0])]
    zeros = [word for word in words if word == "0"]
    faces = [word for word in words if word.endswith("A") and word[:-1].isdigit()]
    assert len(zeros) == len(faces) == 8
    _, classic_like = dealt["three"]  # a table with its assassin has no such mark
    assert "0" not in [word["text"] for word in printed_words(read_pages(classic_like.read_bytes(), [0], shapes=False)[0])]


def test_a_settings_file_seats_the_game_or_its_table_is_ignored(run):
    """cngen.yaml's teams: and grid: seat the classic game; for a game of one table they are
    ignored with a note naming the file's line, as every setting that means nothing for a game."""
    Path("cngen.yaml").write_text("teams: 3\ngrid: 5x6\n")
    result = run("keys", "--count", "2", "-o", "keys.pdf")
    assert result.exit_code == 0, result.output
    assert json.loads(Path("keys.json").read_text())["table"]["columns"] == 6
    Path("cngen.yaml").write_text("game: duet\nteams: 3\n")
    result = run("keys", "--count", "2", "-o", "duet.pdf")
    assert result.exit_code == 0, result.output
    assert "cngen.yaml:2: teams 3 is ignored: it has no effect with game: duet" in " ".join(result.output.split())


def test_a_list_too_short_for_the_grid_is_named(run):
    """60 words make 30 cards: enough for 5 x 5, not for the 49 cards of a 7 x 7 table."""
    Path("words.txt").write_text("\n".join(f"word{n}" for n in range(60)) + "\n")
    result = run("deck", "--words", "words.txt", "--teams", "4", "-o", "deck.pdf")
    assert result.exit_code == 0, result.output
    assert ("30 word cards cannot fill a 7 x 7 table, so no game can be played with them alone: a game deals 49 "
            "cards, 98 words on double-sided cards (97 at least") in " ".join(result.output.split())
    assert "choose a smaller --grid (4x4 deals 16)" in " ".join(result.output.split())
    result = run("deck", "--words", "words.txt", "-o", "deck.pdf")
    assert "cannot fill" not in result.output
