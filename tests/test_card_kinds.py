"""A kind of codename card is one value: the games' tables are dealt from one, the jobs, the
exports and the command line ask it and never compare its name, and a new kind plugs in without
a line of theirs changing."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import msgspec
import pypdfium2 as pdfium
import pytest
from msgspec.structs import replace

from generator.cards import CARD_KINDS, PICTURE_CARDS, WORD_CARDS
from generator.cards.kind import WORD, CardKind, DrawnCards, Entries, FaceRequest, pair_faces
from generator.draw.sheet import CardFaces
from generator.exports import EXPORTS
from generator.games import GAMES
from generator.jobs.deck import build_deck
from generator.jobs.export import build_export
from generator.settings.options import DeckOptions, ExportOptions, KeyOptions, SheetOptions, Style, TokenOptions

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "generator"
NAMES = set(CARD_KINDS)
KIND_VALUES = {"WORD_CARDS", "PICTURE_CARDS", "CARD_KINDS"}  # the registry's values, by the names it exports


def _compared_names(tree: ast.AST) -> list[tuple[int, str]]:
    """Where code compares with a kind's name ("word", "picture") or with a game's kind of card."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Compare):
            continue
        sides = [node.left, *node.comparators]
        named = [side.value for side in sides if isinstance(side, ast.Constant) and side.value in NAMES]
        kinds = [code for code in map(ast.unparse, sides) if code.endswith("grid.cards") or code in KIND_VALUES]
        if named or kinds:
            found.append((node.lineno, ast.unparse(node)))
    return found


@pytest.mark.parametrize("folder", ["cli", "jobs", "settings", "output", "exports"])
def test_no_job_export_or_command_compares_a_kind_of_card(folder):
    compared = [f"{path.relative_to(ROOT)}:{line}: {code}"
                for path in sorted((PACKAGE / folder).rglob("*.py"))
                for line, code in _compared_names(ast.parse(path.read_text(encoding="utf-8")))]
    assert not compared, "\n".join(compared)


def test_a_comparison_with_a_kind_is_found():
    samples = ['if game.grid.cards == "picture": pass', "x = deck.noun == 'picture'", "y = 'word' != kind.name",
               "z = request.game.grid.cards is PICTURE_CARDS"]
    assert all(_compared_names(ast.parse(sample)) for sample in samples)


def test_every_game_is_dealt_from_a_registered_kind():
    assert {game.grid.cards for game in GAMES.values()} == {WORD_CARDS, PICTURE_CARDS}
    assert all(CARD_KINDS[kind.name] is kind for kind in CARD_KINDS.values())


# --- A kind of card added by a test -------------------------------------------------------------


class PlainFace(msgspec.Struct, frozen=True):
    text: str


class PlainArtist:
    """Draws a word once, small and upright, in the middle of a plain frame."""

    def __init__(self, font: str, size: tuple[float, float]):
        self.font, self.size = font, size

    def define(self, canvas) -> None:
        pass

    def draw(self, canvas, face: PlainFace | None) -> None:
        width, height = self.size
        canvas.rect(4, 4, width - 8, height - 8)
        if face is not None:
            canvas.setFont(self.font, 12)
            canvas.drawCentredString(width / 2, height / 2, f"<{face.text}>")


class PlainCards(CardKind):
    """A kind no game of cngen's has: a word in angle brackets, once, on a plain frame."""

    name = "plain"
    noun = "term"
    shown = "term"
    card = "term card"
    card_in_kit = "term card"
    deck_title = "Term cards"
    texts_key = "word"  # the texts written for word cards describe these as well
    box_label = "box deck"
    blank_side = "write"
    carries = frozenset({WORD})

    def faces(self, entries: Entries, request: FaceRequest) -> DrawnCards:
        assert entries.words is not None
        names = entries.words.words
        named = {name: PlainFace(name) for name in names}
        faces = [(named.get(pair.front), named.get(pair.back)) for pair in pair_faces(names, request.blanks)]
        artist = PlainArtist(request.font.name, request.card_size)
        return DrawnCards(CardFaces(self.deck_title, request.card_size, faces, artist, named=named), tuple(names))


PLAIN = PlainCards()
GAME = replace(GAMES["classic"], grid=replace(GAMES["classic"].grid, cards=PLAIN))
WORDS = [f"TERM{number:02d}" for number in range(30)]


@pytest.fixture(scope="module")
def term_list(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("plain") / "terms.txt"
    path.write_text("\n".join(WORDS) + "\n", encoding="utf-8")
    return path


def test_a_new_kind_of_card_prints_a_deck(term_list, tmp_path):
    result = build_deck(DeckOptions(words=term_list, blanks=2), game=GAME)
    assert result.kind is PLAIN and result.words == 30 and result.cards == 17
    pdf = tmp_path / "deck.pdf"
    pdf.write_bytes(result.pdf)
    shown = {line for page in text_lines(pdf) for line in page}
    assert {f"<{word}>" for word in WORDS} <= shown


def text_lines(pdf: Path) -> list[list[str]]:
    """Each page's text as PDFium reads it, line by line."""
    document = pdfium.PdfDocument(pdf)
    return [[line.strip() for line in page.get_textpage().get_text_range().splitlines()] for page in document]


def _export(name: str, own: object, words: Path) -> dict:
    options = ExportOptions(own, DeckOptions(words=words), KeyOptions(seed=7), TokenOptions(), SheetOptions(),
                            Style(), 7)
    return build_export(EXPORTS[name], GAME, options).files


def test_a_new_kind_of_card_prints_a_book_and_a_board(term_list, tmp_path):
    book = tmp_path / "book.pdf"
    files = _export("book", EXPORTS["book"].own(games=1, output=book), term_list)
    book.write_bytes(files[book])
    pages = text_lines(book)
    dealt = [word.strip("<>") for line in pages[1] for word in line.split() if word.startswith("<TERM")]
    assert len(dealt) == len(set(dealt)) == 25 and set(dealt) <= set(WORDS)
    board = tmp_path / "board.json"
    files = _export("board", EXPORTS["board"].own(format="json", output=board), term_list)
    document = json.loads(files[board])
    assert document["cards"] == "plain"
    assert {word for row in document["games"][0]["words"] for word in row} <= set(WORDS)
