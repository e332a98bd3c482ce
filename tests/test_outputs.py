"""Where outputs go: never over an input, a device, a folder or a name the file system cannot
hold; written all or nothing, with no staging file left behind; a kit folder with nothing
stale in it."""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import shutil
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

import generator.output.files as files_module
from generator.cli import main
from generator.errors import CngenError, UsageError
from generator.games import GAMES
from generator.jobs.kit import kit_file_names
from generator.model.kit import COMBINED
from generator.output.record import RECORD_NAME, earlier_files, record_of
from generator.output.targets import Named, checked_outputs
from write_stops import STOPPED, STOPPED_AFTER_WRITING, Faults

CLASSIC = GAMES["classic"]

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
    """A user's folder: a word list, a settings file and a rules text (and a font, where a
    test asks for it: half a megabyte to write and read back in every test)."""
    (tmp_path / "w.txt").write_text(WORDS)
    (tmp_path / "cngen.yaml").write_text("deck:\n  blanks: 2\n")
    (tmp_path / "r.yaml").write_text(CLASSIC.rules_text("en").read_text(encoding="utf-8"), encoding="utf-8")
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
    (project / "f.ttf").write_bytes(FONT.read_bytes())
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
    assert run("deck", "--words", "w.txt", "-o", "latest.pdf").exit_code == 0
    assert (project / "latest.pdf").is_symlink()
    assert len(pypdf.PdfReader(project / "pdfs" / "deck.pdf").pages) > 0


def test_cngens_own_files_are_never_outputs(run, project):
    from generator.inputs.bundled import deck_path, font_path

    for own in (font_path(), deck_path("standard")):  # where the installed package keeps them
        before = own.read_bytes()
        refused(run("deck", "-o", str(own)), f"cngen's own file {own.name}")
        assert own.read_bytes() == before
    # Under other names: a link and a hard link outside the package (where one can be made).
    own = deck_path("standard")
    (project / "soft.pdf").symlink_to(own)
    names = ["soft.pdf"]
    try:
        os.link(own, project / "hard.pdf")
        names.append("hard.pdf")
    except OSError:  # the package on another file system
        pass
    for name in names:
        refused(run("deck", "-o", name), f"--output {name} would overwrite cngen's own file standard.yaml")
    assert own.read_bytes() == before


@pytest.fixture(scope="module")
def picture_folder(tmp_path_factory):
    """A user's folder of 25 tiny photos, two of them named as cngen names its own files."""
    from PIL import Image

    folder = tmp_path_factory.mktemp("pictures") / "ph"
    folder.mkdir()
    names = [f"img{number:02}.png" for number in range(23)] + ["codenames.png", "deck.png"]
    for number, name in enumerate(names):
        Image.new("RGB", (8, 8), (number * 10, 255 - number * 10, 128)).save(folder / name)
    return folder


@pytest.fixture
def reader_of_pictures(project, picture_folder):
    """The project with the photos in ph/, links to two of them, an edition beside it and a
    settings file that names the photos."""
    from generator.inputs.bundled import edition_paths

    shutil.copytree(picture_folder, project / "ph")
    (project / "link.png").symlink_to("ph/img07.png")
    os.link(project / "ph" / "img08.png", project / "hard.png")
    shutil.copytree(edition_paths()["party"].parent, project / "ed")
    (project / "pe.yaml").write_text("game: pictures\ndeck:\n  images: ph\n")
    (project / "pics.yaml").write_text("game: pictures\ndeck:\n  images: ph\n")
    (project / "f.ttc").write_bytes(FONT.read_bytes())
    return project


