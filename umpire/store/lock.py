"""The game's lock: one umpire command at a time writes a game folder (or a mailroom).

A command that changes a game takes the lock first (an exclusive `flock` on the folder's
`.lock` file, released when the command ends, by the kernel even if it is killed). A process the
command forks (the picture drawn beside the PDF, PDF workers, a sweep's workers) closes its copy of
every held lock at once, so the lock is the command's alone and goes with it, whatever becomes of
the child (umpire/forked.py makes the child end with its parent as well). Holding it, the command
knows that no other one is writing there, so any hidden temporary file left by an atomic write
(`.NAME.XXXXXXXX`, see atomic.py) is the trace of a process that was killed before its rename,
and is removed.
"""

from __future__ import annotations

import fcntl
import os
import re
import time
from contextlib import contextmanager
from pathlib import Path

from ..errors import UmpireError

LOCK_FILE = ".lock"
WAIT = 60.0                                   # seconds to wait for another command to finish
_TEMPORARY = re.compile(r"^\..+\.[a-z0-9_]{8}$")     # .NAME.<pid in hex>, or mkstemp(prefix=".NAME.")
_FOLDERS = ("", "inbox", "outbox", "newsletters", "orders")


class Busy(UmpireError):
    """Another command held the lock of the folder at `path` for longer than the wait: the folder
    is busy, for a while."""

    def __init__(self, path: Path, wait: float):
        super().__init__(f"another umpire command has been working on {path} for over {wait:.0f} s.",
                         fix="Wait for it to finish and run this command again; nothing was changed.")
        self.path, self.wait = path, wait

    def __reduce__(self):
        """As it was made (a worker process's refusal reaches its parent whole)."""
        return Busy, (self.path, self.wait)


@contextmanager
def game_lock(path: Path, wait: float | None = None):
    """Hold the lock of the folder at `path` (nothing to hold if there is no such folder yet),
    waiting at most `wait` seconds (WAIT when not given) for another command to let it go."""
    path = Path(path)
    wait = WAIT if wait is None else wait
    if not path.is_dir():
        yield
        return
    fd = os.open(path / LOCK_FILE, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)
    _HELD.add(fd)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise Busy(path, wait) from None
                time.sleep(0.1)
        remove_stale_temporaries(path)
        yield
    finally:
        _HELD.discard(fd)
        os.close(fd)


_HELD: set[int] = set()          # the descriptors of the locks this process holds or waits for


def _close_inherited():
    """In a forked child: close the copies of the parent's locks. Closing a copy leaves the lock
    with the parent (a flock belongs to the open file, which the parent's descriptor keeps open);
    unlocking it here would take it from the parent."""
    for fd in _HELD:
        try:
            os.close(fd)
        except OSError:
            pass
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_close_inherited)


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Remove the temporary files a killed write left in the folder and its inbox/, outbox/,
    newsletters/ and orders/<round>/; returns them. Call only while holding the lock."""
    folders = []
    for name in _FOLDERS:
        folder = path / name if name else path
        if folder.is_dir() and not folder.is_symlink():
            folders.append(folder)
            if name == "orders":
                folders += [sub for sub in folder.iterdir() if sub.is_dir() and not sub.is_symlink()]
    removed = []
    for folder in folders:
        for entry in os.scandir(folder):
            if _TEMPORARY.match(entry.name) and entry.is_file(follow_symlinks=False):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed
