"""Helpers for the operating-phase tests: states built from journal events, scripted dice."""

from __future__ import annotations

from umpire.families.dampfross.engine.construction import Emitter
from umpire.families.dampfross.engine.state import State, fold
from umpire.families.dampfross.hexgrid import parse_label
from umpire.families.dampfross.orders import parse_order
from umpire.kernel.ledger import BANK


class ScriptedDice:
    """Dice that give fixed values, in order, and remember each purpose asked for."""

    def __init__(self, values, then: int | list[int] | None = None):
        self.values = list(values)
        self.then = [then] if isinstance(then, int) else then
        self.purposes: list[str] = []
        self.extra = 0

    def roll(self, purpose: str) -> int:
        self.purposes.append(purpose)
        if not self.values:
            if not self.then:
                raise AssertionError(f"no scripted die left for {purpose!r}")
            self.extra += 1
            return self.then[(self.extra - 1) % len(self.then)]
        return self.values.pop(0)


# A network over the test map: red Alpha-Zeta-Beta-Theta, blue Beta-Furth-Nord-Gamma,
# green Alpha-Kappa-Delta-Iota. Epsilon (K3, 23) and Eta (B8, 32) stay unconnected.
NETWORK = {
    "red": ["C3-D3-E3-F3-G4-G5-G6-H5-I6-J6-K7-K8-L8-M9"],
    "blue": ["K8-K7-K6-J5-J4-J3-J2-I3-H3-G3-F2"],
    "green": ["C3-C4-C5-D5-E6-E7-E8-E9-F9-G10"],
}


def chain_hexes(text: str):
    return [parse_label(p) for p in text.split("-")]


def make_state(tracks: dict[str, list[str]], balances: dict[str, int] | None = None,
               homes: dict[str, str] | None = None, phase: str = "operations") -> State:
    """A state where each company owns the segments of its chains (`C3-D3-E3`) and has its balance."""
    companies = list(tracks)
    events = [dict(type="game_created", game="t", companies=[{"id": c, "name": c.title()} for c in companies])]
    for c in companies:
        amount = (balances or {}).get(c, 20)
        if amount:
            events.append(dict(type="posting", round=0, **{"from": BANK, "to": c}, amount=amount, reason="start"))
    for c, chains in tracks.items():
        if homes and c in homes:
            events.append(dict(type="home", round=1, company=c, hex=homes[c]))
        for chain in chains:
            hexes = chain.split("-")
            for a, b in zip(hexes, hexes[1:]):
                events.append(dict(type="segment", round=1, company=c, a=a, b=b, cost=1))
    events.append(dict(type="round_opened", round=1, phase="construction", order=companies, budgets={}))
    if phase == "operations":
        events.append(dict(type="construction_ended", round=1, reason="test"))
    return fold(events)


def announce(state: State, number: int, start: list[str], destination: list[str], special: bool = False,
             round_number: int | None = None) -> State:
    """Put an announced transport on a state without dice."""
    emit = Emitter(state.copy())
    emit(dict(type="transport_announced", round=round_number or state.round, transport=number, special=special,
              start=11, start_name="start", start_hexes=start, destination=22, destination_name="dest",
              destination_hexes=destination, cancelled=False, reason=None))
    return emit.state


def run_round(state, game_map, rules, texts: dict[str, str], dice_values, options=None, then=(1, 3, 4, 1, 2, 2)):
    """Resolve one operating round with scripted dice; later rolls (the next round's) cycle `then`."""
    from umpire.families.dampfross.engine.operations import resolve_operations_round
    dice = ScriptedDice(dice_values, then=list(then))
    events, new = resolve_operations_round(state, game_map, rules, orders(game_map, **texts), dice, options or {})
    return events, new, dice


def orders(game_map, **texts) -> dict:
    """Parsed orders by company from order bodies (`RACE 1 RUN ...` lines)."""
    return {c: parse_order(f"GAME t\nCOMPANY {c}\n{body}", game_map) for c, body in texts.items()}


def events_of(events, kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]
