"""The option values the library's jobs take, with their defaults from the declarations, and
how one command's settings become them.

Field names are the settings' names ("deck.card_size" -> ``DeckOptions.card_size``), so that a
job option and its setting cannot drift apart: a test holds the two lists against each other.
Lengths are points; paths are as given (relative paths from the settings file are already
joined to its folder).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import msgspec

from ..exports import EXPORTS
from ..exports.export import OwnOptions
from ..games import GAMES, Game
from ..model.kit import BOX, DECK, KEYS, STAND, TOKENS, KitContents
from ..errors import UsageError
from ..model.teams import TableError
from ..model.tiles import TileText
from ..units import PAPERS, RGB, is_us_paper
from .declarations import BY_KEY, SETTINGS, TABLE_KEYS
from .resolve import Settings, default_value


def default(key: str) -> Any:
    """The declared default of ``key``, as cngen uses it."""
    return default_value(BY_KEY[key])


class SheetOptions(msgspec.Struct, frozen=True):
    """How cards are laid out and printed: the settings shared by every card component."""

    paper: tuple[float, float] = default("paper")
    margin: float = default("margin")
    sides: str = default("sides")
    profile: str = default("profile")
    bleed: float = default("bleed")
    gutter: float | None = default("gutter")  # None: twice the bleed
    marks: bool = default("marks")
    service: str | None = default("service")
    output_condition: str | None = default("output_condition")  # None: by the paper or service
    ink_limit: int = default("ink_limit")
    # How far to move everything on back pages (points, back-page coordinates), to undo a
    # printer's misregistration measured with `cngen calibrate`.
    back_offset: tuple[float, float] = default("back_offset")
    file_name: str = ""  # the file the cards go to, named on each press sheet's slug line


class Style(msgspec.Struct, frozen=True):
    """How the kit looks and reads: the user's theme colours (red, green, blue from 0 to 1),
    its title, how much ink its grounds take, its language and how it capitalises ß."""

    colours: tuple[tuple[str, RGB], ...] = ()
    title: str | None = default("title")
    ink: str = default("ink")
    lang: str | None = default("lang")  # None: the deck's language, else English
    sharp_s: str = default("sharp_s")
    emblem: Path | None = default("emblem")  # the user's own emblem; None: cngen's keyhole
    tiles: tuple[TileText, ...] = ()  # an edition's names and lines for its tiles
    # Where the title was given, as messages name it: "--title", "cngen.yaml:3", "party.yaml:1";
    # "" for the default.
    title_from: str = ""


class DeckOptions(msgspec.Struct, frozen=True):
    words: Path | None = default("deck.words")  # a user's list, or "-" for standard input
    worksheet: str | None = default("deck.worksheet")  # an .xlsx list's sheet; None: the first
    columns: tuple[tuple[str, str], ...] | None = default("deck.columns")  # field -> a spreadsheet's header
    categories: tuple[str, ...] = ()  # a spreadsheet's rows of these categories alone; (): every row
    images: Path | None = default("deck.images")  # a folder of the user's pictures, for picture cards
    fit: str = default("deck.fit")
    dpi: int = default("deck.dpi")
    deck: str | None = default("deck.deck")  # the bundled deck when there is no list; None: the language's
    dedupe: bool = default("deck.dedupe")
    blanks: int = default("deck.blanks")
    card_size: tuple[float, float] = default("deck.card_size")
    seed: int | None = default("deck.seed")  # None keeps the list's order
    font: Path | None = default("deck.font")
    second_font: Path | None = default("deck.second_font")  # the second lines'; None: cngen's, or font
    sized_by: str | None = "--card-size"  # the option that set card_size on this command, for messages
    sheet: SheetOptions = SheetOptions()
    style: Style = Style()


class KeyOptions(msgspec.Struct, frozen=True):
    seed: int  # always chosen: the command line picks and prints one when none is given
    count: int = default("keys.count")
    single_sided: bool = default("keys.single_sided")
    card_size: tuple[float, float] = default("keys.card_size")
    font: Path | None = default("keys.font")
    sized_by: str | None = "--card-size"  # the option that set card_size on this command, for messages
    sheet: SheetOptions = SheetOptions()
    style: Style = Style()


class TokenOptions(msgspec.Struct, frozen=True):
    sets: int = default("tokens.sets")
    card_size: tuple[float, float] = default("tokens.card_size")
    font: Path | None = default("tokens.font")
    sized_by: str | None = "--card-size"  # the option that set card_size on this command, for messages
    sheet: SheetOptions = SheetOptions()
    style: Style = Style()


class RulesOptions(msgspec.Struct, frozen=True):
    variants: tuple[str, ...] = default("rules.variants")
    text: Path | None = default("rules.text")
    font: Path | None = default("rules.font")
    paper: tuple[float, float] = default("paper")
    profile: str = default("profile")
    output_condition: str | None = default("output_condition")
    ink_limit: int = default("ink_limit")
    # The kit the sheet describes; None describes the kit cngen prints with its defaults.
    contents: KitContents | None = None
    style: Style = Style()


class CalibrationOptions(msgspec.Struct, frozen=True):
    paper: tuple[float, float] = default("paper")
    sides: str = default("sides")
    back_offset: tuple[float, float] = default("back_offset")
    style: Style = Style()


class BoxOptions(msgspec.Struct, frozen=True):
    """A box for ``holds`` (deck, keys, tokens or kit): the components' own options say which
    cards, how many and how large."""

    deck: DeckOptions
    keys: KeyOptions
    tokens: TokenOptions
    holds: str = default("box.for")
    card_thickness: float = default("box.card_thickness")
    cards: int | None = default("box.cards")  # None: as many as cngen prints
    font: Path | None = default("box.font")
    sheet: SheetOptions = SheetOptions()
    style: Style = Style()


class StandOptions(msgspec.Struct, frozen=True):
    """A stand for the key card of ``keys.card_size``."""

    keys: KeyOptions
    font: Path | None = default("stand.font")
    sheet: SheetOptions = SheetOptions()
    style: Style = Style()


class KitOptions(msgspec.Struct, frozen=True):
    game: Game
    deck: DeckOptions
    keys: KeyOptions
    tokens: TokenOptions
    rules: RulesOptions
    combined: bool = default("kit.combined")
    box: BoxOptions | None = None  # kit.box: a box for each component
    stand: StandOptions | None = None  # kit.stand


# --- From a command's settings -------------------------------------------------------------
#
# Each record is made by msgspec from the values its fields name, checked against the field's
# type as it is made: a value the declarations give another type than the record stops there,
# naming the field, rather than reaching a job.

Record = TypeVar("Record", bound=msgspec.Struct)


def _typed(cls: type[Record], values: dict[str, object]) -> Record:
    """``cls`` made of ``values``, each checked against its field's type."""
    return msgspec.convert(values, cls, dec_hook=_as_it_is)


