"""Boards to post or to show: games dealt as text for a terminal, a markdown table, forum
BBCode, one self-contained web page, or JSON for bots, with the spymasters' key kept apart.

Its parts: ``maker`` (the files, the format chosen, the summary), ``view`` (what every format
shows: the grids, the keys, the headings in the kit's language), ``plain`` (text, markdown and
BBCode), ``webpage`` (HTML) and ``jsondoc`` (JSON). Its texts in each language: ``board.yaml`` in
the language's folder (``languages/CODE/``).
"""

from __future__ import annotations

from pathlib import Path

from ... import kinds
from ...inputs.bundled import languages_folder
from ...model.roles import ROLES, TEAM_ROLES
from ..export import Export, Maker, Option, OwnOptions
from ..options import DEALING, GAMES

FORMATS = ("text", "markdown", "bbcode", "html", "json")
# Every key of languages/*/board.yaml. A number or a letter follows its word ("Game 3", "Side A",
# "Seed 7"); a role's count is its own key, "{count|red agent|red agents}", with a form of the
# noun for each of the language's plural categories. The roles' names are the game's tiles' own.
# Every role's name, which team starts and each team's name in the order of play come from the
# roles (``model.roles``).
TEXT_KEYS = ("game", "key", "seed", "secret", "secret sides", "secret side", "cover hint",
             *(f"{team.name} starts" for team in TEAM_ROLES), "order", *(f"{team.name} team" for team in TEAM_ROLES),
             "side", "sides note", *(role.noun for role in ROLES))
COUNTED_KEYS = tuple(role.nouns for role in ROLES)


class BoardOptions(OwnOptions, frozen=True, kw_only=True):
    format: str | None = None  # None: from the file's name, else text
    key_output: Path | None = None  # None: no key written
    games: int = 1
    output: Path | None = None  # None: standard output


def _maker() -> Maker[BoardOptions]:
    from .maker import MAKER

    return MAKER


BOARD = Export(
    name="board",
    summary="games dealt as text, markdown, BBCode, a web page or JSON, to post or to show, with the key apart",
    line="Deal games for a shared screen, a forum or a chat, the key apart.",
    help="""Deal games to play on a shared screen, a forum or a chat: the
    players' board of codenames, and the spymasters' key only in its own
    file (--key-output), so that what you post never gives the key away.
    Without -o (or with -o -) the board goes to standard output.

    \b
    Examples:
      cngen board -o board.html --key-output key.html
      cngen board --format markdown --games 3 --seed 7 --key-output keys.md
      cngen board --format json --key-output key.json | my-bot""",
    options=(
        Option("format", kinds.nullable(kinds.choice(*FORMATS)), None,
               "text: an aligned grid for a terminal; markdown: a table; bbcode: for forums; html: one page "
               "with no outside links, to show or print; json: for bots. Default: from the file name's "
               "extension (.txt, .md, .bbcode, .html, .json), else text.",
               "--format"),
        Option("key_output", kinds.nullable(kinds.output_path()), None,
               "Write the spymasters' key here, in the same format (the starting team, the order of play "
               "where more than two teams play, each codename's role, the seed); where each player reads a "
               "side of their own (Duet), one file a side, NAME-A and NAME-B, without the seed, which would "
               "deal the other side too. Without it no key is written anywhere.",
               "--key-output"),
        Option("games", GAMES, 1,
               "Games to deal: no codename comes back until the list is used up, then it is shuffled again.",
               "--games"),
        Option("seed", kinds.SEED, None, "Deal the same games again; without it a seed is chosen and printed.", "--seed"),
        Option("output", kinds.nullable(kinds.output_path()), None,
               "Where to write the board (default: standard output).", "-o/--output"),
    ),
    own=BoardOptions,
    uses=(*DEALING, "theme"),  # the theme's colours: the web page's and the forum's
    texts=languages_folder(),
    text_keys=TEXT_KEYS,
    counted_keys=COUNTED_KEYS,
    load_maker=_maker,
)
