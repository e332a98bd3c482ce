"""The roles are one table (generator/model/roles.py) that every component reads: each entry
is complete (a shape each format draws, figures the tiles draw, colours the theme holds, texts
every language names), no two roles look alike, and a role added to the table reaches the key
cards, the tiles' symbols and every board format with no other change."""

from __future__ import annotations

import io
import typing

import msgspec
import pdfplumber
import pytest
from reportlab.pdfgen.canvas import Canvas

from generator.draw import medallion, symbols
from generator.draw.keycard import cell_colours, define_cell_forms, place_cells
from generator.draw.theme import Theme, make_theme
from generator.exports.board import COUNTED_KEYS, TEXT_KEYS, plain, view, webpage
from generator.geometry.sheet import Box
from generator.model import roles
from generator.model.roles import ROLES, TEAM_ROLES, Role, Shape, in_order, role_of, team_role

THEME = make_theme(False, None, ink_limit=300, ink="full")


def test_every_role_is_drawn_alike_everywhere():
    for role in ROLES:
        assert role.symbol in symbols.SHAPES, role.name
        assert role.symbol in webpage.SHAPES and role.symbol in view.MARKS, role.name
        assert all(figure in medallion.FIGURES for figure in role.figures), role.name
        for colour in (role.colour, role.on_colour, role.figure_colour, role.writing_colour):
            assert colour in THEME.roles or colour in Theme.__struct_fields__, (role.name, colour)
        assert {role.colour, f"{role.colour}_pale", f"{role.colour}_border"} <= set(THEME.roles)
        # a board of every team the roles table has writes every role's colours
        assert {role.colour, role.on_colour, role.writing_colour} <= set(view.colour_names(THEME, len(TEAM_ROLES)))
        assert role.noun in TEXT_KEYS and role.nouns in COUNTED_KEYS


def test_every_shape_is_drawn_by_every_format():
    shapes = set(typing.get_args(Shape))
    assert set(symbols.SHAPES) == set(webpage.SHAPES) == set(view.MARKS) == shapes


@pytest.mark.parametrize("field", ["letter", "name", "noun"])
def test_no_two_roles_share(field):
    values = [getattr(role, field) for role in ROLES]
    assert len(set(values)) == len(values), field


def _roles_of(game) -> set[str]:
    """The letters of every role a game can deal, at any of its tables."""
    tables = [game] if game.seat is None else [game.seat(teams, None, None) for teams in range(2, len(TEAM_ROLES) + 1)]
    return {face.role for at in tables for kind in at.tiles for face in (kind.front, kind.back)} & set(roles.BY_LETTER)


@pytest.mark.parametrize("field", ["colour", "square", "symbol", "figures"])
def test_no_two_roles_of_a_game_share(field):
    """Within a game, at any of its tables, every role has a colour, a square, a symbol and
    figures of its own; across games a role may repeat another's look: the green team wears
    Duet's green, which never lies on the same table."""
    from generator.games import GAMES

    for game in GAMES.values():
        values = [getattr(role_of(letter), field) for letter in sorted(_roles_of(game))]
        assert len(set(values)) == len(values), (game.name, field)
    shared = {(a.letter, b.letter) for a in ROLES for b in ROLES if a.letter < b.letter and a.colour == b.colour}
    assert shared == {("G", "V")}  # Duet's agents and the green team, and no other pair


def test_roles_part_in_black_and_white():
    """Colour alone never tells two roles apart: each has a shape of its own, and the teams'
    lights differ in shape too."""
    assert len({role.symbol for role in ROLES}) == len(ROLES)
    assert len({team.light for team in TEAM_ROLES}) == len(TEAM_ROLES)


def test_the_lookups_follow_the_table():
    assert [role_of(role.letter) for role in ROLES] == list(ROLES)
    assert [team_role(team.name) for team in TEAM_ROLES] == list(TEAM_ROLES)
    assert in_order("ANRNB") == ["R", "B", "N", "A"]  # the legend's order, each once
    assert cell_colours("R", THEME) == (THEME.roles["red"], THEME.on_colour)
    assert cell_colours("N", THEME) == (THEME.colour("bystander"), THEME.on_bystander)


PURPLE = Role(letter="P", name="purple", colour="heading", on_colour="label", figure_colour="heading",
              writing_colour="heading", symbol="diamond", square="🟪", noun="purple agent", nouns="purple agents",
              figures=("agent in a bowler", "agent with a bob"), team=True, agents=True)


@pytest.fixture
def purple(monkeypatch):
    """A fifth role, added as a line of the table is: every lookup finds it."""
    monkeypatch.setattr(roles, "ROLES", (*ROLES, PURPLE))
    monkeypatch.setitem(roles.BY_LETTER, PURPLE.letter, PURPLE)
    return PURPLE


def test_an_added_role_reaches_the_key_cards(purple):
    """A key card's cell of the new role: its ground and its symbol in the role's colours."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    cell = Box(0, 0, 40, 30)
    define_cell_forms(canvas, cell, ("P",), THEME)
    place_cells(canvas, (Box(100, 100, 40, 30),), ("P",))
    canvas.showPage()
    canvas.save()
    page = pdfplumber.open(io.BytesIO(buffer.getvalue())).pages[0]
    fills = {tuple(round(part, 3) for part in shape["non_stroking_color"]) for shape in page.objects["curve"]}
    assert tuple(round(part, 3) for part in THEME.heading) in fills  # the ground
    assert tuple(round(part, 3) for part in THEME.label) in fills  # the diamond on it


def test_an_added_role_reaches_every_board_format(purple):
    side = view.Side("", (("P", "R"), ("N", "P")))
    assert side.counts() == {"R": 1, "N": 1, "P": 2}
    assert view.mark("P") == "◆" and plain.square("P") == "🟪"
    assert 'class="symbol"' in webpage._symbol("P")
    assert plain._bb_role(_board(), "P", "x") == "[b][color=#ABCDEF]x[/color][/b]"


def _board() -> view.Board:
    return view.Board("T", "classic", "en", False, 1, 1, (), None, {"heading": "#ABCDEF"}, {})


def test_an_added_role_with_a_colour_of_its_own(monkeypatch):
    """A team of a new colour is a line of the roles and a line of the palette: the theme then
    holds its colour, pale tint and border, in home and press files, and the key cells and the
    tiles (in either ink) are painted in them."""
    from generator.draw import theme as themes
    from generator.draw.tile import role_colours

    violet = msgspec.structs.replace(PURPLE, colour="violet", figure_colour="violet", writing_colour="violet")
    monkeypatch.setitem(roles.BY_LETTER, violet.letter, violet)
    monkeypatch.setitem(themes.PALETTE, "violet", themes.Ink((0.55, 0.85, 0.0, 0.1)))
    monkeypatch.setattr(themes, "ROLE_COLOURS", (*themes.ROLE_COLOURS, "violet"))  # as the table gives it
    for cmyk in (False, True):
        theme = make_theme(cmyk, None, ink_limit=300, ink="light")
        assert {"violet", "violet_pale", "violet_border"} <= set(theme.roles)
        assert cell_colours("P", theme)[0] == theme.roles["violet"]
        light = role_colours("P", theme)
        assert (light.ground, light.panel) == (theme.roles["violet_border"], theme.roles["violet_pale"])
        assert light.figure == theme.roles["violet"]
