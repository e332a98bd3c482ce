"""The ``cngen`` command line: options in, the job run, files written, a summary or an error out.

The only place that touches argv, the terminal and exit codes: 0 on success, 1 for bad input
(a word list, a font, a settings file), 2 for bad usage (an option value that cannot work, or
two that cannot work together). Each command imports the job it runs only when it runs, so
that `cngen --help` and every command start quickly.
"""

from __future__ import annotations

import functools
import shlex
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Protocol, TypeVar

import click

from .. import __version__
from ..errors import CngenError, UsageError, for_terminal
from ..exports import EXPORTS
from ..games import DEFAULT_GAME
from ..inputs.bundled import EDITION_FILE
from ..settings.declarations import BY_KEY
from ..settings.resolve import Settings
from ..settings.source import CONFIG_FILE_NAME, NO_FILE, find_settings_file
from .options import GroupedCommand, setting_options, typed_values
from .process import Stopped, stop_message

if TYPE_CHECKING:  # each command imports what it runs when it runs
    from ..games.game import Game
    from ..settings.options import SheetOptions
    from .outputs import OutputPlan


def reports_errors(command: Callable) -> Callable:
    """Turn cngen's errors into a message on stderr and an exit code, never a traceback."""

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        debug = click.get_current_context().find_root().params.get("debug", False)
        try:
            return command(*args, **kwargs)
        except UsageError as error:
            raise click.UsageError(for_terminal(str(error))) from None
        except CngenError as error:
            raise click.ClickException(for_terminal(str(error))) from None
        except (click.ClickException, click.exceptions.Exit):  # a usage message, or an exit code on purpose
            raise
        except (KeyboardInterrupt, Stopped) as stop:  # Ctrl-C, SIGTERM, SIGHUP: the writer finished or undid its work

            raise click.ClickException(stop_message(stop)) from None
        except Exception as error:  # the user's run must end in a message, not a traceback
            from .process import stop_received

            if stop_received():  # a library turned the stop into an error of its own
                raise click.ClickException(stop_message()) from None
            if debug:
                raise
            raise click.ClickException(
                f"unexpected internal error ({type(error).__name__}: {error}); "
                "rerun with --debug for details and report it"
            ) from None

    return wrapper


TYPED_ARGS = "cngen.typed"  # the context's record of the words typed after cngen


# Each command in a line of `cngen --help`, whole: click would cut its description's first
# sentence at the column's end. An export's is its own (``Export.line``).
SUMMARIES = {
    "box": "Print a tuck box to cut, fold and glue, sized to the cards.",
    "calibrate": "Print a duplex test sheet that measures your printer's offset.",
    "deck": "Print double-sided codename cards: words, or pictures.",
    "decks": "List the bundled decks, their languages and counts.",
    "games": "List the games cngen prints.",
    "init": "Write a settings file with every option, or an example edition.",
    "keys": "Print balanced key cards for the spymasters, and their manifest.",
    "kit": "Print everything at once: cards, keys, tiles and the rules.",
    "preflight": "Check PDFs against what print shops ask for.",
    "rules": "Print the rules sheet, in our own words.",
    "stand": "Print a stand that holds the key card upright.",
    "tokens": "Print the agent, bystander and assassin tiles.",
}


