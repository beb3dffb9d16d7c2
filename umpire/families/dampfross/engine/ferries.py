"""Ferries (Schmidt optional rule, `options.ferries`): buying a ferry line (RULES 6).

A company whose network reaches a ferry's port may buy the ferry from the bank at the map's
price. Each ferry has one owner; a company owns at most the map's `per_company` ferries, from
different ports where the map says so. Crossing it is part of a race route (engine/routes.py).
"""

from __future__ import annotations

from ....kernel.ledger import BANK
from ....kernel.ruleset import Ruleset
from ..gamemap import GameMap
from ..hexgrid import label
from ..orders import FerryOrder


def buy_ferry(emit, game_map: GameMap, rules: Ruleset, company: str, order: FerryOrder) -> str | None:
    """Buy the ferry the order names; returns why not, or None when bought."""
    state = emit.state
    if not rules.options.ferries:
        return "ferries are not in play in this game (the ruleset's options.ferries is off)."
    ferry = next(f for f in game_map.ferries if f.name == order.ferry)
    terms = game_map.ferry_rules
    owner = state.ferry_owners.get(ferry.name)
    if owner == company:
        return f"this company already owns the ferry {ferry.name}."
    if owner is not None:
        return f"the ferry {ferry.name} belongs to {owner}; each ferry has one owner."
    if not state.on_network(company, ferry.port):
        return (f"{ferry.port_name} ({game_map.label(ferry.port)}) is not on this company's network; a company buys a "
                "ferry once its line reaches the ferry's port.")
    own = [f for f in game_map.ferries if state.ferry_owners.get(f.name) == company]
    if len(own) >= terms.per_company:
        return (f"a company owns at most {terms.per_company} {'ferry' if terms.per_company == 1 else 'ferries'} "
                f"on this map, and this company owns {', '.join(f.name for f in own)}.")
    same_port = [f for f in own if f.port == ferry.port]
    if terms.different_ports and same_port:
        return (f"a company's ferries leave from different ports, and its ferry {same_port[0].name} already "
                f"leaves from {ferry.port_name}.")
    if state.balance(company) < terms.price:
        return f"the ferry costs {terms.price} units and the balance is {state.balance(company)}."
    emit(dict(type="ferry_bought", round=state.round, company=company, ferry=ferry.name, port=label(ferry.port),
              port_name=ferry.port_name, landing=label(ferry.landing), landing_name=ferry.landing_name,
              price=terms.price, points=ferry.points, fee=terms.fee))
    emit.pay(company, BANK, terms.price, f"buying the ferry {ferry.name}")
    return None
