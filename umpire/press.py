"""Press: what a player writes for the other players, printed in the next newsletter under his
company's name (or as anonymous grey press where the game allows it), as postal games did.

An order carries press in a section that starts with a line `PRESS` (`PRESS GREY` for grey press)
and runs to a line `ENDPRESS` or to the end of the order; quoted lines and the signature end or
skip it as they do for orders. The order's parsers never see press lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .options import game_option

if TYPE_CHECKING:
    from .store.folder import GameFolder

PRESS_LIMIT = 3000                 # characters of press printed from one order
_START = re.compile(r"^\s*PRESS(?:\s+(GREY|GRAY|ANON|ANONYMOUS))?\s*:?\s*$", re.IGNORECASE)
_END = re.compile(r"^\s*END\s*PRESS\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Press:
    text: str
    grey: bool
    line: int                      # the PRESS line
    cut: bool = False              # longer than PRESS_LIMIT: the rest is not printed


def split_press(text: str) -> tuple[str, list[Press]]:
    """The order without its press (press lines blanked, so line numbers stay) and the press."""
    lines = text.splitlines()
    kept, items = list(lines), []
    i = 0
    while i < len(lines):
        raw = lines[i]
        if raw.rstrip() == "--" or raw.startswith("-- "):
            break
        m = _START.match(raw)
        if not m:
            i += 1
            continue
        start, body = i, []
        kept[i] = ""
        i += 1
        while i < len(lines) and not _END.match(lines[i]) and not (
                lines[i].rstrip() == "--" or lines[i].startswith("-- ")):
            if not lines[i].lstrip().startswith(">"):
                body.append(lines[i].rstrip())
            kept[i] = ""
            i += 1
        if i < len(lines) and _END.match(lines[i]):
            kept[i] = ""
            i += 1
        words = "\n".join(body).strip("\n")
        if words.strip():
            items.append(Press(words[:PRESS_LIMIT], bool(m.group(1)), start + 1, len(words) > PRESS_LIMIT))
    return "\n".join(kept) + ("\n" if text.endswith("\n") else ""), items


def press_of(folder: GameFolder, turn: int | str | None, seats: list[str], names: dict) -> list[dict]:
    """The press of the orders in force for the resolved turn (a round, or a family's turn such as
    `3B`), less what the GM held back: under each player's name in seat order, then the grey press
    (where the game allows it) sorted by its text, so that its place never tells who wrote it.
    Order codes are masked. Each item: {by: name or None for grey press, text, cut}."""
    if turn is None:
        return []
    held: dict[str, bool] = {}
    for e in folder.events:
        if e["type"] == "press_held" and e["round"] == turn:
            held[e["company"]] = e["held"]
    grey_allowed = bool(game_option(folder.options, "grey_press"))
    named, grey = [], []
    orders = folder.latest_orders(turn)
    for company in seats:
        if company not in orders or held.get(company):
            continue
        for item in split_press(folder.order_text(folder.read_bytes(orders[company])))[1]:
            entry = {"by": names[company], "text": item.text, "cut": item.cut}
            if item.grey and grey_allowed:
                grey.append({**entry, "by": None})
            else:
                named.append(entry)
    return named + sorted(grey, key=lambda p: p["text"])
