"""The kit, the settings file, gutter-fold, back offsets and previews, through the CLI."""

from __future__ import annotations

import pdfplumber
import pypdf
import pytest
from pdfcheck import assert_same_pdf, card_rects, describe_pdf, placed_texts, theme_for
from pdfiumpage import paint, read_pages
from PIL import Image

from generator.draw.theme import Ink
from generator.units import MM

SHORT_LIST = "bank\npitch\nmercury\nice cream\nfox\n"

KIT_FILES = [".cngen-kit.json", "deck.pdf", "keys.json", "keys.pdf", "rules.pdf", "tokens.pdf"]


def pages(path) -> int:
    return len(pypdf.PdfReader(path).pages)


def test_the_kit_writes_every_file_and_a_table(run, tmp_path):
    result = run("kit", "--keys-seed", "9")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == KIT_FILES
    assert result.stdout.splitlines() == [
        "Wrote the kit to output/",
        "  file        pages  sheets  how to print",
        "  deck.pdf       28      14  both sides, flip on long edge, 100% scale",
        "  keys.pdf       10       5  both sides, flip on long edge, 100% scale",
        "  keys.json       -       -  not printed: every key, cell by cell (seed 9)",
        "  tokens.pdf      4       2  both sides, flip on long edge, 100% scale",
        "  rules.pdf       2       -  one or both sides, 100% scale",
        "  rules.pdf describes 217 word cards (434 codenames from the bundled deck ‘standard’), 5 blank cards, "
        "40 double-sided key cards, 1 set of tiles, printed both sides, flipped on the long edge.",
        "  The same kit again: cngen kit --keys-seed 9",
    ]
    assert "making the key cards..." in result.stderr


def test_a_kit_with_every_option_changed_comes_out_the_same_twice(run, tmp_path):
    (tmp_path / "my.txt").write_text("bank\npitch\nmercury\nice cream\nδέλτα\nдом\nœuvre\nfox\nsage\ngem\nguard\n",
                                     encoding="utf-8")
    options = ["--keys-count", "20", "--blanks", "9", "--token-sets", "2", "--single-sided", "--words", "my.txt",
               "--sides", "fold", "--seed", "5", "--deck-seed", "3", "--combined"]
    first, second = run("kit", *options, "--out-dir", "first"), run("kit", *options, "--out-dir", "second")
    assert first.exit_code == second.exit_code == 0, first.output
    assert first.stdout.replace("first/", "second/").replace("--out-dir first", "--out-dir second") == second.stdout
    a, b = tmp_path / "first", tmp_path / "second"
    names = sorted(path.name for path in a.iterdir())
    assert names == sorted(path.name for path in b.iterdir()) == sorted([*KIT_FILES, "kit.pdf"])
    for name in names:
        if name.endswith(".pdf"):  # a difference fails on the pages as read, saying what moved
            assert_same_pdf(a / name, b / name, name)
        else:
            assert (a / name).read_text(encoding="utf-8") == (b / name).read_text(encoding="utf-8"), name
            assert (a / name).read_bytes() == (b / name).read_bytes(), name
    # What such a failure would show: the pages as read, here the folded deck's words.
    described = describe_pdf(a / "deck.pdf")
    assert described[1].startswith("page 1: 595.28 x 841.89 pt")
    assert {"'BANK'", "'ΔΈΛΤΑ'", "'ДОМ'", "'ŒUVRE'"} <= {line.split()[-1] for line in described if "text" in line}


def test_combined_and_previews(run, tmp_path):
    (tmp_path / "w.txt").write_text(SHORT_LIST, encoding="utf-8")
    result = run("kit", "--out-dir", "print", "--combined", "--preview", "--keys-seed", "1", "--words", "w.txt",
                 "--keys-count", "9")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "print"
    parts = [pages(folder / f"{name}.pdf") for name in ("deck", "keys", "tokens", "rules")]
    assert parts == [2, 4, 4, 2]  # 3 word cards and 5 blanks; 9 key cards, 8 a sheet
    assert pages(folder / "kit.pdf") == sum(parts)
    for name in ("deck", "keys", "tokens", "rules"):
        image = Image.open(folder / f"{name}.png")
        assert image.format == "PNG" and image.size in ((1240, 1754), (1241, 1754))  # A4 at 150 dpi, rounded up
        assert image.info["dpi"] == pytest.approx((150, 150), abs=0.05)  # PNG keeps pixels a metre
    combined = pypdf.PdfReader(folder / "kit.pdf")
    assert "How to play" in combined.pages[-2].extract_text()


def test_a_failed_kit_leaves_the_earlier_kit_intact(run, tmp_path):
    (tmp_path / "w.txt").write_text(SHORT_LIST, encoding="utf-8")
    assert run("kit", "--keys-seed", "2", "--words", "w.txt", "--keys-count", "2").exit_code == 0
    before = {p.name: p.read_bytes() for p in (tmp_path / "output").iterdir()}
    (tmp_path / "dupes.txt").write_text("a\na\n")
    result = run("kit", "--keys-seed", "3", "--words", "dupes.txt")
    assert result.exit_code == 1
    assert {p.name: p.read_bytes() for p in (tmp_path / "output").iterdir()} == before


