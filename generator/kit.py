"""The whole kit at once: codename cards, key cards and their manifest, tiles, rules.

Everything ``cngen kit`` does can be done from Python with ``build_kit``; the files come back
as bytes, to be written together (all or none) by the caller.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .deck import DeckOptions, build_deck
from .keydeck import KeyOptions, build_keys
from .pdf import render_together
from .rulesheet import RulesOptions, build_rules
from .tokendeck import TokenOptions, build_tokens


@dataclass(frozen=True)
class KitOptions:
    deck: DeckOptions
    keys: KeyOptions
    tokens: TokenOptions
    rules: RulesOptions
    out_dir: Path = Path("output")
    combined: bool = False


@dataclass(frozen=True)
class KitPart:
    """One row of the kit: a file, what it holds and how to print it."""

    name: str
    data: bytes
    pages: int | None = None
    sheets: int | None = None
    duplex: bool = True  # printed like the cards (False: the rules, the manifest)


@dataclass(frozen=True)
class KitResult:
    parts: list[KitPart]
    seed: int

    def files(self, out_dir: Path) -> dict[Path, bytes]:
        return {out_dir / part.name: part.data for part in self.parts}


def build_kit(options: KitOptions, progress: Callable[[str], None] = lambda step: None) -> KitResult:
    """Build every component; ``progress`` hears the name of each step as it starts."""
    progress("codename cards")
    deck = build_deck(options.deck)
    progress("key cards")
    keys = build_keys(options.keys)
    progress("tiles")
    tokens = build_tokens(options.tokens)
    progress("rules sheet")
    rules = build_rules(options.rules)
    parts = [
        KitPart("deck.pdf", deck.pdf, deck.pages, deck.sheets),
        KitPart("keys.pdf", keys.imposed.pdf, keys.imposed.pages, keys.imposed.sheets),
        KitPart("keys.json", keys.manifest.encode("utf-8"), duplex=False),
        KitPart("tokens.pdf", tokens.imposed.pdf, tokens.imposed.pages, tokens.imposed.sheets),
        KitPart("rules.pdf", rules.pdf, rules.pages, duplex=False),
    ]
    if options.combined:
        progress("combined kit.pdf")
        documents = [deck.document, keys.imposed.document, tokens.imposed.document, rules.document]
        pages = deck.pages + keys.imposed.pages + tokens.imposed.pages + rules.pages
        parts.append(KitPart("kit.pdf", render_together("Codenames print-and-play kit", documents), pages))
    return KitResult(parts, keys.seed)
