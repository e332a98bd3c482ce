"""The game book and the spymasters' booklet as geometry: where each page puts its grid, its
head and its keys, and how large the cards are drawn.

Pure: points, pages with their origin at the bottom left, cells row-major with the top row
first, as the codenames lie.

A game page is a table seen from above: the game's grid of codename cards, as large as the page
allows, under a head naming the game. The sheet is turned whichever way gives larger cards
(landscape for 5 x 5 word cards and 5 x 4 pictures on every usual paper). A word card is drawn
at a size whose label holds the codename at the type scale's largest step, then scaled to its
cell: the word card's margins are fixed lengths, so a small cell drawn at its own size would
spend most of its height on them. A picture card is drawn at its cell's size, or scaled down
from the smallest card that shows a picture.

A booklet page is upright, with as many keys as keep them large enough to read their lights
across the spymasters' side of the table, each under its game's number.
"""

from __future__ import annotations

from functools import lru_cache

import msgspec

from ...errors import CngenError
from ...geometry.keyface import MIN_KEY_CARD
from ...geometry.pictureface import MIN_WINDOW
from ...geometry.sheet import Box
from ...geometry.style import DISPLAY, FRAME_INSET, FRAME_LINE
from ...geometry.wordface import word_face_layout
from ...units import MM, format_mm

MARGIN = 10 * MM  # every edge: home printers leave 3 to 6 mm unprinted
HEAD = 9 * MM  # the game's number and the kit's title, over the grid
HEAD_GAP = 3 * MM  # from the head's rule to the grid
GAP = 2.5 * MM  # between two cards of the grid, as they lie on a table
# The line a fitted word needs, in ems: the bundled face's (ascent - descent), which the word
# card's fit uses. Another font differs a little: the card then fits the word a little smaller.
LINE = 1.2
# A long codename, in ems of its size: nine in ten of the bundled decks' words are narrower in
# the bundled bold face. The sheet is turned the way that prints such a word larger.
LONG_WORD = 4.5
WIDEST = 70 / 45 * 1.15  # a word cell wider than the word card's shape and a little more is narrowed
LARGEST_SCALE = 1.6  # a word card drawn at most this much larger than its size (A3 and up)
# A page whose words could not print at this size at most cannot be read across the table.
SMALLEST_WORD = 14.0
# The smallest picture card that shows a picture (its window MIN_WINDOW), drawn smaller where
# the cell is; a cell smaller than SMALLEST_PICTURE_CELL shows pictures too small to tell apart.
SMALLEST_PICTURE_CARD = MIN_WINDOW + 2 * (FRAME_INSET + FRAME_LINE) + 1 * MM
SMALLEST_PICTURE_CELL = 24 * MM

KEY_CAPTION = 8 * MM  # the game's number over each key
KEY_FOOT = 7 * MM  # the line that keeps the page secret, under the keys
KEY_GAP = 5 * MM  # between two keys' places, either way
LARGEST_KEY = 80 * MM  # larger reads no better, and keeps fewer keys a page
READABLE_KEY = 60 * MM  # a booklet keeps its keys at least this large where the paper allows
MOST_KEYS = 6  # a page: more would make them smaller on A4 and Letter, for no gain
MOST_KEY_COLUMNS, MOST_KEY_ROWS = 4, 5


class GamePage(msgspec.Struct, frozen=True):
    size: tuple[float, float]
    head: Box  # the head's band: its baseline region, above the rule
    rule_y: float  # the rule under the head
    cells: tuple[Box, ...]  # row-major, the top row first
    card: tuple[float, float]  # the size the codename cards are drawn at, before scaling
    scale: float  # card -> cell

    @property
    def largest_word(self) -> float:
        """The upright codename's largest printed size, in points (short words reach it)."""
        return DISPLAY * self.scale


class KeyPlace(msgspec.Struct, frozen=True):
    key: Box  # the key card, square
    caption: tuple[float, float]  # the centre of the caption's baseline


class KeyPage(msgspec.Struct, frozen=True):
    size: tuple[float, float]
    head: Box
    rule_y: float
    places: tuple[KeyPlace, ...]  # row-major, the top row first
    columns: int
    rows: int
    key_side: float

    @property
    def per_page(self) -> int:
        return len(self.places)

    def turned_over(self) -> tuple[KeyPlace, ...]:
        """The places of the sheet's back, read with the sheet turned about its upright axis, as
        a key card stands between two players: the same rows, the columns the other way round.
        Place i of the result lies behind place i of the front."""
        return tuple(self.places[row * self.columns + self.columns - 1 - column]
                     for row in range(self.rows) for column in range(self.columns))


