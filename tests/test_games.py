"""A game is one value: the registry lists the games, the command line chooses one with --game
(or its shorthand), and a new game plugs in with its own folder and one registry line, while the
command line, the jobs, the settings and the output name none of them."""

from __future__ import annotations

import ast
import functools
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10, which the package supports: tomllib came in 3.11
    import tomli as tomllib
from click.testing import CliRunner
from msgspec.structs import fields

from generator.cli import main
from generator.games import DEFAULT_GAME, GAMES
from generator.inputs.bundled import languages_folder
from generator.settings.options import DeckOptions, KeyOptions, KitOptions, RulesOptions, TokenOptions

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "generator"

# Each layer imports only layers below it (or its own package). Read off the imports of every
# module, so that an import running upwards fails here with its file and line.
LAYERS = ("errors", ("units", "kinds", "inputs", "reportlab_private"), ("typeface", "model"), ("geometry", "output"), ("draw", "preflight"), "cards",
          "games", "exports", "settings", "jobs", "cli", "__main__")
RANK = {name: rank for rank, layer in enumerate(LAYERS) for name in ((layer,) if isinstance(layer, str) else layer)}


@functools.cache
def parsed(path: Path) -> ast.Module:
    """A module of the package, parsed once a session for the tests that read its code."""
    return ast.parse(path.read_text(encoding="utf-8"))


def own_imports(path: Path) -> list[tuple[int, str]]:
    """(line, top-level package of generator) of every relative import in a module."""
    here = path.relative_to(PACKAGE).parts
    found = []
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = list(here[:-1])[: len(here) - node.level]
            target = [*base, *(node.module.split(".") if node.module else [])]
            if target:
                found.append((node.lineno, target[0].removesuffix(".py")))
    return found


def test_no_import_runs_upwards():
    upwards = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).parts
        layer = parts[0].removesuffix(".py")
        for line, target in own_imports(path):
            if target != layer and RANK[target] >= RANK[layer]:
                upwards.append(f"{path.relative_to(ROOT)}:{line}: {layer} imports {target}")
    assert not upwards, "\n".join(upwards)
    assert set(RANK) >= {path.name.removesuffix(".py") for path in PACKAGE.iterdir()
                         if path.name != "__init__.py" and (path.is_dir() and (path / "__init__.py").exists()
                                                           or path.suffix == ".py")}


def test_only_one_module_reaches_into_reportlab():
    """Another object's private members (``frame._y``) are used in reportlab_private.py alone,
    so that a ReportLab release that renames one breaks in one known place."""
    reached = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.name == "reportlab_private.py":
            continue
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__") \
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls", "os")):
                reached.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
            if isinstance(node, (ast.Assign, ast.AugAssign)):  # writing into a ReportLab face's tables
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                reached += [f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(target)}" for target in targets
                            if "charToGlyph" in ast.unparse(target) or "charWidths" in ast.unparse(target)]
    assert not reached, "\n".join(reached)


def _names_of_games(tree: ast.AST, names: set[str] | None = None) -> list[tuple[int, str]]:
    """Where code names a game: a string that is a game's name or its option (\"duet\",
    \"--duet\", \"--game duet\"), a name or attribute spelt like one (DUET, games.duet), or an
    import of a game's folder. Prose may use the words (\"played with pictures\"): a game's
    name can be an ordinary word."""
    games = {name.lower() for name in (GAMES if names is None else names)}
    options = re.compile(r"--(game[ =])?(" + "|".join(map(re.escape, games)) + r")\b", re.IGNORECASE)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value.lower() in games or options.search(node.value):
                found.append((node.lineno, repr(node.value)))
        elif isinstance(node, ast.Name) and node.id.isupper() and node.id.lower() in games:
            found.append((node.lineno, node.id))  # a game's value (DUET); a list of pictures may be `pictures`
        elif isinstance(node, ast.Attribute) and node.attr.lower() in games and \
                (node.attr.isupper() or isinstance(node.value, ast.Name) and node.value.id == "games"):
            found.append((node.lineno, node.attr))
        elif isinstance(node, ast.ImportFrom) and games & set((node.module or "").lower().split(".")):
            found.append((node.lineno, f"from {node.module}"))
        elif isinstance(node, ast.ImportFrom) and any(alias.name.lower() in games for alias in node.names):
            found.append((node.lineno, f"import {', '.join(alias.name for alias in node.names)}"))
    return found