PICTURES = ["--pictures", "--images", "ph"]
# Every kind of file a run reads against the outputs of the commands that read it: (arguments,
# the input as the message names it).
READ_FILES = {
    "a book over a photo": (["book", *PICTURES, "--games", "1", "-o", "ph/img03.png"],
                            "the picture ph/img03.png of --images ph"),
    "a board over a photo": (["board", *PICTURES, "-o", "ph/img05.png"], "the picture ph/img05.png"),
    "a board's key over a photo": (["board", *PICTURES, "--key-output", "ph/img04.png"], "the picture ph/img04.png"),
    "a board's key over a photo by a way up": (["board", *PICTURES, "--key-output", "ph/../ph/./img04.png"],
                                               "the picture ph/img04.png"),
    "a board's key over a link to a photo": (["board", *PICTURES, "--key-output", "link.png"], "the picture ph/img07.png"),
    "a board's key over a hard link to a photo": (["board", *PICTURES, "--key-output", "hard.png"],
                                                  "the picture ph/img08.png"),
    "tts into the photos' folder": (["tts", *PICTURES, "--out-dir", "ph"], "the picture ph/codenames.png"),
    "a deck's preview over a photo": (["deck", *PICTURES, "-o", "ph/img06.pdf", "--preview"], "the picture ph/img06.png"),
    "a kit's preview in the photos' folder": (["kit", *PICTURES, "--out-dir", "ph", "--preview"], "the picture ph/deck.png"),
    "a box over a photo": (["box", *PICTURES, "-o", "ph/img09.png"], "the picture ph/img09.png"),
    "rules over a photo": (["rules", *PICTURES, "-o", "ph/img10.png"], "the picture ph/img10.png"),
    "photos named in the settings file": (["--config", "pics.yaml", "board", "--key-output", "ph/img11.png"],
                                          "the picture ph/img11.png of deck.images: ph (pics.yaml:3)"),
    "an edition's photos": (["board", "--edition", "pe.yaml", "--key-output", "ph/img12.png"],
                            "the picture ph/img12.png of deck.images: ph (pe.yaml:3)"),
    "an edition's emblem": (["deck", "--edition", "ed/edition.yaml", "-o", "ed/cake.svg"], "emblem: cake.svg (ed/edition.yaml:"),
    "an edition's words": (["board", "--edition", "ed/edition.yaml", "--key-output", "ed/words.txt"],
                           "deck.words: words.txt (ed/edition.yaml:"),
    "an edition itself": (["tts", "--edition", "ed/codenames.json", "--out-dir", "ed"], "--edition ed/codenames.json"),
    "a font of a collection": (["book", "--font", "f.ttc#1", "-o", "f.ttc"], "--font f.ttc#1"),
}


@pytest.mark.parametrize("case", READ_FILES)
def test_no_file_a_run_reads_is_ever_an_output(run, reader_of_pictures, case):
    arguments, named = READ_FILES[case]
    if case == "an edition itself":  # named as the saved object is
        shutil.copy(reader_of_pictures / "ed" / "edition.yaml", reader_of_pictures / "ed" / "codenames.json")
    before = listing(reader_of_pictures)
    refused(run(*arguments), "would overwrite", named, "an input of this run: give the output another name")
    assert listing(reader_of_pictures) == before


@contextmanager
def stream_on(fd: int, path: Path | int, flags: int = os.O_WRONLY):
    """The process's file descriptor ``fd`` (standard input, output or error) on ``path`` (or on
    an open descriptor) for a while, as a shell's redirection would leave it."""
    saved = os.dup(fd)
    handle = os.open(path, flags) if isinstance(path, Path) else path
    os.dup2(handle, fd)
    try:
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)
        if isinstance(path, Path):
            os.close(handle)


def test_the_files_a_run_reads_and_prints_to_are_never_outputs(project):
    """`< w.txt`, `> post.txt` and `2> log.txt` as a shell leaves them, and the names of those
    streams (/dev/stdout)."""
    (project / "post.txt").write_text("")
    (project / "log.txt").write_text("")
    before = listing(project)
    runner, words = CliRunner(), ["--words", str(project / "w.txt"), "--seed", "1"]
    with stream_on(0, project / "w.txt", os.O_RDONLY):
        refused(runner.invoke(main, ["deck", "--words", "-", "-o", str(project / "w.txt")], input=WORDS),
                f"--output {project}/w.txt would overwrite standard input (--words -), an input of this run")
    with stream_on(1, project / "post.txt"):
        for key in (str(project / "post.txt"), "/dev/stdout"):
            refused(runner.invoke(main, ["board", *words, "--key-output", key]),
                    f"--key-output {key} would overwrite standard output, where this run prints")
    with stream_on(2, project / "log.txt"):
        refused(runner.invoke(main, ["board", *words, "--key-output", "/dev/stderr"]),
                "--key-output /dev/stderr would overwrite standard error, where this run prints")
    assert listing(project) == before


