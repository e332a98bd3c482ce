"""What every format of the board shows, worked out once: the games as grids of names, their
keys as grids of roles, the headings in the kit's language, and how wide a name is in a
terminal. Each format only spells this out."""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import msgspec
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...cards.kind import CardKind
from ...draw.theme import Theme, rgb_of
from ...errors import escaped
from ...model.labels import Labels
from ...model.roles import ROLE_NAMES, ROLES, TEAM_ROLES, Role, Shape, in_order, play_order, role_of, team_role
from ..export import Request

if TYPE_CHECKING:
    from ...games.game import KeySide

# Each role's symbol as a character, by its shape, as key cards and tiles draw it
# (draw/symbols.py): a diamond, a disc, a star, a bar, a cross. They tell the roles apart
# without colour.
MARKS: dict[Shape, str] = {"diamond": "◆", "disc": "●", "square": "■", "triangle": "▲", "star": "★", "bar": "▬",
                           "cross": "✕"}
# The theme's colours a board writes: its page's own, every role's (``model.roles``) in the
# order the theme holds them, the colours written on them, and the text's.
_PAGE_COLOURS = ("card", "band", "outline")
_ROLE_COLOURS = {name for role in ROLES for name in (role.colour, role.writing_colour)} - set(_PAGE_COLOURS)
_ON_COLOURS = tuple(dict.fromkeys(role.on_colour for role in ROLES))
_TEXT_COLOURS = ("text", "heading")
THEN = " → "  # between teams in the order of play, in every language


def colour_names(theme: Theme, teams: int = 2) -> tuple[str, ...]:
    """The names of the colours a board of ``theme`` writes, in the order it writes them: every
    role's but those of the teams beyond the game's ``teams``."""
    used = {name for role in roles_at(teams) for name in (role.colour, role.writing_colour)}
    return (*_PAGE_COLOURS, *(name for name in theme.roles if name in _ROLE_COLOURS and name in used), *_ON_COLOURS,
            *_TEXT_COLOURS)


def roles_at(teams: int) -> tuple[Role, ...]:
    """The roles a board of a game of ``teams`` teams shows: all but the teams it has not."""
    return tuple(role for role in ROLES if not role.team or role in TEAM_ROLES[:teams])


def mark(letter: str) -> str:
    """The symbol of the role of ``letter``, as text."""
    return MARKS[role_of(letter).symbol]


class Side(msgspec.Struct, frozen=True):
    """One spymaster's side of a key: its label ("" for a key with one side) and the role of
    each cell, row by row as the board shows them."""

    label: str
    roles: tuple[tuple[str, ...], ...]

    def counts(self) -> dict[str, int]:
        """How many cells each role holds, in the legend's order."""
        found = [role for row in self.roles for role in row]
        return {letter: found.count(letter) for letter in in_order(found)}


class Table(msgspec.Struct, frozen=True):
    """One game as the formats show it: its number, its names row by row (as a person reads
    them: a picture by its name without the extension), the file names behind pictures, and
    its key."""

    number: int
    names: tuple[tuple[str, ...], ...]
    cells: tuple[tuple[str, ...], ...]  # as dealt: words, or pictures' file names
    starting: str | None  # "red" or "blue"; None in a game without teams
    sides: tuple[Side, ...]
    # The teams in the order they play, the starting one first, where more than two play (with
    # two, the other team plays second, as every player knows); () otherwise.
    order: tuple[str, ...] = ()


class Board(msgspec.Struct, frozen=True):
    """Everything the formats show, the key apart in each table."""

    title: str
    game: str  # the game's name, for bots
    language: str
    pictures: bool  # its cards are pictures alone: the web page shows them
    rows: int
    columns: int
    tables: tuple[Table, ...]
    seed: int | None = None  # deals every key again: in a key's file that holds every side, and nowhere else
    colours: Mapping[str, str] = msgspec.field(default_factory=dict)  # the theme's, as "#RRGGBB", by name
    thumbnails: Mapping[str, bytes] = msgspec.field(default_factory=dict)  # each picture's card face, PNG or JPEG
    teams: int = 2  # the game's teams: a board shows the roles of those alone
    cards: str = "word"  # the kind of card the table is dealt from (cards.CardKind.name), for bots


def board_of(request: Request[Any]) -> Board:
    game = request.game
    rows, columns = game.grid.rows, game.grid.columns
    kind = game.grid.cards
    teams = game.table.teams if game.table else 2
    tables = tuple(_table(dealt.number, dealt.cells, dealt.key.sides, columns, kind, teams)
                   for dealt in request.games)
    return Board(heading_title(request.title, request.game_title), game.name, request.language, kind.pictures_alone,
                 rows, columns, tables, request.seed, colours_of(request.theme, teams), request.thumbnails, teams,
                 kind.name)


def colours_of(theme: Theme | None, teams: int = 2) -> dict[str, str]:
    """The theme's colours as a web page and a forum write them."""
    if theme is None:
        return {}
    return {name: "#" + "".join(f"{round(part * 255):02X}" for part in rgb_of(theme.colour(name)))
            for name in colour_names(theme, teams)}


