"""Render the pictures of README.md and docs/ from real cngen output: python docs/render_pictures.py

Needs the test extra (pypdfium2). Writes docs/deck-sheet.png, docs/deck-card.png,
docs/key-card.png, docs/tokens.png, docs/rules.png, docs/fold-preview.png, docs/shop-sheet.png,
and the whole kit side by side: docs/kit.png, docs/kit-grey.png (as a mono laser prints it)
and docs/kit-light.png (--ink light); the Duet kit, docs/duet.png; and a game book's page
beside a page of its keys' booklet, docs/book.png (`cngen book --games 12 --seed 2024`); the
box for the key cards, docs/box.png; the stand folded, docs/stand.png (docs/stand_picture.py);
and the tiles and box of the party edition, docs/edition.png.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2
from PIL import Image
from stand_picture import stand_picture  # docs/ beside this file

from generator.games import GAMES
from generator.jobs.calibration import build_calibration
from generator.jobs.deck import build_deck
from generator.jobs.keys import build_keys
from generator.jobs.rules import build_rules
from generator.jobs.tokens import build_tokens
from generator.output.preview import first_page_png
from generator.settings.options import (
    CalibrationOptions,
    DeckOptions,
    KeyOptions,
    RulesOptions,
    SheetOptions,
    Style,
    TokenOptions,
)
from generator.units import PAPERS

CLASSIC, DUET = GAMES["classic"], GAMES["duet"]

DOCS = Path(__file__).resolve().parent
KIT_DPI = 110  # every component of the kit picture at the same scale, as on the table
GAP = 24  # pixels between the components
# One face a page, cut to the trim: what a print-on-demand file with no bleed holds.
FACES = SheetOptions(profile="pod", bleed=0.0)


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

    keys = pypdfium2.PdfDocument(build_keys(CLASSIC, KeyOptions(seed=1234, count=8)).pdf)
    sheet = keys[0].render(scale=250 / 72).to_pil()
    # The top-left key card: the 2 x 4 grid of 70 mm cards is centred on the A4 sheet.
    left, top, side = round(35 / 25.4 * 250), round(8.5 / 25.4 * 250), round(70 / 25.4 * 250)
    sheet.crop((left, top, left + side, top + side)).resize((520, 520)).save(DOCS / "key-card.png", optimize=True)

    tokens = pypdfium2.PdfDocument(build_tokens(CLASSIC, TokenOptions()).pdf)
    tiles = []
    # A red agent and a blue agent (fronts, then backs for the other figure), a bystander, the assassin.
    for page, slot in [(0, 0), (1, 11), (2, 4), (2, 8)]:
        image = tokens[page].render(scale=200 / 72).to_pil()
        column, row = slot % 4, slot // 4
        x, y = (15 + 45 * column) / 25.4 * 200, (8.5 + 70 * row) / 25.4 * 200
        tile = image.crop((round(x), round(y), round(x + 45 / 25.4 * 200), round(y + 70 / 25.4 * 200)))
        tiles.append(tile.rotate(-90, expand=True))
    width, height = tiles[0].size
    strip = Image.new("RGB", (2 * width + 12, 2 * height + 12), "white")
    for index, tile in enumerate(tiles):
        strip.paste(tile, ((index % 2) * (width + 12), (index // 2) * (height + 12)))
    strip.resize((strip.width // 2, strip.height // 2)).save(DOCS / "tokens.png", optimize=True)
    rules = pypdfium2.PdfDocument(build_rules(CLASSIC, RulesOptions()).pdf)
    page = rules[0].render(scale=80 / 72).to_pil()
    page.quantize(colors=64).save(DOCS / "rules.png", optimize=True)

    # Exactly what `cngen deck --sides fold --preview` writes beside its PDF.
    fold = build_deck(DeckOptions(sheet=SheetOptions(sides="fold"))).pdf
    (DOCS / "fold-preview.png").write_bytes(first_page_png(fold, dpi=50))

    # The first press sheet of `cngen deck --profile shop`, as the copy shop receives it.
    shop = SheetOptions(profile="shop", paper=PAPERS["sra3"], marks=True, file_name="deck.pdf")
    (DOCS / "shop-sheet.png").write_bytes(first_page_png(build_deck(DeckOptions(sheet=shop)).pdf, dpi=45))

    kit = kit_picture(Style())
    kit.quantize(colors=128).save(DOCS / "kit.png", optimize=True)
    kit.convert("L").save(DOCS / "kit-grey.png", optimize=True)
    kit_picture(Style(ink="light")).quantize(colors=128).save(DOCS / "kit-light.png", optimize=True)
    duet_picture().quantize(colors=128).save(DOCS / "duet.png", optimize=True)
    book_picture().quantize(colors=96).save(DOCS / "book.png", optimize=True)
    _cngen_page(["box", "--for", "keys"], "box.pdf", 0, 60).quantize(colors=64).save(DOCS / "box.png", optimize=True)
    stand_picture(DOCS / "stand.png")
    edition = [_cngen_page(["tokens", "--edition", "party"], "tokens.pdf", 0, 48),
               _cngen_page(["box", "--edition", "party", "--for", "keys"], "box.pdf", 0, 48)]
    _row(edition, "#eeeeee").quantize(colors=96).save(DOCS / "edition.png", optimize=True)


def kit_picture(style: Style) -> Image.Image:
    """A word card, a key card, a tile of each role, the rules sheet and the calibration
    sheet, all at one scale: the kit as it lies on the table."""
    deck = build_deck(DeckOptions(sheet=FACES, style=style, seed=3)).pdf
    keys = build_keys(CLASSIC, KeyOptions(seed=1234, count=1, sheet=FACES, style=style)).pdf
    tokens = build_tokens(CLASSIC, TokenOptions(sheet=FACES, style=style)).pdf
    cards = [_faces(deck, [0])[0], _faces(keys, [0])[0]]
    tiles = _faces(tokens, _first_page_of_each_role(tokens))
    sheets = [_page(build_rules(CLASSIC, RulesOptions(style=style)).pdf, 0, 0.55),
              _page(build_calibration(CalibrationOptions(style=style)).pdf, 0, 0.55)]
    table = _stack([_row(cards), _row(tiles[:3]), _row(tiles[3:])])
    return _row([table, _row(sheets)], background="#d9d6d0")


def duet_picture() -> Image.Image:
    """A Duet key card's two sides, one tile of each kind (a timer token's bystander back
    too) and the Duet rules sheet, at the kit picture's scale."""
    keys = build_keys(DUET, KeyOptions(seed=7, count=1, sheet=FACES)).pdf
    tokens = build_tokens(DUET, TokenOptions(sheet=FACES)).pdf
    sides = _faces(keys, [0, 1])
    # One face a page, front then back: an agent's two faces, the assassin, then a timer
    # token, a spare (tile 26) and a timer's bystander back.
    tiles = _faces(tokens, [0, 1, 30, 32, 50, 33])
    rules = _page(build_rules(DUET, RulesOptions()).pdf, 0, 0.55)
    table = _stack([_row(sides), _row(tiles[:3]), _row(tiles[3:])])
    return _row([table, rules], background="#d9d6d0")


