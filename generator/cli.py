"""The ``cngen`` command line: parse options, call the library, report, set the exit code.

The only module that touches argv, the terminal and exit codes. Exit 0 on success, 1 for
bad input (a word list, a font), 2 for bad usage (an option value that cannot work).
"""

from __future__ import annotations

import functools
import secrets
from pathlib import Path
from typing import Callable

import click

from . import __version__
from .deck import DeckOptions, DeckResult, build_deck
from .errors import CngenError, UsageError
from .keydeck import KeyOptions, KeysResult, build_keys
from .keys import MAX_CARDS, BalanceReport
from .ruletext import VARIANTS
from .rulesheet import RulesOptions, build_rules
from .tokendeck import TokenOptions, build_tokens
from .tokens import MAX_SETS, counts_per_set
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
    double-sided codename cards from our decks or your own words, and
    balanced key cards for the spymasters.

    \b
    Example:
      cngen deck --words my-words.txt -o output/party.pdf
    """


def paper_option() -> Callable:
    return click.option("--paper", default="a4", show_default=True, callback=_converter(parse_paper),
                        help="Sheet size: a4, letter, legal, a3, tabloid, sra3, or WIDTHxHEIGHT such as 320x450mm.")


def sheet_options(command: Callable) -> Callable:
    """The options every printed component shares, collected into one ``sheet`` argument."""
    options = [
        paper_option(),
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


def card_size_option(default: str, help: str) -> Callable:
    return click.option("--card-size", "card", default=default, show_default=True,
                        callback=_converter(parse_size), help=help)


def font_option(used_for: str) -> Callable:
    return click.option("--font", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="FILE.ttf",
                        help=f"A TrueType font for {used_for} (default: the bundled Fira Sans Bold).")


def output_option(default: str, help: str) -> Callable:
    return click.option("-o", "--output", type=click.Path(path_type=Path), default=Path(default),
                        show_default=True, help=help)


def seed_option(help: str) -> Callable:
    return click.option("--seed", type=click.IntRange(min=0), metavar="N", help=help)


@main.command()
@click.option("--deck", "deck_name", default=DEFAULT_DECK, show_default=True, metavar="NAME",
              help="Bundled deck to print (see 'cngen decks'). Ignored with --words.")
@click.option("--words", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="FILE",
              help="Your own words: a .txt file (one entry per line, '#' starts a comment) or a YAML deck.")
@click.option("--blanks", type=click.IntRange(0, 10_000), default=5, show_default=True,
              help="Blank cards to write your own words on.")
@card_size_option("70x45mm", "Card size, landscape, with a unit: mm, cm, in or pt.")
@sheet_options
@seed_option("Shuffle the words with this seed before pairing them; without it the list's order is kept.")
@font_option("the words")
@output_option("output/deck.pdf", "Where to write the PDF; folders are created.")
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
@click.option("--count", type=click.IntRange(1, MAX_CARDS), default=40, show_default=True,
              help="Physical key cards to print; double-sided cards carry two keys each.")
@seed_option("Deal this deck again exactly; without it a seed is chosen and printed.")
@click.option("--single-sided", is_flag=True,
              help="One key per card, with a plain common back, instead of a key on each side.")
@click.option("--stats", is_flag=True, help="Print the deck's balance report.")
@card_size_option("70x70mm", "Key card size, with a unit: mm, cm, in or pt.")
@sheet_options
@font_option("the card numbers")
@output_option("output/keys.pdf", "Where to write the PDF; the manifest goes beside it as .json.")
@reports_errors
def keys(count, seed, single_sided, stats, card, sheet, font, output) -> None:
    """Print balanced key cards for the spymasters, and a JSON manifest of
    every grid. Each double-sided card carries two keys with opposite starting
    teams; across the deck every cell is used evenly, and no two keys look
    alike however a card is turned.

    \b
    Example:
      cngen keys --count 40 --seed 1234
    """
    manifest_path = output.with_suffix(".json")
    check_writable(output)
    check_writable(manifest_path)
    if seed is None:
        seed = secrets.randbelow(2**32)
    options = KeyOptions(seed=seed, count=count, double_sided=not single_sided, card=card, sheet=sheet, font=font)
    result = build_keys(options)
    write_files({output: result.imposed.pdf, manifest_path: result.manifest.encode("utf-8")})
    click.echo(keys_summary(result, output, manifest_path, sheet.sides))
    if stats:
        click.echo(balance_text(result.report()))


def keys_summary(result: KeysResult, output: Path, manifest: Path, sides: str) -> str:
    imposed, plan = result.imposed, result.imposed.plan
    keys_per_card = len(result.cards[0].faces)
    layout = "two per card, opposite starting teams" if keys_per_card == 2 else "one per card, plain backs"
    return "\n".join([
        f"Wrote {output} and {manifest}",
        f"  {plural(len(result.cards), 'key card')}, {plural(len(result.cards) * keys_per_card, 'key')} "
        f"({layout}), seed {result.seed}",
        f"  {plan.per_sheet} cards per {format_mm(plan.page_width)} x {format_mm(plan.page_height)} mm sheet: "
        f"{plural(imposed.sheets, 'sheet')}, {plural(imposed.pages, 'page')}",
        f"  To print: {how_to_print(sides)}",
        f"  The same deck again: --seed {result.seed} with the same --count.",
    ])


def balance_text(report: BalanceReport) -> str:
    closest = (
        f"{report.min_distance} cells ({plural(report.pairs_at_min_distance, 'pair')} at that distance)"
        if report.min_distance is not None else "n/a (one key)"
    )
    return "\n".join([
        f"Balance of {plural(report.key_count, 'key')}:",
        f"  starting team: red {report.red_starts}, blue {report.blue_starts}",
        "  largest per-cell deviation from the expected count:",
        f"    red {report.red_deviation:.2f}, blue {report.blue_deviation:.2f}, "
        f"bystander {report.bystander_deviation:.2f}, assassin {report.assassin_deviation:.2f}, "
        f"starting team {report.starting_deviation:.2f}, other team {report.other_deviation:.2f}",
        f"  assassins per cell: {report.assassin_min} to {report.assassin_max}",
        f"  closest two keys under rotation and mirroring: {closest}",
    ])


@main.command()
@click.option("--sets", type=click.IntRange(1, MAX_SETS), default=1, show_default=True,
              help="Full sets of 25 tiles to print (8 red, 8 blue, 1 double agent, 7 bystanders, 1 assassin).")
@card_size_option("70x45mm", "Tile size, with a unit; the word card's size, so that a tile covers a word.")
@sheet_options
@font_option("the role names")
@output_option("output/tokens.pdf", "Where to write the PDF; folders are created.")
@reports_errors
def tokens(sets, card, sheet, font, output) -> None:
    """Print the tiles that cover the words as they are found: agents of both
    teams (a different figure on each side), the double agent (red on one side,
    blue on the other), innocent bystanders and the assassin.

    \b
    Example:
      cngen tokens --sets 2
    """
    check_writable(output)
    result = build_tokens(TokenOptions(sets=sets, card=card, sheet=sheet, font=font))
    write_files({output: result.imposed.pdf})
    imposed, plan = result.imposed, result.imposed.plan
    click.echo("\n".join([
        f"Wrote {output}",
        f"  {plural(len(result.tokens), 'tile')} in {plural(sets, 'set')}: "
        + ", ".join(plural(count * sets, name.lower()) for name, count in counts_per_set().items()),
        f"  {plan.per_sheet} tiles per {format_mm(plan.page_width)} x {format_mm(plan.page_height)} mm sheet: "
        f"{plural(imposed.sheets, 'sheet')}, {plural(imposed.pages, 'page')}",
        f"  To print: {how_to_print(sheet.sides)}",
    ]))


@main.command()
@click.option("--variant", "variants", multiple=True, metavar="NAME",
              help=f"A variant to include, repeatable: {', '.join(VARIANTS)}, or none. Default: all of them.")
@click.option("--text", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="FILE.yaml",
              help="Rules text to print instead of the bundled English one (same shape as rules/en.yaml).")
@paper_option()
@output_option("output/rules.pdf", "Where to write the PDF; folders are created.")
@reports_errors
def rules(variants, text, paper, output) -> None:
    """Print the rules sheet, in our own words: setup, turns, clues, guessing,
    winning, expert clues, variants, and how to print and cut this kit.

    \b
    Example:
      cngen rules --paper letter --variant two-players --variant match
    """
    check_writable(output)
    chosen = VARIANTS if not variants else tuple(name for name in variants if name != "none")
    result = build_rules(RulesOptions(text=text, variants=chosen, sheet=SheetOptions(paper=paper)))
    write_files({output: result.pdf})
    included = ", ".join(chosen) if chosen else "none"
    click.echo("\n".join([
        f"Wrote {output}",
        f"  {plural(result.pages, 'page')}, {format_mm(paper[0])} x {format_mm(paper[1])} mm; variants: {included}",
        "  To print: 100% scale (\"actual size\"), one or both sides.",
    ]))


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
