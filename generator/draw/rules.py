"""Typesetting the rules sheet: a head with the kit's title and emblem, one or two columns of
headings, paragraphs, lists and tables, a footer, and the drawn example of a turn.

Platypus lays the text out through a document template that draws on cngen's own canvas, so
the sheet gets the same embedded fonts, colours and reproducible output as every other PDF,
and paragraphs split between columns as they should. Two rules of good setting are added:

* a heading always has the first lines of its section under it (never alone at the foot of
  a column), and a figure or table stays whole with its heading;
* a short section is never cut at the turn of a page: it moves to the next page whole. (It
  may still run from the first column into the second on the same page.)

The sheet is measured before it is drawn, on scratch canvases where the example only takes its
room: the body's size (smaller only to keep a two-column sheet to two pages), then the loosest
spacing that takes no more pages, then a last page whose columns would end far apart balanced,
so that no page ends with a full column beside an empty one. A table's columns are as wide as
their content asks (``geometry.rulespage.table_widths``).

The rules text reaches Platypus only through ``markup``: each span's text escaped, wrapped
in tags of our own. The head's title, the footer and the example's words are drawn as plain
strings.
"""

from __future__ import annotations

import io
from typing import Any, Callable, Iterator
from xml.sax.saxutils import escape

import msgspec
from msgspec.structs import replace
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import CondPageBreak, Flowable, Frame, KeepTogether, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.doctemplate import BaseDocTemplate, LayoutError, PageTemplate

from ..geometry.fit import FittedText, written_without_spaces
from ..geometry.rulespage import BODY_SIZES, MOST_PAGES, Measure, RulesPage, fit_title, footer_line, table_widths
from ..geometry.sheet import Box
from ..geometry.style import BODY, CAPTION, EMBLEM_LINE, FRAME_LINE, HEADING, LEAD
from ..model.ruletext import Block, Content, Entries, Rich, RulesText, Section
from ..model.ruletext import Table as RulesTable
from ..reportlab_private import (
    OnCanvas,
    column_height,
    column_width,
    frame_laying_out,
    kept_together,
    nothing_set_yet,
    page_template_laying_out,
    room_left,
)
from ..typeface.font import Font, FontFamily
from ..units import MM
from .emblem import draw_emblem
from .figure import LINE_WIDTH, ExampleArt, ExampleFlowable
from .paint import fill, stroke
from .sheet import set_boxes
from .text import TextParagraph, reportlab_colour
from .theme import Colour, Theme


class Spacing(msgspec.Struct, frozen=True):
    """How the text is set: the body's size and line spacing, and the space after a paragraph
    and before a heading (points)."""

    size: float
    leading: float
    paragraph: float
    heading: float

    def at(self, size: float) -> Spacing:
        """The same spacing for body text of ``size``: every measure in proportion."""
        scale = size / self.size
        return Spacing(size, self.leading * scale, self.paragraph * scale, self.heading * scale)


# Tightest first, at the body's own size. The sheet takes the loosest that needs no more pages
# than the tightest, so that pages with room to spare are filled by air between the lines
# rather than by a hole, and a sheet a few lines too long for its pages closes up rather than
# taking one more.
SPACINGS = (Spacing(BODY, 11.3, 2.5, 6.0), Spacing(BODY, 11.6, 3.0, 7.0), Spacing(BODY, 12.0, 3.5, 8.0),
            Spacing(BODY, 12.4, 4.0, 9.0))
ITEM_GAP = 1.5  # points, after each list entry but the last, at the body's size
LEAD_LINES = 3  # a heading is followed by at least this many lines in its column
SHORT_SECTION = 0.25  # of a column's height: a section this short is never cut at a page turn
FLOAT_PULLS = 2  # sections that may go before a figure's section that did not fit its column
LOPSIDED = 0.2  # of a column's height: a last page whose columns end further apart is balanced
BALANCE_TRIES = 6  # heights tried for a balanced last page, a little taller each time
CELL_PADDING = 3.0  # points, each side of a table's cell
HEAD_GAP = 3 * MM  # between the head's lines and the rule under it
HEAD_SPACE = 4 * MM  # from that rule to the columns
EMBLEM_GAP = 4 * MM  # between the emblem and the title
SEPARATOR = "\u2002\u00b7\u2002"  # between the head's second line's parts: en spaces round a middle dot


