"""Where outputs go: never over an input, a device, a folder or a name the file system cannot
hold; written all or nothing, with no staging file left behind; a kit folder with nothing
stale in it."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

import pypdf
import pytest

import generator.output.files as files_module
from generator.output.record import RECORD_NAME

WORDS = "".join(f"word{i}\n" for i in range(40))
FONT = Path(__file__).resolve().parent.parent / "fonts" / "FiraSans-Bold.ttf"


def listing(folder: Path) -> dict[str, str]:
    """Every file and link under ``folder`` with a digest of what it holds: what a user has."""
    found = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if path.is_symlink():
            found[name] = f"link to {os.readlink(path)}"
        elif path.is_file():
            found[name] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        elif path.is_dir():
            found[name] = "folder"
        else:
            found[name] = "special file"
    return found


@pytest.fixture
def project(tmp_path):
    """A user's folder: a word list, a font, a settings file and a rules text."""
    (tmp_path / "w.txt").write_text(WORDS)
    (tmp_path / "f.ttf").write_bytes(FONT.read_bytes())
    (tmp_path / "cngen.yaml").write_text("deck:\n  blanks: 2\n")
    (tmp_path / "r.yaml").write_text((FONT.parent.parent / "rules" / "en.yaml").read_text())
    return tmp_path


