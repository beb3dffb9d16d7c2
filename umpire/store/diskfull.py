"""A full disk, said in words: which disk, how much is free on it, what became of the game, and
what to do. Every write is atomic (atomic.py), so a write the disk had no room for leaves nothing
half written; whether a game changed at all is told by its records (journal, mail log, settings,
secrets), in which every change of a game ends."""

from __future__ import annotations

import errno
import os
from contextlib import contextmanager
from pathlib import Path

from ..errors import UmpireError

RECORDS = ("journal.jsonl", "mail.jsonl", "game.yaml", "secrets.yaml")


class DiskFull(UmpireError):
    """A write found no room on the disk, or the user's disk quota used up."""

    def __init__(self, what: str, fix: str, quota: bool):
        super().__init__(what, fix=fix)
        self.quota = quota


def full(exc: BaseException) -> bool:
    """Whether `exc` is a write that found the disk full (or the quota used up)."""
    return isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT)


def free_bytes(path: Path) -> int | None:
    """The bytes the umpire may still write on the disk holding `path` (or its nearest parent)."""
    for place in (Path(path), *Path(path).parents):
        try:
            info = os.statvfs(place)
        except OSError:
            continue
        return info.f_bavail * info.f_frsize
    return None


def disk_full(where: Path, state: str, again: str, quota: bool = False) -> DiskFull:
    """The error for a full disk holding `where`: `state` says what became of the work, `again`
    names what to run once there is room."""
    free = free_bytes(where)
    room = f"{free:,} bytes free" if free is not None else "its free space unknown"
    what = (f"the disk quota of the user running the umpire is used up on the disk holding {where} ({room})"
            if quota else f"the disk holding {where} is full: {room}")
    return DiskFull(f"{what}; {state}.", f"Free space there and run {again} again.", quota)


def records(folder: Path) -> tuple:
    """A fingerprint of the folder's records: each one's inode, size and time of change (None: missing)."""
    out = []
    for name in RECORDS:
        try:
            info = os.stat(Path(folder) / name)
            out.append((info.st_ino, info.st_size, info.st_mtime_ns))
        except OSError:
            out.append(None)
    return tuple(out)


@contextmanager
def told(folder: Path, what: str, where: Path, again: str):
    """Within it, a full disk (an OSError, or a DiskFull said deeper down) becomes a DiskFull that
    says whether `what`, the records in `folder`, changed; `where` names the disk, `again` the
    command to run again."""
    before = records(folder)
    try:
        yield
    except (OSError, DiskFull) as exc:
        if not (isinstance(exc, DiskFull) or full(exc)):
            raise
        state = (f"nothing of {what} was changed" if records(folder) == before else
                 f"{what} is as its last whole write left it (nothing is half written, and the next run goes on "
                 "from there)")
        quota = exc.quota if isinstance(exc, DiskFull) else exc.errno == errno.EDQUOT
        raise disk_full(where, state, again, quota) from exc
