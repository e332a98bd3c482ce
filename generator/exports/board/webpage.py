"""The board as one self-contained web page, for a shared screen or a video call, and the key
as another: no outside address of any kind (no font, script, style sheet or picture to fetch;
pictures are inside as data: addresses, and the page's own policy forbids loading anything).
Each game fills the screen, its words large; printed, each game takes a landscape page.

The board's page holds the words alone: no role, colour of a role or starting team is in its
text, its styles or its comments. The key's page draws the key cards' look: each cell in its
role's colour with its symbol, so that it reads in greyscale too, and the starting team's
lights on the four edges of the grid."""

from __future__ import annotations

import base64
import hashlib
import math
from html import escape
from typing import Iterable, Mapping, Sequence

from ...inputs.bundled import ENGLISH
from ...model.roles import ROLES, Light, Role, Shape, role_of, team_role
from .view import MARKS, THEN, Board, Side, Table, Words, em_width, roles_at

BOARD_COLOURS = ("card", "band", "outline", "text")  # the board's page: the cards' colours, no role's
WORD_CARD = 1.55  # a word card's width over its height, as the deck prints it (a picture card is square)
PICTURED_WORD_CARD = 1.2  # taller, where a picture stands above each word: both read from across the room
POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
FONTS = '"Fira Sans", "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", system-ui, sans-serif'


# The players' board lets them lay a cover on a card as it is found, as a tile is laid on the
# table: a click (or Enter or Space on a card reached with Tab) covers it in the first of the
# game's roles, again in the next, and after the last uncovers it; U takes back the last change.
# The page holds the roles the game has, never where they lie: the key stays on its own page.
COVER_SCRIPT = (
    "(()=>{const done=[];"
    "const card=e=>e.target.closest&&e.target.closest('.grid[data-covers] .card');"
    "const set=(c,v)=>{if(v){c.dataset.cover=v}else{delete c.dataset.cover}};"
    "const cycle=c=>{const covers=c.closest('.grid').dataset.covers.split(' ');const now=c.dataset.cover||'';"
    "done.push([c,now]);set(c,covers[covers.indexOf(now)+1])};"
    "document.addEventListener('click',e=>{const c=card(e);if(c)cycle(c)});"
    "document.addEventListener('keydown',e=>{const c=card(e);"
    "if(c&&(e.key==='Enter'||e.key===' ')){e.preventDefault();cycle(c)}"
    "else if(e.key==='u'||e.key==='U'){const last=done.pop();if(last)set(last[0],last[1])}})})();"
)
COVER_POLICY = f"script-src 'sha256-{base64.b64encode(hashlib.sha256(COVER_SCRIPT.encode()).digest()).decode()}'"


def html_board(board: Board, words: Words) -> tuple[str, str]:
    ids = _picture_ids(board)
    covers = _covers(board)
    public = [_board_section(board, words, table, ids, covers) for table in board.tables]
    key = [section for table in board.tables for section in _key_sections(board, words, table, ids)]
    last = board.tables[-1].number
    title = board.title if len(board.tables) == 1 else f"{board.title} · {words.game(1)}–{last}"
    key_title = f"{title} · {words.texts.text('key')}"
    pictures = _pictures(board, ids)
    pictured_words = bool(ids) and not board.pictures
    # The spymasters read the words: a word's picture is for the players' board alone.
    style = _BOARD_STYLE + (_PICTURED_STYLE if pictured_words else "") + _cover_style(covers)
    colours = (*BOARD_COLOURS, *dict.fromkeys(name for role in covers for name in (role.colour, role.on_colour)))
    return (_page(board, title, style, public, colours, pictures, COVER_SCRIPT),
            _page(board, key_title, _BOARD_STYLE + _key_style(board), key, tuple(board.colours),
                  "" if pictured_words else pictures))


def _page(board: Board, title: str, style: str, sections: Iterable[str], colours: tuple[str, ...],
          pictures: str = "", script: str = "") -> str:
    """A whole page, with the theme's ``colours`` it uses (the board's page the roles' only for
    its covers), the ``pictures`` its cards show, each once, and its one ``script``, which the
    page's policy names by its digest (none: no script runs)."""
    defined = "".join(f"--{name.replace('_', '-')}:{board.colours[name]};" for name in colours
                      if name in board.colours)
    head = (f'<!DOCTYPE html>\n<html lang="{escape(board.language or ENGLISH)}">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{POLICY}{"; " + COVER_POLICY if script else ""}">\n'
            f"<title>{escape(title)}</title>\n<style>\n:root{{{defined}--table:{_table_colour(board)}}}\n{style}</style>\n"
            "</head>\n<body>\n")
    tail = f"\n<script>{script}</script>" if script else ""
    return "".join((head, pictures, "\n".join(sections), tail, "\n</body>\n</html>\n"))  # one copy of a large page


def _table_colour(board: Board) -> str:
    """The screen's ground: the frames' brown, darkened to a table top the cards stand out on."""
    outline = board.colours.get("outline", "#8C704D")
    return "#" + "".join(f"{round(int(outline[at:at + 2], 16) * 0.3):02X}" for at in (1, 3, 5))


def _grid_style(board: Board, players: bool = False) -> str:
    """The grid's shape: square picture cards, word cards (taller on the ``players``' board,
    where a picture stands above each word; the key shows the words alone)."""
    card = 1.0 if board.pictures else PICTURED_WORD_CARD if players and board.thumbnails else WORD_CARD
    return (f"--columns:{board.columns};--rows:{board.rows};--shape:{card};"
            f"--aspect:{board.columns * card / board.rows:.3f}")


def _header(heading: str, *lines: tuple[str, str]) -> str:
    """The title line, then any lines under it, each (its class, its text)."""
    more = "".join(f'<p class="{kind}">{escape(text)}</p>' for kind, text in lines)
    return f'<header><h1>{escape(heading)}</h1>{more}</header>'


# --- The players' board ----------------------------------------------------------------------------


def _board_section(board: Board, words: Words, table: Table, ids: Mapping[str, str], covers: Sequence[Role]) -> str:
    cards = "".join(_card(board, ids, name, cell) for row_names, row_cells in zip(table.names, table.cells)
                    for name, cell in zip(row_names, row_cells))
    listed = " ".join(role.name for role in covers)
    return (f'<section class="game" id="game-{table.number}">'
            f"{_header(words.heading(board.title, table.number), ('hint', words.texts.text('cover hint')))}"
            f'<div class="grid{" pictures" if board.pictures else ""}" data-covers="{listed}" '
            f'style="{_grid_style(board, players=True)}">{cards}</div></section>')


def _covers(board: Board) -> tuple[Role, ...]:
    """The roles a card may be covered in, in the tiles' order: those the games' keys hold."""
    held = {letter for table in board.tables for side in table.sides for row in side.roles for letter in row}
    return tuple(role for role in roles_at(board.teams) if role.letter in held)


def _cover_style(covers: Sequence[Role]) -> str:
    """A covered card: its role's colour over it, with the role's mark, as its tile shows it."""
    if not covers:
        return ""
    each = "".join(f'.card[data-cover="{role.name}"]::after{{content:"{MARKS[role.symbol]}";'
                   f"background:var(--{role.colour});color:var(--{role.on_colour.replace('_', '-')})}}"
                   for role in covers)
    return (".grid[data-covers] .card{cursor:pointer}\n"
            ".grid[data-covers] .card:focus-visible{outline:max(2px,calc(var(--cell) * .025)) solid var(--card);"
            "outline-offset:2px}\n"
            ".card[data-cover]::after{position:absolute;inset:0;border-radius:calc(var(--cell) * .06);display:flex;"
            "align-items:center;justify-content:center;font-size:calc(var(--cell) * .3);line-height:1}\n" + each + "\n")


def _card(board: Board, ids: Mapping[str, str], name: str, cell: str, inside: str = "", role: str = "",
          role_name: str = "") -> str:
    """One card: a word on its white panel, or a picture (``ids``: each picture's symbol);
    ``role``, its name (shown on hover, read by screen readers) and ``inside`` (its symbol) on
    the key's page only."""
    opening = f'<div class="card {role_of(role).name}" title="{escape(role_name)}">' if role else \
        '<div class="card" tabindex="0">'
    if board.pictures:
        return f"{opening}{inside}{_picture(ids, name, cell)}</div>"
    if not role and cell in ids:  # a word card's picture, above its word
        return (f'{opening}<div class="word pictured" style="--n:{em_width(name):.2f}">'
                f'<svg class="picture" viewBox="0 0 1 1" aria-hidden="true"><use href="#{ids[cell]}"/></svg>'
                f'<span dir="auto">{escape(name)}</span></div></div>')
    return (f'{opening}{inside}<div class="word" dir="auto" style="--n:{em_width(name):.2f}">'
            f"{escape(name)}</div></div>")