def refused(result, *names: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    message = result.output.strip().splitlines()[-1]
    for name in names:
        assert name in message, message


# An output that names one of the run's inputs, in every spelling a user or a settings file
# could use: each case is (arguments, the input's name as the message gives it).
COLLISIONS = {
    "deck over its word list": (["deck", "--words", "w.txt", "-o", "w.txt"], "--words w.txt"),
    "deck over its font": (["deck", "--font", "f.ttf", "-o", "f.ttf"], "--font f.ttf"),
    "deck over the settings file": (["deck", "-o", "cngen.yaml"], "the settings file cngen.yaml"),
    "deck over the word list by another path": (["deck", "--words", "w.txt", "-o", "sub/../w.txt"], "--words w.txt"),
    "deck over the word list by an absolute path": (["deck", "--words", "w.txt", "-o", "{root}/w.txt"], "--words w.txt"),
    "keys over its font": (["keys", "--font", "f.ttf", "--count", "1", "-o", "f.ttf"], "--font f.ttf"),
    "keys' manifest over the word list's namesake": (["keys", "--count", "1", "-o", "cngen.pdf"], "the settings file"),
    "tokens over its font": (["tokens", "--font", "f.ttf", "-o", "f.ttf"], "--font f.ttf"),
    "rules over its text": (["rules", "--text", "r.yaml", "-o", "r.yaml"], "--text r.yaml"),
    "rules over its word list": (["rules", "--words", "w.txt", "-o", "w.txt"], "--words w.txt"),
    "a preview over the word list": (["deck", "--words", "w.png", "-o", "w.pdf", "--preview"], "--words w.png"),
    "kit over its word list": (["kit", "--words", "w.txt", "--out-dir", "."], None),
    "kit over the settings file": (["--config", "out/keys.json", "kit", "--out-dir", "out"], "the settings file"),
    "calibration over the settings file": (["calibrate", "-o", "cngen.yaml"], "the settings file cngen.yaml"),
}


@pytest.mark.parametrize("case", COLLISIONS)
def test_an_output_never_overwrites_an_input(run, project, case):
    arguments, named = COLLISIONS[case]
    arguments = [argument.replace("{root}", str(project)) for argument in arguments]
    (project / "sub").mkdir()
    (project / "w.png").write_text(WORDS)
    (project / "out").mkdir()
    (project / "out" / "keys.json").write_text("deck:\n  blanks: 1\n")
    if case == "kit over its word list":
        (project / "w.txt").rename(project / "deck.pdf")
        arguments = ["kit", "--words", "deck.pdf", "--out-dir", "."]
        named = "--words deck.pdf"
    if case == "keys' manifest over the word list's namesake":
        (project / "cngen.json").write_text("deck:\n  blanks: 2\n")
        arguments = ["--config", "cngen.json", "keys", "--count", "1", "-o", "cngen.pdf"]
    before = listing(project)
    result = run(*arguments)
    refused(result, "would overwrite", named)
    assert listing(project) == before


def test_a_settings_file_cannot_send_the_output_over_itself(run, project):
    (project / "cngen.yaml").write_text("deck:\n  output: cngen.yaml\n")
    before = listing(project)
    refused(run("deck"), "deck.output: cngen.yaml (cngen.yaml:2)", "the settings file cngen.yaml")
    assert listing(project) == before


def test_links_to_an_input_are_the_input(run, project):
    (project / "soft.pdf").symlink_to("w.txt")
    os.link(project / "w.txt", project / "hard.pdf")
    before = listing(project)
    refused(run("deck", "--words", "w.txt", "-o", "soft.pdf"), "--output soft.pdf", "--words w.txt")
    refused(run("deck", "--words", "w.txt", "-o", "hard.pdf"), "--output hard.pdf", "--words w.txt")
    assert listing(project) == before


def test_an_output_link_is_written_through(run, project):
    (project / "pdfs").mkdir()
    (project / "latest.pdf").symlink_to("pdfs/deck.pdf")
    assert run("deck", "-o", "latest.pdf").exit_code == 0
    assert (project / "latest.pdf").is_symlink()
    assert len(pypdf.PdfReader(project / "pdfs" / "deck.pdf").pages) > 0


def test_cngens_own_files_are_never_outputs(run, project):
    from generator.inputs.bundled import deck_path, font_path

    for own in (font_path(), deck_path("standard")):  # where the installed package keeps them
        before = own.read_bytes()
        refused(run("deck", "-o", str(own)), f"cngen's own file {own.name}")
        assert own.read_bytes() == before


def test_the_keys_pdf_and_its_manifest_cannot_share_a_name(run, project):
    before = listing(project)
    refused(run("keys", "--count", "1", "-o", "k.json"), "--output k.json", "cannot end in .json", "k.pdf")
    assert listing(project) == before


def test_a_pipe_is_not_an_output(run, project):
    os.mkfifo(project / "pipe.pdf")
    refused(run("deck", "-o", "pipe.pdf"), "--output pipe.pdf is a device or a pipe")
    assert not (project / "pipe.pdf").is_file()


@pytest.mark.parametrize("command", ["deck", "keys", "tokens", "rules", "calibrate"])
def test_a_folder_is_not_an_output(run, project, command):
    (project / "taken").mkdir()
    before = listing(project)
    refused(run(command, "-o", "taken"), "--output taken is a folder", f"taken/")
    assert listing(project) == before


@pytest.mark.parametrize("output", ["pdfs/", "pdfs//", "new/pdfs/", ".", "..", "pdfs/.."])
@pytest.mark.parametrize("command", ["deck", "keys", "rules"])
def test_a_path_that_can_only_be_a_folder_is_refused(run, project, output, command):
    before = listing(project)
    refused(run(command, "-o", output), "names a folder", "cards.pdf")
    assert listing(project) == before


def test_a_name_too_long_for_the_file_system_is_refused_with_the_limit(run, project):
    before = listing(project)
    refused(run("deck", "-o", "x" * 300 + ".pdf"), "304 bytes long", "at most 255 bytes")
    refused(run("deck", "-o", "/".join(["y" * 200] * 25) + "/deck.pdf"), "the full path is", "at most 4095")
    refused(run("kit", "--out-dir", "k" * 256), "256 bytes long", "at most 255 bytes")
    assert listing(project) == before


def test_a_file_where_a_folder_should_be_is_named(run, project):
    before = listing(project)
    refused(run("deck", "-o", "w.txt/deck.pdf"), "w.txt is a file, so it cannot hold")
    refused(run("kit", "--out-dir", "w.txt"), "w.txt is a file, so it cannot hold")
    assert listing(project) == before


def test_a_read_only_output_is_left_as_it_is(run, project, monkeypatch):
    (project / "old.pdf").write_text("kept")
    # As root every file is writable: ask the check as an ordinary user would be answered.
    real_access = os.access
    monkeypatch.setattr("generator.output.targets.os.access",
                        lambda path, mode: Path(path).name != "old.pdf" and real_access(path, mode))
    refused(run("deck", "-o", "old.pdf"), "--output old.pdf is read-only")
    assert (project / "old.pdf").read_text() == "kept"


def test_an_output_named_by_the_settings_file_may_not_hold_a_nul(run, project):
    (project / "cngen.yaml").write_text('deck:\n  output: "a\\0b.pdf"\n')
    result = run("deck")
    assert result.exit_code in (1, 2) and "deck.output" in result.output and "Traceback" not in result.output


class FailingReplace:
    """os.replace that fails on its ``fail_on``-th call, as a full disk or a lost mount would."""

    def __init__(self, fail_on: int):
        self.calls, self.fail_on = 0, fail_on

    def __call__(self, source, target):
        self.calls += 1
        if self.calls == self.fail_on:
            raise OSError(28, "No space left on device", str(target))
        return os.replace(source, target)


@pytest.mark.parametrize("fail_on", range(1, 12))
def test_a_write_that_fails_at_any_step_leaves_the_earlier_kit_and_no_stray_file(run, project, monkeypatch, fail_on):
    assert run("kit", "--seed", "1", "--combined").exit_code == 0
    before = listing(project)
    monkeypatch.setattr(files_module.os, "replace", FailingReplace(fail_on))
    result = run("kit", "--seed", "2", "--out-dir", "output", "--paper", "letter")
    assert result.exit_code == 1, result.output
    assert "No space left on device" in result.output and "nothing was changed" in result.output
    assert listing(project) == before


def test_a_failed_first_write_leaves_no_folder_it_made(run, project, monkeypatch):
    before = listing(project)
    monkeypatch.setattr(files_module.os, "replace", FailingReplace(1))
    assert run("deck", "-o", "new/deeper/deck.pdf").exit_code == 1
    assert listing(project) == before


def test_a_kit_removes_only_its_own_earlier_files(run, project):
    assert run("kit", "--seed", "1", "--combined", "--preview").exit_code == 0
    out = project / "output"
    (out / "notes.txt").write_text("mine")
    (out / "rules.png").write_text("I drew over the preview")  # changed since: no longer ours
    result = run("kit", "--seed", "1", "--paper", "letter")
    assert result.exit_code == 0, result.output
    assert "Removed from an earlier kit here: deck.png, keys.png, kit.pdf, tokens.png." in result.output
    assert "Left as they were, though not from this kit: rules.png." in result.output
    assert sorted(path.name for path in out.iterdir()) == sorted(
        [RECORD_NAME, "deck.pdf", "keys.json", "keys.pdf", "notes.txt", "rules.pdf", "rules.png", "tokens.pdf"])
    assert (out / "notes.txt").read_text() == "mine"
    assert pypdf.PdfReader(out / "deck.pdf").pages[0].mediabox.width == pytest.approx(612)


def test_a_kit_names_files_it_did_not_write_and_leaves_them(run, project):
    out = project / "output"
    out.mkdir()
    (out / "kit.pdf").write_text("a kit from somewhere else")
    result = run("kit", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "Left as they were, though not from this kit: kit.pdf." in result.output
    assert (out / "kit.pdf").read_text() == "a kit from somewhere else"


def test_a_failed_kit_keeps_the_files_it_would_have_removed(run, project, monkeypatch):
    assert run("kit", "--seed", "1", "--combined").exit_code == 0
    before = listing(project)
    monkeypatch.setattr(files_module.os, "replace", FailingReplace(7))  # after the kit.pdf is set aside
    assert run("kit", "--seed", "1").exit_code == 1
    assert listing(project) == before


@pytest.mark.parametrize("kind, message", [("pipe", "is not a regular file (a pipe or a device)"),
                                           ("folder", "is a folder, not a settings file"),
                                           ("missing", "does not exist: check the --config path")])
def test_a_settings_file_that_is_not_a_file_is_named(run, project, kind, message):
    if kind == "pipe":
        os.mkfifo(project / "settings")
    elif kind == "folder":
        (project / "settings").mkdir()
    result = run("--config", "settings", "deck")
    assert result.exit_code == 1 and f"Error: settings: {message}" in result.output
