"""How fast is cngen, how much memory does it take, and against what? Run after set-up:

    .venv/bin/python benchmarks/bench.py

Prints three tables. In the first, each case is timed in one process (the library, median of
several runs) and as a whole `cngen` command (median of three, from interpreter start to exit),
with the peak memory of that command, the output's size and its pages. Decks also get a floor,
measured in the same run: `benchmarks/floor.py`, a bare ReportLab script that draws the same
cards with the same elements (the shared artwork as one form, each face's word upright and
upside down, cut marks, mirrored backs) on the same A4 sheets with the same font and words,
and nothing else; cngen's time is printed as a ratio to it, and as time per card, which should
stay flat as lists grow.

The second table holds the start-up figures, each a whole process against a whole process on
the same interpreter, run in turns (A B A B ...) so that drift hits both alike: `cngen --help`
against `python -c "import click"`, `cngen deck` against the floor as a process of its own (on
the default deck, which both read from its YAML file, and on a plain list of the same words),
and the shop deck on SRA3 (PDF/X-1a, preflighted) against the home deck.

The third times `cngen keys --count 20` (40 keys, 13 and 11 cells apart) and `--count 40` (the
default 80 keys, 12 and 11), the two counts hardest for their floors, as whole processes for
many seeds: the slowest seed matters as much as the median, since a user's seed is any seed.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, NamedTuple

from floor import draw_deck  # benchmarks/floor.py: the bare script

MM = 72 / 25.4
CLI = Path(sys.executable).with_name("cngen")  # the console script beside this interpreter
HERE = Path(__file__).resolve().parent
HELP_RUNS = 15  # each of cngen --help and import click
DECK_PAIRS = 15  # cngen deck and the floor, each
KEY_SEEDS = 40  # cngen keys --count N, one process a seed
KEY_COUNTS = (20, 40)  # the counts of cards timed seed by seed


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
    """The floor as a process of its own, started in this script's folder."""
    from generator.inputs.bundled import font_path

    return [sys.executable, str(HERE / "floor.py"), str(words_file), str(font_path()), str(output)]


def default_words() -> list[str]:
    from generator.jobs.sources import load_words

    return list(load_words(None, "standard", dedupe=False).words)


def spreadsheets(folder: Path, words: list[str]) -> dict[str, Path]:
    """The bundled deck as a class keeps it: a CSV and an .xlsx of word, second line, category."""
    import csv

    import openpyxl

    rows = [("word", "second", "category"), *((word, word.lower()[::-1], f"topic {i % 7}") for i, word in enumerate(words))]
    with (folder / "class.csv").open("w", encoding="utf-8", newline="") as stream:
        csv.writer(stream).writerows(rows)
    book = openpyxl.Workbook()
    for row in rows:
        book.active.append(list(row))
    book.save(folder / "class.xlsx")
    return {"CSV": folder / "class.csv", "workbook": folder / "class.xlsx"}


