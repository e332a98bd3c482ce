"""Render the README's pictures from real cngen output: python docs/render_pictures.py

Needs the test extra (pypdfium2). Writes docs/deck-sheet.png and docs/deck-card.png.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2

from generator.deck import DeckOptions, build_deck

DOCS = Path(__file__).resolve().parent


def main() -> None:
    pdf = pypdfium2.PdfDocument(build_deck(DeckOptions()).pdf)
    sheet = pdf[0].render(scale=90 / 72).to_pil()
    sheet.save(DOCS / "deck-sheet.png", optimize=True)
    card = pdf[0].render(scale=250 / 72).to_pil()
    # The top-left card of the sheet, turned back to landscape as it is held in play.
    left, top = round(15 / 25.4 * 250), round(8.5 / 25.4 * 250)
    size = (round(45 / 25.4 * 250), round(70 / 25.4 * 250))
    card.crop((left, top, left + size[0], top + size[1])).rotate(-90, expand=True).save(
        DOCS / "deck-card.png", optimize=True
    )


if __name__ == "__main__":
    main()
