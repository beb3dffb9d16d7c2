"""A quiet game: one `umpire tick` passes over without reading it.

When a tick has looked at a game and found nothing to do, it leaves a stamp for it in the folder
of games (`.quiet/NAME`, one JSON line): a fingerprint of the game's folder, the time of the tick,
the next time the game's calendar could want something (a reminder, the deadline, a day of its
grace, the end of the grace, the first or last day of an absence, another try of mail the SMTP
server put off), and whether game.yaml names a mailbox of its own. The next tick passes the game
over, reading neither its game.yaml nor its journal, while its folder has that fingerprint and the
time is between the two; anything else (no stamp, a damaged one, another fingerprint, the time
reached) means the game is looked at as before.

The fingerprint is of what a tick's decisions rest on: every file and folder directly in the game
folder by its name, size, times (modified and changed) and inode, so a command (mail fetched, an
order, a resolve, any GM command) or a hand edit changes it; the host's umpire.yaml the same way;
and the umpire's version. A file changed within SETTLE seconds of the fingerprint is not trusted
to its times (a file system keeps them coarsely): the game is not stamped until it has settled.
A stamp is a cache: written atomically without being made durable, it is never part of the game,
and deleting `.quiet/` costs one tick that looks at every game.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from datetime import date, datetime, timedelta
from datetime import time as day_start
from pathlib import Path

from .. import __version__
from ..game import Game
from ..store.diskfull import RECORDS

STAMPS = ".quiet"                 # in the folder of games
SETTLE = 2.0                      # seconds: a file changed more recently is not trusted to its times
GAME_FILE = "game.yaml"
HOST_FILE = "umpire.yaml"
_SEEN = ("", *RECORDS)            # the folder itself, and the records every change of a game ends in


def game_folders(games_dir: Path) -> list[Path]:
    """The game folders in `games_dir` (those with a game.yaml), by name."""
    with os.scandir(games_dir) as entries:
        names = sorted(e.name for e in entries if e.is_dir() and os.path.isfile(os.path.join(e.path, GAME_FILE)))
    return [Path(games_dir) / name for name in names]


def _entry(name: str, st: os.stat_result) -> tuple:
    return name, st.st_mode, st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino


class Quiet:
    """The stamps of one tick over the folder of games `games_dir` at `now`."""

    def __init__(self, games_dir: Path, now: datetime):
        self.games_dir, self.now = Path(games_dir), now
        self.stamps = self.games_dir / STAMPS
        self.settled = time.time_ns() - int(SETTLE * 1e9)
        try:
            host = _entry(HOST_FILE, os.stat(self.games_dir / HOST_FILE))
        except FileNotFoundError:
            host = ("no host settings",)
        self.host = (__version__, host)
        self.seen: dict[str, str | None] = {}          # game -> its fingerprint as last taken
        self.read: dict[str, dict | None] = {}         # game -> its stamp as read
        self.own: dict[str, bool] = {}                 # game -> whether it names a mailbox of its own

    def fingerprint(self, path: Path) -> str | None:
        """The fingerprint of the game folder at `path` now, or None when it has not settled."""
        lines = []
        for name in _SEEN:
            try:
                st = os.stat(os.path.join(path, name))
            except FileNotFoundError:
                lines.append((name,))
                continue
            if max(st.st_mtime_ns, st.st_ctime_ns) > self.settled:
                return None
            lines.append(_entry(name, st))
        return hashlib.blake2b(repr((self.host, lines)).encode("utf-8", "surrogateescape"), digest_size=16).hexdigest()

    def stamp_of(self, path: Path) -> dict | None:
        """The game's stamp, if there is one and it is whole; else None."""
        try:
            with open(os.path.join(self.stamps, path.name), "rb") as file:
                stamp = json.loads(file.read())
            datetime.fromisoformat(stamp["at"])
            if not (isinstance(stamp["files"], str) and isinstance(stamp["own_mailbox"], bool)
                    and (stamp["until"] is None or datetime.fromisoformat(stamp["until"]))):
                return None
            return stamp
        except (OSError, ValueError, TypeError, KeyError):
            return None

    def _current(self, path: Path, again: bool = False) -> dict | None:
        """The game's stamp where its folder is as it was stamped, else None (`again`: the
        fingerprint taken anew)."""
        if again or path.name not in self.seen:
            self.seen[path.name] = self.fingerprint(path)
        if path.name not in self.read:
            self.read[path.name] = self.stamp_of(path)
        files, stamp = self.seen[path.name], self.read[path.name]
        return stamp if files is not None and stamp is not None and stamp["files"] == files else None

    def without_mailbox(self, path: Path) -> bool:
        """Whether the game's stamp holds and says it names no mailbox of its own (nothing read)."""
        stamp = self._current(path)
        if stamp is not None and not stamp["own_mailbox"]:
            self.own[path.name] = False
            return True
        return False

    def own_mailbox(self, path: Path, read) -> bool:
        """Whether the game names a mailbox of its own: as its stamp says where the folder is as it
        was stamped, else `read(path)`."""
        stamp = self._current(path)
        self.own[path.name] = stamp["own_mailbox"] if stamp is not None else bool(read(path))
        return self.own[path.name]

    def passed_over(self, path: Path) -> bool:
        """Whether the tick passes the game over: its folder is as stamped (after the fetch of its
        own mailbox, where it has one) and the time is within its stamp's."""
        stamp = self._current(path, again=self.own.get(path.name, True))
        if stamp is None:
            return False
        until = stamp["until"]
        return datetime.fromisoformat(stamp["at"]) <= self.now and \
            (until is None or self.now < datetime.fromisoformat(until))

    def stamp(self, path: Path):
        """Stamp the game the tick looked at and found nothing to do for (its fingerprint as taken
        before it was looked at). A stamp that cannot be made is left out: the game is looked at again."""
        files, own_mailbox = self.seen.get(path.name), self.own.get(path.name)
        if files is None or own_mailbox is None:
            return
        from ..store import atomic
        try:
            until = next_boundary(path, self.now)
            line = json.dumps({"files": files, "at": self.now.isoformat(), "own_mailbox": own_mailbox,
                               "until": until.isoformat() if until else None}) + "\n"
            self.stamps.mkdir(exist_ok=True)
            with atomic.scratch():
                atomic.write_bytes(self.stamps / path.name, line.encode())
        except Exception:  # a game that cannot be read, a full disk: no stamp, looked at again
            return


