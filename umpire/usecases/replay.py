"""Replay: rebuild a game from its inputs in a scratch folder and compare it byte for byte.

The inputs are game.yaml, map.yaml, rules.yaml, secrets.yaml (the seed) or dice.txt (draws.txt), the
stored order files in the order the journal received them, and the commands in the journal.
What the mail service refused at the door (sender, lateness) is replayed from the journal's
record, not decided again.
The journal must come out identical, and so must every issued newsletter when the game was
created under the newsletter layout this umpire writes (game.yaml `newsletter_layout`); a game
from an earlier layout has its newsletters written anew but not compared, and the outcome says so.
A PDF's bytes also depend on the reportlab that drew it: a PDF is compared byte for byte only when
the reportlab running now drew it (drawn.jsonl, usecases/drawn.py), else by its text layer (read by
pdftotext; where it is not installed, not at all), and the outcome says so.

The rebuild is a scratch folder (its writes are not made durable), and its newsletter PDFs are
drawn by worker processes while the journal is replayed (usecases/pdf_batch.py). A quick replay
draws no PDFs: it checks the journal and the text editions only.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import UmpireError
from ..game import Game
from ..kernel import language
from ..kernel.language import speaking
from ..render import NEWSLETTER_LAYOUT, own_templates, text_layer
from ..store import atomic
from ..store.folder import (
    GAME_FILE,
    MAP_FILE,
    RECORDED_FILES,
    RULES_FILE,
    SECRETS_FILE,
    GameFolder,
    dump_yaml,
)
from ..versions import reportlab_version
from . import actions, corrections, rollback
from .drawn import DRAWN_FILE, editions
from .drawn import read as read_drawn
from .pdf_batch import PdfBatch, worker_count
from .pdf_batch import flush as flush_pdfs

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
    notes: list[str] = field(default_factory=list)   # a line for each other reportlab that drew PDFs
    by_text: int = 0                         # PDFs drawn by another reportlab, compared by their text layers
    not_compared: int = 0                    # PDFs drawn by another reportlab, not compared (no pdftotext)

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
        found = compare(original, copy, newsletters=compared, pdfs=not quick)
        files = [f for e in original.events if e["type"] == "newsletter" for f in e["files"]
                 if not (quick and f.endswith(".pdf"))]
        return Outcome(commands, orders, files, differences + found.differences, layout, quick, found.notes,
                       found.by_text, found.not_compared)


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
    if (original.path / own_templates.FOLDER).is_dir():        # the GM's own templates the game was made with
        shutil.copytree(original.path / own_templates.FOLDER, copy.path / own_templates.FOLDER)
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
    and one held as late is held again. A mail order is read in the language of its seat, as the
    mail service read it (its refused lines are journaled as the player was told them)."""
    via = event.get("via", "submit")
    by_mail = via.startswith("mail ")
    if by_mail and event["type"] == "order_refused":
        actions.refuse(folder, data, via, event["reason"], event.get("company"))
        return
    with speaking(language.of_seat(folder.config, event.get("company")) if by_mail else None):
        actions.submit(folder, data, via=via, require_code=not via.startswith(("submit", "demo", "play")),
                       late=event.get("held") if by_mail else None,
                       after_deadline=bool(event.get("after_deadline")))


GM_EVENTS = ("rollback", "adjusted", "adjust_undone", "company_replaced", "press_held", "deadline_changed", "absence",
             "wait", "gm_note", "house_rule")


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
    copy.write_config(config)


def _gm_event(original: GameFolder, copy: GameFolder, event: dict, journal: list[dict], position: int):
    """Repeat a GM's rollback, correction, replacement or held press on the copy."""
    if event["type"] == "rollback":
        rollback.rollback(copy, event["to_round"])
    elif event["type"] == "adjusted":
        corrections.adjust(copy, event["company"], event["units"], event["reason"])
    elif event["type"] == "adjust_undone":
        corrections.undo_adjust(copy)
    elif event["type"] in ("press_held", "deadline_changed", "absence", "wait", "gm_note", "house_rule"):  # as they are
        copy.append([dict(event)])
    else:
        code = corrections.code_after(original.secrets, journal, position, event["company"])
        corrections.replace(copy, event["company"], event["email"], event.get("name"), code)


def _command(folder: GameFolder, event: dict, after: list[dict]):
    name = event["command"]
    at = next((e.get("at") for e in after if e["type"] == "newsletter"), None)   # the time it was given, as journaled
    if name == "new":
        actions.open_game(folder)
    elif name == "resolve":
        actions.resolve(folder, at=at)
    else:                       # a command of the game's family (it says if it knows none such)
        actions.family_command(folder, name, Game.of(folder).family.replay_args(event, after), at=at)