class RulesDoNotFit(Exception):
    """Something on the sheet (a table row, a figure) is taller than a column of this page.
    ``place`` is the block being set (its kind, line and place in the rules text), or None."""

    def __init__(self, place: Block | None = None):
        super().__init__(place.where if place is not None else "")
        self.place = place


class Poured(msgspec.Struct, frozen=True):
    """The text set at one spacing: its pages, how much of each column of its last page it
    fills (points, from the columns' top), and how tall those columns are."""

    pages: int
    last_page: tuple[float, ...]
    room: float


class SheetLayout(msgspec.Struct, frozen=True):
    """How the sheet is set: its spacing (the body's size among it), its pages, and the height
    of its last page's columns when they are balanced (None: they run to the foot)."""

    spacing: Spacing
    pages: int
    balanced: float | None = None

    @property
    def size(self) -> float:
        return self.spacing.size

    @property
    def fits(self) -> bool:
        """Whether the sheet keeps to ``MOST_PAGES`` (a sheet in one column never promised to)."""
        return self.pages <= MOST_PAGES


class Scratch:
    """The sheet poured on scratch canvases, to measure it before it is drawn."""

    def __init__(self, rules: RulesText, fonts: FontFamily, page: RulesPage, theme: Theme, art: ExampleArt | None):
        self.rules, self.fonts, self.page, self.theme, self.art = rules, fonts, page, theme, art
        self.broken: BrokenLines = {}  # the lines each paragraph broke into, the same in every pour

    def pour(self, spacing: Spacing, pages: int = 0, balanced: float | None = None) -> Poured:
        """The sheet set at ``spacing``; with ``balanced``, page ``pages``'s columns that tall."""
        page = self.page
        canvas = Canvas(io.BytesIO(), pagesize=(page.width, page.height), invariant=1,
                        initialFontName=self.fonts.regular.name)  # type: ignore[arg-type]  # the stubs say float
        layout = SheetLayout(spacing, pages, balanced)
        return _pour(canvas, self.rules, self.fonts, page, self.theme, self.art, layout, broken=self.broken)


def typeset_rules(canvas: Canvas, rules: RulesText, fonts: FontFamily, page: RulesPage, theme: Theme,
                  art: ExampleArt | None = None) -> SheetLayout:
    """Pour the rules onto as many pages as they need (``lay_out_rules``); returns how they
    were set. ``art`` is the game's example laid out for the page's columns (needed when a
    block draws it)."""
    layout = lay_out_rules(rules, fonts, page, theme, art)
    poured = _pour(canvas, rules, fonts, page, theme, art, layout)
    return replace(layout, pages=poured.pages)  # as measured: the figure drawn takes the room it measured


def lay_out_rules(rules: RulesText, fonts: FontFamily, page: RulesPage, theme: Theme,
                  art: ExampleArt | None = None) -> SheetLayout:
    """How the sheet is set, measured on scratch canvases: the body's size (``rules_size``),
    then the loosest of the ``SPACINGS`` that needs no more pages than the tightest, then a
    last page whose columns end far apart balanced, each a little over half of what it holds."""
    scratch = Scratch(rules, fonts, page, theme, art)
    tightest, poured = rules_size(scratch)
    spacing = tightest
    for looser in reversed(SPACINGS[1:]):
        trial = scratch.pour(looser.at(tightest.size))
        if trial.pages == poured.pages:
            spacing, poured = looser.at(tightest.size), trial
            break
    return SheetLayout(spacing, poured.pages, _balanced(scratch, spacing, poured))


def sheet_pages(rules: RulesText, fonts: FontFamily, page: RulesPage, theme: Theme,
                art: ExampleArt | None = None) -> SheetLayout:
    """The pages the sheet takes and the body's size it is set at (``rules_size``), measured
    on a scratch canvas or two, at the tightest spacing: the sheet as drawn takes as many."""
    spacing, poured = rules_size(Scratch(rules, fonts, page, theme, art))
    return SheetLayout(spacing, poured.pages)


