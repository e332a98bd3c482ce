"""The command line driven with generated arguments and generated files, careless and hostile.

Whatever it is given, a run ends in one of two ways: exit 0 with PDFs that open, or exit 1 or
2 with one short message and no traceback, having written nothing. Either way no file it was
not asked to write changes, and no staging file is left behind. The same holds in any
surroundings: a generated environment, standard streams closed, gone or full, and a stop
signal at a generated moment (then cngen run as a process of its own).

The examples are derandomized, so the suite gives the same verdict on every run; set
HYPOTHESIS_PROFILE=fuzz-deep to explore further with fresh examples. Each run is the cheapest
the generated arguments allow (see CHEAP): what is being tried is the arguments and files, not
the size of a deck.
"""

from __future__ import annotations

import hashlib
import os
import re
import tempfile
from pathlib import Path

import pypdf
import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from generator.cli import main
from generator.games import GAMES
from generator.settings.declarations import BY_KEY, Setting, settings_of

ROOT = Path(__file__).resolve().parent.parent
FONT = (ROOT / "fonts" / "FiraSans-Bold.ttf").read_bytes()
RULES = GAMES["classic"].rules_text("en").read_text(encoding="utf-8")

# No deadline: a run that prints takes some 40 times as long as one refused at once. No health
# check is suppressed: none fires, even in fuzz-deep.
hypothesis_settings.register_profile("fuzz", max_examples=20, deadline=None, derandomize=True, database=None)
hypothesis_settings.register_profile("fuzz-deep", parent=hypothesis_settings.get_profile("fuzz"),
                                     max_examples=400, derandomize=False)
FUZZ = hypothesis_settings.get_profile(os.environ.get("HYPOTHESIS_PROFILE", "fuzz").replace("default", "fuzz"))

# ---- the files a careless or hostile user might hand over ------------------------------------

HOSTILE_YAML = [
    "words: " + "[" * 50_000 + "]" * 50_000,
    "words: " + "{a: " * 20_000 + "b" + "}" * 20_000,
    "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"l{i}: &l{i} [" + ", ".join([f"*{'a' if i == 1 else f'l{i - 1}'}"] * 10) + "]\n" for i in range(1, 9)) + "words: *l8\n",
    "words: !!python/object/apply:os.system ['true']\n",
    "words: [a, b\n",
    "\x00\x01binary",
    "words:\n  - " + "x" * 5000 + "\n",
]

words = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=24)
word_lists = st.one_of(
    st.lists(st.text("abcdefghij KLMNOP-'", min_size=1, max_size=14), min_size=0, max_size=30).map("\n".join),
    st.lists(words, max_size=15).map("\n".join),
    st.binary(max_size=300),
    st.sampled_from(["", "\ufeffbank\nbank\n", "a\r\nb\rc\n", "# only a comment\n", "שלום\nmoon\n",
                     "\u202eevil\nmoon\n", "a" * 300 + "\n", "x\n" * 5]),
)
decks = st.one_of(
    st.builds(lambda name, language, entries: yaml.safe_dump({"name": name, "language": language, "words": entries}),
              words, st.sampled_from(["en", "fr", "xx", ""]), st.lists(st.one_of(words, st.integers()), max_size=20)),
    st.sampled_from(HOSTILE_YAML),
)


def settings_text(values: dict[str, str]) -> str:
    """The settings file that sets ``values`` (dotted key -> value as written), each section once."""
    lines, sections = [], {}
    for key, value in values.items():
        section, _, name = key.rpartition(".")
        if section:
            sections.setdefault(section, []).append(f"  {name}: {value}")
        else:
            lines.append(f"{key}: {value}")
    for section, entries in sections.items():
        lines += [f"{section}:", *entries]
    return "\n".join(lines) + "\n"


