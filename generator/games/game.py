"""What a game of the family is, as one value: the interface every game fills, and the plain
data it declares.

A game holds everything that makes it: the grid its key cards cover, the key cards themselves
(how they are dealt, drawn and listed in the manifest: ``KeyCards``), its tile set, its rules
text and tile names in each language (in each language's folder, ``texts``), the example its rules sheet draws, its
variants, and what it changes in the settings (``SettingRules``). The command line, the jobs,
the settings and the output never name a game: they ask the one they are given.

Adding a game is a folder under ``games/`` (its model and drawing) whose ``__init__`` makes a
``Game``, one line in ``games/__init__.py``, and its texts in each language's folder
(``languages/CODE/NAME.yaml`` and ``NAME-tiles.yaml``, English's at least). Keep the folder's ``__init__`` light:
the registry imports it on every run, so its key cards and example load only when asked for.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Generic, Mapping, Sequence, TypeVar

import msgspec

from ..cards import WORD_CARDS
from ..cards.kind import CardKind
from ..model.teams import Table
from ..model.tiles import TileKind

if TYPE_CHECKING:  # the registry loads on every run: drawing, fonts and YAML only when a component is made
    from ..draw.figure import ExampleArt
    from ..draw.sheet import Artist
    from ..draw.theme import Theme
    from ..geometry.rulespage import RulesPage
    from ..inputs.schema import Shape
    from ..model.ruletext import RulesText
    from ..typeface.font import Font, FontFamily

Card = TypeVar("Card")  # one of a game's dealt key cards, as its dealer makes it
Face = TypeVar("Face")  # one side of such a card, as its artist draws it
Example = TypeVar("Example")  # the rules text's example, as the game reads it
Layout = TypeVar("Layout")  # that example laid out for a column of the page


class Grid(msgspec.Struct, frozen=True):
    """The cards on the table: rows x columns, dealt from codename cards of the kind ``cards``
    (``cards.CardKind``: word cards from a word list, picture cards from a folder of pictures...)."""

    rows: int
    columns: int
    cards: CardKind = WORD_CARDS

    @property
    def cells(self) -> int:
        return self.rows * self.columns


class SettingRules(msgspec.Struct, frozen=True):
    """What a game changes in the settings (beyond its key cards' count), as values are written
    in cngen.yaml:

    - ``refused``: a value the game cannot print, and why: typed or from the file, it stops;
    - ``ignored``: a setting that means nothing for the game, and why: typed, it stops; from
      the file, it is ignored with a note."""

    refused: Mapping[tuple[str, object], str] = msgspec.field(default_factory=dict)
    ignored: Mapping[str, str] = msgspec.field(default_factory=dict)


class KeySide(msgspec.Struct, frozen=True):
    """What one spymaster's key says of the table: each codename's role (``model.roles``: R, B,
    N, A, G), row by row as the codenames lie, the top row first, and the team that starts."""

    label: str  # the side's name on its card ("A", "B"), or "" for a key with one side
    starting: str | None  # "red" or "blue"; None in a game without teams (Duet)
    roles: tuple[str, ...]

    def rows(self, columns: int) -> list[str]:
        return ["".join(self.roles[at:at + columns]) for at in range(0, len(self.roles), columns)]


class GameKey(msgspec.Struct, frozen=True):
    """The key of one game: one side for each spymaster who reads a different one."""

    number: int
    sides: tuple[KeySide, ...]


class KeyCards(ABC, Generic[Card, Face]):
    """A game's key cards: dealt from a seed, drawn by an artist, listed in the manifest. The
    cards and faces are the game's own; the jobs only hand them back to it."""

    noun: str  # one card, in a sentence: "key card", "Duet key card"
    title: str  # the component, at the head of its PDF: "Key cards", "Duet key cards"
    label_characters: str  # every character a card's number can print: "0123456789ab"
    sides: tuple[str, ...] = ("",)  # the labels of a key's sides (KeySide.label): ("A", "B") where each reads one
    same_up: bool = False  # each back keeps its front's up edge as the card stands (SheetPlan.back_slots)

    @abstractmethod
    def per_card(self, single_sided: bool) -> int:
        """Keys a card carries."""

    @abstractmethod
    def deal(self, count: int, seed: int, single_sided: bool) -> Sequence[Card]:
        """``count`` balanced cards, the same for the same seed, numbered from 1."""

    @abstractmethod
    def faces(self, cards: Sequence[Card], single_sided: bool) -> list[tuple[Face, Face]]:
        """Each card's front and back, as the artist draws them."""

    @abstractmethod
    def artist(self, card_size: tuple[float, float], bleed: float, font: Font, theme: Theme, *, single_sided: bool,
               back_title: str) -> Artist[Face]:
        """The artist that draws the faces (``draw.sheet.Artist``); ``back_title`` goes on the
        plain back of single-sided cards, in the kit's language."""

    @abstractmethod
    def game_keys(self, cards: Sequence[Card]) -> list[GameKey]:
        """What each card of a single-sided deal (``deal(..., single_sided=True)``) says of the
        game it is played with: one game a card."""

    @abstractmethod
    def manifest(self, seed: int, cards: Sequence[Card]) -> str:
        """keys.json: every grid, one card a line."""

    @abstractmethod
    def balance(self, cards: Sequence[Card]) -> str:
        """The deck's balance report, as --stats prints it."""

    @abstractmethod
    def described(self, cards: Sequence[Card], single_sided: bool) -> tuple[str, tuple[str, ...]]:
        """What the summary says the deck holds ("40 key cards, 80 keys (...)") and any advice
        on printing or playing it, a line each."""

    def counted(self, count: int, single_sided: bool) -> tuple[int, str]:
        """What a deck of ``count`` cards deals and --stats measures, for progress lines:
        (80, "keys")."""
        keys = count * self.per_card(single_sided)
        return keys, "key" if keys == 1 else "keys"


class RulesExample(ABC, Generic[Example, Layout]):
    """The example a game's rules sheet draws: how its rules text gives it (``model.ruletext.
    ExampleKind``: the drawing's name and the example's shape), and how it is laid out in a
    column of the page and drawn."""

    drawing: str  # the name an ``example:`` block gives it: "key-and-grid"

    @abstractmethod
    def shape(self, rich: Callable[..., Shape], unknown: Callable[[str], str | None]) -> Shape:
        """The example's shape for the one YAML reader; ``rich`` makes the shape of a printed
        string, ``unknown`` explains a key that belongs to another game's example."""

    @abstractmethod
    def lay_out(self, rules: RulesText, fonts: FontFamily, page: RulesPage) -> Layout:
        """The example laid out for the page's columns; a word or caption that does not fit its
        room at the smallest size is refused with its line."""

    @abstractmethod
    def art(self, layout: Layout, example: Example, fonts: FontFamily, theme: Theme) -> ExampleArt:
        """What draws it on the sheet (``draw.figure.ExampleArt``)."""


class Game(msgspec.Struct, frozen=True, eq=False):
    """One game of the family. ``key_cards`` and ``rules_example`` are loaded on first use (the
    dealer and the drawing), the rest is plain data. Each game is one value, in the registry:
    two games are the same game only if they are the same object."""

    name: str  # --game NAME, game: NAME, and --NAME for short
    title: str  # "Codenames Duet"
    summary: str  # a line for `cngen games`
    grid: Grid
    tiles: tuple[TileKind, ...]
    tiles_title: str  # the tiles' PDF, by name: "Agent tiles", "Duet tiles"
    # The folder of the languages' folders: CODE/NAME.yaml is the game's rules text in a
    # language, CODE/NAME-tiles.yaml its tile names (NAME: the game's name).
    texts: Path
    # Each game's own cards, faces and example, which the jobs pass along unread.
    load_key_cards: Callable[[], KeyCards[Any, Any]]
    load_rules_example: Callable[[], RulesExample[Any, Any]]
    example_marks: tuple[str, ...] = ()  # the example's drawing, and the keys only this game's example has
    default_key_cards: int = 40  # key cards a deck holds unless told otherwise
    most_key_cards: int = 10_000  # the most the dealer deals balanced and fresh
    variants: tuple[str, ...] = ()  # the rules sheet's variants: sections printed only when chosen
    settings: SettingRules = SettingRules()
    # The game's own defaults of settings, as a user writes them: {"deck.card_size": "66x66mm"}.
    defaults: Mapping[str, object] = msgspec.field(default_factory=dict)
    in_sentence: str = ""  # how a summary names the game's components: "Duet" in "Duet tiles"
    # The teams and grid a game of teams is played at (``model.teams``); None: a game without
    # teams (Duet), or one played at its own table alone.
    table: Table | None = None
    # The game at another table (--teams, --grid, --assassins: teams, (rows, columns) and
    # assassins, None where not given), the same value for the same table; raises
    # ``model.teams.TableError``. None: the game is played at its own table only, for the reason
    # ``one_table`` gives.
    seat: Callable[[int | None, tuple[int, int] | None, int | None], Game] | None = None
    one_table: str = ""
    other_tile_nouns: tuple[str, ...] = ()  # what the tiles of its other tables are called besides its own

    @property
    def key_cards(self) -> KeyCards[Any, Any]:
        return self.load_key_cards()

    @property
    def rules_example(self) -> RulesExample[Any, Any]:
        return self.load_rules_example()

    @property
    def at_own_table(self) -> bool:
        """Whether the game is at the table it has unless --teams, --grid or --assassins say
        otherwise (a game of one table always is)."""
        return self.seat is None or self.seat(None, None, None) is self

    def rules_text(self, language: str) -> Path:
        return self.texts / language / f"{self.name}.yaml"

    def tile_names(self, language: str) -> Path:
        return self.texts / language / f"{self.name}-tiles.yaml"

    def tiles_per_set(self) -> dict[str, int]:
        """Tiles per set by noun ("red agent"), for summaries and the rules sheet."""
        return {kind.noun: kind.per_set for kind in self.tiles}

    def text_files(self) -> list[Path]:
        """Every text the game ships: none of them may ever be an output."""
        return sorted(path for pattern in (f"*/{self.name}.yaml", f"*/{self.name}-tiles.yaml")
                      for path in self.texts.glob(pattern) if path.is_file())
