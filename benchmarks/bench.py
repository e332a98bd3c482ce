"""How fast is cngen, and against what? Run after set-up:

    .venv/bin/python benchmarks/bench.py

Prints two tables. Decks: the default deck (and a 4,000-word list) built by cngen in-process
and as a whole `cngen` process, next to a floor: a bare ReportLab script that draws the same
cards (background, band, label, emblem ring, the word twice, cut marks, mirrored backs) on
the same A4 sheets with the same font and words, and no other logic. Keys: 40, 200 and 500
double-sided cards, dealing and drawing timed apart.
"""

from __future__ import annotations

import io
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from generator.deck import DeckOptions, build_deck
from generator.keydeck import KeyOptions, build_keys
from generator.keys import deal_deck
from generator.pdf import write_files
from generator.resources import deck_path, font_path
from generator.words import read_word_file

MM = 72 / 25.4
RUNS = 7


def median_seconds(action, runs: int = RUNS) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def cngen_in_process(words_file: Path | None, output: Path) -> None:
    result = build_deck(DeckOptions(words=words_file, blanks=0))
    write_files({output: result.pdf})


def cngen_process(words_file: Path | None, output: Path) -> None:
    # The console script installed beside this interpreter, as a user runs it.
    script = Path(sys.executable).with_name("cngen")
    command = [str(script), "deck", "--blanks", "0", "-o", str(output)]
    if words_file:
        command += ["--words", str(words_file)]
    subprocess.run(command, check=True, capture_output=True)


def floor(words: list[str], output: Path) -> None:
    """The same cards drawn by hand: fixed A4 grid of 4 x 4 turned cards, no checks, no fitting."""
    pdfmetrics.registerFont(TTFont("FloorFont", font_path()))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(210 * MM, 297 * MM), invariant=1, initialFontName="FloorFont")
    slots = [(15 * MM + c * 45 * MM, 8.5 * MM + r * 70 * MM) for r in range(3, -1, -1) for c in range(4)]
    backs = [(210 * MM - x - 45 * MM, y) for x, y in slots]
    pairs = list(zip(words[0::2], words[1::2]))
    for start in range(0, len(pairs), 16):
        sheet = pairs[start : start + 16]
        for positions, side in ((slots, 0), (backs, 1)):
            for (x, y), pair in zip(positions, sheet):
                _floor_card(canvas, x, y, pair[side])
            canvas.setStrokeColorCMYK(0, 0, 0, 1)
            canvas.setLineWidth(0.25)
            for i in range(5):
                canvas.line(15 * MM + i * 45 * MM, 0, 15 * MM + i * 45 * MM, 7 * MM)
                canvas.line(15 * MM + i * 45 * MM, 290 * MM, 15 * MM + i * 45 * MM, 297 * MM)
                canvas.line(0, 8.5 * MM + i * 70 * MM, 13.5 * MM, 8.5 * MM + i * 70 * MM)
                canvas.line(196.5 * MM, 8.5 * MM + i * 70 * MM, 210 * MM, 8.5 * MM + i * 70 * MM)
            canvas.showPage()
    canvas.save()
    output.write_bytes(buffer.getvalue())


def _floor_card(canvas: Canvas, x: float, y: float, word: str) -> None:
    canvas.saveState()
    canvas.transform(0, 1, -1, 0, x + 45 * MM, y)
    canvas.setFillColorCMYK(0, 0.05, 0.16, 0.03)
    canvas.rect(0, 0, 70 * MM, 45 * MM, stroke=0, fill=1)
    canvas.setFillColorCMYK(0, 0.12, 0.34, 0.2)
    canvas.roundRect(4 * MM, 30 * MM, 62 * MM, 11 * MM, 1.8 * MM, stroke=0, fill=1)
    canvas.setFillColorCMYK(0, 0, 0, 0)
    canvas.setStrokeColorCMYK(0, 0.2, 0.45, 0.45)
    canvas.roundRect(4 * MM, 4 * MM, 62 * MM, 17 * MM, 1.8 * MM, stroke=1, fill=1)
    canvas.circle(35 * MM, 25.5 * MM, 2.8 * MM, stroke=1, fill=0)
    canvas.setFillColorCMYK(0, 0, 0, 1)
    canvas.setFont("FloorFont", 20)
    canvas.drawCentredString(35 * MM, 10 * MM, word)
    canvas.translate(35 * MM, 35.5 * MM)
    canvas.rotate(180)
    canvas.setFont("FloorFont", 12)
    canvas.drawCentredString(0, -1.5 * MM, word)
    canvas.restoreState()


def keys_table(folder: Path) -> None:
    print(f"\n{'keys':<28} {'dealing':>9} {'whole job':>10} {'cngen process':>14} {'pages':>6} {'size':>8}")
    for count in (40, 200, 500):
        runs = 5 if count < 500 else 3
        dealing = median_seconds(lambda: deal_deck(count, 1234), runs)
        whole = median_seconds(lambda: build_keys(KeyOptions(seed=1234, count=count)), runs)
        script = Path(sys.executable).with_name("cngen")
        command = [str(script), "keys", "--count", str(count), "--seed", "1234", "-o", str(folder / "keys.pdf")]
        process = median_seconds(lambda: subprocess.run(command, check=True, capture_output=True), 3)
        result = build_keys(KeyOptions(seed=1234, count=count))
        size = len(result.imposed.pdf) / 1024
        label = f"{count} cards, {2 * count} keys"
        print(f"{label:<28} {dealing:>8.3f}s {whole:>9.3f}s {process:>13.3f}s {result.imposed.pages:>6} {size:>6.0f}KB")


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="cngen-bench-"))
    standard = read_word_file(deck_path("standard")).words
    big = folder / "4000.txt"
    big.write_text("\n".join(f"{w} {i}" for i in range(10) for w in standard[:400]), encoding="utf-8")
    cases = [("deck, 434 words (default)", None, standard), ("deck, 4,000 words", big, None)]
    print(f"{'case':<28} {'cngen in-process':>17} {'cngen process':>14} {'floor':>8} {'ratio':>6} {'per card':>9}")
    for label, words_file, words in cases:
        words = words or read_word_file(words_file).words
        ours = median_seconds(lambda: cngen_in_process(words_file, folder / "ours.pdf"))
        whole = median_seconds(lambda: cngen_process(words_file, folder / "cli.pdf"), runs=3)
        bare = median_seconds(lambda: floor(words, folder / "floor.pdf"))
        per_card = ours / (len(words) / 2) * 1e6
        print(f"{label:<28} {ours:>16.3f}s {whole:>13.3f}s {bare:>7.3f}s {ours / bare:>5.2f}x {per_card:>7.0f}us")
    keys_table(folder)
    shutil.rmtree(folder)
    print(f"\nmedians of up to {RUNS} runs (3 for whole processes); python {sys.version.split()[0]}")


if __name__ == "__main__":
    main()