def _as_it_is(kind: type, value: object) -> object:
    """Values of the types msgspec does not know (paths, games) are taken as they are when they
    are one."""
    if isinstance(value, kind):
        return value
    raise TypeError(f"expected {kind.__name__}, got {type(value).__name__}")


def _section(settings: Settings, cls: type[Record], section: str, **others: object) -> Record:
    """``cls`` with every field named after a setting of ``section`` taken from ``settings``."""
    prefix = f"{section}." if section else ""
    chosen = {name: settings.values[prefix + name] for name in cls.__struct_fields__
              if name not in others and prefix + name in settings.values}
    return _typed(cls, {**chosen, **others})


def game_of(settings: Settings) -> Game:
    """The game a command prints: the one value every component of it is for, at the table
    --teams, --grid and --assassins set."""
    game = GAMES[settings.value("game", str)]
    given = [key for key in TABLE_KEYS if key in settings.values and settings.values[key] is not None]
    if not given:
        return game
    # A game of one table never gets here: its table's settings have no effect (declarations)
    assert game.seat is not None, f"{game.name} has one table, and the settings kept {given}"
    typed = ", ".join(settings.describe(key) for key in given)
    grid = settings.optional("grid", str)  # "6x6", as its declaration checked it
    rows_columns = None
    if grid is not None:
        rows, columns = (int(side) for side in grid.split("x"))
        rows_columns = (rows, columns)
    try:
        return game.seat(settings.optional("teams", int), rows_columns, settings.optional("assassins", int))
    except TableError as problem:
        raise UsageError(f"{typed}: {problem}: choose fewer teams or assassins, or a larger --grid") from None


