"""The process around the command line: what cngen makes sure of before a command runs.

A run may start in odd surroundings: a terminal that cannot show every character, standard
streams closed, a working folder deleted from under it, SOURCE_DATE_EPOCH set to something
that is not a time, or a stop signal on its way. Each either works (the printed text degrades,
never a file) or ends in one line that says what is wrong.
"""

from __future__ import annotations

import io
import os
import re
import signal
import sys
from collections.abc import Callable
from typing import NoReturn

from ..errors import quoted

STOP_SIGNALS = tuple(name for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))

# The last second a PDF date can hold (9999-12-31 23:59:59 UTC): PDF years have four digits.
LAST_PDF_SECOND = 253402300799


class Stopped(BaseException):
    """A stop signal: Ctrl-C, SIGTERM and SIGHUP end a run the same way, through the same
    clean-up. Not a KeyboardInterrupt, which click answers with a bare "Aborted!" wherever it
    lands: a stop reaches ``run``, or the command's own handler, and is said in one line."""


# The stop signals received so far. A signal belongs to the process, not to one call, and a
# library may swallow the exception its handler raised (in a clean-up, say): the record
# still tells what ended the run, and that nothing may be written after it.
_RECEIVED: list[str] = []


def run_to_the_end(load_program: Callable[[], Callable[..., object]]) -> NoReturn:
    """``run_safely``, then the process ends at once with the run's exit code.

    Python's own teardown takes apart, object by object, the 300 modules a run has loaded:
    about 15 ms, a tenth of `cngen deck`, that a finished run has no use for. By then every
    file cngen wrote is complete, synced and closed, and the standard streams are flushed
    here. A run that ends in an error of Python's own (a bug) leaves the usual way, with its
    traceback."""
    try:
        run_safely(load_program)
        code = 0
    except SystemExit as leaving:
        code = exit_status(leaving.code)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            pass  # the text is lost, as _Forgiving already said; the exit code is the run's
    os._exit(code)


def exit_status(code: object) -> int:
    """The status ``sys.exit(code)`` would end the process with."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    _say(str(code))
    return 1


def run_safely(load_program: Callable[[], Callable[..., object]]) -> None:
    """The program ``load_program`` gives (loaded only once stops are watched for), run with
    its surroundings made safe."""
    _stops_raise()
    try:
        _standard_streams_open()
        _tolerant_text_streams()
        problem = _working_folder_problem() or source_date_problem(os.environ.get("SOURCE_DATE_EPOCH"))
        if problem:
            _say(f"Error: {problem}")
            sys.exit(2)
        load_program()(prog_name="cngen")
    except (Stopped, KeyboardInterrupt):  # a stop outside the command: before it began, nothing was written
        _say(f"Error: {stop_message()}")
        sys.exit(1)
    finally:
        _late_stops_ignored()


def stop_received() -> str | None:
    """The first stop signal this process received, if any."""
    return _RECEIVED[0] if _RECEIVED else None


def stop_message(stop: BaseException | None = None) -> str:
    """What a stopped run tells the user: which stop, and whether its files were written."""
    name = stop_received() or "SIGINT"  # a KeyboardInterrupt of its own is Python's Ctrl-C
    shown = "Ctrl-C" if name == "SIGINT" else name
    if getattr(stop, "files_written", False):
        return f"stopped by {shown} after its files were written"
    return f"stopped by {shown}: nothing was written"


def source_date_problem(value: str | None) -> str | None:
    """SOURCE_DATE_EPOCH, when set, dates every PDF (ReportLab reads it too): a whole number of
    seconds since 1970 that a PDF date can hold, or nothing."""
    if value is None or not value.strip():
        return None
    text = value.strip()
    if re.fullmatch(r"[0-9]{1,12}", text) and int(text) <= LAST_PDF_SECOND:
        return None
    return (f"SOURCE_DATE_EPOCH is {quoted(text)}, not a date cngen can write into a PDF: set it to a whole number "
            f"of seconds since 1970 (at most {LAST_PDF_SECOND}, the end of the year 9999), or unset it")


def _standard_streams_open() -> None:
    """A closed standard stream is opened on the null device, so that no file cngen opens can
    take its number and receive what a library prints."""
    for number in (0, 1, 2):
        try:
            os.fstat(number)
        except OSError:
            handle = os.open(os.devnull, os.O_RDWR)
            if handle != number:  # pragma: no cover - the lowest free number is always taken
                os.dup2(handle, number)
                os.close(handle)


def _tolerant_text_streams() -> None:
    """Standard output and error that never fail a run: a character the terminal cannot show is
    printed escaped, and once the reader has gone (cngen deck | head -1) or the stream cannot be
    written (a full disk), the rest of the text goes nowhere. Only the printed text degrades:
    the files are written, and the exit code is the run's own."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None or not hasattr(stream, "buffer"):
            continue
        try:
            stream.flush()
            number = stream.fileno()
        except (OSError, ValueError):
            continue
        raw = _Forgiving(number, complain=name == "stdout")
        setattr(sys, name, io.TextIOWrapper(io.BufferedWriter(raw), encoding=stream.encoding,
                                            errors="backslashreplace", line_buffering=True))


class _Forgiving(io.RawIOBase):
    """A standard stream's file: once a write fails, later ones go nowhere. Standard output says
    once, on standard error, why its text was lost, unless its reader simply went away."""

    def __init__(self, number: int, complain: bool) -> None:
        super().__init__()
        self.number, self.complain, self.lost = number, complain, False

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.number

    def isatty(self) -> bool:
        return os.isatty(self.number)

    def write(self, data: bytes) -> int:  # type: ignore[override]  # a raw stream, handed bytes
        if not self.lost:
            try:
                return os.write(self.number, data)
            except OSError as error:
                self.lost = True
                if self.complain and not isinstance(error, BrokenPipeError):
                    _say(f"Note: cngen's text output cannot be written ({error.strerror or error}): the rest is lost")
        return len(data)

    def close(self) -> None:  # the stream's number stays open: it is the process's, not ours
        self.flush()
        super().close()


def _stops_raise() -> None:
    """Ctrl-C, SIGTERM and SIGHUP (a closed terminal) stop a run the same way."""
    for name in STOP_SIGNALS:
        signal.signal(getattr(signal, name), _stop)


def _stop(number: int, _frame: object) -> None:
    _RECEIVED.append(signal.Signals(number).name)
    raise Stopped()


def _late_stops_ignored() -> None:
    """A stop that comes once the run is over changes nothing: the exit code stays the run's."""
    if hasattr(signal, "pthread_sigmask"):
        try:
            signal.pthread_sigmask(signal.SIG_BLOCK, [getattr(signal, name) for name in STOP_SIGNALS])
        except Stopped:  # one that came just before
            pass


def _say(line: str) -> None:
    if sys.stderr is not None:
        print(line, file=sys.stderr)


def _working_folder_problem() -> str | None:
    try:
        os.getcwd()
    except OSError:
        return "the folder cngen was started in no longer exists: change to an existing folder and run it again"
    return None
