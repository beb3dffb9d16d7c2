"""The dice of a game as a player or archivist checks them: every roll so far (`umpire dice`),
the rolls the next resolve needs (`--next`), and the check of every roll against the revealed seed
or the recorded dice file (`umpire verify`)."""

from __future__ import annotations

from dataclasses import dataclass

from .dice import commitment, read_dice_file, seeded_value
from .errors import DataError
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