class _Commands(click.Group):
    """The commands, each built (its options made from the declarations) only when it runs or
    --help lists it: a run makes one command's options, not the 140 of every command."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.to_build: dict[str, Callable[[], click.Command]] = {}

    def list_commands(self, ctx: click.Context | None) -> list[str]:
        return sorted({*self.commands, *self.to_build})

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Keep the words typed (options and their values), for a summary to repeat them."""
        ctx.meta[TYPED_ARGS] = tuple(args)
        return super().parse_args(ctx, args)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Every command with its line, none of them built to be listed."""
        rows = [(name, EXPORTS[name].line if name in EXPORTS else SUMMARIES[name]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def get_command(self, ctx: click.Context | None, name: str) -> click.Command | None:
        if name in self.to_build:
            self.add_command(self.to_build.pop(name)(), name)
        return super().get_command(ctx, name)  # type: ignore[arg-type]


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
# Its texts given, as click would word them: click looks each default up in the system's
# translations, which takes longer than the rest of the option.
@click.version_option(__version__, prog_name="cngen", message="%(prog)s, version %(version)s",
                      help="Show the version and exit.")
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
        ctx.obj = find_settings_file(config_path, Path())
    except CngenError as error:
        raise click.ClickException(for_terminal(str(error))) from None


def settings_command(name: str) -> Callable:
    """A command whose options come from the declarations; the function receives the
    settings it runs with: typed options, else the settings file, else the defaults."""

    def decorate(function: Callable[[Settings], None]) -> Callable[[Settings], None]:
        @functools.wraps(function)
        @reports_errors
        def run(**_: object) -> None:
            ctx = click.get_current_context()
            settings = _resolve(ctx, name)
            for note in settings.notes:
                echo(f"Note: {note}", err=True)
            function(settings)

        main.to_build[name] = lambda: click.command(name, cls=GroupedCommand)(setting_options(name)(run))
        return function

    return decorate


def _resolve(ctx: click.Context, command: str) -> Settings:
    from ..settings.resolve import resolve

    path = ctx.find_root().obj
    file = NO_FILE
    if path is not None:  # YAML is loaded only when there is a file to read
        from ..settings.file import load_settings_file

        file = load_settings_file(path)
    return resolve(command, typed_values(ctx, command), file)


def say(step: str) -> None:
    """Progress goes to stderr, so that stdout stays the summary."""
    echo(f"  {step}...", err=True)


def echo(text: str, err: bool = False) -> None:
    """A line for the terminal (``for_terminal``)."""
    click.echo(for_terminal(text), err=err)


def chosen_seed() -> int:
    """A fresh seed for a run that was given none; the summary prints it."""
    import secrets

    return secrets.randbelow(2**32)


@settings_command("deck")
def deck(settings: Settings) -> None:
    """Print double-sided codename cards: a different word on each side,
    each word upright and again upside down for the spymasters; or, for a
    game played with pictures, a picture on each side.

    \b
    Example:
      cngen deck --words custom.txt --blanks 8 --paper letter -o party.pdf
    """
    from ..jobs.deck import build_deck
    from ..settings.options import deck_options, game_of
    from .outputs import plan_outputs
    from .report import deck_summary

    options, output = deck_options(settings), settings.path("deck.output")
    plan = plan_outputs(settings, {output: settings.describe("deck.output")}, settings.on("preview"))
    result = build_deck(options, progress=say, game=game_of(settings))
    folder, replaced = _write_cards(settings, plan, {output: result.pdf}, output, result.images)
    echo(deck_summary(result, output, options.sheet, folder))
    _notes((*replaced, *result.notes))


def _write_cards(settings: Settings, plan: OutputPlan, files: dict[Path, bytes], pdf: Path,
                 images: tuple[tuple[str, bytes], ...]) -> tuple[Path | None, tuple[str, ...]]:
    """Write a card command's files, with a service's PNG upload beside its PDF when it takes
    images; returns that folder (or None), and the note on a kit's files written over."""
    from .outputs import image_folder, with_uploads, write_planned

    plan, files, stale = with_uploads(settings, plan, files, {pdf: images})
    replaced = _kit_files_replaced(plan, files)
    write_planned(plan, files, remove=stale)
    return (image_folder(pdf, settings.value("service", str)) if images else None), replaced


def _kit_files_replaced(plan: OutputPlan, files: dict[Path, bytes]) -> tuple[str, ...]:
    """A note where a component's command writes over a kit's own file: the kit's rules sheet
    (and its other files) then describe what is no longer there."""
    from ..output.record import RECORD_NAME, kit_files_among

    real = {plan.real(path): path for path in files}
    found = [real[path] for path in kit_files_among(real)]
    if not found:
        return ()
    names = " and ".join(path.name for path in found)
    folder = found[0].parent
    return (f"{names} {'was' if len(found) == 1 else 'were'} part of the kit in {folder}/ ({RECORD_NAME} says so), "
            "whose other files no longer match (its rules sheet describes the kit's own cards): run cngen kit "
            f"--out-dir {folder} again to make them agree, or write this elsewhere with -o",)


