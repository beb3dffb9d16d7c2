"""Missed turns per seat, as `umpire status` shows them (`missed_turns: {ID: n}`): a family whose
state counts them (Volldampf's `missed`: mail turns in a row with nothing sent) gives its count;
otherwise the journal's `no_orders` events are counted (Dampfross: the rounds a company sent no
order that counts), each seat's from its last taking over (`umpire replace`) on."""

from __future__ import annotations


def missed_turns(state, events: list[dict], seats: list[str]) -> dict[str, int]:
    counted = getattr(state, "missed", None)
    if isinstance(counted, dict):
        return {seat: int(counted.get(seat, 0)) for seat in seats}
    out = dict.fromkeys(seats, 0)
    for e in events:
        if e["type"] == "no_orders" and e.get("company") in out:
            out[e["company"]] += 1
        elif e["type"] == "company_replaced" and e["company"] in out:
            out[e["company"]] = 0
    return out
