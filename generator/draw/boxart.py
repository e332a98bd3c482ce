"""A box's faces in the kit's look: a band near the top and one near the bottom run right
round the box, in the teams' colours (``Bands``: red above and blue below, or every team's in
each band where more play); the front carries the emblem, the kit's title large and what the
box holds; the back says what it holds, how many and how large; the sides carry the title
along them like a book's spine, so that a box on a shelf says what it is; the top lid the
emblem.

Each face is drawn upright in (0, 0, width, height) (``draw.dieline``), and keeps its text
``Panel.safe`` from its folds and cuts. A face too small for a part leaves it out: a box of
twenty tiles has narrow sides.
"""

from __future__ import annotations

import msgspec
from reportlab.pdfgen.canvas import Canvas

from ..geometry.dieline import Panel
from ..geometry.fit import FittedText, fit_text
from ..geometry.style import CAPTION, EMBLEM_LINE, HEADING, LEAD, TITLE
from ..typeface.font import Font
from ..units import MM
from .dieline import upright_size
from .emblem import draw_emblem
from .paint import centred_lines, fill
from .theme import Colour, Theme

# The bands, measured up from the box's bottom (the upper one down from its top, below the
# thumb notch): where they run and how wide (thinner in light ink).
LOWER_BAND_AT = 9 * MM
UPPER_BAND_BELOW_TOP = 13 * MM  # below the top edge, under a thumb notch of up to 10 mm
BAND = 4 * MM
LIGHT_BAND = 1.2 * MM
GAP = 2.5 * MM  # between a band and the text beside it
EMBLEM_MAX = 7 * MM
JOIN_MARK = 3.2 * MM  # the circle round a join letter
JOIN_MARK_DOWN = 7.5 * MM  # its centre below the box's top edge
EMBLEM = "emblem"
# What a face stacks one above another: fitted text, or the emblem; its height and colour.
Part = tuple[FittedText | str, float, Colour | None]


class Bands(msgspec.Struct, frozen=True):
    """The colours of the two bands, each band split evenly among its colours along a face."""

    lower: tuple[Colour, ...]
    upper: tuple[Colour, ...]