def rules_size(scratch: Scratch) -> tuple[Spacing, Poured]:
    """The tightest spacing at the body's size the sheet is set at, and the sheet set at it.

    The body is set at ``BODY``, and smaller (``BODY_SIZES``) only when that keeps to
    ``MOST_PAGES`` a two-column sheet that runs one page over at ``BODY``; a sheet longer
    still, or in one column, keeps the body's size and the pages it needs."""
    first = SPACINGS[0]
    poured = scratch.pour(first)
    if scratch.page.columns < 2 or poured.pages != MOST_PAGES + 1:
        return first, poured
    smallest = first.at(BODY_SIZES[-1])
    least = scratch.pour(smallest)
    if least.pages > MOST_PAGES:
        return first, poured  # too long for two pages at any legible size: the job says so
    for size in BODY_SIZES[1:-1]:
        trial = scratch.pour(first.at(size))
        if trial.pages <= MOST_PAGES:
            return first.at(size), trial
    return smallest, least


def _balanced(scratch: Scratch, spacing: Spacing, poured: Poured) -> float | None:
    """The height of the last page's columns that balances them, when the first ends far
    below the last (a page of a few short sections would otherwise leave a column empty);
    None to let them run to the foot."""
    used = poured.last_page
    if len(used) < 2 or used[0] - used[-1] < LOPSIDED * poured.room:
        return None
    height = sum(used) / len(used)
    for _ in range(BALANCE_TRIES):
        height += spacing.leading
        if height >= used[0]:
            return None
        try:
            if scratch.pour(spacing, poured.pages, height).pages == poured.pages:
                return height
        except RulesDoNotFit:  # a figure or table taller than the shorter columns
            continue
    return None


def _pour(canvas: Canvas, rules: RulesText, fonts: FontFamily, page: RulesPage, theme: Theme,
          art: ExampleArt | None, layout: SheetLayout, broken: BrokenLines | None = None) -> Poured:
    """The sheet set on ``canvas`` as ``layout`` says; with ``broken`` (the lines paragraphs
    broke into in earlier pours) on a scratch canvas, where nothing is drawn and the example
    only takes its room."""
    styles = _styles(fonts, theme, rules, layout.spacing)
    head = _Head(rules, fonts, page, theme, styles)
    if art is not None and broken is None:
        art.define(canvas)
    setting = _Setting(styles, fonts, theme, page.column_width, art, broken)
    story = [flowable for section in rules.sections for flowable in _section(section, setting)]
    document = _SheetTemplate(canvas, page, head, rules, fonts, theme, layout)
    try:
        document.build(story)
    except LayoutError:
        raise RulesDoNotFit(document.placing) from None
    return Poured(document.page, document.last_page, document.last_room)


def set_in(rules: RulesText, fonts: FontFamily) -> Iterator[tuple[str, int, str, Font]]:
    """Every string the sheet prints from the rules text, with its line, its place and the
    font it is set in (a string in two places, such as the title, comes twice)."""
    def spans(text: Rich, bold: bool = False) -> Iterator[tuple[str, int, str, Font]]:
        for span in text.spans:
            font = fonts.styled(bold or span.bold, span.italic)
            yield span.text, text.line, text.where, font

    yield rules.title, rules.heading.line, rules.heading.where, fonts.bold
    yield rules.title, rules.heading.line, rules.heading.where, fonts.regular  # the footer
    if rules.subheading is not None:
        yield rules.subtitle, rules.subheading.line, rules.subheading.where, fonts.slanted
    for section in rules.sections:
        yield section.title, section.heading.line, section.heading.where, fonts.bold
        for block in section.blocks:
            content = block.content
            if isinstance(content, Rich):
                yield from spans(content)
            elif isinstance(content, Entries):
                for item in content:
                    yield from spans(item)
            elif isinstance(content, RulesTable):
                for cell in content.columns:
                    yield from spans(cell, bold=True)
                for row in content.rows:
                    for cell in row:
                        yield from spans(cell)
            else:
                styles = {"bold": fonts.bold, "italic": fonts.slanted}
                for text, line, where, style in content.strings():
                    yield text, line, where, styles[style]


def markup(text: Rich) -> str:
    """Platypus markup for a string of the rules text: every span's text escaped, and set in
    bold or italic by tags of our own. Nothing the user wrote is read as markup."""
    parts = []
    for span in text.spans:
        piece = escape(span.text)
        if span.italic:
            piece = f"<i>{piece}</i>"
        if span.bold:
            piece = f"<b>{piece}</b>"
        parts.append(piece)
    return "".join(parts)


