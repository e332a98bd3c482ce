"""Every setting of cngen, declared once: its key in cngen.yaml, its kind, its default, its
help, the commands it belongs to, and its flag on each of them.

From this table come the options of every command, the settings file's schema and messages,
the file `cngen init` writes, and the defaults of the library's option values. A new option
is one new entry. The rules after the table say which settings cannot be used together.

Keys: top-level settings ("paper") apply to every command they belong to; a section's settings
("deck.blanks") belong to that section's command and to the commands that print several
components at once (kit, and rules, whose sheet describes a kit). ``flag`` is the option on the
section's own command (and on every command, for top-level settings); ``kit_flag`` the option
on kit and rules where it differs, or None where the setting is only read from the file there.
"""

from __future__ import annotations

import re
from typing import Callable

import msgspec
from msgspec.structs import replace

from .. import kinds
from ..cards.kind import PICTURE, WORD
from ..draw.theme import INK_STYLES
from ..errors import UsageError, quoted, suggest, text_problem
from ..exports import EXPORTS
from ..games import DEFAULT_GAME, GAMES, Game, every_variant
from ..geometry.press import MAX_BLEED
from ..inputs.bundled import ENGLISH, PICTURE_WORDS, language_paths
from ..model.capitals import SHARP_S
from ..model.languages import kit_language
from ..model.teams import DEFAULT_GRIDS, SIDES, TEAMS
from ..model.tiles import MAX_SETS
from ..units import (
    MM,
    PAPER_NAMES,
    format_mm,
    format_number,
    parse_colour,
    parse_language,
    parse_length,
    parse_offset,
    parse_paper,
    parse_size,
    plural,
)

CARDS = ("deck", "keys", "tokens", "kit")  # the commands that impose cards on sheets
DIELINES = ("box", "stand")  # the commands that print a net to cut and fold
SAME = "same"  # kit_flag: the same flag as on the section's own command

# The languages cngen ships, as their folders are found: English first, the rest by code.
SHIPPED = tuple(sorted(language_paths(), key=lambda code: (code != ENGLISH, code)))
SHIPPED_LANGUAGES = ", ".join(SHIPPED)


def lang_code(text: str) -> str:
    return kit_language(text, SHIPPED)


class Setting(msgspec.Struct, frozen=True):
    key: str  # in cngen.yaml: "paper" at the top level, "deck.blanks" in a section
    kind: kinds.Kind
    default: object  # as a user writes it ("70x45mm"); None: not set
    help: str  # for --help, the README and the comment `cngen init` writes above the key
    commands: tuple[str, ...]
    flag: str | None = None  # e.g. "--card-size", "--single-sided/--double-sided", "-o/--output"
    kit_flag: str | None = SAME
    helps: dict[str, str] = msgspec.field(default_factory=dict)  # a command's own wording of the help
    # Other names that choose one value: --NAME on the command line, NAME: true in the file.
    shorthands: tuple[str, ...] = ()
    # What on a codename card the setting is for (cards.kind.WORD or PICTURE): with a game
    # whose kind of card may carry none (cards.CardKind.takes), it means nothing. None: every kind.
    cards: str | None = None

    @property
    def section(self) -> str:
        return self.key.rpartition(".")[0]

    @property
    def name(self) -> str:
        return self.key.rpartition(".")[2]

    @property
    def parameter(self) -> str:
        """The Python name of the option: 'deck.card_size' -> 'deck_card_size'."""
        return self.key.replace(".", "_")

    def flag_on(self, command: str) -> str | None:
        """The option that sets this on ``command``, or None where only the file sets it. A
        section's setting on a command that prints more than that section (kit, rules, an
        export) takes its kit flag there."""
        if command not in self.commands:
            return None
        if self.section and command != self.section:
            return self.flag if self.kit_flag == SAME else self.kit_flag
        return self.flag

    def help_on(self, command: str) -> str:
        return self.helps.get(command, self.help)


def _colour(name: str, help: str, commands: tuple[str, ...], cards: str | None = None) -> Setting:
    kind = kinds.nullable(
        kinds.text('a colour such as "#D8322B", in quotes (YAML reads an unquoted # as the start of a comment)',
                   parse_colour, "#RRGGBB"),
        empty_is_null=False,  # `red: #D8322B` reads as empty: refuse it rather than keep our red
    )
    return Setting(f"theme.{name}", kind, None, help, commands, cards=cards)


def _parse_grid(text: str) -> str:
    """' 6 X 6 ' -> '6x6': rows, then columns, as messages show them (``options.game_of`` reads
    the numbers)."""
    match = re.fullmatch(r"\s*(\d+)\s*[x×]\s*(\d+)\s*", text.lower())
    if not match:
        raise UsageError(f"{quoted(text)} is not a grid: write ROWSxCOLUMNS, such as 6x6")
    rows, columns = int(match.group(1)), int(match.group(2))
    if rows not in SIDES or columns not in SIDES:
        raise UsageError(f"a {rows} x {columns} grid does not fit a key card: grids have {SIDES[0]} to {SIDES[-1]} "
                         f"rows and columns, 4x4 up to 7x7")
    return f"{rows}x{columns}"


