"""Draws: cards dealt from a shuffled deck and cubes picked from a bag, seeded or recorded.

Seeded draws grow out of the seeded dice (umpire/kernel/dice.py): every outcome is derived from the
secret game seed and the draw's purpose with HMAC-SHA256, never from a running generator, so a
draw never depends on how many draws came before, and the seed's SHA-256 commitment (printed in
newsletter 001) lets anyone check every draw once the seed is revealed.

- `pick(purpose, kind, candidates)`: one of `candidates` (listed by the caller in a fixed
  order, duplicates allowed: a bag is `['blue', 'blue', 'violet', ...]`) at the index
  `index(seed, purpose, len(candidates))`.
- `deal(shuffle_purpose, kind, remaining)`: the card of `remaining` (unique ids such as
  `octagon-3`) that sorts first by HMAC-SHA256(seed, shuffle_purpose + " " + id). Dealing card
  by card from what is left is the same as shuffling the deck once by those keys.

Recorded draws (archive games) come from a file, one outcome a line in the order the rules draw
(`cube blue`, `goods Berlin/Paris/Hamburg`, `track octagon`, `action Sabotage`; `#` comments).
Each line must be of the kind drawn and possible (the cube in the bag, the card still in its
deck), else the umpire stops naming the draw and the line; when the file runs out it stops and
names the draw it needs. It never invents one.

The engine journals every draw as `draw_event(...)` gives it; the family decides which outcomes
are hidden from the newsletter.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..errors import DataError, DrawsExhausted, UmpireError
from .dice import read_text

_SUFFIX = re.compile(r"-\d+$")
_KIND = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
MAX_LINE = 120


class Draws(Protocol):
    """What an engine draws from: seeded (SeededDraws) or recorded (RecordedDraws)."""

    def pick(self, purpose: str, kind: str, candidates: Sequence[str]) -> str: ...

    def deal(self, shuffle_purpose: str, kind: str, remaining: Sequence[str]) -> str: ...


# -- seeded ----------------------------------------------------------------------
def _digest(seed: str, message: str) -> bytes:
    return hmac.new(seed.encode("utf-8"), message.encode("utf-8"), hashlib.sha256).digest()


def index(seed: str, purpose: str, n: int) -> int:
    """An index in range(n): the first four bytes of HMAC-SHA256(seed, purpose) as a big-endian
    number, modulo n; a number at or above the largest multiple of n below 2**32 is rejected
    (no bias), and the draw is made again with purpose + " 1", purpose + " 2", ..."""
    if n < 1:
        raise ValueError("nothing to draw from")
    limit = 2 ** 32 - 2 ** 32 % n
    message, counter = purpose, 0
    while True:
        value = int.from_bytes(_digest(seed, message)[:4], "big")
        if value < limit:
            return value % n
        counter += 1
        message = f"{purpose} {counter}"


def shuffle_key(seed: str, shuffle_purpose: str, card: str) -> bytes:
    """Where a card lies in the shuffled deck: lower keys are dealt first."""
    return _digest(seed, f"{shuffle_purpose} {card}")


def shuffle(seed: str, shuffle_purpose: str, ids: Sequence[str]) -> list[str]:
    """The cards in the order a seeded shuffle deals them."""
    return sorted(ids, key=lambda card: (shuffle_key(seed, shuffle_purpose, card), card))


class SeededDraws:
    def __init__(self, seed: str):
        self.seed = seed

    def pick(self, purpose: str, kind: str, candidates: Sequence[str]) -> str:
        if not candidates:
            raise UmpireError(f"the draw {purpose!r} has nothing to draw from.")
        return candidates[index(self.seed, purpose, len(candidates))]

    def deal(self, shuffle_purpose: str, kind: str, remaining: Sequence[str]) -> str:
        if not remaining:
            raise UmpireError(f"the draw {shuffle_purpose!r} has no card left to deal.")
        return shuffle(self.seed, shuffle_purpose, remaining)[0]


# -- recorded --------------------------------------------------------------------
@dataclass(frozen=True)
class RecordedDraw:
    line: int
    kind: str
    outcome: str
    text: str


def card_name(card_id: str) -> str:
    """A card's name: its id without the copy number (`octagon-3` -> `octagon`)."""
    return _SUFFIX.sub("", card_id)


