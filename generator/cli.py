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
from .calibration import build_calibration
from .config import CONFIG_FILE_NAME, Config, default_config_text, find_config, load_config
from .deck import DeckOptions, build_deck
from .kit import KitOptions, build_kit
from .preview import with_previews
from .report import balance_text, deck_summary, keys_summary, kit_table, plural, tokens_summary
from .errors import CngenError, UsageError
from .keydeck import PROGRESS_FROM, KeyOptions, build_keys
from .keys import MAX_CARDS
from .ruletext import VARIANTS
from .rulesheet import RulesOptions, build_rules
from .tokendeck import TokenOptions, build_tokens
from .tokens import MAX_SETS
from .layout import SIDES
from .pdf import check_writable, write_files
from .resources import DEFAULT_DECK, deck_paths
from .sheets import SheetOptions
from .theme import PROFILES
from .units import format_mm, parse_length, parse_offset, parse_paper, parse_size
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
@click.option("--config", "config_path", type=click.Path(path_type=Path), metavar="FILE",
              help=f"Settings file (default: {CONFIG_FILE_NAME} in this folder, if there is one); "
                   "command-line options override it.")
@click.option("--debug", is_flag=True, help="Show a full traceback when something goes wrong.")
@click.pass_context
def main(ctx: click.Context, config_path: Path | None, debug: bool) -> None:
    """cngen prints the party game Codenames yourself: print-ready PDFs of
    double-sided codename cards from our decks or your own words, balanced
    key cards for the spymasters, agent tiles and a rules sheet.

    \b
    Example:
      cngen kit --paper letter
    """
    if ctx.invoked_subcommand == "init":
        return  # init writes a fresh settings file: a broken one must not stop it
    try:
        config = load_config(find_config(config_path, Path()))
    except CngenError as error:
        raise click.ClickException(str(error)) from None
    ctx.default_map = config.default_map
    ctx.obj = config


def _settings() -> Config:
    """The settings file's values that are not command options: theme colours and title."""
    config = click.get_current_context().find_root().obj
    return config if isinstance(config, Config) else load_config(None)


def _sheet(**options) -> SheetOptions:
    """Sheet options from a command's own options plus the settings file's theme and title."""
    settings = _settings()
    return SheetOptions(colours=tuple(sorted(settings.theme.items())), title=settings.title, **options)


def paper_option() -> Callable:
    return click.option("--paper", default="a4", show_default=True, callback=_converter(parse_paper),
                        help="Sheet size: a4, letter, legal, a3, tabloid, sra3, or WIDTHxHEIGHT such as 320x450mm.")


def profile_option() -> Callable:
    return click.option("--profile", type=click.Choice(PROFILES), default="home", show_default=True,
                        help="home: cards butted on sheets, RGB. shop: one card per page with bleed, crop "
                             "marks, trim and bleed boxes, CMYK only, for print shops and print-on-demand.")


def chosen_variants(names: tuple[str, ...]) -> tuple[str, ...]:
    """No --variant means all of them; 'none' alone means none."""
    return VARIANTS if not names else tuple(name for name in names if name != "none")


def sheet_options(command: Callable) -> Callable:
    """The options every printed component shares, collected into one ``sheet`` argument."""
    options = [
        paper_option(),
        click.option("--margin", default="5mm", show_default=True, callback=_converter(parse_length),
                     help="Smallest margin left blank around the cards (home printers cannot print the edges)."),
        click.option("--sides", type=click.Choice(SIDES), default="long-edge", show_default=True,
                     help="How the backs are printed: duplex flipped on the long or short edge (backs "
                          "mirrored to match), or fold: each back beside its front, to fold and glue."),
        profile_option(),
        click.option("--bleed", default="3mm", show_default=True, callback=_converter(parse_length),
                     help="How far artwork runs past the cut with --profile shop."),
        click.option("--back-offset", default="0,0", show_default=True, callback=_converter(parse_offset),
                     metavar="DX,DY", help="Move every back page by DX,DY mm, as measured with 'cngen calibrate'."),
    ]

    @functools.wraps(command)
    def wrapper(*args, paper, margin, sides, profile, bleed, back_offset, **kwargs):
        sheet = _sheet(paper=paper, margin=margin, sides=sides, profile=profile, bleed=bleed, back_offset=back_offset)
        return command(*args, sheet=sheet, **kwargs)

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


