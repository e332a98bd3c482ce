"""The classic game's key cards for the jobs: dealt balanced and fresh (``deal``), drawn with
their lights (``card``), listed in keys.json and measured for --stats. The picture edition's
key cards are these with its own shape, face and words (``games/pictures/keys.py``)."""

from __future__ import annotations

import json
from typing import Sequence

from ...draw.theme import Theme
from ...geometry.keyface import key_face_layout
from ...model.roles import ASSASSIN, BYSTANDER, TEAM_ROLES, play_order
from ...model.teams import CLASSIC_TABLE, Table
from ...typeface.font import Font
from ...units import plural
from ..game import GameKey, KeyCards, KeySide
from .card import COMMON_BACK, KeyCardArtist, KeyFace
from .deal import CLASSIC, Key, KeyCard, KeyShape, balance_report, deal_deck


class ClassicKeyCards(KeyCards[KeyCard, KeyFace]):
    noun = "key card"
    title = "Key cards"
    label_characters = "0123456789ab"
    # How --stats names the ways two keys are compared: plainly, then with the teams exchanged.
    closest_plain = "closest two keys under rotation and mirroring"
    closest_swapped = "closest two keys with red and blue exchanged in one"
    advice: tuple[str, ...] = ()  # the summary's advice on playing the deck, a line each

    def __init__(self, shape: KeyShape = CLASSIC, table: Table | None = CLASSIC_TABLE) -> None:
        self.shape = shape  # the key the dealer deals
        self.table = table  # the table it is for; None: a game's own (the picture edition's)

    def per_card(self, single_sided: bool) -> int:
        return 1 if single_sided else 2

    def deal(self, count: int, seed: int, single_sided: bool) -> list[KeyCard]:
        return deal_deck(count, seed, not single_sided, self.shape)

    def faces(self, cards: Sequence[KeyCard], single_sided: bool) -> list[tuple[KeyFace, KeyFace]]:
        return [(KeyFace(card.faces[0], face_label(card, 0)),
                 COMMON_BACK if single_sided else KeyFace(card.faces[1], face_label(card, 1)))
                for card in cards]

    def artist(self, card_size: tuple[float, float], bleed: float, font: Font, theme: Theme, *, single_sided: bool,
               back_title: str) -> KeyCardArtist:
        layout = key_face_layout(*card_size, bleed=bleed, rows=self.shape.rows, columns=self.shape.columns)
        return KeyCardArtist(layout, font, theme, common_back=single_sided, back_title=back_title,
                             teams=self.shape.teams, assassins=self.shape.assassins)

    def game_keys(self, cards: Sequence[KeyCard]) -> list[GameKey]:
        """The key lies with its cells over the codenames, row for row."""
        return [GameKey(card.number, (KeySide("", card.faces[0].starting, card.faces[0].cells),)) for card in cards]

    def manifest(self, seed: int, cards: Sequence[KeyCard]) -> str:
        """Every face's grid, rows top to bottom as printed with the card number upright; one
        card a line, so that the file reads like the deck and diffs line by line."""
        lines = [
            json.dumps({
                "card": card.number,
                "faces": [{"label": face_label(card, side), "starting": face.starting,
                           **({} if self._boxed else {"order": turn_order(face)}), "grid": face.rows}
                          for side, face in enumerate(card.faces)],
            })
            for card in cards
        ]
        table = "" if self._boxed else f'"table": {json.dumps(self._table_facts())}, '
        return f'{{"seed": {json.dumps(seed)}, {table}"cards": [\n' + ",\n".join(lines) + "\n]}\n"

    @property
    def _boxed(self) -> bool:
        """The boxed game's keys.json, as it always was: two teams, red and blue, in turns."""
        return self.table is None or self.table == CLASSIC_TABLE

    def _table_facts(self) -> dict[str, object]:
        """What keys.json says of another table: each role's letter, the grid, the counts."""
        shape = self.shape
        return {"teams": {role.letter: role.name for role in TEAM_ROLES[:shape.teams]},
                "bystander": BYSTANDER, "assassin": ASSASSIN, "rows": shape.rows, "columns": shape.columns,
                "starting": shape.starting, "other": shape.other, "bystanders": shape.bystanders,
                "assassins": shape.assassins}

    def balance(self, cards: Sequence[KeyCard]) -> str:
        report = balance_report([face for card in cards for face in card.faces], self.shape)
        starts = ", ".join(f"{team} {n:,}" for team, n in zip(report.teams, report.starts))
        deviations = ", ".join(f"{name} {value:.2f}" for name, value in zip(report.quantity_names, report.deviations))
        lines = [
            f"Balance of {plural(report.key_count, 'key')}:",
            f"  starting team: {starts}",
            "  largest per-cell deviation from the expected count:",
            f"    {deviations}",
            f"  assassins per cell: {report.assassin_min:,} to {report.assassin_max:,}",
            f"  {self.closest_plain}: " + _closest(report.min_distance, report.pairs_at_min_distance),
        ]
        if self.shape.exchanges_teams:
            lines.append(f"  {self.closest_swapped}: "
                         + _closest(report.min_swapped_distance, report.pairs_at_min_swapped_distance))
        return "\n".join(lines)

    def described(self, cards: Sequence[KeyCard], single_sided: bool) -> tuple[str, tuple[str, ...]]:
        per_card = self.per_card(single_sided)
        layout = "two per card, opposite starting teams" if per_card == 2 else "one per card, plain backs"
        return f"{plural(len(cards), 'key card')}, {plural(len(cards) * per_card, 'key')} ({layout})", self.advice


KEY_CARDS = ClassicKeyCards()


def turn_order(key: Key) -> list[str]:
    """The teams' letters in the order they play on this key (``roles.play_order``)."""
    return [role.letter for role in play_order(key.shape.teams, key.starting)]


def face_label(card: KeyCard, side: int) -> str:
    """'17A' and '17B' on a double-sided card, '17' on a single-sided one: capitals, as Duet
    names its sides, and as a small caption reads best."""
    return f"{card.number}{'AB'[side]}" if len(card.faces) == 2 else str(card.number)


def _closest(distance: int | None, pairs: int) -> str:
    if distance is None:
        return "n/a (one key)"
    return f"{distance} cells ({plural(pairs, 'pair')} at that distance)"
