"""What a kind of codename card is, as one value: the interface every kind fills.

A kind of card says what its faces carry (a word, a picture, ...), which inputs a deck of it
reads, how it is named in messages and in the texts printed for players, how its faces are
fitted and drawn at a size, and how the exports show them (a web board's pictures, a book's
cells, Tabletop Simulator's sheets). The jobs, the exports and the command line ask the kind
they are handed and never name one; a game says which kind its table is dealt from
(``games.Grid.cards``).

Adding a kind is a module under ``cards/`` whose class fills ``CardKind``, and one line in
``cards/__init__.py``. Keep its class light: the registry loads on every run, so its fitting and
drawing load only when a face is drawn.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any, Callable

import msgspec

if TYPE_CHECKING:  # the registry loads on every run: drawing, fonts and pictures only when faces are drawn
    from ..draw.sheet import CardFaces
    from ..draw.theme import Theme
    from ..inputs.images import PictureFolder
    from ..model.words import WordList
    from ..typeface.font import Font

WORD, PICTURE = "word", "picture"  # what a face can carry: the parts of a face settings are for


class CardPair(msgspec.Struct, frozen=True):
    """One physical card: a codename (a word, or a picture's name; None for a blank) on each side."""

    front: str | None
    back: str | None


def pair_faces(faces: list[str], blanks: int) -> list[CardPair]:
    """Consecutive faces share a card; blank cards follow."""
    pairs = [CardPair(faces[i], faces[i + 1] if i + 1 < len(faces) else None) for i in range(0, len(faces), 2)]
    return pairs + [CardPair(None, None)] * blanks


class Entries(msgspec.Struct, frozen=True):
    """A deck's codenames, read and checked by the job, for the kind to fit and draw: the word
    list a kind that carries words reads, the folder of pictures a kind that carries pictures
    reads."""

    words: WordList | None = None
    pictures: PictureFolder | None = None

    @property
    def seconds(self) -> bool:
        """Whether any entry carries a second line."""
        return self.words is not None and any(entry.second for entry in self.words.entries)

    @property
    def pictured(self) -> bool:
        """Whether any word names a picture to print above it."""
        return self.words is not None and any(entry.picture for entry in self.words.entries)

    @property
    def names(self) -> list[str]:
        """The codenames as the cards print them, in the list's order: its words (in capitals),
        else the pictures by name."""
        if self.words is not None:
            return self.words.words
        return [picture.name for picture in self.pictures.pictures] if self.pictures is not None else []


class FaceRequest(msgspec.Struct, frozen=True):
    """How a deck's faces are drawn: their size and bleed, the font and theme, the order of the
    faces (the deck's seed; None keeps the list's order) and the blank cards after them, how
    pictures are fitted and made ready for the file, and the option that sets the size, for
    messages to advise (None where no option does)."""

    card_size: tuple[float, float]
    bleed: float
    font: Font
    theme: Theme
    seed: int | None = None
    blanks: int = 0
    fit: str = "cover"
    dpi: int = 300
    cmyk: bool = False
    condition: str | None = None  # a press file's output condition, which photos are separated for
    ink_limit: int = 300  # per cent, the most the inks may cover
    sized_by: str | None = "--card-size"
    progress: Callable[[str], None] = lambda step: None
    second_font: Font | None = None  # second lines' beneath the words; None: the words' font


class DrawnCards(msgspec.Struct, frozen=True):
    """The deck's cards as drawn, with the codenames in the order they are paired, notes for
    the user (photos that print soft), and the font the file must start in where its faces'
    drawings start in it (an SVG's text; None: the faces bring their own)."""

    cards: CardFaces
    order: tuple[str, ...]
    notes: tuple[str, ...] = ()
    file_font: Font | None = None


class CardKind(ABC):
    """A kind of codename card: its names, what its faces carry, how they are drawn, and how
    the exports show them."""

    name: str  # the kind as a board's JSON and the settings name it: "word", "picture"
    noun: str  # one codename of it, in messages: "word", "picture"
    shown: str  # one face on the table, in summaries: "codename", "picture"
    card: str  # one card, in summaries and on the box: "codename card", "picture card"
    card_in_kit: str  # one card in the kit's summary line: "word card", "picture card"
    deck_title: str  # the deck's PDF, at its head: "Codename cards", "Picture cards"
    texts_key: str  # the part of the export texts' keys that differs by kind: how_read_word, how_read_picture
    box_label: str  # the box face's label for the deck (a key of the language's labels)
    blank_side: str  # what a player does on a blank side: "write", "draw"
    carries: frozenset[str]  # what its faces carry (WORD, PICTURE): the inputs a deck reads, the settings for it
    # What a deck of it may carry once its entries are read (``for_entries``): the settings a
    # game dealt from it takes. None: what it carries.
    may_carry: frozenset[str] | None = None
    # Its faces are pictures alone: exports lay them out square, name them by their file, show
    # them as pictures on a web page and save their sheets as JPEG where they are photos.
    pictures_alone: bool = False
    emblem: bool = True  # its faces print the kit's emblem
    # On a book's page the spymasters sit at its head: they read the copy printed upside down
    # at the top of word cards; picture cards' corner marks point the other way.
    spymasters_at_head: bool = True
    # The conditions a rules text's ``when:`` tests to describe these cards (model.ruletext).
    rules_conditions: tuple[str, ...] = ()

    @property
    def reads_words(self) -> bool:
        return WORD in self.carries

    @property
    def reads_pictures(self) -> bool:
        return PICTURE in self.carries

    def takes(self, carried: str) -> bool:
        """Whether a deck of this kind may carry ``carried`` (WORD, PICTURE): the settings for
        it mean something."""
        return carried in (self.may_carry if self.may_carry is not None else self.carries)

    def for_entries(self, entries: Entries) -> CardKind:
        """The kind a deck of these entries prints: this one, or one that shows more of what
        they carry (a word list whose rows give second lines or pictures prints them). The
        entries' pictures are not read yet: the kind returned says whether they are."""
        return self

    def shown_name(self, codename: str) -> str:
        """How a board names a codename of this kind (a picture by its file's stem)."""
        return codename

    def word_size(self, face: Any) -> float | None:
        """The upright word's size on a drawn face, in points; None for a face without a word."""
        return None

    @abstractmethod
    def faces(self, entries: Entries, request: FaceRequest) -> DrawnCards:
        """The deck's cards drawn for ``request``: every entry checked against the font and
        the card (every problem of a list reported at once), fitted, put in order (shuffled
        by the seed), paired, blanks last."""

    def __repr__(self) -> str:
        return f"<{self.name} cards>"
