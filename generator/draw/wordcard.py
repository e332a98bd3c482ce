"""The codename card face: the word upright on a light label, and upside down on a shaded band
for the spymasters across the table. A face without a word is a blank card to write on.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..geometry.sheet import Box
from ..geometry.typeface import Font
from ..geometry.wordface import WordFace, WordFaceLayout
from ..settings.units import MM
from .emblem import draw_keyhole_emblem
from .paint import centred_lines, fill, form_name, stroke
from .theme import Theme

CORNER = 1.8 * MM


class WordCardArtist:
    """Draws word faces (a ``WordFace``, or None for a blank card to write on).

    The artwork that every face shares is drawn once per document as a form and placed on each
    card: the file stores it once, and ReportLab does not re-encode the same curves 400 times.
    """

    def __init__(self, layout: WordFaceLayout, font: Font, theme: Theme):
        self.layout, self.font, self.theme = layout, font, theme
        self.artwork = form_name("word-card", layout.bleed_box)
        self.blank = form_name("blank-word-card", layout.bleed_box)

    def define(self, canvas: Canvas) -> None:
        if canvas.hasForm(self.artwork):
            return
        layout, theme, area = self.layout, self.theme, self.layout.bleed_box
        canvas.beginForm(self.artwork, area.x, area.y, area.right, area.top)
        _draw_background(canvas, layout, theme)
        _draw_emblem(canvas, layout.emblem, theme)
        canvas.endForm()
        canvas.beginForm(self.blank, area.x, area.y, area.right, area.top)
        canvas.doForm(self.artwork)
        _draw_writing_line(canvas, layout.label_text, 0.3, theme)
        _draw_writing_line(canvas, layout.band_text, 0.7, theme)
        canvas.endForm()

    def draw(self, canvas: Canvas, face: WordFace | None) -> None:
        """One face in card coordinates; None draws a blank card to write on."""
        if face is None:
            canvas.doForm(self.blank)
            return
        canvas.doForm(self.artwork)
        fill(canvas, self.theme.text)
        centred_lines(canvas, face.upright, self.font, *self.layout.label_text.centre)
        canvas.saveState()
        # The spymasters sit across the table: their copy is turned half a turn about the band.
        canvas.translate(*self.layout.band_text.centre)
        canvas.rotate(180)
        centred_lines(canvas, face.mirrored, self.font, 0.0, 0.0)
        canvas.restoreState()


def _draw_background(canvas: Canvas, layout: WordFaceLayout, theme: Theme) -> None:
    area = layout.bleed_box
    fill(canvas, theme.card)
    canvas.rect(area.x, area.y, area.width, area.height, stroke=0, fill=1)
    fill(canvas, theme.band)
    band = layout.band
    canvas.roundRect(band.x, band.y, band.width, band.height, CORNER, stroke=0, fill=1)
    fill(canvas, theme.label)
    stroke(canvas, theme.line, 0.8)
    label = layout.label
    canvas.roundRect(label.x, label.y, label.width, label.height, CORNER, stroke=1, fill=1)


def _draw_emblem(canvas: Canvas, strip: Box, theme: Theme) -> None:
    """Our mark between two rules."""
    centre_x, centre_y = strip.centre
    radius = min(strip.height * 0.32, 4 * MM)
    draw_keyhole_emblem(canvas, centre_x, centre_y, radius, theme.line, 0.8)
    rule_gap = radius * 1.8
    canvas.line(strip.x + 2 * MM, centre_y, centre_x - rule_gap, centre_y)
    canvas.line(centre_x + rule_gap, centre_y, strip.right - 2 * MM, centre_y)


def _draw_writing_line(canvas: Canvas, box: Box, height_fraction: float, theme: Theme) -> None:
    stroke(canvas, theme.writing_line, 0.6)
    y = box.y + box.height * height_fraction
    canvas.line(box.x + 2 * MM, y, box.right - 2 * MM, y)
