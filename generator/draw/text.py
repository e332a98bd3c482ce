"""Text set with ReportLab's Platypus on cngen's own canvas: paragraph styles from our fonts,
`backtick` markup for commands and options, and stacks of paragraphs measured and drawn
where the caller says, outside any frame.

Platypus breaks the lines; this module only prepares the markup and places the results. A
no-break space (U+00A0) holds words together while the lines are broken, and is drawn as an
ordinary space, so that text copied out of the PDF is as written: a command pasted into a
terminal needs plain spaces.

The narrow no-break space (U+202F, before ; ! ? and inside « » in French) is one that Platypus
would break at and widen to an ordinary space: a ``TextParagraph`` holds a stand-in of the same
width in its place while its lines are broken, and draws U+202F itself (``typeface.font`` gives
a font that lacks it a narrow blank glyph).
"""

from __future__ import annotations

from typing import Any, Sequence
from xml.sax.saxutils import escape

from reportlab.lib.colors import CMYKColor, Color
from reportlab.lib.enums import TA_CENTER, TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from ..typeface.font import NARROW_STAND_IN, Font
from .theme import Colour

NO_BREAK = "\u00a0"
NARROW_NO_BREAK = "\u202f"
BLACK: Colour = (0.0, 0.0, 0.0, 1.0)  # text is black ink only


def reportlab_colour(value: Colour) -> Color:
    """A resolved theme colour as Platypus takes it: four values CMYK, three RGB."""
    # alpha=None keeps ReportLab from writing transparency settings for the colour (its stubs
    # know only numbers there).
    if len(value) == 4:
        cyan, magenta, yellow, black = value
        return CMYKColor(cyan, magenta, yellow, black, alpha=None)  # type: ignore[arg-type]
    red, green, blue = value
    return Color(red, green, blue, alpha=None)  # type: ignore[arg-type]


def text_style(
    name: str,
    font: Font,
    size: float,
    *,
    leading: float | None = None,
    centred: bool = False,
    hanging: float = 0.0,
    marker_font: Font | None = None,
    space_after: float = 0.0,
    colour: Colour = BLACK,
) -> ParagraphStyle:
    """A paragraph style in ``font`` at ``size``; ``leading`` defaults to the font's own line
    height. ``hanging`` indents the text so that a marker ("1.", set in ``marker_font``) hangs
    at the left edge. A word too long for the line keeps a line of its own, never split."""
    ink = reportlab_colour(colour)
    return ParagraphStyle(
        name,
        fontName=font.name,
        fontSize=size,
        leading=font.line_height(size) if leading is None else leading,
        alignment=TA_CENTER if centred else TA_LEFT,
        leftIndent=hanging,
        firstLineIndent=0,
        bulletIndent=0,
        bulletFontName=(marker_font or font).name,
        bulletFontSize=size,
        bulletColor=ink,
        textColor=ink,
        spaceBefore=0,
        spaceAfter=space_after,
        splitLongWords=0,
        allowWidows=1,
        allowOrphans=1,
    )


def unbreakable(text: str) -> str:
    """Plain text as markup that stays on one line: escaped, its spaces no-break spaces."""
    return escape(text).replace(" ", NO_BREAK)


def backtick_markup(text: str) -> str:
    """Text with `commands` in backticks -> Platypus markup: everything escaped, and each
    backticked run set bold and kept on one line. An unmatched backtick runs to the end."""
    pieces = text.split("`")
    return "".join(
        f"<b>{unbreakable(piece)}</b>" if index % 2 and piece else escape(piece)
        for index, piece in enumerate(pieces)
    )


def joined_markup(parts: Sequence[str], separator: str = "\u00b7") -> str:
    """Short phrases joined with a separator into as few lines as fit: each phrase stays on
    one line, and a line may only break after a separator, which stays with the phrase
    before it."""
    return f"{NO_BREAK}{separator} ".join(unbreakable(part) for part in parts)


class TextParagraph(Paragraph):
    """A Platypus paragraph whose narrow no-break spaces stay narrow and unbroken (see the
    module's notes), and that draws its no-break spaces as ordinary spaces once its lines are
    broken (the two have the same width), so the text copies out as written. It takes what
    Platypus's ``Paragraph`` takes."""

    def __init__(self, text: str, style: ParagraphStyle | None = None, bulletText: str | None = None,
                 **options: Any) -> None:
        super().__init__(_held(text), style, bulletText=bulletText, **options)

    def draw(self) -> None:
        broken: Any = getattr(self, "blPara")  # the lines Platypus broke the text into, set by wrap()
        for line in broken.lines:
            if isinstance(line, tuple):  # a paragraph in one style: (extra space, words)
                line[1][:] = [_as_printed(word) for word in line[1]]
            else:  # a line of styled fragments
                line.words = [_printed_fragment(fragment) for fragment in line.words]
        super().draw()


def _held(text: str) -> str:
    """Markup with a stand-in wherever Platypus would break a narrow no-break space."""
    return text.replace(NARROW_NO_BREAK, NARROW_STAND_IN) if text else text


def _as_printed(text: str) -> str:
    return text.replace(NO_BREAK, " ").replace(NARROW_STAND_IN, NARROW_NO_BREAK)


def _printed_fragment(fragment: Any) -> Any:
    text = getattr(fragment, "text", None)
    if not isinstance(text, str) or (NO_BREAK not in text and NARROW_STAND_IN not in text):
        return fragment
    copy = fragment.clone()
    copy.text = _as_printed(text)
    return copy


def paragraph(markup: str, style: ParagraphStyle, marker: str = "") -> Paragraph:
    """One paragraph of markup; ``marker`` (plain text) hangs in the style's left indent."""
    return TextParagraph(markup, style, bulletText=escape(marker) if marker else None)


def stack_height(paragraphs: Sequence[Paragraph], width: float) -> float:
    """How high the paragraphs are, set one under the other ``width`` wide: their lines,
    and each style's space after between two of them (none after the last)."""
    height = 0.0
    for index, item in enumerate(paragraphs):
        height += item.wrap(width, 1e9)[1]
        if index < len(paragraphs) - 1:
            height += item.getSpaceAfter()
    return height


def fits_width(paragraphs: Sequence[Paragraph], width: float) -> bool:
    """Whether every unbreakable run (word, phrase, command) fits on a line ``width`` wide."""
    return all(item.minWidth() + item.style.leftIndent + item.style.rightIndent <= width + 1e-6
               for item in paragraphs)


def draw_stack(canvas: Canvas, paragraphs: Sequence[Paragraph], left: float, top: float, width: float) -> float:
    """Draw the paragraphs one under the other from ``top``, ``width`` wide; returns where
    the last one ends."""
    y = top
    for index, item in enumerate(paragraphs):
        _, height = item.wrap(width, 1e9)
        y -= height
        item.drawOn(canvas, left, y)
        if index < len(paragraphs) - 1:
            y -= item.getSpaceAfter()
    return y


def draw_centred_stack(
    canvas: Canvas, paragraphs: Sequence[Paragraph], centre: tuple[float, float], width: float,
) -> None:
    """Draw the paragraphs as a block centred on ``centre``, ``width`` wide."""
    height = stack_height(paragraphs, width)
    draw_stack(canvas, paragraphs, centre[0] - width / 2, centre[1] + height / 2, width)
