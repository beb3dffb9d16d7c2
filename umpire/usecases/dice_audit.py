"""The dice (or draws) of a game as a player or archivist checks them: every roll so far (`umpire
dice`), the rolls the next resolve needs (`--next`), and the check of every roll against the
revealed seed or the recorded dice file (`umpire verify`). A family that draws (Volldampf: cubes,
cards) lists its draws the same way; its draws are checked by replaying the game from the seed or
the recorded draws file, since a draw's outcome depends on what was left to draw."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from shlex import quote as shell_quote

from ..errors import DataError, UmpireError
from ..game import Game
from ..kernel import roll_words
from ..kernel.dice import commitment, read_dice_file, seeded_value
from ..store.folder import DICE_FILE, GameFolder


@dataclass(frozen=True)
class Roll:
    number: int
    purpose: str
    value: int | str                   # a die's value, or what was drawn (`blue`, `octagon`)
    line: int | None = None            # the dice or draws file's line, for recorded randomness


def word(folder: GameFolder) -> str:
    """What the game's randomness is called: `roll` (dice) or `draw`."""
    return "roll" if Game.of(folder).family.recorded == "dice" else "draw"


def _made(events: list[dict], kind: str) -> list[tuple[str, int | str]]:
    if kind == "roll":
        return [(e["purpose"], e["value"]) for e in events if e["type"] == "roll"]
    return [(e["purpose"], f"{e['kind']} {e['outcome']}") for e in events if e["type"] == "draw"]


def _lines(folder: GameFolder) -> list[int] | None:
    if not _recorded(folder):
        return None
    if word(folder) == "roll":
        return [die.line for die in read_dice_file(_dice_path(folder))]
    from ..kernel.draws import read_draws_file
    return [draw.line for draw in read_draws_file(_dice_path(folder))]


def rolls(folder: GameFolder) -> list[Roll]:
    """Every roll (or draw) in force, numbered in the order made; recorded ones with their file line."""
    folder.require()
    made, lines = _made(folder.events, word(folder)), _lines(folder) or []
    return [Roll(i, purpose, value, lines[i - 1] if i <= len(lines) else None)
            for i, (purpose, value) in enumerate(made, 1)]


def next_rolls(folder: GameFolder) -> list[Roll]:
    """The rolls (or draws) the next resolve will make, worked out on a scratch copy of the game
    (nothing is written, nothing used up). Recorded ones that run out stop it, the one needed named."""
    from .round_preview import preview
    kind = word(folder)
    if Game.of(folder.require()).state().phase == "finished":
        raise UmpireError(f"game {folder.game_id} is finished; no resolve is to come, so no {kind} is needed.",
                          fix=f"`umpire dice {shell_quote(str(folder.path))}` lists every {kind} made.")
    first = len(_made(folder.events, kind)) + 1
    made, lines = _made(preview(folder).events, kind), _lines(folder) or []
    return [Roll(first + i, purpose, value, lines[first - 1 + i] if first - 1 + i < len(lines) else None)
            for i, (purpose, value) in enumerate(made)]


@dataclass(frozen=True)
class Verdict:
    checked: int
    mismatch: str | None = None        # the first roll that does not check, said in full
    note: str = ""


def verify(folder: GameFolder) -> Verdict:
    """Recompute every roll the journal holds (rolled back or not) from the seed, after checking
    the seed against its commitment; for recorded dice, compare with the file in order."""
    folder.require()
    if word(folder) == "draw":
        return _verify_draws(folder)
    if _recorded(folder):
        recorded = read_dice_file(_dice_path(folder))
        made = [e for e in folder.events if e["type"] == "roll"]
        for i, e in enumerate(made):
            die = recorded[i] if i < len(recorded) else None
            if die is None or die.value != e["value"]:
                has = f"line {die.line} of the dice file holds {die.value}" if die else "the dice file has no more dice"
                return Verdict(i, f"roll {i + 1} ({e['purpose']}) was {e['value']}, but {has}.")
        return Verdict(len(made), note="recorded dice, compared with the dice file in order"
                       + _totals(recorded[:len(made)]))
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
    revealed = Game.of(folder).family.outcome(folder.events) is not None
    return Verdict(len(made), note="the seed was revealed at the end" if revealed else
                   "the seed is not revealed yet: checked with the GM's secrets.yaml")


def _totals(dice: list) -> str:
    """Which rolls were printed as totals of two dice (`=7`): each pair, its total and its line."""
    said = ", ".join(f"{n} and {n + 1} (={d.total}, line {d.line})" for n, d in enumerate(dice, 1) if d.half == 1)
    return f"; rolls {said} are printed totals of two dice, split as `umpire help dice` says" if said else ""


def _verify_draws(folder: GameFolder) -> Verdict:
    """Draws are checked by replaying the game: each draw's outcome comes again from the seed (or
    the recorded draws file) and what was left to draw, or the journal differs."""
    from .replay import replay
    seed = folder.secrets.get("seed")
    promised = (folder.config.get("dice") or {}).get("commitment")
    if not _recorded(folder) and not seed:
        raise DataError("the seed is not in secrets.yaml, so the draws cannot be made again.", str(folder.path),
                        "Verify with the GM's copy of the game folder.")
    if promised and seed and commitment(seed) != promised:
        return Verdict(0, f"the seed's SHA-256 {commitment(seed)} is not the commitment {promised} "
                          "given when the game was created.")
    made = _made(folder.events, "draw")
    outcome = replay(folder.path, quick=True)
    if outcome.differences:
        return Verdict(0, f"replayed from the {'recorded draws file' if _recorded(folder) else 'seed'}, the game "
                          f"differs: {outcome.differences[0]}")
    finished = Game.of(folder).state().phase == "finished"
    source = ("recorded draws, the game replayed from the draws file" if _recorded(folder) else
              "the game replayed from the seed, " + ("revealed at the end" if finished
                                                     else "not revealed yet: the GM's secrets.yaml"))
    return Verdict(len(made), note=source)


def _recorded(folder: GameFolder) -> bool:
    return (folder.config.get("dice") or {}).get("mode") == "recorded"


def _dice_path(folder: GameFolder):
    return folder.inside((folder.config.get("dice") or {}).get("file", DICE_FILE))


# the words of the text edition in each language it is written in (newsletters/newsletter.txt.j2)
_COMMITMENT = re.compile(r"(?:commitment is|Prüfwert lautet)\s+([0-9a-f]{64})")
_SEED = re.compile(r"^(?:The dice seed was|Der Würfel-Seed war): (.+)$", re.M)
_ROLLS = re.compile(r"^(?:EVERY ROLL OF THIS ISSUE|ALLE WÜRFE DIESER AUSGABE)$", re.M)
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
        rolls = _ROLLS.search(text)
        for m in _ROLL.finditer(text[rolls.end():] if rolls else ""):
            number, purpose, value = int(m.group(1)), roll_words.purpose_of(m.group(2)), int(m.group(3))
            if number != expected_number:
                return Verdict(checked, f"roll {expected_number} is missing before {name} (its first roll is "
                                        f"{number}): is a newsletter missing from {folder}?")
            if seeded_value(seed, purpose) != value:
                return Verdict(checked, f"roll {number} ({purpose}) in {name} is {value}; the seed gives "
                                        f"{seeded_value(seed, purpose)}.")
            expected_number, checked = expected_number + 1, checked + 1
    return Verdict(checked, note=f"from {len(issues)} newsletters; the seed checks against the commitment")