def sheet_options(settings: Settings, file_name: str = "") -> SheetOptions:
    return _section(settings, SheetOptions, "", file_name=file_name)


def style(settings: Settings) -> Style:
    colours = tuple((setting.name, settings.values[setting.key]) for setting in SETTINGS
                    if setting.section == "theme" and settings.values.get(setting.key) is not None)
    values, plain = settings.values, Style()
    title = settings.origins.get("title")
    # A command without a title or language prints none (not the declared default: the kit's title).
    return _typed(Style, {"colours": colours, "title": values.get("title"), "ink": values.get("ink", plain.ink),
                          "lang": values.get("lang"), "sharp_s": values.get("sharp_s", plain.sharp_s),
                          "emblem": settings.check_input("emblem") if "emblem" in values else None,
                          "tiles": settings.tiles,
                          "title_from": (title.flag or title.place or "") if title is not None else ""})


def deck_options(settings: Settings, font_key: str = "deck.font", file_name: str = "") -> DeckOptions:
    settings.check_input("deck.words")
    return _section(settings, DeckOptions, "deck", font=settings.check_input(font_key),
                    second_font=settings.check_input("deck.second_font") if "deck.second_font" in settings.values
                    else None,
                    sized_by=_flag(settings, "deck.card_size"),
                    sheet=sheet_options(settings, file_name or _output_name(settings, "deck")), style=style(settings))


def key_options(settings: Settings, seed: int, font_key: str = "keys.font", file_name: str = "") -> KeyOptions:
    return _section(settings, KeyOptions, "keys", seed=seed,
                    font=settings.check_input(font_key), sized_by=_flag(settings, "keys.card_size"),
                    sheet=sheet_options(settings, file_name or _output_name(settings, "keys")), style=style(settings))


def token_options(settings: Settings, font_key: str = "tokens.font", file_name: str = "") -> TokenOptions:
    return _section(settings, TokenOptions, "tokens",
                    font=settings.check_input(font_key), sized_by=_flag(settings, "tokens.card_size"),
                    sheet=sheet_options(settings, file_name or _output_name(settings, "tokens")),
                    style=style(settings))


def _flag(settings: Settings, key: str) -> str | None:
    """The option that sets ``key`` on this command ("--deck-card-size" on the kit), for messages."""
    return BY_KEY[key].flag_on(settings.command)


def _output_name(settings: Settings, section: str) -> str:
    output = settings.values.get(f"{section}.output")
    return settings.path(f"{section}.output").name if output is not None else ""


def rules_options(settings: Settings, contents: KitContents | None = None, font_key: str = "rules.font") -> RulesOptions:
    settings.check_input("rules.text")
    shared = {name: settings.values[name] for name in ("profile", "output_condition", "ink_limit")}
    return _section(settings, RulesOptions, "rules", **shared, font=settings.check_input(font_key),
                    paper=rules_paper(settings), contents=contents, style=style(settings))


