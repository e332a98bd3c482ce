"""Game books: one dealt game a page, the codenames large enough to read across a table, and
a separate spymasters' booklet of the matching keys, numbered the same; nothing to cut.

Its parts: ``layout`` (the pages as geometry: the grid, the keys' places, the cards' scale),
``art`` (the pages drawn) and ``pages`` (the maker: games, sizes, the two files). Its texts in
each language: ``book.yaml`` in the language's folder (``languages/CODE/``).
"""

from __future__ import annotations

from pathlib import Path

from ... import kinds
from ...inputs.bundled import languages_folder
from ..export import ChosenBoard, Export, Maker, Option, OwnOptions
from ..options import DEALING, FONT_HELP, MOST_GAMES


class BookOptions(OwnOptions, frozen=True, kw_only=True):
    games: int | None = None  # None: as many as the codenames give without a repeat
    single_sided: bool = False
    font: Path | None = None
    output: Path = Path("output/book.pdf")
    board: Path | None = None  # a chosen board's codenames, laid out in every game

    def text_font(self) -> Path | None:
        return self.font

    def chosen_board(self) -> ChosenBoard | None:
        return ChosenBoard(self.board, "--board") if self.board is not None else None


def _maker() -> Maker[BookOptions]:
    from .pages import MAKER

    return MAKER


BOOK = Export(
    name="book",
    summary="a game book, one game a page, and the spymasters' booklet of its keys: play from paper",
    line="Print a game book to play from paper, and its keys' booklet.",
    help="""Print a game book to play from paper: one game a page with its
    codenames in the game's grid, read from both sides of the table, and a
    separate booklet of the matching keys for the spymasters, numbered the
    same. Cover the codenames with coins, counters or the tiles.

    \b
    Examples:
      cngen book --paper letter
      cngen book --games 12 --lang fr -o livre.pdf
      cngen book --board lesson.txt --games 4""",
    options=(
        Option("games", kinds.nullable(kinds.whole(1, MOST_GAMES)), None,
               "Games in the book (default: as many as the codenames give without a repeat).", "--games"),
        Option("seed", kinds.SEED, None, "Deal the same book again; without it a seed is chosen and printed.", "--seed"),
        Option("board", kinds.nullable(kinds.input_path()), None,
               "A board of your own for a lesson: a file of exactly the grid's codenames (25 for the classic game), "
               "as a word list, YAML deck or spreadsheet. The first game lays them out in the file's order, row by "
               "row; each further game (--games) shuffles them and deals a key of its own.", "--board"),
        Option("single_sided", kinds.flag(), False,
               "Print on one side of each sheet. Double-sided, a game's back holds the next game, and keys with "
               "a side for each player are printed side A on the front, side B behind it.",
               "--single-sided/--double-sided"),
        Option("font", kinds.FONT, None, FONT_HELP, "--font"),
        Option("output", kinds.output_path(), "output/book.pdf",
               "Where to write the book; the spymasters' booklet goes beside it as NAME-keys.pdf.", "-o/--output"),
    ),
    own=BookOptions,
    uses=(*DEALING, "deck.fit", "paper", "profile", "sides", "output_condition", "ink_limit", "ink", "theme",
          "emblem"),
    texts=languages_folder(),
    # Keys holding _word or _picture follow the codename cards (Grid.cards), _shared or _sides the
    # key: one the spymasters share, or a side for each player; _teams, three or four teams.
    text_keys=(
        "game", "page", "side", "player", "keys_title", "keys_secret_shared", "keys_secret_sides",
        "how_title", "how_subtitle", "how_table_head", "how_table_word_shared", "how_table_word_sides",
        "how_table_picture_shared", "how_table_picture_sides", "how_cover_head_word", "how_cover_head_picture",
        "how_cover_shared_word", "how_cover_shared_picture", "how_cover_sides_word", "how_cover_sides_picture",
        "how_keys_head", "how_keys_shared", "how_keys_sides", "how_keys_sides_duplex", "how_keys_sides_single",
        "how_read_head", "how_read_word", "how_read_picture", "how_read_lights", "how_read_symbols_shared",
        "how_read_symbols_sides", "how_games_word", "how_games_picture", "seat_spymasters", "seat_operatives",
        "how_table_word_teams", "how_cover_teams_word", "how_read_lights_teams", "how_read_symbols_teams",
    ),
    load_maker=_maker,
)
