"""A game folder: game.yaml, secrets.yaml, the map and ruleset it was created with,
journal.jsonl, orders/<round>/, inbox/ and newsletters/.
"""

from __future__ import annotations

import json
import os
from pathlib import Path, PurePosixPath
from shlex import quote as shell_quote

import yaml

from ..errors import DataError, UmpireError
from ..kernel.echo import quote
from ..kernel.ids import GAME_ID, GAME_ID_RULE, shown
from ..kernel.order_header import decode, mask_codes
from ..kernel.yamlfile import safe_load
from . import atomic

GAME_FILE = "game.yaml"
SECRETS_FILE = "secrets.yaml"
JOURNAL_FILE = "journal.jsonl"
DRAWN_FILE = "drawn.jsonl"            # which umpire and reportlab drew each newsletter (usecases/drawn.py)
MAP_FILE = "map.yaml"
RULES_FILE = "rules.yaml"
DICE_FILE = "dice.txt"
RECORDED_FILES = {"dice": DICE_FILE, "draws": "draws.txt"}    # a family's recorded randomness -> its file


CLOSED_ENTRIES = (GAME_FILE, SECRETS_FILE, MAP_FILE, RULES_FILE, *RECORDED_FILES.values(), JOURNAL_FILE, DRAWN_FILE,
                  "mail.jsonl", "orders", "inbox", "outbox", "newsletters", "newsletters/superseded")
KEPT_BY_ROLLBACK = ("company_replaced",)      # who holds a company is not undone with the rounds


def picture_name(number: int) -> str:
    """The map of newsletter `number` as a picture: drawn with the PDF from the same facts when a
    round is resolved, mailed with it, and not part of the journal (a replay, the demo and a played
    archive do not draw it)."""
    return f"newsletters/{number:03d}-map.png"


def in_force(events: list[dict]) -> list[int]:
    """The positions of the events a rollback did not undo. A rollback event names the span of
    journal positions it undoes (`undoes: [first, last]`); it stays in force itself, and so do
    company replacements inside the span."""
    undone = set()
    for e in events:
        if e["type"] == "rollback":
            first, last = e["undoes"]
            undone.update(range(first, last + 1))
    return [i for i, e in enumerate(events) if i not in undone or e["type"] in KEPT_BY_ROLLBACK]


def dump_yaml(data) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False)


# The keys the shell reads from journal events of these types (the fold checks the rest).
_EVENT_KEYS: dict[str, dict[str, type | tuple[type, ...]]] = {
    "order_received": {"round": (int, str), "company": str, "file": str},     # round: the turn (3 or 3B)
    "order_refused": {"round": (int, str), "file": str},
    "newsletter": {"number": int, "files": list},
    "command": {"command": str},
}


def _event_problem(event) -> str | None:
    """Why a journal line is not an event as the umpire writes it; None if it is."""
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        return "an event is a JSON object with a \"type\""
    for key, kind in _EVENT_KEYS.get(event["type"], {}).items():
        if isinstance(event.get(key), bool) or not isinstance(event.get(key), kind):
            kinds = kind if isinstance(kind, tuple) else (kind,)
            return f"{event['type']} events have {key!r} ({' or '.join(k.__name__ for k in kinds)})"
    if event["type"] == "newsletter" and not all(isinstance(f, str) for f in event["files"]):
        return "newsletter events list their files by name"
    return None


def _config_problem(data) -> str | None:
    """What makes a game.yaml unusable; None if nothing."""
    if not isinstance(data, dict):
        return "it must be a mapping (game, map, rules, companies, dice, ...)."
    for key in ("game", "map", "rules", "companies", "dice"):
        if key not in data:
            return f"the key {key!r} is missing."
    if not isinstance(data["game"], (str, int)) or isinstance(data["game"], bool):
        return "`game` must be the game's id."
    companies = data["companies"]
    if not isinstance(companies, list) or not companies or not all(
            isinstance(c, dict) and isinstance(c.get("id"), str) and isinstance(c.get("name"), (str, int))
            and isinstance(c.get("email", ""), (str, type(None))) for c in companies):
        return "`companies` must list the companies, each with id, name and email."
    for key in ("map", "rules", "dice"):
        if not isinstance(data[key], dict):
            return f"`{key}` must be a mapping."
    if data["dice"].get("mode") not in ("seeded", "recorded"):
        return "`dice.mode` must be seeded or recorded."
    if not isinstance(data.get("options") or {}, dict):
        return "`options` must be a mapping."
    return None


