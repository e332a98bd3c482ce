"""Agent, bystander and assassin tiles, and Duet's agents, assassin and timer tokens, as faces:
the role's colour, a medallion (its figure is drawn by draw/medallion.py), the role's name and
the role's symbol (the same one the key cards use), inside the kit's frame, each kind of face
declared once as a form.

Full ink: the role's colour to the edge, the frame, name and symbol in white (a dark grey on
bystanders). Light ink (``--ink light``): a border of the role's colour at half strength from
the cut to the frame, a pale tint of it inside, the frame, name and symbol in the role's full
colour. A pale tile alone read from a chair as an uncovered word card (white, with a pale
band); the border says "covered" at a glance. Measured on the sheets of a set, light tiles
take 41% of the full tiles' ink (Duet's, 38%); the pale tiles alone took 27%, a border of
full colour 58%. Either way the figure is in the role's colour on a white medallion.

The assassin is striped as well as dark: a band of diagonal stripes inside its frame (white
on black; black on the light tile's pale grey), the pattern of its key-card cell. In grey the
navy agents are nearly as dark as the assassin, and a toner-saving laser prints both black;
the stripes part them whatever the tones.

A timer token is the one face that is not a role of the key: the card's paper colour with an
hourglass in black ink, the lightest ground of a Duet set, so that in grey it stands apart from
the khaki bystander on its back and the green agents. Its medallion is ringed (a white disc on
cream needs an edge), and a spare timer's ring is dashed and carries a "+" badge, so that the
two tokens for an easier game are easy to set aside.

An edition's tile may print its own name in place of the role's, and a short line under it in
the same colour: such a face (``TileFace.character``) is a form of its own.
"""

from __future__ import annotations

import msgspec
from reportlab.pdfgen.canvas import Canvas

from ..geometry.fit import FittedText
from ..geometry.stripes import Stripes, striped_band
from ..geometry.style import FRAME_LINE, FRAME_RADIUS
from ..geometry.tileface import SYMBOL_SIZE, TileLayout
from ..model.roles import role_of
from ..model.tiles import TIMER, TileFace, TileKind, TileText, tile_set
from ..typeface.font import Font
from ..units import MM
from .keycard import cell_colours
from .medallion import draw_hourglass_symbol, draw_medallion, draw_spare_badge, draw_timer_ring
from .paint import begin_form, centred_lines, draw_stripes, fill, form_name, stroke
from .symbols import draw_role_symbol
from .theme import COLOUR_LINE_MIN, Colour, Theme, text_colour

# A light tile's frame is in its role's colour: as wide as a print shop accepts a coloured line,
# on every profile, so that a home proof looks like the shop's print.
LIGHT_FRAME_LINE = COLOUR_LINE_MIN
# The assassin's stripes: a band inside the frame, clear of it by a gap, and clear of the
# medallion and the name, which keep CONTENT_GAP inside the frame.
ASSASSIN_GAP = 0.4 * MM
ASSASSIN_BAND = 1.6 * MM
ASSASSIN_STRIPES = Stripes(period=2.0 * MM, width=0.8 * MM)


def tile_frame_line(theme: Theme) -> float:
    """The width of a tile's frame in this theme's style."""
    return LIGHT_FRAME_LINE if theme.ink == "light" else FRAME_LINE


class EditionWords(msgspec.Struct, frozen=True):
    """An edition's texts for the tiles (``texts``, as ``TileFace.character`` numbers them),
    each fitted: its name, and its line in ``line_font`` on the ``lined`` layout, or None."""

    texts: tuple[TileText, ...]
    words: dict[int, tuple[FittedText, FittedText | None]]
    lined: TileLayout
    line_font: Font


