"""Dice: seeded (HMAC-SHA256 of the secret seed and the roll's purpose) or recorded.

A seeded roll depends only on the seed and its purpose, never on how many rolls came
before. Recorded dice are taken in order from a file of printed dice; when they run
out the umpire stops and names the roll it needed.
"""

from __future__ import annotations

import hashlib
import hmac
from pathlib import Path

from .errors import DataError, DiceExhausted


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


class RecordedDice:
    """Printed dice, consumed in the order the rules roll them."""

    def __init__(self, values: list[int], used: int = 0, source: str = "the dice file"):
        self.values, self.position, self.source = values, used, source

    def roll(self, purpose: str) -> int:
        if self.position >= len(self.values):
            raise DiceExhausted(
                f"the recorded dice ran out: roll {self.position + 1} ({purpose}) is needed "
                f"and {self.source} holds {len(self.values)}.",
                fix=f"Add the next printed dice to {self.source} and run the command again.")
        value = self.values[self.position]
        self.position += 1
        return value


def read_dice_file(path: Path) -> list[int]:
    """Whitespace-separated dice 1-6; `#` starts a comment."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (FileNotFoundError, UnicodeDecodeError) as exc:
        raise DataError(f"cannot read the dice file: {exc}", str(path)) from None
    values = []
    for line_no, line in enumerate(text.splitlines(), 1):
        for word in line.split("#", 1)[0].split():
            if word not in {"1", "2", "3", "4", "5", "6"}:
                raise DataError(f"{word!r} is not a die.", f"{path}, line {line_no}",
                                "A dice file holds the numbers 1 to 6 separated by spaces or new lines.")
            values.append(int(word))
    return values
