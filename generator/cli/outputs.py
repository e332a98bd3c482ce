"""A command's files: each named and checked before any work is done, then all written together.

Checking first means a run that cannot write its output fails in a moment, with nothing
made, and that no output ever lands on one of the run's inputs.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable, Mapping, Sequence

import click
import msgspec

from ..exports import EXPORTS
from ..games import GAMES
from ..inputs.bundled import bundled_folders
from ..output.files import finish_interrupted_writes, write_files
from ..output.targets import Named, checked_outputs, inputs_among, read_only
from ..settings.declarations import BY_KEY
from ..settings.resolve import Settings


class OutputPlan(msgspec.Struct, frozen=True):
    """Where each file goes: the path as the user gave it -> the real path written."""

    targets: dict[Path, Path]
    previews: dict[Path, Path] = msgspec.field(default_factory=dict)  # a PDF -> the PNG of its first page
    checked: dict[Path, Named] = msgspec.field(default_factory=dict)  # each real path -> how messages name it

    def real(self, path: Path) -> Path:
        return self.targets[path]


def plan_outputs(settings: Settings, outputs: dict[Path, str], preview: bool = False,
                 without_preview: tuple[str, ...] = (), record: Path | None = None) -> OutputPlan:
    """Check every file the command will write: ``outputs`` maps each path to how messages
    name it; with ``preview``, the PNG beside each PDF (except ``without_preview``) too.
    ``record``, one of them, is the folder's record cngen keeps for itself (see output.record):
    a link in its place is replaced, never written through."""
    named = [Named(path, described, _usual_name(settings, path), through_links=path != record)
             for path, described in outputs.items()]
    previews = preview_paths(outputs, without_preview) if preview else {}
    named += [Named(png, f"the preview {png}") for png in previews.values()]
    targets = checked_outputs(named, run_inputs(settings))
    finish_interrupted_writes(real.parent for real in targets)  # before anything reads what the folders hold
    return OutputPlan({name.path: real for real, name in targets.items()}, previews, targets)


def preview_paths(paths: Iterable[Path], without_preview: tuple[str, ...] = ()) -> dict[Path, Path]:
    """The PNG that shows each PDF among ``paths`` (except those named in ``without_preview``)."""
    return {path: path.with_suffix(".png") for path in paths
            if path.suffix == ".pdf" and path.name not in without_preview}


def write_planned(plan: OutputPlan, files: dict[Path, bytes], remove: Sequence[Path] = (),
                  record: Path | None = None) -> list[str]:
    """Write ``files`` (by the paths the plan checked) with their previews, and remove the
    real paths in ``remove``: all or nothing. With ``record``, a list of what was written
    goes there too (see output.record). Returns the previews' names."""
    if plan.previews:
        from ..output.preview import first_page_png

        files = {**files, **{png: first_page_png(files[pdf]) for pdf, png in plan.previews.items()}}
    if record is not None:
        from ..output.record import record_of

        files[record] = record_of({path.name: data for path, data in files.items() if path.parent == record.parent})
    _never_after_a_stop()
    write_files({plan.real(path): data for path, data in files.items()}, remove)
    return sorted(png.name for png in plan.previews.values())


def _never_after_a_stop() -> None:
    """A stop a library swallowed while the files were made may have left them incomplete."""
    from .process import Stopped, stop_received

    if stop_received():
        raise Stopped()


def image_folder(pdf: Path, service: str) -> Path:
    """Where a service's PNG upload goes: a folder beside the PDF, named after it and the service."""
    return pdf.with_name(f"{pdf.stem}-{service}")


def with_uploads(settings: Settings, plan: OutputPlan, files: dict[Path, bytes],
                 uploads: Mapping[Path, Sequence[tuple[str, bytes]]]) -> tuple[OutputPlan, dict[Path, bytes], list[Path]]:
    """Add each PDF's PNG upload (for services that take images), in a folder beside it, to a
    checked plan once the PNGs are known: the plan and files with them, and the PNGs of an
    earlier upload in those folders that these do not replace, to remove."""
    stale: list[Path] = []
    for pdf, images in uploads.items():
        if images:
            plan, pictures, old = _plan_images(settings, plan, image_folder(pdf, settings["service"]), images)  # type: ignore[arg-type]
            files, stale = {**files, **pictures}, stale + old
    return plan, files, stale


