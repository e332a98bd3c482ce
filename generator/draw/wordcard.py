"""The codename card face: the word upright on a light label, and upside down on a shaded band
for the spymasters across the table, the emblem between them. A face without a word is a blank
card to write on.

The kit's measures (``geometry.style``): the label is a panel with the frame's line and the
panels' corner radius; the emblem sits between two rules (``draw.emblem``); all of it in the
theme's line colour. A card whose word took the emblem's strip (``WordFace.opened``) has a
taller label and no emblem; a word fitted in the condensed face is drawn in it.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..geometry.fit import FittedText
from ..geometry.sheet import Box
from ..geometry.style import FRAME_LINE, PANEL_RADIUS
from ..geometry.wordface import SECOND_GAP, WordFace, WordFaceLayout, second_height
from ..typeface.font import Font
from ..units import MM
from .emblem import draw_emblem_between_rules
from .paint import begin_form, centred_lines, fill, form_name, stroke
from .theme import Theme

RULE_INSET = 2 * MM  # the rules stop this far inside the strip's ends


class WordCardArtist:
    """Draws word faces (a ``WordFace``, or None for a blank card to write on).

    The artwork that every face shares is drawn once per document as a form and placed on each
    card: the file stores it once, and ReportLab does not re-encode the same curves 400 times.
    """

    def __init__(self, layout: WordFaceLayout, font: Font, theme: Theme, second_font: Font | None = None):
        self.layout, self.font, self.theme = layout, font, theme
        self.second_font = second_font or font  # a second line's beneath the word (``WordFace.second``)
        self.opened_layout = layout.opened()
        self.artwork = form_name("word-card", layout.bleed_box)
        self.opened_artwork = form_name("opened-word-card", layout.bleed_box)
        self.blank = form_name("blank-word-card", layout.bleed_box)

    def define(self, canvas: Canvas) -> None:
        if canvas.hasForm(self.artwork):
            return
        layout, theme, area = self.layout, self.theme, self.layout.bleed_box
        define_artwork(canvas, self.artwork, layout, theme)
        begin_form(canvas, self.blank, area)
        canvas.doForm(self.artwork)
        draw_writing_line(canvas, layout.label_text, 0.3, theme)
        draw_writing_line(canvas, layout.band_text, 0.7, theme)
        canvas.endForm()

    def draw(self, canvas: Canvas, face: WordFace | None) -> None:
        """One face in card coordinates; None draws a blank card to write on."""
        if face is None:
            canvas.doForm(self.blank)
            return
        canvas.doForm(self._artwork(canvas, face.opened))
        self.draw_words(canvas, face, (self.opened_layout if face.opened else self.layout).label_text)

    def draw_words(self, canvas: Canvas, face: WordFace, label: Box) -> None:
        """The face's word (and its second line) upright in the ``label`` text box, and upside
        down in the band, over artwork already drawn."""
        fill(canvas, self.theme.text)
        self._block(canvas, face.upright, face.second, *label.centre)
        canvas.saveState()
        # The spymasters sit across the table: their copy is turned half a turn about the
        # band's centre, in one matrix rather than a move and a turn (a deck sets hundreds).
        centre_x, centre_y = self.layout.band_text.centre
        canvas.transform(-1, 0, 0, -1, centre_x, centre_y)
        self._block(canvas, face.mirrored, face.second_mirrored, 0.0, 0.0)
        canvas.restoreState()

    def _block(self, canvas: Canvas, word: FittedText, second: FittedText | None, centre_x: float,
               centre_y: float) -> None:
        """The word centred on the point; with a second line, the two stacked and centred
        together, SECOND_GAP apart."""
        if second is None:
            self._lines(canvas, word, centre_x, centre_y)
            return
        word_height = len(word.lines) * self.font.line_height(word.size)
        below = second_height(second, self.second_font)
        top = centre_y + (word_height + SECOND_GAP + below) / 2
        self._lines(canvas, word, centre_x, top - word_height / 2)
        self._lines(canvas, second, centre_x, top - word_height - SECOND_GAP - below / 2, self.second_font)

    def _artwork(self, canvas: Canvas, opened: bool) -> str:
        """The form of a card's artwork; an opened card's is defined when the first is drawn,
        so that a deck without one carries none."""
        if not opened:
            return self.artwork
        if not canvas.hasForm(self.opened_artwork):
            define_artwork(canvas, self.opened_artwork, self.opened_layout, self.theme)
        return self.opened_artwork

    def _lines(self, canvas: Canvas, text: FittedText, centre_x: float, centre_y: float,
               face: Font | None = None) -> None:
        """Plain text through ReportLab; a shaped word (right to left, joined) by its glyphs.
        In the condensed face where it was fitted in it; ``face``: another font than the words'."""
        font = face or self.font
        font = font.condensed if text.condensed and font.condensed is not None else font
        if not text.shaped:
            centred_lines(canvas, text, font, centre_x, centre_y)
            return
        from .glyphs import centred_glyph_lines  # HarfBuzz's glyphs: only decks that need them load it

        centred_glyph_lines(canvas, text, font, centre_x, centre_y)


def define_artwork(canvas: Canvas, name: str, layout: WordFaceLayout, theme: Theme) -> None:
    """What every face of ``layout`` shares, as the form ``name``: ground, panels, emblem."""
    area = layout.bleed_box
    begin_form(canvas, name, area)
    _draw_background(canvas, layout, theme)
    _draw_emblem(canvas, layout, theme)
    canvas.endForm()


def _draw_background(canvas: Canvas, layout: WordFaceLayout, theme: Theme) -> None:
    area = layout.bleed_box
    fill(canvas, theme.card)
    canvas.rect(area.x, area.y, area.width, area.height, stroke=0, fill=1)
    fill(canvas, theme.band)
    band = layout.band
    canvas.roundRect(band.x, band.y, band.width, band.height, PANEL_RADIUS, stroke=0, fill=1)
    fill(canvas, theme.label)
    stroke(canvas, theme.accent, FRAME_LINE)
    label = layout.label
    canvas.roundRect(label.x, label.y, label.width, label.height, PANEL_RADIUS, stroke=1, fill=1)


def _draw_emblem(canvas: Canvas, layout: WordFaceLayout, theme: Theme) -> None:
    """Our mark (or the user's emblem) between two rules, in the strip between the label and the band."""
    strip, radius = layout.emblem, layout.emblem_radius
    if radius > 0:
        draw_emblem_between_rules(canvas, strip.x + RULE_INSET, strip.right - RULE_INSET, strip.centre[1], radius,
                                  theme.accent, theme.emblem)


def draw_writing_line(canvas: Canvas, box: Box, height_fraction: float, theme: Theme) -> None:
    stroke(canvas, theme.writing_line, 0.6)
    y = box.y + box.height * height_fraction
    canvas.line(box.x + 2 * MM, y, box.right - 2 * MM, y)
