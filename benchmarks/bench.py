"""How fast is cngen, how much memory does it take, and against what? Run after set-up:

    .venv/bin/python benchmarks/bench.py

Prints two tables. In the first, each case is timed in one process (the library, median of
several runs) and as a whole `cngen` command (median of three, from interpreter start to exit),
with the peak memory of that command, the output's size and its pages. Decks also get a floor,
measured in the same run: a bare ReportLab script that draws the same cards (background,
band, label, emblem ring, the word twice, cut marks, mirrored backs) on the same A4 sheets
with the same font and words, and nothing else; cngen's time is printed as a ratio to it,
and as time per card, which should stay flat as lists grow.

The second table holds the start-up figures, each a whole process against a whole process on
the same interpreter, run in turns (A B A B ...) so that drift hits both alike: `cngen --help`
against `python -c "import click"`, `cngen deck` on the default deck against the floor run
on its own (this script's hidden `--floor WORDS FONT OUTPUT` mode: one floor, drawn in process
or as a process), and the shop deck on SRA3 (PDF/X-1a, preflighted) against the home deck.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Callable, NamedTuple

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

# The floor's own process (--floor) must load ReportLab and nothing more than any script
# loads: cngen, the statistics and the process tools are imported where they are used.

MM = 72 / 25.4
CLI = Path(sys.executable).with_name("cngen")  # the console script beside this interpreter
HERE = Path(__file__).resolve().parent
HELP_RUNS = 15  # each of cngen --help and import click
DECK_PAIRS = 15  # cngen deck and the floor, each


class Case(NamedTuple):
    label: str
    build: Callable[[], tuple[int, int]]  # in-process: returns (bytes written, pages)
    command: list[str]  # the same job as a whole cngen process
    words: list[str] | None = None  # decks: the floor draws these


def median_seconds(action: Callable[[], object], runs: int) -> float:
    import statistics
    import time

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
    return run_program([str(CLI), *command])


def run_program(argv: list[str], folder: Path | None = None) -> tuple[float, int]:
    """Wall time and peak memory (KB) of one whole process, started in that folder."""
    import subprocess

    launched = subprocess.run([sys.executable, "-c", LAUNCHER, *argv], capture_output=True, text=True, cwd=folder)
    if launched.returncode != 0 or launched.stdout.split()[-1:] != ["0"]:
        raise SystemExit(f"{' '.join(argv)} failed: {launched.stderr}")
    elapsed, peak, _ = launched.stdout.split()
    return float(elapsed), int(peak)


def floor_program(words_file: Path, output: Path) -> list[str]:
    """The floor as a process of its own, to start in this script's folder. Run as a module
    (-m), not as a script, so that this file's compiled code is cached like cngen's and the
    floor pays for no compiling."""
    from generator.inputs.bundled import font_path

    return [sys.executable, "-m", Path(__file__).stem, "--floor", str(words_file), str(font_path()), str(output)]


def default_words() -> list[str]:
    from generator.jobs.sources import load_words

    return list(load_words(None, "standard", dedupe=False).words)


def cases(folder: Path) -> list[Case]:
    from generator.jobs.deck import build_deck
    from generator.jobs.keys import build_keys
    from generator.jobs.kit import build_kit
    from generator.jobs.rules import build_rules
    from generator.jobs.tokens import build_tokens
    from generator.model.duet import DEFAULT_DUET_CARDS
    from generator.settings.options import (DeckOptions, KeyOptions, KitOptions, RulesOptions, SheetOptions,
                                            TokenOptions)
    from generator.units import PAPERS

    standard = default_words()
    lists = {}
    for count in (4_000, 20_000):
        path = folder / f"{count}.txt"
        words = [f"{word} {i}" for i in range(count // len(standard) + 1) for word in standard][:count]
        path.write_text("\n".join(words), encoding="utf-8")
        lists[count] = (path, words)

    shop = SheetOptions(profile="shop", paper=PAPERS["sra3"], marks=True)

    def deck(words_file: Path | None, sheet: SheetOptions = SheetOptions()) -> Callable[[], tuple[int, int]]:
        def build() -> tuple[int, int]:
            result = build_deck(DeckOptions(words=words_file, blanks=0, sheet=sheet))
            return len(result.pdf) + sum(len(image) for _, image in result.images), result.pages
        return build

    def keys(count: int, duet: bool = False) -> Callable[[], tuple[int, int]]:
        def build() -> tuple[int, int]:
            result = build_keys(KeyOptions(seed=1234, count=count, duet=duet))
            return len(result.pdf) + len(result.manifest), result.pages
        return build

    def tokens() -> tuple[int, int]:
        result = build_tokens(TokenOptions())
        return len(result.pdf), result.pages

    def rules() -> tuple[int, int]:
        result = build_rules(RulesOptions())
        return len(result.pdf), result.pages

    def kit(sheet: SheetOptions = SheetOptions(), duet: bool = False) -> Callable[[], tuple[int, int]]:
        def build() -> tuple[int, int]:
            count = DEFAULT_DUET_CARDS if duet else KeyOptions.count
            options = KitOptions(deck=DeckOptions(sheet=sheet),
                                 keys=KeyOptions(seed=1234, count=count, duet=duet, sheet=sheet),
                                 tokens=TokenOptions(duet=duet, sheet=sheet),
                                 rules=RulesOptions(profile=sheet.profile, duet=duet))
            parts = build_kit(options).parts
            return sum(len(part.data) for part in parts), sum(part.pages or 0 for part in parts)
        return build

    out = str(folder / "out.pdf")
    return [
        Case(f"deck, {len(standard)} words (default)", deck(None), ["deck", "--blanks", "0", "-o", out], standard),
        *[Case(f"deck, {count:,} words", deck(path), ["deck", "--blanks", "0", "--words", str(path), "-o", out], words)
          for count, (path, words) in lists.items()],
        *[Case(f"keys, {count} cards", keys(count), ["keys", "--count", str(count), "--seed", "1234", "-o", out])
          for count in (40, 200, 500)],
        *[Case(f"Duet keys, {count} cards", keys(count, duet=True),
               ["keys", "--duet", "--count", str(count), "--seed", "1234", "-o", out])
          for count in (20, 100, 1000)],
        Case("tokens, 1 set", tokens, ["tokens", "-o", out]),
        Case("rules", rules, ["rules", "-o", out]),
        Case("kit, defaults", kit(), ["kit", "--keys-seed", "1234", "--out-dir", str(folder / "kit")]),
        Case("kit, Duet", kit(duet=True), ["kit", "--duet", "--keys-seed", "1234", "--out-dir", str(folder / "duet-kit")]),
        Case("deck, shop SRA3", deck(None, shop), ["deck", "--blanks", "0", "--profile", "shop", "-o", out]),
        Case("deck, pod", deck(None, SheetOptions(profile="pod")),
             ["deck", "--blanks", "0", "--profile", "pod", "-o", out]),
        Case("deck, pod dtc", deck(None, SheetOptions(profile="pod", service="dtc")),
             ["deck", "--blanks", "0", "--profile", "pod", "--service", "dtc", "-o", out]),
        Case("deck, pod tgc (PNGs)", deck(None, SheetOptions(profile="pod", service="tgc")),
             ["deck", "--blanks", "0", "--profile", "pod", "--service", "tgc", "-o", out]),
        Case("kit, shop SRA3", kit(shop), ["kit", "--keys-seed", "1234", "--profile", "shop",
                                           "--out-dir", str(folder / "shop-kit")]),
    ]


def floor(words: list[str], output: Path, font: Path) -> None:
    """The same cards drawn by hand: fixed A4 grid of 4 x 4 turned cards, no checks, no fitting."""
    pdfmetrics.registerFont(TTFont("FloorFont", font))
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
    import os
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="cngen-bench-"))
    # Whole processes run with their compiled code cached, as an installed cngen's is, even
    # where the environment turns caching off; the cache goes in our folder, not the tree.
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    try:
        run_process(["kit", "--keys-seed", "1234", "--out-dir", str(folder / "warm-up")])  # fills the cache
        cases_table(folder)
        start_up(folder)
    finally:
        shutil.rmtree(folder)


def cases_table(folder: Path) -> None:
    """The first table: every case in process and as a whole process, decks against the floor."""
    import os
    import statistics

    from generator.inputs.bundled import font_path

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
            bare = median_seconds(lambda: floor(case.words, folder / "floor.pdf", font_path()), runs)
            per_card = in_process / (len(case.words) / 2) * 1e6
            row += f" {bare:>6.3f}s {in_process / bare:>5.2f}x {per_card:>7.0f}us"
        print(row)
    print(f"\nmedians of 7 runs in-process (3 above 200 pages) and of 3 whole processes (compiled code "
          f"cached); python {sys.version.split()[0]}, {os.cpu_count()} cores\n")


def start_up(folder: Path) -> None:
    """The second table: whole processes against whole processes, run in turns."""
    import statistics

    words = default_words()
    words_file = folder / "default.txt"
    words_file.write_text("\n".join(words) + "\n", encoding="utf-8")
    deck = ["deck", "--blanks", "0", "-o", str(folder / "deck.pdf")]
    bare = floor_program(words_file, folder / "floor.pdf")
    click = [sys.executable, "-c", "import click"]

    def paired(first: list[str], second: list[str], runs: int) -> tuple[float, float]:
        run_program(first, HERE), run_program(second, HERE)  # warm up: caches, compiled code
        times = [(run_program(first, HERE)[0], run_program(second, HERE)[0]) for _ in range(runs)]
        return statistics.median(a for a, _ in times), statistics.median(b for _, b in times)

    help_time, click_time = paired([str(CLI), "--help"], click, HELP_RUNS)
    deck_time, floor_time = paired([str(CLI), *deck], bare, DECK_PAIRS)
    shop_time, home_time = paired([str(CLI), *deck, "--profile", "shop"], [str(CLI), *deck], DECK_PAIRS)
    header = f"{'whole process':<28} {'median':>7}   {'against':<16} {'median':>7} {'ratio':>6}   limit"
    print(header)
    print("-" * (len(header) + 11))
    print(f"{'cngen --help':<28} {help_time:>6.3f}s   {'import click':<16} {click_time:>6.3f}s"
          f" {help_time / click_time:>5.2f}x   3x")
    print(f"{f'cngen deck ({len(words)} words)':<28} {deck_time:>6.3f}s   {'bare ReportLab':<16} {floor_time:>6.3f}s"
          f" {deck_time / floor_time:>5.2f}x   1.5x (goal 1.2x)")
    print(f"{'cngen deck --profile shop':<28} {shop_time:>6.3f}s   {'cngen deck (home)':<16} {home_time:>6.3f}s"
          f" {shop_time / home_time:>5.2f}x   1.5x")
    print(f"\nmedians of {HELP_RUNS} runs of each (--help) and {DECK_PAIRS} of each (decks), taken in turns;"
          f" cngen deck --blanks 0 (the floor draws no blanks) against this script's --floor as its own process")


def floor_main(arguments: list[str]) -> None:
    """The hidden mode: the floor alone, as a whole process. WORDS is one word a line."""
    words_file, font, output = map(Path, arguments)
    floor(words_file.read_text(encoding="utf-8").splitlines(), output, font)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--floor"]:
        floor_main(sys.argv[2:])
    else:
        main()