# --- Styles --------------------------------------------------------------------------------


def _styles(fonts: FontFamily, theme: Theme, rules: RulesText, spacing: Spacing = SPACINGS[0]
            ) -> dict[str, ParagraphStyle]:
    text = reportlab_colour(theme.text)
    size = spacing.size
    # Chinese and Japanese have no spaces to break at: Platypus's CJK wrapping breaks between
    # characters, keeping closing punctuation off the start of a line.
    unspaced = written_without_spaces(" ".join([rules.title, *(section.title for section in rules.sections)]))
    body = ParagraphStyle("body", fontName=fonts.regular.name, fontSize=size, leading=spacing.leading,
                          textColor=text, spaceAfter=spacing.paragraph, allowWidows=0, allowOrphans=0,
                          splitLongWords=1, wordWrap="CJK" if unspaced else None)
    # Hanging indents: every list's text starts at one indent, right of its widest marker, so
    # that a bullet's or a step's turnover lines align with its first line.
    markers = ["\u2022"] + [f"{number}." for number in range(1, _most_steps(rules) + 1)]
    marker_font = fonts.bold.name
    widest = max(stringWidth(marker, marker_font, size) for marker in markers)
    indent = round(widest + 0.6 * size + 1.0, 2)  # Platypus keeps 0.6 em after a marker
    return {
        "body": body,
        "item": ParagraphStyle("item", parent=body, leftIndent=indent, firstLineIndent=0, bulletIndent=0,
                               bulletFontName=marker_font, bulletFontSize=size, bulletColor=text,
                               spaceAfter=ITEM_GAP * size / BODY),
        "last item": ParagraphStyle("last item", parent=body, leftIndent=indent, firstLineIndent=0,
                                    bulletIndent=0, bulletFontName=marker_font, bulletFontSize=size,
                                    bulletColor=text, spaceAfter=body.spaceAfter),
        "heading": ParagraphStyle("heading", parent=body, fontName=fonts.bold.name, fontSize=HEADING,
                                  leading=HEADING * 1.15, textColor=reportlab_colour(theme.heading),
                                  spaceBefore=spacing.heading, spaceAfter=2),
        "cell": ParagraphStyle("cell", parent=body, leading=size * 1.2, spaceAfter=0),
        "head line": ParagraphStyle("head line", parent=body, fontSize=LEAD, leading=LEAD * 1.25, spaceAfter=0),
    }


def _most_steps(rules: RulesText) -> int:
    return max([len(block.content) for section in rules.sections for block in section.blocks
                if isinstance(block.content, Entries) and block.content.numbered] or [1])


# --- Sections ------------------------------------------------------------------------------


class _Setting(msgspec.Struct, frozen=True):
    """What setting a block needs: the styles and fonts, the colours, the column's width, and
    the example laid out for it (if the sheet draws one)."""

    styles: dict[str, ParagraphStyle]
    fonts: FontFamily
    theme: Theme
    width: float
    art: ExampleArt | None = None
    broken: BrokenLines | None = None  # measuring: the lines paragraphs broke into, kept across pours

    @property
    def measuring(self) -> bool:
        """Whether the sheet is only measured: the example's room only, and nothing drawn."""
        return self.broken is not None

    def paragraph(self, text: str, style: ParagraphStyle, bullet: str | None = None) -> TextParagraph:
        """A paragraph of the sheet; one that is never drawn when the sheet is only measured."""
        if not self.measuring:
            return TextParagraph(text, style, bulletText=bullet)
        measured = _MeasuredParagraph(text, style, bulletText=bullet)
        measured.broken = self.broken
        return measured


