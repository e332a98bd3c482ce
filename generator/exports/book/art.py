"""The game book and the spymasters' booklet drawn: each page's head, a game's grid of codename
cards (the cards' own artist, scaled to each cell), a page of keys under their games' numbers,
and the how-to page at the front of the book.

Every colour is the theme's, so a press file is CMYK throughout; text is the theme's black.
"""

from __future__ import annotations

from typing import Any, Sequence
from xml.sax.saxutils import escape

import msgspec
from reportlab.pdfgen.canvas import Canvas

from ...draw.emblem import draw_emblem
from ...draw.paint import fill, stroke
from ...draw.sheet import CardFaces, set_boxes
from ...draw.text import paragraph, text_style
from ...draw.theme import Theme
from ...geometry.rulespage import footer_line
from ...geometry.sheet import Box
from ...geometry.style import BODY, EMBLEM_LINE, FRAME_LINE, HEADING, LEAD, PANEL_RADIUS, SUBTITLE, TITLE
from ...model.labels import Labels
from ...typeface.font import Font, FontFamily
from ...units import MM
from .layout import MARGIN, GamePage, KeyPage, KeyPlace

EMBLEM_RADIUS = 3.4 * MM  # the head's emblem, before the game's number
HEAD_SPACE = 4 * MM  # the least room between the head's name and its running line
CELL_LINE = 0.4  # points: the edge of a card on the white page, with the light ink
TAB = (7.5 * MM, 6.5 * MM)  # a key side's letter in the booklet's head, as the key card's tab shows it


NARROW_NO_BREAK, NO_BREAK = "\u202f", "\u00a0"


def printable_texts(texts: Labels, font: Font) -> Labels:
    """The texts as ``font`` prints them: French sets a narrow no-break space before its colons
    and inside its guillemets, and a font without one (the bundled Fira Sans) gets the plain
    no-break space, which holds the same words together."""
    if not font.missing_characters(NARROW_NO_BREAK):
        return texts
    return msgspec.structs.replace(texts, texts={key: text.replace(NARROW_NO_BREAK, NO_BREAK)
                                                 for key, text in texts.texts.items()})


class Running(msgspec.Struct, frozen=True):
    """What runs at the top right of every page: the kit's title, if any, and the page's number."""

    title: str | None
    page: str  # "page 7"

    def line(self, font: Font, size: float, width: float) -> str:
        """The line, the title cut short where it would run into what stands left of it."""
        return footer_line([self.title or ""], self.page, font, size, width)


class Head(msgspec.Struct, frozen=True):
    """What a page's head says: its name on the left (the game, the booklet's side), and the
    running line on the right."""

    name: str
    running: Running
    tab: str = ""  # a key side's letter, drawn as a tab before the name


def draw_head(canvas: Canvas, box: Box, rule_y: float, head: Head, fonts: FontFamily, theme: Theme) -> None:
    """The emblem (or the side's tab) and the name, the running line at the right, and the
    kit's rule under them."""
    middle = rule_y + box.height / 2
    if head.tab:
        left = _draw_tab(canvas, box.x, middle, head.tab, fonts.bold, theme)
    else:
        draw_emblem(canvas, box.x + EMBLEM_RADIUS, middle, EMBLEM_RADIUS - EMBLEM_LINE / 2, theme.line,
                    EMBLEM_LINE, theme.emblem)
        left = box.x + 2 * EMBLEM_RADIUS
    bold, regular = fonts.bold, fonts.regular
    fill(canvas, theme.text)
    canvas.setFont(bold.name, HEADING)
    name_x = left + 2.5 * MM
    canvas.drawString(name_x, middle - bold.cap_height * HEADING / 2, head.name)
    room = box.right - name_x - bold.width(head.name, HEADING) - 2 * HEAD_SPACE
    canvas.setFont(regular.name, BODY)
    canvas.drawRightString(box.right, middle - regular.cap_height * BODY / 2, head.running.line(regular, BODY, room))
    stroke(canvas, theme.line, FRAME_LINE)
    canvas.line(box.x, rule_y, box.right, rule_y)


def _draw_tab(canvas: Canvas, x: float, middle: float, letter: str, font: Font, theme: Theme) -> float:
    """The side's letter cut out of a panel in the frame's colour, as on the key card's tab;
    returns where the panel ends."""
    width, height = TAB
    fill(canvas, theme.line)
    canvas.roundRect(x, middle - height / 2, width, height, PANEL_RADIUS, stroke=0, fill=1)
    fill(canvas, theme.label)
    canvas.setFont(font.name, HEADING)
    canvas.drawCentredString(x + width / 2, middle - font.cap_height * HEADING / 2, letter)
    return x + width


def begin(canvas: Canvas, size: tuple[float, float]) -> None:
    """Nothing runs to the edge: the trim and bleed boxes are the page."""
    whole = Box(0.0, 0.0, *size)
    set_boxes(canvas, whole, whole)


