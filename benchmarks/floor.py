"""The floor `cngen deck` is measured against: a bare ReportLab script that prints the same cards
as cngen's default deck, with the same elements and the same tricks, and does nothing else.

Drawn like cngen's word cards: the artwork every card shares (the ground, the spymasters' band,
the frame, the emblem) as one PDF form; each face places the form and sets its word twice,
upright for the operatives and upside down on the band for the spymasters, at a size fitted to
the card; 16 cards turned on an A4 sheet, cut marks round the grid, and the backs on their own
pages, mirrored for a long-edge flip. No checks, no settings, no shaping, no options: what a
user would write by hand to print this one deck.

    python benchmarks/floor.py WORDS FONT.ttf OUTPUT.pdf

WORDS is a plain list, one word a line, or a YAML deck such as decks/standard.yaml (read as any
script would, with PyYAML's C loader); the deck ends with 5 blank cards, as cngen's does.
Imports only ReportLab, and PyYAML for a YAML deck.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

MM = 72 / 25.4
PAGE = (210 * MM, 297 * MM)
CARD = (70 * MM, 45 * MM)  # landscape; drawn turned on the sheet
COLUMNS, ROWS = 4, 4
LEFT, BOTTOM = (PAGE[0] - COLUMNS * CARD[1]) / 2, (PAGE[1] - ROWS * CARD[0]) / 2


def draw_deck(words: list[str], font: Path, blanks: int = 5) -> bytes:
    pdfmetrics.registerFont(TTFont("FloorFont", font))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=PAGE, invariant=1, initialFontName="FloorFont")
    _card_form(canvas)
    pairs = list(zip(words[0::2], words[1::2] + [None])) + [(None, None)] * blanks
    per_sheet = COLUMNS * ROWS
    for start in range(0, len(pairs), per_sheet):
        sheet = pairs[start:start + per_sheet]
        for side in (0, 1):
            for slot, pair in enumerate(sheet):
                column, row = slot % COLUMNS, slot // COLUMNS
                if side:  # a long-edge flip: the back of a card is mirrored left to right
                    column = COLUMNS - 1 - column
                _face(canvas, LEFT + column * CARD[1], BOTTOM + (ROWS - 1 - row) * CARD[0], pair[side])
            _marks(canvas)
            canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _card_form(canvas: Canvas) -> None:
    """The artwork every face shares, drawn once."""
    width, height = CARD
    canvas.beginForm("card", 0, 0, width, height)
    canvas.setFillColorRGB(0.97, 0.92, 0.81)
    canvas.rect(0, 0, width, height, stroke=0, fill=1)
    canvas.setFillColorRGB(0.84, 0.76, 0.59)
    canvas.roundRect(4 * MM, 29 * MM, width - 8 * MM, 12 * MM, 1.8 * MM, stroke=0, fill=1)
    canvas.setStrokeColorRGB(0.55, 0.44, 0.3)
    canvas.setLineWidth(0.75)
    canvas.roundRect(2.5 * MM, 2.5 * MM, width - 5 * MM, height - 5 * MM, 2 * MM, stroke=1, fill=0)
    canvas.circle(width / 2, 25 * MM, 2.2 * MM, stroke=1, fill=0)
    canvas.endForm()


def _face(canvas: Canvas, x: float, y: float, word: str | None) -> None:
    """One face, turned a quarter on the sheet: the form, the word, the word upside down (a
    blank face: the form alone)."""
    width = CARD[0] - 12 * MM
    canvas.saveState()
    canvas.transform(0, 1, -1, 0, x + CARD[1], y)
    canvas.doForm("card")
    if word is None:
        canvas.restoreState()
        return
    canvas.setFillColorRGB(0, 0, 0)
    size = min(30.0, 30.0 * width / max(pdfmetrics.stringWidth(word, "FloorFont", 30.0), 1e-6))
    canvas.setFont("FloorFont", size)
    canvas.drawCentredString(CARD[0] / 2, 10 * MM, word)
    canvas.translate(CARD[0] / 2, 35 * MM)
    canvas.rotate(180)
    canvas.setFont("FloorFont", min(size, 18.0))
    canvas.drawCentredString(0, -2 * MM, word)
    canvas.restoreState()


def _marks(canvas: Canvas) -> None:
    """Cut marks in the margins, one at each cut."""
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.25)
    for column in range(COLUMNS + 1):
        x = LEFT + column * CARD[1]
        canvas.line(x, 0, x, BOTTOM - 1.5 * MM)
        canvas.line(x, PAGE[1] - BOTTOM + 1.5 * MM, x, PAGE[1])
    for row in range(ROWS + 1):
        y = BOTTOM + row * CARD[0]
        canvas.line(0, y, LEFT - 1.5 * MM, y)
        canvas.line(PAGE[0] - LEFT + 1.5 * MM, y, PAGE[0], y)


def read_words(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".yaml":
        import yaml

        return [str(word).upper() for word in yaml.load(text, Loader=yaml.CSafeLoader)["words"]]
    return [line.strip().upper() for line in text.splitlines() if line.strip()]


def main(arguments: list[str]) -> None:
    words_file, font, output = map(Path, arguments)
    output.write_bytes(draw_deck(read_words(words_file), font))


if __name__ == "__main__":
    main(sys.argv[1:])