def _pictures(board: Board, ids: Mapping[str, str]) -> str:
    """Every picture the games show, each once, as a symbol its cards use: a thousand games of
    20 cards from 40 photos hold 40 pictures, not 20,000 copies of them. Hidden, and out of the
    page's flow; an SVG image, so it shows without scripts and prints without backgrounds."""
    if not ids:
        return ""
    symbols = (f'<symbol id="{number}" viewBox="0 0 1 1"><image width="1" height="1" '
               f'href="{_data_address(board.thumbnails[cell])}"/></symbol>' for cell, number in ids.items())
    return "".join(('<svg class="pictures-defined" aria-hidden="true" focusable="false">', *symbols, "</svg>\n"))


def _data_address(picture: bytes) -> str:
    """A PNG or JPEG as a data: address: a photo's card face is a JPEG, a drawing's a PNG."""
    kind = "jpeg" if picture.startswith(b"\xff\xd8") else "png"
    return f"data:image/{kind};base64,{base64.b64encode(picture).decode('ascii')}"


def _picture_ids(board: Board) -> dict[str, str]:
    """Each picture the games show, by its cell's name, and its symbol's id, in the order the
    games first show them."""
    cells = dict.fromkeys(cell for table in board.tables for row in table.cells for cell in row
                          if cell in board.thumbnails)
    return {cell: f"picture-{number}" for number, cell in enumerate(cells, start=1)}


def _picture(ids: Mapping[str, str], name: str, cell: str) -> str:
    if cell not in ids:  # no picture drawn: its name, as a word
        return f'<div class="word" dir="auto" style="--n:{em_width(name):.2f}">{escape(name)}</div>'
    return (f'<svg class="picture" viewBox="0 0 1 1" role="img" aria-label="{escape(name)}">'
            f'<use href="#{ids[cell]}"/></svg>')


# --- The spymasters' key ---------------------------------------------------------------------------


def _key_sections(board: Board, words: Words, table: Table, ids: Mapping[str, str]) -> list[str]:
    """A section for each side: printed, each side takes a page, to hand to its own player."""
    lines = [("secret", words.secret(table.sides))]
    if len(table.sides) > 1:
        lines.append(("note", words.sides_note()))
    sections = []
    for side in table.sides:
        heading = words.key_heading(board.title, table.number)
        if side.label:
            heading = f"{heading} · {words.side(side.label)}"
        starts = ""
        if table.starting:
            team = team_role(table.starting)
            starts = f'<p class="starts {team.name}">{_symbol(team.letter)}{escape(words.starts(table.starting))}</p>'
        if table.order:
            starts += _order(words, table.order)
        sections.append(f'<section class="game key" id="key-{table.number}{side.label.lower()}">'
                        f"{_header(heading, *lines)}{starts}{_key_grid(board, words, table, side, ids)}"
                        f"{_legend(words, side)}{_seed(board, words)}</section>")
    return sections


def _order(words: Words, order: tuple[str, ...]) -> str:
    """The order of play: each team's name on its colour, with its symbol, in turn."""
    teams = escape(THEN).join(f'<span class="team {team}">{_symbol(team_role(team).letter)}{escape(words.team(team))}'
                              "</span>" for team in order)
    return f'<p class="order">{escape(words.order_label())} {teams}</p>'


# With more than two teams, the lights of each edge are a row of the teams in the order they
# play, clockwise round the grid as on the key card (left to right along the top, down the
# right, right to left along the bottom, up the left), the starting team's twice as long.
_TURNS_STYLE = """
.turns{position:absolute;display:flex;gap:var(--gap);--unit:calc(3 * var(--u));--thick:calc(1.8 * var(--u));
  --gap:calc(.5 * var(--u));--edge:calc(.4 * var(--u))}
.turns .light{position:static}
.turns.top,.turns.bottom{left:50%;transform:translateX(-50%)}
.turns.left,.turns.right{top:50%;transform:translateY(-50%)}
.turns.top{top:var(--edge)}.turns.right{right:var(--edge);flex-direction:column}
.turns.bottom{bottom:var(--edge);flex-direction:row-reverse}.turns.left{left:var(--edge);flex-direction:column-reverse}
.turns.top .light,.turns.bottom .light{width:var(--unit);height:var(--thick)}
.turns.left .light,.turns.right .light{height:var(--unit);width:var(--thick)}
.turns.top .first,.turns.bottom .first{width:calc(2 * var(--unit))}
.turns.left .first,.turns.right .first{height:calc(2 * var(--unit))}
@media print{
  .turns{--unit:8mm;--thick:5mm;--gap:1.4mm;--edge:1mm}
  .key .grid{--w:min(245mm,calc(118mm * var(--aspect)))}
}
"""

