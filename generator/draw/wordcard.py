"""The codename card face: the word upright on a light label, and upside down on a shaded band
for the spymasters across the table. A face without a word is a blank card to write on.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ..layout import Box
from ..theme import Theme
from ..typeface import Font
from ..units import MM
from ..wordface import WordFace, WordFaceLayout
from .emblem import draw_keyhole_emblem
from .paint import centre, centred_lines, fill, stroke

CORNER = 1.8 * MM

# The artwork that every face shares is drawn once per document as a form and placed on each
# card: the file stores it once, and ReportLab does not re-encode the same curves 400 times.
ARTWORK = "cngen-word-card"
BLANK_ARTWORK = "cngen-blank-word-card"


def define_word_card_artwork(canvas: Canvas, layout: WordFaceLayout, theme: Theme) -> None:
    """Declare the shared artwork forms; call once per canvas before drawing faces."""
    card = layout.card
    canvas.beginForm(ARTWORK, card.x, card.y, card.right, card.top)
    _draw_background(canvas, layout, theme)
    _draw_emblem(canvas, layout.emblem, theme)
    canvas.endForm()
    canvas.beginForm(BLANK_ARTWORK, card.x, card.y, card.right, card.top)
    canvas.doForm(ARTWORK)
    _draw_writing_line(canvas, layout.label_text, 0.3, theme)
    _draw_writing_line(canvas, layout.band_text, 0.7, theme)
    canvas.endForm()


def draw_word_face(
    canvas: Canvas, layout: WordFaceLayout, face: WordFace | None, font: Font, theme: Theme
) -> None:
    """Draw one face in card coordinates; ``face`` None draws a blank card to write on."""
    if face is None:
        canvas.doForm(BLANK_ARTWORK)
        return
    canvas.doForm(ARTWORK)
    fill(canvas, theme.text)
    centred_lines(canvas, face.upright, font, *centre(layout.label_text))
    canvas.saveState()
    # The spymasters sit across the table: their copy is turned half a turn about the band.
    canvas.translate(*centre(layout.band_text))
    canvas.rotate(180)
    centred_lines(canvas, face.mirrored, font, 0.0, 0.0)
    canvas.restoreState()


def _draw_background(canvas: Canvas, layout: WordFaceLayout, theme: Theme) -> None:
    card = layout.card
    fill(canvas, theme.card)
    canvas.rect(card.x, card.y, card.width, card.height, stroke=0, fill=1)
    fill(canvas, theme.band)
    band = layout.band
    canvas.roundRect(band.x, band.y, band.width, band.height, CORNER, stroke=0, fill=1)
    fill(canvas, theme.label)
    stroke(canvas, theme.outline, 0.8)
    label = layout.label
    canvas.roundRect(label.x, label.y, label.width, label.height, CORNER, stroke=1, fill=1)


def _draw_emblem(canvas: Canvas, strip: Box, theme: Theme) -> None:
    """Our mark between two rules."""
    centre_x, centre_y = centre(strip)
    radius = min(strip.height * 0.32, 4 * MM)
    draw_keyhole_emblem(canvas, centre_x, centre_y, radius, theme.outline, 0.8)
    rule_gap = radius * 1.8
    canvas.line(strip.x + 2 * MM, centre_y, centre_x - rule_gap, centre_y)
    canvas.line(centre_x + rule_gap, centre_y, strip.right - 2 * MM, centre_y)


def _draw_writing_line(canvas: Canvas, box: Box, height_fraction: float, theme: Theme) -> None:
    stroke(canvas, theme.writing_line, 0.6)
    y = box.y + box.height * height_fraction
    canvas.line(box.x + 2 * MM, y, box.right - 2 * MM, y)
