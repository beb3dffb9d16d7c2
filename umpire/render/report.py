"""The facts of one newsletter, gathered from the journal: the same for the text and the PDF.

The operating phase reports from its events when they are present: `races_from_events`
groups every event that carries a `transport` number into one race dict (the shape the
newsletter sections read), `used_stations` checks off the station table.
"""

from __future__ import annotations

from ..engine import construction
from ..engine.ledger import BANK
from ..engine.state import State
from ..gamemap import STATIONS
from ..mail.deadlines import deadline_text
from ..store.folder import GameFolder

QUIET = ("order_received", "order_refused", "command", "orders_used")


def newsletter_facts(folder: GameFolder, number: int, state: State | None = None) -> dict:
    """Everything newsletter `number` reports: what happened since the last one, and what comes next."""
    events = folder.events
    issued = [i for i, e in enumerate(events) if e["type"] == "newsletter"]
    since = issued[-1] + 1 if issued else 0
    news = [e for e in events[since:] if e["type"] not in QUIET]
    state = state or folder.state()
    game_map, rules, config = folder.game_map, folder.rules, folder.config
    names = {cid: c.name for cid, c in state.companies.items()}
    names[BANK] = "the bank"
    resolved = next((e["round"] for e in reversed(news) if e["type"] in ("round_closed", "construction_ended")),
                    None)

    built: dict[str, list[dict]] = {}
    for e in news:
        if e["type"] == "segment":
            built.setdefault(e["company"], []).append(e)
    postings = [e for e in news if e["type"] == "posting"]
    companies = []
    for cid in state.seat_order():
        mine = [p for p in postings if cid in (p["from"], p["to"])]
        companies.append({
            "id": cid, "name": names[cid], "balance": state.balance(cid),
            "change": sum(p["amount"] if p["to"] == cid else -p["amount"] for p in mine),
            "home": game_map.describe(state.homes[cid]) if cid in state.homes else "not chosen",
            "segments": len(state.edges.get(cid, ())),
            "built": built.get(cid, []),
            "points": sum(e["cost"] for e in built.get(cid, [])),
            "postings": mine,
        })
    races = races_from_events(news)
    all_races = races_from_events(events)
    used = used_stations(events, state)
    phase = state.phase
    between = phase == "operations" and not any(r["announced_only"] for r in all_races)
    return {
        "number": number,
        "game": state.game,
        "map": game_map.title,
        "rules": rules.title,
        "phase": phase,
        "between_phases": between,
        "round": state.round,
        "resolved_round": resolved,
        "companies": companies,
        "names": names,
        "postings": postings,
        "rolls": [e for e in news if e["type"] == "roll"],
        "refused": [e for e in news if e["type"] == "refused"],
        "not_carried_out": [e for e in news if e["type"] == "not_carried_out"],
        "no_orders": [e["company"] for e in news if e["type"] == "no_orders"],
        "expectations": [e for e in news if e["type"] == "expectation_differs"],
        "unused": [e for e in news if e["type"] == "points_unused"],
        "cities": [e for e in news if e["type"] == "city_connected"],
        "homes": [e for e in news if e["type"] == "home"],
        "ended": next((e for e in news if e["type"] == "construction_ended"), None),
        "round_order": state.round_order,
        "budgets": state.budgets if phase == "construction" else {},
        "unconnected": [game_map.city_at[h].name for h in construction.unconnected_cities(state, game_map)],
        "dice": config["dice"],
        "seed": folder.secrets.get("seed") if phase == "finished" else None,
        "home_terminals": [c.name for c in game_map.home_terminals],
        "races": races,
        "announced": [r for r in all_races if r["announced_only"]] if phase == "operations" else [],
        "stations": station_table(game_map, used),
        "stations_in_use": bool(used),
        "tally": transport_tally(all_races, state.seat_order(), _transports_total(game_map, rules)),
        "awaited": list(state.round_order) if phase != "finished" and not between else [],
        "templates": {c["id"]: order_template(state, game_map, c["id"], all_races) for c in companies}
        if phase != "finished" and not between else {},
        "events": news,
        "deadline": deadline_text(folder, state.round),
    }