# A value for each kind of setting: mostly ordinary, some careless, some hostile.
GARBAGE = ["", "nan", "inf", "-inf", "1e309", "-1", "9" * 40, "0", "x", "../..", "{}", "[]", "\x00", "５"]
TEXT_SAMPLES = {
    "paper": ["a4", "letter", "a6", "100x100mm", "10x10mm", "1e308x1e308mm", "nanxnanmm"],
    "margin": ["5mm", "0", "0.5in", "200mm", "-5mm", "nanmm"],
    "bleed": ["3mm", "0mm", "30mm", "infmm"],
    "back_offset": ["0,0", "1.5,-0.5", "nan,nan", "inf,0", "30,30", "1e309,0"],
    "card_size": ["70x45mm", "60x60mm", "10x10mm", "300x300mm", "nanx1mm", "0x0mm"],
    "title": ["Our game", "<img src=\"/etc/passwd\"/>", "{key_cards}", "שלום", "\u0007"],
    "deck": ["standard", "francais", "nope", "../decks/standard"],
}


def value_for(setting: Setting) -> st.SearchStrategy[str]:
    kind = setting.kind
    if kind.scalar == "int":
        low = kind.low or 0
        valid = st.integers(low, low + 6).map(str)
        return st.one_of(valid, valid, valid, st.sampled_from(GARBAGE))
    if kind.choices:
        return st.one_of(st.sampled_from(kind.choices), st.sampled_from(kind.choices), st.sampled_from(GARBAGE[:4]))
    if kind.path == "input":
        return st.sampled_from(["w.txt", "deck.yaml", "font.ttf", "rules.yaml", "cngen.yaml", "fifo", "missing.txt",
                                ".", "-", "w.txt/", "out/deck.pdf"])
    if kind.path is not None:
        return st.sampled_from(["out.pdf", "out/", "out/sub/x.pdf", "w.txt", "deck.yaml", "font.ttf", "cngen.yaml",
                                "rules.yaml", "fifo", "x" * 300, "w.txt/x.pdf", ".", "out.json", "w.png"])
    if setting.key.startswith("theme."):
        return st.sampled_from(['"#D8322B"', '"#fff"', "red", '"#GGGGGG"', '""'])
    usual = st.sampled_from(TEXT_SAMPLES.get(setting.name, ["text"]))
    return st.one_of(usual, usual, usual, st.sampled_from(GARBAGE), words)


def arguments_for(command: str) -> st.SearchStrategy[list[str]]:
    options = [setting for setting in settings_of(command) if setting.flag_on(command)]

    def one(setting: Setting) -> st.SearchStrategy[list[str]]:
        flag = setting.flag_on(command).split("/")  # type: ignore[union-attr]
        if setting.kind.scalar == "bool":
            return st.sampled_from([[flag[0]], [flag[-1]]])
        if setting.kind.scalar == "list":
            return st.lists(st.sampled_from([*setting.kind.choices, "none", "bogus"]), min_size=1, max_size=3).map(
                lambda names: [part for name in names for part in (flag[-1], name)])
        return value_for(setting).map(lambda value: [flag[-1], value])

    chosen = st.lists(st.sampled_from(options), max_size=4, unique_by=lambda setting: setting.key)
    others = chosen.flatmap(lambda settings: st.tuples(*(one(setting) for setting in settings))).map(
        lambda parts: [argument for part in parts for argument in part])
    return st.tuples(st.lists(st.sampled_from(FILE_ARGUMENTS[command]), max_size=3), others).map(
        lambda both: [argument for pair in both[0] for argument in pair] + both[1])


# The cheapest run of each command that still reads every generated option and file: two key
# cards rather than forty (dealing balanced keys is most of a run's work), and a deck of a
# short list rather than the 434 words of the default one. Each is given only where neither
# the generated arguments nor the settings file choose it (or what it would clash with: a
# bundled --deck), so that whatever they choose is read as it was generated.
CHEAP = {
    "deck": [(("deck.words", "deck.deck"), ["--words", "short.txt"])],
    "keys": [(("keys.count",), ["--count", "2"])],
    "kit": [(("keys.count",), ["--keys-count", "2"]), (("deck.words", "deck.deck"), ["--words", "short.txt"])],
}
SHORT_LIST = "".join(f"word{i}\n" for i in range(30)).encode()


def cheap_arguments(command: str, arguments: list[str], set_in_file: frozenset[str]) -> list[str]:
    def chosen(key: str) -> bool:
        flag = BY_KEY[key].flag_on(command) or ""
        return key in set_in_file or any(spelling in arguments for spelling in flag.split("/") if spelling)

    return [argument for keys, cheap in CHEAP.get(command, []) if not any(map(chosen, keys)) for argument in cheap]


