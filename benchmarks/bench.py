"""How fast is cngen, how much memory does it take, and against what? Run after set-up:

    .venv/bin/python benchmarks/bench.py

Prints one table. Each case is timed in one process (the library, median of several runs)
and as a whole `cngen` command (median of three, from interpreter start to exit), with the
peak memory of that command, the output's size and its pages. Decks also get a floor,
measured in the same run: a bare ReportLab script that draws the same cards (background,
band, label, emblem ring, the word twice, cut marks, mirrored backs) on the same A4 sheets
with the same font and words, and nothing else; cngen's time is printed as a ratio to it,
and as time per card, which should stay flat as lists grow.
"""

from __future__ import annotations

import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from generator.deck import DeckOptions, build_deck
from generator.keydeck import KeyOptions, build_keys
from generator.kit import KitOptions, build_kit
from generator.resources import deck_path, font_path
from generator.rulesheet import RulesOptions, build_rules
from generator.tokendeck import TokenOptions, build_tokens
from generator.words import read_word_file

MM = 72 / 25.4
CLI = Path(sys.executable).with_name("cngen")  # the console script beside this interpreter


@dataclass(frozen=True)
class Case:
    label: str
    build: Callable[[], tuple[int, int]]  # in-process: returns (bytes written, pages)
    command: list[str]  # the same job as a whole cngen process
    words: list[str] | None = None  # decks: the floor draws these


def median_seconds(action: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


# Linux keeps a process's peak memory across exec, so a child forked from this (by now large)
# process would report our peak, not its own. A small fresh Python starts cngen instead.
LAUNCHER = """
import os, subprocess, sys, time
start = time.perf_counter()
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(process.pid, 0)
print(time.perf_counter() - start, usage.ru_maxrss, os.waitstatus_to_exitcode(status))
"""


def run_process(command: list[str]) -> tuple[float, int]:
    """Wall time and peak memory (KB) of one whole cngen process."""
    launched = subprocess.run([sys.executable, "-c", LAUNCHER, str(CLI), *command],
                              capture_output=True, text=True, check=True)
    elapsed, peak, code = launched.stdout.split()
    if code != "0":
        raise SystemExit(f"cngen {' '.join(command)} failed: {launched.stderr}")
    return float(elapsed), int(peak)


def cases(folder: Path) -> list[Case]:
    standard = read_word_file(deck_path("standard")).words
    lists = {}
    for count in (4_000, 20_000):
        path = folder / f"{count}.txt"
        words = [f"{word} {i}" for i in range(count // len(standard) + 1) for word in standard][:count]
        path.write_text("\n".join(words), encoding="utf-8")
        lists[count] = (path, words)

    def deck(words_file: Path | None) -> Callable[[], tuple[int, int]]:
        def build() -> tuple[int, int]:
            result = build_deck(DeckOptions(words=words_file, blanks=0))
            return len(result.pdf), result.pages
        return build

    def keys(count: int) -> Callable[[], tuple[int, int]]:
        def build() -> tuple[int, int]:
            result = build_keys(KeyOptions(seed=1234, count=count))
            return len(result.imposed.pdf) + len(result.manifest), result.imposed.pages
        return build

    def tokens() -> tuple[int, int]:
        result = build_tokens(TokenOptions())
        return len(result.imposed.pdf), result.imposed.pages

    def rules() -> tuple[int, int]:
        result = build_rules(RulesOptions())
        return len(result.pdf), result.pages

    def kit() -> tuple[int, int]:
        options = KitOptions(deck=DeckOptions(), keys=KeyOptions(seed=1234), tokens=TokenOptions(), rules=RulesOptions())
        parts = build_kit(options).parts
        return sum(len(part.data) for part in parts), sum(part.pages or 0 for part in parts)

    out = str(folder / "out.pdf")
    return [
        Case(f"deck, {len(standard)} words (default)", deck(None), ["deck", "--blanks", "0", "-o", out], standard),
        *[Case(f"deck, {count:,} words", deck(path), ["deck", "--blanks", "0", "--words", str(path), "-o", out], words)
          for count, (path, words) in lists.items()],
        *[Case(f"keys, {count} cards", keys(count), ["keys", "--count", str(count), "--seed", "1234", "-o", out])
          for count in (40, 200, 500)],
        Case("tokens, 1 set", tokens, ["tokens", "-o", out]),
        Case("rules", rules, ["rules", "-o", out]),
        Case("kit, defaults", kit, ["kit", "--keys-seed", "1234", "--out-dir", str(folder / "kit")]),
    ]


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


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="cngen-bench-"))
    header = (f"{'case':<28} {'in-process':>10} {'process':>8} {'peak MB':>8} {'size KB':>8} {'pages':>6}"
              f" {'floor':>7} {'ratio':>6} {'per card':>9}")
    print(header)
    print("-" * len(header))
    for case in cases(folder):
        size, pages = case.build()  # warm up, and measure the output
        runs = 3 if pages > 200 else 7
        in_process = median_seconds(case.build, runs)
        processes = [run_process(case.command) for _ in range(3)]
        process = statistics.median(seconds for seconds, _ in processes)
        peak = max(memory for _, memory in processes) / 1024
        row = f"{case.label:<28} {in_process:>9.3f}s {process:>7.2f}s {peak:>8.0f} {size / 1024:>8.0f} {pages:>6}"
        if case.words is not None:
            bare = median_seconds(lambda: floor(case.words, folder / "floor.pdf"), runs)
            per_card = in_process / (len(case.words) / 2) * 1e6
            row += f" {bare:>6.3f}s {in_process / bare:>5.2f}x {per_card:>7.0f}us"
        print(row)
    shutil.rmtree(folder)
    print(f"\nmedians of 7 runs in-process (3 above 200 pages) and of 3 whole processes; "
          f"python {sys.version.split()[0]}, {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
