"""Replay: rebuild a game from its inputs in a scratch folder and compare it byte for byte.

The inputs are game.yaml, map.yaml, rules.yaml, secrets.yaml (the seed) or dice.txt (draws.txt), the
stored order files in the order the journal received them, and the commands in the journal.
What the mail service refused at the door (sender, lateness) is replayed from the journal's
record, not decided again.
The journal must come out identical, and so must every issued newsletter when the game was
created under the newsletter layout this umpire writes (game.yaml `newsletter_layout`); a game
from an earlier layout has its newsletters written anew but not compared, and the outcome says so.

The rebuild is a scratch folder (its writes are not made durable), and its newsletter PDFs are
drawn by worker processes while the journal is replayed (render/pdf_batch.py). A quick replay
draws no PDFs: it checks the journal and the text editions only.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from . import actions, corrections, rollback
from .errors import UmpireError
from .render import NEWSLETTER_LAYOUT
from .render.pdf_batch import PdfBatch, worker_count
from .render.pdf_batch import flush as flush_pdfs
from .store import atomic
from .store.folder import GAME_FILE, MAP_FILE, RECORDED_FILES, RULES_FILE, SECRETS_FILE, GameFolder, dump_yaml

INPUTS = (GAME_FILE, MAP_FILE, RULES_FILE, SECRETS_FILE, *RECORDED_FILES.values())


@dataclass
class Difference:
    file: str
    detail: str

    def __str__(self):
        return f"{self.file}: {self.detail}"


@dataclass
class Outcome:
    commands: int
    orders: int
    newsletters: list[str]                   # the newsletter files issued (a quick replay: the texts)
    differences: list[Difference]
    layout: int = NEWSLETTER_LAYOUT          # the newsletter layout the game was created under
    quick: bool = False                      # PDFs not drawn: journal and text editions only

    @property
    def newsletters_compared(self) -> bool:
        return self.layout == NEWSLETTER_LAYOUT


def replay(path: Path, quick: bool = False, workers: int | None = None,
           step: Callable[[int, int], None] | None = None, drawn: Callable[[int, int], None] | None = None) -> Outcome:
    """Rebuild the game at `path` in a temporary folder and compare.

    `workers`: processes drawing the PDFs (default: one per CPU, none for a game of few
    newsletters). `quick`: draw no PDFs; compare the journal and the text editions.
    `step(done, total)` is told as each journal line is replayed, `drawn(done, total)` as each PDF
    is written."""
    original = GameFolder(path).require()
    issued = sum(1 for e in original.journal() if e["type"] == "newsletter")
    layout = newsletter_layout(original)
    compared = layout == NEWSLETTER_LAYOUT
    with tempfile.TemporaryDirectory(prefix="umpire-replay-", dir=scratch_root(original.path)) as tmp, \
            atomic.scratch():
        copy = GameFolder(Path(tmp) / Path(path).resolve().name)
        with PdfBatch(workers or worker_count(issued), draw=compared and not quick, done=drawn):
            commands, orders, problem = rebuild(original, copy, step)
        differences = [problem] if problem else []
        differences += compare(original, copy, newsletters=compared, pdfs=not quick)
        files = [f for e in original.events if e["type"] == "newsletter" for f in e["files"]
                 if not (quick and f.endswith(".pdf"))]
        return Outcome(commands, orders, files, differences, layout, quick)


def scratch_root(game: Path) -> str | None:
    """Where to rebuild: in memory (/dev/shm) when it has ample room for the game, else in the
    system's temporary folder (None)."""
    memory = Path("/dev/shm")
    if not (memory.is_dir() and os.access(memory, os.W_OK)):
        return None
    size = sum(entry.stat().st_size for entry in game.rglob("*") if entry.is_file())
    return str(memory) if shutil.disk_usage(memory).free > 4 * size + (256 << 20) else None


def newsletter_layout(folder: GameFolder) -> int:
    """The newsletter layout a game was created under (1 for games from before it was recorded)."""
    return int(folder.config.get("newsletter_layout", 1))


def rebuild(original: GameFolder, copy: GameFolder,
            step: Callable[[int, int], None] | None = None) -> tuple[int, int, Difference | None]:
    """Play the journal's inputs into `copy`; returns the commands and orders replayed, and why it stopped early.
    `step(done, total)` is told as each journal line is replayed."""
    copy.path.mkdir(parents=True)
    for name in INPUTS:
        if (original.path / name).exists():
            shutil.copyfile(original.path / name, copy.path / name)
    for sub in ("orders", "inbox", "newsletters"):
        (copy.path / sub).mkdir()
    journal = original.journal()
    as_begun(original, copy, journal)
    commands = orders = 0
    for number, event in enumerate(journal, 1):
        try:
            if event["type"] == "command":
                _command(copy, event, journal[number:])
                commands += 1
            elif event["type"] in GM_EVENTS:
                flush_pdfs()                       # a rollback moves the newsletters issued so far
                _gm_event(original, copy, event, journal, number - 1)
                commands += 1
            elif event["type"] in ("order_received", "order_refused"):
                _order(copy, event, original.read_bytes(event["file"]))
                orders += 1
        except (UmpireError, OSError) as exc:
            message = exc.message if isinstance(exc, UmpireError) else str(exc)
            return commands, orders, Difference("journal.jsonl", f"the rebuild stopped at line {number} "
                                                f"({event['type']} {event.get('command', '')}): {message}")
        if step:
            step(number, len(journal))
    return commands, orders, None


