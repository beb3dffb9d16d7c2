"""Checking a race route and working out whom each step pays (RULES 4.2).

A route runs from the start station to a destination, every step along an existing
segment, a permitted foreign route or a bought ferry, and uses at least one of the train's own
segments (an own ferry counts). A rival's ferry costs its owner's fee per crossing.
Where several companies own a step, the order may name one (`F8[blue]`); otherwise the
train takes its own, else the partner's, else a rival it already pays on the route, else
the alphabetically first rival.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import pairwise

from ....kernel.ledger import BANK
from ..gamemap import GameMap
from ..hexgrid import Hex
from ..orders import Route
from .network import crossing, step_owners
from .state import State


class RouteError(Exception):
    """A route that cannot run; the message names the first bad step and what would work."""


@dataclass
class Plan:
    """A checked route: its hexes, the owner used on each step, and the fees by payee."""

    hexes: list[Hex]
    payees: list[str]               # per step; a train company means the step is free
    fees: dict[str, int]
    ferries: dict[int, str] = field(default_factory=dict)   # step index (0-based) -> ferry crossed

    @property
    def steps(self) -> int:
        return len(self.hexes) - 1


def _hexes_text(hexes, name) -> str:
    return ", ".join(name(h) for h in sorted(hexes))


def check_route(state: State, game_map: GameMap, companies: list[str], route: Route, starts: list[Hex],
                destinations: list[Hex], to: Hex | None, fee_per_step: int) -> Plan:
    """The plan of a route for a train of `companies` (one, or two partners), or RouteError."""
    hexes, name = route.hexes, game_map.label
    _starts_at_a_start(hexes, starts, name)
    _passes_no_hex_twice(hexes, name)
    choices, ferries = _owners_of_each_step(state, game_map, route)
    _ends_at_a_destination(hexes, destinations, to, name)
    payees = _payees(choices, companies)
    _runs_partly_on_own_line(payees, companies)
    fees: dict[str, int] = {}
    for i, p in enumerate(payees):
        if p not in companies:
            fee = game_map.ferry_rules.fee if i in ferries else fee_per_step
            fees[p] = fees.get(p, 0) + fee
    return Plan(list(hexes), payees, {p: f for p, f in fees.items() if f > 0}, ferries)


def _starts_at_a_start(hexes: list[Hex], starts: list[Hex], name):
    if hexes[0] not in starts:
        raise RouteError(f"the route starts at {name(hexes[0])}; this transport starts at "
                         f"{_hexes_text(starts, name)}.")


def _passes_no_hex_twice(hexes: list[Hex], name):
    seen: set[Hex] = set()
    for h in hexes:
        if h in seen:
            raise RouteError(f"the route passes {name(h)} twice; a train does not run back over its own path.")
        seen.add(h)


def _owners_of_each_step(state: State, game_map: GameMap, route: Route) -> tuple[list[list[str]], dict[int, str]]:
    """Whose track (or bought ferry) each step may run on, narrowed to the owner the order names;
    and the ferries crossed, by step index."""
    choices: list[list[str]] = []
    ferries: dict[int, str] = {}
    for i, (a, b) in enumerate(pairwise(route.hexes), 1):
        owners = step_owners(state, game_map, a, b)
        ferry = crossing(game_map, a, b)
        if ferry is not None and not owners:
            raise RouteError(f"step {game_map.step(a, b)} (step {i}) is the ferry {ferry.name}, which nobody has "
                             "bought; a ferry runs once a company owns it (FERRY).")
        if not owners:
            raise RouteError(f"step {game_map.step(a, b)} (step {i}) has no track; every step runs along an "
                             "existing segment, a permitted route or a bought ferry.")
        if ferry is not None:
            ferries[i - 1] = ferry.name
        choices.append(_named_owner(route.owners.get(i), owners, a, b, game_map.label))
    return choices, ferries


def _named_owner(named: str | None, owners: list[str], a: Hex, b: Hex, name) -> list[str]:
    """`F8[blue]`: the step runs on the named owner's track, which must be there."""
    if named is None:
        return owners
    if named not in owners:
        raise RouteError(f"{name(b)}[{named}]: {named} owns no segment {name(a)}-{name(b)}; "
                         f"its owners are {', '.join(owners)}.")
    return [named]


def _ends_at_a_destination(hexes: list[Hex], destinations: list[Hex], to: Hex | None, name):
    """The route ends at a destination of the transport, at the one TO names if it names one."""
    if to is not None:
        if to not in destinations:
            raise RouteError(f"TO {name(to)} is not a destination of this transport; its destinations are "
                             f"{_hexes_text(destinations, name)}.")
        if hexes[-1] != to:
            raise RouteError(f"the route ends at {name(hexes[-1])}, not at the chosen destination {name(to)}.")
    elif hexes[-1] not in destinations:
        raise RouteError(f"the route ends at {name(hexes[-1])}, which is not a destination of this transport "
                         f"({_hexes_text(destinations, name)}).")


def _payees(choices: list[list[str]], companies: list[str]) -> list[str]:
    """Whose track each step uses: the train's own, else the only owner, else a rival the route
    already pays, else the alphabetically first rival."""
    payees: list[str | None] = [None] * len(choices)
    for i, owners in enumerate(choices):
        own = [c for c in companies if c in owners]
        if own:
            payees[i] = own[0]
        elif len(owners) == 1:
            payees[i] = owners[0]
    paid = {p for p in payees if p is not None and p not in companies}
    for i, owners in enumerate(choices):
        if payees[i] is None:
            known = sorted(o for o in owners if o in paid)
            payees[i] = known[0] if known else min(owners)
            paid.add(payees[i])
    return payees


def _runs_partly_on_own_line(payees: list[str], companies: list[str]):
    if not any(p in companies for p in payees):
        whose = "either partner's" if len(companies) > 1 else "its own"
        raise RouteError(f"the route uses none of {whose} segments; a train runs at least partly on its own line.")


def describe_fees(fees: dict[str, int]) -> str:
    if not fees:
        return "no fees"
    return ", ".join(f"{amount} to {'the bank' if payee == BANK else payee}" for payee, amount in sorted(fees.items()))
