"""A mailroom: where one mailbox's mail is kept. For `mail fetch GAME_DIR` it is the game
folder; for `mail fetch --all GAMES_DIR` the folder of games.

    inbox/<key>.eml     every message as received, before it is read (never deleted)
    outbox/<key>.eml    replies and newsletters, written before they are sent
    mail.jsonl          what was done: processed messages, sent mail (append-only)
"""

from __future__ import annotations

import json
from pathlib import Path

from ..store import atomic

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
        return {r["file"] for r in self.records if r["type"] == "sent"}

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


def notes_for(game_path: Path, game: str, turn) -> list[dict]:
    """The notes to the GM of the messages for a game's turn: from its own mailroom and from the
    folder of games' (`mail fetch --all`), each {company, key, line}, in the order received."""
    found = []
    for room in (Mailroom(game_path), Mailroom(Path(game_path).parent)):
        for r in room.records:
            if r.get("type") == "processed" and r.get("notes") and r.get("game") == game \
                    and r.get("turn") == str(turn):
                found += [{"company": r.get("company"), "key": r["key"][:12], "line": n} for n in r["notes"]]
    return found