def test_the_settings_file_sets_defaults_and_the_command_line_wins(run, tmp_path):
    (tmp_path / "cngen.yaml").write_text("paper: letter\ndeck:\n  blanks: 2\n", encoding="utf-8")
    result = run("deck")
    assert result.exit_code == 0
    assert "5 blank" not in result.output and ", 2 blank" in result.output
    assert "per 215.9 x 279.4 mm sheet" in result.output
    result = run("deck", "--blanks", "7", "--paper", "a4")
    assert ", 7 blank" in result.output and "per 210 x 297 mm sheet" in result.output


def test_a_bad_settings_file_names_its_line_and_suggests_a_key(run, tmp_path):
    (tmp_path / "cngen.yaml").write_text("paper: a4\ndeck:\n  blank: 2\n", encoding="utf-8")
    result = run("deck")
    assert result.exit_code == 1
    assert result.stderr == "Error: cngen.yaml:3: deck: unknown key 'blank': did you mean 'blanks'?\n"
    assert not (tmp_path / "output").exists()


def test_config_option_points_at_another_file(run, tmp_path):
    (tmp_path / "other.yaml").write_text("keys:\n  count: 3\n", encoding="utf-8")
    result = run("--config", "other.yaml", "keys", "--seed", "1")
    assert "3 key cards, 6 keys" in result.output
    assert run("--config", "missing.yaml", "keys").exit_code == 1


def test_init_writes_a_settings_file_once(run, tmp_path):
    assert run("init").exit_code == 0
    text = (tmp_path / "cngen.yaml").read_text()
    assert "paper: a4" in text and "back_offset:" in text
    second = run("init")
    assert second.exit_code == 2 and "already exists" in second.output
    assert run("init", "--force").exit_code == 0
    for command in (["deck"], ["keys", "--count", "2"], ["tokens"], ["rules"], ["calibrate"],
                    ["kit", "--keys-count", "2"]):
        assert run(*command).exit_code == 0, command  # the written defaults suit every command


def test_theme_colours_from_the_settings_file_reach_the_cards(run, tmp_path):
    (tmp_path / "cngen.yaml").write_text('theme:\n  card: "#336699"\n', encoding="utf-8")
    (tmp_path / "w.txt").write_text(SHORT_LIST, encoding="utf-8")
    assert run("deck", "--blanks", "0", "--words", "w.txt").exit_code == 0
    (page,) = read_pages((tmp_path / "output" / "deck.pdf").read_bytes(), [0], chars=False)
    assert len(card_rects(page, paint(Ink.from_hex("#336699").rgb))) == 3
    assert not card_rects(page, paint(theme_for().card))


def test_gutter_fold_puts_each_back_beside_its_front(run, tmp_path):
    (tmp_path / "w.txt").write_text("bank\npitch\nmercury\nice cream\n", encoding="utf-8")
    result = run("deck", "--words", "w.txt", "--blanks", "0", "--sides", "fold", "-o", "fold.pdf")
    assert result.exit_code == 0
    assert "one side only" in result.output and "1 sheet, 1 page" in result.output
    reader = pypdf.PdfReader(tmp_path / "fold.pdf")
    assert "/Duplex" not in reader.trailer["/Root"]["/ViewerPreferences"]
    (page,) = read_pages((tmp_path / "fold.pdf").read_bytes())
    cards = card_rects(page, paint(theme_for().card))
    where = {t.text: t.card for t in placed_texts(page, cards) if t.direction == 90}
    middle = page.width / 2
    for front, back in (("BANK", "PITCH"), ("MERCURY", "ICE CREAM")):
        assert where[front].x1 < middle < where[back].x0
        assert where[back].x0 - middle == pytest.approx(middle - where[front].x1, abs=0.01)
    # The fold line: one line down the page's middle, from margin to margin (where the printer
    # prints), drawn dashed.
    (fold,) = [line for line in page.lines
               if line["x0"] == pytest.approx(middle, abs=0.01) and line["x1"] == pytest.approx(middle, abs=0.01)]
    assert (fold["top"], fold["bottom"]) == pytest.approx((5 * MM, page.height - 5 * MM), abs=0.01)
    dash = fold.get("dash")  # (pattern, phase), or None for a solid line
    assert dash is not None and len(dash[0]) > 0 and all(length > 0 for length in dash[0]), dash


