"""The option tables of docs/commands.md, made from what each command's --help shows.

    .venv/bin/python docs/options_tables.py          # rewrite the tables in docs/commands.md
    .venv/bin/python docs/options_tables.py --check  # exit 1 if docs/commands.md differs

Each table sits between `<!-- options: COMMAND -->` and `<!-- end options -->`. The rows are
click's own help records (the text --help prints), so the docs cannot drift from the code;
tests/test_docs.py checks it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import click

from generator.cli import main

COMMANDS = Path(__file__).resolve().parent / "commands.md"
_TABLE = re.compile(r"(<!-- options: (\w+) -->\n)(.*?)(<!-- end options -->)", re.S)
_EXTRA = re.compile(r"\s*\[(.*)\]$")  # click's "[default: 5; 0<=x<=10000]" after the help


def help_rows(command_name: str) -> list[tuple[str, str, str]]:
    """(option, default, meaning) for every option of a command, as its --help prints them."""
    command = main.get_command(None, command_name)
    context = click.Context(command, info_name=command_name, parent=click.Context(main, info_name="cngen"))
    rows = []
    for parameter in command.get_params(context):
        record = parameter.get_help_record(context)
        if record is None or "--help" in parameter.opts:
            continue
        option, text = record
        default = ""
        match = _EXTRA.search(text)
        if match:
            text = text[: match.start()]
            for part in match.group(1).split("; "):
                if part.startswith("default: "):
                    default = part.removeprefix("default: ")
                else:  # a range, such as 0<=x<=10000
                    text += f" ({_range(part)})"
        rows.append((option, default, text))
    return rows


def _range(text: str) -> str:
    """click's 0<=x<=10000 and x>=0, as a person writes them."""
    low_high = re.fullmatch(r"(\d+)<=x<=(\d+)", text)
    if low_high:
        return f"{int(low_high.group(1)):,} to {int(low_high.group(2)):,}"
    low = re.fullmatch(r"x>=(\d+)", text)
    return f"{int(low.group(1)):,} or more" if low else text


def table(command_name: str) -> str:
    lines = ["| option | default | meaning |", "|---|---|---|"]
    for option, default, meaning in help_rows(command_name):
        shown = f"`{default}`" if default else ""
        lines.append(f"| `{_cell(option)}` | {_cell(shown)} | {_cell(meaning)} |")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def with_tables(page: str) -> str:
    return _TABLE.sub(lambda match: match.group(1) + table(match.group(2)) + match.group(4), page)


def main_script(argv: list[str]) -> int:
    text = COMMANDS.read_text(encoding="utf-8")
    updated = with_tables(text)
    if "--check" in argv:
        return 0 if updated == text else 1
    COMMANDS.write_text(updated, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main_script(sys.argv[1:]))
