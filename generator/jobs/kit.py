"""The whole kit at once: codename cards, key cards and their manifest, tiles, and a rules
sheet that describes exactly these. The files come back as bytes, to be written together
(all or none) by the caller."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import msgspec
from msgspec.structs import replace

from ..games.game import Game
from ..model.kit import BOX, COMBINED, DECK, KEYS, MANIFEST, RULES, STAND, TOKENS, KitContents
from ..settings.options import KitOptions
from .contents import built_contents
from .deck import build_deck
from .keys import build_keys
from .language import Language, settle_language
from .rules import build_rules
from .tokens import build_tokens

NO_PREVIEW = (COMBINED,)  # kit.pdf opens with the deck's first sheet: deck.png already shows it


def kit_file_names(combined: bool, box: bool = False, stand: bool = False) -> tuple[str, ...]:
    """The files a kit writes, in the order it lists them."""
    return (DECK, KEYS, MANIFEST, TOKENS, RULES) + ((BOX,) if box else ()) + ((STAND,) if stand else ()) + \
        ((COMBINED,) if combined else ())


class KitPart(msgspec.Struct, frozen=True):
    """One row of the kit: a file, what it holds and how to print it."""

    name: str
    data: bytes
    pages: int | None = None
    sheets: int | None = None
    duplex: bool = True  # printed like the cards (False: the rules, the manifest, a box or stand)
    paper: tuple[float, float] | None = None  # a page size of its own (a box's or stand's), for the table
    images: tuple[tuple[str, bytes], ...] = ()  # a service's PNG upload of this component


class KitResult(msgspec.Struct, frozen=True):
    parts: list[KitPart]
    seed: int  # the key cards' seed
    contents: KitContents
    dropped: int  # repeated words left out by --dedupe
    notes: tuple[str, ...] = ()  # what is printed in English for want of a translation

    def files(self, out_dir: Path) -> dict[Path, bytes]:
        return {out_dir / part.name: part.data for part in self.parts}


def build_kit(options: KitOptions, progress: Callable[[str], None] = lambda step: None) -> KitResult:
    """Build every component of ``options.game``; ``progress`` hears each step as it starts
    ("making the key cards"), and the long steps inside one (a service's card images). The
    kit's language is settled once, from the deck, and handed to the others."""
    game = options.game
    progress("making the codename cards")
    deck = build_deck(options.deck, progress, game=game)
    style = options.deck.style
    language = settle_language(game, style.lang or deck.language or None, sharp_s=style.sharp_s)
    progress("making the key cards")
    keys = build_keys(game, options.keys, progress, language=language)
    progress("making the tiles")
    tokens = build_tokens(game, options.tokens, language=language)
    progress("making the rules sheet")
    contents = built_contents(game, deck, options.deck, keys, tokens, options.deck.sheet, language)
    rules = build_rules(game, replace(options.rules, contents=contents), language=language)
    parts = [
        KitPart(DECK, deck.pdf, deck.pages, deck.sheets, images=deck.images),
        KitPart(KEYS, keys.pdf, keys.pages, keys.sheets, images=keys.images),
        KitPart(MANIFEST, keys.manifest.encode("utf-8"), duplex=False),
        KitPart(TOKENS, tokens.pdf, tokens.pages, tokens.sheets, images=tokens.images),
        KitPart(RULES, rules.pdf, rules.pages, duplex=False),
    ]
    pdfs = [deck.pdf, keys.pdf, tokens.pdf, rules.pdf]
    pages = deck.pages + keys.pages + tokens.pages + rules.pages
    for made in _dielines(game, options, contents, language, progress):
        parts.append(made)
        pdfs.append(made.data)
        pages += made.pages or 0
    if options.combined:
        progress("making the combined kit.pdf")
        from ..output.combine import combine  # pikepdf only when asked for

        duplex = None if deck.plan.fold else options.deck.sheet.sides
        parts.append(KitPart(COMBINED, combine(pdfs, f"{game.title} print-and-play kit", duplex), pages))
    notes = tuple(dict.fromkeys((*deck.notes, *keys.notes, *tokens.notes, *rules.notes)))
    return KitResult(parts, keys.seed, contents, deck.dropped, notes)


def _dielines(game: Game, options: KitOptions, contents: KitContents, language: Language,
              progress: Callable[[str], None]) -> list[KitPart]:
    """The box, sized to the cards the kit printed, and the stand, where the kit asks for
    them, in the kit's language."""
    parts = []
    if options.box is not None:
        from .box import build_box

        progress("making the boxes")
        box = build_box(game, options.box, cards_flag=None, made=(contents, language))
        parts.append(KitPart(BOX, box.pdf, box.pages, duplex=False, paper=box.paper))
    if options.stand is not None:
        from .stand import build_stand

        progress("making the key card stand")
        stand = build_stand(game, options.stand, language)
        parts.append(KitPart(STAND, stand.pdf, stand.pages, duplex=False, paper=stand.paper))
    return parts
