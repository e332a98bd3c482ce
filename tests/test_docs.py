"""The README is a front page that starts with the two commands, and the pages in docs/ say
what the program does: their option tables match every command's --help, the settings example
gives the message it shows, the map of the code names every module, and every link leads
somewhere."""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli import main
from generator.errors import CngenError
from generator.settings.file import parse_settings

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = ROOT / "docs"
COMMANDS = (DOCS / "commands.md").read_text(encoding="utf-8")
SETTINGS = (DOCS / "settings-and-errors.md").read_text(encoding="utf-8")
ARCHITECTURE = (DOCS / "architecture.md").read_text(encoding="utf-8")
sys.path.insert(0, str(ROOT / "docs"))
import options_tables  # noqa: E402  (docs/ is not a package)

COMMANDS_WITH_OPTIONS = sorted(name for name in main.list_commands(None)
                               if any(not param.opts == ["--help"] for param in main.get_command(None, name).params))


def readme_table(command: str) -> list[list[str]]:
    match = re.search(rf"<!-- options: {command} -->\n(.*?)<!-- end options -->", COMMANDS, re.S)
    assert match, f"docs/commands.md has no option table for cngen {command}"
    rows = [line for line in match.group(1).splitlines() if line.startswith("| `")]
    return [[cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", row)[1:-1]] for row in rows]


def test_the_option_tables_are_the_ones_docs_options_tables_makes():
    expected = options_tables.with_tables(COMMANDS)
    diff = "\n".join(difflib.unified_diff(COMMANDS.splitlines(), expected.splitlines(), "docs/commands.md", "expected",
                                         lineterm=""))
    assert expected == COMMANDS, "run: .venv/bin/python docs/options_tables.py\n" + diff


@pytest.mark.parametrize("command", COMMANDS_WITH_OPTIONS)
def test_every_option_in_help_is_in_the_readme_table_and_nothing_else(command):
    # Compared without white space: --help wraps its lines, even inside hyphenated words.
    help_text = re.sub(r"\s+", "", CliRunner().invoke(main, [command, "--help"]).output)
    options = main.get_command(None, command).params
    rows = readme_table(command)
    listed = [row[0].strip("`") for row in rows]
    assert len(listed) == len([param for param in options if "--help" not in param.opts])
    for option, default, meaning in rows:
        assert re.sub(r"\s+", "", option.strip("`")) in help_text, option
        if default:
            assert f"[default:{default.strip('`')}" in help_text, (option, default)
        words = re.sub(r" \((\d[\d,]* to [\d,]+|[\d,]+ or more)\)$", "", meaning)  # ranges are written out
        assert re.sub(r"\s+", "", words) in help_text, (option, meaning)


def test_the_settings_example_gives_the_message_the_readme_quotes():
    sketch = re.search(r"A sketch:\n\n((?:    .*\n)+)", SETTINGS).group(1)
    text = "\n".join(line[4:] for line in sketch.splitlines()).replace("blanks: 8", "blank: 8")
    quoted = re.search(r"\n    Error: (cngen\.yaml:\d+: .*)\n", SETTINGS).group(1)
    with pytest.raises(CngenError) as caught:
        parse_settings(text.encode("utf-8"), "cngen.yaml")
    assert str(caught.value) == quoted


def test_the_map_of_the_code_names_every_module_and_folder():
    tree = ARCHITECTURE[:ARCHITECTURE.index("From Python:")]
    package = ROOT / "generator"
    for path in sorted(package.rglob("*.py")):
        if path.name in ("__init__.py", "__main__.py"):
            continue
        assert re.search(rf"\b{re.escape(path.name)}\b", tree), f"{path.relative_to(ROOT)} is not in the map"
    for folder in sorted(p for p in package.rglob("*") if p.is_dir() and (p / "__init__.py").exists()):
        assert f"{folder.name}/" in tree, folder.name


def test_the_examples_from_python_run():
    examples = [block for block in ARCHITECTURE[ARCHITECTURE.index("From Python:"):].split("\n\n")
                if block.startswith("    ")]
    assert len(examples) == 2
    for code in examples:
        namespace: dict = {}
        exec("\n".join(line[4:] for line in code.splitlines()), namespace)
        assert namespace["result"].pdf.startswith(b"%PDF-1.4")


def test_the_limits_the_readme_lists_are_the_ones_enforced():
    from generator.inputs.plainyaml import MAX_DEPTH, MAX_NODES
    from generator.inputs.reader import LIMITS
    from generator.model.words import MAX_WORDS

    rows = dict(re.findall(r"^\| (.+?) \| (.+?) \|$", SETTINGS.split("Limits, enforced while reading")[1], re.M))
    megabytes = {what: f"{size // 2**20} MB" for what, size in LIMITS.items()}
    assert rows["word list or YAML deck"] == f"{megabytes['word list']}, and {MAX_WORDS:,} words"
    assert rows["settings file (`cngen.yaml`)"] == megabytes["settings file"]
    assert rows["rules text (`--text`)"] == megabytes["rules text"]
    assert rows["font"] == megabytes["font"]
    assert rows["a PDF given to `cngen preflight`"] == megabytes["PDF"]
    assert rows["any YAML file"] == (f"{MAX_DEPTH} levels of nesting, and {MAX_NODES:,} values with every "
                                     "alias (`*name`) expanded")


# --- The front page and the links --------------------------------------------------------


def test_the_readme_starts_with_the_two_commands_and_ci_runs_the_test_command():
    first = README.splitlines()[:30]
    run = "    python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/cngen deck"
    test = "    python3 -m venv .venv && .venv/bin/pip install '.[test]' && .venv/bin/pytest"
    assert run in first and test in first
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert test.strip() in ci


def test_every_page_of_docs_is_linked_from_the_readme():
    pages = {path.name for path in DOCS.glob("*.md")}
    linked = set(re.findall(r"\]\(docs/([\w.-]+\.md)\)", README))
    assert pages == linked


@pytest.mark.parametrize("page", ["README.md", *sorted(f"docs/{path.name}" for path in DOCS.glob("*.md"))])
def test_every_link_and_picture_leads_somewhere(page):
    path = ROOT / page
    text = path.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if target.startswith(("http://", "https://")):
            continue
        file, _, anchor = target.partition("#")
        linked = (path.parent / file) if file else path
        assert linked.is_file(), f"{page}: {target} is not a file"
        if anchor and linked.suffix == ".md":
            headings = re.findall(r"^#+ (.+)$", linked.read_text(encoding="utf-8"), re.M)
            anchors = {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}
            assert anchor in anchors, f"{page}: no heading for #{anchor} in {file or page}"


@pytest.mark.skipif(sys.prefix == sys.base_prefix or not (Path(sys.prefix) / "bin" / "activate").is_file(),
                    reason="the suite runs outside a virtual environment of its own")
def test_the_readmes_activation_puts_cngen_on_the_path_for_its_examples(tmp_path):
    """The examples type a bare `cngen`: after the README's `source .venv/bin/activate`, a
    terminal whose path never held cngen finds it (here, the suite's own environment)."""
    assert "`source .venv/bin/activate`" in README and ".venv\\Scripts\\activate" in README
    bare = os.pathsep.join(folder for folder in os.environ.get("PATH", "").split(os.pathsep)
                           if not (Path(folder) / "cngen").exists())
    shell = shutil.which("bash", path=bare)
    assert shell, "a shell to source the activation script in"
    found = subprocess.run([shell, "-c", f"source {Path(sys.prefix) / 'bin' / 'activate'} && cngen games"],
                           cwd=tmp_path, env={**os.environ, "PATH": bare}, capture_output=True, text=True, timeout=60)
    assert found.returncode == 0, found.stderr
    assert "classic (the default)" in found.stdout


def test_the_docs_show_cngen_games_and_cngen_decks_as_they_print():
    """Every game and every deck, picture edition and picture words among them, as the command
    lists them (a long description cut short with "...")."""
    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    for command in ("games", "decks"):
        printed = CliRunner().invoke(main, [command]).output.rstrip("\n").splitlines()
        block = text[text.index(f"    $ cngen {command}\n"):].split("\n\n", 1)[0].splitlines()[1:]
        shown = [line.removeprefix("    ") for line in block]
        assert len(shown) == len(printed), command
        for doc, real in zip(shown, printed):
            assert real.startswith(doc.removesuffix(" ...")), (doc, real)


def test_the_docs_name_every_command_that_takes_a_game():
    from generator.settings.declarations import GAME_COMMANDS

    text = (DOCS / "commands.md").read_text(encoding="utf-8")
    said = text[text.index("`--game NAME` chooses one on"):].split("\n\n", 1)[0]
    assert all(f"`{command}`" in said for command in GAME_COMMANDS)