class _MeasuredParagraph(TextParagraph):
    """A paragraph laid out and split exactly as it is when drawn, but not drawn: a scratch
    canvas keeps nothing, and drawing the text is about a third of a pour's time. (Platypus
    makes a split paragraph's parts of its class.)

    The lines it breaks into at a width are kept in ``broken``, shared by the sheet's scratch
    pours: the spacings they try change the leading and the gaps, never the words a line holds,
    and breaking lines is most of the rest of a pour. A split part (made from lines already
    broken, with no text of its own) breaks its lines afresh. The sheet as drawn breaks its own:
    splitting a paragraph, Platypus gives each line's last word back the space the break took,
    in the shared lines themselves, so the drawing would print a space at the end of a line
    wherever an earlier pour split. Measuring prints nothing, and a part it breaks afresh meets
    such a space only where a break had taken one."""

    broken: BrokenLines | None = None

    def drawOn(self, canvas: Canvas, x: float, y: float, _sW: float = 0) -> None:
        pass

    def breakLines(self, width: Widths) -> Any:
        return self._remembered("plain", width, super().breakLines)

    def breakLinesCJK(self, maxWidths: Widths) -> Any:
        return self._remembered("cjk", maxWidths, super().breakLinesCJK)

    def _remembered(self, how: str, widths: Widths, breaking: Callable[[Widths], Any]) -> Any:
        broken, text = self.broken, getattr(self, "text", None)
        if broken is None or not isinstance(text, str) or not isinstance(widths, list):  # wrap() gives a list
            return breaking(widths)
        key = (how, text, self.bulletText, tuple(widths), _breaking_style(self.style))
        if key not in broken:
            lines = breaking(widths)  # which narrows ``widths`` by a bullet's room, in place
            broken[key] = (lines, tuple(widths))
        lines, narrowed = broken[key]
        widths[:] = narrowed
        return lines


Widths = float | list[float] | tuple[float, ...]  # a paragraph's first line's width and the others'
# A paragraph's lines as Platypus broke them at a width, and the widths as breaking left them.
BrokenLines = dict[tuple[object, ...], tuple[Any, tuple[float, ...]]]

# What of a paragraph's style its line breaking reads (its leading and its gaps it does not).
_BREAKING = ("name", "fontName", "fontSize", "leftIndent", "rightIndent", "firstLineIndent", "alignment",
             "wordWrap", "splitLongWords", "hyphenationLang", "embeddedHyphenation", "uriWasteReduce",
             "endDots", "justifyBreaks", "spaceShrinkage", "autoLeading", "bulletFontName", "bulletFontSize",
             "bulletIndent", "shaping")


def _breaking_style(style: ParagraphStyle) -> tuple[object, ...]:
    return tuple(repr(getattr(style, name, None)) for name in _BREAKING)


def _section(section: Section, setting: _Setting) -> list[Flowable]:
    heading = setting.paragraph(escape(section.title), setting.styles["heading"])
    body: list[Flowable] = []
    for block in section.blocks:
        body.extend(_placed(_block(block.content, setting), block))
    return [_SectionStart(heading, body), heading, *body]


def _placed(flowables: list[Flowable], block: Block) -> list[Flowable]:
    """The flowables of ``block``, each marked with it: what does not fit can then be named."""
    for flowable in flowables:
        setattr(flowable, "rules_block", block)  # a mark of our own, which Platypus carries along
    return flowables


def _block(content: Content, setting: _Setting) -> list[Flowable]:
    styles, art = setting.styles, setting.art
    if isinstance(content, Rich):
        return [setting.paragraph(markup(content), styles["body"])]
    if isinstance(content, Entries):
        count = len(content)
        markers = [f"{n}." for n in range(1, count + 1)] if content.numbered else ["\u2022"] * count
        return [setting.paragraph(markup(item), styles["last item" if index == count - 1 else "item"], marker)
                for index, (item, marker) in enumerate(zip(content, markers))]
    if isinstance(content, RulesTable):
        # A table stays whole when it fits a column; a longer one splits, its head repeated.
        return [KeepTogether([Spacer(0, 2), _table(content, setting)]), Spacer(0, 5)]
    assert art is not None, "the rules job lays the example out before typesetting it"
    return [_ExampleRoom(art) if setting.measuring else art.figure(), Spacer(0, 5)]


class _ExampleRoom(ExampleFlowable[ExampleArt]):
    """The example's room on a scratch canvas: as tall as its figure, nothing drawn."""

    def draw(self) -> None:
        pass