# The generated files, handed to each command the way a user would.
WORDS_FILES = [("--words", "w.txt"), ("--words", "deck.yaml"), ("--words", "-"), ("--font", "font.ttf")]
FILE_ARGUMENTS = {
    "deck": WORDS_FILES, "keys": [("--font", "font.ttf")], "tokens": [("--font", "font.ttf")],
    "rules": [*WORDS_FILES, ("--text", "rules.yaml"), ("--text", "rules.yaml")],
    "kit": [*WORDS_FILES, ("--text", "rules.yaml")], "calibrate": [("--paper", "a5")],
}


def file_settings(command: str) -> st.SearchStrategy[tuple[str, frozenset[str]]]:
    """A settings file's text, and the keys it sets."""
    every = list(settings_of(command))
    entries = st.lists(st.sampled_from(every), max_size=4, unique_by=lambda setting: setting.key).flatmap(
        lambda chosen: st.fixed_dictionaries({setting.key: value_for(setting).map(_yaml_scalar) for setting in chosen}))
    hostile = st.sampled_from(HOSTILE_YAML[:3] + ["deck: [1, 2]\n", "bogus: 1\n"])
    written = entries.map(lambda values: (settings_text(values), frozenset(values)))
    # Mostly written settings, which vary without end; the few hostile files less often.
    return st.one_of(st.just(("", frozenset())), written, written, written, hostile.map(lambda text: (text, frozenset())))


def _yaml_scalar(text: str) -> str:
    """As a user would write it: bare when it can be, else in double quotes."""
    if text.startswith('"') or re.fullmatch(r"[\w.,+-]+", text):
        return text
    return yaml.safe_dump(text, default_style='"').strip()


