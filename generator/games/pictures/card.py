"""The picture edition's key card face: the classic key card (its frame, its lights in the
starting team's colour, pointed for red and rounded for blue, its cells and number) over a 5 x 4
grid, wearing the picture cards' corner mark in its upper-left corner.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ...draw.cornermark import draw_window_mark
from ...draw.theme import Theme
from ...typeface.font import Font
from ..classic.card import KeyCardArtist
from .face import PicturesFaceLayout


class PicturesKeyCardArtist(KeyCardArtist):
    """The classic artist over the 5 x 4 layout; its card forms carry the corner mark, under
    their own names (a 5 x 4 card's lights sit elsewhere than a 5 x 5 card's of its size)."""

    frame_form_name = "pictures-key-frame"

    def __init__(self, layout: PicturesFaceLayout, font: Font, theme: Theme, common_back: bool = False,
                 scale: float = 1.0, back_title: str = "KEY CARD"):
        super().__init__(layout.key, font, theme, common_back, scale, back_title)
        self.pictures = layout

    def draw_on_frame(self, canvas: Canvas) -> None:
        """The corner mark, cut by the window's rounded corner as on a picture card, so that it
        reads as the frame's own corner."""
        draw_window_mark(canvas, self.pictures.window, self.pictures.mark, self.theme.accent)