@settings_command("keys")
def keys(settings: Settings) -> None:
    """Print balanced key cards for the spymasters, and a JSON manifest of
    every grid. Across the deck every cell is used evenly, and no two keys
    look alike however a card is turned. --game chooses the game whose key
    cards these are ('cngen games' lists them).

    \b
    Examples:
      cngen keys --count 40 --seed 1234
      cngen keys --single-sided --stats
    """
    from ..jobs.keys import PROGRESS_FROM, build_keys
    from ..settings.options import game_of, key_options
    from .outputs import plan_outputs
    from .report import keys_summary

    given = settings.optional("keys.seed", int)
    seed = given if given is not None else chosen_seed()
    options, output = key_options(settings, seed), settings.path("keys.output")
    manifest = output.with_suffix(".json")
    if manifest == output:
        raise UsageError(f"{settings.describe('keys.output')}: the manifest is written beside the PDF with the "
                         f"same name and .json, so the PDF's name cannot end in .json: e.g. {output.with_suffix('.pdf')}")
    plan = plan_outputs(settings, {output: settings.describe("keys.output"), manifest: f"the manifest {manifest}"},
                        settings.on("preview"))
    game = game_of(settings)
    result = build_keys(game, options, progress=say)
    folder, replaced = _write_cards(settings, plan, {output: result.pdf, manifest: result.manifest.encode("utf-8")},
                                    output, result.images)
    echo(keys_summary(game, result, output, manifest, options, folder))
    _notes((*replaced, *result.notes))
    if settings.on("keys.stats"):
        if options.count >= PROGRESS_FROM:
            measured, noun = game.key_cards.counted(len(result.cards), options.single_sided)
            say(f"measuring the balance of {measured:,} {noun}")
        echo(game.key_cards.balance(result.cards))


@settings_command("tokens")
def tokens(settings: Settings) -> None:
    """Print the tiles that cover the words as they are found: the game's
    agents (a different figure on each side), bystanders and assassin, and
    whatever else its set holds, each named in the kit's language.

    \b
    Examples:
      cngen tokens --sets 2
      cngen tokens --ink light
    """
    from ..jobs.tokens import build_tokens
    from ..settings.options import game_of, token_options
    from .outputs import plan_outputs
    from .report import tokens_summary

    options, output = token_options(settings), settings.path("tokens.output")
    plan = plan_outputs(settings, {output: settings.describe("tokens.output")}, settings.on("preview"))
    game = game_of(settings)
    result = build_tokens(game, options)
    folder, replaced = _write_cards(settings, plan, {output: result.pdf}, output, result.images)
    echo(tokens_summary(game, result, output, options.sheet, folder))
    _notes((*replaced, *result.notes))


@settings_command("rules")
def rules(settings: Settings) -> None:
    """Print the game's rules sheet, in our own words: setup, turns, clues,
    guessing, winning, variants, and how to print and cut the kit it
    describes. The deck, key and tile options say which kit that is; with
    none, the kit cngen prints by default.

    \b
    Examples:
      cngen rules --paper letter --variant two-players --variant match
      cngen rules --lang fr
    """
    from ..jobs.contents import planned_contents
    from ..jobs.rules import build_rules
    from ..settings.options import deck_options, game_of, key_options, rules_options, token_options
    from .outputs import plan_outputs, write_planned
    from .report import rules_summary

    output = settings.path("rules.output")
    plan = plan_outputs(settings, {output: settings.describe("rules.output")}, settings.on("preview"))
    game = game_of(settings)
    contents, language = planned_contents(game, deck_options(settings), key_options(settings, 0),
                                          token_options(settings))
    result = build_rules(game, rules_options(settings, contents), language)
    replaced = _kit_files_replaced(plan, {output: result.pdf})
    write_planned(plan, {output: result.pdf})
    echo(rules_summary(game, result, output, settings.value("paper", tuple), settings.value("profile", str)))
    _notes((*replaced, *result.notes))