# Each shape of a team's lights (``Role.light``) but the rounded one, which every light has
# unless told: the clip of a light lying along the top and bottom edges, and of one standing
# along the sides.
_LIGHT_CLIPS: dict[Light, tuple[str, str]] = {
    "pointed": ("polygon(0 50%,1.2vh 0,calc(100% - 1.2vh) 0,100% 50%,calc(100% - 1.2vh) 100%,1.2vh 100%)",
                "polygon(50% 0,100% 1.2vh,100% calc(100% - 1.2vh),50% 100%,0 calc(100% - 1.2vh),0 1.2vh)"),
    "square": ("none", "none"),
    "slanted": ("polygon(1.2vh 0,100% 0,calc(100% - 1.2vh) 100%,0 100%)",
                "polygon(0 1.2vh,100% 0,100% calc(100% - 1.2vh),0 100%)"),
}


def _light_style(role: Role) -> str:
    """The shape of a team's lights, as its key card draws them."""
    if role.light not in _LIGHT_CLIPS:
        return ""
    lying, standing = _LIGHT_CLIPS[role.light]
    return (f".light.{role.name}.top,.light.{role.name}.bottom{{border-radius:0;clip-path:{lying}}}\n"
            f".light.{role.name}.left,.light.{role.name}.right{{border-radius:0;clip-path:{standing}}}\n")


def _seed(board: Board, words: Words) -> str:
    """The seed in a corner of each game, printed on its page too, where the file holds every
    side of the key (a Duet side's file does not: the seed would deal the other side too)."""
    return "" if board.seed is None else f'<footer class="seed">{escape(words.seed(board.seed))}</footer>'


def _key_grid(board: Board, words: Words, table: Table, side: Side, ids: Mapping[str, str]) -> str:
    cards = "".join(_card(board, ids, name, cell, _symbol(role), role, words.role(role))
                    for roles, names, cells in zip(side.roles, table.names, table.cells)
                    for role, name, cell in zip(roles, names, cells))
    lights = ""
    if table.order:  # as the key card draws them: each edge a row of the teams in their order of play
        lights = "".join(f'<span class="turns {edge}">' + "".join(
            f'<span class="light {edge} {team}{" first" if at == 0 else ""}">{_symbol(team_role(team).letter)}</span>'
            for at, team in enumerate(table.order)) + "</span>" for edge in EDGES)
    elif table.starting:  # the key card's lights: the starting team's colour and shape on every edge
        team = team_role(table.starting)
        lights = "".join(f'<span class="light {edge} {team.name}">{_symbol(team.letter)}</span>' for edge in EDGES)
    return (f'<div class="frame{" lit" if lights else ""}">{lights}'
            f'<div class="grid{" pictures" if board.pictures else ""}" style="{_grid_style(board)}">{cards}</div>'
            "</div>")


EDGES = ("top", "right", "bottom", "left")


def _legend(words: Words, side: Side) -> str:
    items = "".join(f'<li class="{role_of(role).name}">{_symbol(role)}{escape(words.count(role, count))}</li>'
                    for role, count in side.counts().items())
    return f'<ul class="legend">{items}</ul>'


def _symbol(role: str) -> str:
    """A role's symbol as the key cards draw it (draw/symbols.py), in the colour of its text."""
    return f'<svg class="symbol" viewBox="-1 -1 2 2" aria-hidden="true">{SHAPES[role_of(role).symbol]}</svg>'


def _star() -> str:
    """A five-pointed star, one point up, its inner corners at 0.45 of its reach, centred by
    its box (as draw/symbols.py draws it; y runs down here)."""
    centre = (1 - math.cos(math.pi / 5)) / 2
    points = []
    for index in range(10):
        reach = 1.0 if index % 2 == 0 else 0.45
        angle = math.pi / 2 + index * math.pi / 5
        points.append(f"{reach * math.cos(angle):.3f},{centre - reach * math.sin(angle):.3f}")
    return f'<polygon points="{" ".join(points)}"/>'