def parse_columns(text: str) -> tuple[tuple[str, str], ...]:
    """"word=Term,second=Meaning" -> (("word", "Term"), ("second", "Meaning")): each field of a
    spreadsheet deck once, with the header of the column that holds it."""
    from ..inputs.sheets import FIELDS

    pairs: dict[str, str] = {}
    for part in (piece.strip() for piece in text.split(",")):
        field, equals, header = (side.strip() for side in part.partition("="))
        if not equals or not field or not header:
            raise UsageError(f"{quoted(part)} is not FIELD=HEADER: write e.g. word=Term,second=Meaning")
        if field not in FIELDS:
            raise UsageError(f"{quoted(field)} is not a field of a deck: {suggest(field, list(FIELDS))}")
        if field in pairs:
            raise UsageError(f"{field} is given twice ({quoted(pairs[field])} and {quoted(header)}): keep one")
        hidden = text_problem(header)
        if hidden is not None:
            raise UsageError(f"the header {quoted(header)} holds {hidden}: write it as the sheet does")
        pairs[field] = header
    return tuple(pairs.items())


def _length(what: str, low_mm: float, high_mm: float, example: str, wrong: str, usual: str) -> kinds.Kind:
    """A length with its range, declared with its setting: one outside it is refused wherever it
    is written, naming the range and what is ``usual``; ``wrong``: what such a length is not."""
    span = f"{format_number(low_mm)} to {format_number(high_mm)} mm"

    def parse(text: str) -> float:
        length = parse_length(text)
        if not low_mm * MM - 1e-9 <= length <= high_mm * MM + 1e-9:
            shown = f"{format_mm(length)} mm" if format_mm(length) != "0" or length == 0 else text.strip()
            raise UsageError(f"a {what} of {shown} is {wrong}: use {span} ({usual})")
        return length

    return kinds.text(f"a length from {span} with a unit, such as {example}", parse, "LENGTH")


# Each length setting's range. A bleed as check_bleed allows it; margins and gutters that leave
# cards room on the largest shop sheet; a card's thickness from thin paper to thick board.
MARGIN = _length("margin", 0, 50, "5mm", "more than a printer leaves blank", "5 mm suits most printers")
BLEED = _length("bleed", 0, MAX_BLEED / MM, "3mm", "not what printers ask", "3 mm, or 1/8 in = 3.175 mm, is usual")
GUTTER = _length("gutter", 0, 2 * MAX_BLEED / MM, "6mm", "wider than a shop cuts between cards",
                 "6 mm, twice the bleed, is usual; 0 butts the cards")
CARD_THICKNESS = _length("card thickness", 0.05, 2, "0.32mm", "not how thick a card is",
                         "0.32 mm for game cards, 0.30 mm for playing cards, 0.1 mm more in a sleeve")
SIZE = kinds.text("a size with a unit such as 70x45mm", parse_size, "SIZE")
FONT = kinds.FONT
MAX_SEED, SEED = kinds.MAX_SEED, kinds.SEED
WORD_CARD = "70x45mm"
DEFAULT_TITLE = "Codenames"
PROFILES = ("home", "shop", "pod")
BOX_CONTENTS = ("deck", "keys", "tokens", "kit")
PRESS_PROFILES = ("shop", "pod")  # CMYK PDF/X-1a files, for printers other than your own
SERVICE_KEYS = ("tgc", "mpc", "dtc", "generic")  # described in geometry/services.py
PRESET_SERVICES = ("tgc", "mpc", "dtc")  # the services that choose the card size and bleed
IMAGE_SERVICES = ("tgc", "mpc")  # the services that take one PNG a face
# Printing conditions of the ICC's characterisation registry (output/pdfx.py describes them).
OUTPUT_CONDITION_NAMES = ("FOGRA39", "FOGRA51", "FOGRA52", "CGATS TR 001", "CGATS TR 006")


def users(key: str) -> tuple[str, ...]:
    """The exports that read a shared setting: their ``uses`` name it, or its section."""
    return tuple(export.name for export in EXPORTS.values()
                 if key in export.uses or key.rpartition(".")[0] in export.uses)


# The commands that print a game's own components, or play it in another form.
GAME_COMMANDS = ("deck", "keys", "tokens", "rules", "kit", *DIELINES, *users("game"))
MOST_KEY_CARDS = max(game.most_key_cards for game in GAMES.values())
# The games --teams, --grid and --assassins seat at other tables, as their help names them.
SEATED = " and ".join(f"--game {game.name}" for game in GAMES.values() if game.seat is not None)
TABLE_KEYS = ("teams", "grid", "assassins")  # the settings that seat a game at another table


def _games_line(describe: Callable[[Game], object]) -> str:
    """One clause a game, for the help of a setting whose meaning depends on the game."""
    return "; ".join(f"{game.name}: {describe(game)}" for game in GAMES.values())


def _tile_set(game: Game) -> str:
    kinds = ", ".join(plural(kind.per_set, kind.noun) for kind in game.tiles)
    return f"{sum(kind.per_set for kind in game.tiles)} ({kinds})"


