"""Typesetting the rules sheet: a title, two columns, headings, lists, a table, page numbers,
and a drawn example of a key card beside the word grid it describes.

Platypus flowables are poured into frames on cngen's own canvas, so the sheet gets the
same embedded fonts, colours and reproducible output as every other PDF.

The rules text reaches Platypus only through ``markup``: each span's text escaped, wrapped
in tags of our own. Titles, the footer and the example's words are drawn as plain strings.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.doctemplate import LayoutError

from ..errors import CngenError, UsageError
from ..geometry.keyface import key_face_layout
from ..geometry.rulesexample import MIN_WORD_SIZE, ExampleLayout, example_layout
from ..geometry.sheet import Box
from ..geometry.typeface import Font
from ..model.ruletext import Example, Rich, RulesText, Section
from ..model.ruletext import Table as RulesTable
from ..settings.units import MM, format_mm
from .keycard import KeyCardArtist, KeyFace
from .paint import centred_lines, fill, stroke
from .sheet import set_boxes
from .text import reportlab_colour
from .theme import Theme

MARGIN = 16 * MM
GUTTER = 8 * MM
HEADER_HEIGHT = 24 * MM
FOOTER = 9 * MM
SMALLEST_PAGE = (148 * MM, 210 * MM)  # A5: the smallest paper the sheet asks for


@dataclass(frozen=True)
class RuleFonts:
    regular: Font
    bold: Font
    italic: Font


def typeset_rules(canvas: Canvas, rules: RulesText, fonts: RuleFonts, page: tuple[float, float], theme: Theme) -> int:
    """Pour the rules onto as many pages as they need; returns the page count."""
    registerFontFamily(fonts.regular.name, normal=fonts.regular.name, bold=fonts.bold.name,
                       italic=fonts.italic.name, boldItalic=fonts.bold.name)
    styles = _styles(fonts, theme)
    example = _example(rules, fonts, page, theme)
    if example is not None:
        example.card.define(canvas)
    story = [flowable for section in rules.sections for flowable in _section(section, styles, example, theme)]
    number = 0
    while story:
        number += 1
        before = len(story)
        canvas.setPageSize(page)
        whole = Box(0.0, 0.0, *page)
        set_boxes(canvas, whole, whole)  # nothing runs to the edge: no bleed
        if number == 1:
            _draw_title(canvas, rules, fonts, page, theme)
        _draw_footer(canvas, rules, fonts, page, number, theme)
        for frame in _columns(page, first=number == 1):
            try:
                frame.addFromList(story, canvas)
            except LayoutError:
                raise UsageError(_too_small(page)) from None
            if not story:
                break
        if len(story) == before:
            raise UsageError(_too_small(page))
        canvas.showPage()
    return number


def set_in(rules: RulesText, fonts: RuleFonts) -> Iterator[tuple[str, int, str, Font]]:
    """Every string the sheet prints from the rules text, with its line, its place and the
    font it is set in (a string in two places, such as the title, comes twice)."""
    def spans(text: Rich, bold: bool = False) -> Iterator[tuple[str, int, str, Font]]:
        for span in text.spans:
            font = fonts.bold if bold or span.bold else fonts.italic if span.italic else fonts.regular
            yield span.text, text.line, text.where, font

    yield rules.title, rules.heading.line, rules.heading.where, fonts.bold
    yield rules.title, rules.heading.line, rules.heading.where, fonts.regular  # the footer
    if rules.subheading is not None:
        yield rules.subtitle, rules.subheading.line, rules.subheading.where, fonts.italic
    for section in rules.sections:
        yield section.title, section.heading.line, section.heading.where, fonts.bold
        for block in section.blocks:
            if block.kind == "text":
                yield from spans(block.content)
            elif block.kind in ("items", "steps"):
                for item in block.content:
                    yield from spans(item)
            elif block.kind == "table":
                for cell in block.content.columns:
                    yield from spans(cell, bold=True)
                for row in block.content.rows:
                    for cell in row:
                        yield from spans(cell)
            elif block.kind == "example":
                for number, (word, line) in enumerate(zip(block.content.words, block.content.lines), start=1):
                    yield word, line, f"example, word {number}", fonts.bold


@dataclass(frozen=True)
class ExampleArt:
    """What the example block draws: its layout in a column and the key card's artist."""

    layout: ExampleLayout
    card: KeyCardArtist