def plan_more(settings: Settings, plan: OutputPlan, paths: Iterable[Path]) -> OutputPlan:
    """A checked plan with the files a run knows only once made (a deck's sheets, by count),
    each checked like every output, and against those already planned."""
    new = [path for path in paths if path not in plan.targets]
    checked = checked_outputs([Named(path, f"the file {path}") for path in new], run_inputs(settings), plan.checked)
    return _planned(plan, checked)


def _planned(plan: OutputPlan, checked: dict[Path, Named]) -> OutputPlan:
    """``plan`` with the outputs ``checked`` beside it."""
    return OutputPlan({**plan.targets, **{name.path: real for real, name in checked.items()}}, plan.previews,
                      {**plan.checked, **checked})


def _plan_images(settings: Settings, plan: OutputPlan, folder: Path,
                 images: Sequence[tuple[str, bytes]]) -> tuple[OutputPlan, dict[Path, bytes], list[Path]]:
    """One folder's PNGs checked like every output, and the earlier ones there (by cngen's own
    naming only) that they leave over, so that the folder holds one upload."""
    files = {folder / name: data for name, data in images}
    checked = checked_outputs([Named(path, f"the image {path}") for path in files], run_inputs(settings),
                              plan.checked)
    stems = {name.rsplit("-", 3)[0] for name, _ in images}  # "codename-cards" of "codename-cards-001-1-front.png"
    # Earlier uploads by either naming: today's, and the one before faces were numbered ("-001-front").
    # One made read-only, or read by this run (a picture of --images), stays.
    stale = [path for path in (sorted(folder.iterdir()) if folder.is_dir() else [])
             if path not in files and any(re.fullmatch(rf"{re.escape(stem)}-[0-9]{{3,}}(-[12])?-(front|back)\.png",
                                                       path.name) for stem in stems)
             and path.is_file() and not path.is_symlink() and not read_only(path)]
    kept = inputs_among(stale, run_inputs(settings))
    return _planned(plan, checked), files, [path for path in stale if path not in kept]


def run_inputs(settings: Settings) -> list[Named]:
    """Every file no output of the run may be: each it reads (what the user named, each
    picture of a folder of pictures, the settings file, a file on standard input, cngen's own)
    and the files it prints to."""
    inputs = [Named(path, _input_named(settings, key, path)) for key, path in settings.input_files()]
    config = click.get_current_context().find_root().obj
    if config is not None:
        inputs.append(Named(config, f"the settings file {config}"))
    piped = settings.reads_standard_input()
    if piped is not None:  # a file given as `< words.txt`
        inputs.append(Named(Path("/dev/stdin"), f"standard input ({settings.describe(piped)})"))
    return [*inputs, *never_outputs()]


def never_outputs() -> list[Named]:
    """What no command's output may be, whatever it reads: cngen's own files, and the files
    standard output and standard error are, where they are files (/dev/stdout of a run whose
    output goes to a file): the run's text and the output would share one file, and a
    board's key would land where the board goes."""
    own = [Named(folder, "cngen's own file", folder=True) for folder in shipped_folders()]
    streams = [Named(Path(f"/dev/{name}"), f"standard {kind}", role="where this run prints")
               for name, kind in (("stdout", "output"), ("stderr", "error"))]
    return [*own, *streams]


def _input_named(settings: Settings, key: str, path: Path) -> str:
    """How messages name an input: the setting, or a picture and the folder setting it is of."""
    if BY_KEY[key].kind.path == "input-folder":
        return f"the picture {path} of {settings.describe(key)}"
    return settings.describe(key)


def _usual_name(settings: Settings, path: Path) -> str:
    """The file name a command writes by default, to suggest when the user gave a folder."""
    setting = BY_KEY.get(f"{settings.command}.output")
    if setting is not None and setting.default is None:  # standard output unless named: name it after the command
        return settings.command
    return Path(str(setting.default)).name if setting is not None else path.name


def shipped_folders() -> list[Path]:
    """The folders of every file cngen ships (its languages, decks, fonts, profiles and
    editions, and wherever a game's or export's texts are): none of those files may ever be an
    output."""
    return [*bundled_folders(), *(game.texts for game in GAMES.values()), *(export.texts for export in EXPORTS.values())]