def _order(folder: GameFolder, event: dict, data: bytes):
    """An order as the journal received it. What the mail service decided at the door from what
    replay cannot see (the sender, the time the server received it) is taken from the journal's
    record, not decided again: a mail order refused there is refused again with the same reason,
    and one held as late is held again."""
    via = event.get("via", "submit")
    by_mail = via.startswith("mail ")
    if by_mail and event["type"] == "order_refused":
        actions.refuse(folder, data, via, event["reason"], event.get("company"))
        return
    actions.submit(folder, data, via=via, require_code=not via.startswith(("submit", "demo", "play")),
                   late=event.get("held") if by_mail else None,
                   after_deadline=bool(event.get("after_deadline")))


GM_EVENTS = ("rollback", "adjusted", "company_replaced", "press_held", "deadline_changed", "absence", "wait")


def as_begun(original: GameFolder, copy: GameFolder, journal: list[dict]):
    """The copy's order codes and companies as they were before any company was replaced."""
    replaced = [e for e in journal if e["type"] == "company_replaced"]
    if not replaced:
        return
    secrets = dict(original.secrets, codes=corrections.codes_at_start(original.secrets, journal))
    secrets.pop("retired_codes", None)
    atomic.write_text(copy.path / SECRETS_FILE, dump_yaml(secrets))
    config = dict(copy.config)
    first = {}
    for e in replaced:
        first.setdefault(e["company"], e["before"])
    config["companies"] = [dict(c, **first.get(c["id"], {})) for c in config["companies"]]
    atomic.write_text(copy.path / GAME_FILE, dump_yaml(config))
    copy._config = None


def _gm_event(original: GameFolder, copy: GameFolder, event: dict, journal: list[dict], position: int):
    """Repeat a GM's rollback, correction, replacement or held press on the copy."""
    if event["type"] == "rollback":
        rollback.rollback(copy, event["to_round"])
    elif event["type"] == "adjusted":
        corrections.adjust(copy, event["company"], event["units"], event["reason"])
    elif event["type"] in ("press_held", "deadline_changed", "absence", "wait"):   # journaled as they are
        copy.append([dict(event)])
    else:
        code = corrections.code_after(original.secrets, journal, position, event["company"])
        corrections.replace(copy, event["company"], event["email"], event.get("name"), code)


def _command(folder: GameFolder, event: dict, after: list[dict]):
    name = event["command"]
    if name == "new":
        actions.open_game(folder)
    elif name == "resolve":
        actions.resolve(folder)
    else:                       # a command of the game's family (it says if it knows none such)
        actions.family_command(folder, name, folder.family.replay_args(event, after))


def compare(original: GameFolder, copy: GameFolder, newsletters: bool = True, pdfs: bool = True) -> list[Difference]:
    """The journal and (unless told not to) every newsletter the original issued, byte for byte;
    without `pdfs`, the text editions only."""
    out = []
    journal = original.journal()
    moved = {old: new for e in journal if e["type"] == "rollback" for old, new in e.get("superseded", {}).items()}
    names = ["journal.jsonl"] + [moved.get(f, f) for e in journal if e["type"] == "newsletter" for f in e["files"]
                                 if newsletters and (pdfs or not f.endswith(".pdf"))]
    for name in names:
        a, b = original.inside(name), copy.path / name
        if not a.exists():
            out.append(Difference(name, "the game folder lacks it, though the journal says it was issued."))
        elif not b.exists():
            out.append(Difference(name, "the rebuild did not write it."))
        else:
            detail = describe_difference(a.read_bytes(), b.read_bytes(), text=not name.endswith(".pdf"))
            if detail:
                out.append(Difference(name, detail))
    return out


def describe_difference(old: bytes, new: bytes, text: bool) -> str | None:
    """None when equal; else where the bytes first differ (by line for text)."""
    if old == new:
        return None
    if text:
        a, b = old.decode("utf-8", "replace").splitlines(), new.decode("utf-8", "replace").splitlines()
        for i, (x, y) in enumerate(zip(a, b), 1):
            if x != y:
                return f"line {i} differs:\n    issued:  {x[:200]}\n    rebuilt: {y[:200]}"
        return f"the issued file has {len(a)} lines, the rebuilt one {len(b)}."
    first = next((i for i, (x, y) in enumerate(zip(old, new)) if x != y), min(len(old), len(new)))
    return f"{len(old)} bytes issued, {len(new)} rebuilt; they first differ at byte {first}."