def rules_paper(settings: Settings) -> tuple[float, float]:
    """The paper the rules sheet is set on. A shop kit's paper is the press sheet of its cards:
    the rules go on that region's office paper, Letter beside US sheets, else A4."""
    paper: tuple[float, float] = settings.value("paper", tuple)
    if settings.command == "kit" and settings.value("profile", str) == "shop":
        return PAPERS["letter"] if is_us_paper(paper) else PAPERS["a4"]
    return paper


def calibration_options(settings: Settings) -> CalibrationOptions:
    return _section(settings, CalibrationOptions, "", style=style(settings))


def kit_font_key(settings: Settings, component: str) -> str:
    """Which font setting a kit component uses: --font typed on the kit wins; in the file, a
    component's own font is more specific than the kit's."""
    own = f"{component}.font"
    if settings.typed("kit.font") or not settings.given(own):
        return "kit.font"
    return own


def kit_seed(settings: Settings, chosen: int) -> int:
    """The kit's one seed: --seed, else the settings file's kit.seed, else ``chosen``."""
    given = settings.optional("kit.seed", int)
    return chosen if given is None else given


def kit_key_seed(settings: Settings, kit_seed_value: int) -> int:
    """The key cards' seed in a kit: their own if given, else the kit's."""
    given = settings.optional("keys.seed", int)
    return kit_seed_value if given is None else given


def kit_options(settings: Settings, seed: int) -> KitOptions:
    return KitOptions(
        game=game_of(settings),
        deck=deck_options(settings, kit_font_key(settings, "deck"), DECK),
        keys=key_options(settings, kit_key_seed(settings, seed), kit_font_key(settings, "keys"), KEYS),
        tokens=token_options(settings, kit_font_key(settings, "tokens"), TOKENS),
        rules=rules_options(settings, font_key=kit_font_key(settings, "rules")),
        combined=settings.on("kit.combined"),
        box=box_options(settings, kit_font_key(settings, "box"), BOX) if settings.on("kit.box") else None,
        stand=stand_options(settings, kit_font_key(settings, "stand"), STAND) if settings.on("kit.stand") else None,
    )


def box_options(settings: Settings, font_key: str = "box.font", file_name: str = "") -> BoxOptions:
    """A box's options: the components' own, which say what it holds."""
    sheet = sheet_options(settings, file_name or _output_name(settings, "box"))
    return _section(settings, BoxOptions, "box", deck=deck_options(settings), keys=key_options(settings, 0),
                    tokens=token_options(settings), holds=settings.values.get("box.for", "kit"),
                    font=settings.check_input(font_key), sheet=sheet, style=style(settings))


def stand_options(settings: Settings, font_key: str = "stand.font", file_name: str = "") -> StandOptions:
    sheet = sheet_options(settings, file_name or _output_name(settings, "stand"))
    return StandOptions(key_options(settings, 0), settings.check_input(font_key), sheet, style(settings))


class ExportOptions(msgspec.Struct, frozen=True):
    """An export's settings: its own options by name, and the components' options it reads (the
    words or pictures, the sizes, the look), each as the component's own command takes them."""

    own: OwnOptions  # the export's own record (``Export.own``)
    deck: DeckOptions
    keys: KeyOptions
    tokens: TokenOptions
    sheet: SheetOptions
    style: Style
    seed: int  # the games' or the key cards' deal


def export_options(settings: Settings, section: str, seed: int) -> ExportOptions:
    """The options of the export command ``section``; ``seed`` where none was given."""
    prefix = f"{section}."
    values = {key.removeprefix(prefix): value for key, value in settings.values.items() if key.startswith(prefix)}
    if values.get("font") is not None:
        values["font"] = settings.check_input(f"{section}.font")
    own = _typed(EXPORTS[section].own, values)
    seed = own.seed if own.seed is not None else seed
    font = f"{section}.font"
    return ExportOptions(own, deck_options(settings, font_key=font), key_options(settings, seed, font_key=font),
                         token_options(settings, font_key=font), sheet_options(settings), style(settings), seed)