def _mutated_rules(replacement: str, position: int) -> str:
    """The bundled rules text with one quoted string replaced."""
    pieces = RULES.split('"')
    index = 1 + 2 * (position % (len(pieces) // 2))
    pieces[index] = replacement.replace("\\", "\\\\").replace('"', '\\"')
    return '"'.join(pieces)


rules_texts = st.one_of(
    st.builds(_mutated_rules, st.one_of(words, st.sampled_from(
        ["{", "}", "{nope}", "{key_cards:>99999999}", "{key_cards.__class__}", "<img src=\"/etc/passwd\"/>",
         "<b>open", "</i>", "<font name=\"x\">y</font>", "a < b & c", "{key_cards|one|many}", "規則", "חוקים"])),
        st.integers(0, 400)),
    st.sampled_from(HOSTILE_YAML + ["title: x\nsections: []\n", "sections: 3\n", "[1, 2]\n"]),
)
fonts = st.one_of(
    st.just(FONT),
    st.integers(0, len(FONT)).map(lambda cut: FONT[:cut]),
    st.tuples(st.integers(12, len(FONT) - 1), st.binary(min_size=1, max_size=16)).map(
        lambda spot: FONT[:spot[0]] + spot[1] + FONT[spot[0] + len(spot[1]):]),
)

class Files(dict):
    """The generated files, shown in a failure report by name, size and first bytes."""

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{name!r}: {len(data)} bytes {data[:60]!r}..." for name, data in self.items()) + "}"


project = st.fixed_dictionaries({
    "w.txt": st.one_of(word_lists.map(lambda text: text if isinstance(text, bytes) else text.encode("utf-8"))),
    "deck.yaml": decks.map(lambda text: text.encode("utf-8")),
    "rules.yaml": rules_texts.map(lambda text: text.encode("utf-8")),
    "font.ttf": fonts,
    "w.png": st.just(b"not a picture"),
    "short.txt": st.just(SHORT_LIST),
}).map(Files)

# ---- running and judging --------------------------------------------------------------------


def listing(folder: Path) -> dict[str, str]:
    found = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_fifo():
            found[name] = "pipe"
        elif path.is_file():
            found[name] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            found[name] = "folder"
    return found


def outputs_named(command: str, arguments: list[str], config: str) -> set[str]:
    """Names (relative to the project) that the run was asked to write, with their manifest and
    previews, or the folder a kit was asked to fill."""
    named = {"output/"} if command == "kit" else {f"output/{command}.pdf", "output/calibration.pdf"}
    for flag, value in zip(arguments, arguments[1:]):
        if flag in ("-o", "--output", "--out-dir"):
            named.add(value.rstrip("/") + ("/" if flag == "--out-dir" else ""))
    for line in config.splitlines():
        if line.strip().startswith(("output:", "out_dir:")):
            named.add(line.split(":", 1)[1].strip().strip('"') + ("/" if "out_dir" in line else ""))
    derived = {str(Path(name).with_suffix(suffix)) for name in named if not name.endswith("/")
               for suffix in (".json", ".png")}
    return named | derived


def may_change(name: str, allowed: set[str]) -> bool:
    """Whether ``name`` is an output, inside an output folder, or a folder made to hold one."""
    for item in allowed:
        normal = os.path.normpath(item)
        if name == normal or normal.startswith(name + "/") or (item.endswith("/") and name.startswith(normal + "/")):
            return True
    return False


def check_run(command: str, arguments: list[str], files: dict[str, bytes], config: str) -> None:
    named = " ".join([*arguments, config])
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        for name, data in files.items():
            if name == "font.ttf" and name not in named:
                continue  # half a megabyte that no argument or setting names: the run cannot see it
            (root / name).write_bytes(data)
        (root / "cngen.yaml").write_text(config, encoding="utf-8")
        os.mkfifo(root / "fifo")
        before = listing(root)
        previous = os.getcwd()
        os.chdir(root)
        try:
            result = CliRunner().invoke(main, [command, *arguments], input=files["w.txt"])
        finally:
            os.chdir(previous)
        after = listing(root)
        shown = f"cngen {command} {' '.join(arguments)}\n{result.output}"
        assert result.exception is None or isinstance(result.exception, SystemExit), shown
        assert result.exit_code in (0, 1, 2), shown
        assert "Traceback" not in result.output and "internal error" not in result.output, shown
        assert not [name for name in after if ".cngen-" in name and name.endswith((".part", ".old"))], shown
        if result.exit_code:  # refused: one message, and nothing written
            message = [line for line in result.output.splitlines() if line.startswith("Error:")]
            assert len(message) == 1 and len(result.output.splitlines()) <= 16, shown
            assert after == before, shown
        else:  # printed: only what it was asked to write, and PDFs that open
            allowed = outputs_named(command, arguments, config)
            changed = [name for name in before if after.get(name) != before[name]]
            assert all(may_change(name, allowed) for name in changed), (changed, shown)
            for name in set(after) - set(before):
                assert may_change(name, allowed), (name, shown)
                if after[name] not in ("folder", "pipe") and name.endswith(".pdf"):
                    assert len(pypdf.PdfReader(root / name).pages) > 0, shown


# The share of the examples each command gets: calibrate and tokens take few options.
SHARE = {"deck": 1, "keys": 1, "tokens": 0.5, "rules": 1, "kit": 1, "calibrate": 0.5}


@pytest.mark.parametrize("command", SHARE)
def test_any_arguments_and_files_end_in_a_pdf_or_one_message(command):
    @hypothesis_settings(FUZZ, max_examples=round(FUZZ.max_examples * SHARE[command]))
    @given(arguments=arguments_for(command), files=project, config=file_settings(command))
    def run(arguments, files, config):
        text, set_in_file = config
        check_run(command, cheap_arguments(command, arguments, set_in_file) + arguments, files, text)

    run()


# ---- the surroundings: the environment, the standard streams, a stop -------------------------

SURROUNDING_COMMANDS = [
    ["deck", "--words", "w.txt", "-o", "out/deck.pdf"],
    ["deck", "--words", "-", "-o", "out/deck.pdf"],
    ["keys", "--count", "1", "--seed", "3", "-o", "out/keys.pdf"],
    ["kit", "--words", "w.txt", "--keys-count", "1", "--seed", "3", "--out-dir", "out"],
    ["decks"],
    ["--help"],
]
surroundings = st.fixed_dictionaries({
    "command": st.sampled_from(SURROUNDING_COMMANDS),
    "words": st.lists(st.sampled_from(["PLANET", "ΒΗΤΑ", "ÜBER", "ЖУК", "CAFÉ", "ΑΛΦΑ", "QUIZ"]), min_size=1,
                      max_size=6, unique=True),
    # Any value a careless shell can set, except an encoding Python itself cannot start with.
    "environment": st.fixed_dictionaries({}, optional={
        "PYTHONIOENCODING": st.sampled_from(["ascii", "latin-1", "utf-8", "cp1252", "ascii:strict", "koi8-r"]),
        **{name: st.one_of(st.sampled_from(["C", "POSIX", "xx_XX.nothing", "", "0", "-5", "1.5", "abc",
                                            "253402300799", "253402300800", "/nowhere", "dumb"]),
                           st.text(st.characters(codec="utf-8", exclude_categories=("Cs",), exclude_characters="\x00"),
                                   max_size=12))
           for name in ("LC_ALL", "LANG", "SOURCE_DATE_EPOCH", "COLUMNS", "TZ", "HOME", "TMPDIR", "TERM")},
    }),
    "stdin": st.sampled_from(["closed", "empty", "words"]),
    "stdout": st.sampled_from(["pipe", "closed", "gone", "full"]),
    "stop": st.one_of(st.none(), st.tuples(st.sampled_from(["SIGTERM", "SIGHUP", "SIGINT"]),
                                           st.floats(0.05, 0.6))),
})


def run_in(root: Path, case: dict) -> tuple[int, str]:
    """cngen run as a process of its own in ``root``, in the case's surroundings: its exit code
    (minus a signal that ended it) and what it wrote on standard error."""
    import signal
    import subprocess
    import sys
    import time

    environment = {**os.environ, **case["environment"]}
    words = "\n".join(case["words"]).encode("utf-8")
    stdout = {"pipe": subprocess.PIPE, "closed": subprocess.DEVNULL, "gone": subprocess.PIPE,
              "full": open("/dev/full", "wb") if Path("/dev/full").exists() else subprocess.DEVNULL}[case["stdout"]]
    closing = {"stdin": case["stdin"] == "closed", "stdout": case["stdout"] == "closed"}

    def close_streams() -> None:
        if closing["stdin"]:
            os.close(0)
        if closing["stdout"]:
            os.close(1)

    process = subprocess.Popen([sys.executable, "-m", "generator", *case["command"]], cwd=root, env=environment,
                               stdin=subprocess.PIPE, stdout=stdout, stderr=subprocess.PIPE, preexec_fn=close_streams)
    if case["stdout"] == "gone":
        process.stdout.close()
    try:
        if case["stdin"] != "closed":
            process.stdin.write(words if case["stdin"] == "words" else b"")
        process.stdin.close()
    except BrokenPipeError:
        pass
    if case["stop"] is not None:
        time.sleep(case["stop"][1])
        process.send_signal(getattr(signal, case["stop"][0]))
    errors = process.stderr.read().decode("utf-8", "replace")
    if case["stdout"] == "pipe":
        process.stdout.read()
    process.wait(timeout=120)
    return process.returncode, errors


def test_any_surroundings_end_in_a_pdf_or_one_message():
    @hypothesis_settings(FUZZ, max_examples=round(FUZZ.max_examples * 0.6))
    @given(case=surroundings)
    def run(case):
        with tempfile.TemporaryDirectory() as folder:
            root = Path(folder)
            (root / "w.txt").write_text("\n".join(case["words"]), encoding="utf-8")
            before = listing(root)
            code, errors = run_in(root, case)
            after = listing(root)
            whole = all(path.read_bytes().rstrip().endswith(b"%%EOF") for path in root.glob("out*/**/*.pdf"))
        shown = f"{case}\n{errors}"
        assert "Traceback" not in errors and "internal error" not in errors, shown
        assert not [name for name in after if re.search(r"\.cngen-[0-9a-f]{8}\.", name)], shown
        if code < 0:  # stopped before cngen could watch for stops: nothing written
            assert case["stop"] is not None and after == before, shown
            return
        assert code in (0, 1, 2), shown
        if code:
            assert len([line for line in errors.splitlines() if line.startswith("Error:")]) == 1, shown
            if "after its files were written" in errors:  # the stop came once every file was in place
                assert case["stop"] is not None and whole, shown
                assert {name: value for name, value in after.items() if name in before} == before, shown
            else:
                assert after == before, shown
        assert all(name == "w.txt" or name.startswith("out") for name in after), shown

    run()
