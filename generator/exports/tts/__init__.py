"""Decks for Tabletop Simulator: sheet images of the codename cards, the key cards and the
tiles, rendered from the drawing the PDFs print, and one saved object that lays them out on
the table, ready to play.

Its parts: ``sheets`` (the faces on the format's sheets), ``table`` (where the pieces lie and
how large they are) and ``saved`` (the saved object, and the maker). Its texts in each
language (the piles' names on the table): ``tts.yaml`` in the language's folder (``languages/CODE/``).
"""

from __future__ import annotations

from pathlib import Path

from ... import kinds
from ...inputs.bundled import languages_folder
from ..export import Export, Maker, Option, OwnOptions
from ..options import DEALING, FONT_HELP
from .address import EXAMPLE, parse_base_url


class TtsOptions(OwnOptions, frozen=True, kw_only=True):
    base_url: str | None = None  # None: file:/// addresses on this computer
    font: Path | None = None
    out_dir: Path = Path("output/tts")

    def text_font(self) -> Path | None:
        return self.font

    def folder(self) -> Path | None:
        return self.out_dir


def _maker() -> Maker[TtsOptions]:
    from .saved import MAKER

    return MAKER


TTS = Export(
    name="tts",
    summary="decks for Tabletop Simulator: sheet images and a saved object laid out ready to play",
    line="Make Tabletop Simulator decks, ready to load and play.",
    help="""Make the game for Tabletop Simulator: sheet images of the codename
    cards, key cards and tiles (drawn as the PDFs print them) and a saved
    object that lays them on the table. Images are linked as files on this
    computer (single player and hotseat); for a game with friends, put them
    on the web and give their address with --base-url.

    \b
    Examples:
      cngen tts
      cngen tts --duet --base-url https://example.org/codenames/""",
    options=(
        Option("base_url", kinds.nullable(kinds.text(f"a web address such as {EXAMPLE}",
                                                     parse_base_url, "URL")), None,
               "The web address the sheet images will be at (default: file:/// addresses on this computer, "
               "which only you can see).", "--base-url"),
        Option("seed", kinds.SEED, None, "Deal the same key cards again; without it a seed is chosen and printed.",
               "--seed"),
        Option("font", kinds.FONT, None, FONT_HELP, "--font"),
        Option("out_dir", kinds.folder(), "output/tts", "Folder for the sheet images and the saved object.",
               "--out-dir"),
    ),
    own=TtsOptions,
    # No deck.blanks: nothing can be written on a card in TTS, so the deck goes without blanks.
    uses=(*DEALING, "deck.fit", "deck.dpi", "deck.card_size", "deck.seed", "keys.count",
          "keys.card_size", "tokens.sets", "tokens.card_size", "ink", "theme"),
    texts=languages_folder(),
    text_keys=("word cards", "picture cards", "key cards", "key cards hint", "key cards hint sides"),
    load_maker=_maker,
)
