"""The tiles that cover found words: agent, double agent, bystander and assassin tokens.

Everything ``cngen tokens`` does can be done from Python with ``build_tokens``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from .draw.sheet import CardFaces
from .draw.token import draw_token_face, fit_name, token_layout
from .errors import UsageError
from .resources import font_path
from .sheets import ImposedCards, SheetOptions, impose_cards
from .tokens import MAX_SETS, Token, TokenFace, tokens
from .typeface import load_font
from .units import MM, format_mm


@dataclass(frozen=True)
class TokenOptions:
    sets: int = 1
    card: tuple[float, float] = (70 * MM, 45 * MM)  # the word card's size: a tile covers a word
    font: Path | None = None
    sheet: SheetOptions = SheetOptions()


@dataclass(frozen=True)
class TokensResult:
    tokens: list[Token]
    imposed: ImposedCards


def build_tokens(options: TokenOptions) -> TokensResult:
    if not 1 <= options.sets <= MAX_SETS:
        raise UsageError(f"--sets must be between 1 and {MAX_SETS}, not {options.sets}")
    font = load_font(options.font or font_path())
    layout = token_layout(*options.card, bleed=options.sheet.artwork_bleed)
    all_tokens = tokens(options.sets)
    names = {token.front.name: fit_name(token.front.name, layout, font) for token in all_tokens}
    if any(fitted is None for fitted in names.values()):
        raise UsageError(
            f"a {format_mm(options.card[0])} x {format_mm(options.card[1])} mm token is too small for its name: "
            "choose a larger --card-size, e.g. 70x45mm"
        )
    theme = options.sheet.theme

    def painter(face: TokenFace):
        return partial(draw_token_face, layout=layout, face=face, name=names[face.name], font=font, theme=theme)

    cards = [CardFaces(painter(token.front), painter(token.back)) for token in all_tokens]
    imposed = impose_cards("Agent tokens", cards, options.card, options.sheet, font)
    return TokensResult(all_tokens, imposed)
