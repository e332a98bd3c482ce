"""The key card deck: balanced keys dealt from a seed, as a PDF and a JSON manifest.

Everything ``cngen keys`` does can be done from Python with ``build_keys``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Callable

from .draw.keycard import (
    define_common_back,
    define_key_card_artwork,
    draw_common_back,
    draw_key_face,
    key_face_layout,
)
from .draw.sheet import CardFaces
from .errors import UsageError
from .keys import MAX_CARDS, BalanceReport, KeyCard, balance_report, deal_deck
from .resources import font_path
from .sheets import ImposedCards, SheetOptions, impose_cards
from .typeface import load_font
from .units import MM, format_mm

# Below this the grid's cells get too small to read across the table.
MIN_KEY_CARD = 50 * MM
# Decks this large take a second or more to deal: say what is happening.
PROGRESS_FROM = 500


@dataclass(frozen=True)
class KeyOptions:
    seed: int
    count: int = 40
    double_sided: bool = True
    card: tuple[float, float] = (70 * MM, 70 * MM)
    font: Path | None = None
    sheet: SheetOptions = SheetOptions()


@dataclass(frozen=True)
class KeysResult:
    cards: list[KeyCard]
    imposed: ImposedCards
    manifest: str
    seed: int

    def report(self) -> BalanceReport:
        return balance_report([face for card in self.cards for face in card.faces])


def build_keys(options: KeyOptions, progress: Callable[[str], None] = lambda step: None) -> KeysResult:
    """The key deck's PDF and manifest; ``progress`` hears what is happening on large decks."""
    if not 1 <= options.count <= MAX_CARDS:
        raise UsageError(f"--count must be between 1 and {MAX_CARDS:,}, not {options.count}")
    if min(options.card) < MIN_KEY_CARD:
        raise UsageError(
            f"a {format_mm(options.card[0])} x {format_mm(options.card[1])} mm key card is too small to read: "
            f"choose a --card-size of at least {format_mm(MIN_KEY_CARD)} mm on each side"
        )
    if options.count < PROGRESS_FROM:
        progress = lambda step: None  # noqa: E731 - small decks finish before a message helps
    font = load_font(options.font or font_path())
    keys = options.count * (2 if options.double_sided else 1)
    progress(f"dealing {keys:,} balanced keys")
    cards = deal_deck(options.count, options.seed, options.double_sided)
    progress(f"drawing {options.count:,} cards")
    layout = key_face_layout(*options.card, bleed=options.sheet.artwork_bleed)
    theme = options.sheet.theme
    draw = partial(draw_key_face, layout=layout, font=font, theme=theme)
    faces = [
        CardFaces(
            partial(draw, key=card.faces[0], label=face_label(card, 0)),
            partial(draw, key=card.faces[1], label=face_label(card, 1))
            if options.double_sided
            else partial(draw_common_back, layout=layout),
        )
        for card in cards
    ]
    imposed = impose_cards(
        "Key cards", faces, options.card, options.sheet, font,
        prepare=lambda canvas: _define_artwork(canvas, layout, font, theme),
    )
    return KeysResult(cards, imposed, manifest_json(options.seed, cards), options.seed)


def _define_artwork(canvas, layout, font, theme) -> None:
    define_key_card_artwork(canvas, layout, theme)
    define_common_back(canvas, layout, font, theme)


def face_label(card: KeyCard, side: int) -> str:
    """'17a' and '17b' on a double-sided card, '17' on a single-sided one."""
    return f"{card.number}{'ab'[side]}" if len(card.faces) == 2 else str(card.number)


def manifest_json(seed: int, cards: list[KeyCard]) -> str:
    """Every face's grid, rows top to bottom as printed with the card number upright.

    One card per line, so that the file reads like the deck and diffs line by line.
    """
    lines = [
        json.dumps({
            "card": card.number,
            "faces": [
                {"label": face_label(card, side), "starting": face.starting, "grid": face.rows}
                for side, face in enumerate(card.faces)
            ],
        })
        for card in cards
    ]
    return f'{{"seed": {json.dumps(seed)}, "cards": [\n' + ",\n".join(lines) + "\n]}\n"
