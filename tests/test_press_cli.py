"""The shop and pod profiles and `cngen preflight` from the command line: what the summary
tells a user to order or upload, the files written, and every bad input refused with one
clear message and nothing written."""

from __future__ import annotations

import pikepdf
import pytest
from PIL import Image

WORDS = "\n".join(["ace", "anchor", "bank", "comet", "harp", "pitch"]) + "\n"
# 110 words: 55 cards, three sheets of 25, the last one part full.
LIST = "".join(f"word{i}\n" for i in range(110))


@pytest.fixture
def words(tmp_path):
    """A short word list in the working folder, for runs that need some sheets of cards, not the deck."""
    (tmp_path / "list.txt").write_text(LIST, encoding="utf-8")
    return "list.txt"


@pytest.fixture
def few(tmp_path):
    """Six words in the working folder, for runs that need a sheet of cards."""
    (tmp_path / "w.txt").write_text(WORDS, encoding="utf-8")
    return "w.txt"


def test_a_shop_deck_says_how_many_sheets_of_which_paper_and_which_flip(run, tmp_path, words):
    result = run("deck", "--profile", "shop", "--blanks", "0", "--words", words)
    assert result.exit_code == 0, result.output
    assert "  25 cards per 320 x 450 mm sheet: 3 sheets, 6 pages" in result.stdout
    assert ("order 3 sheets of SRA3 (320 x 450 mm) card stock printed on both sides, turned over on the long edge"
            in result.stdout)
    with pikepdf.open(tmp_path / "output" / "deck.pdf") as pdf:
        assert len(pdf.pages) == 6


def test_a_shop_deck_on_a3_short_edge(run, words):
    result = run("deck", "--profile", "shop", "--paper", "a3", "--sides", "short-edge", "--blanks", "0",
                 "--words", words)
    assert result.exit_code == 0, result.output
    assert "  25 cards per 297 x 420 mm sheet: 3 sheets, 6 pages" in result.stdout
    assert "A3 (297 x 420 mm) card stock printed on both sides, turned over on the short edge" in result.stdout


def test_a_shop_kit_lists_its_sheets_and_a_rules_sheet_on_a4(run, tmp_path, few):
    result = run("kit", "--profile", "shop", "--seed", "1", "--keys-count", "4", "--words", few)
    assert result.exit_code == 0, result.output
    assert "copy shop: SRA3 (320 x 450 mm), both sides, turn on the long edge" in result.stdout
    with pikepdf.open(tmp_path / "output" / "rules.pdf") as pdf:
        assert [round(float(value)) for value in pdf.pages[0].mediabox] == [0, 0, 595, 842]
    with pikepdf.open(tmp_path / "output" / "deck.pdf") as pdf:
        assert [round(float(value) * 25.4 / 72) for value in pdf.pages[0].mediabox] == [0, 0, 320, 450]


def test_an_image_service_gets_a_folder_of_pngs_in_upload_order_and_a_rerun_leaves_one_upload(run, tmp_path, few):
    result = run("deck", "--profile", "pod", "--service", "tgc", "--words", few, "--blanks", "2")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "output" / "deck-tgc"
    assert "images to upload in output/deck-tgc/" in result.stdout
    names = sorted(path.name for path in folder.iterdir())
    assert names == [f"codename-cards-{n:03d}-{place}.png" for n in range(1, 6) for place in ("1-front", "2-back")]
    assert Image.open(folder / "codename-cards-001-1-front.png").size == (600, 825)
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    (folder / "codename-cards-009-front.png").write_bytes(b"an upload named as earlier versions of cngen named them")
    result = run("deck", "--profile", "pod", "--service", "tgc", "--words", few, "--blanks", "0")
    assert result.exit_code == 0, result.output
    left = sorted(path.name for path in folder.iterdir())
    assert left == sorted(["notes.txt"] + [f"codename-cards-{n:03d}-{side}.png" for n in range(1, 4)
                                           for side in ("1-front", "2-back")])


def test_a_pod_kit_with_a_service_writes_each_components_upload(run, tmp_path, few):
    result = run("kit", "--profile", "pod", "--service", "dtc", "--seed", "2", "--keys-count", "2", "--words", few)
    assert result.exit_code == 0, result.output
    assert "upload to DriveThruCards" in result.stdout
    with pikepdf.open(tmp_path / "output" / "tokens.pdf") as pdf:
        assert [round(float(value) / 72, 2) for value in pdf.pages[0].mediabox[2:]] == [2.75, 3.75]
    with pikepdf.open(tmp_path / "output" / "deck.pdf") as pdf:
        assert len(pdf.pages) == 16  # one face a page: 3 word cards and 5 blanks, front and back


def test_the_home_profile_does_not_send_users_to_a_shop(run, few):
    result = run("deck", "--words", few)
    assert result.exit_code == 0
    assert "shop" not in result.stdout and "CMYK" not in result.stdout