def cases(folder: Path) -> list[Case]:
    from generator.games import GAMES
    from generator.jobs.deck import build_deck
    from generator.jobs.keys import build_keys
    from generator.jobs.kit import build_kit
    from generator.jobs.rules import build_rules
    from generator.jobs.tokens import build_tokens
    from generator.settings.options import DeckOptions, KeyOptions, KitOptions, RulesOptions, SheetOptions, TokenOptions
    from generator.units import PAPERS, parse_size

    standard = default_words()
    lists = {}
    for count in (4_000, 20_000):
        path = folder / f"{count}.txt"
        words = [f"{word} {i}" for i in range(count // len(standard) + 1) for word in standard][:count]
        path.write_text("\n".join(words), encoding="utf-8")
        lists[count] = (path, words)

    shop = SheetOptions(profile="shop", paper=PAPERS["sra3"], marks=True)
    sheets = spreadsheets(folder, standard)

    def deck(words_file: Path | None, sheet: SheetOptions = SheetOptions(),
             bundled: str | None = None) -> Callable[[], tuple[int, int]]:
        def build() -> tuple[int, int]:
            result = build_deck(DeckOptions(words=words_file, deck=bundled, blanks=0, sheet=sheet))
            return len(result.pdf) + sum(len(image) for _, image in result.images), result.pages
        return build

    def keys(count: int, game: str = "classic") -> Callable[[], tuple[int, int]]:
        def build() -> tuple[int, int]:
            result = build_keys(GAMES[game], KeyOptions(seed=1234, count=count))
            return len(result.pdf) + len(result.manifest), result.pages
        return build

    def tokens() -> tuple[int, int]:
        result = build_tokens(GAMES["classic"], TokenOptions())
        return len(result.pdf), result.pages

    def rules() -> tuple[int, int]:
        result = build_rules(GAMES["classic"], RulesOptions())
        return len(result.pdf), result.pages

    def pictures(images: Path | None, sheet: SheetOptions = SheetOptions()) -> Callable[[], tuple[int, int]]:
        def build() -> tuple[int, int]:
            options = DeckOptions(images=images, blanks=0, sheet=sheet, card_size=(66 * MM, 66 * MM))
            result = build_deck(options, game=GAMES["pictures"])
            return len(result.pdf), result.pages
        return build

    def kit(sheet: SheetOptions = SheetOptions(), game: str = "classic") -> Callable[[], tuple[int, int]]:
        def build() -> tuple[int, int]:
            chosen = GAMES[game]
            card = chosen.defaults.get("deck.card_size")
            deck = DeckOptions(sheet=sheet, **({"card_size": parse_size(card)} if card else {}))
            tiles = chosen.defaults.get("tokens.card_size")
            options = KitOptions(game=chosen, deck=deck,
                                 keys=KeyOptions(seed=1234, count=chosen.default_key_cards, sheet=sheet),
                                 tokens=TokenOptions(sheet=sheet, **({"card_size": parse_size(tiles)} if tiles else {})),
                                 rules=RulesOptions(profile=sheet.profile))
            parts = build_kit(options).parts
            return sum(len(part.data) for part in parts), sum(part.pages or 0 for part in parts)
        return build

    def export(name: str, game: str = "classic", images: Path | None = None,
               **given: object) -> Callable[[], tuple[int, int]]:
        """An export with its defaults, as its command makes them, and ``given`` in its own options
        (``images``: a folder of pictures for a game played with them)."""
        from generator.exports import EXPORTS
        from generator.jobs.export import build_export
        from generator.settings.declarations import BY_KEY
        from generator.settings.options import ExportOptions, Style
        from generator.settings.resolve import default_value

        own = {option.name: default_value(BY_KEY[f"{name}.{option.name}"]) for option in EXPORTS[name].options}
        own.update(given)

        def build() -> tuple[int, int]:
            chosen = GAMES[game]
            card = chosen.defaults.get("deck.card_size")
            deck = DeckOptions(images=images, **({"card_size": parse_size(card)} if card else {}))
            options = ExportOptions(EXPORTS[name].own(**own), deck, KeyOptions(seed=1234, count=chosen.default_key_cards),
                                    TokenOptions(), SheetOptions(), Style(), 1234)
            files = build_export(EXPORTS[name], chosen, options).files
            return sum(len(data) for data in files.values()), len(files)
        return build

    def net(command: str, sheet: SheetOptions = SheetOptions()) -> Callable[[], tuple[int, int]]:
        """A box for every component, or the key card's stand, with the defaults."""
        from generator.jobs.box import build_box
        from generator.jobs.stand import build_stand
        from generator.settings.options import BoxOptions, StandOptions

        def build() -> tuple[int, int]:
            keys = KeyOptions(seed=1234)
            if command == "box":
                result = build_box(GAMES["classic"], BoxOptions(DeckOptions(), keys, TokenOptions(), holds="kit",
                                                                sheet=sheet))
            else:
                result = build_stand(GAMES["classic"], StandOptions(keys, sheet=sheet))
            return len(result.pdf), result.pages
        return build

    out = str(folder / "out.pdf")
    return [
        Case(f"deck, {len(standard)} words (default)", deck(None), ["deck", "--blanks", "0", "-o", out], standard),
        *[Case(f"deck, {count:,} words", deck(path), ["deck", "--blanks", "0", "--words", str(path), "-o", out], words)
          for count, (path, words) in lists.items()],
        *[Case(f"keys, {count} cards", keys(count), ["keys", "--count", str(count), "--seed", "1234", "-o", out])
          for count in (20, 40, 200, 500)],
        *[Case(f"Duet keys, {count} cards", keys(count, "duet"),
               ["keys", "--duet", "--count", str(count), "--seed", "1234", "-o", out])
          for count in (20, 100, 1000)],
        *[Case(f"deck, {len(standard)} rows of a {kind} with second lines", deck(path),
               ["deck", "--blanks", "0", "--words", str(path), "-o", out], standard)
          for kind, path in sheets.items()],
        Case("deck, 310 picture words (a picture above each)", deck(None, bundled="picture-words"),
             ["deck", "--blanks", "0", "--deck", "picture-words", "-o", out]),
        Case("tokens, 1 set", tokens, ["tokens", "-o", out]),
        Case("rules", rules, ["rules", "-o", out]),
        Case("kit, defaults", kit(), ["kit", "--keys-seed", "1234", "--out-dir", str(folder / "kit")]),
        Case("kit, Duet", kit(game="duet"), ["kit", "--duet", "--keys-seed", "1234", "--out-dir", str(folder / "duet-kit")]),
        Case("deck, shop SRA3", deck(None, shop), ["deck", "--blanks", "0", "--profile", "shop", "-o", out]),
        Case("deck, pod", deck(None, SheetOptions(profile="pod")),
             ["deck", "--blanks", "0", "--profile", "pod", "-o", out]),
        Case("deck, pod dtc", deck(None, SheetOptions(profile="pod", service="dtc")),
             ["deck", "--blanks", "0", "--profile", "pod", "--service", "dtc", "-o", out]),
        Case("deck, pod tgc (PNGs)", deck(None, SheetOptions(profile="pod", service="tgc")),
             ["deck", "--blanks", "0", "--profile", "pod", "--service", "tgc", "-o", out]),
        Case("kit, shop SRA3", kit(shop), ["kit", "--keys-seed", "1234", "--profile", "shop",
                                           "--out-dir", str(folder / "shop-kit")]),
        Case("kit, pictures", kit(game="pictures"),
             ["kit", "--pictures", "--keys-seed", "1234", "--out-dir", str(folder / "pictures-kit")]),
        Case("box, for the kit", net("box"), ["box", "--for", "kit", "-o", out]),
        Case("box, for the kit, shop SRA3", net("box", shop), ["box", "--for", "kit", "--profile", "shop", "-o", out]),
        Case("stand", net("stand"), ["stand", "-o", out]),
        Case("board, html, 20 games", export("board", format="html", games=20, output=folder / "board.html"),
             ["board", "--format", "html", "--games", "20", "--seed", "1234", "-o", str(folder / "board.html")]),
        Case("board, html, pictures, 2 games",
             export("board", "pictures", format="html", games=2, output=folder / "pictures.html"),
             ["board", "--pictures", "--format", "html", "--games", "2", "--seed", "1234",
              "-o", str(folder / "pictures.html")]),
        Case("book, all games", export("book", output=folder / "book.pdf"),
             ["book", "--seed", "1234", "-o", str(folder / "book.pdf")]),
        Case("book, pictures", export("book", "pictures", output=folder / "book.pdf"),
             ["book", "--pictures", "--seed", "1234", "-o", str(folder / "book.pdf")]),
        Case("tts, defaults", export("tts", out_dir=folder / "tts"),
             ["tts", "--seed", "1234", "--out-dir", str(folder / "tts")]),
        Case("tts, pictures", export("tts", "pictures", out_dir=folder / "tts"),
             ["tts", "--pictures", "--seed", "1234", "--out-dir", str(folder / "tts")]),
        Case("picture deck, shop SRA3", pictures(None, shop),
             ["deck", "--pictures", "--blanks", "0", "--profile", "shop", "-o", out]),
        *[Case(f"{PHOTOS} photos {width}x{height}", pictures(photos), ["deck", "--pictures", "--blanks", "0",
                                                                       "--images", str(photos), "-o", out])
          for (width, height), photos in photo_folders(folder).items()],
        *[Case(f"{PHOTOS} photos {width}x{height}, shop", pictures(photos, shop),
               ["deck", "--pictures", "--blanks", "0", "--profile", "shop", "--images", str(photos), "-o", out])
          for (width, height), photos in list(photo_folders(folder).items())[:1]],
        # The most games a board deals, from the photos: each picture held once a page.
        *[Case(f"board, 1,000 games of {PHOTOS} photos",
               export("board", "pictures", photos, format="html", games=1000, output=folder / "board.html",
                      key_output=folder / "key.html"),
               ["board", "--pictures", "--images", str(photos), "--games", "1000", "--seed", "1234",
                "-o", str(folder / "board.html"), "--key-output", str(folder / "key.html")])
          for photos in list(photo_folders(folder).values())[:1]],
        *[Case(f"tts, {PHOTOS} photos", export("tts", "pictures", photos, out_dir=folder / "tts"),
               ["tts", "--pictures", "--images", str(photos), "--seed", "1234", "--out-dir", str(folder / "tts")])
          for photos in list(photo_folders(folder).values())[:1]],
    ]


PHOTOS = 100
# A phone's 12-megapixel photo, and twice its pixels: at the same --dpi the PDFs should be the
# same size, since each photo is resampled to what its card prints.
PHOTO_SIZES = ((4000, 3000), (5657, 4243))


def photo_folders(folder: Path) -> dict[tuple[int, int], Path]:
    """Folders of PHOTOS generated photos of each size (made once per run): smooth gradients,
    shapes and a little noise, which compress as photos do, unlike pure noise."""
    made = {}
    for width, height in PHOTO_SIZES:
        photos = folder / f"photos-{width}x{height}"
        made[width, height] = photos
        if photos.exists():
            continue
        photos.mkdir()
        for number in range(PHOTOS):
            make_photo(width, height, number).save(photos / f"photo-{number:03}.jpg", quality=92)
    return made


def make_photo(width: int, height: int, number: int):
    import random

    from PIL import Image, ImageDraw, ImageFilter

    rng = random.Random(number)
    small = Image.linear_gradient("L").resize((width // 8, height // 8))
    base = Image.merge("RGB", [small.point(lambda v, k=rng.random(): int(v * k + 255 * (1 - k) * rng.random()))
                               for _ in range(3)])
    draw = ImageDraw.Draw(base)
    for _ in range(12):
        x, y = rng.randrange(base.width), rng.randrange(base.height)
        r = rng.randrange(10, base.width // 3)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    photo = base.filter(ImageFilter.GaussianBlur(3)).resize((width, height), Image.BICUBIC)
    noise = Image.effect_noise((width, height), 12).convert("RGB")
    return Image.blend(photo, noise, 0.08)


def floor(words: list[str], output: Path, font: Path) -> None:
    """The same cards drawn by the bare script, in this process."""
    output.write_bytes(draw_deck(words, font, blanks=0))


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
        key_seeds(folder)
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

    from generator.inputs.bundled import deck_path

    words = default_words()
    words_file = folder / "default.txt"
    words_file.write_text("\n".join(words) + "\n", encoding="utf-8")
    click = [sys.executable, "-c", "import click"]

    def paired(first: list[str], second: list[str], runs: int) -> tuple[float, float]:
        run_program(first, HERE), run_program(second, HERE)  # warm up: caches, compiled code
        times = [(run_program(first, HERE)[0], run_program(second, HERE)[0]) for _ in range(runs)]
        return statistics.median(a for a, _ in times), statistics.median(b for _, b in times)

    deck = [str(CLI), "deck", "-o", str(folder / "deck.pdf")]
    help_time, click_time = paired([str(CLI), "--help"], click, HELP_RUNS)
    deck_time, floor_time = paired(deck, floor_program(deck_path("standard"), folder / "floor.pdf"), DECK_PAIRS)
    list_time, list_floor = paired([*deck, "--words", str(words_file)], floor_program(words_file, folder / "floor.pdf"),
                                   DECK_PAIRS)
    shop_time, home_time = paired([*deck, "--profile", "shop"], deck, DECK_PAIRS)
    header = f"{'whole process':<30} {'median':>7}   {'against':<18} {'median':>7} {'ratio':>6}   limit"
    print(header)
    print("-" * (len(header) + 11))
    rows = [("cngen --help", help_time, "import click", click_time, "3x"),
            (f"cngen deck ({len(words)} words)", deck_time, "bare ReportLab", floor_time, "1.3x"),
            ("cngen deck --words LIST.txt", list_time, "bare ReportLab", list_floor, "1.3x"),
            ("cngen deck --profile shop", shop_time, "cngen deck (home)", home_time, "1.5x")]
    for label, time, other, other_time, limit in rows:
        print(f"{label:<30} {time:>6.3f}s   {other:<18} {other_time:>6.3f}s {time / other_time:>5.2f}x   {limit}")
    print(f"\nmedians of {HELP_RUNS} runs of each (--help) and {DECK_PAIRS} of each (decks), taken in turns; "
          "the floor is benchmarks/floor.py reading the same deck file, with the same 5 blank cards")


def key_seeds(folder: Path) -> None:
    """The third table: cngen keys --count N as a whole process, one seed after another."""
    import statistics

    print()
    for count in KEY_COUNTS:
        command = ["keys", "--count", str(count), "-o", str(folder / "keys.pdf")]
        times = sorted((run_process([*command, "--seed", str(seed)])[0], seed) for seed in range(KEY_SEEDS))
        slowest = ", ".join(f"{seconds:.2f}s (seed {seed})" for seconds, seed in times[-3:])
        print(f"cngen keys --count {count}, seeds 0 to {KEY_SEEDS - 1}, whole processes: median "
              f"{statistics.median(t for t, _ in times):.2f}s, slowest {slowest}; limit 1 s for every seed")


if __name__ == "__main__":
    main()
