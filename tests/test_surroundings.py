"""The program in odd surroundings: a terminal that cannot show every character, a reader that
goes away, a full disk for its text, a working folder deleted, standard input closed, and
SOURCE_DATE_EPOCH set to something that is not a time. Each run either works, with only its
printed text degraded, or ends in one line that says what is wrong.

These run cngen as a process of its own: the surroundings are the process's.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest

from generator.cli.process import LAST_PDF_SECOND, source_date_problem

WORDS = "ALPHA\nΒΗΤΑ\nÜBER\nDELTA\n"
SMALL_DECK = "cannot fill a 5 x 5 table"  # the note on the deck of these 4 words: beside these tests' point


def cngen(*args: str, cwd: Path, env: dict[str, str] | None = None, **popen) -> subprocess.CompletedProcess:
    environment = {**os.environ, **(env or {})}
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=environment,
                          capture_output="stdout" not in popen and "stderr" not in popen, text=True, timeout=120,
                          **popen)


def one_line(errors: str) -> str:
    lines = errors.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in errors and "internal error" not in errors, errors
    return lines[0]


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "w.txt").write_text(WORDS, encoding="utf-8")
    return tmp_path


def test_a_terminal_that_cannot_show_the_words_gets_them_escaped_and_the_pdf_is_whole(folder):
    latin = {"PYTHONIOENCODING": "latin-1"}
    written = cngen("deck", "--words", "w.txt", "-o", "βήτα.pdf", cwd=folder, env=latin)
    assert written.returncode == 0, written.stderr
    assert written.stdout.startswith("Wrote \\u03b2\\u03ae\\u03c4\\u03b1.pdf\n")
    assert len(pikepdf.open(folder / "βήτα.pdf").pages) == 2
    (folder / "twice.txt").write_text("ΒΗΤΑ\nΒΗΤΑ\n", encoding="utf-8")
    refused = cngen("deck", "--words", "twice.txt", cwd=folder, env=latin)
    assert refused.returncode == 1 and "\\u0392\\u0397\\u03a4\\u0391' appears twice" in one_line(refused.stderr)


@pytest.mark.parametrize("command", [["decks"], ["--help"], ["deck", "--words", "w.txt", "-o", "d.pdf"]])
def test_a_reader_that_goes_away_loses_the_text_and_nothing_else(folder, command):
    read, write = os.pipe()
    os.close(read)  # the reader has gone before cngen prints a line
    try:
        result = cngen(*command, cwd=folder, stdout=write, stderr=subprocess.PIPE)
    finally:
        os.close(write)
    said = [line for line in result.stderr.splitlines() if SMALL_DECK not in line]  # the 4 words' 2 cards: said
    assert result.returncode == 0 and "\n".join(said).strip() in ("", "Wrote d.pdf"), result.stderr
    if "deck" in command:
        assert len(pikepdf.open(folder / "d.pdf").pages) == 2


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs a device that is always full")
def test_text_that_cannot_be_written_is_said_once_and_the_files_are_written(folder):
    with open("/dev/full", "w") as full:
        result = cngen("kit", "--words", "w.txt", "--keys-count", "1", "--seed", "1", cwd=folder, stdout=full,
                       stderr=subprocess.PIPE)
    assert result.returncode == 0
    notes = [line for line in result.stderr.splitlines() if line.startswith("Note:") and SMALL_DECK not in line]
    assert notes == ["Note: cngen's text output cannot be written (No space left on device): the rest is lost"]
    assert {path.name for path in (folder / "output").iterdir()} >= {"deck.pdf", "keys.pdf", "rules.pdf"}


def test_a_deleted_working_folder_is_one_line(folder):
    gone = folder / "gone"
    gone.mkdir()
    result = subprocess.run(f"cd '{gone}' && rmdir '{gone}' && '{sys.executable}' -m generator deck", shell=True,
                            capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    assert result.returncode == 2
    assert one_line(result.stderr) == ("Error: the folder cngen was started in no longer exists: change to an "
                                       "existing folder and run it again")


def test_a_closed_standard_input_is_one_line_and_writes_nothing(folder):
    result = cngen("deck", "--words", "-", "-o", "d.pdf", cwd=folder, stdin=subprocess.DEVNULL,
                   preexec_fn=lambda: os.close(0), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert result.returncode == 1
    assert one_line(result.stderr) == ("Error: standard input is closed: pipe the word list into cngen, "
                                       "or give a file instead of -")
    assert not (folder / "d.pdf").exists()


@pytest.mark.parametrize("value", ["abc", "1.5", "-5", "+5", "1e30", "99999999999999", "253402300800", "0x10",
                                   "１２３", "12 34"])
def test_a_source_date_epoch_that_is_not_a_pdf_date_is_named(value):
    problem = source_date_problem(value)
    assert problem is not None and problem.startswith("SOURCE_DATE_EPOCH is '") and "or unset it" in problem


@pytest.mark.parametrize("value", [None, "", "  ", "0", "1700000000", " 1700000000\n", str(LAST_PDF_SECOND)])
def test_a_source_date_epoch_a_pdf_can_hold_is_taken(value):
    assert source_date_problem(value) is None


def test_a_bad_source_date_epoch_stops_the_run_before_any_file(folder):
    result = cngen("deck", "--words", "w.txt", "-o", "d.pdf", cwd=folder, env={"SOURCE_DATE_EPOCH": "tomorrow"})
    assert result.returncode == 2 and "SOURCE_DATE_EPOCH is 'tomorrow'" in one_line(result.stderr)
    assert not (folder / "d.pdf").exists()


def test_the_last_second_a_pdf_date_holds_dates_a_press_file(folder):
    result = cngen("deck", "--words", "w.txt", "--profile", "shop", "-o", "d.pdf", cwd=folder,
                   env={"SOURCE_DATE_EPOCH": str(LAST_PDF_SECOND)})
    assert result.returncode == 0, result.stderr
    with pikepdf.open(folder / "d.pdf") as pdf:
        assert str(pdf.docinfo["/CreationDate"]).startswith("D:99991231235959")


@pytest.mark.parametrize("args, status, said", [
    (["deck", "--words", "w.txt", "-o", "d.pdf"], 0, ""),
    (["deck", "--blanks", "many"], 2, "'many' is not a whole number"),
    (["deck", "--words", "missing.txt"], 1, "missing.txt: there is no such file"),
])
def test_a_run_ends_at_once_with_its_own_status_and_all_its_text(folder, args, status, said):
    """cngen skips Python's teardown once a run is over: its exit status, the whole of its
    text through a pipe, and its file are as they would have been."""
    result = cngen(*args, cwd=folder)
    assert result.returncode == status, result.stderr
    if status == 0:
        assert result.stdout.splitlines()[0] == "Wrote d.pdf" and result.stdout.endswith("then cut along the marks.\n")
        assert len(pikepdf.open(folder / "d.pdf").pages) == 2
    else:
        assert said in result.stderr.strip().splitlines()[-1] and not result.stdout


@pytest.mark.parametrize("code, status", [(None, 0), (0, 0), (1, 1), (2, 2), (256 + 3, 3), ("a message", 1)])
def test_the_status_a_run_ends_with_is_the_one_sys_exit_gives(code, status, capsys):
    from generator.cli.process import exit_status

    assert exit_status(code) == status
    assert capsys.readouterr().err == ("a message\n" if isinstance(code, str) else "")