SETTINGS: tuple[Setting, ...] = (
    Setting("paper", kinds.text("a paper name or size such as a4 or 320x450mm", parse_paper, "PAPER"), "a4",
            f"Sheet size: {PAPER_NAMES}, or WIDTHxHEIGHT such as 320x450mm.",
            ("deck", "keys", "tokens", "rules", "kit", "calibrate", *DIELINES), "--paper",
            helps={"rules": "Page size of the rules sheet: a4, letter, or any paper name or size.",
                   "calibrate": "Sheet size of the test sheet: the paper you print cards on."}),
    Setting("margin", MARGIN, "5mm",
            "Smallest blank margin at the sheet's edges: home printers cannot print there, and a press "
            "holds the sheet there (shop sheets keep their crop marks and slug line inside it); 0 to 50 mm.",
            (*CARDS, *DIELINES), "--margin"),
    Setting("sides", kinds.choice("long-edge", "short-edge", "fold"), "long-edge",
            "How the backs are printed: duplex flipped on the long or short edge (backs mirrored to match), "
            "or fold: each back beside its front, to fold and glue.",
            (*CARDS, "rules", "calibrate"), "--sides",
            helps={"rules": "How the kit's cards are printed; the sheet's printing section explains that way.",
                   "calibrate": "The flip you print the cards with: long-edge or short-edge."}),
    Setting("profile", kinds.choice(*PROFILES), "home",
            "home: sheets for your own printer, RGB, cards butted where they share a ground and apart where "
            "they differ (tiles). shop: press sheets for a copy shop, "
            "cards imposed with bleed, gutters and crop marks. pod: one face a page, trim plus bleed, for a "
            "print-on-demand service (see --service). shop and pod files are CMYK PDF/X-1a.",
            (*CARDS, "rules", *DIELINES), "--profile",
            helps={"rules": "home: RGB, for your own printer. shop and pod: a CMYK PDF/X-1a sheet, and the "
                            "printing section describes the cards printed that way.",
                   **{command: "home: RGB, for your own printer. shop: a copy shop's press sheet (SRA3 unless "
                               "--paper), CMYK PDF/X-1a, with crop marks. pod: one net a page at its size plus "
                               "bleed, CMYK PDF/X-1a." for command in DIELINES}}),
    Setting("bleed", BLEED, "3mm", "How far card artwork runs past the cut on shop and pod files, 0 to 25 mm.",
            (*CARDS, *DIELINES), "--bleed",
            helps={command: "How far a net's artwork runs past its cut lines, on every profile (a net is cut "
                            "by hand), 0 to 25 mm." for command in DIELINES}),
    Setting("gutter", kinds.nullable(GUTTER), None,
            "Space between the cards of a shop sheet (default: twice the bleed, so each card keeps its own "
            "bleed); 0 butts the cards, which then share their cuts; at most 50 mm.", CARDS, "--gutter"),
    Setting("marks", kinds.flag(), False,
            "Crop marks at every cut: on by default on shop sheets; on pod pages only when asked, as most "
            "services want none.", (*CARDS, *DIELINES), "--marks/--no-marks",
            helps={command: "Crop marks at the corners of each net: on by default on shop sheets, on pod pages "
                            "only when asked." for command in DIELINES}),
    Setting("service", kinds.nullable(kinds.choice(*SERVICE_KEYS)), None,
            "With --profile pod, the print-on-demand service the files are for: tgc (The Game Crafter), "
            "mpc (MakePlayingCards), dtc (DriveThruCards) or generic. It sets the card size, bleed, page "
            "order, ink limit and file type the service asks for.", CARDS, "--service"),
    Setting("output_condition", kinds.nullable(kinds.choice(*OUTPUT_CONDITION_NAMES)), None,
            "The printing condition a shop or pod file is made for, named as the ICC registry names it "
            "(default: FOGRA39 on ISO papers, CGATS TR 001 on US papers and for US services).",
            (*CARDS, "rules", *DIELINES), "--output-condition"),
    Setting("ink_limit", kinds.whole(100, 400, "PERCENT"), 300,
            "Most ink any colour may use, in percent (C+M+Y+K), on shop and pod files; a service's own "
            "lower limit wins.", (*CARDS, "rules", "preflight", *DIELINES), "--ink-limit",
            helps={"preflight": "Most ink any colour may use, in percent (C+M+Y+K)."}),
    Setting("back_offset", kinds.text('two distances in millimetres, across and down, such as "1.5,-0.5"',
                                      parse_offset, "DX,DY"), "0,0",
            "Move every back page by DX,DY mm, as measured with 'cngen calibrate'.",
            (*CARDS, "calibrate"), "--back-offset",
            helps={"calibrate": "Print the back moved by DX,DY mm, to check a correction."}),
    Setting("preview", kinds.flag(), False, "Also write a PNG of the first page (150 dpi) beside each PDF.",
            ("deck", "keys", "tokens", "rules", "kit", *DIELINES), "--preview/--no-preview"),
    Setting("title", kinds.nullable(kinds.one_line(60)), DEFAULT_TITLE,
            "The kit's title: at the head of the rules sheet, on single-sided key card backs and in "
            "every PDF's title. null in the file, or an empty --title \"\", for none.",
            ("deck", "keys", "tokens", "rules", "kit", *DIELINES), "--title"),
    Setting("lang", kinds.nullable(kinds.text("a language code such as fr", lang_code, "CODE")), None,
            f"The kit's language ({SHIPPED_LANGUAGES}; any code for capitals): the rules, the tiles' names, the key "
            "cards' backs and the default bundled deck. Default: the deck's language, else English.",
            ("deck", "keys", "tokens", "rules", "kit", *DIELINES), "--lang",
            helps={"deck": "The words' language, for their capitals (a YAML deck's own language: comes first), "
                           f"and the bundled deck printed by default: {SHIPPED_LANGUAGES}.",
                   "keys": "The language of the plain backs of single-sided key cards (default: English)."}),
    Setting("sharp_s", kinds.choice(*SHARP_S), "ss",
            "How German \u00df is capitalised: ss (STRASSE, what most readers expect) or capital "
            "(STRA\u1e9eE, with the capital \u1e9e), on the codename cards.", ("deck", "kit"), "--sharp-s",
            cards=WORD),
    Setting("ink", kinds.choice(*INK_STYLES), "full",
            "full: solid colour to the edge of tiles and a tinted ground on every card. light: pale "
            "grounds with the same figures, symbols and frames, for inkjets (less ink, less curl).",
            (*CARDS, *DIELINES), "--ink"),
    Setting("edition", kinds.nullable(kinds.input_path("FILE.yaml")), None,
            "An edition of your own: a YAML file that sets the title, colours, deck, emblem and the tiles' "
            "names and lines ('cngen init --edition' writes an example). Options you type still win.",
            (*GAME_COMMANDS,), "--edition"),
    Setting("emblem", kinds.nullable(kinds.input_path("FILE")), None,
            "Your own emblem, a small SVG or PNG, in place of cngen's keyhole: on the codename cards, the rules "
            "sheet's head, the box and the stand.", ("deck", "rules", "kit", *DIELINES, *users("emblem")),
            "--emblem"),
    Setting("game", kinds.choice(*GAMES), DEFAULT_GAME,
            "The game to print ('cngen games' lists them): its codename cards (words, or pictures for the "
            "games played with pictures), key cards, tiles and rules. --NAME is short for --game NAME.",
            GAME_COMMANDS, "--game", shorthands=tuple(GAMES)),
    Setting("teams", kinds.nullable(kinds.whole(TEAMS[0], TEAMS[-1])), None,
            "Teams at the table, for " + SEATED + ": 2, 3 or 4. Each team but the starting one has the same "
            "number of agents and the starting team one more. Default: 2; the grid follows: "
            + ", ".join(f"{teams} teams {rows}x{columns}" for teams, (rows, columns) in DEFAULT_GRIDS.items()) + ".",
            GAME_COMMANDS, "--teams"),
    Setting("grid", kinds.nullable(kinds.text(f"a grid of {SIDES[0]} to {SIDES[-1]} rows and columns, such as 6x6",
                                              _parse_grid, "RxC")), None,
            "Rows and columns of codenames on the table, for " + SEATED + ": 4x4 up to 7x7. 4x4 is the family "
            "grid, with no assassin unless --assassins says. Default: by --teams.", GAME_COMMANDS, "--grid"),
    Setting("assassins", kinds.nullable(kinds.whole(0, SIDES[-1] ** 2)), None,
            "Assassins on every key, for " + SEATED + ", where the grid has room: 0 makes a game nobody loses "
            "at one touch. Default: 1, or 0 on the 4x4 family grid.", GAME_COMMANDS, "--assassins"),
    _colour("red", "The red team: agents, cells, lights, headings, the calibration crosses.",
            ("keys", "tokens", "rules", "kit", "calibrate", *DIELINES)),
    _colour("blue", "The blue team: agents, cells and lights.", ("keys", "tokens", "rules", "kit", *DIELINES)),
    _colour("bystander", "The innocent bystanders' cells and tiles.", ("keys", "tokens", "rules", "kit", *DIELINES)),
    _colour("assassin", "The assassin's cell and tile.", ("keys", "tokens", "rules", "kit", *DIELINES)),
    _colour("green", "Green agents, in the games that have them (Duet, and the third team when three or four "
            "play): their cells and tiles.", ("keys", "tokens", "rules", "kit", *DIELINES)),
    _colour("orange", "The orange team, when four play: its agents, cells and lights.",
            ("keys", "tokens", "rules", "kit", *DIELINES)),
    _colour("card", "The background of codename cards and key cards.", ("deck", "keys", "rules", "kit", *DIELINES)),
    _colour("band", "The shaded band that carries the spymasters' upside-down word.", ("deck", "kit"), cards=WORD),
    _colour("outline", "Frames, rules and the emblem.", ("deck", "tokens", "rules", "kit", *DIELINES)),
    Setting("deck.deck", kinds.nullable(kinds.text(metavar="NAME")), None,
            "Bundled deck to print ('cngen decks' lists them); --words chooses your own instead. "
            f"{PICTURE_WORDS}: cngen's pictures, each above its name in the kit's --lang, for young readers. "
            "Default: the deck in the kit's --lang (standard in English; 'cngen decks' names each language's).",
            ("deck", "rules", "kit", "box"), "--deck", helps={"rules": "Bundled deck of the kit the sheet describes."},
            cards=WORD),
    Setting("deck.words", kinds.nullable(kinds.input_path()), None,
            "Your own words: a .txt file (one entry per line, '#' starts a comment), a YAML deck, "
            "a spreadsheet (.csv, .tsv or .xlsx with a header row: word, and optionally second, picture, "
            "category, copies), or - for standard input.", ("deck", "rules", "kit", "box"), "--words",
            helps={"rules": "The word list of the kit the sheet describes (its codenames are counted)."},
            cards=WORD),
    Setting("deck.worksheet", kinds.nullable(kinds.one_line(100, "NAME")), None,
            "The worksheet of an .xlsx --words to read (default: the first).",
            ("deck", "rules", "kit", "box"), "--sheet", cards=WORD),
    Setting("deck.columns", kinds.nullable(kinds.text("fields and headers such as word=Term,second=Meaning",
                                                       parse_columns, "FIELD=HEADER,...")), None,
            "Which column of a spreadsheet --words holds each field, by its header, where it is not named "
            "word, second, picture, category or copies (in English or a bundled language): e.g. "
            "word=Term,second=Meaning.", ("deck", "rules", "kit", "box"), "--columns", cards=WORD),
    Setting("deck.categories", kinds.text_list("a list of categories such as [fruit, animals]", "NAME", 40), [],
            "Print only the rows of this category of a spreadsheet --words (its category column); repeat "
            "for several.", ("deck", "rules", "kit", "box"), "--category", cards=WORD),
    Setting("deck.dedupe", kinds.flag(), False,
            "Keep the first of each repeated word and drop the rest, instead of stopping.",
            ("deck", "rules", "kit", "box"), "--dedupe/--no-dedupe",
            helps={"rules": "Count each repeated word of the list once, as the deck with --dedupe prints it."},
            cards=WORD),
    Setting("deck.images", kinds.nullable(kinds.input_folder()), None,
            "Your own pictures: a folder of PNG, JPEG, WebP, TIFF or SVG files, each one face of a picture "
            "card, in the order of their names (--deck-seed shuffles them); with word cards, the folder of "
            "the files a spreadsheet's picture column names, each printed above its word. Default: cngen's "
            "picture deck.",
            ("deck", "rules", "kit", "box"), "--images",
            helps={"rules": "The folder of pictures of the kit the sheet describes (its pictures are counted)."},
            cards=PICTURE),
    Setting("deck.fit", kinds.choice("cover", "contain"), "cover",
            "How a picture fills its card (or its square above a word): cover fills the frame and crops what "
            "overflows, centred; contain shows the whole picture on the card's ground.", ("deck", "kit"), "--fit", cards=PICTURE),
    Setting("deck.dpi", kinds.whole(72, 1200), 300,
            "Most pixels per inch a photo keeps at its printed size: larger ones are resampled, so a folder "
            "of phone photos makes a file of a sensible size. Below 150 dpi the summary warns.",
            ("deck", "kit"), "--dpi", cards=PICTURE),
    Setting("deck.blanks", kinds.whole(0, 10_000), 5, "Blank cards to write your own words on.",
            ("deck", "rules", "kit", "box"), "--blanks", helps={"rules": "Blank cards in the kit the sheet describes."}),
    Setting("deck.card_size", SIZE, WORD_CARD, "Codename card size, with a unit: mm, cm, in or pt. By game: "
            + _games_line(lambda game: game.defaults.get("deck.card_size", WORD_CARD)) + ".",
            ("deck", "kit", "box"), "--card-size", "--deck-card-size"),
    Setting("deck.seed", SEED, None, "Shuffle the words with this seed before pairing them; without it the "
            "list's order is kept.", ("deck", "kit"), "--seed", "--deck-seed",
            helps={"deck": "Shuffle the words with this seed before pairing them; without it the list's order is "
                           "kept. (On the kit this is --deck-seed: the kit's --seed deals its key cards.)"}),
    Setting("deck.font", FONT, None, "A TrueType font for the words (default: the bundled Fira Sans Bold); FILE.ttc#N takes face N of a collection, from 0.",
            ("deck", "kit"), "--font", None),
    Setting("deck.second_font", FONT, None, "A TrueType font for the second line beneath each word of a "
            "spreadsheet's second column (default: the bundled Fira Sans, or the --font of the words).",
            ("deck", "kit"), "--second-font", None, cards=WORD),
    Setting("deck.output", kinds.output_path(), "output/deck.pdf", "Where to write the PDF; folders are created.",
            ("deck",), "-o/--output"),
    Setting("keys.count", kinds.whole(1, MOST_KEY_CARDS), GAMES[DEFAULT_GAME].default_key_cards,
            "Key cards to print; a double-sided card carries two keys. By game, the default and the most: "
            + _games_line(lambda game: f"{game.default_key_cards}, {game.most_key_cards:,}") + ".",
            ("keys", "rules", "kit", "box"), "--count", "--count/--keys-count",
            helps={"rules": "Key cards in the kit the sheet describes."}),
    Setting("keys.seed", SEED, None, "Deal this deck again exactly; without it a seed is chosen and printed.",
            ("keys", "kit"), "--seed", "--keys-seed"),
    Setting("keys.single_sided", kinds.flag(), False,
            "One key per card with a plain common back, instead of a key on each side.",
            ("keys", "rules", "kit", "box"), "--single-sided/--double-sided",
            helps={"rules": "The kit's key cards carry one key each, with a plain back."}),
    Setting("keys.stats", kinds.flag(), False, "Print the deck's balance report.", ("keys",), "--stats/--no-stats"),
    Setting("keys.card_size", SIZE, "70x70mm", "Key card size, at least 50 mm a side.", ("keys", "kit", *DIELINES),
            "--card-size", "--keys-card-size"),
    Setting("keys.font", FONT, None, "A TrueType font for the card numbers (default: the bundled Fira Sans Bold); FILE.ttc#N takes face N of a collection, from 0.",
            ("keys", "kit"), "--font", None),
    Setting("keys.output", kinds.output_path(), "output/keys.pdf",
            "Where to write the PDF; the manifest goes beside it as .json.", ("keys",), "-o/--output"),
    Setting("tokens.sets", kinds.whole(1, MAX_SETS), 1,
            "Full sets of tiles, by game: " + _games_line(_tile_set) + ".",
            ("tokens", "rules", "kit", "box"), "--sets", "--sets/--token-sets",
            helps={"rules": "Full sets of tiles in the kit the sheet describes."}),
    Setting("tokens.card_size", SIZE, WORD_CARD, "Tile size: the codename card's, so that a tile covers a card. "
            "By game: " + _games_line(lambda game: game.defaults.get("tokens.card_size", WORD_CARD)) + ".",
            ("tokens", "kit", "box"), "--card-size", "--token-card-size"),
    Setting("tokens.font", FONT, None, "A TrueType font for the role names (default: the bundled Fira Sans Bold); FILE.ttc#N takes face N of a collection, from 0.",
            ("tokens", "kit"), "--font", None),
    Setting("tokens.output", kinds.output_path(), "output/tokens.pdf", "Where to write the PDF; folders are created.",
            ("tokens",), "-o/--output"),
    Setting("rules.variants", kinds.names_list(every_variant(), "NAME"), list(every_variant()),
            f"A variant the sheet explains, repeatable: {', '.join(every_variant())}; or none. Default: all of them.",
            ("rules", "kit"), "--variant"),
    Setting("rules.text", kinds.nullable(kinds.input_path("FILE.yaml")), None,
            "Another rules text of the same shape as the game's own (languages/en/GAME.yaml), "
            "e.g. a translation.", ("rules", "kit"), "--text"),
    Setting("rules.font", FONT, None, "A TrueType font for all of the rules sheet's text "
            "(default: the bundled Fira Sans, regular, bold and italic); FILE.ttc#N takes face N of a collection, from 0.", ("rules", "kit"), "--font", None),
    Setting("rules.output", kinds.output_path(), "output/rules.pdf", "Where to write the PDF; folders are created.",
            ("rules",), "-o/--output"),
    Setting("kit.out_dir", kinds.folder(), "output",
            "Folder for deck.pdf, keys.pdf, keys.json, tokens.pdf and rules.pdf.", ("kit",), "-o/--out-dir"),
    Setting("kit.combined", kinds.flag(), False, "Also write kit.pdf: everything in one file, for a single upload.",
            ("kit",), "--combined/--no-combined"),
    Setting("kit.seed", SEED, None, "One seed for the whole kit (the key cards' deal); --keys-seed overrides it. "
            "Without it a seed is chosen and printed.", ("kit",), "--seed"),
    Setting("kit.font", FONT, None, "A TrueType font for every component; a component's own font setting "
            "in the file takes its place there; FILE.ttc#N takes face N of a collection, from 0.", ("kit",), "--font"),
    Setting("kit.box", kinds.flag(), False, "Also write box.pdf: a tuck box for each component (see cngen box).",
            ("kit",), "--box/--no-box"),
    Setting("kit.stand", kinds.flag(), False, "Also write stand.pdf: a fold-up stand for the key card (see cngen stand).",
            ("kit",), "--stand/--no-stand"),
    Setting("box.for", kinds.choice(*BOX_CONTENTS), "deck",
            "What the box holds: deck (the codename cards), keys, tokens, or kit (a box for each of the three, "
            "each fitted to its own cards).", ("box",), "--for"),
    Setting("box.card_thickness", CARD_THICKNESS, "0.32mm",
            "How thick one card is, with any sleeve: 0.30 mm for playing-card stock, 0.32 to 0.38 mm for game "
            "cards, about 0.1 mm more in a sleeve; 0.05 to 2 mm. The box's depth is the cards' stack and 1 mm "
            "each side.",
            ("box", "kit"), "--card-thickness"),
    Setting("box.cards", kinds.nullable(kinds.whole(1, 2_000)), None,
            "Cards the box holds (default: as many as cngen prints of them): fewer, to share a large deck "
            "between two boxes.", ("box",), "--cards"),
    Setting("box.font", FONT, None, "A TrueType font for the box's faces (default: the bundled Fira Sans Bold); "
            "FILE.ttc#N takes face N of a collection, from 0.", ("box", "kit"), "--font", None),
    Setting("box.output", kinds.output_path(), "output/box.pdf", "Where to write the PDF; folders are created.",
            ("box",), "-o/--output"),
    Setting("stand.font", FONT, None, "A TrueType font for the stand's faces (default: the bundled Fira Sans "
            "Bold); FILE.ttc#N takes face N of a collection, from 0.", ("stand", "kit"), "--font", None),
    Setting("stand.output", kinds.output_path(), "output/stand.pdf", "Where to write the PDF; folders are created.",
            ("stand",), "-o/--output"),
    Setting("calibrate.output", kinds.output_path(), "output/calibration.pdf",
            "Where to write the PDF; folders are created.", ("calibrate",), "-o/--output"),
)



