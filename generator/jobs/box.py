"""``cngen box``: a reverse tuck end box for the cards cngen prints, sized from them: the
card's size and clearance across and up, the stack's depth from the count and the card's
thickness. One box per component (the kit: codename cards, key cards and tiles each get
their own), each net on one sheet, or on two joined by a glue tab when the paper is too small
for it whole."""

from __future__ import annotations

import msgspec
from msgspec.structs import replace

from ..draw.boxart import Bands, BoxFaces
from ..draw.theme import Theme
from ..errors import UsageError
from ..games.game import Game
from ..geometry.dieline import Net, NetSheet, fitted
from ..geometry.tuckbox import ORDER, inside_for, split, too_deep, tuck_box
from ..model.counts import format_millimetres
from ..model.kit import KitContents
from ..model.roles import TEAM_ROLES
from ..settings.options import BoxOptions
from ..units import MM, format_mm, paper_title
from .contents import planned_contents
from .dieline import net_sheet, net_theme, print_nets
from .language import Language, titled
from .sources import check_title, load_font

COMPONENTS = ("deck", "keys", "tokens")  # what a kit's boxes hold, in order
# The flags that size each component's cards, for messages (the box command's and the kit's).
SIZE_FLAGS = {"deck": "--deck-card-size", "keys": "--keys-card-size", "tokens": "--token-card-size"}


class MadeBox(msgspec.Struct, frozen=True):
    holds: str  # "deck", "keys" or "tokens"
    what: str  # in English, for the summary: "codename cards"
    cards: int
    card_size: tuple[float, float]
    inside: tuple[float, float, float]  # width, height, depth (points)
    pieces: int  # 1, or 2 sheets joined by a glue tab
    pages: tuple[int, ...]  # from 1


class BoxResult(msgspec.Struct, frozen=True):
    pdf: bytes
    pages: int
    boxes: tuple[MadeBox, ...]
    paper: tuple[float, float]
    notes: tuple[str, ...] = ()


class Contents(msgspec.Struct, frozen=True):
    """One box's contents: which component, how many cards of what size, and its words."""

    holds: str
    what: str  # English
    label: str  # the kit's language: "Key cards"
    cards: int
    card_size: tuple[float, float]
    count_key: str  # "box cards" or "box tiles"


def build_box(game: Game, options: BoxOptions, cards_flag: str | None = "--cards",
              made: tuple[KitContents, Language] | None = None) -> BoxResult:
    """A box for each component ``options.holds`` names (all three for "kit"), in one PDF.
    ``cards_flag``: the option that sets the count, for messages (None where there is none,
    as in the kit); ``made``: what a kit printed and its language, else counted from the
    options without drawing."""
    kit, language = made or planned_contents(game, options.deck, options.keys, options.tokens)
    options = replace(options, style=titled(options.style, language))
    components = COMPONENTS if options.holds == "kit" else (options.holds,)
    counts = {"deck": kit.word_cards + kit.blank_cards, "keys": kit.key_cards,
              "tokens": kit.tile_sets * sum(kind.per_set for kind in game.tiles)}
    sheet = net_sheet(options.sheet)
    font = load_font(options.font, lang=language.code)
    check_title(options.style.title, font, options.style.title_from)  # on the front and the sides
    theme = net_theme(options.sheet, options.style, font)
    nets: list[Net] = []
    arts: list[BoxFaces] = []
    notes: list[str] = []
    boxes: list[MadeBox] = []
    for holds in components:
        count = options.cards if options.cards is not None and options.holds != "kit" else counts[holds]
        contents = _contents(game, options, holds, count, language)
        inside = inside_for(contents.card_size, count, options.card_thickness)
        _check_depth(contents, inside, options.card_thickness, cards_flag)
        pieces, joins = _pieces(contents, inside, sheet, options.card_thickness, cards_flag)
        first_page = len(nets) + 1
        count_line = f"{language.labels.count(contents.count_key, count)}  ·  {_size_text(contents, language)}"
        for piece, piece_joins in zip(pieces, joins):
            nets.append(piece)
            arts.append(BoxFaces(theme, font, options.style.title, contents.label, count_line, _bands(game, theme),
                                 piece_joins))
            steps = language.labels.text("box steps")
            notes.append(steps + ("\n" + language.labels.text("box join") if len(pieces) > 1 else ""))
        boxes.append(MadeBox(holds, contents.what, count, contents.card_size, inside, len(pieces),
                             tuple(range(first_page, len(nets) + 1))))
    what = "Box" if len(boxes) > 1 else f"Box for {boxes[0].what}"
    printed = print_nets(what, nets, arts, options.sheet, options.style, font, theme, notes)
    return BoxResult(printed.pdf, printed.pages, tuple(boxes), options.sheet.paper, language.notes)