@settings_command("kit")
def kit(settings: Settings) -> None:
    """Print everything at once: codename cards, the game's key cards and
    their manifest, its tiles, and a rules sheet that describes exactly these,
    with the same paper, profile and sides. The files are written together, so
    a failed run leaves an earlier kit intact.

    \b
    Examples:
      cngen kit --profile shop
      cngen kit --lang de --seed 7
    """
    from ..jobs.kit import NO_PREVIEW, build_kit, kit_file_names
    from ..output.record import RECORD_NAME, earlier_files
    from ..settings.options import kit_options, kit_seed
    from .outputs import plan_outputs, run_inputs, with_uploads, write_planned
    from .report import kit_table, record_notes

    out_dir, preview = settings.path("kit.out_dir"), settings.on("preview")
    names = (*kit_file_names(settings.on("kit.combined"), settings.on("kit.box"), settings.on("kit.stand")), RECORD_NAME)
    folder = settings.describe("kit.out_dir")
    plan = plan_outputs(settings, {out_dir / name: f"{out_dir / name} (in {folder})" for name in names},
                        preview, without_preview=NO_PREVIEW, record=out_dir / RECORD_NAME)
    seed = kit_seed(settings, chosen_seed())
    options = kit_options(settings, seed)
    result = build_kit(options, progress=say)
    writing = [path.name for path in plan.targets]  # previews included
    every = _every_kit_file()
    earlier = earlier_files(plan.real(out_dir / RECORD_NAME).parent, set(every).__contains__, writing,
                            named=every, inputs=run_inputs(settings))
    if preview:
        say("making the previews")
    uploads = {out_dir / part.name: part.images for part in result.parts}
    plan, files, stale = with_uploads(settings, plan, result.files(out_dir), uploads)
    previews = write_planned(plan, files, remove=[*earlier.ours, *stale], record=out_dir / RECORD_NAME)
    reuse = _kit_again(settings, seed, options.keys.seed)
    echo(kit_table(options.game, result, out_dir, options.deck.sheet, previews, reuse, earlier,
                         options.rules.paper))
    _notes((*result.notes, *record_notes(out_dir / RECORD_NAME, earlier, "cngen kit")))


def _notes(notes: tuple[str, ...]) -> None:
    """Under the summary: what the files print in English for want of a translation, and what
    a folder's record held that the run did not act on."""
    for note in notes:
        echo(f"Note: {note}", err=True)


def _every_kit_file() -> list[str]:
    """Every file some kit run may write, previews included."""
    from ..jobs.kit import NO_PREVIEW, kit_file_names
    from .outputs import preview_paths

    names = [Path(name) for name in kit_file_names(combined=True, box=True, stand=True)]
    return [path.name for path in (*names, *preview_paths(names, NO_PREVIEW).values())]


def _kit_again(settings: Settings, seed: int, keys_seed: int) -> str:
    """The command that makes the same kit again: every word of this one as typed (its game,
    language, words, pictures, edition, profile...; what cngen.yaml says is read again), with
    the seed that dealt it in place of any typed, the one chosen where none was."""
    typed = click.get_current_context().meta.get(TYPED_ARGS, ())
    seeds = tuple(flag for key in ("kit.seed", "keys.seed") if (flag := BY_KEY[key].flag_on("kit")) is not None)
    kept: list[str] = []
    skip = False
    for word in typed:
        if skip:
            skip = False
        elif word in seeds:
            skip = True
        elif not word.startswith(tuple(f"{flag}=" for flag in seeds)):
            kept.append(word)
    chosen = f"--keys-seed {keys_seed}" if settings.optional("keys.seed", int) is not None else f"--seed {seed}"
    return f"{shlex.join(['cngen', *kept])} {chosen}"


@settings_command("box")
def box(settings: Settings) -> None:
    """Print a tuck box to cut, fold and glue, fitted to the cards cngen
    prints: their size, and a depth from how many there are and --card-thickness.
    --for chooses the deck, the key cards, the tiles, or a box for each of them
    (kit). The same deck, key and tile options say which cards those are.

    \b
    Examples:
      cngen box --for kit --card-thickness 0.35mm
      cngen box --words party.txt --paper letter
    """
    from ..jobs.box import build_box
    from ..settings.options import box_options
    from .report import box_summary

    _print_net(settings, "box", box_options(settings), build_box, box_summary)


@settings_command("stand")
def stand(settings: Settings) -> None:
    """Print a stand that holds the key card upright on the table: cut it
    out, fold it into a low prism and glue its one tab, then slide the card
    down through its two slots. It is sized from the key card and hides none
    of its cells; both faces stay open, so players facing each other across
    a two-sided key each read their own side.

    \b
    Examples:
      cngen stand
      cngen stand --profile shop --keys-card-size 80x80mm
    """
    from ..jobs.stand import build_stand
    from ..settings.options import stand_options
    from .report import stand_summary

    _print_net(settings, "stand", stand_options(settings), build_stand, stand_summary)


