"""The ``cngen`` command line: parse options, call the library, report, set the exit code.

The only module that touches argv, the terminal and exit codes. Exit 0 on success, 1 for
bad input (a word list, a font), 2 for bad usage (an option value that cannot work).
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Callable

import click

from . import __version__
from .deck import DeckOptions, DeckResult, build_deck
from .errors import CngenError, UsageError
from .layout import SIDES
from .pdf import check_writable, write_files
from .resources import DEFAULT_DECK, deck_paths
from .sheets import SheetOptions
from .units import format_mm, parse_length, parse_paper, parse_size
from .words import WordListError, read_word_file


def _converter(parse: Callable) -> Callable:
    """A click callback that turns '70x45mm'-style text into points, or a usage error."""

    def convert(ctx: click.Context, param: click.Parameter, value: str):
        try:
            return parse(value)
        except UsageError as error:
            raise click.BadParameter(str(error)) from None

    return convert


def reports_errors(command: Callable) -> Callable:
    """Turn cngen's errors into a message on stderr and an exit code, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        debug = click.get_current_context().find_root().params.get("debug", False)
        try:
            return command(*args, **kwargs)
        except UsageError as error:
            raise click.UsageError(str(error)) from None
        except CngenError as error:
            raise click.ClickException(str(error)) from None
        except click.ClickException:
            raise
        except Exception as error:  # the user's run must end in a message, not a traceback
            if debug:
                raise
            raise click.ClickException(
                f"unexpected internal error ({type(error).__name__}: {error}); "
                "rerun with --debug for details and report it"
            ) from None

    return wrapper


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="cngen")
@click.option("--debug", is_flag=True, help="Show a full traceback when something goes wrong.")
def main(debug: bool) -> None:
    """cngen prints the party game Codenames yourself: print-ready PDFs of
    double-sided codename cards from our decks or your own words.

    \b
    Example:
      cngen deck --words my-words.txt -o output/party.pdf
    """


def sheet_options(command: Callable) -> Callable:
    """The options every printed component shares, collected into one ``sheet`` argument."""
    options = [
        click.option("--paper", default="a4", show_default=True, callback=_converter(parse_paper),
                      help="Sheet size: a4, letter, legal, a3, tabloid, sra3, or WIDTHxHEIGHT such as 320x450mm."),
        click.option("--margin", default="5mm", show_default=True, callback=_converter(parse_length),
                     help="Smallest margin left blank around the cards (home printers cannot print the edges)."),
        click.option("--sides", type=click.Choice(SIDES), default="long-edge", show_default=True,
                     help="How your printer turns the sheet for the back: backs are mirrored to match."),
    ]

    @functools.wraps(command)
    def wrapper(*args, paper, margin, sides, **kwargs):
        return command(*args, sheet=SheetOptions(paper=paper, margin=margin, sides=sides), **kwargs)

    for option in reversed(options):
        wrapper = option(wrapper)
    return wrapper


@main.command()
@click.option("--deck", "deck_name", default=DEFAULT_DECK, show_default=True, metavar="NAME",
              help="Bundled deck to print (see 'cngen decks'). Ignored with --words.")
@click.option("--words", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="FILE",
              help="Your own words: a .txt file (one entry per line, '#' starts a comment) or a YAML deck.")
@click.option("--blanks", type=click.IntRange(0, 10_000), default=5, show_default=True,
              help="Blank cards to write your own words on.")
@click.option("--card-size", "card", default="70x45mm", show_default=True, callback=_converter(parse_size),
              help="Card size, landscape, with a unit: mm, cm, in or pt.")
@sheet_options
@click.option("--seed", type=int, help="Shuffle the words with this seed before pairing them; "
              "without it the list's order is kept.")
@click.option("--font", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="FILE.ttf",
              help="A TrueType font for the words (default: the bundled Fira Sans Bold).")
@click.option("-o", "--output", type=click.Path(path_type=Path), default=Path("output/deck.pdf"),
              show_default=True, help="Where to write the PDF; folders are created.")
@reports_errors
def deck(deck_name, words, blanks, card, sheet, seed, font, output) -> None:
    """Print double-sided codename cards: a different word on each side,
    each word upright and again upside down for the spymasters.

    \b
    Example:
      cngen deck --words custom.txt --blanks 8 --paper letter -o party.pdf
    """
    check_writable(output)
    options = DeckOptions(words=words, deck=deck_name, blanks=blanks, card=card, sheet=sheet, seed=seed, font=font)
    result = build_deck(options)
    write_files({output: result.pdf})
    click.echo(deck_summary(result, output, sheet.sides))


def deck_summary(result: DeckResult, output: Path, sides: str) -> str:
    plan = result.plan
    word_cards = result.cards - result.blank_cards
    lines = [
        f"Wrote {output}",
        f"  {result.cards} cards: {word_cards} with words ({result.words} words from {result.source}), "
        f"{result.blank_cards} blank",
        f"  {plan.per_sheet} cards per {format_mm(plan.page_width)} x {format_mm(plan.page_height)} mm sheet: "
        f"{plural(result.sheets, 'sheet')}, {plural(result.pages, 'page')}",
    ]
    if result.blank_back:
        lines.append("  The word count is odd: the last word card has a blank back to write on.")
    lines.append(f"  To print: {how_to_print(sides)}")
    return "\n".join(lines)


def plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def how_to_print(sides: str) -> str:
    edge = "long" if sides == "long-edge" else "short"
    return (
        f"both sides, flip on {edge} edge, 100% scale (\"actual size\", never \"fit to page\"), "
        "then cut along the marks."
    )


@main.command()
@reports_errors
def decks() -> None:
    """List the bundled decks with their languages and word counts.

    \b
    Example:
      cngen decks
    """
    for name, path in deck_paths().items():
        try:
            word_list = read_word_file(path)
        except WordListError as error:
            raise CngenError(f"the bundled deck '{name}' is broken: {error}") from None
        click.echo(f"{name:<12} {word_list.language:<4} {len(word_list.entries):>5} words  {word_list.description}")