@dataclass
class Comparison:
    differences: list[Difference]
    notes: list[str]             # one line for each reportlab other than this one that drew PDFs
    by_text: int = 0             # PDFs compared by their text layers
    not_compared: int = 0        # PDFs drawn by another reportlab and not compared (no pdftotext)


def compare(original: GameFolder, copy: GameFolder, newsletters: bool = True, pdfs: bool = True) -> Comparison:
    """The journal and (unless told not to) every newsletter the original issued, where it lies
    now (a rollback sets newsletters aside): the text editions byte for byte, and each PDF byte for
    byte where the reportlab running now drew it (drawn.jsonl), else by its text layer. Without
    `pdfs`, the text editions only."""
    journal = original.journal()
    names, others = ["journal.jsonl"], {}
    if newsletters:
        records, here = read_drawn(original), reportlab_version()
        for position, event, edition in editions(journal):
            moved = set_aside(journal, position)
            for f in event["files"]:
                if f.endswith(".pdf"):
                    if not pdfs:
                        continue
                    version = records.get((event["number"], edition), {}).get("reportlab")
                    if version != here:
                        others.setdefault(version, []).append((event["number"], moved.get(f, f)))
                        continue
                names.append(moved.get(f, f))
    out = [d for d in (_bytes_differ(original, copy, name) for name in names) if d]
    found = Comparison(out, [])
    for version, drawn in sorted(others.items(), key=lambda item: item[1][0][0]):
        _by_text_layer(original, copy, version, drawn, found)
    return found


def set_aside(journal: list[dict], position: int) -> dict[str, str]:
    """Where the rollback that undid the newsletter journaled at `position` set its files aside
    (file -> where it lies now); empty if none undid it."""
    for event in journal[position + 1:]:
        if event["type"] == "rollback" and event["undoes"][0] <= position <= event["undoes"][1]:
            return event.get("superseded", {})
    return {}


def _missing(original: GameFolder, copy: GameFolder, name: str) -> Difference | None:
    if not original.inside(name).exists():
        return Difference(name, "the game folder lacks it, though the journal says it was issued.")
    if not (copy.path / name).exists():
        return Difference(name, "the rebuild did not write it.")
    return None


def _bytes_differ(original: GameFolder, copy: GameFolder, name: str) -> Difference | None:
    missing = _missing(original, copy, name)
    if missing:
        return missing
    detail = describe_difference(original.inside(name).read_bytes(), (copy.path / name).read_bytes(),
                                 text=not name.endswith(".pdf"))
    return Difference(name, detail) if detail else None


def _by_text_layer(original: GameFolder, copy: GameFolder, version: str | None, drawn: list[tuple[int, str]],
                   found: Comparison):
    """Compare the text layers of PDFs that reportlab `version` drew (None: the game has no record
    of it), and say so in one line of `found.notes`."""
    numbers = number_ranges(sorted({number for number, _ in drawn}))
    by = (f"reportlab {version}" if version else
          f"a reportlab the game has no record of (games begun before umpire 0.2.0 have no {DRAWN_FILE})")
    here = reportlab_version()
    if not text_layer.available():
        found.notes.append(f"The PDFs of newsletters {numbers} were drawn by {by}, this is {here}, and "
                           f"{text_layer.PROGRAM} (poppler-utils) is not installed to read their text: "
                           "they were not compared.")
        found.not_compared += len(drawn)
        return
    found.notes.append(f"The PDFs of newsletters {numbers} were drawn by {by}, this is {here}: "
                       "their text layers were compared.")
    missing = [d for d in (_missing(original, copy, name) for _, name in drawn) if d]
    found.differences += missing
    present = [name for _, name in drawn if name not in {d.file for d in missing}]
    texts = text_layer.texts_of([original.inside(n) for n in present] + [copy.path / n for n in present])
    for name, issued, rebuilt in zip(present, texts[:len(present)], texts[len(present):]):
        if isinstance(issued, OSError) or isinstance(rebuilt, OSError):
            found.differences.append(Difference(name, f"its text layer could not be read "
                                                      f"({issued if isinstance(issued, OSError) else rebuilt})."))
            continue
        detail = describe_difference(issued, rebuilt, text=True)
        if detail:
            found.differences.append(Difference(name, f"its text layer differs: {detail}"))
    found.by_text += len(drawn)


def number_ranges(numbers: list[int]) -> str:
    """Newsletter numbers as runs: [1, 2, 3, 5] -> "001-003, 005"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]:03d}-{r[-1]:03d}" if len(r) > 1 else f"{r[0]:03d}" for r in runs)


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