def test_a_key_for_standard_output_into_a_pipe_is_refused_naming_the_option(project):
    reader, writer = os.pipe()
    try:
        with stream_on(1, writer):
            result = CliRunner().invoke(main, ["board", "--words", str(project / "w.txt"), "--key-output", "/dev/stdout"])
    finally:
        os.close(reader), os.close(writer)
    refused(result, "--key-output /dev/stdout is a device or a pipe, not a file: cngen writes ordinary files")
    assert "/proc" not in result.output


def test_two_outputs_are_never_one_file_under_any_spelling(tmp_path):
    """What checks each output against the run's inputs checks it against the other outputs,
    those planned before any work (``taken``) included: a later sheet image or a side's key
    can never land on the board or the saved object."""
    first = tmp_path / "caf\u00e9.json"
    first.write_text("saved", encoding="utf-8")
    os.link(first, tmp_path / "hard.json")
    (tmp_path / "soft.json").symlink_to(first.name)
    (tmp_path / "sub").mkdir()
    taken = checked_outputs([Named(first, "the saved object")], [])
    for later in ("CAF\u00c9.json", "cafe\u0301.json", "hard.json", "soft.json", "sub/../caf\u00e9.json"):
        with pytest.raises(UsageError, match=f"the saved object and the image {later} would be the same file"):
            checked_outputs([Named(tmp_path / later, f"the image {later}")], [], taken)
        with pytest.raises(UsageError, match="would be the same file"):
            checked_outputs([Named(first, "the saved object"), Named(tmp_path / later, f"the image {later}")], [])
    assert list(checked_outputs([Named(tmp_path / "other.json", "another")], [], taken)) == [tmp_path / "other.json"]


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
    refused(run(command, "-o", "taken"), "--output taken is a folder", "taken/")
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


# Read-only by its mode, which root is refused by as well: (the output, what the message says).
READ_ONLY = {
    "a file": ("old.pdf", "--output old.pdf is read-only: cngen leaves it as it is"),
    "a file through a link": ("latest.pdf", "--output latest.pdf is read-only: cngen leaves it as it is"),
    "a file in a read-only folder": ("locked/deck.pdf", "cngen may not write in the folder locked"),
    "a new folder in a read-only folder": ("locked/new/deck.pdf", "cngen may not write in the folder locked"),
}


@pytest.mark.parametrize("case", READ_ONLY)
def test_a_read_only_output_is_left_as_it_is_whoever_runs(run, project, case):
    (project / "old.pdf").write_text("kept")
    (project / "old.pdf").chmod(0o444)
    (project / "latest.pdf").symlink_to("old.pdf")
    (project / "locked").mkdir()
    (project / "locked" / "deck.pdf").write_text("kept")
    (project / "locked").chmod(0o555)
    before = listing(project)
    output, message = READ_ONLY[case]
    try:
        refused(run("deck", "--words", "w.txt", "-o", output), message)
        assert listing(project) == before
    finally:
        (project / "locked").chmod(0o755)


def test_an_output_named_by_the_settings_file_may_not_hold_a_nul(run, project):
    (project / "cngen.yaml").write_text('deck:\n  output: "a\\0b.pdf"\n')
    result = run("deck")
    assert result.exit_code in (1, 2) and "deck.output" in result.output and "Traceback" not in result.output


def earlier_and_new_kit(folder: Path) -> tuple[dict[Path, bytes], dict[Path, bytes], list[Path]]:
    """Small stand-ins for two kits in ``folder``, by the kit's own file names, each with its
    record: an earlier combined kit, and a new kit with an upload folder of its own that
    replaces each of its files and removes its kit.pdf, as the kit command hands them to
    write_files."""

    def kit(combined: bool, version: str) -> dict[Path, bytes]:
        files = {name: f"{version} {name}".encode() for name in kit_file_names(combined)}
        if version == "new":
            files["deck-tgc/codename-cards-001-1-front.png"] = b"new upload"
        return {folder / name: data for name, data in {**files, RECORD_NAME: record_of(files)}.items()}

    return kit(True, "earlier"), kit(False, "new"), [folder / COMBINED]