def _with_exports(table: tuple[Setting, ...]) -> tuple[Setting, ...]:
    """The table with each export's commands added to the shared settings it reads, and its own
    options as settings of its section."""
    shared = tuple(replace(setting, commands=tuple(dict.fromkeys((*setting.commands, *users(setting.key)))))
                   for setting in table)
    own = tuple(Setting(f"{export.name}.{option.name}", option.kind, option.default, option.help, (export.name,),
                        option.flag) for export in EXPORTS.values() for option in export.options)
    return shared + own


SETTINGS = _with_exports(SETTINGS)
BY_KEY: dict[str, Setting] = {setting.key: setting for setting in SETTINGS}

SECTION_HELP = {
    "": "Settings shared by the commands.",
    "theme": 'Colours, each "#RRGGBB" in quotes; null keeps cngen\'s own colour.',
    "deck": "cngen deck: the codename cards.",
    "keys": "cngen keys: the spymasters' key cards.",
    "tokens": "cngen tokens: the agent, bystander and assassin tiles.",
    "rules": "cngen rules: the rules sheet.",
    "kit": "cngen kit: every component at once (it also uses the deck, keys, tokens and rules settings).",
    "box": "cngen box: a tuck box for the cards.",
    "stand": "cngen stand: a stand that holds the key card up.",
    "calibrate": "cngen calibrate: the duplex test sheet.",
    **{export.name: f"cngen {export.name}: {export.summary}." for export in EXPORTS.values()},
}
SECTIONS = tuple(SECTION_HELP)