def game_page(paper: tuple[float, float], rows: int, columns: int, pictures: bool) -> GamePage:
    """The page for a game of ``rows`` x ``columns`` cards, the sheet turned the way that gives
    the larger cards; refused when even that leaves them too small to read across a table."""
    sizes = sorted({(max(paper), min(paper)), (min(paper), max(paper))}, reverse=True)  # landscape first
    pages = [_game_page(size, rows, columns, pictures) for size in sizes]
    best = max(pages, key=lambda page: page.cells[0].width if pictures else long_word_size(page))
    if pictures:
        side = best.cells[0].width
        if side < SMALLEST_PICTURE_CELL:
            raise CngenError(_too_small(paper, f"its pictures would be {format_mm(side)} mm wide, too small to "
                                               "tell apart across the table"))
    elif best.largest_word < SMALLEST_WORD:
        raise CngenError(_too_small(paper, f"its codenames would print at {best.largest_word:.0f} pt at most, too "
                                           "small to read across the table"))
    return best


def _too_small(paper: tuple[float, float], why: str) -> str:
    return (f"a {format_mm(paper[0])} x {format_mm(paper[1])} mm page is too small for a game book: {why}; "
            "choose --paper a5 or larger")


def _game_page(size: tuple[float, float], rows: int, columns: int, pictures: bool) -> GamePage:
    width, height = size
    rule_y = height - MARGIN - HEAD
    head = Box(MARGIN, rule_y, width - 2 * MARGIN, HEAD)
    room = Box(MARGIN, MARGIN, width - 2 * MARGIN, rule_y - HEAD_GAP - MARGIN)
    cell_width = max((room.width - (columns - 1) * GAP) / columns, 1.0)
    cell_height = max((room.height - (rows - 1) * GAP) / rows, 1.0)
    if pictures:
        cell_width = cell_height = min(cell_width, cell_height)
        card_side = max(cell_width, SMALLEST_PICTURE_CARD)
        card, scale = (card_side, card_side), cell_width / card_side
    else:
        cell_width = min(cell_width, cell_height * WIDEST)
        scale = min(cell_height / display_card_height(), LARGEST_SCALE)
        card = (cell_width / scale, cell_height / scale)
    grid_width = columns * cell_width + (columns - 1) * GAP
    grid_height = rows * cell_height + (rows - 1) * GAP
    left = room.x + (room.width - grid_width) / 2
    top = room.top - (room.height - grid_height) / 2
    cells = tuple(Box(left + column * (cell_width + GAP), top - (row + 1) * cell_height - row * GAP,
                      cell_width, cell_height)
                  for row in range(rows) for column in range(columns))
    return GamePage(size, head, rule_y, cells, card, scale)


def long_word_size(page: GamePage) -> float:
    """The printed size of a long codename (LONG_WORD ems) on the page's cards, in points."""
    label = word_face_layout(*page.card).label_text
    return page.scale * min(DISPLAY, label.width / LONG_WORD, label.height / LINE)


@lru_cache(maxsize=1)
def display_card_height() -> float:
    """The lowest word card whose label holds one line of the codename at its largest size
    (about 41 mm): the card's shares and margins are the word face's own."""
    low, high = 20 * MM, 80 * MM
    for _ in range(40):
        middle = (low + high) / 2
        if word_face_layout(70 * MM, middle).label_text.height >= DISPLAY * LINE:
            high = middle
        else:
            low = middle
    return high


def key_page(paper: tuple[float, float]) -> KeyPage:
    """The booklet's page, upright: the most keys (up to MOST_KEYS) at least READABLE_KEY a
    side, then the largest; one key as large as it goes where the paper holds none that large;
    each under its caption. Refused below the key card's smallest size."""
    width, height = min(paper), max(paper)
    rule_y = height - MARGIN - HEAD
    head = Box(MARGIN, rule_y, width - 2 * MARGIN, HEAD)
    room = Box(MARGIN, MARGIN + KEY_FOOT, width - 2 * MARGIN, rule_y - HEAD_GAP - MARGIN - KEY_FOOT)
    shapes = []
    for columns in range(1, MOST_KEY_COLUMNS + 1):
        for rows in range(1, MOST_KEY_ROWS + 1):
            side = min((room.width - (columns - 1) * KEY_GAP) / columns,
                       (room.height - (rows - 1) * KEY_GAP) / rows - KEY_CAPTION, LARGEST_KEY)
            readable = side >= READABLE_KEY
            shapes.append((readable, min(columns * rows, MOST_KEYS) if readable else 0, side, -columns, rows))
    _, _, side, columns, rows = max(shapes)
    columns = -columns
    if side < MIN_KEY_CARD:
        raise CngenError(_too_small(paper, f"its keys would be {format_mm(side)} mm wide, and a key card needs "
                                           f"{format_mm(MIN_KEY_CARD)} mm to be read"))
    place_width = (room.width - (columns - 1) * KEY_GAP) / columns
    place_height = (room.height - (rows - 1) * KEY_GAP) / rows
    places = []
    for row in range(rows):
        for column in range(columns):
            x = room.x + column * (place_width + KEY_GAP)
            top = room.top - row * (place_height + KEY_GAP)
            block = side + KEY_CAPTION  # the caption and its key, centred in the place
            block_top = top - (place_height - block) / 2
            key = Box(x + (place_width - side) / 2, block_top - block, side, side)
            places.append(KeyPlace(key, (x + place_width / 2, key.top + 2.5 * MM)))
    return KeyPage((width, height), head, rule_y, tuple(places), columns, rows, side)
