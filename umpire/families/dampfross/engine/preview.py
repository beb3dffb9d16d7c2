"""What an order would do if carried out now: each chain expanded, with segment costs and fees.

A pure function for confirmations. It works on a copy of the state, so later chains of the
same order see the track of earlier ones; the state given is never changed. Budget and
balance are only compared, not enforced: the round's resolution decides (and may differ,
since companies earlier in the round order build first).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ....kernel.ruleset import Ruleset
from ..gamemap import GameMap
from ..hexgrid import label
from ..orders import Order
from .building import Fee, Refusal, segment_cost, segment_fees
from .state import State


@dataclass
class SegmentPreview:
    a: str
    b: str
    cost: int | None = None
    fees: list[Fee] = field(default_factory=list)
    problem: str | None = None


@dataclass
class ChainPreview:
    line: int
    text: str
    hexes: list[str]
    segments: list[SegmentPreview] = field(default_factory=list)
    problem: str | None = None

    @property
    def cost(self) -> int:
        return sum(s.cost or 0 for s in self.segments if not s.problem)

    @property
    def fees(self) -> int:
        return sum(f.amount for s in self.segments if not s.problem for f in s.fees)


@dataclass
class OrderPreview:
    chains: list[ChainPreview]
    budget: int | None
    balance: int

    @property
    def cost(self) -> int:
        return sum(c.cost for c in self.chains)

    @property
    def fees(self) -> int:
        return sum(c.fees for c in self.chains)


def preview_order(state: State, game_map: GameMap, rules: Ruleset, company: str, order: Order) -> OrderPreview:
    """Each chain of the order as the umpire reads it, priced against the current map."""
    work = state.copy()
    if order.home is not None and company not in work.homes:
        work.apply({"type": "home", "company": company, "hex": label(order.home)})
    for jump in order.jumps:            # a jump's landing is where later chains may start
        work.landings.add((company, jump.hexes[-1]))
    chains = []
    for chain in order.chains:
        preview = ChainPreview(chain.line, chain.text, [label(h) for h in chain.hexes])
        chains.append(preview)
        start = chain.hexes[0]
        if not work.on_network(company, start) and not (company not in work.homes and start in
                                                         {c.hex for c in game_map.home_terminals}):
            preview.problem = (f"{game_map.describe(start)} is not on this company's network (nor reached by an "
                               "earlier chain or a JUMP of this order).")
            continue
        if company not in work.homes:
            work.apply({"type": "home", "company": company, "hex": label(start)})
        for a, b in zip(chain.hexes, chain.hexes[1:]):
            seg = SegmentPreview(label(a), label(b))
            preview.segments.append(seg)
            if work.owns(company, a, b):
                seg.problem = "this company already owns it"
                continue
            try:
                seg.cost = segment_cost(game_map, rules, a, b)
            except Refusal as exc:
                seg.problem = str(exc)
                break
            seg.fees = segment_fees(work, game_map, rules, company, a, b)
            work.apply({"type": "segment", "company": company, "a": label(a), "b": label(b)})
    budget = state.budgets.get(company) if state.phase == "construction" else None
    return OrderPreview(chains, budget, state.balance(company))
