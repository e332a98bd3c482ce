"""The key card deck: balanced keys dealt from a seed, as a PDF and a JSON manifest; classic
key cards, or Duet's, whose two sides are one key seen by the two players."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Callable

from ..draw.keycard import COMMON_BACK, KeyCardArtist, KeyFace
from ..errors import UsageError
from ..geometry.keyface import MIN_KEY_CARD, key_face_layout
from ..geometry.sheet import SheetPlan
from ..typeface.font import Font
from ..model.duet import SIDES, DuetBalance, DuetCard, deal_duet, duet_balance
from ..model.keys import BalanceReport, KeyCard, balance_report, deal_deck
from ..settings.options import KeyOptions
from ..units import format_mm
from .cards import CardPrinting, PrintedCards, card_printing, card_theme, print_cards
from .language import kit_language
from .sources import check_title, load_font, unprintable

# Decks this large take a second or more to deal: say what is happening.
PROGRESS_FROM = 500


@dataclass(frozen=True)
class KeysResult:
    cards: list[KeyCard] | list[DuetCard]
    pdf: bytes
    manifest: str
    seed: int
    plan: SheetPlan
    sheets: int
    pages: int
    images: tuple[tuple[str, bytes], ...] = ()  # one PNG a face, for services that take images
    duet: bool = False  # Duet key cards: ``cards`` are DuetCards
    notes: tuple[str, ...] = ()  # labels that fell back to English

    @property
    def keys_per_card(self) -> int:
        """Faces that carry a grid: two on a double-sided or Duet card (a Duet card's two
        sides are two players' views of one deal), one on a single-sided card."""
        return len(SIDES) if self.duet else len(self.cards[0].faces)  # type: ignore[union-attr]

    def report(self) -> BalanceReport | DuetBalance:
        if self.duet:
            return duet_balance(self.cards)  # type: ignore[arg-type]
        return balance_report([face for card in self.cards for face in card.faces])  # type: ignore[union-attr]


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
    _check_labels(font, "0123456789" + ("AB" if options.duet else "ab"))
    printing = card_printing(options.card_size, options.sheet)
    if options.duet:
        return _build_duet(options, progress, font, printing)
    double_sided = not options.single_sided
    progress(f"dealing {options.count * (2 if double_sided else 1):,} balanced keys")
    cards = deal_deck(options.count, options.seed, double_sided)
    progress(f"drawing {options.count:,} cards")
    sheet = options.sheet
    layout = key_face_layout(*printing.card_size, bleed=printing.bleed)
    theme = card_theme(sheet, options.style)
    faces = [
        (KeyFace(card.faces[0], face_label(card, 0)),
         KeyFace(card.faces[1], face_label(card, 1)) if double_sided else COMMON_BACK)
        for card in cards
    ]
    language = kit_language(options.style.lang)
    back_title = language.capitals(language.labels.text("key card"))
    if not double_sided:
        _check_back_title(back_title, font)
    artist = KeyCardArtist(layout, font, theme, common_back=not double_sided, back_title=back_title)
    printed = print_cards("Key cards", printing, faces, artist, theme, sheet, options.style, font)
    return KeysResult(cards, printed.pdf, manifest_json(options.seed, cards), options.seed,
                      printing.plan, printed.sheets, printed.pages, printed.images,
                      notes=() if double_sided else language.notes)


def _build_duet(options: KeyOptions, progress: Callable[[str], None], font: Font, printing: CardPrinting) -> KeysResult:
    """Duet key cards: side A on the front, side B on the back, printed so that B keeps A's
    top edge once the card is turned over about its upright axis, as it stands between the
    players (whichever way the sheet is turned over, or folded)."""
    from ..draw.duetcard import DuetCardArtist, DuetFace
    from ..geometry.duetface import duet_face_layout

    progress(f"dealing {options.count:,} balanced Duet key cards")
    cards = deal_duet(options.count, options.seed)
    progress(f"drawing {options.count:,} cards")
    theme = card_theme(options.sheet, options.style)
    faces = [(DuetFace("A", card.a, card.number), DuetFace("B", card.b, card.number)) for card in cards]
    artist = DuetCardArtist(duet_face_layout(*printing.card_size, bleed=printing.bleed), font, theme)
    printed: PrintedCards = print_cards("Duet key cards", printing, faces, artist, theme, options.sheet,
                                        options.style, font, same_up=True)
    return KeysResult(cards, printed.pdf, duet_manifest_json(options.seed, cards), options.seed, printing.plan,
                      printed.sheets, printed.pages, printed.images, duet=True)


def _check_labels(font: Font, characters: str) -> None:
    """Refuse a font that would print the cards' numbers or side letters blank."""
    problem = unprintable(characters, font)
    if problem is not None:
        raise UsageError(f"the key cards' numbers and side letters: {problem}: choose a --font that has "
                         "the digits and the letters they use")


def _check_back_title(title: str, font: Font) -> None:
    """The plain back's title is in the kit's language: refuse one the font would print blank."""
    problem = unprintable(title, font)
    if problem is not None:
        raise UsageError(f"the key cards' back title '{title}' {problem}: choose a --font that has them")


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


def duet_manifest_json(seed: int, cards: list[DuetCard]) -> str:
    """Each side's grid as its player sees it, rows top to bottom; one card per line."""
    lines = [
        json.dumps({"card": card.number,
                    "sides": [{"side": side, "grid": card.rows(side)} for side in SIDES]})
        for card in cards
    ]
    return f'{{"duet": true, "seed": {json.dumps(seed)}, "cards": [\n' + ",\n".join(lines) + "\n]}\n"
