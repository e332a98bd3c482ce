"""What a way of playing without the cut cards is, as one value: the interface every export
fills, and what the export job hands it.

An export turns a game into something else than cards to cut: boards to post (``board``), game
books to play from paper (``book``), decks for a virtual tabletop (``tts``). Each is a folder
under ``exports/`` whose ``__init__`` makes an ``Export``: its command's name and help, its own
options, the shared settings it reads, and its maker, loaded only when the command runs. The
command line, the jobs, the settings and the output never name an export: they ask the one
they are given, as they do a game.

The export job (``jobs/export.py``) does the work every export shares: it reads the words or
pictures, settles the language, deals games (words without repeats, keys from the game's own
dealer), and draws the components' faces at the sizes the maker asks for. The maker only
arranges them: it returns text, pages to print and sheets to render, as drawings the job puts
into files. Nothing here reads or writes a file.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Generic, Mapping, TypeVar

import msgspec

from ..kinds import Kind

if TYPE_CHECKING:  # the registry loads on every run: drawing and labels load only when an export runs
    from reportlab.pdfgen.canvas import Canvas

    from ..draw.sheet import CardFaces
    from ..draw.theme import Theme
    from ..games.game import Game, GameKey
    from ..model.labels import Labels
    from ..typeface.font import Font, FontFamily

# The components whose faces an export may ask the job to draw, as they are printed.
CODENAMES, KEYS, TILES = "codenames", "keys", "tiles"


class Option(msgspec.Struct, frozen=True):
    """An option of the export's own: ``format`` is ``board.format`` in cngen.yaml and ``--format``
    on the command (the settings table makes it a setting like any other)."""

    name: str
    kind: Kind
    default: object  # as a user writes it; None: not set
    help: str
    flag: str


class OwnOptions(msgspec.Struct, frozen=True, kw_only=True):
    """An export's own options as cngen uses them (points, paths): each export's record adds a
    field for each of its ``Option``s, by the same name (a test holds the two together), to the
    seed every export deals from. The settings make it, checking each value's type."""

    seed: int | None = None  # None: the command chose one

    def text_font(self) -> Path | None:
        """The font it prints in (--font), for an export that prints; None: the bundled family."""
        return None

    def chosen_board(self) -> ChosenBoard | None:
        """A file of the codenames to lay out, in their order, for an export that takes one;
        None: they are dealt from the deck."""
        return None

    def folder(self) -> Path | None:
        """The folder of its own it writes (--out-dir), where it keeps a record of its files;
        None for an export that writes files by name."""
        return None


class ChosenBoard(msgspec.Struct, frozen=True):
    """A file of the codenames an export lays out, and the option that named it, for messages."""

    path: Path
    flag: str


Own = TypeVar("Own", bound=OwnOptions)


class Dealt(msgspec.Struct, frozen=True):
    """One game dealt for the table: the codenames as they lie (row by row, the top row first,
    in capitals as the cards print them; a picture's name for a game played with pictures) and
    its key, numbered from 1."""

    number: int
    cells: tuple[str, ...]
    key: GameKey


class Request(msgspec.Struct, Generic[Own], frozen=True):
    """Everything the job hands a maker."""

    game: Game
    seed: int
    own: Own  # the export's own options (``OwnOptions``)
    texts: Labels  # the export's own texts in the kit's language (English where one is missing)
    language: str  # the kit's language code
    title: str | None  # the kit's title
    game_title: str  # the game's name in the kit's language: "Codenames Duett" in German
    source: str  # where the codenames come from, as summaries say it
    words: int  # how many codenames the list or folder holds
    theme: Theme  # the kit's look, in the file's colour space
    games: tuple[Dealt, ...] = ()
    cards: Mapping[str, CardFaces] = msgspec.field(default_factory=dict)  # by component, as asked
    fonts: FontFamily | None = None  # running text: regular, bold, italic (for an export that prints)
    word_font: Font | None = None  # the codenames' face
    paper: tuple[float, float] | None = None  # the page, for exports that print pages
    profile: str = "home"
    sides: str = "long-edge"
    tile_names: Mapping[str, str] = msgspec.field(default_factory=dict)  # a tile's noun -> its printed name
    # Each codename's card face as a PNG, or a JPEG for a photo's (``Maker.thumbnails``), by the
    # name the games' cells hold.
    thumbnails: Mapping[str, bytes] = msgspec.field(default_factory=dict)

    @property
    def page_fonts(self) -> FontFamily:
        """``fonts``, which the job hands every maker that prints pages or draws faces."""
        assert self.fonts is not None, "the job hands its fonts to a maker that prints pages"
        return self.fonts


