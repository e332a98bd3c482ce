"""The picture card face: the picture filling the window inside the kit's frame, and the corner
mark at its upper left; a face without a picture is a blank card to draw on.

Every picture is drawn once per file, as a form that its face places: a photo's pixels and an
SVG's curves are stored once however the sheets are laid out. The ground, the frame and the
mark are forms as well, shared by every card.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

import msgspec
from reportlab.pdfgen.canvas import Canvas

from ..geometry.pictureface import PictureFaceLayout
from ..geometry.sheet import Box
from ..geometry.style import FRAME_LINE, FRAME_RADIUS
from .cornermark import WINDOW_RADIUS, clip_to_window, draw_window_mark
from .paint import begin_form, fill, form_name, stroke
from .theme import Colour, Ink, Theme, rgb_of


class RasterArt(msgspec.Struct, frozen=True):
    """A photo ready for the file: encoded pixels (JPEG or PNG, in the file's colour space) and
    the box it is placed in, in card coordinates; a cropped photo's box is the window."""

    data: bytes
    box: Box


class VectorArt(msgspec.Struct, frozen=True):
    """A vector picture (a ReportLab drawing, its colours already in the file's colour space)
    and the box the whole of it is scaled into; ``clip``: the box it is clipped to, where it
    overflows (a drawing that covers its box)."""

    drawing: Any
    box: Box
    clip: Box | None = None


Art = RasterArt | VectorArt


class PictureCardArtist:
    """Draws picture faces: a face is a picture's name (a key of ``art``), or None for a blank
    card to draw on."""

    def __init__(self, layout: PictureFaceLayout, art: Mapping[str, Art], theme: Theme):
        self.layout, self.art, self.theme = layout, art, theme
        self.ground = form_name("picture-card", layout.bleed_box)
        self.top = form_name("picture-card-frame", layout.bleed_box)
        self.forms = {name: form_name(f"picture-{number}", layout.bleed_box) for number, name in enumerate(art)}

    def define(self, canvas: Canvas) -> None:
        layout, theme, area = self.layout, self.theme, self.layout.bleed_box
        begin_form(canvas, self.ground, area)
        fill(canvas, theme.card)
        canvas.rect(area.x, area.y, area.width, area.height, stroke=0, fill=1)
        fill(canvas, theme.label)
        _window_path(canvas, layout, fill=1)
        canvas.endForm()
        begin_form(canvas, self.top, area)
        self._frame_and_mark(canvas)
        canvas.endForm()
        for name, art in self.art.items():
            begin_form(canvas, self.forms[name], area)
            draw_art(canvas, art, layout.window)
            canvas.endForm()

    def shown_box(self, face: str | None) -> Box:
        """What a web page shows as the face's picture: the whole card."""
        return self.layout.card

    def draw(self, canvas: Canvas, face: str | None) -> None:
        canvas.doForm(self.ground)
        if face is not None:
            canvas.doForm(self.forms[face])
        canvas.doForm(self.top)

    def _frame_and_mark(self, canvas: Canvas) -> None:
        """The mark is cut by the window's rounded corner, so it reads as the frame's own corner."""
        layout, theme = self.layout, self.theme
        draw_window_mark(canvas, layout.window, layout.mark, theme.accent)
        stroke(canvas, theme.accent, FRAME_LINE)
        frame = layout.frame
        canvas.roundRect(frame.x, frame.y, frame.width, frame.height, FRAME_RADIUS, stroke=1, fill=0)


def _window_path(canvas: Canvas, layout: PictureFaceLayout, fill: int = 0) -> None:
    window = layout.window
    canvas.roundRect(window.x, window.y, window.width, window.height, WINDOW_RADIUS, stroke=0, fill=fill)


def draw_art(canvas: Canvas, art: Art, window: Box) -> None:
    """A picture made ready for the file in its box; a photo clipped to the ``window``'s
    rounded corners, a drawing to its own clip."""
    canvas.saveState()
    box = art.box
    if isinstance(art, RasterArt):
        from ..reportlab_private import draw_image

        clip_to_window(canvas, window)  # the window's rounded corners
        draw_image(canvas, art.data, box.x, box.y, box.width, box.height)
    else:
        from reportlab.graphics import renderPDF

        if art.clip is not None:
            path = canvas.beginPath()
            path.rect(art.clip.x, art.clip.y, art.clip.width, art.clip.height)
            canvas.clipPath(path, stroke=0, fill=0)
        drawing = art.drawing
        canvas.translate(box.x, box.y)
        canvas.scale(box.width / drawing.width, box.height / drawing.height)
        renderPDF.draw(drawing, canvas, 0, 0, showBoundary=False)
    canvas.restoreState()


def ready_for_file(drawing: Any, theme: Theme, ink_limit: float, font_name: str) -> Any:
    """``drawing`` (an SVG's) made ready for the file, in place: its paints in ``theme``'s colour
    space (RGB as drawn, or the kit's CMYK within ``ink_limit`` percent; see-through paints
    flattened onto the light window the pictures lie on), and its starting font ``font_name``:
    drawing a ReportLab drawing begins by setting a font, Helvetica unless the drawing names
    another, and a press file must embed every font it names."""
    drawing.initialFontName = font_name
    ground = rgb_of(theme.label)
    if len(theme.label) == 4:
        paint_drawing(drawing, lambda rgb: Ink.from_rgb(rgb).limited(ink_limit).cmyk, ground)
    else:
        paint_drawing(drawing, lambda rgb: rgb, ground)
    return drawing


def paint_drawing(drawing: Any, colour: Callable[[tuple[float, float, float]], Colour], ground: Colour) -> None:
    """Give every fill and stroke of ``drawing`` (an SVG's, through svglib) the file's colour
    space, in place: ``colour`` turns red, green, blue (0 to 1) into the file's colour. A
    see-through paint is flattened onto ``ground`` first: press files (PDF/X-1a) allow no
    transparency, and our pictures only lay flat colours over the card's light window."""
    from reportlab.graphics.shapes import Group
    from reportlab.lib.colors import CMYKColor, Color

    def converted(paint: Any, opacity: float | None) -> Any:
        if not isinstance(paint, Color):
            return paint
        red, green, blue = paint.red, paint.green, paint.blue
        alpha = (paint.alpha if paint.alpha is not None else 1.0) * (1.0 if opacity is None else opacity)
        if alpha < 1 and len(ground) == 3:
            under_red, under_green, under_blue = ground
            red, green, blue = (alpha * red + (1 - alpha) * under_red, alpha * green + (1 - alpha) * under_green,
                                alpha * blue + (1 - alpha) * under_blue)
        made = colour((red, green, blue))
        return CMYKColor(*made) if len(made) == 4 else Color(*made)

    def walk(node: Any) -> None:
        for name, opacity in (("fillColor", "fillOpacity"), ("strokeColor", "strokeOpacity")):
            if hasattr(node, name):
                setattr(node, name, converted(getattr(node, name), getattr(node, opacity, None)))
                if hasattr(node, opacity):
                    setattr(node, opacity, 1.0)
        if isinstance(node, Group) or hasattr(node, "contents"):
            for child in getattr(node, "contents", ()):
                walk(child)

    walk(drawing)