EXAMPLE_CARD = 70 * MM  # the example's key card is drawn as a card this size, scaled down


def _example(rules: RulesText, fonts: RuleFonts, page: tuple[float, float], theme: Theme) -> ExampleArt | None:
    """The example laid out for the page's columns, if a block draws it; its words are refused,
    with their lines, when one does not fit its cell at the smallest size shops accept."""
    drawn = any(block.kind == "example" for section in rules.sections for block in section.blocks)
    if rules.example is None or not drawn:
        return None
    layout = example_layout(_column_width(page), rules.example.words, fonts.bold)
    if layout.unfitting and _column_width(page) < _column_width(SMALLEST_PAGE) - 1e-6:
        raise UsageError(_too_small(page))  # the page, not the word, is what to change
    for index in layout.unfitting:
        word = rules.example.words[index]
        line = rules.example.lines[index] if index < len(rules.example.lines) else 0
        raise CngenError(f"{rules.source}:{line}: example, word {index + 1}: '{word}' does not fit its cell of the "
                         f"example's grid at {MIN_WORD_SIZE:g} pt on a {format_mm(page[0])} x "
                         f"{format_mm(page[1])} mm page: choose a shorter word or larger paper")
    card = KeyCardArtist(key_face_layout(EXAMPLE_CARD, EXAMPLE_CARD), fonts.bold, theme,
                         scale=layout.key.width / EXAMPLE_CARD)
    return ExampleArt(layout, card)


def _too_small(page: tuple[float, float]) -> str:
    return (f"a {format_mm(page[0])} x {format_mm(page[1])} mm page is too small for the rules sheet's two "
            "columns: choose --paper a5 or larger (a4 or letter print it on two pages)")


def _styles(fonts: RuleFonts, theme: Theme) -> dict[str, ParagraphStyle]:
    text = reportlab_colour(theme.text)
    body = ParagraphStyle("body", fontName=fonts.regular.name, bulletFontName=fonts.regular.name, fontSize=9,
                          leading=11.6, textColor=text,
                          spaceAfter=4)
    return {
        "body": body,
        "item": ParagraphStyle("item", parent=body, leftIndent=10, bulletIndent=1, spaceAfter=2),
        "heading": ParagraphStyle("heading", parent=body, fontName=fonts.bold.name, fontSize=12, leading=14,
                                  textColor=reportlab_colour(theme.heading), spaceBefore=7, spaceAfter=3,
                                  keepWithNext=1),
        # Small text is black ink only: colour needs perfect registration of three inks.
        "variant": ParagraphStyle("variant", parent=body, fontName=fonts.bold.name, fontSize=7, leading=9,
                                  spaceBefore=7, spaceAfter=0, keepWithNext=1),
        "cell": ParagraphStyle("cell", parent=body, fontSize=8, leading=9.6, spaceAfter=0),
        "caption": ParagraphStyle("caption", parent=body, fontName=fonts.italic.name, fontSize=8, leading=10,
                                  alignment=TA_CENTER),
    }


def _section(section: Section, styles, example: ExampleArt | None, theme: Theme) -> list[Flowable]:
    flowables: list[Flowable] = []
    if section.variant:
        flowables.append(Paragraph("VARIANT", styles["variant"]))
        flowables.append(Paragraph(escape(section.title), styles["heading"].clone("vheading", spaceBefore=0)))
    else:
        flowables.append(Paragraph(escape(section.title), styles["heading"]))
    for block in section.blocks:
        flowables.extend(_block(block.kind, block.content, styles, example, theme))
    return flowables


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


def _block(kind: str, content, styles, example: ExampleArt | None, theme: Theme) -> list[Flowable]:
    if kind == "text":
        return [Paragraph(markup(content), styles["body"])]
    if kind == "items":
        return [Paragraph(markup(item), styles["item"], bulletText="\u2022") for item in content]
    if kind == "steps":
        return [Paragraph(markup(item), styles["item"], bulletText=f"{n}.") for n, item in enumerate(content, start=1)]
    if kind == "table":
        return [_table(content, styles, theme), Spacer(0, 4)]
    if kind == "example":
        assert example is not None
        return [ExampleFigure(content, example, theme), Spacer(0, 4)]
    return []