def _first_page_of_each_role(pdf: bytes) -> list[int]:
    """The page of the first tile of each role, in the order the tokens are printed."""
    import io

    import pypdf

    pages, seen = [], set()
    for index, page in enumerate(pypdf.PdfReader(io.BytesIO(pdf)).pages):
        name = " ".join(page.extract_text().split())
        if name not in seen:
            seen.add(name)
            pages.append(index)
    return pages[:6]


def book_picture() -> Image.Image:
    """The second page of a game book (its first game) beside the first page of its booklet."""
    import tempfile

    from click.testing import CliRunner

    from generator.cli import main as cngen

    with tempfile.TemporaryDirectory() as folder:
        book = Path(folder) / "book.pdf"
        result = CliRunner().invoke(cngen, ["book", "--games", "12", "--seed", "2024", "-o", str(book)])
        assert result.exit_code == 0, result.output
        pages = [pypdfium2.PdfDocument(path.read_bytes())[page].render(scale=64 / 72).to_pil()
                 for path, page in ((book, 1), (book.with_name("book-keys.pdf"), 0))]
    return _row(pages, "#eeeeee")


def _cngen_page(args: list[str], name: str, page: int, dpi: int) -> Image.Image:
    """A page of what ``cngen ARGS -o NAME`` writes, at ``dpi``."""
    import tempfile

    from click.testing import CliRunner

    from generator.cli import main as cngen

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        result = CliRunner().invoke(cngen, [*args, "-o", str(path)])
        assert result.exit_code == 0, result.output
        return pypdfium2.PdfDocument(path.read_bytes())[page].render(scale=dpi / 72).to_pil()


def _faces(pdf: bytes, pages: list[int]) -> list[Image.Image]:
    document = pypdfium2.PdfDocument(pdf)
    return [document[page].render(scale=KIT_DPI / 72).to_pil() for page in pages]


def _page(pdf: bytes, page: int, scale: float) -> Image.Image:
    image = pypdfium2.PdfDocument(pdf)[page].render(scale=KIT_DPI / 72).to_pil()
    return image.resize((round(image.width * scale), round(image.height * scale)), Image.LANCZOS)


def _row(images: list[Image.Image], background: str = "white") -> Image.Image:
    width = sum(image.width for image in images) + GAP * (len(images) + 1)
    height = max(image.height for image in images) + 2 * GAP
    canvas = Image.new("RGB", (width, height), background)
    x = GAP
    for image in images:
        canvas.paste(image, (x, GAP))
        x += image.width + GAP
    return canvas


def _stack(images: list[Image.Image]) -> Image.Image:
    width = max(image.width for image in images) + 2 * GAP
    height = sum(image.height for image in images) + GAP * (len(images) + 1)
    canvas = Image.new("RGB", (width, height), "white")
    y = GAP
    for image in images:
        canvas.paste(image, (GAP, y))
        y += image.height + GAP
    return canvas


if __name__ == "__main__":
    main()