def _bands(game: Game, theme: Theme) -> Bands:
    """The bands round a box: the first team's colour above and the second's below, the look of
    every game of two teams or of none (Duet's box wears them too); where more teams play,
    every team's colour in each band, in the order the roles table lists them."""
    teams = TEAM_ROLES[:game.table.teams if game.table else 2]
    colours = tuple(theme.colour(role.colour) for role in teams)
    if len(colours) == 2:
        return Bands(lower=colours[1:], upper=colours[:1])
    return Bands(lower=colours, upper=colours)


def _contents(game: Game, options: BoxOptions, holds: str, count: int, language: Language) -> Contents:
    labels = language.labels
    if holds == "deck":
        kind = game.grid.cards
        return Contents(holds, f"{kind.card}s", labels.text(kind.box_label), count, options.deck.card_size, "box cards")
    if holds == "keys":
        return Contents(holds, "key cards", labels.text("box keys"), count, options.keys.card_size, "box cards")
    return Contents(holds, "tiles", labels.text("box tokens"), count, options.tokens.card_size, "box tiles")


def _size_text(contents: Contents, language: Language) -> str:
    """The cards' size as the box's face says it, in the kit's language's numbers and symbol."""
    return format_millimetres([side / MM for side in contents.card_size], language.code)


def _pieces(contents: Contents, inside: tuple[float, float, float], sheet: NetSheet, thickness: float,
            cards_flag: str | None) -> tuple[list[Net], list[tuple[tuple[str, str], ...]]]:
    """The net whole on one sheet, else in the two pieces that fit best (the most even), each
    lying the way it fits; refused when even the pieces do not fit."""
    whole = fitted(tuck_box(*inside, name=contents.holds), sheet)
    if whole is not None:
        return [whole], [()]
    options = []
    for at in range(1, len(ORDER)):
        first, second = (fitted(piece, sheet) for piece in split(*inside, at, name=contents.holds))
        if first is not None and second is not None:
            largest = max(first.width * first.height, second.width * second.height)
            options.append((largest, at, first, second))
    if not options:
        raise UsageError(_too_large(contents, inside, sheet, thickness, cards_flag))
    _, at, first, second = min(options, key=lambda option: (option[0], option[1]))
    return [first, second], [((ORDER[at - 1], "right"),), ((ORDER[at], "left"),)]


def _check_depth(contents: Contents, inside: tuple[float, float, float], thickness: float,
                 cards_flag: str | None) -> None:
    if too_deep(inside):
        raise UsageError(
            f"{contents.cards} {contents.what} {_thickness(thickness)} mm thick need a box "
            f"{format_mm(inside[2])} mm deep, more than half again its height of {format_mm(inside[1])} mm, "
            f"which does not hold its shape: {_fewer(cards_flag)}")


def _thickness(thickness: float) -> str:
    """A card's thickness to the hundredth of a millimetre, as it is typed: 0.32."""
    return f"{round(thickness / MM, 2):g}"


def _fewer(cards_flag: str | None) -> str:
    if cards_flag:
        return f"use {cards_flag} N to box fewer and print a second box, or a thinner --card-thickness"
    return "use a thinner --card-thickness, or print the box with cngen box --cards N, twice"


def _too_large(contents: Contents, inside: tuple[float, float, float], sheet: NetSheet, thickness: float,
               cards_flag: str | None) -> str:
    """Why the net does not fit: its depth (a few cards would fit), or the cards' size."""
    paper = paper_title(sheet.paper)
    size = f"{format_mm(contents.card_size[0])} x {format_mm(contents.card_size[1])} mm"
    box = " x ".join(format_mm(side) for side in inside)
    shallow = inside_for(contents.card_size, 1, thickness)
    if fitted(tuck_box(*shallow), sheet) is not None or any(
            all(fitted(piece, sheet) is not None for piece in split(*shallow, at)) for at in range(1, len(ORDER))):
        return (f"{contents.cards} {contents.what} of {size}, {_thickness(thickness)} mm thick, need a box "
                f"{format_mm(inside[2])} mm deep whose net does not fit on {paper} paper even in two pieces: "
                + _fewer(cards_flag))
    flag = SIZE_FLAGS[contents.holds]
    return (f"cards of {size} need a box of {box} mm that does not fit on {paper} paper even in two pieces: "
            f"choose a larger --paper (e.g. sra3) or smaller cards ({flag})")
