"""The operating phase's facts for a newsletter, read from the engine's journal events.

A transport is reported from the events that carry its number: `transport_announced` (and
the dice of its stations), `destination_rerolled`, `transport_carried`, `race_passed`,
`race_route_refused`, `race_withdrawn`, `race_entered`, `race_started`, `race_moved`,
`race_finished`, `race_placed` and `transport_made`; refused order lines naming it; and the
postings made between its first entry and `transport_made` (its fees and bonuses).
"""

from __future__ import annotations

from ....kernel.language import _, ngettext
from ..gamemap import STATIONS
from ..orders import KEYWORDS
from .journal_words import fees_said, said


def _blank(number: int) -> dict:
    return {"transport": number, "announced": None, "dice": {}, "rerolls": [], "carried": None, "passed": [],
            "route_refused": [], "withdrawn": [], "refused": [], "entered": [], "order": [], "turns": [],
            "finish": None, "placed": [], "made": None, "postings": []}


def transports_from_events(events: list[dict]) -> dict[int, dict]:
    """Transport number -> everything the given events say about it, in journal order."""
    found: dict[int, dict] = {}
    running: int | None = None        # the transport whose race is under way: its postings are its money
    for e in events:
        kind, number = e["type"], e.get("transport")
        if kind == "posting":
            if running is not None:
                found[running]["postings"].append(e)
        elif kind == "roll":
            _station_die(found, e)
        elif isinstance(number, int) and kind != "allowance":
            t = found.setdefault(number, _blank(number))
            handler = _TRANSPORT_EVENTS.get(kind)
            if handler:
                handler(t, e)
            running = number if kind == "race_entered" else None if kind == "transport_made" else running
    return found


def _station_die(found: dict[int, dict], e: dict):
    """A die of a transport's start or destination (`transport 3 start red`), first roll kept."""
    words = e["purpose"].split()
    if words[0] == "transport" and len(words) > 2 and words[1].isdigit() and words[2] in ("start", "destination"):
        found.setdefault(int(words[1]), _blank(int(words[1])))["dice"].setdefault(" ".join(words[2:]), e["value"])


def _race_moved(t: dict, e: dict):
    if not t["turns"] or t["turns"][-1]["turn"] != e["turn"]:
        t["turns"].append({"turn": e["turn"], "moves": {}})
    t["turns"][-1]["moves"][e["train"]] = e


def _set(field: str, value=lambda e: e):
    return lambda t, e: t.__setitem__(field, value(e))


def _add(field: str, value=lambda e: e):
    return lambda t, e: t[field].append(value(e))


_TRANSPORT_EVENTS = {      # event type -> how it enters its transport's record
    "transport_announced": _set("announced"),
    "destination_rerolled": _add("rerolls"),
    "transport_carried": _set("carried", lambda e: e["reason"]),
    "refused": _add("refused", lambda e: dict(with_keyword(e), reason=said(e["reason"]))),
    "race_passed": _add("passed", lambda e: e["company"]),
    "race_route_refused": _add("route_refused"),
    "race_withdrawn": _add("withdrawn"),
    "race_entered": _add("entered"),
    "race_started": _set("order", lambda e: list(e["order"])),
    "race_moved": _race_moved,
    "race_finished": _set("finish"),
    "race_placed": _add("placed"),
    "transport_made": _set("made"),
}


