"""The dice of a game as a player or archivist checks them: every roll so far (`umpire dice`),
the rolls the next resolve needs (`--next`), and the check of every roll against the revealed seed
or the recorded dice file (`umpire verify`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .dice import commitment, read_dice_file, seeded_value
from .errors import DataError, UmpireError
from .store.folder import DICE_FILE, GameFolder


@dataclass(frozen=True)
class Roll:
    number: int
    purpose: str
    value: int
    line: int | None = None            # the dice file's line, for recorded dice


def rolls(folder: GameFolder) -> list[Roll]:
    """Every roll in force, numbered in the order made; recorded dice with their file line."""
    folder.require()
    made = [e for e in folder.events if e["type"] == "roll"]
    lines: list[int | None] = [None] * len(made)
    if _recorded(folder):
        recorded = read_dice_file(_dice_path(folder))
        lines = [recorded[i].line if i < len(recorded) else None for i in range(len(made))]
    return [Roll(i, e["purpose"], e["value"], line) for i, (e, line) in enumerate(zip(made, lines), 1)]


def next_rolls(folder: GameFolder) -> list[Roll]:
    """The rolls the next resolve will make, worked out on a scratch copy of the game (nothing is
    written, no die used up). Recorded dice that run out stop it with the roll needed named."""
    from .round_preview import preview
    first = len([e for e in folder.events if e["type"] == "roll"]) + 1
    made = [e for e in preview(folder).events if e["type"] == "roll"]
    recorded = read_dice_file(_dice_path(folder)) if _recorded(folder) else None
    return [Roll(first + i, e["purpose"], e["value"],
                 recorded[first - 1 + i].line if recorded and first - 1 + i < len(recorded) else None)
            for i, e in enumerate(made)]


@dataclass(frozen=True)
class Verdict:
    checked: int
    mismatch: str | None = None        # the first roll that does not check, said in full
    note: str = ""


def verify(folder: GameFolder) -> Verdict:
    """Recompute every roll the journal holds (rolled back or not) from the seed, after checking
    the seed against its commitment; for recorded dice, compare with the file in order."""
    folder.require()
    if _recorded(folder):
        recorded = read_dice_file(_dice_path(folder))
        made = [e for e in folder.events if e["type"] == "roll"]
        for i, e in enumerate(made):
            die = recorded[i] if i < len(recorded) else None
            if die is None or die.value != e["value"]:
                has = f"line {die.line} of the dice file holds {die.value}" if die else "the dice file has no more dice"
                return Verdict(i, f"roll {i + 1} ({e['purpose']}) was {e['value']}, but {has}.")
        return Verdict(len(made), note="recorded dice, compared with the dice file in order")
    seed = folder.secrets.get("seed")
    if not seed:
        raise DataError("the seed is not in secrets.yaml, so the rolls cannot be recomputed.",
                        str(folder.path), "Verify with the GM's copy of the game folder, or with "
                        "`umpire verify --newsletters DIR` once the seed is printed.")
    promised = (folder.config.get("dice") or {}).get("commitment")
    if promised and commitment(seed) != promised:
        return Verdict(0, f"the seed's SHA-256 {commitment(seed)} is not the commitment {promised} "
                          "given when the game was created.")
    made = [e for e in folder.journal() if e["type"] == "roll"]
    for i, e in enumerate(made):
        expected = seeded_value(seed, e["purpose"])
        if expected != e["value"]:
            return Verdict(i, f"roll {i + 1} ({e['purpose']}) was {e['value']}; the seed gives {expected}.")
    revealed = any(e["type"] == "game_finished" for e in folder.events)
    return Verdict(len(made), note="the seed was revealed at the end" if revealed else
                   "the seed is not revealed yet: checked with the GM's secrets.yaml")


def _recorded(folder: GameFolder) -> bool:
    return (folder.config.get("dice") or {}).get("mode") == "recorded"


def _dice_path(folder: GameFolder):
    return folder.inside((folder.config.get("dice") or {}).get("file", DICE_FILE))


_COMMITMENT = re.compile(r"commitment is\s+([0-9a-f]{64})")
_SEED = re.compile(r"^The dice seed was: (.+)$", re.M)
_ROLL = re.compile(r"^ +(\d+)  (.+): ([1-6])$", re.M)


def verify_newsletters(folder: Path) -> Verdict:
    """What a player can check with only the issued text newsletters: the seed printed at the end
    against the commitment of newsletter 001, then every roll the newsletters print."""
    issues = sorted(p for p in Path(folder).glob("[0-9][0-9][0-9].txt"))
    if not issues:
        raise UmpireError(f"{folder} holds no newsletters (001.txt, 002.txt, ...).",
                          fix="Give the folder the text editions of the newsletters are in.")
    texts = {p.name: p.read_text(encoding="utf-8", errors="replace") for p in issues}
    promised = next((m.group(1) for t in texts.values() for m in [_COMMITMENT.search(t)] if m), None)
    seed = next((m.group(1).strip() for t in texts.values() for m in [_SEED.search(t)] if m), None)
    if promised is None:
        return Verdict(0, "no newsletter prints the dice commitment (newsletter 001 does, for seeded dice; a game "
                          "with recorded dice has none to check).")
    if seed is None:
        return Verdict(0, "no newsletter prints the seed yet: it is revealed in the final newsletter.")
    if commitment(seed) != promised:
        return Verdict(0, f"the seed printed at the end has the SHA-256 {commitment(seed)}, not the commitment "
                          f"{promised} of newsletter 001.")
    expected_number, checked = 1, 0
    for name, text in texts.items():
        for m in _ROLL.finditer(text.split("EVERY ROLL OF THIS ISSUE", 1)[1] if "EVERY ROLL OF THIS ISSUE" in text
                                else ""):
            number, purpose, value = int(m.group(1)), m.group(2), int(m.group(3))
            if number != expected_number:
                return Verdict(checked, f"roll {expected_number} is missing before {name} (its first roll is "
                                        f"{number}): is a newsletter missing from {folder}?")
            if seeded_value(seed, purpose) != value:
                return Verdict(checked, f"roll {number} ({purpose}) in {name} is {value}; the seed gives "
                                        f"{seeded_value(seed, purpose)}.")
            expected_number, checked = expected_number + 1, checked + 1
    return Verdict(checked, note=f"from {len(issues)} newsletters; the seed checks against the commitment")
