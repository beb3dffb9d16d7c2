"""Helpers for the operating-phase tests: states built from journal events, scripted dice."""

from __future__ import annotations

from umpire.engine.construction import Emitter
from umpire.engine.ledger import BANK
from umpire.engine.state import State, fold
from umpire.hexgrid import parse_label
from umpire.orders import parse_order


class ScriptedDice:
    """Dice that give fixed values, in order, and remember each purpose asked for."""

    def __init__(self, values):
        self.values = list(values)
        self.purposes: list[str] = []

    def roll(self, purpose: str) -> int:
        self.purposes.append(purpose)
        if not self.values:
            raise AssertionError(f"no scripted die left for {purpose!r}")
        return self.values.pop(0)


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


def orders(game_map, **texts) -> dict:
    """Parsed orders by company from order bodies (`RACE 1 RUN ...` lines)."""
    return {c: parse_order(f"GAME t\nCOMPANY {c}\n{body}", game_map) for c, body in texts.items()}


def events_of(events, kind: str) -> list[dict]:
    return [e for e in events if e["type"] == kind]