def draw_game(canvas: Canvas, page: GamePage, faces: Sequence[Any], codenames: CardFaces, head: Head,
              fonts: FontFamily, theme: Theme) -> None:
    """One game: its head, then each codename's card in its cell, as the cards' artist draws
    it, scaled from the size it was drawn for to the cell."""
    begin(canvas, page.size)
    draw_head(canvas, page.head, page.rule_y, head, fonts, theme)
    card_width, card_height = codenames.card_size
    for cell, face in zip(page.cells, faces):
        canvas.saveState()
        canvas.transform(cell.width / card_width, 0, 0, cell.height / card_height, cell.x, cell.y)
        codenames.artist.draw(canvas, face)
        canvas.restoreState()
    if theme.ink == "light":  # pale grounds: a hairline shows where each card ends on the white page
        stroke(canvas, theme.line, CELL_LINE)
        for cell in page.cells:
            canvas.rect(cell.x, cell.y, cell.width, cell.height, stroke=1, fill=0)


def draw_keys(canvas: Canvas, page: KeyPage, keys: Sequence[tuple[KeyPlace, Any, str]], cards: CardFaces, head: Head,
              secret: str, fonts: FontFamily, theme: Theme) -> None:
    """A booklet page: each key in its place, as the key cards' artist draws it, under its
    caption (its game's number); the line that keeps the page secret at the foot."""
    begin(canvas, page.size)
    draw_head(canvas, page.head, page.rule_y, head, fonts, theme)
    side = cards.card_size[0]
    for place, face, caption in keys:
        fill(canvas, theme.text)
        canvas.setFont(fonts.bold.name, LEAD)
        canvas.drawCentredString(*place.caption, caption)
        canvas.saveState()
        scale = place.key.width / side
        canvas.transform(scale, 0, 0, scale, place.key.x, place.key.y)
        cards.artist.draw(canvas, face)
        canvas.restoreState()
    fill(canvas, theme.text)
    canvas.setFont(fonts.slanted.name, BODY)
    canvas.drawCentredString(page.size[0] / 2, MARGIN, secret)


class Seating(msgspec.Struct, frozen=True):
    """The how-to page's figure: a game page drawn small, its cards blank, with who sits at its
    head and who at its foot."""

    page: GamePage
    codenames: CardFaces
    head: str
    foot: str


class HowTo(msgspec.Struct, frozen=True):
    """The how-to page's words: its title and subtitle, and its sections, each a heading and
    its paragraphs; ``closing`` ends the text, under the sections; the seating figure under it."""

    title: str
    subtitle: str
    sections: tuple[tuple[str, tuple[str, ...]], ...]
    closing: str
    seating: Seating | None = None


# The running text, largest first: the first at which the page holds it with its figure, else
# without. A page read at the table is set larger than the rules sheet where it has the room.
HOW_TO_SIZES = (13.0, 12.0, LEAD, BODY, 8.5)
COLUMN_GAP = 10 * MM
SECTION_GAP = 0.9  # of a line, before each heading
TITLE_GAP = 6 * MM  # from the head's rule to the columns
FIGURE_PAGE = 42 * MM  # the small game page's height
SEAT_LINE = 9 * MM  # a seat's name, above or below the small page
FIGURE_GAP = 6 * MM  # between the text and the figure
FIGURE = FIGURE_PAGE + 2 * SEAT_LINE + FIGURE_GAP


class TextDoesNotFit(Exception):
    """The how-to page's text is too long for its page at the smallest size."""


def draw_how_to(canvas: Canvas, size: tuple[float, float], how: HowTo, running: Running, fonts: FontFamily,
                theme: Theme) -> None:
    """The how-to page: the title under the emblem, then the sections in two columns (one on
    a narrow page), at the largest size that holds them with the seating figure under them,
    else without it."""
    begin(canvas, size)
    width, height = size
    title_size = TITLE if width >= 250 * MM else SUBTITLE
    radius = 6 * MM
    top = height - MARGIN
    draw_emblem(canvas, MARGIN + radius, top - radius, radius - EMBLEM_LINE / 2, theme.line, EMBLEM_LINE,
                theme.emblem)
    left = MARGIN + 2 * radius + 4 * MM
    fill(canvas, theme.heading)
    canvas.setFont(fonts.bold.name, title_size)
    canvas.drawString(left, top - fonts.bold.cap_height * title_size, how.title)
    fill(canvas, theme.text)
    canvas.setFont(fonts.slanted.name, LEAD)
    canvas.drawString(left, top - 2 * radius + 0.5 * MM, how.subtitle)
    canvas.setFont(fonts.regular.name, BODY)
    room = width - MARGIN - left - fonts.bold.width(how.title, title_size) - HEAD_SPACE
    canvas.drawRightString(width - MARGIN, top - fonts.regular.cap_height * BODY, running.line(fonts.regular, BODY, room))
    rule_y = top - 2 * radius - 3 * MM
    stroke(canvas, theme.line, FRAME_LINE)
    canvas.line(MARGIN, rule_y, width - MARGIN, rule_y)
    columns = 2 if width - 2 * MARGIN >= 160 * MM else 1
    column = (width - 2 * MARGIN - (columns - 1) * COLUMN_GAP) / columns
    room = rule_y - TITLE_GAP - MARGIN
    for figure, text_size in _choices(how.seating is not None):
        placed = _pour(_blocks(how, fonts, theme, text_size), columns, column, room - FIGURE * figure)
        if placed is not None:
            break
    else:
        raise TextDoesNotFit(how.title)
    text_top = rule_y - TITLE_GAP
    longest = max(_draw_column(canvas, stack, MARGIN + index * (column + COLUMN_GAP), text_top, column)
                  for index, stack in enumerate(placed))
    if figure and how.seating is not None:  # centred in the room the text leaves
        drawn = FIGURE - FIGURE_GAP
        free = text_top - longest - FIGURE_GAP - MARGIN
        _draw_seating(canvas, width / 2, MARGIN + (free + drawn) / 2, how.seating, fonts, theme)