def _table(content: RulesTable, styles, theme: Theme) -> Table:
    head = [Paragraph(f"<b>{markup(cell)}</b>", styles["cell"]) for cell in content.columns]
    rows = [[Paragraph(markup(cell), styles["cell"]) for cell in row] for row in content.rows]
    count = len(content.columns)
    widths = ["28%", "72%"] if count == 2 else [f"{100 / count:g}%"] * count
    table = Table([head, *rows], colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([
        # Tables set a font of their own even when every cell is a paragraph: name ours.
        ("FONT", (0, 0), (-1, -1), styles["cell"].fontName, 8),
        ("LINEBELOW", (0, 0), (-1, -1), 0.4, reportlab_colour(theme.line)),
        ("BACKGROUND", (0, 0), (-1, 0), reportlab_colour(theme.card)),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]))
    return table


class ExampleFigure(Flowable):
    """The example table of 25 words and, beside it or under it, the key card that describes it,
    as ``geometry.rulesexample`` lays them out for the column."""

    def __init__(self, example: Example, art: ExampleArt, theme: Theme):
        super().__init__()
        self.example, self.art, self.font, self.theme = example, art, art.card.font, theme

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width, self.height = self.art.layout.width, self.art.layout.height
        return self.width, self.height

    def draw(self) -> None:
        canvas, layout = self.canv, self.art.layout
        for box, fitted in zip(layout.cells, layout.words):
            fill(canvas, self.theme.card)
            stroke(canvas, self.theme.line, 0.4)
            canvas.roundRect(box.x, box.y, box.width, box.height * 0.999, 1 * MM, stroke=1, fill=1)
            if fitted is not None:
                fill(canvas, self.theme.text)
                centred_lines(canvas, fitted, self.font, *box.centre)
        key, card = layout.key, self.art.card.layout.card
        canvas.saveState()
        canvas.translate(key.x, key.y)
        canvas.scale(key.width / card.width, key.height / card.height)
        self.art.card.draw(canvas, KeyFace(self.example.key))
        canvas.restoreState()


def _column_width(page: tuple[float, float]) -> float:
    return (page[0] - 2 * MARGIN - GUTTER) / 2


def _columns(page: tuple[float, float], first: bool) -> list[Frame]:
    width, height = page
    top = height - MARGIN - (HEADER_HEIGHT if first else 0)
    column = _column_width(page)
    bottom = MARGIN + FOOTER
    return [
        Frame(MARGIN + i * (column + GUTTER), bottom, column, top - bottom, leftPadding=0, rightPadding=0,
              topPadding=0, bottomPadding=0, showBoundary=0)
        for i in range(2)
    ]


def _draw_title(canvas: Canvas, rules: RulesText, fonts: RuleFonts, page: tuple[float, float], theme: Theme) -> None:
    width, height = page
    fill(canvas, theme.text)
    canvas.setFont(fonts.bold.name, 24)
    canvas.drawString(MARGIN, height - MARGIN - 20, rules.title)
    canvas.setFont(fonts.italic.name, 11)
    canvas.drawString(MARGIN, height - MARGIN - 38, rules.subtitle)
    canvas.drawRightString(width - MARGIN, height - MARGIN - 20, theme.title)  # the kit's title
    stroke(canvas, theme.line, 0.8)
    rule_y = height - MARGIN - HEADER_HEIGHT + 4 * MM
    canvas.line(MARGIN, rule_y, width - MARGIN, rule_y)


def _draw_footer(
    canvas: Canvas, rules: RulesText, fonts: RuleFonts, page: tuple[float, float], number: int, theme: Theme
) -> None:
    width, _ = page
    canvas.setFont(fonts.regular.name, 8)
    fill(canvas, theme.text)
    canvas.drawCentredString(width / 2, MARGIN, f"{rules.title}  \u00b7  page {number}")
