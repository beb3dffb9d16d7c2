"""A player's Subject line: made into the Subject of the umpire's reply, and looked at for orders
(which the umpire never reads there, and tells the player so).

An order in the Subject: with its leading `Re:`, `Fwd:`, `Fw:`, `AW:`, `WG:` and `Antw:` taken off
(any number, any case), the Subject holds an order keyword of the game's family (the first word
of its order lines; ROUND and PRESS excepted, as a Subject names them in passing) followed by more:
written in capitals anywhere (`BUILD Dublin-Cork`, `Orders: GAME ireland-1 COMPANY red ...`,
`BID 5 THEN 3`), or in any case at its start or right after a colon when what follows holds a
digit or a dash (`Build Dublin-Cork`, `orders: bid 5`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

_PREFIXES = re.compile(r"^(?:(?:re|fwd?|aw|wg|antw)(?:\[\d+\])?[ \t]*:[ \t]*)+", re.IGNORECASE)
_REPLY_PREFIXES = re.compile(r"^(?:(?:re|aw|antw)(?:\[\d+\])?[ \t]*:[ \t]*)+", re.IGNORECASE)
_NOT_ORDERS = frozenset({"ROUND", "PRESS"})
_WORD = re.compile(r"[A-Za-z]+")
_COLON = re.compile(r":[ \t]*")
_ARGUMENT = re.compile(r"[\d\-\u2010-\u2015\u2212]")      # a digit or a dash: a hex, a number, places
LOOKED_AT = 1000
NO_SUBJECT = "your orders"


def plain(subject: str) -> str:
    """The Subject on one line: folds undone, invisible characters left out, each run of white
    space one space, none at either end."""
    return " ".join("".join(c if c.isprintable() or c.isspace() else "" for c in subject).split())


def reply_subject(subject: str) -> str:
    """The Subject of a reply: `Re: ` and the Subject on one line (`plain`), its own reply prefixes
    (`Re:`, `AW:`, `Antw:`, any number) taken off; `Re: your orders` when nothing is left."""
    rest = _REPLY_PREFIXES.sub("", plain(subject)).strip()
    return f"Re: {rest or NO_SUBJECT}"


def holds_orders(subject: str, keywords: Iterable[str]) -> bool:
    """Whether the Subject holds an order (see the module's docstring), for a family whose order
    lines begin with `keywords`. Its first LOOKED_AT characters are looked at (a Subject holding
    orders is short; a longer one is not looked at to its end)."""
    words = {k.upper() for k in keywords} - _NOT_ORDERS
    text = _PREFIXES.sub("", plain(subject))[:LOOKED_AT].rstrip()
    starts = {0} | {m.end() for m in _COLON.finditer(text)}
    for m in _WORD.finditer(text):
        if m.end() == len(text) or m.group().upper() not in words or _in_word(text, m.start(), m.end()):
            continue
        if m.group().isupper() or (m.start() in starts and _ARGUMENT.search(text, m.end())):
            return True
    return False


def _in_word(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is part of a longer word (letters, digits, `_` or `-` beside it)."""
    before = text[start - 1] if start else " "
    after = text[end] if end < len(text) else " "
    return before.isalnum() or before in "_-" or after.isalnum() or after in "_-"