def settings_of(command: str) -> tuple[Setting, ...]:
    return tuple(setting for setting in SETTINGS if command in setting.commands)


# --- How options are grouped for a person (--help; the page of cngen serve) ------------------

# The groups, in the order they are shown: where the files go, what the command itself takes,
# the game, each component, printing, the look. A setting's group follows from its key.
HELP_GROUPS = ("Output", "Options", "Game", "Codename cards", "Key cards", "Tiles", "Rules sheet",
               "Box and stand", "Printing", "Look")
_OUTPUT_NAMES = frozenset({"output", "out_dir", "key_output", "preview", "combined"})
_GAME_KEYS = frozenset({"game", "teams", "grid", "assassins", "lang", "edition", "kit.seed"})
_PRINTING_KEYS = frozenset({"paper", "margin", "sides", "profile", "bleed", "gutter", "marks", "service",
                            "output_condition", "ink_limit", "back_offset"})
_LOOK_KEYS = frozenset({"title", "ink", "emblem"})
_COMPONENT_GROUPS = {"deck": "Codename cards", "keys": "Key cards", "tokens": "Tiles", "rules": "Rules sheet",
                     "box": "Box and stand", "stand": "Box and stand"}


def help_group(setting: Setting, command: str) -> str:
    """The group of HELP_GROUPS ``setting`` is shown in on ``command``."""
    key, name, section = setting.key, setting.name, setting.section
    if name in _OUTPUT_NAMES:
        return "Output"
    if key in _GAME_KEYS or (name == "seed" and section != command):
        return "Game"
    if key in _PRINTING_KEYS:
        return "Printing"
    if key in _LOOK_KEYS or section == "theme" or (name == "font" and section in ("kit", command)):
        return "Look"
    if key in ("kit.box", "kit.stand"):
        return "Box and stand"
    if section in _COMPONENT_GROUPS and section != command:
        return _COMPONENT_GROUPS[section]
    if key == "sharp_s":
        return "Codename cards" if command != "deck" else "Options"
    return "Options"


