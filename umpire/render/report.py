"""The facts of one newsletter, gathered from the journal: the same for the text and the PDF."""

from __future__ import annotations

from ..engine import construction
from ..mail.deadlines import deadline_text
from ..store.folder import GameFolder


def newsletter_facts(folder: GameFolder, number: int) -> dict:
    """Everything newsletter `number` reports: what happened since the last one, and what comes next."""
    events = folder.events
    issued = [i for i, e in enumerate(events) if e["type"] == "newsletter"]
    since = issued[-1] + 1 if issued else 0
    news = [e for e in events[since:] if e["type"] not in ("order_received", "order_refused", "command")]
    state = folder.state()
    game_map, rules = folder.game_map, folder.rules
    names = {cid: c.name for cid, c in state.companies.items()}
    resolved = next((e["round"] for e in reversed(news) if e["type"] in ("round_closed", "construction_ended")),
                    None)

    built: dict[str, list[dict]] = {}
    for e in news:
        if e["type"] == "segment":
            built.setdefault(e["company"], []).append(e)
    postings = [e for e in news if e["type"] == "posting"]
    companies = []
    for cid in state.seat_order():
        companies.append({
            "id": cid, "name": names[cid], "balance": state.balance(cid),
            "home": game_map.describe(state.homes[cid]) if cid in state.homes else "not chosen",
            "segments": len(state.edges.get(cid, ())),
            "built": built.get(cid, []),
            "points": sum(e["cost"] for e in built.get(cid, [])),
            "postings": [p for p in postings if cid in (p["from"], p["to"])],
        })
    config = folder.config
    return {
        "number": number,
        "game": state.game,
        "map": game_map.title,
        "rules": rules.title,
        "phase": state.phase,
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
        "cities": [e for e in news if e["type"] == "city_connected"],
        "homes": [e for e in news if e["type"] == "home"],
        "ended": next((e for e in news if e["type"] == "construction_ended"), None),
        "round_order": state.round_order,
        "budgets": state.budgets if state.phase == "construction" else {},
        "unconnected": [game_map.city_at[h].name for h in construction.unconnected_cities(state, game_map)],
        "dice": config["dice"],
        "home_terminals": [c.name for c in game_map.home_terminals],
        "events": news,
        "deadline": deadline_text(folder, state.round),
    }
