"""The key card deck: balanced keys dealt from a seed, as a PDF and a JSON manifest."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable

from ..draw.keycard import COMMON_BACK, KeyCardArtist, KeyFace
from ..errors import UsageError
from ..geometry.keyface import MIN_KEY_CARD, key_face_layout
from ..geometry.sheet import SheetPlan
from ..model.keys import BalanceReport, KeyCard, balance_report, deal_deck
from ..settings.options import KeyOptions
from ..settings.units import format_mm
from .cards import card_printing, card_theme, print_cards
from .sources import check_title, load_font

# Decks this large take a second or more to deal: say what is happening.
PROGRESS_FROM = 500


@dataclass(frozen=True)
class KeysResult:
    cards: list[KeyCard]
    pdf: bytes
    manifest: str
    seed: int
    plan: SheetPlan
    sheets: int
    pages: int
    images: tuple[tuple[str, bytes], ...] = ()  # one PNG a face, for services that take images

    @property
    def keys_per_card(self) -> int:
        return len(self.cards[0].faces)

    def report(self) -> BalanceReport:
        return balance_report([face for card in self.cards for face in card.faces])


def build_keys(options: KeyOptions, progress: Callable[[str], None] = lambda step: None) -> KeysResult:
    """The key deck's PDF and manifest; ``progress`` hears what is happening on large decks."""
    if min(options.card_size) < MIN_KEY_CARD:
        raise UsageError(
            f"a {format_mm(options.card_size[0])} x {format_mm(options.card_size[1])} mm key card is too small "
            f"to read: choose a --card-size of at least {format_mm(MIN_KEY_CARD)} mm on each side"
        )
    if options.count < PROGRESS_FROM:
        progress = lambda step: None  # noqa: E731 - small decks finish before a message helps
    font = load_font(options.font)
    check_title(options.style.title, font)
    double_sided = not options.single_sided
    progress(f"dealing {options.count * (2 if double_sided else 1):,} balanced keys")
    cards = deal_deck(options.count, options.seed, double_sided)
    progress(f"drawing {options.count:,} cards")
    sheet = options.sheet
    printing = card_printing(options.card_size, sheet)
    layout = key_face_layout(*printing.card_size, bleed=printing.bleed)
    theme = card_theme(sheet, options.style)
    faces = [
        (KeyFace(card.faces[0], face_label(card, 0)),
         KeyFace(card.faces[1], face_label(card, 1)) if double_sided else COMMON_BACK)
        for card in cards
    ]
    artist = KeyCardArtist(layout, font, theme, common_back=not double_sided)
    printed = print_cards("Key cards", printing, faces, artist, theme, sheet, options.style, font)
    return KeysResult(cards, printed.pdf, manifest_json(options.seed, cards), options.seed,
                      printing.plan, printed.sheets, printed.pages, printed.images)


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