def is_cmyk(profile: str) -> bool:
    """Whether a profile's files are CMYK (a print shop's or print-on-demand service's)."""
    return profile in PRESS_PROFILES


# --- Settings that cannot be used together ----------------------------------------------------


class NoEffect(msgspec.Struct, frozen=True):
    """``key`` does nothing on ``commands`` while ``when`` holds: typed, it is refused; from the
    settings file, it is ignored with a note."""

    key: str
    when: tuple[str, object]  # (key, value)
    commands: tuple[str, ...]
    why: str
    also: tuple[tuple[str, object], ...] = ()  # further (key, value) that must hold with ``when``


class Excludes(msgspec.Struct, frozen=True):
    """Two values that cannot hold at once, wherever they come from."""

    first: tuple[str, object]
    second: tuple[str, object]
    commands: tuple[str, ...]
    why: str


class Unsupported(msgspec.Struct, frozen=True):
    """A value that ``commands`` cannot work with, wherever it comes from."""

    setting: tuple[str, object]
    commands: tuple[str, ...]
    why: str


NO_EFFECT: tuple[NoEffect, ...] = (
    NoEffect("paper", ("profile", "pod"), ("deck", "keys", "tokens"),
             "a pod page is one card with its bleed, whatever the paper"),
    NoEffect("margin", ("profile", "pod"), CARDS, "a pod page holds one card with its bleed, and no margin"),
    NoEffect("margin", ("profile", "pod"), DIELINES, "a pod page holds one net with its bleed, and no margin"),
    NoEffect("paper", ("profile", "pod"), DIELINES, "a pod page is one net with its bleed, whatever the paper"),
    *(NoEffect("back_offset", ("profile", profile), CARDS, "a press lines up both sides itself")
      for profile in PRESS_PROFILES),
    NoEffect("bleed", ("profile", "home"), CARDS,
             "home sheets set their own bleed: 2 mm past the outer cuts, where the margin leaves room"),
    NoEffect("back_offset", ("sides", "fold"), CARDS, "a folded sheet is printed on one side only"),
    NoEffect("gutter", ("profile", "home"), CARDS,
             "home sheets set their own gutters: none between cards of one ground, 2 to 4 mm between tiles"),
    NoEffect("gutter", ("profile", "pod"), CARDS, "a pod page holds one card face, with no neighbour"),
    NoEffect("marks", ("profile", "home"), CARDS, "home sheets always carry their cut marks"),
    NoEffect("marks", ("profile", "home"), DIELINES, "a home net is cut along its own printed lines"),
    *(NoEffect("service", ("profile", profile), CARDS,
               "a print-on-demand service takes one face a page: add --profile pod") for profile in ("home", "shop")),
    NoEffect("sides", ("profile", "pod"), CARDS, "a service prints each card's two faces itself, from their pages"),
    NoEffect("output_condition", ("profile", "home"), (*CARDS, "rules", *DIELINES, *users("output_condition")),
             "a home file is RGB, for your own printer"),
    NoEffect("ink_limit", ("profile", "home"), (*CARDS, "rules", *DIELINES, *users("ink_limit")),
             "a home file is RGB, for your own printer"),
    *(NoEffect("marks", ("service", service), CARDS, f"{service} takes images of each face and its bleed, "
                                                              "without marks") for service in IMAGE_SERVICES),
    # A service asks its own bleed (and takes the card size it sells nearest the component's).
    *(NoEffect("bleed", ("service", service), CARDS, f"{service} asks its own bleed") for service in PRESET_SERVICES),
)