@pytest.mark.parametrize("args, message", [
    (["deck", "--profile", "shop", "--paper", "80x60mm"], "does not fit on a 80 x 60 mm sheet"),
    (["deck", "--profile", "shop", "--bleed", "26mm"], "use 0 to 25 mm"),
    (["deck", "--profile", "pod", "--bleed", "30mm"], "use 0 to 25 mm"),
    (["deck", "--profile", "shop", "--gutter", "-2mm"], "is not a length"),
    (["deck", "--profile", "pod", "--service", "kinkos"], "'kinkos' is not one of 'tgc', 'mpc', 'dtc', 'generic'"),
    (["deck", "--profile", "shop", "--output-condition", "FOGRA99"], "'FOGRA99' is not one of 'FOGRA39'"),
    (["deck", "--service", "tgc"], "--service has no effect with --profile home (the default)"),
    (["deck", "--profile", "shop", "--service", "tgc"], "add --profile pod"),
    (["kit", "--profile", "pod", "--combined"], "--profile pod and --combined cannot be used together"),
    (["deck", "--gutter", "2mm"], "--gutter has no effect with --profile home"),
    (["deck", "--profile", "pod", "--service", "tgc", "--bleed", "2mm"], "tgc asks its own bleed"),
    (["deck", "--ink-limit", "90", "--profile", "shop"], "90 is not in the range 100<=x<=400"),
])
def test_bad_press_options_are_refused_and_nothing_is_written(run, tmp_path, args, message):
    result = run(*args)
    assert result.exit_code in (1, 2), result.output
    assert message in " ".join(result.stderr.split())
    assert "Traceback" not in result.output
    assert not (tmp_path / "output").exists()


# --- cngen preflight -------------------------------------------------------------------------

def test_preflight_passes_cngens_shop_files_and_fails_a_home_file_naming_the_rules(run, tmp_path, few):
    assert run("deck", "--profile", "shop", "--words", few, "-o", "shop.pdf").exit_code == 0
    assert run("deck", "--words", few, "-o", "home.pdf").exit_code == 0
    passed = run("preflight", "shop.pdf")
    assert passed.exit_code == 0, passed.output
    assert "shop.pdf: passes every rule" in passed.stdout
    failed = run("preflight", "shop.pdf", "home.pdf")
    assert failed.exit_code == 1
    assert "Error" not in failed.output  # exit 1 says "fails", not that cngen broke
    rows = {line.split()[0] + (" " + line.split()[1] if line.split()[1] not in ("pass", "FAIL") else ""):
            line for line in failed.stdout.splitlines()[14:] if line.startswith("  ")}
    assert "home.pdf: FAILS" in failed.stdout
    for rule in ("PDF/X keys", "output intent", "colour spaces"):
        assert "FAIL" in rows[rule], rows
    assert "page 1" in rows["colour spaces"]


def test_preflight_takes_the_ink_limit_from_the_command_line_and_the_settings_file(run, tmp_path):
    assert run("tokens", "--profile", "shop", "-o", "tiles.pdf").exit_code == 0  # a 240% rich black
    assert run("preflight", "tiles.pdf").exit_code == 0
    assert run("preflight", "tiles.pdf", "--ink-limit", "230").exit_code == 1
    (tmp_path / "cngen.yaml").write_text("ink_limit: 230\n", encoding="utf-8")
    result = run("preflight", "tiles.pdf")
    assert result.exit_code == 1 and "ink" in result.stdout


@pytest.mark.parametrize("content, message", [
    (None, "no such file"),
    (b"hello, I am not a PDF\n", "give a PDF file"),
    (b"%PDF-1.4\n1 0 obj\n<<", "give a PDF file"),
])
def test_preflight_refuses_what_is_not_a_pdf_in_one_line(run, tmp_path, content, message):
    if content is not None:
        (tmp_path / "x.pdf").write_bytes(content)
    result = run("preflight", "x.pdf")
    assert result.exit_code in (1, 2)
    assert message in result.stderr and "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_settings_file_from_init_leaves_a_shop_its_sra3_and_its_marks(run, tmp_path, few):
    assert run("init").exit_code == 0
    result = run("deck", "--profile", "shop", "--blanks", "0", "--words", few)
    assert result.exit_code == 0, result.output
    assert "25 cards per 320 x 450 mm sheet" in result.stdout
    (tmp_path / "cngen.yaml").write_text("paper: a3\nmarks: false\n", encoding="utf-8")
    result = run("deck", "--profile", "shop", "--blanks", "0", "--words", few, "-o", "a3.pdf")
    assert "297 x 420 mm sheet" in result.stdout
    import pdfplumber

    with pdfplumber.open(tmp_path / "a3.pdf") as document:
        assert not [line for line in document.pages[0].lines if line["linewidth"] == pytest.approx(0.25)]
