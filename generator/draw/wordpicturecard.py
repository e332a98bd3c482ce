"""The word-and-picture card face: the picture in a square window above the upright word on the
light panel, and the word upside down on the shaded band for the spymasters; a face without a
word is a blank card to draw and write on.

The panels are a word card's (``draw.wordcard``), without the emblem, whose strip the two
panels share; each picture is a form of its own, drawn once per file however many sheets place it.
"""

from __future__ import annotations

from typing import Mapping

from reportlab.pdfgen.canvas import Canvas

from ..geometry.sheet import Box
from ..geometry.wordpictureface import WordPictureFace, WordPictureLayout
from ..typeface.font import Font
from .cornermark import WINDOW_RADIUS
from .paint import begin_form, form_name, stroke
from .picturecard import Art, draw_art
from .theme import Theme
from .wordcard import WordCardArtist, define_artwork, draw_writing_line

OUTLINE = 0.6  # the blank card's window, in the writing lines' colour: where to draw


class WordPictureCardArtist:
    """Draws word-and-picture faces (a ``WordPictureFace``, or None for a blank card)."""

    def __init__(self, layout: WordPictureLayout, art: Mapping[str, Art], font: Font, theme: Theme,
                 second_font: Font | None = None):
        self.layout, self.art, self.theme = layout, art, theme
        self.words = WordCardArtist(layout.whole, font, theme, second_font)  # sets the words on the panels
        area = layout.bleed_box
        self.artwork = form_name("word-picture-card", area)
        self.blank = form_name("blank-word-picture-card", area)
        self.forms = {name: form_name(f"word-picture-{number}", area) for number, name in enumerate(art)}

    def define(self, canvas: Canvas) -> None:
        if canvas.hasForm(self.artwork):
            return
        layout, theme = self.layout, self.theme
        define_artwork(canvas, self.artwork, layout.whole, theme)
        begin_form(canvas, self.blank, layout.bleed_box)
        canvas.doForm(self.artwork)
        window = layout.window
        stroke(canvas, theme.writing_line, OUTLINE)
        canvas.roundRect(window.x, window.y, window.width, window.height, WINDOW_RADIUS, stroke=1, fill=0)
        draw_writing_line(canvas, layout.beneath.label_text, 0.3, theme)
        draw_writing_line(canvas, layout.whole.band_text, 0.7, theme)
        canvas.endForm()
        for name, art in self.art.items():
            begin_form(canvas, self.forms[name], layout.bleed_box)
            draw_art(canvas, art, window)
            canvas.endForm()

    def shown_box(self, face: WordPictureFace | None) -> Box | None:
        """What a web page shows as the face's picture: its window; None for a word without one."""
        return self.layout.window if face is not None and face.picture is not None else None

    def draw(self, canvas: Canvas, face: WordPictureFace | None) -> None:
        """One face in card coordinates; None draws a blank card."""
        if face is None:
            canvas.doForm(self.blank)
            return
        canvas.doForm(self.artwork)
        if face.picture is not None:
            canvas.doForm(self.forms[face.picture])
        label = (self.layout.beneath if face.picture is not None else self.layout.whole).label_text
        self.words.draw_words(canvas, face.words, label)