EXCLUDES: tuple[Excludes, ...] = (
    Excludes(("profile", "shop"), ("sides", "fold"), (*CARDS, "rules"),
             "a copy shop prints both sides, so there is nothing to fold"),
    Excludes(("profile", "pod"), ("sides", "fold"), (*CARDS, "rules"),
             "a print-on-demand service prints both sides, so there is nothing to fold"),
    Excludes(("profile", "shop"), ("kit.combined", True), ("kit",),
             "a copy shop prints each paper size from its own file, and the rules sheet is not on press sheets"),
    Excludes(("profile", "pod"), ("kit.combined", True), ("kit",),
             "a print-on-demand service takes one upload per card size, never one file mixing them"),
)


class DefaultWhen(msgspec.Struct, frozen=True):
    """A default that depends on another setting: ``value`` (as a user writes it) replaces the
    declared default of ``key`` on ``commands`` while ``when`` holds."""

    key: str
    when: tuple[str, object]
    value: object
    commands: tuple[str, ...]


DEFAULTS_WHEN: tuple[DefaultWhen, ...] = (
    DefaultWhen("paper", ("profile", "shop"), "sra3", ("deck", "keys", "tokens", "kit", *DIELINES)),
    DefaultWhen("marks", ("profile", "shop"), True, (*CARDS, *DIELINES)),
)