class _NetOptions(Protocol):
    @property
    def sheet(self) -> SheetOptions: ...


class _PrintedNet(Protocol):
    @property
    def pdf(self) -> bytes: ...

    @property
    def notes(self) -> tuple[str, ...]: ...


Options = TypeVar("Options", bound=_NetOptions)
Printed = TypeVar("Printed", bound=_PrintedNet)


def _print_net(settings: Settings, section: str, options: Options, build: Callable[[Game, Options], Printed],
               summary: Callable[[Printed, Path, SheetOptions], str]) -> None:
    """Build a net to cut and fold (a box, a stand) for the game chosen, write its PDF, say what it is."""
    from ..settings.options import game_of
    from .outputs import plan_outputs, write_planned

    output = settings.path(f"{section}.output")
    plan = plan_outputs(settings, {output: settings.describe(f"{section}.output")}, settings.on("preview"))
    result = build(game_of(settings), options)
    write_planned(plan, {output: result.pdf})
    echo(summary(result, output, options.sheet))
    _notes(result.notes)


@settings_command("calibrate")
def calibrate(settings: Settings) -> None:
    """Print a two-page duplex test sheet that measures how far your printer
    puts the back off the front. Print it both sides, hold it to the light,
    and read the numbers to pass as --back-offset DX,DY.

    \b
    Example:
      cngen calibrate --sides long-edge
    """
    from ..jobs.calibration import build_calibration
    from ..settings.options import calibration_options
    from .outputs import plan_outputs, write_planned
    from .report import calibration_summary

    options, output = calibration_options(settings), settings.path("calibrate.output")
    plan = plan_outputs(settings, {output: settings.describe("calibrate.output")})
    result = build_calibration(options)
    write_planned(plan, {output: result.pdf})
    echo(calibration_summary(output, options))


def export_command(name: str, help: str) -> None:
    """``cngen NAME`` for an export (``exports``): its options from the declarations, its job
    run for the game chosen, its files checked first and written together. A file meant for
    standard output goes there, and the summary then goes to standard error. An export that
    writes a folder of its own (``out_dir``) keeps a record there, to clear what an earlier run
    left and this one does not write again."""

    def run(settings: Settings) -> None:
        from ..jobs.export import build_export
        from ..output.record import EarlierFiles, earlier_files
        from ..settings.options import export_options, game_of
        from .outputs import plan_more, plan_outputs, run_inputs, write_planned
        from .report import record_notes

        export, game = EXPORTS[name], game_of(settings)
        options = export_options(settings, name, chosen_seed())
        planned = {path: described for path, described in export.maker.outputs(options.own, game).items() if path}
        folder = options.own.folder()
        record = folder / f".cngen-{name}.json" if folder is not None else None
        if record is not None:
            planned[record] = f"the record {record} (in {settings.describe(f'{name}.out_dir')})"
        plan = plan_outputs(settings, planned, record=record)
        result = build_export(export, game, options, progress=say)
        files = {path: data for path, data in result.files.items() if path is not None}
        plan = plan_more(settings, plan, files)
        earlier = EarlierFiles([], [])
        if record is not None:
            earlier = earlier_files(plan.real(record).parent, export.maker.own_file, [path.name for path in files],
                                    record.name, inputs=run_inputs(settings))
        write_planned(plan, files, remove=earlier.ours, record=record)
        shown = result.files.get(None)
        if shown is not None:
            click.echo(shown, nl=False)  # bytes: written as they are, whatever the terminal's encoding
        summary = list(result.summary)
        if settings.values.get(f"{name}.seed") is None:
            from .report import table_again

            summary.append(f"Seed {options.seed}: {table_again(game)}--seed {options.seed} deals the same again.")
        echo("\n".join(summary), err=shown is not None)
        _notes((*result.notes, *(record_notes(record, earlier, f"cngen {name}") if record is not None else ())))

    run.__doc__ = help
    settings_command(name)(run)


for _export in EXPORTS.values():
    export_command(_export.name, _export.help)