# Each of the new kit's 7 files staged (opened, flushed; the upload in the kit's folder, as its
# own does not exist yet), a journal (staged, flushed, renamed), the earlier kit.pdf set aside,
# each of the 6 files the earlier kit has set aside and replaced, the upload's folder made and
# the upload placed.
WRITE_STEPS = 7 * 2 + 3 + 1 + 6 * 2 + 1 + 1


def digests(files: dict[Path, bytes], root: Path) -> dict[str, str]:
    """``files`` as listing() shows them once written under ``root``."""
    return {str(path.relative_to(root)): hashlib.sha256(data).hexdigest()[:16] for path, data in files.items()}


def test_a_write_that_fails_at_any_step_leaves_the_earlier_kit_and_no_stray_file(tmp_path, monkeypatch):
    out = tmp_path / "output"
    earlier, new, remove = earlier_and_new_kit(out)
    files_module.write_files(earlier)
    (out / "notes.txt").write_text("mine")
    before = listing(tmp_path)
    assert before == {"output": "folder", "output/notes.txt": listing(out)["notes.txt"], **digests(earlier, tmp_path)}
    for fail_on in range(1, WRITE_STEPS + 1):
        faults = Faults(fail_on)
        monkeypatch.setattr(files_module, "os", faults)
        with pytest.raises(CngenError) as caught:
            files_module.write_files(new, remove)
        assert faults.failed, f"the write took {len(faults.steps)} steps, not {fail_on}"
        failed = f"with step {fail_on} ({faults.steps[fail_on - 1]}) failing"
        message = str(caught.value)
        assert message.startswith("cannot write ") and message.endswith(
            ": No space left on device; nothing was changed"), (failed, message)
        assert listing(tmp_path) == before, failed
    counted = Faults()  # and the same write, with no step failing, takes exactly the steps failed above
    monkeypatch.setattr(files_module, "os", counted)
    files_module.write_files(new, remove)
    assert len(counted.steps) == WRITE_STEPS and counted.steps.count("replace") == 15, counted.steps
    assert listing(tmp_path) == {"output": "folder", "output/deck-tgc": "folder",
                                 "output/notes.txt": before["output/notes.txt"], **digests(new, tmp_path)}


def test_a_kit_that_fails_while_writing_keeps_the_earlier_kit_and_the_files_it_would_have_removed(
        run, project, earlier_kit, monkeypatch):
    before = listing(project)
    assert {"output/kit.pdf", "output/deck.png", f"output/{RECORD_NAME}"} <= set(before)
    # The earlier kit.pdf and 4 previews set aside, deck.pdf and keys.pdf placed (each after
    # setting the earlier one aside): the 10th move fails, setting keys.json aside.
    faults = Faults(10, kinds=("replace",))
    monkeypatch.setattr(files_module, "os", faults)
    result = run("kit", "--seed", "2", "--words", "w.txt", "--keys-count", "2", "--paper", "letter")
    assert result.exit_code == 1, result.output
    assert faults.failed
    assert "No space left on device" in result.output and "nothing was changed" in result.output
    assert listing(project) == before


def test_a_failed_first_write_leaves_no_folder_it_made(run, project, monkeypatch):
    before = listing(project)
    monkeypatch.setattr(files_module, "os", Faults(1, kinds=("replace",)))
    assert run("deck", "--words", "w.txt", "-o", "new/deeper/deck.pdf").exit_code == 1
    assert listing(project) == before


def test_a_write_into_new_folders_that_fails_at_any_step_removes_them(tmp_path, monkeypatch):
    for fail_on in range(1, 6):  # staging the file, flushing it, making two folders, moving it into place
        faults = Faults(fail_on)
        monkeypatch.setattr(files_module, "os", faults)
        with pytest.raises(CngenError, match="nothing was changed"):
            files_module.write_files({tmp_path / "new" / "deeper" / "deck.pdf": b"%PDF-"})
        assert faults.failed and listing(tmp_path) == {}, fail_on
    monkeypatch.setattr(files_module, "os", counted := Faults())
    files_module.write_files({tmp_path / "new" / "deeper" / "deck.pdf": b"%PDF-"})
    assert len(counted.steps) == 5 and listing(tmp_path)["new/deeper/deck.pdf"]