def preview_option() -> Callable:
    return click.option("--preview", is_flag=True,
                        help="Also write a PNG of the first sheet beside each PDF, to look at without a PDF viewer.")


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
@preview_option()
@reports_errors
def deck(deck_name, words, blanks, card, sheet, seed, font, output, preview) -> None:
    """Print double-sided codename cards: a different word on each side,
    each word upright and again upside down for the spymasters.

    \b
    Example:
      cngen deck --words custom.txt --blanks 8 --paper letter -o party.pdf
    """
    check_writable(output)
    options = DeckOptions(words=words, deck=deck_name, blanks=blanks, card=card, sheet=sheet, seed=seed, font=font)
    result = build_deck(options, progress=_say)
    write_files(with_previews({output: result.pdf}, preview))
    click.echo(deck_summary(result, output, sheet))


def _say(step: str) -> None:
    """Progress goes to stderr, so that stdout stays the summary."""
    click.echo(f"  {step}...", err=True)


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
@preview_option()
@reports_errors
def keys(count, seed, single_sided, stats, card, sheet, font, output, preview) -> None:
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
    result = build_keys(options, progress=_say)
    write_files(with_previews({output: result.imposed.pdf, manifest_path: result.manifest.encode("utf-8")}, preview))
    click.echo(keys_summary(result, output, manifest_path, sheet))
    if stats:
        if count >= PROGRESS_FROM:
            _say(f"measuring the balance of {len(result.cards) * len(result.cards[0].faces):,} keys")
        click.echo(balance_text(result.report()))


@main.command()
@click.option("--sets", type=click.IntRange(1, MAX_SETS), default=1, show_default=True,
              help="Full sets of 25 tiles to print (8 red, 8 blue, 1 double agent, 7 bystanders, 1 assassin).")
@card_size_option("70x45mm", "Tile size, with a unit; the word card's size, so that a tile covers a word.")
@sheet_options
@font_option("the role names")
@output_option("output/tokens.pdf", "Where to write the PDF; folders are created.")
@preview_option()
@reports_errors
def tokens(sets, card, sheet, font, output, preview) -> None:
    """Print the tiles that cover the words as they are found: agents of both
    teams (a different figure on each side), the double agent (red on one side,
    blue on the other), innocent bystanders and the assassin.

    \b
    Example:
      cngen tokens --sets 2
    """
    check_writable(output)
    result = build_tokens(TokenOptions(sets=sets, card=card, sheet=sheet, font=font))
    write_files(with_previews({output: result.imposed.pdf}, preview))
    click.echo(tokens_summary(result, sets, output, sheet))


@main.command()
@click.option("--variant", "variants", multiple=True, metavar="NAME",
              help=f"A variant to include, repeatable: {', '.join(VARIANTS)}, or none. Default: all of them.")
@click.option("--text", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="FILE.yaml",
              help="Rules text to print instead of the bundled English one (same shape as rules/en.yaml).")
@paper_option()
@profile_option()
@output_option("output/rules.pdf", "Where to write the PDF; folders are created.")
@preview_option()
@reports_errors
def rules(variants, text, paper, profile, output, preview) -> None:
    """Print the rules sheet, in our own words: setup, turns, clues, guessing,
    winning, expert clues, variants, and how to print and cut this kit.

    \b
    Example:
      cngen rules --paper letter --variant two-players --variant match
    """
    check_writable(output)
    chosen = chosen_variants(variants)
    result = build_rules(RulesOptions(text=text, variants=chosen, sheet=_sheet(paper=paper, profile=profile)))
    write_files(with_previews({output: result.pdf}, preview))
    included = ", ".join(chosen) if chosen else "none"
    click.echo("\n".join([
        f"Wrote {output}",
        f"  {plural(result.pages, 'page')}, {format_mm(paper[0])} x {format_mm(paper[1])} mm; variants: {included}",
        "  To print: 100% scale (\"actual size\"), one or both sides.",
    ]))


@main.command()
@click.option("--out-dir", type=click.Path(file_okay=False, path_type=Path), default=Path("output"),
              show_default=True, help="Folder for deck.pdf, keys.pdf, keys.json, tokens.pdf and rules.pdf.")
@click.option("--combined", is_flag=True, help="Also write kit.pdf: everything in one file, for a single upload.")
@preview_option()
@sheet_options
@click.option("--deck", "deck_name", default=DEFAULT_DECK, show_default=True, metavar="NAME",
              help="Bundled deck for the codename cards. Ignored with --words.")
@click.option("--words", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="FILE",
              help="Your own words for the codename cards (.txt or YAML deck).")
@click.option("--blanks", type=click.IntRange(0, 10_000), default=5, show_default=True, help="Blank codename cards.")
@click.option("--deck-card-size", "deck_card", default="70x45mm", show_default=True,
              callback=_converter(parse_size), help="Codename card size.")
@click.option("--deck-seed", "seed", type=click.IntRange(min=0), metavar="N",
              help="Shuffle the words before pairing them; without it the list's order is kept.")
@click.option("--keys-count", type=click.IntRange(1, MAX_CARDS), default=40, show_default=True,
              help="Key cards (two keys each unless --single-sided).")