class TileArtist:
    """Draws tile faces, each with its role's name as fitted in ``names``, or an edition's own
    words (``edition``). Every face of one kind (name, role, figure, character) is the same
    drawing: each is declared once as a form, for the game's set (``kinds``)."""

    def __init__(self, layout: TileLayout, names: dict[str, FittedText], font: Font, theme: Theme,
                 kinds: tuple[TileKind, ...], edition: EditionWords | None = None):
        self.layout, self.names, self.font, self.theme, self.kinds = layout, names, font, theme, kinds
        self.edition = edition

    def define(self, canvas: Canvas) -> None:
        area = self.layout.bleed_box
        for tile in tile_set(self.kinds, self.edition.texts if self.edition else ()):
            for face in (tile.front, tile.back):
                name = self._form(face)
                if not self._drawn(face) or canvas.hasForm(name):
                    continue
                begin_form(canvas, name, area)
                self._draw_face(canvas, face)
                canvas.endForm()

    def draw(self, canvas: Canvas, face: TileFace) -> None:
        canvas.doForm(self._form(face))

    def _drawn(self, face: TileFace) -> bool:
        if face.character is not None:
            return self.edition is not None and face.character in self.edition.words
        return face.name in self.names

    def _form(self, face: TileFace) -> str:
        ink = "-light" if self.theme.ink == "light" else ""
        character = f"-c{face.character}" if face.character is not None else ""
        ground = face.role if face.role == TIMER else role_of(face.role).colour
        kind = f"tile-{face.name.replace(' ', '-').lower()}-{ground}-{face.figure}{character}{ink}"
        return form_name(kind, self.layout.bleed_box)

    def _words(self, face: TileFace) -> tuple[FittedText, FittedText | None, TileLayout]:
        """The face's name and line, and the layout that holds them."""
        if face.character is None or self.edition is None:
            return self.names[face.name], None, self.layout
        name, line = self.edition.words[face.character]
        return name, line, self.edition.lined if line is not None else self.layout

    def _draw_face(self, canvas: Canvas, face: TileFace) -> None:
        theme = self.theme
        name, line, layout = self._words(face)
        colours = role_colours(face.role, theme)
        area = layout.bleed_box
        fill(canvas, colours.ground)
        canvas.rect(area.x, area.y, area.width, area.height, stroke=0, fill=1)
        frame = layout.frame
        if colours.panel is not None:  # light ink: the pale panel inside the frame
            fill(canvas, colours.panel)
            canvas.roundRect(frame.x, frame.y, frame.width, frame.height, FRAME_RADIUS, stroke=0, fill=1)
        if colours.stripes is not None:
            inset = layout.frame_line / 2 + ASSASSIN_GAP
            band = frame.inset(inset)
            draw_stripes(canvas, band, FRAME_RADIUS - inset, striped_band(band, ASSASSIN_BAND, ASSASSIN_STRIPES),
                         colours.stripes)
        stroke(canvas, colours.frame, layout.frame_line)
        canvas.roundRect(frame.x, frame.y, frame.width, frame.height, FRAME_RADIUS, stroke=1, fill=0)
        draw_medallion(canvas, layout.medallion, face, colours.figure, theme)
        if face.role == TIMER:
            spare = face.figure == SPARE_FIGURE
            draw_timer_ring(canvas, layout.medallion, layout.frame_line, colours.frame, dashed=spare)
            if spare:
                draw_spare_badge(canvas, layout.medallion, layout.frame_line, colours.figure, colours.ground, theme)
        fill(canvas, colours.name)
        centred_lines(canvas, name, self.font, *layout.name.centre)
        if line is not None and layout.line is not None:
            centred_lines(canvas, line, self.edition.line_font, *layout.line.centre)  # type: ignore[union-attr]
        symbol = layout.symbol
        size = min(symbol.height, SYMBOL_SIZE)
        if face.role == TIMER:
            draw_hourglass_symbol(canvas, *symbol.centre, size, colours.frame)
        else:
            draw_role_symbol(canvas, face.role, *symbol.centre, size, colours.frame)


class RoleColours(msgspec.Struct, frozen=True):
    """What a tile of one role is painted with: its ground (to the edge), the panel inside its
    frame (light ink; None: the ground), its frame and symbol, its name, its figure, and the
    colour of the assassin's stripes (None: no stripes)."""

    ground: Colour
    panel: Colour | None
    frame: Colour
    name: Colour
    figure: Colour
    stripes: Colour | None = None


def role_colours(letter: str, theme: Theme) -> RoleColours:
    """The ground, panel, frame and symbol, name, figure and stripes of the tiles of the role of
    ``letter`` (as a tile names its role: ``TileFace.role``)."""
    if letter == TIMER:  # the card's paper and black ink, in either style
        return RoleColours(theme.card, None, theme.text, theme.text, theme.text)
    role = role_of(letter)
    deep = theme.colour(role.figure_colour)
    if theme.ink == "light":
        pale, border = theme.colour(f"{role.colour}_pale"), theme.colour(f"{role.colour}_border")
        return RoleColours(border, pale, deep, text_colour(deep, theme), deep, theme.text if role.striped else None)
    ground, on = cell_colours(role.letter, theme)  # as the key card's cell of that role
    return RoleColours(ground, None, on, on, deep, theme.label if role.striped else None)


SPARE_FIGURE = 1  # a spare timer token's front