def order_template(state, game_map, cid: str, races: list[dict]) -> list[str]:
    """The lines a company fills in for the open round (its code is never printed)."""
    lines = [f"GAME {state.game}", f"COMPANY {cid}", "CODE <your order code>", f"ROUND {state.round}"]
    if state.phase == "construction":
        if cid not in state.homes:
            lines.append(f"HOME <{' or '.join(c.name for c in game_map.home_terminals)}>")
        lines.append("BUILD <hex>-<hex>-...")
    else:
        for race in races:
            if race["announced_only"]:
                lines.append(f"RACE {race['transport']} RUN <{race['start']}>-...-<{race['destination']}>"
                             "   (or JOIN <company> ..., or PASS)")
    return lines


# -- the operating phase ---------------------------------------------------------
def races_from_events(events: list[dict]) -> list[dict]:
    """One dict per transport, from every event that carries a `transport` number.

    Event types read: transport_announced (start, destination, special), transport_cancelled
    (reason), race_entry (company, partner, route, fees), race_move (turn, company, roll, hex),
    race_arrival (company, place, leftover); postings with a `transport` are its money.
    """
    races: dict[int, dict] = {}
    for e in events:
        number = e.get("transport")
        if number is None or not isinstance(number, int):
            continue
        race = races.setdefault(number, {
            "transport": number, "start": "?", "destination": "?", "special": False, "cancelled": None,
            "entrants": [], "turns": [], "arrivals": [], "postings": [], "announced_only": True})
        kind = e["type"]
        if kind == "transport_announced":
            race.update(start=str(e.get("start", "?")), destination=str(e.get("destination", "?")),
                        special=bool(e.get("special", False)))
        elif kind == "transport_cancelled":
            race.update(cancelled=e.get("reason", "cancelled"), announced_only=False)
        elif kind == "race_entry":
            route = e.get("route", "")
            race["entrants"].append({"company": e["company"], "partner": e.get("partner"),
                                     "route": "-".join(route) if isinstance(route, list) else str(route)})
            race["announced_only"] = False
        elif kind == "race_move":
            turn = e.get("turn", 1)
            if not race["turns"] or race["turns"][-1]["turn"] != turn:
                race["turns"].append({"turn": turn, "moves": []})
            race["turns"][-1]["moves"].append({"company": e["company"], "roll": e.get("roll"),
                                               "at": e.get("hex", e.get("at", "")),
                                               "arrived": bool(e.get("arrived", False))})
            race["announced_only"] = False
        elif kind == "race_arrival":
            race["arrivals"].append({"company": e["company"], "place": e.get("place"),
                                     "leftover": e.get("leftover")})
            race["announced_only"] = False
        elif kind == "posting":
            race["postings"].append(e)
    return [races[n] for n in sorted(races)]


def used_stations(events: list[dict], state) -> dict[int, int]:
    """Station number -> how often it was start or destination of a transport so far."""
    used: dict[int, int] = {}
    for e in events:
        if e["type"] == "transport_announced":
            for key in ("start_station", "destination_station"):
                if isinstance(e.get(key), int):
                    used[e[key]] = used.get(e[key], 0) + 1
    return used


def station_table(game_map, used: dict[int, int]) -> list[list[dict]]:
    """The 6x6 station table, 11..66: each number with its cities and whether it is used."""
    rows = []
    for tens in range(1, 7):
        rows.append([{"number": n, "used": used.get(n, 0),
                      "cities": [c.name for c in game_map.stations.get(n, [])]}
                     for n in STATIONS[(tens - 1) * 6:tens * 6]])
    return rows


def transport_tally(races: list[dict], seats: list[str], total: int) -> dict:
    """Transports made of the total, and each company's entries, places and race money."""
    made = [r for r in races if not r["announced_only"]]
    per = {cid: {"entered": 0, "first": 0, "second": 0, "income": 0} for cid in seats}
    for r in made:
        for entrant in r["entrants"]:
            if entrant["company"] in per:
                per[entrant["company"]]["entered"] += 1
        for a in r["arrivals"]:
            if a["company"] in per and a.get("place") in (1, 2):
                per[a["company"]]["first" if a["place"] == 1 else "second"] += 1
        for p in r["postings"]:
            if p["to"] in per:
                per[p["to"]]["income"] += p["amount"]
    return {"made": len(made), "total": total, "companies": per}


def _transports_total(game_map, rules) -> int:
    ops = rules.operations
    return ops.transports if game_map.specials else ops.transports_without_specials