@pytest.mark.parametrize("folder", ["cli", "jobs", "settings", "output"])
def test_the_command_line_jobs_settings_and_output_name_no_game(folder):
    named = [f"{path.relative_to(ROOT)}:{line}: {what}"
             for path in sorted((PACKAGE / folder).rglob("*.py"))
             for line, what in _names_of_games(parsed(path))]
    assert not named, "\n".join(named)


def test_code_that_names_a_game_is_found():
    samples = ['x = GAMES["duet"]', "flag = '--pictures'", 'text = "print with --game classic"',
               "from ..games.duet import DUET", "from ..games import PICTURES", "game.name == 'Classic'",
               "games.duet.keys", "x = PICTURES"]
    for sample in samples:
        assert _names_of_games(ast.parse(sample)), sample
    prose = ['"""Picture cards, for the games played with pictures."""', 'help = "a classic look, in pictures"',
             "pictures = read(folder)", "count = len(found.pictures)"]
    for sample in prose:
        assert not _names_of_games(ast.parse(sample)), sample


def test_the_game_travels_as_one_value():
    for options in (DeckOptions, KeyOptions, TokenOptions, RulesOptions):
        assert not {field.name for field in fields(options)} & {"game", "duet", *GAMES}, options
    assert [field.name for field in fields(KitOptions)].count("game") == 1


def test_every_game_folder_is_registered_and_ships_its_english_texts():
    folders = {path.name for path in (PACKAGE / "games").iterdir() if (path / "__init__.py").exists()}
    assert folders == set(GAMES)
    for game in GAMES.values():  # each game's texts are in the languages' folders cngen ships
        assert game.rules_text("en").is_file() and game.tile_names("en").is_file(), game.name
        assert game.texts == languages_folder()
    assert DEFAULT_GAME in GAMES


def test_a_games_declared_marks_are_its_own_examples():
    """The registry tells a rules text written for another game by these marks without loading
    that game's example: the first is the example's drawing, the others keys of its example."""
    for game in GAMES.values():
        drawing, *keys = game.example_marks
        assert drawing == game.rules_example.drawing, game.name
        english = game.rules_text("en").read_text(encoding="utf-8")
        assert f"- example: {drawing}\n" in english, game.name
        for key in keys:
            assert re.search(rf"^\s+{re.escape(key)}:", english, re.MULTILINE), (game.name, key)


def test_every_library_the_package_imports_is_declared():
    """A library that arrives only because another needs it (lxml through svglib) may leave
    with that library's next release: each one cngen imports is its own dependency."""
    import importlib.metadata

    imported = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    outside = sorted(name for name in imported if name not in sys.stdlib_module_names and name != "generator")
    distributions = importlib.metadata.packages_distributions()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    declared = {re.split(r"[<>=!~ \[;]", requirement)[0].lower() for requirement in project["dependencies"]}
    missing = [name for name in outside if not {d.lower() for d in distributions.get(name, [name])} & declared]
    assert not missing, f"imported and not in pyproject.toml's dependencies: {missing}"


def test_pyproject_installs_every_package_and_every_games_text():
    setup = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    packages = {".".join(path.relative_to(ROOT).parts[:-1]) for path in PACKAGE.rglob("__init__.py")}
    data = set(setup["package-dir"])
    assert set(setup["packages"]) == packages | data
    assert setup["package-data"]["generator.languages"] == ["*/*.yaml", "*/decks/*.yaml"]
    assert all(path.suffix == ".yaml" for game in GAMES.values() for path in game.text_files())
    assert {path.parent.name for game in GAMES.values() for path in game.text_files()} >= {"en"}


def test_cngen_games_lists_each_game_with_its_title():
    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert len(lines) == len(GAMES)
    for line, game in zip(lines, GAMES.values()):
        assert line.startswith(game.name) and f"{game.title}: {game.summary}" in line
    assert "(the default)" in lines[list(GAMES).index(DEFAULT_GAME)]


# --- A game of our own, plugged in with a folder and one registry line ----------------------

TOY_RULES = """\
language: en
title: How to play Toy
sections:
  - id: kit
    title: In the box
    blocks:
      - text: "{key_cards|key card|key cards}, {red_agents} red agents and {assassins} assassin, {tiles} tiles."
"""