@main.command("preflight")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path), metavar="FILE.pdf...")
@setting_options("preflight")
@reports_errors
def preflight_command(files: tuple[Path, ...], **_: object) -> None:
    """Check PDFs, cngen's or any other, against what print shops ask of a
    PDF/X-1a file: version and PDF/X keys, output intent, page boxes, CMYK
    only, no transparency or LZW, fonts embedded, ink per colour, text size,
    and black-only text and thin lines. Exits with 1 if any rule fails.

    \b
    Example:
      cngen preflight output/deck.pdf --ink-limit 240
    """
    from ..inputs.reader import read_input
    from ..preflight import TooLarge, preflight
    from .report import preflight_table

    settings = _resolve(click.get_current_context(), "preflight")
    failed = False
    for path in files:
        data = read_input(path, "PDF")
        try:
            report = preflight(data, ink_limit=settings.value("ink_limit", int))
        except TooLarge as error:  # a PDF, but past what a preflight reads
            raise CngenError(f"{path}: {error}: cngen checks files up to these limits: check this one with another preflight tool") from None
        except CngenError as error:
            raise CngenError(f"{path}: {error}: give a PDF file") from None
        echo(preflight_table(path, report))
        failed = failed or not report.ok
    if failed:
        raise click.exceptions.Exit(1)


@main.command()
@click.option("-o", "--output", type=click.Path(path_type=Path), default=None,
              help=f"Where to write the file (default: {CONFIG_FILE_NAME}, or {EDITION_FILE} with --edition).")
@click.option("--edition", is_flag=True, help="Write an example edition of your own instead: a title, colours, a "
                                               "deck, an emblem and the tiles' names, each line explained.")
@click.option("--force", is_flag=True, help="Replace an existing file.")
@reports_errors
def init(output: Path | None, edition: bool, force: bool) -> None:
    """Write a settings file with every option, its default and what it does,
    ready to edit. cngen reads cngen.yaml from the folder it runs in. With
    --edition, write an example edition file instead, for --edition FILE.

    \b
    Examples:
      cngen init
      cngen init --edition -o party.yaml
    """
    from ..output.files import write_files
    from ..output.targets import Named, checked_outputs
    from .outputs import never_outputs

    if edition:
        from ..settings.edition import example_edition_text as text_of
    else:
        from ..settings.file import default_settings_text as text_of
    output = output or Path(EDITION_FILE if edition else CONFIG_FILE_NAME)
    if output.exists() and not force:
        raise UsageError(f"{output} already exists: edit it, pass another -o, or pass --force to replace it")
    (real,) = checked_outputs([Named(output, f"--output {output}", output.name)], never_outputs())
    write_files({real: text_of().encode("utf-8")})
    if edition:
        echo(f"Wrote {output}: edit it, then run cngen kit --edition {output} (options you type still win).")
    else:
        echo(f"Wrote {output}: edit it, then run cngen kit (command-line options still win).")


@main.command()
@reports_errors
def games() -> None:
    """List the games cngen prints, with a line each; --game NAME (or --NAME)
    chooses one on keys, tokens, rules and kit.

    \b
    Example:
      cngen games
    """
    from ..games import GAMES

    width = max(len(name) for name in GAMES)
    for name, game in GAMES.items():
        shown = f"{name} (the default)" if name == DEFAULT_GAME else name
        echo(f"{shown:<{width + 14}} {game.title}: {game.summary}")


@main.command()
@reports_errors
def decks() -> None:
    """List the bundled decks with their languages and word or picture counts.

    \b
    Example:
      cngen decks
    """
    from ..inputs.bundled import PICTURE_DECK, PICTURE_WORDS, deck_paths, picture_deck_files
    from ..jobs.sources import load_words
    from ..model.words import WordListError, raise_problems

    for name in deck_paths():
        try:
            word_list = load_words(None, name, dedupe=False)
            raise_problems(word_list)
        except WordListError as error:
            raise CngenError(f"the bundled deck '{name}' is broken: {error}") from None
        echo(f"{name:<12} {word_list.language:<4} {len(word_list.entries):>5} words  {word_list.description}")
    pictures = picture_deck_files()
    echo(f"{PICTURE_WORDS:<12} {'all':<4} {len(pictures):>5} words  cngen's pictures, each above its name in the "
         "kit's --lang, for young readers (--deck picture-words)")
    echo(f"{PICTURE_DECK:<12} {'-':<4} {len(pictures):>5} pictures  cngen's picture deck, for the games played "
               "with pictures (--images FOLDER prints yours)")