class _SectionStart(CondPageBreak):
    """Placed before a section's heading: ends the column unless the heading fits with the
    first lines of its section (or, for a figure or table, the whole of it); and in a page's
    last column, unless a short section fits whole, so that it is not cut at the page turn.

    A section that holds a figure ``floats``: rather than leave the rest of a column empty
    when it does not fit there, the sheet sets the next section first (see ``_SheetTemplate``)."""

    def __init__(self, heading: Paragraph, body: list[Flowable]):
        super().__init__(0.0)
        self.heading, self.body = heading, body
        self.floats = any(isinstance(flowable, ExampleFlowable) for flowable in body)
        self.pulled = 0  # sections set before this one, to fill the column it did not fit

    def needed(self, frame: Frame, last_column: bool, canvas: Canvas) -> float:
        """The room the section's start needs in ``frame``."""
        width = column_width(frame)
        heading = self.heading.getSpaceBefore() + self.heading.wrap(width, 1e6)[1] + self.heading.getSpaceAfter()
        if not self.body:
            return heading
        if last_column:  # only there may a short section need room for all of it
            heights = [_height(flowable, width, canvas) for flowable in self.body]
            whole = heading + sum(heights) + sum(f.getSpaceBefore() + f.getSpaceAfter() for f in self.body)
            if whole <= SHORT_SECTION * column_height(frame):
                return whole
        first = self.body[0]
        return heading + _lead(first, _height(first, width, canvas))

    def fits(self, frame: Frame, last_column: bool, canvas: Canvas) -> bool:
        return nothing_set_yet(frame) or room_left(frame) >= self.needed(frame, last_column, canvas)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        frame, template = frame_laying_out(self), page_template_laying_out(self)
        if frame is None or template is None or nothing_set_yet(frame):
            return 0, 0
        self.height = self.needed(frame, frame is template.frames[-1], self.canv)
        return super().wrap(available_width, available_height)


def _height(flowable: Flowable, width: float, canvas: Canvas) -> float:
    """A flowable's height in a column ``width`` wide (a group kept together: its parts')."""
    if isinstance(flowable, KeepTogether):
        return sum(_height(part, width, canvas) + part.getSpaceBefore() + part.getSpaceAfter()
                   for part in kept_together(flowable))
    return flowable.wrapOn(canvas, width, 1e6)[1]


def _lead(flowable: Flowable, height: float) -> float:
    """How much of a section's first block must follow its heading: a few lines of a
    paragraph, or the whole of a figure or table."""
    if isinstance(flowable, Paragraph):
        return min(height, LEAD_LINES * flowable.style.leading)
    return height


def _table(content: RulesTable, setting: _Setting) -> Table:
    """A table across the column, each column as wide as its content asks (``table_widths``)."""
    cell, fonts, theme = setting.styles["cell"], setting.fonts, setting.theme
    head = [setting.paragraph(f"<b>{markup(text)}</b>", cell) for text in content.columns]
    rows = [[setting.paragraph(markup(text), cell) for text in row] for row in content.rows]
    heads = [_measure(text, fonts, cell.fontSize, bold=True) for text in content.columns]
    cells = [[_measure(text, fonts, cell.fontSize) for text in column] for column in zip(*content.rows)] \
        or [[] for _ in content.columns]
    # A little over the padding: a word measured exactly as wide as its column could still break.
    widths = table_widths(heads, cells, setting.width, 2 * CELL_PADDING + 0.5)
    table = Table([head, *rows], colWidths=list(widths), repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle([
        # Tables set a font of their own even when every cell is a paragraph: name ours.
        ("FONT", (0, 0), (-1, -1), cell.fontName, cell.fontSize),
        ("LINEBELOW", (0, 0), (-1, -1), LINE_WIDTH, reportlab_colour(theme.line)),
        ("BACKGROUND", (0, 0), (-1, 0), reportlab_colour(theme.card)),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]))
    return table


def _measure(text: Rich, fonts: FontFamily, size: float, bold: bool = False) -> Measure:
    """How wide a cell's text is set on one line and on two, and its widest word (lines break
    at spaces)."""
    words: list[float] = [0.0]  # each word's width; a space's width goes with the word before it
    spaces: list[float] = []
    for span in text.spans:
        font = fonts.styled(bold or span.bold, span.italic)
        for index, piece in enumerate(span.text.split(" ")):
            if index:  # a space: the word before it ends
                spaces.append(font.width(" ", size))
                words.append(0.0)
            words[-1] += font.width(piece, size)
    whole = sum(words) + sum(spaces)
    two = min((max(sum(words[:cut]) + sum(spaces[:cut - 1]), sum(words[cut:]) + sum(spaces[cut:]))
               for cut in range(1, len(words))), default=whole)
    return Measure(whole, two, max(words))


