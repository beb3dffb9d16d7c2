"""A Volldampf game's accounts round by round (marks brought forward, bonds, the turn-order
auction, builds, income, interest, corrections, carried forward; and the income track:
deliveries, interest short), and its journal as the public log the newsletters print: no
hidden draw, no private note, no player's marks while the game hides them, unless revealed."""

from __future__ import annotations

import re

from ...kernel.ledger import Posting, accounts_by_round
from .report import Writer
from .state import State

INCOME_TRACK = "income track"
BOOKKEEPING = ("state", "money", "income", "command", "newsletter", "order_received",   # never in the log
               "box", "turns missed", "orders kept", "new round")
_MARKS = (("bonds", re.compile(r"\d+ bonds? taken$")), ("auction", re.compile(r"turn order, place \d+$")),
          ("builds", re.compile(r"section on \S+$")), ("income", re.compile(r"income$")),
          ("interest", re.compile(r"interest$")), ("correction", re.compile(r"correction by the GM")))
_TRACK = (("deliveries", re.compile(r".+ cube on \d+ of .+ sections$")),
          ("interest short", re.compile(r"interest short")),
          ("correction", re.compile(r"correction by the GM")))
_ORDER = ("bonds", "auction", "builds", "deliveries", "income", "interest", "interest short", "correction")


def _label(table, reason: str) -> str | None:
    if reason == "starting cash":
        return None
    return next((name for name, pattern in table if pattern.match(reason)), reason)


def _column(name: str) -> int:
    return _ORDER.index(name) if name in _ORDER else len(_ORDER)


def _postings(events: list[dict], kind: str) -> list[Posting]:
    return [Posting(e["round"], e["payer"], e["payee"], e["amount"], e["reason"]) for e in events if e["type"] == kind]


def accounts(events: list[dict], seats: list[str], marks_shown: bool = True) -> list[dict]:
    """Per round the journal has reached, per player: the marks (brought forward, items, carried forward) and, under
    `income track`, the income the same way. Without `marks_shown` (money hidden while the game
    runs) only the income track."""
    marks = accounts_by_round(_postings(events, "money"), seats, lambda p: _label(_MARKS, p.reason), _column)
    track = accounts_by_round(_postings(events, "income"), seats, lambda p: _label(_TRACK, p.reason), _column)
    rounds = sorted({e["round"] for e in events if isinstance(e.get("round"), int)})
    by_round = {"marks": {row["round"]: row["companies"] for row in marks},
                "track": {row["round"]: row["companies"] for row in track}}
    carried = {"marks": {p: 0 for p in seats}, "track": {p: 0 for p in seats}}
    table = []
    for r in rounds:
        row = {}
        for p in seats:
            entry = {}
            for name in ("marks", "track"):
                got = by_round[name].get(r, {}).get(p)
                if got is None:     # a round without postings of this kind: nothing moved
                    got = {"brought_forward": carried[name][p], "items": {}, "carried_forward": carried[name][p]}
                carried[name][p] = got["carried_forward"]
                if name == "marks" and marks_shown:
                    entry.update(got)
                elif name == "track":
                    entry[INCOME_TRACK] = got
            row[p] = entry
        table.append({"round": r, "companies": row})
    return table


def cubes_delivered(events: list[dict]) -> dict[int, dict[str, int]]:
    """Per round, per player: the cubes his moves delivered (a Subvention move's too), as the
    newsletters print every move."""
    delivered: dict[int, dict[str, int]] = {}
    for e in events:
        if e["type"] == "move":
            mover = delivered.setdefault(e["round"], {})
            mover[e["player"]] = mover.get(e["player"], 0) + 1
    return delivered


def public_log(board, rules, state: State, events: list[dict], reveal: bool = False) -> list[dict]:
    """The journal as the newsletters tell it, one entry per event they print (a cube placed, a
    build, the auction, ...). With `reveal` every event, hidden draws and private notes included."""
    writer = Writer(board, rules, state, events)
    lines = []
    for number, e in enumerate(events, 1):
        kind = e.get("type")
        if kind == "cube":
            text = f"a {e['colour']} cube placed at {writer.loc(e['location'])}"
        else:
            said = writer.describe(e)
            text = (said[0] + " " + "; ".join(x.strip() for x in said[1:])) if isinstance(said, list) else said
        if text is None and reveal and kind not in BOOKKEEPING:
            text = _plain(e)
        if text:
            lines.append({"event": number, "round": e.get("round"), "type": kind, "text": text})
    return lines


def _plain(e: dict) -> str:
    details = ", ".join(f"{k}={v}" for k, v in e.items()
                        if k not in ("type", "round", "email") and not isinstance(v, (dict, list)))
    return e["type"].replace("_", " ") + (f": {details}" if details else "")