def test_a_back_offset_moves_only_the_backs(run, tmp_path):
    (tmp_path / "w.txt").write_text("bank\npitch\n", encoding="utf-8")
    run("deck", "--words", "w.txt", "--blanks", "0", "-o", "plain.pdf")
    run("deck", "--words", "w.txt", "--blanks", "0", "--back-offset", "1.5,-0.5", "-o", "moved.pdf")

    def card_positions(path):
        return [card_rects(page, paint(theme_for().card))[0] for page in read_pages(path.read_bytes(), chars=False)]

    (front, back), (moved_front, moved_back) = card_positions(tmp_path / "plain.pdf"), card_positions(tmp_path / "moved.pdf")
    assert moved_front == front
    # PDFium reads coordinates as 32-bit floats: a thousandth of a point is their precision here.
    assert (moved_back.x0 - back.x0, moved_back.y0 - back.y0) == pytest.approx((1.5 * MM, -0.5 * MM), abs=1e-3)


@pytest.mark.parametrize("offset", ["1.5", "a,b", "30,0"])
def test_a_bad_back_offset_is_a_usage_error(run, offset):
    result = run("deck", "--back-offset", offset)
    assert result.exit_code == 2 and "--back-offset" in result.output


def test_every_component_accepts_a_preview(run, tmp_path):
    (tmp_path / "w.txt").write_text(SHORT_LIST, encoding="utf-8")
    small = {"deck": ["--words", "w.txt"], "keys": ["--count", "2"], "tokens": [], "rules": []}
    for command in ("deck", "keys", "tokens", "rules"):
        assert run(command, *small[command], "--preview", "-o", f"{command}.pdf").exit_code == 0
        assert Image.open(tmp_path / f"{command}.png").format == "PNG"


def test_calibrate_writes_a_two_page_duplex_test_sheet(run, tmp_path):
    result = run("calibrate", "--sides", "short-edge")
    assert result.exit_code == 0
    assert result.output.splitlines()[:2] == [
        "Wrote output/calibration.pdf",
        "  To print: both sides, flip on short edge, 100% scale, on the paper you print cards on.",
    ]
    reader = pypdf.PdfReader(tmp_path / "output" / "calibration.pdf")
    assert len(reader.pages) == 2
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"


def test_calibrate_refuses_fold_and_tiny_paper(run, tmp_path):
    assert run("calibrate", "--sides", "fold").exit_code == 2
    result = run("calibrate", "--paper", "90x120mm")
    assert result.exit_code == 2 and "no room for the calibration targets" in result.output
    assert not (tmp_path / "output").exists()


def test_calibrate_follows_the_theme_red_of_the_settings_file(run, tmp_path):
    (tmp_path / "cngen.yaml").write_text('theme:\n  red: "#336699"\n', encoding="utf-8")
    assert run("calibrate").exit_code == 0
    with pdfplumber.open(tmp_path / "output" / "calibration.pdf") as document:
        colours = {tuple(line["stroking_color"]) for line in document.pages[1].lines}
    assert tuple(Ink.from_hex("#336699").cmyk) in {tuple(round(v, 4) for v in colour) for colour in colours}


def test_a_component_written_over_a_kits_file_says_the_kit_no_longer_agrees(run, tmp_path):
    assert run("kit", "--keys-count", "2", "--seed", "3").exit_code == 0
    deck = run("deck", "--blanks", "2")
    assert deck.exit_code == 0, deck.output
    said = " ".join(deck.output.split())
    assert ("Note: deck.pdf was part of the kit in output/ (.cngen-kit.json says so), whose other files no longer "
            "match (its rules sheet describes the kit's own cards): run cngen kit --out-dir output again") in said
    assert "part of the kit" not in run("deck", "--blanks", "2").output, "said once: the file is no longer the kit's"
    keys = run("keys", "--count", "2", "-o", "elsewhere/keys.pdf")
    assert keys.exit_code == 0 and "part of the kit" not in keys.output
    assert "keys.pdf and keys.json were part of the kit" in " ".join(run("keys", "--count", "2").output.split())


@pytest.mark.parametrize("args, said", [
    (("--profile", "shop"), "In all, for the cards (deck.pdf 1, keys.pdf 1, tokens.pdf 1): at a copy shop, order 3 "
                            "sheets of SRA3 (320 x 450 mm) card stock printed on both sides"),
    (("--profile", "pod"), "To upload: deck.pdf, keys.pdf, tokens.pdf from out/, one card face a page"),
    (("--profile", "pod", "--service", "tgc"), "To upload: out/deck-tgc/ (40 images), out/keys-tgc/ (4 images), "
                                               "out/tokens-tgc/ (50 images)"),
])
def test_a_press_kit_says_what_to_order_or_upload_in_all(run, tmp_path, args, said):
    (tmp_path / "words.txt").write_text("\n".join(f"word{n}" for n in range(40)) + "\n", encoding="utf-8")
    result = run("kit", *args, "--words", "words.txt", "--blanks", "0", "--keys-count", "2", "-o", "out")
    assert result.exit_code == 0, result.output
    assert said in " ".join(result.stdout.split())
