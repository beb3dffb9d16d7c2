"""Which umpire and which reportlab drew each newsletter: `drawn.jsonl` in the game folder.

A PDF's bytes depend on the reportlab that drew it; the journal must not (it is compared byte
for byte on any machine). So beside the journal an append-only file records, one line for each
newsletter issued, its number, its edition (how many earlier issues of that number a rollback set
aside) and the versions of the umpire and of reportlab that drew it:

    {"edition": 0, "newsletter": 3, "reportlab": "5.1.0", "umpire": "0.2.0"}

The line is appended after the newsletter's files are written and before the journal says it
was issued, so every newsletter the journal names has its line. A command a crash stopped writes
the newsletter and its line again when it is finished; the last line of a number and edition
counts. A rollback needs no line of its own: a newsletter it sets aside keeps its edition, and the
one issued again in its place is the next edition. A game begun before the umpire kept this file
has none: its PDFs count as drawn by a reportlab of unknown version.
"""

from __future__ import annotations

import json

from .. import __version__
from ..store import atomic
from ..store.folder import DRAWN_FILE, GameFolder
from ..versions import reportlab_version


def editions(journal: list[dict]) -> list[tuple[int, dict, int]]:
    """Every newsletter the journal issued, rolled back or not: (journal position, event, edition)."""
    seen: dict[int, int] = {}
    out = []
    for position, event in enumerate(journal):
        if event["type"] == "newsletter":
            out.append((position, event, seen.get(event["number"], 0)))
            seen[event["number"]] = seen.get(event["number"], 0) + 1
    return out


def record(folder: GameFolder, number: int):
    """Record that this umpire and its reportlab drew newsletter `number` (call before journaling it)."""
    edition = sum(1 for e in folder.journal() if e["type"] == "newsletter" and e["number"] == number)
    atomic.append_lines(folder.inside(DRAWN_FILE), [{"newsletter": number, "edition": edition,
                                                     "umpire": __version__, "reportlab": reportlab_version()}])


def read(folder: GameFolder) -> dict[tuple[int, int], dict]:
    """(newsletter, edition) -> its record, the last line of each counting. A line the umpire did
    not write (not JSON, or without a number and edition) records nothing: that newsletter counts
    as drawn by a reportlab of unknown version."""
    path = folder.inside(DRAWN_FILE)
    if not path.is_file():
        return {}
    found = {}
    for line in atomic.complete_lines(path.read_bytes()).decode("utf-8", "replace").splitlines():
        try:
            entry = json.loads(line)
            found[(int(entry["newsletter"]), int(entry["edition"]))] = entry
        except (ValueError, TypeError, KeyError, RecursionError):
            continue
    return found
