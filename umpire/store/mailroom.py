"""A mailroom: where one mailbox's mail is kept. For `mail fetch GAME_DIR` it is the game
folder; for `mail fetch --all GAMES_DIR` the folder of games.

    inbox/<key>.eml     every message as received, before it is read (never deleted)
    outbox/<key>.eml    replies and newsletters, written before they are sent
    mail.jsonl          what was done: processed messages, sent mail (append-only)

Each try of an outbox file is one record: `sent` (the server took it, or refused some or all of
its recipients for good: `recipients`, with `refused` when nobody took it), `deferred` (the
server put off the recipients in `put_off`: it is tried again to them from `next`) or
`given_up` (put off until the limit of umpire/mail/retry.py).
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from . import atomic

LOG_FILE = "mail.jsonl"


class Mailroom:
    def __init__(self, path: Path):
        self.path = Path(path)
        self.inbox = self.path / "inbox"
        self.outbox = self.path / "outbox"
        self.log_path = self.path / LOG_FILE
        self._records: list[dict] | None = None

    @property
    def records(self) -> list[dict]:
        if self._records is None:
            self._records = []
            if self.log_path.exists():
                for line in self.log_path.read_text(encoding="utf-8").splitlines():
                    if line.strip():
                        try:
                            self._records.append(json.loads(line))
                        except json.JSONDecodeError:
                            continue        # a torn final line (see atomic.py); skip rather than stop
        return self._records

    def log(self, records: list[dict]):
        """Append records, each standing on its own (a crash may keep any first ones of them)."""
        if records:
            data = atomic.json_lines(records)
            atomic.append_json_lines(self.log_path, data)
            self.records.extend(json.loads(line) for line in data.split(b"\n")[:-1])   # as read back

    def keep_raw(self, key: str, raw: bytes, batch: atomic.Batch | None = None, new: bool = False) -> Path:
        """The raw message on disk (atomic; a message already kept is not written again). With
        `new`, the caller has just found no copy (holding the lock) and none in the batch."""
        path = self.inbox / f"{key}.eml"
        if new and batch is not None:
            batch.write_bytes(path, raw)
        else:
            (batch or atomic).write_new(path, raw)
        return path

    def processed(self) -> dict[str, dict]:
        return {r["key"]: r for r in self.records if r["type"] == "processed"}

    def sent(self) -> set[str]:
        """Outbox files the umpire is done with: sent (to every recipient the server did not
        refuse for good), or given up. Neither is tried again."""
        return {r["file"] for r in self.records if r["type"] in ("sent", "given_up")}

    def put_off(self) -> dict[str, dict]:
        """The outbox files waiting for another try, each with its last `deferred` record."""
        done = self.sent()
        return {r["file"]: r for r in self.records if r["type"] == "deferred" and r["file"] not in done}

    def given_up(self) -> list[dict]:
        return [r for r in self.records if r["type"] == "given_up"]

    def queue(self, name: str, data: bytes, batch: atomic.Batch | None = None) -> str:
        """Put a message in the outbox; returns its path relative to the mailroom."""
        (batch or atomic).write_bytes(self.outbox / name, data)
        return self.outbox_name(name)

    @staticmethod
    def outbox_name(name: str) -> str:
        return f"outbox/{name}"

    def unsent(self) -> list[str]:
        """Outbox files recorded as due and not yet sent, in the order they were queued."""
        sent = self.sent()
        due = [r["reply"] for r in self.records if r["type"] == "processed" and r.get("reply")]
        due += [r["file"] for r in self.records if r["type"] == "queued"]
        return [f for f in dict.fromkeys(due) if f not in sent]

    def due(self, now: datetime) -> list[tuple[str, dict | None]]:
        """The unsent files to try now, in order, each with its last `deferred` record (None:
        not tried yet); a file put off waits until its `next`."""
        waiting = self.put_off()
        return [(f, waiting.get(f)) for f in self.unsent()
                if f not in waiting or datetime.fromisoformat(waiting[f]["next"]) <= now]


def waiting(game_path: Path, game: str) -> dict:
    """The game's mail the SMTP server put off, waiting for another try, and its mail given up:
    {"waiting": N, "given_up": N, "next_try": ISO of the earliest next try, or None}. From its
    own mailroom, and the folder of games' replies to its players' messages (`mail fetch --all`)."""
    put_off, given_up = [], 0
    for room, shared in ((Mailroom(game_path), False), (Mailroom(Path(game_path).parent), True)):
        ours = {r["reply"] for r in room.records if r["type"] == "processed" and r.get("reply")
                and r.get("game") == game} if shared else None
        put_off += [r for f, r in room.put_off().items() if ours is None or f in ours]
        given_up += sum(1 for r in room.given_up() if ours is None or r["file"] in ours)
    times = [datetime.fromisoformat(r["next"]) for r in put_off]
    return {"waiting": len(put_off), "given_up": given_up,
            "next_try": min(times).isoformat() if times else None}


def notes_for(game_path: Path, game: str, turn) -> list[dict]:
    """The notes to the GM of the messages for a game's turn (none for None): from its own mailroom
    and from the folder of games' (`mail fetch --all`), each {company, key, line, turn, forwarded}
    (`forwarded`: the address it went to, or null), in the order received."""
    found = []
    for room in (Mailroom(game_path), Mailroom(Path(game_path).parent)) if turn is not None else ():
        for r in room.records:
            if r.get("type") == "processed" and r.get("notes") and r.get("game") == game \
                    and r.get("turn") == str(turn):
                found += [{"company": r.get("company"), "key": r["key"][:12], "line": n, "turn": str(turn),
                           "forwarded": r.get("forwarded")} for n in r["notes"]]
    return found


def closed_turn(events: list[dict]) -> int | str | None:
    """The turn the last resolve in force closed (`events`: a game's journal in force), or None
    before the first. An old journal's resolve without its turn closed the last one opened."""
    opened = closed = None
    for e in events:
        if e["type"] == "round_opened":
            opened = e.get("round")
        elif e["type"] == "command" and e.get("command") == "resolve":
            closed = e.get("round", opened)
    return closed
