"""The saved object: one JSON file that Tabletop Simulator loads from its Saved Objects menu,
holding the codename deck, the key deck and the tiles, laid out ready to play (``table``), on
sheet images drawn as the PDFs print the cards (``sheets``).

Every card has a back of its own (the other word, the other key, the tile's other side), so
each component has face sheets and back sheets laid out alike (``UniqueBack``), and the back
is what the other players see of a card in a hand (``BackIsHidden``): all 70 slots hold cards.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, Sequence

import msgspec
from msgspec.structs import replace

from ...games.game import Game
from ...units import plural
from ..export import CODENAMES, KEYS, TILES, ImageFile, Made, Maker, Request, TextFile
from . import TtsOptions
from .sheets import (
    BACK,
    FRONT,
    PER_SHEET,
    POINTS_PER_INCH,
    Sheet,
    is_sheet_name,
    plan_sheets,
    sheet_drawing,
    slot_pixels,
    thumbnail_drawing,
)
from .table import Layout, Transform, lay_out

SAVED_OBJECT = "codenames.json"  # one name whatever the game: a later run replaces the earlier one
THUMBNAIL = "codenames.png"  # TTS shows the PNG named like a saved object in its menu
THUMBNAIL_PIXELS = 256
CARD_SHAPE = 0  # CustomDeck Type: TTS's rounded rectangle, the shape of a printed card
SAVED_OBJECTS = (
    ("Windows", r"Documents\My Games\Tabletop Simulator\Saves\Saved Objects"),
    ("macOS", "~/Library/Tabletop Simulator/Saves/Saved Objects"),
    ("Linux", "~/.local/share/Tabletop Simulator/Saves/Saved Objects"),
)


class Part(msgspec.Struct, frozen=True):
    """One component as it goes on the table: its cards (a front and back each), drawn by
    ``artist`` at ``card_size``, on ``sheets``."""

    component: str
    faces: Sequence[tuple[Any, Any]]
    artist: Any
    card_size: tuple[float, float]
    sheets: tuple[Sheet, ...]
    jpeg: bool = False  # photographs, which make PNG sheets many times larger
    names: tuple[str, ...] = ()  # each card's name, as a player searches for it ("APPLE / PEAR"); "" for none

    def card_id(self, index: int) -> int:
        """The CardID of the part's card ``index`` (from 0)."""
        sheet = self.sheets[index // PER_SHEET]
        return sheet.card_id(index - sheet.first)

    def card_ids(self) -> list[int]:
        return [self.card_id(index) for index in range(len(self.faces))]


class TtsMaker(Maker[TtsOptions]):
    deals_games = False  # the whole deck goes on the table: players shuffle and deal as with the box

    def outputs(self, own: TtsOptions, game: Game) -> dict[Path | None, str]:
        folder = own.out_dir
        return {folder / SAVED_OBJECT: f"the saved object {folder / SAVED_OBJECT}",
                folder / THUMBNAIL: f"the thumbnail {folder / THUMBNAIL}"}

    def own_file(self, name: str) -> bool:
        return name in (SAVED_OBJECT, THUMBNAIL) or is_sheet_name(name, (CODENAMES, KEYS, TILES))

    def card_sizes(self, own: TtsOptions, game: Game, paper: tuple[float, float] | None,
                   settings_sizes: Mapping[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
        return {component: settings_sizes[component] for component in (CODENAMES, KEYS, TILES)}

    def shown_dpi(self, own: TtsOptions, game: Game, card_size: tuple[float, float]) -> float | None:
        """A photo's card is a slot of a sheet image (148 dpi for 70 x 45 mm): finer pixels would
        only be drawn to be thrown away."""
        return slot_pixels(card_size)[0] / (card_size[0] / POINTS_PER_INCH)

    def make(self, request: Request[TtsOptions]) -> Made:
        parts = plan_parts(request)
        folder = request.own.out_dir
        images = [image for part in parts.values() for image in sheet_images(part, folder)]
        codenames = parts[CODENAMES]
        thumbnail = ImageFile(folder / THUMBNAIL, thumbnail_drawing(codenames.faces[0][FRONT], codenames.artist,
                                                                    codenames.card_size, THUMBNAIL_PIXELS),
                              (THUMBNAIL_PIXELS, THUMBNAIL_PIXELS))
        where = image_address(folder, request.own.base_url)
        saved = saved_object(request, parts, where)
        text = json.dumps(saved, indent=2, ensure_ascii=False) + "\n"
        return Made((TextFile(folder / SAVED_OBJECT, text), *images, thumbnail),
                    summary(request, parts, folder, len(images)))


def plan_parts(request: Request[TtsOptions]) -> dict[str, Part]:
    """Each component's cards on its sheets, the CustomDeck numbers running on from one
    component to the next. Blank codename cards stay out: nothing can be written on a card in
    TTS, and a blank dealt into the grid would only be dealt again."""
    parts: dict[str, Part] = {}
    first_deck = 1
    for component in (CODENAMES, KEYS, TILES):
        cards = request.cards[component]
        faces = [pair for pair in cards.faces if any(face is not None for face in pair)]
        sheets = plan_sheets(component, len(faces), cards.card_size, first_deck)
        jpeg = component == CODENAMES and request.game.grid.cards.pictures_alone
        names = card_names(faces, cards.named, request.game.grid.cards) if component == CODENAMES else ()
        parts[component] = Part(component, faces, cards.artist, cards.card_size, sheets, jpeg, names)
        first_deck += len(sheets)
    return parts


def card_names(faces: Sequence[tuple[Any, Any]], named: Mapping[str, Any], kind: Any) -> tuple[str, ...]:
    """Each codename card's name: the codenames on its two sides as the board names them, front
    first ("APPLE / PEAR"), so that a player finds a card by searching for either."""
    by_face = {id(face): kind.shown_name(name) for name, face in named.items()}
    return tuple(" / ".join(by_face[id(face)] for face in pair if face is not None and id(face) in by_face)
                 for pair in faces)


def sheet_images(part: Part, folder: Path) -> list[ImageFile]:
    """The part's sheets, each a front picture and a back picture."""
    return [ImageFile(folder / sheet.file_name(side, part.jpeg),
                      sheet_drawing(sheet, part.faces, side, part.artist, part.card_size), sheet.pixels, part.jpeg)
            for sheet in part.sheets for side in (FRONT, BACK)]


def image_address(folder: Path, base_url: str | None) -> Callable[[str], str]:
    """Where the JSON says an image is: at ``base_url`` (which ends in "/"), or as a file:///
    address on this computer (the folder made absolute, by path arithmetic alone)."""
    if base_url:
        return lambda name: base_url + name
    absolute = folder.absolute()
    return lambda name: (absolute / name).as_uri()


def saved_object(request: Request[TtsOptions], parts: Mapping[str, Part], where: Callable[[str], str]) -> dict[str, Any]:
    """The saved object's JSON, as TTS writes one: its pieces in ``ObjectStates``."""
    game, texts = request.game, request.texts
    codenames, keys, tiles = parts[CODENAMES], parts[KEYS], parts[TILES]
    kinds = tile_kinds(game, tiles.faces)
    layout = lay_out((game.grid.rows, game.grid.columns), codenames.card_size, keys.card_size, tiles.card_size,
                     len(kinds))
    guids = (f"{number:06x}" for number in itertools.count(0xC0DE01))
    objects = [
        pile(codenames, codenames.card_ids(), layout.codenames, texts.text(f"{game.grid.cards.texts_key} cards"), "", where,
             guids),
        *key_piles(game, keys, layout, texts.text("key cards"), where, guids, texts,
                   1 + max(sheet.deck for part in parts.values() for sheet in part.sheets)),
        *(pile(tiles, [tiles.card_id(index) for index in indices], transform, request.tile_names.get(name, name), "",
               where, guids)
          for (name, indices), transform in zip(kinds, layout.tiles)),
    ]
    name = request.game_title
    title = name if not request.title or request.title in name else f"{request.title} ({name})"
    return {"SaveName": shown_text(title), "GameMode": "", "Date": "", "VersionNumber": "", "Gravity": 0.5,
            "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "ObjectStates": objects, "TabStates": {}}


def key_piles(game: Game, keys: Part, layout: Layout, name: str, where: Callable[[str], str], guids: Iterator[str],
              texts: Any, free: int) -> list[dict[str, Any]]:
    """Two key decks in the same order, one by each spymaster, who draw their top cards
    together: a hand is private to its player, so each holds the same key, and the others see
    its back. The second deck's ``CustomDeck`` entries are its own, numbered from ``free`` (no
    card is in two decks), on the same pictures; where each player reads a side of their own
    (Duet), swapped, so that it shows the other side face up."""
    sides = len(game.key_cards.sides) > 1
    hint = texts.text("key cards hint sides" if sides else "key cards hint")
    first = pile(keys, keys.card_ids(), layout.keys, f"{name} · 1", hint, where, guids)
    assert layout.other_keys is not None
    first_deck = min(sheet.deck for sheet in keys.sheets)
    second = replace(keys, sheets=tuple(replace(sheet, deck=free + sheet.deck - first_deck) for sheet in keys.sheets))
    return [first, pile(second, second.card_ids(), layout.other_keys, f"{name} · 2", hint, where, guids,
                        swapped=sides)]


def tile_kinds(game: Game, faces: Sequence[tuple[Any, Any]]) -> list[tuple[str, list[int]]]:
    """The tiles by kind, in the set's order: the name its front prints, and the tiles (by
    index) of that kind in every set. Kinds whose fronts print the same name (timer tokens and
    their spares) stay apart: their faces differ.

    Tiles go in decks of one kind each rather than in bags: a deck lies face up showing what
    it holds and how many are left, gives its top tile to a drag and takes one back when it is
    dropped on it; a bag hides what it holds and hands out a piece at random, so every kind
    would need a bag of its own anyway, with its count only in a tooltip."""
    kinds: dict[tuple[Any, Any], list[int]] = {(kind.front, kind.back): [] for kind in game.tiles}
    for index, (front, back) in enumerate(faces):
        kinds[(front.plain, back.plain)].append(index)
    return [(front.name, indices) for (front, _), indices in kinds.items() if indices]


def pile(part: Part, card_ids: Sequence[int], transform: Transform, nickname: str, description: str,
         where: Callable[[str], str], guids: Iterator[str], swapped: bool = False) -> dict[str, Any]:
    """A deck of the part's cards ``card_ids``, in that order, or a single card where there is
    one (TTS holds no deck of one); ``swapped``: each card's back shown as its face."""
    decks = {sheet.deck: custom_deck(sheet, part.jpeg, where, swapped) for sheet in part.sheets}
    name_of = dict(zip(part.card_ids(), part.names))
    cards = [card(card_id, decks, transform, next(guids), shown_text(name_of.get(card_id, ""))) for card_id in card_ids]
    nickname, description = shown_text(nickname), shown_text(description)
    if len(cards) == 1:
        return {**cards[0], "Nickname": nickname, "Description": description}
    used = sorted({card_id // 100 for card_id in card_ids})
    return {"GUID": next(guids), "Name": "DeckCustom", "Transform": transform.as_json(), "Nickname": nickname,
            "Description": description, **HANDLING, "SidewaysCard": False, "DeckIDs": list(card_ids),
            "CustomDeck": {str(number): decks[number] for number in used}, "ContainedObjects": cards}


def shown_text(text: str) -> str:
    """A name as Tabletop Simulator shows it, and nothing more. Its names and descriptions read
    tags in brackets ("[b]", "[i]", "[FF0000]" for a colour, "[-]" to end one, "[url=...]"),
    and have no escape for them: a zero-width space after each "[" keeps an edition's title or
    tile name ("[FF0000]Red") from opening one, and shows nothing."""
    return text.replace("[", "[\u200b")


# Every piece may be picked up, dropped on the grid and taken into a hand.
HANDLING = {"Locked": False, "Grid": True, "Snap": True, "Autoraise": True, "Sticky": True, "Tooltip": True,
            "HideWhenFaceDown": False, "Hands": True}


def card(card_id: int, decks: Mapping[int, dict[str, Any]], transform: Transform, guid: str,
         name: str = "") -> dict[str, Any]:
    """One card, with its own copy of its sheet's CustomDeck entry, as TTS writes a card in a deck."""
    number = card_id // 100
    return {"GUID": guid, "Name": "Card", "Transform": transform.as_json(), "Nickname": name, "Description": "",
            **HANDLING, "SidewaysCard": False, "CardID": card_id, "CustomDeck": {str(number): decks[number]}}


def custom_deck(sheet: Sheet, jpeg: bool, where: Callable[[str], str], swapped: bool = False) -> dict[str, Any]:
    """A sheet's CustomDeck entry: its two pictures (``swapped``: the back's as the face) and its grid."""
    face, back = (BACK, FRONT) if swapped else (FRONT, BACK)
    return {"FaceURL": where(sheet.file_name(face, jpeg)), "BackURL": where(sheet.file_name(back, jpeg)),
            "NumWidth": sheet.columns, "NumHeight": sheet.rows, "BackIsHidden": True, "UniqueBack": True,
            "Type": CARD_SHAPE}


def summary(request: Request[TtsOptions], parts: Mapping[str, Part], folder: Path, images: int) -> tuple[str, ...]:
    """What was written, where TTS looks for it, and who can see the pictures."""
    counted = {CODENAMES: request.game.grid.cards.card,
               KEYS: "key card", TILES: "tile"}
    contents = ", ".join(f"{plural(len(part.faces), counted[name])} on {plural(len(part.sheets), 'sheet')}"
                         for name, part in parts.items())
    lines = [f"Wrote {SAVED_OBJECT}, {THUMBNAIL} and {plural(images, 'sheet image')} to {folder}/: {contents}.",
             (f"To play, copy {SAVED_OBJECT} and {THUMBNAIL} into Tabletop Simulator's Saved Objects folder and "
              "load it from Objects > Saved Objects:"),
             *(f"  {system + ':':9}{path}" for system, path in SAVED_OBJECTS)]
    base_url = request.own.base_url
    if base_url:
        lines.append(f"The saved object looks for the images at {base_url}: put the {plural(images, 'sheet image')} "
                     "there before loading it, and every player sees the cards.")
    else:
        lines.append(f"The images are linked as files on this computer, so leave them in {folder}/: single player "
                     "and hotseat only. To play online, put them on the web and run again with --base-url ADDRESS.")
    return tuple(lines)


MAKER = TtsMaker()
