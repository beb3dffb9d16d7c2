"""Dice: seeded (HMAC-SHA256 of the secret seed and the roll's purpose) or recorded.

A seeded roll depends only on the seed and its purpose, never on how many rolls came
before. Recorded dice are taken in order from a file of printed dice; when they run
out the umpire stops and names the roll it needed.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import DataError, DiceExhausted
from .echo import quote
from .ids import shown


def commitment(seed: str) -> str:
    """The SHA-256 of the seed, published before the game so every roll can be checked later."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def seeded_value(seed: str, purpose: str) -> int:
    digest = hmac.new(seed.encode("utf-8"), purpose.encode("utf-8"), hashlib.sha256).digest()
    for byte in digest:
        if byte < 252:              # 252 = 6 * 42: no bias towards low faces
            return byte % 6 + 1
    return digest[0] % 6 + 1        # unreachable in practice: 32 bytes all >= 252


class SeededDice:
    def __init__(self, seed: str):
        self.seed = seed

    def roll(self, purpose: str) -> int:
        return seeded_value(self.seed, purpose)


@dataclass(frozen=True)
class Die:
    """One recorded die: its value, the dice file's line, and the purpose tag written there."""

    value: int
    line: int = 0
    tag: str | None = None
    total: int | None = None               # the printed total `=N` this die is half of (split_total)
    half: int = 0                          # 1 or 2: which die of that total


class RecordedDice:
    """Printed dice, consumed in the order the rules roll them. A die whose line carries a tag
    (`transport 7 start: 4 3`) is checked against the roll the umpire needs: the roll's purpose
    must begin with the tag, or the umpire stops and names both."""

    def __init__(self, values: list, used: int = 0, source: str = "the dice file"):
        self.values = [v if isinstance(v, Die) else Die(v) for v in values]
        self.position, self.source = used, source
        self.rolled: list[tuple[int, str, Die]] = []     # (number, purpose, die) of each roll taken here

    def roll(self, purpose: str) -> int:
        if self.position >= len(self.values):
            exhausted = DiceExhausted(
                f"the recorded dice ran out: roll {self.position + 1} ({purpose}) is needed "
                f"and {self.source} holds {len(self.values)}.",
                fix=f"Add the next printed dice to {self.source} and run the command again.")
            exhausted.rolled = tuple(self.rolled)
            raise exhausted
        die = self.values[self.position]
        if die.tag is not None and not _matches(die.tag, purpose):
            raise DataError(
                f"roll {self.position + 1} ({purpose}) is needed, but the die on line {die.line} is tagged "
                f"{quote(die.tag)}.",
                self.source, "A die is missing or one too many before that line: compare the file with the "
                "roll order in `umpire help dice` (`umpire dice GAME_DIR` lists the rolls so far).")
        self.position += 1
        self.rolled.append((self.position, purpose, die))
        return die.value


def _matches(tag: str, purpose: str) -> bool:
    tag, purpose = " ".join(tag.lower().split()), purpose.lower()
    return purpose == tag or purpose.startswith(tag + " ")


_TAGGED = re.compile(r"^(?P<tag>[^:]*[^\s:][^:]*):(?P<dice>[^:]*)$")


def read_text(path: Path, what: str) -> str:
    """A recorded dice or draws file (`what`) as text; a file that is not UTF-8 is refused with its line."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise DataError(f"the {what} file cannot be read ({exc.strerror or exc}).", str(path)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise DataError(f"the {what} file is not UTF-8 text ({exc.reason}).", f"{path}, line {line}",
                        "Save it as UTF-8.") from None


def read_dice_file(path: Path) -> list[Die]:
    """Dice 1-6 separated by spaces or new lines; `#` starts a comment; a line may begin with a
    purpose tag and a colon (`transport 7 start: 4 3`) that its dice are checked against."""
    text = read_text(path, "dice")
    values = []
    for line_no, line in enumerate(text.splitlines(), 1):
        body, tag = line.split("#", 1)[0], None
        if ":" in body:
            m = _TAGGED.match(body.strip())
            if not m:
                raise DataError(f"{shown(body.strip())} is not a tagged line.", f"{path}, line {line_no}",
                                "Write a tag, one colon and the dice, e.g. 'transport 7 start: 4 3'.")
            tag, body = m.group("tag").strip(), m.group("dice")
        words = body.split()
        if tag is not None and not words:
            raise DataError(f"the tag {shown(tag)} has no dice after it.", f"{path}, line {line_no}",
                            "Write the dice after the colon, e.g. 'transport 7 start: 4 3'.")
        for word in words:
            if word.startswith("=") and word[1:] in TOTALS:
                values += [Die(value, line_no, tag, int(word[1:]), half)
                           for half, value in enumerate(split_total(int(word[1:])), 1)]
                continue
            if word not in {"1", "2", "3", "4", "5", "6"}:
                raise DataError(f"{shown(word)} is not a die.", f"{path}, line {line_no}",
                                "A dice file holds the numbers 1 to 6 separated by spaces or new lines, "
                                "or =2 to =12 for the printed total of two dice.")
            values.append(Die(int(word), line_no, tag))
    return values


TOTALS = {str(n) for n in range(2, 13)}


def split_total(total: int) -> tuple[int, int]:
    """The two dice a printed total `=N` stands for (the zine printed only their sum): the first
    as low as the second allows, so the same total always gives the same dice."""
    first = max(1, total - 6)
    return first, total - first