# --- Pages: the head, the columns and the footer -----------------------------------------


class _Head:
    """The first page's head: the emblem, the kit's title (or, with none, the rules text's),
    and a line under it with the rules text's title and subtitle."""

    def __init__(self, rules: RulesText, fonts: FontFamily, page: RulesPage, theme: Theme,
                 styles: dict[str, ParagraphStyle]) -> None:
        self.page, self.theme, self.fonts = page, theme, fonts
        self.radius = 6.5 * MM if page.text_width >= 150 * MM else 5.5 * MM
        self.x = page.margin + 2 * self.radius + EMBLEM_GAP
        width = page.width - page.margin - self.x
        kit_title = theme.title
        big = kit_title or rules.title
        self.title: FittedText = fit_title(big, fonts.bold, width)
        parts = []
        if kit_title:
            colour = _hex(theme.heading)
            parts.append(f'<font color="{colour}"><b>{escape(rules.title)}</b></font>')
        if rules.subtitle:
            parts.append(f"<i>{escape(rules.subtitle)}</i>")
        self.line = TextParagraph(SEPARATOR.join(parts), styles["head line"]) if parts else None
        line_height = self.line.wrap(width, 1e6)[1] if self.line is not None else 0.0
        self.title_step = self.title.size * 1.12
        title_height = fonts.bold.cap_height * self.title.size + (len(self.title.lines) - 1) * self.title_step \
            - fonts.bold.descent * self.title.size
        self.line_top = page.height - page.margin - title_height - (1.5 * MM if self.line is not None else 0.0)
        self.bottom = self.line_top - line_height
        self.rule_y = min(self.bottom, page.height - page.margin - 2 * self.radius) - HEAD_GAP
        self.width = width

    @property
    def columns_top(self) -> float:
        return self.rule_y - HEAD_SPACE

    def draw(self, canvas: Canvas) -> None:
        page, theme, fonts = self.page, self.theme, self.fonts
        top = page.height - page.margin
        fill(canvas, theme.text)
        canvas.setFont(fonts.bold.name, self.title.size)
        baseline = top - fonts.bold.cap_height * self.title.size
        for line in self.title.lines:
            canvas.drawString(self.x, baseline, line)
            baseline -= self.title_step
        if self.line is not None:
            self.line.wrap(self.width, 1e6)
            self.line.drawOn(canvas, self.x, self.bottom)
        middle = (top + max(self.rule_y + HEAD_GAP, top - 2 * self.radius)) / 2
        draw_emblem(canvas, page.margin + self.radius, middle, self.radius - EMBLEM_LINE / 2, theme.accent,
                    EMBLEM_LINE, theme.emblem)
        stroke(canvas, theme.accent, FRAME_LINE)
        canvas.line(page.margin, self.rule_y, page.width - page.margin, self.rule_y)