class RangeWhen(msgspec.Struct, frozen=True):
    """A narrower range of a whole number while ``when`` holds, wherever the number comes from."""

    key: str
    when: tuple[str, object]
    low: int
    high: int
    commands: tuple[str, ...]
    why: str


RANGES_WHEN: tuple[RangeWhen, ...] = ()

UNSUPPORTED: tuple[Unsupported, ...] = (
    Unsupported(("sides", "fold"), ("calibrate",),
                "calibration measures double-sided printing, and a folded sheet is printed on one side"),
    Unsupported(("sides", "fold"), users("sides"),
                "its pages are printed on both sides, or on one with --single-sided: there is nothing to fold"),
)

# Two ways of choosing the same thing: the command line beats the file, and within one source
# the first named wins; both typed is a conflict.
ALTERNATIVES: tuple[tuple[str, str], ...] = (("deck.words", "deck.deck"),)


# --- What each game changes ---------------------------------------------------------------


def _on(key: str) -> tuple[str, ...]:
    """The commands where a game's rule about ``key`` applies: those that print the game's own
    components and have the setting."""
    return tuple(command for command in GAME_COMMANDS if command in BY_KEY[key].commands)


def game_flags(chosen: Callable[[Game], bool]) -> str:
    """The games ``chosen`` picks, as the options that choose them, joined by "or"."""
    return " or ".join(f"--game {game.name}" for game in GAMES.values() if chosen(game))


def _other_cards(game: Game, carried: str) -> str:
    """Why a setting for what one kind of codename card carries means nothing for a game played
    with another, and which games it is for."""
    games = game_flags(lambda other: other.grid.cards.takes(carried))
    return f"{game.title} is played with {game.grid.cards.noun} cards, and this is for {carried} cards ({games})"


def _game_rules(game: Game) -> tuple[list, list, list, list]:
    """The game's own defaults, ranges, refusals and settings without effect, as rules of the
    kinds above, holding while ``game`` is chosen."""
    when = ("game", game.name)
    defaults = [DefaultWhen("keys.count", when, game.default_key_cards, _on("keys.count"))] \
        if game.default_key_cards != GAMES[DEFAULT_GAME].default_key_cards else []
    ranges = [RangeWhen("keys.count", when, 1, game.most_key_cards, _on("keys.count"),
                        f"{game.title} deals at most {game.most_key_cards:,} key cards, balanced and fresh")] \
        if game.most_key_cards < MOST_KEY_CARDS else []
    defaults += [DefaultWhen(key, when, value, _on(key)) for key, value in game.defaults.items()]
    excludes = [Excludes(when, refused, _on(refused[0]), why) for refused, why in game.settings.refused.items()]
    no_effect = [NoEffect(key, when, _on(key), why) for key, why in game.settings.ignored.items()]
    if game.seat is None:  # a game of one table: --teams, --grid and --assassins mean nothing for it
        no_effect += [NoEffect(key, when, _on(key), game.one_table) for key in TABLE_KEYS]
    no_effect += [NoEffect(setting.key, when, _on(setting.key), _other_cards(game, setting.cards))
                  for setting in SETTINGS if setting.cards is not None and not game.grid.cards.takes(setting.cards)]
    if game.grid.cards.takes(PICTURE) and not game.grid.cards.reads_pictures:  # a word list's pictures, named in it
        alone = game_flags(lambda other: other.grid.cards.pictures_alone)
        no_effect.append(NoEffect("deck.images", when, _on("deck.images"),
                                  f"{game.title} prints a picture above a word only where a spreadsheet's picture "
                                  f"column names it, and no --words is given (pictures alone: {alone})",
                                  also=(("deck.words", None),)))
    return defaults, ranges, excludes, no_effect


for _game in GAMES.values():
    _defaults, _ranges, _excludes, _no_effect = _game_rules(_game)
    DEFAULTS_WHEN += tuple(_defaults)
    RANGES_WHEN += tuple(_ranges)
    EXCLUDES += tuple(_excludes)
    NO_EFFECT += tuple(_no_effect)