# Each shape a role's symbol may take (``Role.symbol``), in a box from -1 to 1.
SHAPES: dict[Shape, str] = {
    "diamond": '<polygon points="0,-1 1,0 0,1 -1,0"/>',
    "disc": '<circle r="0.82"/>',
    "square": '<rect x="-0.74" y="-0.74" width="1.48" height="1.48"/>',
    "triangle": '<polygon points="0,-0.9 1,0.82 -1,0.82"/>',
    "star": _star(),
    "bar": '<rect x="-1" y="-0.18" width="2" height="0.36"/>',
    "cross": '<path d="M-0.8,-0.8L0.8,0.8M-0.8,0.8L0.8,-0.8" fill="none" stroke="currentColor" stroke-width="0.4" '
             'stroke-linecap="round"/>',
}

# --- Styles ------------------------------------------------------------------------------------------

# The board's styles: one game a screen, its grid as large as the window allows at the cards'
# shape, each word sized to its card (--n: its width in ems). Printed: a landscape page each.
# A long word is sized to its card's own width (--card-width: the grid's share less the gaps, which
# take 7% of it at 7 x 7), so that it never breaks inside. A cell is never narrower than
# LEAST_CELL pixels: a 7 x 7 grid on a phone then scrolls sideways with its words at 9 to
# 10 px, where it would shrink them to 7 px to fit ("safe" centring keeps a grid wider than
# the window scrollable from its first column).
LEAST_CELL = 64
# The key's frame and lights are measured in --u, the smaller of a hundredth of the window's
# height and 1.5% of its width: on a tall phone they take no more than the width leaves, and
# its cells may be this small, so that a 5-wide key fits a 360-pixel screen with its lights.
LEAST_KEY_CELL = 56
_BOARD_STYLE = f"""
*,*::before,*::after{{box-sizing:border-box}}
html{{background:var(--table);color:var(--card);-webkit-print-color-adjust:exact;print-color-adjust:exact}}
body{{margin:0;font-family:{FONTS}}}
.game{{min-height:100vh;display:flex;flex-direction:column;align-items:safe center;justify-content:center;
  gap:1.6vh;padding:2vh 2vw}}
header{{text-align:center}}
h1{{margin:0;font-size:clamp(16px,3.4vh,40px);font-weight:800;letter-spacing:.04em;color:var(--card)}}
header p{{margin:.3em 0 0;font-size:clamp(12px,1.9vh,22px);color:var(--band)}}
header p.hint{{font-size:clamp(11px,1.5vh,16px);max-width:60em}}
.grid{{--w:max(calc(var(--columns) * {LEAST_CELL}px),min(96vw,calc((100vh - 7vh - 4.5em) * var(--aspect))));
  --cell:calc(var(--w) / var(--columns));--card-width:calc(var(--w) * (1 - .012 * (var(--columns) - 1)) / var(--columns));
  width:var(--w);display:grid;grid-template-columns:repeat(var(--columns),1fr);gap:calc(var(--w) * .012)}}
.card{{aspect-ratio:var(--shape);background:var(--card);border-radius:calc(var(--cell) * .06);
  padding:calc(var(--cell) * .065);display:flex;position:relative;min-width:0}}
.word{{flex:1;display:flex;align-items:center;justify-content:center;text-align:center;min-width:0;
  padding:0 .25em;background:#FFFFFF;color:var(--text);border:max(1px,calc(var(--cell) * .012)) solid var(--outline);
  border-radius:calc(var(--cell) * .04);font-weight:700;line-height:1.05;overflow-wrap:anywhere;
  font-size:min(calc(var(--cell) * .15),calc(var(--card-width) * .7 / var(--n)))}}
.pictures .card{{padding:0;background:none}}
.card .picture{{display:block;width:100%;height:100%;overflow:hidden;border-radius:calc(var(--cell) * .05)}}
.pictures-defined{{position:absolute;width:0;height:0;overflow:hidden}}
@page{{size:landscape;margin:10mm}}
@media print{{
  html{{background:#FFFFFF;color:var(--text)}}
  .game{{min-height:0;padding:0;gap:4mm;break-after:page}}
  .game:last-child{{break-after:auto}}
  h1{{color:var(--text);font-size:20pt}}
  header p{{color:var(--text);font-size:11pt}}
  header p.hint{{display:none}}
  .grid{{--w:min(255mm,calc(165mm * var(--aspect)))}}
  .card{{border:.3mm solid var(--outline)}}
}}
"""

# A word card's picture above its word, on the players' board (a board of pictured words only).
_PICTURED_STYLE = """
.word.pictured{flex-direction:column;gap:calc(var(--cell) * .02);padding:calc(var(--cell) * .03) .25em;
  font-size:min(calc(var(--cell) * .12),calc(var(--card-width) * .7 / var(--n)))}
.word.pictured .picture{flex:1 1 0;min-height:0;width:100%;border-radius:0}
"""