class Drawing(msgspec.Struct, frozen=True):
    """A page or sheet of ``size`` points, drawn by ``draw(canvas)`` (a ReportLab canvas at the
    page's origin, in points). The job has defined every artist of ``Request.cards`` on the
    canvas before the first page: a drawing only calls their ``draw``."""

    size: tuple[float, float]
    draw: Callable[[Canvas], None]


class TextFile(msgspec.Struct, frozen=True):
    """Text for a file, or for standard output when ``path`` is None."""

    path: Path | None
    text: str


class PdfFile(msgspec.Struct, frozen=True):
    """Pages to print, in order; printed as the profile says (a press file is CMYK PDF/X-1a)."""

    path: Path
    title: str
    pages: tuple[Drawing, ...]
    duplex: str | None = None  # how a viewer prints it: "long-edge", "short-edge" or None
    # The components whose faces its pages draw (``Request.cards``), so that the file holds no
    # other's artwork: the game book none of the keys' forms, the booklet none of the pictures.
    components: tuple[str, ...] = (CODENAMES, KEYS, TILES)


class ImageFile(msgspec.Struct, frozen=True):
    """A drawing rendered as an RGB picture of ``pixels``."""

    path: Path
    drawing: Drawing
    pixels: tuple[int, int]
    jpeg: bool = False  # a photo-heavy sheet is smaller as a JPEG


class Made(msgspec.Struct, frozen=True):
    """What a maker returns: its files (text, PDFs, pictures) and what the summary says."""

    files: tuple[TextFile | PdfFile | ImageFile, ...]
    summary: tuple[str, ...]  # lines for the terminal, after the files are written
    notes: tuple[str, ...] = ()


class Maker(ABC, Generic[Own]):
    """What an export does with the dealt games and drawn faces the job hands it."""

    deals_games: bool = True  # whether it needs games dealt (``Request.games``)
    prints_pages: bool = False  # whether it prints pages (paper, profile and sides apply)

    @abstractmethod
    def outputs(self, own: Own, game: Game) -> dict[Path | None, str]:
        """Every file it will write for ``game`` whatever the counts, each with how messages
        name it (None: standard output): checked, together, before any work is done."""

    def own_file(self, name: str) -> bool:
        """Whether a file of this name in its folder (an ``out_dir`` option) may be one it
        writes, whatever the counts: the only files the folder's record of an earlier run may
        have removed. An export without a folder of its own writes none."""
        return False

    def games_wanted(self, own: Own, words: int, cells: int) -> int:
        """How many games to deal from a list of ``words`` codenames, ``cells`` a game."""
        return 1

    def card_sizes(self, own: Own, game: Game, paper: tuple[float, float] | None,
                   settings_sizes: Mapping[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
        """The components whose faces it draws, each at the size it wants (points);
        ``settings_sizes`` holds the sizes the settings give each component."""
        return {}

    def thumbnails(self, own: Own, game: Game) -> tuple[int, int] | None:
        """The pixels of a picture of each codename's card face, where it shows them as pictures
        (``card_sizes`` then asks for the codenames); None: no pictures."""
        return None

    def shown_dpi(self, own: Own, game: Game, card_size: tuple[float, float]) -> float | None:
        """The pixels an inch its pictures of the codename cards are shown at, where fewer than
        print (a sheet image's, a thumbnail's): photos are made ready at no more (None: as
        printed, at --dpi)."""
        return None

    @abstractmethod
    def make(self, request: Request[Own]) -> Made:
        """The files, as text and drawings."""


class Export(msgspec.Struct, frozen=True, eq=False):
    """One export: the command ``cngen NAME`` and its section in cngen.yaml."""

    name: str
    summary: str  # a line: what the command makes
    line: str  # its line in `cngen --help`: a sentence, short enough for one line
    help: str  # the command's --help, as click shows a docstring ("\\b" keeps a block's lines)
    options: tuple[Option, ...]
    own: type[OwnOptions]  # its options as the record its maker reads: a field for each of ``options``
    uses: tuple[str, ...]  # the shared settings it reads: "game", "lang", "deck.words"...
    texts: Path  # the folder of the languages' folders: CODE/NAME.yaml is its texts in a language
    text_keys: tuple[str, ...]  # the keys every texts file holds
    load_maker: Callable[[], Maker[Any]]  # a maker of its own options (``own``)
    counted_keys: tuple[str, ...] = ()  # the keys holding a count with its noun's forms, besides

    @property
    def maker(self) -> Maker[Any]:
        return self.load_maker()

    def text_file(self, language: str) -> Path:
        return self.texts / language / f"{self.name}.yaml"

    def text_files(self) -> list[Path]:
        """Every text it ships: none of them may ever be an output."""
        return sorted(path for path in self.texts.glob(f"*/{self.name}.yaml") if path.is_file())