def _same(a: str, b: str) -> bool:
    return _normal(a) == _normal(b)


def _normal(text: str) -> str:
    return re.sub(r"\s*/\s*", "/", " ".join(text.split())).casefold()


def _a_draw(kind: str) -> str:
    """A draw of a kind, as a message names it: `a cube draw`, `an action draw`, `a goods draw`."""
    return f"{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind} draw"


class RecordedDraws:
    """Outcomes from a draws file, taken in order; each checked against what can be drawn."""

    def __init__(self, draws: list[RecordedDraw], used: int = 0, source: str = "the draws file"):
        self.draws, self.position, self.source = draws, used, source

    def _next(self, purpose: str, kind: str) -> RecordedDraw:
        if self.position >= len(self.draws):
            raise DrawsExhausted(
                f"the recorded draws ran out: draw {self.position + 1} ({purpose}, {_a_draw(kind)}) is needed "
                f"and {self.source} holds {len(self.draws)}.",
                fix=f"Add the next outcome to {self.source} (e.g. '{kind} ...') and run the command again.")
        draw = self.draws[self.position]
        if draw.kind.casefold() != kind.casefold():
            raise self._refusal(draw, purpose, f"it records {_a_draw(draw.kind)}, and the rules make "
                                               f"{_a_draw(kind)} here")
        return draw

    def _refusal(self, draw: RecordedDraw, purpose: str, why: str) -> UmpireError:
        return UmpireError(f"{draw.text!r} cannot be the draw {purpose!r}: {why}.",
                           where=f"{self.source}, line {draw.line}",
                           fix="Correct the draws file from the printed record and run the command again.")

    def pick(self, purpose: str, kind: str, candidates: Sequence[str]) -> str:
        draw = self._next(purpose, kind)
        found = next((c for c in candidates if _same(c, draw.outcome)), None)
        if found is None:
            possible = ", ".join(dict.fromkeys(candidates)) or "nothing"
            raise self._refusal(draw, purpose, f"it is not among what can be drawn ({possible})")
        self.position += 1
        return found

    def deal(self, shuffle_purpose: str, kind: str, remaining: Sequence[str]) -> str:
        draw = self._next(shuffle_purpose, kind)
        found = next((c for c in remaining if _same(card_name(c), draw.outcome)), None)
        if found is None:
            left = ", ".join(dict.fromkeys(card_name(c) for c in remaining)) or "no card"
            raise self._refusal(draw, shuffle_purpose, f"no such card is left (left: {left})")
        self.position += 1
        return found


def read_draws_file(path: Path) -> list[RecordedDraw]:
    """One outcome a line, `KIND OUTCOME`; `#` starts a comment, blank lines are skipped."""
    text = read_text(path, "draws")
    draws = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        kind, _, outcome = line.partition(" ")
        if not _KIND.match(kind) or not outcome.strip():
            raise DataError(f"{line[:MAX_LINE]!r} is not a draw.", f"{path}, line {number}",
                            "A draw is a kind and its outcome, e.g. 'cube blue' or 'track octagon'.")
        draws.append(RecordedDraw(number, kind, outcome.strip(), line[:MAX_LINE]))
    return draws


def draw_event(purpose: str, kind: str, outcome: str, hidden: bool = False) -> dict:
    """The journal event of one draw; a hidden one stays out of the public newsletter."""
    event = {"type": "draw", "purpose": purpose, "kind": kind, "outcome": outcome}
    if hidden:
        event["hidden"] = True
    return event


def draws_made(events: list[dict]) -> int:
    """How many draws the journal holds: where the recorded draws go on."""
    return sum(1 for e in events if e.get("type") == "draw")