def _key_style(board: Board) -> str:
    """The key's styles: each role's ground and ink, the symbol in a corner of its cell, the
    lights, the legend."""
    roles = "".join(f".{role.name}{{--role:var(--{role.colour});--on:var(--{role.on_colour.replace('_', '-')})}}"
                    for role in roles_at(board.teams))
    turns = _TURNS_STYLE if board.teams > 2 else ""
    return roles + "".join(_light_style(role) for role in roles_at(board.teams) if role.team) + _KEY_STYLE + turns


_KEY_STYLE = """
.key header p.secret{font-weight:700;color:var(--card)}
.key header p.note{max-width:70em}
.starts{margin:0;display:flex;align-items:center;gap:.5em;padding:.25em .9em;border-radius:1em;
  background:var(--role);color:var(--on);font-weight:800;font-size:clamp(13px,2.2vh,26px)}
.starts .symbol{width:.8em;height:.8em}
.order{margin:.4em 0 0;display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:.35em;
  color:var(--card);font-weight:700}
.order .team{display:inline-flex;align-items:center;gap:.35em;padding:.1em .6em;border-radius:1em;
  background:var(--role);color:var(--on)}
.order .symbol{width:.7em;height:.7em}
.key{--u:min(1vh,1.5vw)}
.frame{position:relative;--pad:calc(1.4 * var(--u));padding:var(--pad);background:var(--card);border-radius:calc(2 * var(--u))}
.frame.lit{--pad:calc(2.6 * var(--u))}
.key .grid{--w:max(calc(var(--columns) * """ + str(LEAST_KEY_CELL) + """px),
  min(calc(95vw - 2 * var(--pad)),calc((100vh - 20vh - 9em) * var(--aspect))))}
.key .card{background:var(--role);padding:0;border-radius:calc(var(--cell) * .05)}
.key .word{background:none;border:none;color:var(--on);padding-left:calc(var(--cell) * .18)}
.key .pictures .card{padding:calc(var(--cell) * .07)}
.key .card > .symbol{position:absolute;left:calc(var(--cell) * .04);top:calc(var(--cell) * .04);
  width:calc(var(--cell) * .13);height:calc(var(--cell) * .13);color:var(--on);z-index:1}
.key .pictures .card > .symbol{width:calc(var(--cell) * .16);height:calc(var(--cell) * .16);padding:calc(var(--cell) * .025);
  background:var(--role);border-radius:50%;left:0;top:0}
.symbol{display:inline-block;flex:none;fill:currentColor;color:var(--on)}
.light{position:absolute;display:flex;align-items:center;justify-content:center;background:var(--role);
  border-radius:var(--u)}
.light .symbol{width:calc(1.4 * var(--u));height:calc(1.4 * var(--u))}
.light.top,.light.bottom{left:calc(50% - 6 * var(--u));width:calc(12 * var(--u));height:calc(1.8 * var(--u))}
.light.left,.light.right{top:calc(50% - 6 * var(--u));height:calc(12 * var(--u));width:calc(1.8 * var(--u))}
.light.top{top:calc(.4 * var(--u))}.light.bottom{bottom:calc(.4 * var(--u))}.light.left{left:calc(.4 * var(--u))}
.light.right{right:calc(.4 * var(--u))}
.legend{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;justify-content:center;gap:.4em 1.6em;
  font-size:clamp(12px,2vh,24px);font-weight:700;color:var(--card)}
.legend li{display:flex;align-items:center;gap:.45em}
.key{position:relative}
.seed{position:absolute;right:2vw;bottom:1.5vh;font-size:clamp(11px,1.6vh,18px);color:var(--band)}
.legend .symbol{width:1.3em;height:1.3em;padding:.22em;border-radius:.25em;background:var(--role)}
@media print{
  .key header p.secret,.order{color:var(--text)}
  .legend,.seed{color:var(--text)}
  .seed{right:0;bottom:0;font-size:9pt}
  .frame.lit{--pad:7mm}
  .key .grid{--w:min(245mm,calc(135mm * var(--aspect)))}
  .light .symbol{width:3.5mm;height:3.5mm}
  .light.top,.light.bottom{left:calc(50% - 16mm);width:32mm;height:5mm}
  .light.left,.light.right{top:calc(50% - 16mm);height:32mm;width:5mm}
  .light.top{top:1mm}.light.bottom{bottom:1mm}.light.left{left:1mm}.light.right{right:1mm}
}"""