def next_boundary(path: Path, now: datetime) -> datetime | None:
    """The first time after `now` at which the game's calendar could want something of a tick, or
    None: a reminder, the deadline, each day of its grace and its end, the first and the day after
    the last day of an absence (midnight in the game's zone and in UTC), another try of put-off mail."""
    from ..store.folder import GameFolder
    from ..store.mailroom import Mailroom
    from ..timetable import reminders
    from ..timetable.absences import absences
    from ..timetable.deadlines import deadline, game_zone, grace
    folder = GameFolder(path)
    times = [datetime.fromisoformat(r["next"]) for r in Mailroom(path).put_off().values()]
    state = Game.of(folder).state(copy=False)
    if state.phase != "finished":
        at = deadline(folder, Game.of(folder).family.open_turn(state)).at
        if at is not None:
            end = at + grace(folder)
            times += [at - span for span in reminders.spans(Game.of(folder).options)] + [at, end]
            times += [at + timedelta(days=n) for n in range(1, (end - at) // timedelta(days=1) + 1)]
    zones = (game_zone(folder), now.tzinfo)
    for spans in absences(folder).values():
        for first, last in spans:
            days = (date.fromisoformat(first), date.fromisoformat(last) + timedelta(days=1))
            times += [datetime.combine(day, day_start(), tz) for day in days for tz in zones]
    return min((t for t in times if t > now), default=None)
