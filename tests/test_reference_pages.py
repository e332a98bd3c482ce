"""Reference pages: the first sheet of every component, front and back, of a set of kits, held
in ``tests/reference/`` as normalised descriptions (``reference_pages``), so that a change that
moves a card by 2 mm, recolours a tile or drops a cut mark fails here and says what moved.

The kits cover each game, a language other than English on Letter paper, words that need
shaping (Hebrew and Arabic), the three profiles (home, shop, pod), the game book and the
calibration sheet. Each is made as a user makes it, by the command line, once a session.

After a change that means to move pages, look at the report, then write the references again:

    .venv/bin/pytest tests/test_reference_pages.py --rewrite-references

and read the diff of ``tests/reference/`` before committing it.
"""

from __future__ import annotations

import os
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner
from glyphcheck import HEBREW_ARABIC
from reference_pages import describe_page, what_moved

from generator.cli import main
from generator.inputs.bundled import picture_deck_files

REFERENCES = Path(__file__).parent / "reference"
PAGES = 2  # each file's first sheet: the front, and the back that must line up with it
RTL_WORDS = ["שלום", "ירושלים", "בית ספר", "שָׁלוֹם", "سلام", "كتاب", "المدرسة", "IPHONE חדש", "مكتبة ١٢٣"]

# name -> (the command line, the files it writes, each a reference); small key decks keep
# the dealing quick: the first sheet shows eight cards whatever the count.
KITS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "classic": (("kit", "--seed", "5", "--keys-count", "16", "--box", "--stand", "--out-dir", "out"),
                ("deck", "keys", "tokens", "rules", "box", "stand")),
    "duet": (("kit", "--duet", "--seed", "5", "--keys-count", "8", "--out-dir", "out"),
             ("deck", "keys", "tokens", "rules")),
    "pictures": (("kit", "--pictures", "--images", "pictures", "--seed", "5", "--keys-count", "8", "--out-dir", "out"),
                 ("deck", "keys", "tokens", "rules")),
    "german-letter": (("kit", "--lang", "de", "--paper", "letter", "--seed", "5", "--keys-count", "8",
                       "--out-dir", "out"), ("deck", "keys", "tokens", "rules")),
    "shaped-words": (("deck", "--words", "rtl.txt", "--font", str(HEBREW_ARABIC), "--card-size", "100x63mm",
                      "--blanks", "0", "-o", "out/deck.pdf"), ("deck",)),
    "shop": (("kit", "--profile", "shop", "--seed", "5", "--keys-count", "8", "--out-dir", "out"),
             ("deck", "keys", "tokens", "rules")),
    "pod": (("kit", "--profile", "pod", "--seed", "5", "--keys-count", "8", "--out-dir", "out"),
            ("deck", "keys", "tokens", "rules")),
    "book": (("book", "--seed", "5", "-o", "out/book.pdf"), ("book", "book-keys")),
    "calibration": (("calibrate", "-o", "out/calibration.pdf"), ("calibration",)),
}
CASES = [(kit, name) for kit, (_, names) in KITS.items() for name in names]


@pytest.fixture(scope="session")
def made(tmp_path_factory):
    """Each kit's folder, made once a session, when a test first asks for it."""
    folders: dict[str, Path] = {}

    def folder(kit: str) -> Path:
        if kit not in folders:
            work = tmp_path_factory.mktemp(kit)
            (work / "rtl.txt").write_text("\n".join(RTL_WORDS) + "\n", encoding="utf-8")
            _some_bundled_pictures(work / "pictures")
            args, _ = KITS[kit]
            with _working_in(work):
                result = CliRunner().invoke(main, list(args), catch_exceptions=False)
            assert result.exit_code == 0, result.output
            folders[kit] = work / "out"
        return folders[kit]

    return folder


def _some_bundled_pictures(folder: Path, count: int = 24) -> None:
    """The first of the picture deck's own drawings: the bundled deck's look, drawn the same way,
    without reading all of its 310 pictures (5 s) for a first sheet of eight."""
    folder.mkdir()
    for picture in picture_deck_files()[:count]:
        shutil.copyfile(picture, folder / picture.name)


@contextmanager
def _working_in(folder: Path):
    before = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(before)


def described(pdf: bytes) -> str:
    import pypdfium2

    document = pypdfium2.PdfDocument(pdf)
    pages = min(len(document), PAGES)
    document.close()
    return "\n\n".join("\n".join(describe_page(pdf, number)) for number in range(pages)) + "\n"


@pytest.mark.parametrize(("kit", "name"), CASES, ids=[f"{kit}-{name}" for kit, name in CASES])
def test_the_first_sheet_is_as_its_reference_page(kit, name, made, request, tmp_path):
    actual = described((made(kit) / f"{name}.pdf").read_bytes())
    reference = REFERENCES / kit / f"{name}.txt"
    if request.config.getoption("--rewrite-references"):
        reference.parent.mkdir(parents=True, exist_ok=True)
        reference.write_text(actual, encoding="utf-8")
        return
    assert reference.is_file(), (f"{reference} is missing: write it with "
                                 "pytest tests/test_reference_pages.py --rewrite-references")
    expected = reference.read_text(encoding="utf-8")
    if actual != expected:
        kept = tmp_path / f"{kit}-{name}.txt"
        kept.write_text(actual, encoding="utf-8")
        pytest.fail(f"{kit}/{name}.pdf no longer matches {reference.relative_to(REFERENCES.parent)} "
                    f"(the page now: {kept}):\n{what_moved(expected.splitlines(), actual.splitlines())}",
                    pytrace=False)


def test_every_reference_page_is_one_a_test_makes():
    """A reference left behind by a case that is gone would pass unseen forever."""
    kept = {path.relative_to(REFERENCES).as_posix() for path in REFERENCES.rglob("*.txt")}
    assert kept == {f"{kit}/{name}.txt" for kit, name in CASES}
