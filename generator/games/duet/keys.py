"""Duet's key cards for the jobs: dealt balanced and fresh (``deal``), side A on the front and
side B on the back, printed so that B keeps A's top edge once the card is turned over about
its upright axis, as it stands between the players (``card``); listed in keys.json and
measured for --stats."""

from __future__ import annotations

import json
from typing import Sequence

from ...draw.theme import Theme
from ...typeface.font import Font
from ...units import plural
from ..game import GameKey, KeyCards, KeySide
from .card import DuetCardArtist, DuetFace
from .deal import SIDES, DuetCard, deal_duet, duet_balance, required_distance, word_roles
from .face import duet_face_layout


class DuetKeyCards(KeyCards[DuetCard, DuetFace]):
    noun = "Duet key card"
    title = "Duet key cards"
    label_characters = "0123456789AB"
    sides = SIDES
    same_up = True

    def per_card(self, single_sided: bool) -> int:
        return len(SIDES)  # two players' views of one deal

    def deal(self, count: int, seed: int, single_sided: bool) -> list[DuetCard]:
        return deal_duet(count, seed)

    def faces(self, cards: Sequence[DuetCard], single_sided: bool) -> list[tuple[DuetFace, DuetFace]]:
        return [(DuetFace("A", card.a, card.number), DuetFace("B", card.b, card.number)) for card in cards]

    def artist(self, card_size: tuple[float, float], bleed: float, font: Font, theme: Theme, *, single_sided: bool,
               back_title: str) -> DuetCardArtist:
        return DuetCardArtist(duet_face_layout(*card_size, bleed=bleed), font, theme)

    def game_keys(self, cards: Sequence[DuetCard]) -> list[GameKey]:
        """Each side's roles over the codenames as player A sees them: B sits opposite, so B's
        card reads the table turned half round."""
        keys = []
        for card in cards:
            pairs = word_roles(card.a, card.b)
            keys.append(GameKey(card.number, (KeySide("A", None, tuple(a for a, _ in pairs)),
                                              KeySide("B", None, tuple(b for _, b in pairs)))))
        return keys

    def manifest(self, seed: int, cards: Sequence[DuetCard]) -> str:
        """Each side's grid as its player sees it, rows top to bottom; one card a line."""
        lines = [json.dumps({"card": card.number, "sides": [{"side": side, "grid": card.rows(side)} for side in SIDES]})
                 for card in cards]
        return f'{{"duet": true, "seed": {json.dumps(seed)}, "cards": [\n' + ",\n".join(lines) + "\n]}\n"

    def balance(self, cards: Sequence[DuetCard]) -> str:
        report = duet_balance(cards)
        closest = "n/a (one card)" if report.min_distance is None else \
            f"{report.min_distance} words ({plural(report.pairs_at_min_distance, 'pair')} at that distance)"
        return "\n".join([
            f"Balance of {plural(report.cards, 'Duet key card')}:",
            "  largest per-cell deviation from the expected count:",
            f"    agents {report.agent_deviation:.2f}, assassins {report.assassin_deviation:.2f} (each side), "
            f"any of the nine pairs of roles {report.pair_deviation:.2f}",
            f"  shared assassins per cell: {report.shared_assassin_min:,} to {report.shared_assassin_max:,}",
            "  closest two cards, turned, with sides swapped, or both: " + closest
            + (f"; the deck keeps at least {required_distance(report.cards)}" if report.cards > 1 else ""),
        ])

    def described(self, cards: Sequence[DuetCard], single_sided: bool) -> tuple[str, tuple[str, ...]]:
        held = f"{plural(len(cards), 'Duet key card')}, side A on the front and side B on the back"
        return held, ("Side B keeps side A's top edge: stand the card with the same edge up for both players.",)

    def counted(self, count: int, single_sided: bool) -> tuple[int, str]:
        return count, self.noun if count == 1 else self.noun + "s"


KEY_CARDS = DuetKeyCards()