def _check_options(data: dict, path: Path):
    """Refuse game.yaml whose `options:` differ from those the game was made with (its
    `options_fingerprint`; a game made before it was recorded has none and is not checked)."""
    from ..kernel.options import options_changed
    recorded = data.get("options_fingerprint")
    changed = options_changed(data.get("options") or {}, str(recorded)) if recorded is not None else None
    if changed:
        raise DataError(f"game.yaml's options changed since the game was made ({changed}).", str(path),
                        f"Change a house rule with `umpire house-rule {shell_quote(str(path.parent))} KEY=VALUE "
                        "--reason TEXT`, "
                        "or put the options back; nothing was done.")


class GameFolder:
    """A game folder's files: game.yaml, secrets, the journal, stored orders and newsletters. What
    they mean to the game (its family, board, rules, state) is the Game's, umpire/game.py."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self._config = None
        self._events = None
        self._rolled_back = False                        # whether `_events` left out what a rollback undid
        self._journal_read: tuple[int, int, list[dict]] = (0, 0, [])   # bytes and lines parsed, their events
        self._unwritten: list[dict] = []                 # journaled in a batch not yet written
        self._orders_seen: tuple[int, dict, dict | None] = (0, {}, None)    # events read, latest orders, last
        self._batch: atomic.Batch | None = None           # the batch this folder's pending writes are in
        self._next_seq: dict[int, int] = {}              # round -> the next number for an order (in a batch)
        self._closed_checked = False
        self._created_checked = False
        self.memo: dict = {}        # what the layers above work out from this folder, kept while it lives

    # -- locations -----------------------------------------------------------
    @property
    def journal_path(self) -> Path:
        return self.path / JOURNAL_FILE

    def orders_dir(self, round_number: int) -> Path:
        return self.path / "orders" / str(round_number)

    @property
    def inbox(self) -> Path:
        return self.path / "inbox"

    @property
    def newsletters(self) -> Path:
        return self.path / "newsletters"

    def has_game_file(self) -> bool:
        return (self.path / GAME_FILE).exists()

    def require(self):
        if not self.has_game_file():
            raise UmpireError(f"{self.path} is not a game folder (it has no {GAME_FILE}).",
                              fix=f"Create a game with `umpire new {shell_quote(str(self.path))} --map ireland "
                                  '--rules laurin --company "red:Red Lines:red@example.org" '
                                  '--company "blue:Blue Star:blue@example.org"`.')
        if not self._closed_checked:
            self.check_closed()
            self._closed_checked = True
        return self

    def check_closed(self):
        """Refuse a game folder that is not closed: a symbolic link among its own files and folders
        (game.yaml, the journal, orders/ and each round's folder, newsletters/ and its files...)
        would let the umpire read or write outside it."""
        for name in CLOSED_ENTRIES:
            self._no_link(self.path / name)
        for sub in ("orders", "newsletters", "newsletters/superseded"):
            folder = self.path / sub
            if folder.is_dir():
                with os.scandir(folder) as entries:
                    for entry in entries:
                        if entry.is_symlink():
                            self._no_link(Path(entry.path))

    @staticmethod
    def _no_link(path: Path):
        if path.is_symlink():
            raise DataError(f"{path} is a symbolic link; the umpire reads and writes only inside the game folder and "
                            "follows no link there.", fix="Put the file or folder itself in its place (or restore it "
                            "from a backup); nothing was done.")

    # -- configuration -------------------------------------------------------
    @property
    def config(self) -> dict:
        if self._config is None:
            self.require()
            path = self.path / GAME_FILE
            try:
                data = safe_load(path.read_text(encoding="utf-8"))
            except (yaml.YAMLError, UnicodeDecodeError) as exc:
                raise DataError(f"not valid YAML text: {str(exc)[:300]}", str(path)) from None
            problem = _config_problem(data)
            if problem:
                raise DataError(problem, str(path), "game.yaml is written by `umpire new`; restore it from a backup.")
            if not GAME_ID.fullmatch(str(data["game"])):
                raise DataError(f"the game id {shown(str(data['game']))} is not one: {GAME_ID_RULE}.", str(path),
                                "Restore game.yaml from a backup; nothing was done.")
            _check_options(data, path)
            self._config = data
        return self._config

    def write_config(self, data: dict):
        """Write game.yaml anew (atomically); it is read and checked again when next asked for."""
        atomic.write_text(self.path / GAME_FILE, dump_yaml(data))
        self._config = None

    @property
    def game_id(self) -> str:
        return str(self.config["game"])

    def company_ids(self) -> list[str]:
        return [c["id"] for c in self.config["companies"]]

    def company(self, cid: str) -> dict | None:
        return next((c for c in self.config["companies"] if c["id"] == cid), None)

    @property
    def secrets(self) -> dict:
        path = self.path / SECRETS_FILE
        if not path.exists():
            raise DataError("the secrets file is missing.", str(path),
                            "It holds the order codes and the dice seed; restore it from a backup.")
        try:
            data = safe_load(path.read_text(encoding="utf-8")) or {}
        except (yaml.YAMLError, UnicodeDecodeError) as exc:
            raise DataError(f"not valid YAML text ({str(exc).splitlines()[0]}).", str(path),
                            "It holds the order codes and the dice seed; restore it from a backup.") from None
        codes = data.get("codes", {}) if isinstance(data, dict) else None
        if not isinstance(codes, dict) or not all(isinstance(c, str) for c in codes.values()) or \
                not isinstance(data.get("seed", ""), str):
            raise DataError("it must be a mapping with `codes: {company: code}` (and `seed: text`).", str(path),
                            "It is written by `umpire new`; restore it from a backup.")
        return data

    @property
    def codes(self) -> list[str]:
        """The order codes of the game, today's and those retired by `replace`: secret, masked
        wherever a player's text is echoed."""
        secrets = self.secrets
        retired = secrets.get("retired_codes") or {}
        old = [r.get("code") for rs in (retired.values() if isinstance(retired, dict) else [])
               for r in (rs if isinstance(rs, list) else []) if isinstance(r, dict)]
        return list(secrets.get("codes", {}).values()) + [c for c in old if isinstance(c, str)]

    def order_text(self, data: bytes) -> str:
        """An order's bytes as text, every order code of the game masked where the player's text may
        be echoed (everywhere but the CODE line's value; see orders.mask_codes)."""
        return mask_codes(decode(data), self.codes)

    # -- journal -------------------------------------------------------------
    @property
    def events(self) -> list[dict]:
        """The events in force: the journal's, less what a rollback undid (see `in_force`)."""
        if self._events is None:
            raw = self.journal()
            self._check_created(raw)
            self._rolled_back = any(e["type"] == "rollback" for e in raw)
            self._events = raw if not self._rolled_back else [raw[i] for i in in_force(raw)]
        return self._events

    def journal(self) -> list[dict]:
        """Every event journaled, rolled back or not, in order."""
        return self._read_journal() + self._unwritten

    def edition(self, issue: int) -> int:
        """How many earlier editions of newsletter `issue` a rollback superseded (0: the first)."""
        name = f"newsletters/{issue:03d}.txt"
        return sum(1 for e in self.journal() if e["type"] == "rollback" and name in e.get("superseded", {}))

    def finish_rollback(self):
        """Move the newsletters the last rollback superseded, if a crash stopped it before it did."""
        last = next((e for e in reversed(self.journal()) if e["type"] == "rollback"), None)
        for old, new in (last or {}).get("superseded", {}).items():
            source, target = self.inside(old), self.inside(new)
            if source.exists() and not target.exists():
                target.parent.mkdir(exist_ok=True)
                atomic.move(source, target)

    def _read_journal(self) -> list[dict]:
        """The journal's events. It is append-only, so only what was added since the last read is
        parsed; a final line without its newline (an append a crash interrupted) is not an event."""
        offset, count, events = self._journal_read
        if not self.journal_path.exists():
            return []
        with open(self.journal_path, "rb") as f:
            if f.seek(0, 2) < offset:
                offset, count, events = 0, 0, []
            f.seek(offset)
            tail = atomic.complete_lines(f.read())
        events = list(events)
        for number, line in enumerate(tail.decode("utf-8").splitlines(), count + 1):
            count = number
            if not line.strip():
                continue
            try:
                event = json.loads(line)
            except (json.JSONDecodeError, RecursionError) as exc:
                raise DataError(f"a journal line is not JSON ({getattr(exc, 'msg', exc)}).",
                                f"{self.journal_path}, line {number}",
                                "The journal is append-only; restore it from a backup.") from None
            problem = _event_problem(event)
            if problem:
                raise DataError(f"{quote(line)} is not an event as the umpire writes it: {problem}.",
                                f"{self.journal_path}, line {number}",
                                "The journal is append-only; restore it from a backup.")
            events.append(event)
        self._journal_read = (offset + len(tail), count, events)
        return events

    def _check_created(self, events: list[dict]):
        """Refuse a game folder whose journal `umpire new` did not begin: empty, or not opening with
        game_created (checked once: the journal only grows)."""
        if self._created_checked or not self.has_game_file():
            return
        first = next((e for e in events if e["type"] != "command"), None)
        if first is not None and first["type"] == "game_created":
            self._created_checked = True
            return
        what = ("the journal is empty: the game was never created." if first is None else
                "the journal does not begin with the game's creation (a game_created event).")
        raise DataError(what, str(self.journal_path), "Create the game in a new folder with `umpire new`, or restore "
                        "the game folder from a backup; nothing was done.")

    def append(self, events: list[dict], batch: atomic.Batch | None = None):
        """Journal events: now, or (one event standing alone) with the batch's other writes."""
        if batch is None:
            atomic.append_lines(self.journal_path, events)
        else:
            if len(events) != 1:
                raise ValueError("a batch journals events one by one")
            self._join(batch)
            lines = atomic.json_lines(events)
            batch.append_line_bytes(self.journal_path, lines)
            added = [json.loads(lines)]                      # the event as it will be read back
            self._unwritten += added
            if self._events is not None and not self._rolled_back and \
                    not any(e.get("type") == "rollback" for e in added):
                self._events = self._events + added          # what `events` would read again
                return
        self._events = None

    def _join(self, batch: atomic.Batch):
        if self._batch is not batch:
            self._batch = batch
            batch.after(self._batch_ended)

    def _batch_ended(self, written: bool):
        self._batch = None
        self._unwritten = []
        self._events = None
        self._next_seq.clear()

    @property
    def seeded(self) -> bool:
        """Whether the game's dice (or draws) come from its seed, which its last newsletter reveals."""
        return self.config["dice"].get("mode") == "seeded"

    # -- files named in the journal -----------------------------------------------
    def inside(self, relative: str) -> Path:
        """The path of a file the journal names, refused unless it lies inside the game folder
        (relative, no `..`) with no symbolic link on the way."""
        parts = PurePosixPath(str(relative)).parts
        if not parts or PurePosixPath(str(relative)).is_absolute() or ".." in parts or "\\" in str(relative):
            raise DataError(f"the journal names {shown(str(relative), 120)}, a path outside the game folder.",
                            str(self.journal_path), "The game folder is closed: files are read only inside it; "
                            "restore the journal from a backup.")
        path = self.path
        for part in parts:
            path = path / part
            if path.is_symlink():
                raise DataError(f"{path} is a symbolic link; the umpire follows none inside a game folder.",
                                fix="Put the file itself there (or restore it from a backup).")
        return path

    def read_bytes(self, relative: str) -> bytes:
        """A file the journal names (a stored order), read only inside the game folder."""
        path = self.inside(relative)
        try:
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError as exc:
            raise DataError(f"cannot read {relative} ({exc.strerror}).", str(self.path),
                            "The journal names it; restore it from a backup.") from None
        with os.fdopen(fd, "rb") as f:
            return f.read()

    # -- orders --------------------------------------------------------------
    def store_raw(self, round_number: int, who: str, data: bytes, batch: atomic.Batch | None = None) -> Path:
        """Keep received order text verbatim under a new name; returns the path relative to the folder.
        In a batch the folder is listed once for its highest number, and later names count on."""
        folder = self.orders_dir(round_number)
        if batch is None or round_number not in self._next_seq:
            folder.mkdir(parents=True, exist_ok=True)
            taken = [name.split("-", 1)[0] for name in os.listdir(folder)]
            self._next_seq[round_number] = 1 + max((int(n) for n in taken if n.isdigit()), default=0)
        if batch is not None:
            self._join(batch)
        while True:
            seq = self._next_seq[round_number]
            self._next_seq[round_number] = seq + 1
            name = f"{seq:04d}-{who}.txt"
            if (batch or atomic).write_new(folder / name, data):
                return Path("orders", str(round_number), name)

    def latest_orders(self, round_number: int) -> dict[str, str]:
        """Company -> the file of its newest accepted order for the round."""
        events = self.events
        count, latest, last = self._orders_seen
        if count > len(events) or (count and events[count - 1] is not last):
            count, latest = 0, {}
        for e in events[count:]:
            if e["type"] == "order_received":
                latest.setdefault(e["round"], {})[e["company"]] = e["file"]
        self._orders_seen = (len(events), latest, events[-1] if events else None)
        return dict(latest.get(round_number, {}))

    def newsletter_count(self) -> int:
        return sum(1 for e in self.events if e["type"] == "newsletter")