def describe_transport(info: dict, names: dict[str, str], place) -> dict:
    """One transport as the newsletter prints it: places, dice, entries, turns, money.

    `place(label)` names the city or special destination in a hex.
    """
    a = info["announced"] or {}
    destinations = [(h, place(h) or a.get("destination_name")) for h in a.get("destination_hexes", [])]
    train_names = {}
    for e in info["entered"] + info["route_refused"] + info["withdrawn"]:
        train_names[e["train"]] = _(" with ").join(names.get(c, c) for c in e["companies"])
    lengths = {e["train"]: e["steps"] for e in info["entered"]}
    turns = []
    for t in info["turns"]:
        moves = {}
        for train, m in t["moves"].items():
            moves[train] = dict(m, done=_steps_done(info, train, m["to"]), of=lengths.get(train))
        turns.append({"turn": t["turn"], "moves": moves})
    made = info["made"]
    status = ("cancelled" if a.get("cancelled") else "carried" if info["carried"] else
              "made" if made else "announced")
    described = {
        "number": info["transport"],
        "special": bool(a.get("special")),
        "status": status,
        "round": a.get("round"),
        "start": a.get("start"),
        "start_name": a.get("start_name") or "?",
        "start_hexes": a.get("start_hexes", []),
        "starts": [(h, place(h) or a.get("start_name")) for h in a.get("start_hexes", [])],
        "start_from": a.get("start_from"),
        "start_dice": _pair(info["dice"], "start"),
        "start_rolled": a.get("start_rolled"),
        "destination": a.get("destination"),
        "destination_name": a.get("destination_name") or _("no destination"),
        "destinations": destinations,
        "destination_dice": _destination_dice(info["dice"], bool(a.get("special"))),
        "destination_rolled": a.get("destination_rolled"),
        "shortest": a.get("shortest"),
        "shortest_text": shortest_text(a.get("shortest")),
        "reason": said(a.get("reason") or info["carried"]),
        "rerolls": info["rerolls"],
        "passed": info["passed"],
        "refused": info["refused"],
        "route_refused": _reasons_said(info["route_refused"]),
        "withdrawn": _reasons_said(info["withdrawn"]),
        "entered": [dict(e, name=train_names[e["train"]], fee_text=fees_said(e.get("fee_text")))
                    for e in info["entered"]],
        "order": info["order"],
        "train_names": train_names,
        "turns": turns,
        "finish": info["finish"],
        "placed": [dict(p, name=train_names.get(p["train"], p["train"])) for p in info["placed"]],
        "postings": _reasons_said(info["postings"]),
        "alone": any(p.get("alone") for p in info["placed"]),
    }
    return dict(described, start_said=start_words(described), destination_said=destination_words(described))


def _reasons_said(events: list[dict]) -> list[dict]:
    return [dict(e, reason=said(e["reason"])) for e in events]


def _pair(dice: dict, what: str) -> str | None:
    red, black = dice.get(f"{what} red"), dice.get(f"{what} black")
    return _("red {red}, black {black}").format(red=red, black=black) if red is not None and black is not None else None


def _destination_dice(dice: dict, special: bool) -> str | None:
    if special:
        value = dice.get("destination special")
        return _("die {value}").format(value=value) if value is not None else None
    return _pair(dice, "destination")


def start_words(t: dict) -> str:
    """How a transport (as described) found its start: `start red 3, black 4 = 34, next free 35`."""
    if t["start_from"]:
        return _("starts at the last destination")
    dice, rolled, start = t["start_dice"], t["start_rolled"], t["start"]
    if rolled != start:
        return _("start {dice} = {rolled}, next free {number}").format(dice=dice, rolled=rolled, number=start)
    return _("start {dice} = {rolled}").format(dice=dice, rolled=rolled)


def destination_words(t: dict) -> str:
    """How a transport (as described) found its destination: its dice, the number rolled, the next free one."""
    dice, rolled, destination = t["destination_dice"], t["destination_rolled"], t["destination"]
    if t["special"]:
        return str(dice)
    if rolled != destination:
        return _("{dice} = {rolled}, next free {number}").format(dice=dice, rolled=rolled, number=destination)
    return f"{dice} = {rolled}"


def _steps_done(info: dict, train: str, at: str) -> int | None:
    for e in info["entered"]:
        if e["train"] == train and at in e["route"]:
            return e["route"].index(at)
    return None


def station_table(game_map, events: list[dict], uses_allowed: int) -> dict:
    """The 6x6 table of 11..66 as it stands: each number's cities and the transports that used it."""
    used: dict[int, list[int]] = {}
    for e in events:
        if e["type"] == "station_table_reset":
            used = {}
        elif e["type"] == "station_checked_off":
            used.setdefault(e["station"], []).append(e["transport"])
    rows = [[{"number": n, "used": len(used.get(n, [])), "transports": used.get(n, []),
              "cities": [c.name for c in game_map.stations.get(n, [])]}
             for n in STATIONS[row * 6:row * 6 + 6]] for row in range(6)]
    resets = sum(1 for e in events if e["type"] == "station_table_reset")
    return {"rows": rows, "uses": uses_allowed, "resets": resets}


