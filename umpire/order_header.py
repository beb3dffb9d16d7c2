"""The order header every game family shares, and the way order text is cleaned before reading.

An order is plain text, one order a line; keywords are case-insensitive, `#` starts a comment,
blank lines are skipped. In mail, quoted lines (`>`) and everything after a signature line
(`-- `) are ignored. The header lines are

    GAME ireland-1
    COMPANY red          # PLAYER is a synonym
    CODE tulip-42        # required by mail
    ROUND 3              # optional; a family whose rounds have turns names the turn: ROUND 3B, ROUND 3A2

and the family's own parser reads every other line (the order body).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .echo import quote

HEADER_KEYWORDS = ("GAME", "COMPANY", "PLAYER", "CODE", "ROUND")
TURN_NAME = re.compile(r"^(\d{1,4})([A-Za-z])(\d{0,2})$")


class OrderLineError(ValueError):
    """A line the umpire cannot read; the message says what would work."""


@dataclass
class LineError:
    line: int
    text: str
    message: str

    def __str__(self):
        return f"line {self.line}: {quote(self.text.strip())}: {self.message}"


def clean_lines(text: str):
    """Numbered lines with comments, quotes and the signature taken off: (number, raw line, text)."""
    for number, raw in enumerate(text.splitlines(), 1):
        if raw.rstrip() == "--" or raw.startswith("-- "):
            return
        if raw.lstrip().startswith(">"):
            continue
        line = raw.split("#", 1)[0].strip()
        if line:
            yield number, raw, line


def one_word(rest: str, keyword: str, example: str) -> str:
    if not rest or len(rest.split()) != 1:
        raise OrderLineError(f"{keyword} takes one word, e.g. {example}.")
    return rest


def read_header(keyword: str, rest: str, order, turns: bool = False):
    """Set the header field of `order` a header line names (keyword upper case, `rest` stripped).

    With `turns`, ROUND takes a turn name (`3B`, `3A2`, read upper case) as well as a round number;
    without, a round number only (an int)."""
    if keyword == "GAME":
        order.game = one_word(rest, "GAME", "GAME ireland-1")
    elif keyword in ("COMPANY", "PLAYER"):
        order.company = one_word(rest, keyword, "COMPANY red").lower()
    elif keyword == "CODE":
        order.code = one_word(rest, "CODE", "CODE tulip-42")
    elif keyword == "ROUND":
        order.round = read_round(rest, turns)
    else:
        raise ValueError(f"{keyword} is not a header keyword")


def read_round(rest: str, turns: bool) -> int | str:
    if rest.isascii() and rest.isdigit():
        return int(rest)
    if turns and TURN_NAME.match(rest):
        return rest.upper()
    if turns:
        raise OrderLineError("ROUND takes the open turn, round number and turn letter, e.g. ROUND 3B.")
    raise OrderLineError("ROUND takes the round number, e.g. ROUND 3.")
