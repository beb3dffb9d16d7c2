"""A Dampfross game's accounts round by round as the zines printed them (brought forward, each
transport, building, fees, city bonuses, corrections, carried forward), and its journal as a
readable log of what happened. Dampfross draws nothing hidden: its log is public as it stands."""

from __future__ import annotations

import re

from ...kernel.ledger import Posting, accounts_by_round

_TRANSPORT = re.compile(r"\btransport (\d+)\b")
_SKIPPED = {"roll", "posting", "command", "newsletter", "order_received", "orders_used", "race_moved",
            "station_checked_off", "points_unused", "allowance_unused", "races_called", "round_closed"}
_COLUMNS = ("building", "fees", "city bonus", "ferry", "correction")


def item_of(reason: str) -> str | None:
    """Which column of the zine accounts a posting's reason belongs to (None: the starting balance)."""
    if reason == "starting balance":
        return None
    if reason.startswith("correction by the GM"):
        return "correction"
    m = _TRANSPORT.search(reason)
    if m:
        return f"transport {m.group(1)}"
    if "bonus for connecting" in reason:
        return "city bonus"
    if " fee in " in reason:
        return "fees"
    if reason.startswith("buying the ferry"):
        return "ferry"
    return "building"


def _column(name: str):
    if name.startswith("transport "):
        return (0, int(name.split()[1]))
    name = name.split()[0] if name.startswith("fees ") else name
    return (1, _COLUMNS.index(name) if name in _COLUMNS else len(_COLUMNS))


def accounts(events: list[dict], companies: list[str]) -> list[dict]:
    """Per round, per company: brought forward, the items in zine order (fees per counterparty,
    `fees blue`, as the zines printed them), carried forward; a row for every round opened."""
    postings = [Posting(e.get("round", 0), e["from"], e["to"], e["amount"], e["reason"])
                for e in events if e["type"] == "posting"]
    opened = tuple(sorted({e["round"] for e in events if e["type"] == "round_opened"}))
    return accounts_by_round(postings, companies, lambda p: item_of(p.reason), _column, split=("fees",), every=opened)


def log(events: list[dict]) -> list[dict]:
    """The journal as a readable action log: one line per event a reader wants to see."""
    lines = []
    for number, e in enumerate(events, 1):
        if e["type"] in _SKIPPED:
            continue
        lines.append({"event": number, "round": e.get("round"), "type": e["type"], "text": describe(e)})
    return lines


def describe(e: dict) -> str:
    kind = e["type"]
    who = e.get("company", "")
    if kind == "segment":
        return f"{who} built {e['a']}-{e['b']} ({e['cost']})"
    if kind == "home":
        return f"{who} chose its home terminal {e['hex']}"
    if kind == "city_connected":
        bonus = f", bonus {e['bonus']}" if e.get("bonus") else ""
        return f"{who} connected {e['city']}{bonus}"
    if kind == "round_opened":
        return f"round {e['round']} opened ({e['phase']}); order {', '.join(e.get('order', []))}"
    if kind == "transport_announced":
        what = "cancelled: " + str(e.get("reason")) if e.get("cancelled") else f"shortest line {e.get('shortest')}"
        return f"transport {e['transport']}: {e['start_name']} to {e['destination_name']} ({what})"
    if kind == "race_entered":
        return f"transport {e['transport']}: {e['train']} runs {'-'.join(e['route'])} ({e.get('fee_text', '')})"
    if kind == "race_placed":
        return f"transport {e['transport']}: {e['train']} place {e['place']}, bonus {e['bonus']}"
    if kind == "refused":
        return f"{who}, line {e.get('line')}: {e.get('text', '')!r} refused: {e['reason']}"
    if kind == "game_finished":
        return f"the game ended: {e['reason']}; won by {', '.join(e['winners'])}"
    if kind == "adjusted":
        return f"the GM moved {e['units']} units to {who}: {e['reason']}"
    if kind == "company_replaced":                     # a player's address is never published
        return f"a new player took over {who}" + (f", now {e['name']}" if e.get("name") else "")
    details = ", ".join(f"{k}={v}" for k, v in e.items()
                        if k not in ("type", "round") and not isinstance(v, (dict, list)))
    return f"{kind.replace('_', ' ')}" + (f": {details}" if details else "")