@pytest.fixture(scope="module")
def earlier_kit_folder(tmp_path_factory):
    """A small combined kit with previews, as cngen wrote it in a project: its output folder."""
    folder = tmp_path_factory.mktemp("earlier")
    (folder / "w.txt").write_text(WORDS)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(folder)
        result = CliRunner().invoke(main, ["kit", "--seed", "1", "--words", "w.txt", "--keys-count", "2",
                                           "--combined", "--preview"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return folder / "output"


@pytest.fixture
def earlier_kit(project, earlier_kit_folder):
    """The project with that kit in its output folder."""
    shutil.copytree(earlier_kit_folder, project / "output")
    return project / "output"


def test_a_kit_removes_only_its_own_earlier_files(run, project, earlier_kit):
    out = earlier_kit
    (out / "notes.txt").write_text("mine")
    (out / "rules.png").write_text("I drew over the preview")  # changed since: no longer ours
    (out / "tokens.png").chmod(0o444)  # made read-only: kept, by root too
    # Someone's additions to the record: files outside the folder, and one in it cngen never
    # writes, each with its size and digest.
    (project / "secret.txt").write_text("mine")
    record = json.loads((out / RECORD_NAME).read_text())
    digest = f"4:{hashlib.sha256(b'mine').hexdigest()}"
    record["files"].update({"../secret.txt": digest, str(project / "secret.txt"): digest, "notes.txt": digest})
    (out / RECORD_NAME).write_text(json.dumps(record))
    result = run("kit", "--seed", "1", "--words", "w.txt", "--keys-count", "2", "--paper", "letter")
    assert result.exit_code == 0, result.output
    assert "Removed from an earlier kit here: deck.png, keys.png, kit.pdf." in result.output
    assert "Left as they were, though not from this kit: rules.png, tokens.png." in result.output
    assert (f"Note: output/.cngen-kit.json lists '../secret.txt', '{project}/secret.txt', 'notes.txt', which are "
            "not files cngen kit writes in output: ignored, and left as they are") in result.output
    assert sorted(path.name for path in out.iterdir()) == sorted(
        [RECORD_NAME, "deck.pdf", "keys.json", "keys.pdf", "notes.txt", "rules.pdf", "rules.png", "tokens.pdf",
         "tokens.png"])
    assert (out / "notes.txt").read_text() == "mine" and (project / "secret.txt").read_text() == "mine"
    assert (out / "rules.png").read_text() == "I drew over the preview"
    for name in ("deck.pdf", "keys.pdf", "tokens.pdf", "rules.pdf"):
        assert pypdf.PdfReader(out / name).pages[0].mediabox.width == pytest.approx(612), name


@pytest.mark.parametrize("record", ["none", "unreadable", "of another kit.pdf"])
def test_a_kit_names_files_it_did_not_write_and_leaves_them(tmp_path, record):
    # Whether a file of a kit's name is an earlier kit's, to remove, or someone else's, to name
    # and leave (the summary and the leaving: test_a_kit_removes_only_its_own_earlier_files).
    (tmp_path / "kit.pdf").write_text("a kit from somewhere else")
    (tmp_path / "deck.png").write_bytes(b"an earlier preview")
    recorded = {"deck.png": b"an earlier preview"}
    if record == "of another kit.pdf":
        recorded["kit.pdf"] = b"the kit cngen wrote here"
    if record == "unreadable":
        (tmp_path / RECORD_NAME).write_bytes(b"{not json")
    elif record != "none":
        (tmp_path / RECORD_NAME).write_bytes(record_of(recorded))
    every = [*kit_file_names(combined=True), "deck.png", "keys.png", "tokens.png", "rules.png"]
    writing = [*kit_file_names(combined=False), RECORD_NAME]
    earlier = earlier_files(tmp_path, set(every).__contains__, writing, named=every)
    assert earlier.others == ([tmp_path / "deck.png"] if record != "of another kit.pdf" else []) + [tmp_path / "kit.pdf"]
    assert earlier.ours == ([tmp_path / "deck.png"] if record == "of another kit.pdf" else [])


def test_a_record_is_trusted_with_the_names_of_its_own_folders_files_alone(tmp_path):
    folder, every = tmp_path / "output", [*kit_file_names(combined=True), "deck.png", "keys.png", "tokens.png", "rules.png"]
    folder.mkdir()
    (tmp_path / "w.txt").write_text(WORDS)
    files = {name: f"kit {name}".encode() for name in ("deck.png", "keys.png", "tokens.png", "rules.png")}
    listed = {**files, "../w.txt": WORDS.encode(), str(tmp_path / "w.txt"): WORDS.encode(), "sub/deck.png": b"",
              "": b"", ".": b"", "..": b"", "notes.txt": b"mine", RECORD_NAME: b""}
    (folder / RECORD_NAME).write_bytes(record_of(listed))
    for name, data in {**files, "notes.txt": b"mine"}.items():
        (folder / name).write_bytes(data)
    (folder / "deck.png").unlink()
    (folder / "deck.png").symlink_to("../w.txt")  # a link: cngen writes none
    (folder / "keys.png").chmod(0o444)  # read-only
    inputs = [Named(folder / "tokens.png", "--words output/tokens.png")]  # read by this run
    earlier = earlier_files(folder, set(every).__contains__, [], named=every, inputs=inputs)
    assert earlier.ours == [folder / "rules.png"]
    assert earlier.others == [folder / "deck.png", folder / "keys.png", folder / "tokens.png"]
    assert earlier.ignored == sorted(name for name in listed if name not in files)
    assert not earlier.linked


def test_an_earlier_upload_that_is_an_input_or_read_only_stays(run, project):
    uploads = project / "up" / "deck-tgc"
    uploads.mkdir(parents=True)
    # A word list, by cngen's upload naming (of four words: the upload is two cards' faces).
    (uploads / "codename-cards-099-1-front.png").write_text("bank\npitch\nmercury\nharp\n")
    (uploads / "codename-cards-098-1-front.png").write_text("mine")
    (uploads / "codename-cards-098-1-front.png").chmod(0o444)
    before = listing(uploads)
    result = run("deck", "--words", "up/deck-tgc/codename-cards-099-1-front.png", "--blanks", "0",
                 "--profile", "pod", "--service", "tgc", "-o", "up/deck.pdf")
    assert result.exit_code == 0, result.output
    assert {name: listing(uploads)[name] for name in before} == before


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


# --- Stops: a signal, or a kill, at any step of a write ----------------------------------------


# A small process of its own, which loads write_stops.py (the faults, and no more of cngen than a
# write needs) and forks one child a write: forked from the test session instead, every child
# would copy its heap (some 60 ms a fork late in a session, against 2 from here).
FORKER = """
import os, pickle, sys
sys.path.insert(0, sys.argv[1])
from write_stops import write_stopped
requests, replies = sys.stdin.buffer, sys.stdout.buffer
while True:
    try:
        request = pickle.load(requests)
    except EOFError:
        break
    child = os.fork()
    if child == 0:
        write_stopped(*request)
    _, status = os.waitpid(child, 0)
    pickle.dump(os.waitstatus_to_exitcode(status), replies)
    replies.flush()
"""


@pytest.fixture(scope="module")
def write_in_a_child():
    """Write the new kit in a forked child with cngen's stop handlers, stopped at one step: its
    exit code, or minus the signal that killed it."""
    forker = subprocess.Popen([sys.executable, "-c", FORKER, str(Path(__file__).parent)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def write(new: dict[Path, bytes], remove: list[Path], stop_on: int, signal_number: int,
              again: bool = False) -> int:
        pickle.dump((new, remove, stop_on, signal_number, again), forker.stdin)
        forker.stdin.flush()
        return pickle.load(forker.stdout)

    yield write
    forker.stdin.close()
    assert forker.wait(timeout=60) == 0


class TwoKits:
    """An earlier kit written in ``root``/output, the new kit to write over it, and what the
    folder lists with either."""

    def __init__(self, root: Path):
        self.root, self.out = root, root / "output"
        self.earlier, self.new, self.remove = earlier_and_new_kit(self.out)
        files_module.write_files(self.earlier)
        self.before = listing(root)
        self.after = {"output": "folder", "output/deck-tgc": "folder", **digests(self.new, root)}

    def found(self) -> dict[str, str]:
        """What the folder lists now; the earlier kit put back if it was the new one."""
        found = listing(self.root)
        if found == self.after:
            shutil.rmtree(self.out)
            files_module.write_files(self.earlier)
        return found


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks a child to stop")
def test_a_stop_signal_at_any_step_of_a_kit_write_leaves_the_earlier_kit_or_the_new_one(tmp_path, write_in_a_child):
    kits = TwoKits(tmp_path)
    outcomes = []
    for stop_on in range(1, WRITE_STEPS + 1):
        for signal_number in (signal.SIGTERM, signal.SIGHUP, signal.SIGINT):
            code = write_in_a_child(kits.new, kits.remove, stop_on, signal_number)
            found = kits.found()
            assert found in (kits.before, kits.after), (stop_on, signal_number, sorted(set(found) ^ set(kits.before)))
            # the child says the files were written exactly when they were
            written = found == kits.after
            assert code == (STOPPED_AFTER_WRITING if written else STOPPED), (stop_on, signal_number, code)
            outcomes.append(written)
    # Staging stops at once and undoes the write; from the first journal on, stops wait for the end.
    staging = 7 * 2
    assert outcomes == [False] * 3 * staging + [True] * 3 * (WRITE_STEPS - staging)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks a child to stop")
def test_a_second_stop_during_the_clean_up_does_not_cut_it_short(tmp_path, write_in_a_child):
    kits = TwoKits(tmp_path)
    for stop_on in range(1, 7 * 2 + 1):  # each step of staging, and a stop at every file the undo deletes
        assert write_in_a_child(kits.new, kits.remove, stop_on, signal.SIGTERM, again=True) == STOPPED
        assert listing(tmp_path) == kits.before, stop_on


@pytest.mark.skipif(not hasattr(os, "fork"), reason="forks a child to kill")
def test_a_write_killed_at_any_step_is_finished_or_undone_by_the_next_run(tmp_path, write_in_a_child):
    kits = TwoKits(tmp_path)
    finished = []
    for stop_on in range(1, WRITE_STEPS + 1):
        assert write_in_a_child(kits.new, kits.remove, stop_on, signal.SIGKILL) == -signal.SIGKILL
        files_module.finish_interrupted_writes([kits.out, kits.out / "deck-tgc"])
        found = kits.found()
        assert found in (kits.before, kits.after), (stop_on, sorted(set(found) ^ set(kits.before)))
        finished.append(found == kits.after)
    # Killed before the top folder's journal was in place, the write is undone; after, finished.
    top_journal = 7 * 2 + 3
    assert finished == [False] * top_journal + [True] * (WRITE_STEPS - top_journal)


def test_a_later_write_into_the_folder_clears_what_a_killed_one_left(tmp_path):
    (tmp_path / ".cngen-0123abcd.part").write_bytes(b"half a deck")  # staged, no journal: never counted
    (tmp_path / "deck.pdf").write_bytes(b"earlier")
    files_module.write_files({tmp_path / "keys.pdf": b"keys"})
    assert listing(tmp_path) == {"deck.pdf": listing(tmp_path)["deck.pdf"], "keys.pdf": listing(tmp_path)["keys.pdf"]}


@pytest.mark.parametrize("journal", [
    b"not json", b'{"format": "something else"}', b"[" * 100_000,
    b'{"format": "cngen write journal 2", "top": ".", "folders": [""], "files": [["../notes.txt", '
    b'".cngen-0123abcd.part", ".cngen-0123abce.old", null, null]], "remove": []}',
    b'{"format": "cngen write journal 2", "top": ".", "folders": [""], "files": [], '
    b'"remove": [["notes.txt", "notes.old", null]]}',
    b'{"format": "cngen write journal 2", "top": ".", "folders": [""], "files": [], '
    b'"remove": [["notes.txt", ".cngen-0123abce.old", [-1, "a size"]]]}',
])
def test_a_journal_cngen_did_not_write_is_never_acted_on(tmp_path, journal):
    folder = tmp_path / "output"
    folder.mkdir()
    (tmp_path / "notes.txt").write_text("mine")
    (folder / "notes.txt").write_text("mine too")
    (folder / ".cngen-0123abcd.part").write_text("staged")
    (folder / ".cngen-99999999.journal").write_bytes(journal)
    files_module.finish_interrupted_writes([folder])
    assert (tmp_path / "notes.txt").read_text() == "mine" and (folder / "notes.txt").read_text() == "mine too"
    assert (folder / ".cngen-99999999.journal").read_bytes() == journal  # not ours: left as it is
    assert not (folder / ".cngen-0123abcd.part").exists()  # a staged file no journal can use


def planted_journals(folder: Path, plan: dict) -> None:
    """A journal in ``folder`` whose write's top is the folder above, and that top's journal:
    what a killed write into both would leave, written by someone else."""
    name = ".cngen-aaaaaaaa.journal"
    (folder / name).write_text(json.dumps({"format": "cngen write journal 2", "top": "..", "folders": [folder.name, "."],
                                           **plan}))
    (folder.parent / name).write_text(json.dumps({"format": "cngen write journal 2", "top": ".",
                                                  "folders": [folder.name, "."], **plan}))


def seen(path: Path) -> list[int]:
    return [path.lstat().st_ino, path.lstat().st_size]


@pytest.mark.parametrize("case", ["copied in", "another user's"])
def test_a_journal_this_write_never_saw_never_touches_a_file(tmp_path, monkeypatch, case):
    folder = tmp_path / "output"
    folder.mkdir()
    (tmp_path / "thesis.pdf").write_text("mine")
    (tmp_path / "notes.txt").write_text("mine too")
    (tmp_path / ".cngen-0123abcd.part").write_text("someone's")
    # Copied in with someone's files, a journal cannot know the numbers this disk gave them;
    # another user on the same computer can, but the journal is then not this user's.
    thesis, notes = (seen(tmp_path / "thesis.pdf"), seen(tmp_path / "notes.txt")) if case != "copied in" else (None, None)
    planted_journals(folder, {"files": [["notes.txt", ".cngen-0123abcd.part", ".cngen-0123abce.old", notes, None]],
                              "remove": [["thesis.pdf", ".cngen-0123abcf.old", thesis]]})
    if case == "another user's":
        monkeypatch.setattr(os, "geteuid", lambda: os.stat(tmp_path).st_uid + 1)
    files_module.finish_interrupted_writes([folder])
    assert (tmp_path / "thesis.pdf").read_text() == "mine" and (tmp_path / "notes.txt").read_text() == "mine too"


def test_a_pipe_named_as_a_journal_is_passed_over_not_waited_on(tmp_path):
    os.mkfifo(tmp_path / ".cngen-bbbbbbbb.journal")
    files_module.write_files({tmp_path / "deck.pdf": b"%PDF-"})  # opening the pipe to read it would wait forever
    assert (tmp_path / "deck.pdf").read_bytes() == b"%PDF-"


@pytest.mark.parametrize("stop", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_a_kit_stopped_while_it_is_made_says_so_and_keeps_the_earlier_kit(tmp_path, earlier_kit_folder, stop):
    (tmp_path / "w.txt").write_text(WORDS)
    shutil.copytree(earlier_kit_folder, tmp_path / "output")  # a kit of the same words, written in process
    before = listing(tmp_path)
    command = [sys.executable, "-m", "generator", "kit", "--words", "w.txt", "--keys-count", "2", "--seed", "2"]
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for line in process.stderr:  # progress: the kit is being made, nothing written yet
        if "making the tiles" in line:
            process.send_signal(getattr(signal, stop))
            break
    _, errors = process.communicate(timeout=60)
    assert process.returncode == 1, errors
    shown = "Ctrl-C" if stop == "SIGINT" else stop
    assert errors.strip().splitlines()[-1] == f"Error: stopped by {shown}: nothing was written"
    assert listing(tmp_path) == before
