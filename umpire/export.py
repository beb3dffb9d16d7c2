"""A game for archives and spreadsheets (`umpire export`): the accounts round by round as the
zines printed them (brought forward, each transport, building, corrections, carried forward), and
the journal as a readable log of what happened."""

from __future__ import annotations

import csv
import io
import json
import re

from .store.folder import GameFolder

_TRANSPORT = re.compile(r"\btransport (\d+)\b")
_SKIPPED = {"roll", "posting", "command", "newsletter", "order_received", "orders_used", "race_moved",
            "station_checked_off", "points_unused", "allowance_unused", "races_called", "round_closed"}


def item_of(posting: dict) -> str:
    """Which column of the zine accounts a posting belongs to."""
    reason = posting["reason"]
    if reason.startswith("correction by the GM"):
        return "correction"
    m = _TRANSPORT.search(reason)
    return f"transport {m.group(1)}" if m else "building"


def accounts(events: list[dict], companies: list[str]) -> list[dict]:
    """Per round, per company: brought forward, the items in zine order, carried forward."""
    balance = {c: 0 for c in companies}
    rounds: dict[int, dict[str, dict[str, int]]] = {}
    for e in events:
        if e["type"] != "posting":
            continue
        amount, r = e["amount"], e.get("round", 0)
        if e["reason"] == "starting balance":
            balance[e["to"]] += amount
            continue
        for who, sign in ((e["from"], -1), (e["to"], 1)):
            if who in balance:
                items = rounds.setdefault(r, {}).setdefault(who, {})
                items[item_of(e)] = items.get(item_of(e), 0) + sign * amount
    table = []
    for r in sorted(rounds):
        row = {}
        for c in companies:
            items = rounds[r].get(c, {})
            brought = balance[c]
            balance[c] += sum(items.values())
            row[c] = {"brought_forward": brought, "items": dict(sorted(items.items(), key=_column)),
                      "carried_forward": balance[c]}
        table.append({"round": r, "companies": row})
    return table


def _column(item):
    name = item[0]
    if name.startswith("transport "):
        return (0, int(name.split()[1]))
    return (1, 0) if name == "building" else (2, 0)


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
    details = ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("type", "round") and not isinstance(v, (dict, list)))
    return f"{kind.replace('_', ' ')}" + (f": {details}" if details else "")


def export(folder: GameFolder, fmt: str, table: str = "accounts") -> str:
    """The export as text: JSON with both parts, or CSV of one table (accounts or log)."""
    folder.require()
    events = folder.events
    companies = folder.company_ids()
    names = {c["id"]: c["name"] for c in folder.config["companies"]}
    ledger = accounts(events, companies)
    if fmt == "json":
        return json.dumps({"game": folder.game_id, "companies": names, "accounts": ledger, "log": log(events)},
                          ensure_ascii=False, indent=1) + "\n"
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if table == "log":
        writer.writerow(["event", "round", "type", "text"])
        for line in log(events):
            writer.writerow([line["event"], line["round"], line["type"], line["text"]])
        return out.getvalue()
    writer.writerow(["round", "company", "item", "amount", "balance"])
    for row in ledger:
        for c in companies:
            acc = row["companies"][c]
            running = acc["brought_forward"]
            writer.writerow([row["round"], c, "brought forward", "", running])
            for item, amount in acc["items"].items():
                running += amount
                writer.writerow([row["round"], c, item, amount, running])
            writer.writerow([row["round"], c, "carried forward", "", acc["carried_forward"]])
    return out.getvalue()