@click.option("--keys-seed", type=click.IntRange(min=0), metavar="N",
              help="Deal the same keys again; without it a seed is chosen and printed.")
@click.option("--single-sided", is_flag=True, help="One key per key card, with a plain common back.")
@click.option("--keys-card-size", "keys_card", default="70x70mm", show_default=True,
              callback=_converter(parse_size), help="Key card size.")
@click.option("--token-sets", type=click.IntRange(1, MAX_SETS), default=1, show_default=True,
              help="Sets of 25 tiles.")
@click.option("--token-card-size", "token_card", default="70x45mm", show_default=True,
              callback=_converter(parse_size), help="Tile size.")
@click.option("--variant", "variants", multiple=True, metavar="NAME",
              help=f"Rules variant to include, repeatable: {', '.join(VARIANTS)}, or none. Default: all.")
@click.option("--text", type=click.Path(exists=True, dir_okay=False, path_type=Path), metavar="FILE.yaml",
              help="Rules text to print instead of the bundled English one.")
@font_option("the words, card numbers and tile names")
@reports_errors
def kit(out_dir, combined, preview, sheet, deck_name, words, blanks, deck_card, seed, keys_count, keys_seed,
        single_sided, keys_card, token_sets, token_card, variants, text, font) -> None:
    """Print everything at once: codename cards, key cards and their manifest,
    tiles and the rules sheet, with the same paper, profile and sides. The
    files are written together, so a failed run leaves an earlier kit intact.

    \b
    Example:
      cngen kit --profile shop --combined
    """
    options = KitOptions(
        deck=DeckOptions(words=words, deck=deck_name, blanks=blanks, card=deck_card, seed=seed, font=font, sheet=sheet),
        keys=KeyOptions(seed=keys_seed if keys_seed is not None else secrets.randbelow(2**32), count=keys_count,
                        double_sided=not single_sided, card=keys_card, font=font, sheet=sheet),
        tokens=TokenOptions(sets=token_sets, card=token_card, font=font, sheet=sheet),
        rules=RulesOptions(text=text, variants=chosen_variants(variants), sheet=sheet),
        out_dir=out_dir, combined=combined,
    )
    result = build_kit(options, progress=lambda step: _say(f"making the {step}"))
    files = result.files(out_dir)
    # kit.pdf opens with the deck's first sheet: deck.png already shows it.
    components = {path: data for path, data in files.items() if path.name != "kit.pdf"}
    if preview:
        _say("making the previews")
    written = {**files, **with_previews(components, preview)}
    write_files(written)
    previews = sorted(path.name for path in written if path.suffix == ".png")
    click.echo(kit_table(result, out_dir, sheet, previews))


@main.command()
@paper_option()
@click.option("--sides", type=click.Choice(SIDES[:2]), default="long-edge", show_default=True,
              help="The flip you print the cards with.")
@click.option("--back-offset", default="0,0", show_default=True, callback=_converter(parse_offset),
              metavar="DX,DY", help="Print the back moved by DX,DY mm, to check a correction.")
@output_option("output/calibration.pdf", "Where to write the PDF; folders are created.")
@reports_errors
def calibrate(paper, sides, back_offset, output) -> None:
    """Print a two-page duplex test sheet that measures how far your printer
    puts the back off the front. Print it both sides, hold it to the light,
    and read the numbers to pass as --back-offset DX,DY.

    \b
    Example:
      cngen calibrate --sides long-edge
    """
    check_writable(output)
    result = build_calibration(_sheet(paper=paper, sides=sides, back_offset=back_offset))
    write_files({output: result.pdf})
    click.echo("\n".join([
        f"Wrote {output}",
        f"  To print: both sides, flip on {sides.split('-')[0]} edge, 100% scale, like the cards.",
        "  Then hold it to the light, read where each back cross sits on the scales, and pass",
        "  the numbers to every command as --back-offset DX,DY (or back_offset in cngen.yaml).",
    ]))


@main.command()
@click.option("-o", "--output", type=click.Path(path_type=Path), default=Path(CONFIG_FILE_NAME), show_default=True,
              help="Where to write the settings file.")
@click.option("--force", is_flag=True, help="Replace an existing settings file.")
@reports_errors
def init(output: Path, force: bool) -> None:
    """Write a settings file with every option, its default and what it does,
    ready to edit. cngen reads cngen.yaml from the folder it runs in.

    \b
    Example:
      cngen init
    """
    if output.exists() and not force:
        raise UsageError(f"{output} already exists: edit it, or pass --force to replace it with the defaults")
    write_files({output: default_config_text().encode("utf-8")})
    click.echo(f"Wrote {output}: edit it, then run cngen kit (command-line options still win).")


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