def _table(number: int, cells: tuple[str, ...], sides: Sequence[KeySide], columns: int, kind: CardKind,
           teams: int) -> Table:
    names = tuple(shown_name(cell, kind) for cell in cells)
    starting = next((side.starting for side in sides if side.starting), None)
    order = tuple(role.name for role in play_order(teams, starting)) if starting and teams > 2 else ()
    return Table(number, _rows(names, columns), _rows(cells, columns), starting,
                 tuple(Side(side.label, _rows(side.roles, columns)) for side in sides), order)


def _rows(cells: Sequence[str], columns: int) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(cells[at:at + columns]) for at in range(0, len(cells), columns))


def shown_name(cell: str, kind: CardKind) -> str:
    """A codename as its kind of card names it: a word as the cards print it, a picture by its
    file name without the extension ("hamburger.svg" -> "hamburger"). A file name may hold what
    no word list is let through (an ESC that would run in a terminal, a right-to-left override,
    a line break that would split the grid): those characters are written as their escapes
    (``\\x1b``), so the name shows and does nothing."""
    return escaped(kind.shown_name(cell))


def heading_title(kit_title: str | None, game_title: str) -> str:
    """The kit's title, or the game's where it only adds the edition ("Codenames" ->
    "Codenames Duet"); the game's title where the kit has none."""
    if not kit_title or game_title.startswith(kit_title):
        return game_title
    return kit_title


def role_word(letter: str) -> str:
    """A role as bots read it: "red", "blue", "bystander", "assassin", "agent"."""
    return ROLE_NAMES[letter]


# --- The words of the headings, in the kit's language ----------------------------------------


class Words(msgspec.Struct, frozen=True):
    """The headings and labels of one board, in its language (the export's texts)."""

    texts: Labels
    numbered: bool  # several games: each is numbered

    def game(self, number: int) -> str:
        return f"{self.texts.text('game')} {number}"

    def heading(self, title: str, number: int) -> str:
        """The title line of a game: "Codenames · Game 2", or the title alone for one game."""
        return f"{title} · {self.game(number)}" if self.numbered else title

    def key_heading(self, title: str, number: int) -> str:
        return f"{self.heading(title, number)} · {self.texts.text('key')}"

    def starts(self, team: str) -> str:
        return self.texts.text(f"{team} starts")

    def order(self, teams: Sequence[str], marks: Callable[[str], str]) -> str:
        """The order of play, each team with its mark: "Order of play: ● Blue → ■ Green → ◆ Red"."""
        named = (f"{marks(team_role(team).letter)} {self.team(team)}" for team in teams)
        return f"{self.order_label()} {THEN.join(named)}"

    def order_label(self) -> str:
        """"Order of play:", with the colon as the language spaces it."""
        return self.texts.text("order")

    def team(self, team: str) -> str:
        """A team by its colour, as the order of play names it: "Blue"."""
        return self.texts.text(f"{team} team")

    def side(self, label: str) -> str:
        return f"{self.texts.text('side')} {label}"

    def seed(self, seed: int) -> str:
        """The seed under a key, "Seed 7": the number as --seed takes it, without grouping."""
        return f"{self.texts.text('seed')} {seed}"

    def secret(self, sides: Sequence[Side]) -> str:
        """Who may read the key: the spymasters; each player their own side; or, a side in a
        file of its own, that side's player alone."""
        if len(sides) > 1:
            return self.texts.text("secret sides")
        if sides and sides[0].label:
            return self.texts.text("secret side")
        return self.texts.text("secret")

    def sides_note(self) -> str:
        return self.texts.text("sides note")

    def role(self, letter: str) -> str:
        """A role's name, as the game's tiles print it: "red agent"."""
        return self.texts.text(role_of(letter).noun)

    def count(self, letter: str, count: int) -> str:
        """How many cells a role holds: "9 red agents", "1 assassin"."""
        return self.texts.count(role_of(letter).nouns, count)


def words_of(request: Request[Any]) -> Words:
    return Words(request.texts, len(request.games) > 1)


# --- Widths in a terminal ----------------------------------------------------------------------


def terminal_width(text: str) -> int:
    """The columns ``text`` takes in a terminal: East Asian wide and full-width characters take
    two, combining marks and invisible format characters none (ambiguous ones one, as most
    terminals draw them)."""
    return sum(_character_width(character) for character in text)


def _character_width(character: str) -> int:
    if unicodedata.combining(character) or unicodedata.category(character) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(character) in ("W", "F") else 1


def padded(text: str, width: int) -> str:
    """``text`` with spaces after it to fill ``width`` terminal columns."""
    return text + " " * max(width - terminal_width(text), 0)


def em_width(text: str) -> float:
    """How wide ``text`` is in bold, in ems, to size a word on a web page: its longest run
    between spaces (where the page may break a line), measured with Helvetica Bold's widths
    (Arial's and Liberation Sans's too; an accented letter as its base letter), a wide
    character as one em and any other character as a broad capital."""
    return max((sum(map(_em, part)) for part in text.split()), default=1.0)


def _em(character: str) -> float:
    width = _character_width(character)
    if width != 1:
        return float(width) / 2
    base = unicodedata.normalize("NFD", character)[0]
    return stringWidth(base, "Helvetica-Bold", 1) if ord(base) < 256 else 0.78