def _choices(seating: bool) -> list[tuple[bool, float]]:
    """(with the figure, text size) in the order tried: the figure while the text keeps LEAD or
    more, then the text alone, largest first."""
    with_figure = [(True, size) for size in HOW_TO_SIZES if size >= LEAD] if seating else []
    return [*with_figure, *((False, size) for size in HOW_TO_SIZES)]


def _draw_seating(canvas: Canvas, centre_x: float, top: float, seating: Seating, fonts: FontFamily,
                  theme: Theme) -> None:
    """The small game page between its two seats' names: its frame, its head's rule, and each
    cell's card drawn blank, as the cards' artist draws a card without a codename."""
    page, codenames = seating.page, seating.codenames
    scale = FIGURE_PAGE / page.size[1]
    width = page.size[0] * scale
    x, y = centre_x - width / 2, top - SEAT_LINE - FIGURE_PAGE
    fill(canvas, theme.label)
    stroke(canvas, theme.line, FRAME_LINE)
    canvas.roundRect(x, y, width, FIGURE_PAGE, 1.5 * MM, stroke=1, fill=1)
    canvas.line(x + page.head.x * scale, y + page.rule_y * scale, x + page.head.right * scale, y + page.rule_y * scale)
    card_width, card_height = codenames.card_size
    for cell in page.cells:
        canvas.saveState()
        canvas.transform(cell.width * scale / card_width, 0, 0, cell.height * scale / card_height,
                         x + cell.x * scale, y + cell.y * scale)
        codenames.artist.draw(canvas, None)
        canvas.restoreState()
    fill(canvas, theme.text)
    canvas.setFont(fonts.bold.name, LEAD)
    canvas.drawCentredString(centre_x, top - SEAT_LINE / 2 - fonts.bold.cap_height * LEAD / 2, seating.head)
    canvas.drawCentredString(centre_x, y - SEAT_LINE / 2 - fonts.bold.cap_height * LEAD / 2, seating.foot)


def _blocks(how: HowTo, fonts: FontFamily, theme: Theme, size: float) -> list[list]:
    """The paragraphs in the groups a column break may not split: a heading with its section's
    first paragraph, then each paragraph; the closing words last."""
    line = fonts.regular.line_height(size) * 1.08
    body = text_style("book body", fonts.regular, size, leading=line, space_after=0.45 * line, colour=theme.text)
    heading = text_style("book heading", fonts.bold, size * 1.25, colour=theme.heading, space_after=0.2 * line)
    heading.spaceBefore = SECTION_GAP * line
    closing = text_style("book closing", fonts.slanted, size, leading=line, colour=theme.text)
    closing.spaceBefore = SECTION_GAP * line
    blocks: list[list] = []
    for title, paragraphs in how.sections:
        blocks.append([paragraph(escape(title), heading), paragraph(escape(paragraphs[0]), body)])
        blocks.extend([paragraph(escape(text), body)] for text in paragraphs[1:])
    blocks.append([paragraph(escape(how.closing), closing)])
    return blocks


def _pour(blocks: list[list], columns: int, width: float, room: float) -> list[list] | None:
    """The blocks in order in one column, or in two split where the longer column is shortest;
    None when they overflow."""
    if columns == 1:
        whole = [item for block in blocks for item in block]
        return [whole] if _height(whole, width) <= room else None
    splits = []
    for at in range(1, len(blocks)):
        first = [item for block in blocks[:at] for item in block]
        second = [item for block in blocks[at:] for item in block]
        longest = max(_height(first, width), _height(second, width))
        if longest <= room:
            splits.append((longest, at, [first, second]))
    return min(splits, key=lambda split: split[:2])[2] if splits else None


def _height(paragraphs: list, width: float) -> float:
    """The column's height: its paragraphs, the space after each but the last, and the space
    before each but the first (a heading opening a column starts at its top)."""
    return _draw_column(None, paragraphs, 0.0, 0.0, width)


def _draw_column(canvas: Canvas | None, paragraphs: list, left: float, top: float, width: float) -> float:
    """Set the paragraphs one under the other from ``top`` (only measured without a canvas);
    returns their height."""
    y = top
    for index, item in enumerate(paragraphs):
        if index:
            y -= paragraphs[index - 1].style.spaceAfter + item.style.spaceBefore
        _, height = item.wrap(width, 1e9)
        y -= height
        if canvas is not None:
            item.drawOn(canvas, left, y)
    return top - y
