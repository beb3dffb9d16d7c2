"""What became of one fetched message (or of a resolve a fetch made), in words for the GM; and how a
failure met while handling it is told apart and said."""

from __future__ import annotations

import errno
import traceback
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from ..errors import UmpireError
from ..kernel.order_header import turn_words

_ENVIRONMENT = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EIO, errno.EACCES, errno.EPERM, errno.EMFILE}


@dataclass
class Outcome:
    key: str
    status: str                 # accepted | held | refused | not accepted | too large | unreadable | duplicate
                                # | deferred (its game is busy: left on the server for a later fetch)
                                # | answered (a player's lines to the umpire only: STATUS, RESEND, ABSENT, WAIT)
                                # | no order (nothing in it was read for the open turn: the player is still awaited)
    game: str | None = None
    company: str | None = None
    round: int | str | None = None
    note: str = ""
    alert: str = ""             # what the GM must be told (on stderr): the message could not be handled
    sender: str | None = None   # the From address, as far as it could be told
    notes: list = field(default_factory=list)     # the player's note to the GM (notes.Note), if any
    language: str = ""          # the language the message was read and is answered in ("": the sender's)

    def __str__(self):
        """One line in words for the GM: who sent the message and what became of it (a resolve
        the fetch made: the game and what became of its round)."""
        if self.status in ("resolved", "not resolved"):
            return f"game {self.game}: {turn_words(self.round)} {self.status}" + (f": {self.note}" if self.note else "")
        orders = "the orders" + (f" of {self.company}" if self.company else "") + \
            (f" for {turn_words(self.round)}" if self.round else "") + (f" of {self.game}" if self.game else "")
        what = {"accepted": f"accepted: {orders}, {self.note}",
                "held": f"held: {orders}, {self.note}",
                "refused": f"refused: {orders}: {self.note}",
                "no order": f"no order: {self.note}",
                "not accepted": "not accepted as orders" + (f" for {self.game}" if self.game else "")
                                + f": {self.note}",
                "too large": f"not read, too large: {self.note}",
                "unreadable": f"unreadable: {self.note}",
                "duplicate": f"a duplicate: {self.note}",
                "deferred": f"deferred: game {self.game} is busy; left on the server for the next fetch",
                }.get(self.status, f"{self.status}: {self.note}")
        told = "; note to the GM: " + " / ".join(n.text for n in self.notes) if self.notes else ""
        return f"{self.sender or 'an unknown sender'}: {what} (message {self.key[:12]}){told}"

    def also(self, alert: str):
        """Add to what the GM is told of this message."""
        self.alert = (self.alert + "; " if self.alert else "") + alert


def environment(exc: BaseException) -> bool:
    """A failure of this machine (disk full, read-only, no permission), not of one message: the
    fetch stops, and nothing of the batch is flagged."""
    return isinstance(exc, OSError) and exc.errno in _ENVIRONMENT


def where(exc: BaseException) -> str:
    """The failure in one line for the GM: its kind and where the umpire met it (no message text)."""
    if isinstance(exc, UmpireError):
        return exc.message[:160]
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/umpire/" in f.filename.replace("\\", "/")] or \
        traceback.extract_tb(exc.__traceback__)
    place = ""
    if frames:
        path = Path(frames[-1].filename)
        place = f" at {'/'.join(path.parts[-2:])}:{frames[-1].lineno}"
    return f"{type(exc).__name__}{place}"


def iso(moment) -> str:
    """A moment as the mail log writes it: ISO 8601 in UTC (a naive one is taken as UTC)."""
    if isinstance(moment, datetime):
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return moment.astimezone(UTC).isoformat()
    return str(moment)
