"""What the command line says when something other than a refused input stops a command.

A refused input is an UmpireError (one paragraph, exit 1). A file the system will not let the
umpire read or write is named in one paragraph (exit 1). Anything else is a defect of the
umpire: it is never swallowed. The GM gets one paragraph saying so and where the traceback
was saved (the game folder's `crash-reports/`, or the temporary folder when the command has
no game folder), or the traceback itself with `--debug`; the exit code is 70 (EX_SOFTWARE).
"""

from __future__ import annotations

import errno
from datetime import UTC, datetime
from pathlib import Path

from .. import __version__
from ..kernel.echo import clip

DEFECT_EXIT = 70
REPORTS = "crash-reports"


def report_os_error(exc: OSError, debug: bool, args: list[str] = ()) -> str:
    from ..store.diskfull import disk_full, full
    if full(exc):                 # the disk of the file, else of the game folder the command names
        where = Path(exc.filename).parent if exc.filename else next(
            (place.parent for place in _places(list(args))[:-1]), Path.cwd())
        text = "umpire: " + disk_full(where, "every write is whole, so what the command did before is kept and "
                                      "nothing is half written", "the command", exc.errno != errno.ENOSPC).message
        return trace(exc) + text if debug else text
    where = f" ({clip(str(exc.filename))})" if exc.filename else ""
    text = (f"umpire: {exc.strerror or exc}{where}. Check that the path exists and that the umpire may read and "
            "write it; every write is atomic, so what was done before is kept and the command can be run again.")
    return trace(exc) + text if debug else text


def report_defect(exc: Exception, args: list[str], debug: bool) -> str:
    """Save the traceback and say where; with `debug` the traceback is the message."""
    text = trace(exc)
    if debug:
        return text + f"umpire: internal error ({type(exc).__name__}); the traceback is above."
    saved = _save(text, args)
    where = f"saved in {saved}" if saved else "not saved (no folder could be written); run again with --debug"
    return (f"umpire: internal error ({type(exc).__name__}: {str(exc)[:200]}). This is a defect of the umpire, or "
            "a game folder edited by hand in a way it cannot detect (journal.jsonl, game.yaml). The command stopped "
            "there; every write is atomic, so what was done before is kept. The traceback is "
            f"{where}: please report it with the command you ran.")


def trace(exc: BaseException) -> str:
    """The exception's traceback as text."""
    import traceback  # here, not at start-up: only a failing command needs it
    return "".join(traceback.format_exception(exc))


def _save(report: str, args: list[str]) -> Path | None:
    import platform
    now = datetime.now(UTC)
    text = (f"umpire {__version__}, Python {platform.python_version()}, {now.isoformat(timespec='seconds')}\n"
            f"command: umpire {' '.join(args)}\n\n{report}")
    name = f"{now.strftime('%Y%m%dT%H%M%S%fZ')}.txt"
    for folder in _places(args):
        try:
            folder.mkdir(exist_ok=True)
            path = folder / name
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return None


def _places(args: list[str]) -> list[Path]:
    """The game folder the command names (its crash-reports/), then the temporary folder."""
    import tempfile

    from ..store.folder import GAME_FILE
    games = []
    for arg in args:
        try:
            if (Path(arg) / GAME_FILE).is_file():
                games.append(Path(arg) / REPORTS)
        except (OSError, ValueError):
            continue
    return games[:1] + [Path(tempfile.gettempdir()) / "umpire-crash-reports"]
