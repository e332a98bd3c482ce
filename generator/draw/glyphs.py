"""Drawing shaped lines: glyph ids placed where HarfBuzz set them.

A line is drawn left to right in its visual order, as word processors and browsers write
Hebrew and Arabic into PDFs, and its glyphs' text (the font's ToUnicode map) is given as seen
(``shaping._as_seen``): PDF readers take the glyphs in that order and turn right-to-left
stretches back into reading order themselves.

No /ActualText span carries the line in reading order, though the PDF format offers one:
pdfium (Chrome's viewer, and pypdfium2) honours it and then reverses right-to-left text once
more, as if it were in visual order. With it, pdfium read 3 of 17 test entries (Hebrew,
Arabic, mixed) back in reading order; without it, 16 (all but an Arabic entry ending in a
Latin word, which comes back with the Latin word first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import Canvas

from ..geometry.fit import FittedText
from ..typeface.font import Font
from ..typeface.measure import Glyph, ShapedLine
from ..reportlab_private import delayed_fonts

if TYPE_CHECKING:
    from ..typeface.embedding import GlyphFont

# Offsets and adjustments smaller than this (thousandths of an em) are HarfBuzz's rounding.
_NEGLIGIBLE = 0.001


def centred_glyph_lines(canvas: Canvas, text: FittedText, font: Font, centre_x: float, centre_y: float) -> None:
    """The shaped lines as a block centred on (centre_x, centre_y), placed as
    ``paint.centred_lines`` places plain ones."""
    line_height = font.line_height(text.size)
    block_top = centre_y + len(text.shaped) * line_height / 2
    for index, line in enumerate(text.shaped):
        baseline = block_top - index * line_height - font.ascent * text.size
        draw_glyph_line(canvas, line, font, text.size, centre_x - line.width * text.size / 2, baseline)


def draw_glyph_line(canvas: Canvas, line: ShapedLine, font: Font, size: float, x: float, y: float) -> None:
    """One shaped line with its pen starting at (x, y) on the baseline."""
    glyph_font = document_glyph_font(canvas, font)
    glyph_font.use((glyph.gid, glyph.text, glyph.width) for glyph in line.glyphs)
    # q/Q: the font set here with Tf is part of the graphics state; ReportLab's own text
    # after this keeps its font.
    canvas.addLiteral("\n".join([
        "q",
        "BT",
        f"/{glyph_font.resource} {fp_str(size)} Tf",
        f"1 0 0 1 {fp_str(x)} {fp_str(y)} Tm",
        *_shown(line.glyphs, size),
        "ET",
        "Q",
    ]))


def document_glyph_font(canvas: Canvas, font: Font) -> "GlyphFont":
    """The canvas's document's glyph font for ``font``, made on first use. It lives in the
    document's own list of fonts to write when it is saved (ReportLab's delayed fonts), so two
    documents never share one and nothing outlives the document."""
    from ..typeface.embedding import GlyphFont  # HarfBuzz's subsetter: only for shaped text

    fonts = delayed_fonts(canvas)
    made = [candidate for candidate in fonts if isinstance(candidate, GlyphFont)]
    for candidate in made:
        if candidate.key == font.name:
            return candidate
    glyph_font = GlyphFont(font.name, f"CG{len(made) + 1}", font.data, font.index, font.face)
    fonts.append(glyph_font)
    return glyph_font


def _shown(glyphs: tuple[Glyph, ...], size: float) -> list[str]:
    """TJ operators placing each glyph at the pen plus its offset: a TJ number moves the next
    glyph left by thousandths of an em, which makes up the difference between a glyph's own
    width and the advance HarfBuzz gave it (kerning, marks of no width); a raised or lowered
    mark is shown with a text rise (Ts)."""
    operators: list[str] = []
    parts: list[str] = []
    pen = actual = rise = 0.0
    for glyph in glyphs:
        wanted_rise = glyph.y_offset * size
        if abs(wanted_rise - rise) > _NEGLIGIBLE:
            _close(operators, parts)
            operators.append(f"{fp_str(wanted_rise)} Ts")
            rise = wanted_rise
        wanted = pen + glyph.x_offset * 1000
        if abs(wanted - actual) > _NEGLIGIBLE:
            parts.append(fp_str(round(actual - wanted, 3)))
        if parts and parts[-1].endswith(">"):  # one string for glyphs that follow each other
            parts[-1] = f"{parts[-1][:-1]}{glyph.gid:04X}>"
        else:
            parts.append(f"<{glyph.gid:04X}>")
        actual = wanted + glyph.width * 1000
        pen += glyph.advance * 1000
    _close(operators, parts)
    return operators


def _close(operators: list[str], parts: list[str]) -> None:
    if parts:
        operators.append(f"[{' '.join(parts)}] TJ")
        parts.clear()