class BoxFaces(msgspec.Struct, frozen=True):
    """What a box's faces say: the kit's ``title`` (None for none), what it ``holds`` ("Key
    cards", in the kit's language) and its ``count`` line ("40 cards · 70 × 70 mm"); ``joins``
    names the panels that carry a join mark, with the edge it sits by ("left", "right")."""

    theme: Theme
    font: Font
    title: str | None
    holds: str
    count: str
    bands: Bands
    joins: tuple[tuple[str, str], ...] = ()

    def __call__(self, canvas: Canvas, panel: Panel) -> None:
        width, height = upright_size(panel)
        kind = panel.name
        if kind in ("front", "back"):
            self._bands(canvas, width, height, True)
            (self._front if kind == "front" else self._back)(canvas, width, height, panel.safe)
        elif kind.startswith("side"):
            self._bands(canvas, height, width, False)
            self._side(canvas, width, height, panel.safe)
        elif kind == "top":
            self._lid(canvas, width, height, panel.safe)
        for name, edge in self.joins:
            if name == kind:
                self._join_mark(canvas, panel, width, height, edge)

    # --- the bands -----------------------------------------------------------------------

    def band_spans(self, up: float) -> tuple[tuple[float, float], tuple[float, float]]:
        """The lower and upper bands' spans, up from the box's bottom, for a box ``up`` tall."""
        width = self._band_width()
        lower = (LOWER_BAND_AT + (BAND - width) / 2, LOWER_BAND_AT + (BAND + width) / 2)
        upper_top = up - UPPER_BAND_BELOW_TOP - (BAND - width) / 2
        return lower, (upper_top - width, upper_top)

    def _bands(self, canvas: Canvas, across: float, up: float, across_is_x: bool) -> None:
        """Both bands across a face ``across`` wide, ``up`` tall (in the box's own up); on a
        side, whose artwork lies along the box, the box's up runs along x."""
        for (start, end), colours in zip(self.band_spans(up), (self.bands.lower, self.bands.upper)):
            if not across_is_x:  # a side's artwork is turned: its x runs down the net, against the front's
                colours = colours[::-1]
            step = across / len(colours)
            for at, colour in enumerate(colours):
                fill(canvas, colour)
                # The first and last parts run a point past the face's edges, into the bleed.
                low = -1 if at == 0 else at * step
                high = across + 1 if at == len(colours) - 1 else (at + 1) * step
                if across_is_x:
                    canvas.rect(low, start, high - low, end - start, stroke=0, fill=1)
                else:
                    canvas.rect(start, low, end - start, high - low, stroke=0, fill=1)

    # --- the faces -----------------------------------------------------------------------

    def _front(self, canvas: Canvas, width: float, height: float, safe: float) -> None:
        """Emblem, title and what the box holds, between the bands; the count under the lower band."""
        (_, lower_top), (upper_bottom, _) = self.band_spans(height)
        low, high = lower_top + GAP, upper_bottom - GAP
        inner = width - 2 * safe
        room = high - low
        radius = min(EMBLEM_MAX, room * 0.16, inner / 4)
        title = self._fit(self.title, inner, room * 0.34, TITLE * 1.25) if self.title else None
        holds = self._fit(self.holds, inner, room * 0.2, LEAD)
        parts: list[Part] = [(EMBLEM, 2 * radius, None)] if radius >= 2.5 * MM else []
        parts += self._texts((title, self.theme.heading), (holds, self.theme.text))
        self._stack(canvas, parts, width / 2, (low + high) / 2, radius, room)
        count = self._fit(self.count, inner, lower_top - BAND - safe, CAPTION)
        if count is not None:
            lower_bottom = self.band_spans(height)[0][0]
            self._lines(canvas, count, width / 2, (safe + lower_bottom) / 2 + 0.2 * MM)

    def _back(self, canvas: Canvas, width: float, height: float, safe: float) -> None:
        """What the box holds large, how many and how large below, the title small above."""
        (_, lower_top), (upper_bottom, _) = self.band_spans(height)
        low, high = lower_top + GAP, upper_bottom - GAP
        inner = width - 2 * safe
        room = high - low
        holds = self._fit(self.holds, inner, room * 0.3, HEADING)
        count = self._fit(self.count, inner, room * 0.15, LEAD * 0.85)
        title = self._fit(self.title, inner, room * 0.15, LEAD) if self.title else None
        radius = min(EMBLEM_MAX * 0.7, room * 0.1, inner / 5)
        parts = self._texts((title, self.theme.heading))
        parts += [(EMBLEM, 2 * radius, None)] if radius >= 2 * MM else []
        parts += self._texts((holds, self.theme.text), (count, self.theme.text))
        self._stack(canvas, parts, width / 2, (low + high) / 2, radius, room)

    def _side(self, canvas: Canvas, length: float, depth: float, safe: float) -> None:
        """The title along the side between the bands (what it holds below, on a deep box)."""
        (_, lower_top), (upper_bottom, _) = self.band_spans(length)
        low, high = lower_top + GAP, upper_bottom - GAP
        across = depth - 2 * safe
        if across < CAPTION * 0.8 or high - low < 10 * MM:
            return
        text = self.title or self.holds
        title = self._fit(text, high - low, min(across, 14 * MM), TITLE)
        holds = self._fit(self.holds, high - low, across * 0.25, LEAD) if self.title and across > 18 * MM else None
        parts = self._texts((title, self.theme.heading), (holds, self.theme.text))
        self._stack(canvas, parts, (low + high) / 2, depth / 2, 0.0, across)

    def _lid(self, canvas: Canvas, width: float, height: float, safe: float) -> None:
        radius = min(EMBLEM_MAX, (min(width, height) - 2 * safe) / 2 - 1 * MM)
        if radius >= 2.5 * MM:
            draw_emblem(canvas, width / 2, height / 2, radius, self.theme.accent, EMBLEM_LINE, self.theme.emblem)

    def _join_mark(self, canvas: Canvas, panel: Panel, width: float, height: float, edge: str) -> None:
        """A circled "A" by the edge where the two sheets join, in the strip above the upper
        band (beside the thumb notch on the front): on the first sheet beside its joining tab,
        on the second by the edge that tab goes under."""
        inset = panel.safe + JOIN_MARK
        if panel.name.startswith("side"):  # a side's artwork lies along the box: the net's edges are its top and bottom
            x, y = width - JOIN_MARK_DOWN, (height - inset if edge == "left" else inset)
        else:
            x, y = (width - inset if edge == "right" else inset), height - JOIN_MARK_DOWN
        fill(canvas, self.theme.label)
        canvas.circle(x, y, JOIN_MARK, stroke=0, fill=1)
        fill(canvas, self.theme.text)
        canvas.setFont(self.font.name, CAPTION)
        canvas.drawCentredString(x, y - CAPTION * 0.35, "A")

    # --- text ----------------------------------------------------------------------------

    def _band_width(self) -> float:
        return LIGHT_BAND if self.theme.ink == "light" else BAND

    def _fit(self, text: str | None, width: float, height: float, largest: float) -> FittedText | None:
        if not text or width <= 0 or height <= 0:
            return None
        return fit_text(text, self.font, width, height, largest, min(CAPTION, largest))

    def _texts(self, *texts: tuple[FittedText | None, Colour]) -> list[Part]:
        """The fitted texts that fit, with their heights and colours, for ``_stack``."""
        return [(text, self._height(text), colour) for text, colour in texts if text is not None]

    def _height(self, text: FittedText) -> float:
        return len(text.lines) * self.font.line_height(text.size)

    def _lines(self, canvas: Canvas, text: FittedText, x: float, y: float, colour: Colour | None = None) -> None:
        fill(canvas, colour or self.theme.text)
        centred_lines(canvas, text, self.font, x, y)

    def _stack(self, canvas: Canvas, parts: list[Part], x: float, centre_y: float, radius: float, room: float) -> None:
        """The parts (the emblem, or fitted text) one above another, evenly spaced in ``room``
        and centred on ``centre_y``."""
        if not parts:
            return
        total = sum(height for _, height, _ in parts)
        gap = min(max((room - total) / (len(parts) + 1), 0.0), 4 * MM)
        top = centre_y + (total + gap * (len(parts) - 1)) / 2
        for part, height, colour in parts:
            middle = top - height / 2
            if isinstance(part, FittedText):
                self._lines(canvas, part, x, middle, colour)
            else:
                draw_emblem(canvas, x, middle, radius, self.theme.accent, EMBLEM_LINE, self.theme.emblem)
            top -= height + gap