def transport_tally(transports: dict[int, dict], seats: list[str], made: int, total: int | None) -> dict:
    """Transports made of the total, and each company's races, places, bonuses and fees over the game."""
    per = {cid: {"entered": 0, "first": 0, "second": 0, "bonuses": 0, "fees_paid": 0, "fees_received": 0}
           for cid in seats}
    cancelled = 0
    for info in transports.values():
        if (info["announced"] or {}).get("cancelled"):
            cancelled += 1
        for e in info["entered"]:
            for c in e["companies"]:
                per[c]["entered"] += 1
        for p in info["placed"]:
            for c in p["companies"]:
                if p["place"] in (1, 2):
                    per[c]["first" if p["place"] == 1 else "second"] += 1
        for p in info["postings"]:
            if p["from"] == "bank" and p["to"] in per:
                per[p["to"]]["bonuses"] += p["amount"]
            elif p["from"] in per and p["to"] in per:
                per[p["from"]]["fees_paid"] += p["amount"]
                per[p["to"]]["fees_received"] += p["amount"]
            elif p["from"] in per:
                per[p["from"]]["fees_paid"] += p["amount"]
    return {"made": made, "total": total, "cancelled": cancelled, "companies": per}


def additional_construction(news: list[dict], names: dict[str, str]) -> dict | None:
    """This issue's additional construction: allowances, then each company's building in turn.

    None when there was none, also when the game ended before it could be carried out.
    """
    allowances = [e for e in news if e["type"] == "allowance"]
    if not allowances or any(e["type"] == "game_finished" for e in news):
        return None
    turns: list[dict] = []
    turn = None
    for e in news:
        if e["type"] == "additional_construction":
            turn = {"company": e["company"], "name": names[e["company"]], "allowance": e["allowance"],
                    "transport": e.get("transport"), "segments": [], "fees": [], "bonuses": [], "unused": 0}
            turns.append(turn)
        elif turn is not None and e["type"] in ("round_closed", "round_opened", "game_finished"):
            turn = None
        elif turn is not None and e["type"] in _TURN_EVENTS:
            _TURN_EVENTS[e["type"]](turn, e)
    for t in turns:
        t["cost"] = sum(s["cost"] for s in t["segments"])
        t["fee_total"] = sum(p["amount"] for p in t["fees"])
    after = sorted({e["transport"] for e in allowances})
    allowances = [dict(e, basis=said(e["basis"])) for e in allowances]
    return {"after": after, "allowances": allowances, "turns": turns}


def _turn_segment(turn: dict, e: dict):
    if e["company"] == turn["company"]:
        turn["segments"].append(e)


def _turn_fee(turn: dict, e: dict):
    if e["from"] == turn["company"] and e["to"] != "bank":
        turn["fees"].append(dict(e, reason=said(e["reason"])))


def _turn_bonus(turn: dict, e: dict):
    if e.get("bonus"):
        turn["bonuses"].append(e)


_TURN_EVENTS = {      # event type -> how it enters the additional construction turn under way
    "segment": _turn_segment,
    "posting": _turn_fee,
    "city_connected": _turn_bonus,
    "allowance_unused": lambda turn, e: turn.__setitem__("unused", e["units"]),
}


def shortest_text(steps: int | None) -> str:
    """`shortest existing line 12 hexes`, or that no line joins start and destination yet."""
    if steps is None:
        return _("no existing line joins them yet")
    return ngettext("shortest existing line {n} hex", "shortest existing line {n} hexes", steps).format(n=steps)


def with_keyword(event: dict) -> dict:
    """A refused line's event with the order keyword it starts with (`keyword`, or "")."""
    word = str(event.get("text", "")).split()[:1]
    keyword = word[0].upper() if word and word[0].upper() in KEYWORDS else ""
    return {**event, "keyword": keyword}