# Runs in a fresh interpreter: the registry gains the toy game before the settings read it, as
# one more line in games/__init__.py would do. Everything else is cngen as it is.
TOY = """
import json, sys
from msgspec.structs import replace
from pathlib import Path
from click.testing import CliRunner
import generator.games as games
from generator.games.game import SettingRules
from generator.model.tiles import agent_kind

texts = Path(sys.argv[1])
toy = replace(games.GAMES["classic"], name="toy", title="Toy Codenames", summary="a game of the tests",
              tiles=(agent_kind("red agent", "R", "R", 2), agent_kind("assassin", "A", "A", 1)),
              tiles_title="Toy tiles", texts=texts, variants=(), example_marks=(), in_sentence="Toy",
              default_key_cards=3, most_key_cards=5, table=None, seat=None, other_tile_nouns=(),
              settings=SettingRules(refused={("keys.single_sided", True): "a toy card has two sides"}))
games.GAMES["toy"] = toy

import generator.games as games_package
from generator.cli import main

runs = {}
for name, args in json.loads(sys.argv[2]).items():
    result = CliRunner().invoke(main, args)
    runs[name] = {"code": result.exit_code, "stdout": result.stdout, "stderr": result.stderr}
print(json.dumps(runs))
"""


@pytest.fixture(scope="module")
def toy_runs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("toy")
    texts = folder / "texts"
    (texts / "en").mkdir(parents=True)
    (texts / "en" / "toy.yaml").write_text(TOY_RULES, encoding="utf-8")
    (texts / "en" / "toy-tiles.yaml").write_text("language: en\nred agent: toy agent\nassassin: toy spy\n", encoding="utf-8")
    (folder / "w.txt").write_text("".join(f"word{n}\n" for n in range(8)), encoding="utf-8")
    runs = {
        "games": ["games"],
        "keys": ["keys", "--game", "toy", "--seed", "3", "-o", "k.pdf"],
        "too many": ["keys", "--toy", "--count", "6", "-o", "k.pdf"],
        "single": ["keys", "--toy", "--single-sided", "-o", "k.pdf"],
        "tokens": ["tokens", "--toy", "-o", "t.pdf"],
        "kit": ["kit", "--game", "toy", "--words", "w.txt", "--seed", "2", "--out-dir", "kit"],
    }
    done = subprocess.run([sys.executable, "-c", TOY, str(texts), json.dumps(runs)], cwd=folder, capture_output=True,
                          text=True, check=True)
    return folder, json.loads(done.stdout)


def test_a_new_game_is_listed_and_chosen_by_name_or_shorthand(toy_runs):
    folder, runs = toy_runs
    assert "toy" in runs["games"]["stdout"] and "Toy Codenames: a game of the tests" in runs["games"]["stdout"]
    assert runs["keys"]["code"] == 0, runs["keys"]["stderr"]
    assert "3 key cards" in runs["keys"]["stdout"]  # its own default count
    assert "The same deck again: --game toy --seed 3" in runs["keys"]["stdout"]


def test_a_new_games_own_limits_and_refusals_are_enforced(toy_runs):
    _, runs = toy_runs
    assert runs["too many"]["code"] == 2
    assert "--count 6 is out of range with --toy: Toy Codenames deals at most 5 key cards" in runs["too many"]["stderr"]
    assert runs["single"]["code"] == 2
    assert "--toy and --single-sided cannot be used together: a toy card has two sides" in runs["single"]["stderr"]


def test_a_new_games_tiles_rules_and_kit_come_from_its_own_folder(toy_runs):
    import pypdf

    folder, runs = toy_runs
    assert runs["tokens"]["code"] == 0, runs["tokens"]["stderr"]
    assert "3 tiles in 1 set: 2 red agents, 1 assassin" in runs["tokens"]["stdout"]
    tiles = " ".join(page.extract_text() for page in pypdf.PdfReader(folder / "t.pdf").pages)
    assert tiles.count("TOY AGENT") == 4 and tiles.count("TOY SPY") == 2  # each tile's two faces
    assert runs["kit"]["code"] == 0, runs["kit"]["stderr"]
    assert "3 Toy key cards, 1 set of Toy tiles" in runs["kit"]["stdout"]
    rules = pypdf.PdfReader(folder / "kit" / "rules.pdf")
    text = " ".join(page.extract_text() for page in rules.pages)
    assert "How to play Toy" in text and "3 key cards, 2 red agents and 1 assassin, 3 tiles." in text
    assert rules.metadata.title == "Codenames: how to play Toy"
