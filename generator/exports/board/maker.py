"""The board's maker: which files it writes, the format chosen, the pictures it asks for, and
the board and key in that format, with what the summary says."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Mapping

from msgspec.structs import replace

from ...errors import UsageError
from ...model.tables import games_without_repeats
from ...units import POINTS_PER_UNIT, plural
from ..export import CODENAMES, Made, Maker, Request, TextFile
from . import BoardOptions
from .view import Board, Words, board_of, words_of

if TYPE_CHECKING:
    from ...games.game import Game

STANDARD_OUTPUT = Path("-")  # -o - writes the board to standard output, as without -o
# The format a file's extension asks for, when --format is not given.
EXTENSIONS = {".txt": "text", ".text": "text", ".md": "markdown", ".markdown": "markdown", ".bbcode": "bbcode",
              ".bb": "bbcode", ".html": "html", ".htm": "html", ".json": "json"}
FORMAT_NAMES = {"text": "text", "markdown": "a markdown table", "bbcode": "BBCode", "html": "a web page",
                "json": "JSON"}
THUMBNAIL_PIXELS = (240, 240)  # a picture on the web page: sharp on a shared screen, light in the file


def board_path(own: BoardOptions) -> Path | None:
    """Where the board goes: None for standard output (no -o, or -o -)."""
    return None if own.output is None or own.output == STANDARD_OUTPUT else own.output


def chosen_format(own: BoardOptions) -> str:
    """--format, else what the board's file name (then the key's) ends in, else text."""
    if own.format:
        return own.format
    for path in (board_path(own), own.key_output):
        if path is not None and path.suffix.lower() in EXTENSIONS:
            return EXTENSIONS[path.suffix.lower()]
    return "text"


def _formats() -> dict[str, Callable[[Board, Words], tuple[str, str]]]:
    """Each format's (board, key) as text."""
    from .jsondoc import json_board
    from .plain import bbcode_board, markdown_board, text_board
    from .webpage import html_board

    return {"text": text_board, "markdown": markdown_board, "bbcode": bbcode_board, "html": html_board,
            "json": json_board}


class BoardMaker(Maker[BoardOptions]):
    def outputs(self, own: BoardOptions, game: Game) -> dict[Path | None, str]:
        """The board, and each file of the key: the key's own name, or one named after it for
        each side (key-A.txt, key-B.txt), so that all are checked together before any work, and
        none of them can be the board's file under any name."""
        board, key = board_path(own), own.key_output
        if key == STANDARD_OUTPUT:
            raise UsageError("--key-output -: the key never goes to standard output, where it could end up in "
                             "the public post: give it a file of its own, e.g. --key-output key.txt")
        if key is not None and key == board:
            raise UsageError(f"--key-output and --output are both {key}: the key goes in a file of its own, "
                             "so that posting the board never shows it: give the key another name")
        files: dict[Path | None, str] = {board: "the standard output" if board is None else f"--output {board}"}
        for label in game.key_cards.sides if key is not None else ():
            assert key is not None
            path = side_path(key, label)
            described = f"side {label}'s key {path} (named after --key-output {key})" if label else \
                f"--key-output {key}"
            if path in files:  # as the output checks say of two outputs of one file (output.targets)
                raise UsageError(f"{files[path]} and {described} would be the same file: give one of them another name")
            files[path] = described
        return files

    def games_wanted(self, own: BoardOptions, words: int, cells: int) -> int:
        return own.games

    def card_sizes(self, own: BoardOptions, game: Game, paper: tuple[float, float] | None,
                   settings_sizes: Mapping[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
        """The faces whose pictures the web page shows: picture cards square, as the page shows
        them; word-and-picture cards as tall as wide, where the picture takes most of the card."""
        if self.thumbnails(own, game) is None:
            return {}
        side = min(settings_sizes[CODENAMES]) if game.grid.cards.pictures_alone else settings_sizes[CODENAMES][0]
        return {CODENAMES: (side, side)}

    def thumbnails(self, own: BoardOptions, game: Game) -> tuple[int, int] | None:
        """A game played with pictures shows them on its web page, as the cards print them; so
        does one whose words carry pictures, above each word."""
        return THUMBNAIL_PIXELS if chosen_format(own) == "html" and game.grid.cards.reads_pictures else None

    def shown_dpi(self, own: BoardOptions, game: Game, card_size: tuple[float, float]) -> float | None:
        """Its pictures are thumbnails: a photo needs no more pixels than its thumbnail shows
        (a picture card's fills its face; one above a word keeps the deck's own)."""
        pixels = self.thumbnails(own, game)
        if pixels is None or not game.grid.cards.pictures_alone:
            return None
        return pixels[0] / (card_size[0] / POINTS_PER_UNIT['in'])

    def make(self, request: Request[BoardOptions]) -> Made:
        own, kind = request.own, chosen_format(request.own)
        board, words, draw = board_of(request), words_of(request), _formats()[kind]
        public, key = draw(board, words)  # each drawn once: a web page of pictures runs to megabytes
        files = [TextFile(board_path(own), public)]
        if own.key_output is not None:
            files += [TextFile(path, key if one_side is board else draw(one_side, words)[1])
                      for path, one_side in key_files(own.key_output, board)]
        return Made(tuple(files), summary(request, kind, [file.path for file in files[1:]]))


def key_files(path: Path, board: Board) -> list[tuple[Path, Board]]:
    """Where each key goes, and the board whose key it is. Where each player reads a side of
    their own (A and B), each side is a file of its own, named after it (key-A.html, key-B.html),
    to send to its player alone: a player who opened both would see the other's agents."""
    labels = [side.label for side in board.tables[0].sides] if board.tables else [""]
    if len(labels) == 1:
        return [(path, board)]
    return [(side_path(path, label), _one_side(board, label)) for label in labels]


def side_path(path: Path, label: str) -> Path:
    """The file of one side of the key, named after --key-output: key.html -> key-A.html; the
    key's own name for a key of one side."""
    return path.with_name(f"{path.stem}-{label}{path.suffix}") if label else path


def _one_side(board: Board, label: str) -> Board:
    """The board with one side of each key, and no seed: it deals every side again, so a player
    who held it could read their partner's agents."""
    tables = tuple(replace(table, sides=tuple(side for side in table.sides if side.label == label))
                   for table in board.tables)
    return replace(board, tables=tables, seed=None)


def summary(request: Request[BoardOptions], kind: str, keys: list[Path | None]) -> tuple[str, ...]:
    """What was written where, and from which codenames (the command adds the seed)."""
    own, games, cells = request.own, len(request.games), request.game.grid.cells
    board = board_path(own)
    lines = [f"Wrote the board of {plural(games, 'game')} of {request.game.title}, as {FORMAT_NAMES[kind]}, "
             f"to {'standard output' if board is None else board}"]
    if len(keys) > 1:
        lines.append(f"Wrote each player's side of the key to a file of its own: {', '.join(map(str, keys))}: "
                     "send each to its player alone, and never post them with the board")
    elif keys:
        lines.append(f"Wrote the key to {keys[0]}: never post it with the board")
    else:
        lines.append("Wrote no key: --key-output FILE writes it, in a file of its own")
    noun = request.game.grid.cards.shown
    lines.append(f"{plural(games * cells, noun)} from {request.source}, which holds {request.words:,}")
    if games * cells > request.words:
        covered = games_without_repeats(request.words, cells)
        lines.append(f"The list covers {plural(covered, 'game')}: it was shuffled again when "
                     "it ran out, so some come back")
    return tuple(lines)


MAKER = BoardMaker()