class _SheetTemplate(OnCanvas, BaseDocTemplate):
    """Platypus's page machinery on our canvas: the first page under the head, the others
    full height, one or two columns each, and the footer on every page. A balanced last page
    (``SheetLayout.balanced``) has shorter columns. Each page's end notes how much of each
    column it filled: the last one's is ``last_page``."""

    def __init__(self, canvas: Canvas, page: RulesPage, head: _Head, rules: RulesText, fonts: FontFamily,
                 theme: Theme, layout: SheetLayout):
        self.sheet, self.head, self.rules, self.fonts, self.theme = page, head, rules, fonts, theme
        self.layout = layout
        self.placing: Block | None = None  # the block being set, for a message if it does not fit
        self.last_page: tuple[float, ...] = ()
        self.last_room = 0.0
        super().__init__(canvas, None, pagesize=(page.width, page.height), leftMargin=page.margin,
                         rightMargin=page.margin, topMargin=page.margin, bottomMargin=page.margin, allowSplitting=1)
        first = self._frames(head.columns_top, layout.balanced if layout.pages == 1 else None)
        templates = [
            PageTemplate("first", first, onPage=self._first_page, onPageEnd=self._page_end,
                         autoNextPageTemplate="next"),
            PageTemplate("next", self._frames(page.text_top), onPage=self._next_page, onPageEnd=self._page_end),
        ]
        if layout.balanced is not None and layout.pages > 1:
            templates.append(PageTemplate("balanced", self._frames(page.text_top, layout.balanced),
                                          onPage=self._next_page, onPageEnd=self._page_end))
        self.addPageTemplates(templates)

    def afterPage(self) -> None:
        """Before the balanced last page begins, its shorter columns are chosen."""
        if self.layout.balanced is not None and self.page + 1 == self.layout.pages > 1:
            self.handle_nextPageTemplate("balanced")

    def _page_end(self, canvas: Canvas, document: BaseDocTemplate) -> None:
        frames = self.pageTemplate.frames
        reached = frames.index(self.frame) if self.frame in frames else len(frames) - 1
        self.last_page = tuple(column_height(frame) - room_left(frame) if index <= reached else 0.0
                               for index, frame in enumerate(frames))
        self.last_room = column_height(frames[0])
        self._footer(canvas, document)

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        """Platypus's own, but a floating section that does not fit where it stands lets the
        next section go first when that one can start there (at most ``FLOAT_PULLS`` of them),
        so that the column fills instead of ending early. It also keeps the block being set."""
        first = flowables[0]
        self._keep_place(first)
        if isinstance(first, _SectionStart) and first.floats and first.pulled < FLOAT_PULLS and self.frame is not None:
            last = self.frame is self.pageTemplate.frames[-1]
            if not first.fits(self.frame, last, self.canv):
                starts = [index for index, flowable in enumerate(flowables) if isinstance(flowable, _SectionStart)]
                # Only a section that starts in this column is worth pulling: it fills the room.
                second = flowables[starts[1]] if len(starts) >= 2 else None
                if isinstance(second, _SectionStart) and second.fits(self.frame, last, self.canv):
                    end = starts[2] if len(starts) >= 3 else len(flowables)
                    pulled = flowables[starts[1]:end]
                    del flowables[starts[1]:end]
                    flowables[0:0] = pulled
                    first.pulled += 1
        super().handle_flowable(flowables)

    def _keep_place(self, flowable: Flowable) -> None:
        """Remember the block ``flowable`` belongs to, to name it if it does not fit. The parts a
        block splits into carry no mark and go on being its; a section's start and heading
        belong to no block."""
        block = getattr(flowable, "rules_block", None)
        if block is not None or isinstance(flowable, _SectionStart):
            self.placing = block

    def _frames(self, top: float, height: float | None = None) -> list[Frame]:
        """The page's columns from ``top`` down to the footer, or ``height`` tall."""
        page = self.sheet
        bottom = page.text_bottom if height is None else top - height
        return [Frame(page.column_x(index), bottom, page.column_width, top - bottom, leftPadding=0, rightPadding=0,
                      topPadding=0, bottomPadding=0, showBoundary=0, id=f"column {index + 1}")
                for index in range(page.columns)]

    def _first_page(self, canvas: Canvas, document: BaseDocTemplate) -> None:
        self._next_page(canvas, document)
        self.head.draw(canvas)

    def _next_page(self, canvas: Canvas, document: BaseDocTemplate) -> None:
        page = self.sheet
        whole = Box(0.0, 0.0, page.width, page.height)
        set_boxes(canvas, whole, whole)  # nothing runs to the edge: no bleed

    def _footer(self, canvas: Canvas, document: BaseDocTemplate) -> None:
        """Drawn last, so that text read out of the page ends with it."""
        page, fonts, theme = self.sheet, self.fonts, self.theme
        line = footer_line([theme.title or "", self.rules.title], self.rules.page(document.page), fonts.regular, CAPTION,
                           page.text_width)
        canvas.setFont(fonts.regular.name, CAPTION)
        fill(canvas, theme.text)
        canvas.drawCentredString(page.width / 2, page.margin, line)


def _hex(colour: Colour) -> str:
    """A theme colour as Platypus's markup names it (CMYK colours keep their inks)."""
    if len(colour) == 4:
        return "cmyk(%s)" % ",".join(f"{part:g}" for part in colour)
    return reportlab_colour(colour).hexval().replace("0x", "#")
