"""Joint construction (Schmidt optional rule, `options.joint_construction`): two companies build a
common line from a hex where both their lines meet, with three quarters of both rolls (RULES 6,
Schmidt variant).

Both companies order the same `JOINT partner chain` lines in a construction round. Their rolls of
the round go into the joint line (own BUILD chains of that round are refused); the pair may spend
three quarters of the total, rounded down (8 -> 6, 6 -> 4: half a point is lost). The line is built
at the turn of whichever partner comes first in the round's order; each segment belongs to both.
Fees are split, the odd unit paid by the richer; a city bonus is split, the odd unit to the poorer
(as for joint transports).
"""

from __future__ import annotations

from dataclasses import dataclass

from ....kernel.ledger import BANK
from ....kernel.ruleset import Ruleset
from ....kernel.words import plural
from ..gamemap import GameMap
from ..hexgrid import Hex, label
from ..orders import JointChain, Order
from .building import Fee, Refusal, earns_city_bonus, segment_cost, segment_fees
from .jumping import return_jumps
from .races import share
from .state import State

SHARE = (3, 4)          # the pair spends three quarters of its total roll


@dataclass
class JointPlan:
    companies: tuple[str, str]          # in the round's order: the first builds the line at its turn
    chains: list[JointChain]
    budgets: dict[str, int]

    @property
    def points(self) -> int:
        """Three quarters of the pair's total roll, rounded down."""
        return sum(self.budgets.values()) * SHARE[0] // SHARE[1]


def pair_up(state: State, rules: Ruleset, orders: dict[str, Order]) -> tuple[dict[str, JointPlan], dict[str, str]]:
    """The joint plans of the round by company, and why each other company's JOINT lines are refused."""
    plans: dict[str, JointPlan] = {}
    refused: dict[str, str] = {}
    position = {c: i for i, c in enumerate(state.round_order)}
    for company, order in orders.items():
        if not order.joints:
            continue
        if not rules.options.joint_construction:
            refused[company] = "joint construction is not in play in this game (the ruleset's " \
                               "options.joint_construction is off)."
            continue
        partners = sorted({j.partner for j in order.joints})
        partner = partners[0]
        other = orders.get(partner)
        if len(partners) > 1:
            refused[company] = f"a company builds jointly with one partner in a round, not {', '.join(partners)}."
        elif partner == company:
            refused[company] = "a company cannot build jointly with itself; write BUILD."
        elif partner not in state.companies:
            refused[company] = f"there is no company {partner!r}; the companies are {', '.join(state.seat_order())}."
        elif other is None or not other.joints or {j.partner for j in other.joints} != {company}:
            refused[company] = (f"{partner} did not order JOINT {company} with the same chains; both partners "
                                "order the same JOINT lines.")
        elif [j.hexes for j in other.joints] != [j.hexes for j in order.joints]:
            refused[company] = f"{partner} ordered different JOINT chains; both partners write the same."
        else:
            pair = tuple(sorted((company, partner), key=lambda c: position.get(c, len(position))))
            plans[company] = JointPlan(pair, order.joints if company == pair[0] else other.joints,
                                       {c: state.budgets.get(c, 0) for c in pair})
    return plans, refused


def joint_fees(state: State, game_map: GameMap, rules: Ruleset, pair: tuple[str, str], a: Hex, b: Hex) -> list[Fee]:
    """The fees the pair owes for building a-b together: what both would owe alone (a connection fee is
    not due where either partner already has track), none to each other."""
    first = [f for f in segment_fees(state, game_map, rules, pair[0], a, b) if f.rival != pair[1]]
    second = [f for f in segment_fees(state, game_map, rules, pair[1], a, b) if f.rival != pair[0]]
    common = []
    for f in first:
        if f in second:
            second.remove(f)
            common.append(f)
    return common


class JointBuild:
    """The pair's joint line, built chain by chain with the pair's points."""

    def __init__(self, emit, game_map: GameMap, rules: Ruleset, plan: JointPlan):
        self.emit, self.map, self.rules, self.plan = emit, game_map, rules, plan
        self.pair = plan.companies
        self.spent = 0

    @property
    def state(self) -> State:
        return self.emit.state

    def run(self):
        plan = self.plan
        total = sum(plan.budgets.values())
        self.emit(dict(type="joint_construction", round=self.state.round, companies=list(self.pair),
                       budgets=dict(plan.budgets), total=total, points=plan.points,
                       points_lost=total * SHARE[0] / SHARE[1] - plan.points))
        for chain in plan.chains:
            self.build_chain(chain)
        if plan.points - self.spent > 0:
            self.emit(dict(type="points_unused", round=self.state.round, company=self.pair[0],
                           joint_with=self.pair[1], points=plan.points - self.spent))

    def refuse(self, chain: JointChain, reason: str):
        for company in self.pair:
            self.emit(dict(type="refused", round=self.state.round, company=company, line=chain.line,
                           text=chain.text.strip(), reason=reason))

    def build_chain(self, chain: JointChain):
        hexes = chain.hexes
        start = hexes[0]
        if not all(c in self.state.tracks.get(start, ()) for c in self.pair):
            self.refuse(chain, f"{self.map.describe(start)} is not a hex where the lines of {' and '.join(self.pair)} "
                        "meet; a joint line starts where both networks have track.")
            return
        for i, (a, b) in enumerate(zip(hexes, hexes[1:]), 1):
            problem = self.build_segment(a, b)
            if problem:
                rest = "-".join(self.map.label(h) for h in hexes[i - 1:])
                more = f" Not built: {rest}." if len(hexes) - i > 1 else ""
                self.refuse(chain, f"{self.map.step(a, b)}: {problem}{more}")
                break
        for company in self.pair:
            return_jumps(self.emit, company)

    def build_segment(self, a: Hex, b: Hex) -> str | None:
        state, pair = self.state, self.pair
        owner = [c for c in pair if state.owns(c, a, b)]
        if owner:
            return f"{owner[0]} already owns that segment; a joint segment is new to both partners."
        try:
            cost = segment_cost(self.map, self.rules, a, b)
        except Refusal as exc:
            return str(exc)
        left = self.plan.points - self.spent
        if cost > left:
            return f"costs {plural(cost, 'point')} and only {left} of the pair's {self.plan.points} are left."
        fees = joint_fees(state, self.map, self.rules, pair, a, b)
        odd = self.rules.operations.joint.odd_cost_paid_by
        parts = [(f, share(state, list(pair), f.amount, odd)) for f in fees]
        owed = {c: sum(p[c] for _, p in parts) for c in pair}
        short = [c for c in pair if owed[c] > state.balance(c)]
        if short:
            listed = ", ".join(f.describe(self.map.label) for f in fees)
            return (f"{short[0]}'s share of the fees ({listed}) is {owed[short[0]]} "
                    f"units and its balance is {state.balance(short[0])}.")
        self.spent += cost
        for company, partner in (pair, pair[::-1]):
            self.emit(dict(type="segment", round=state.round, company=company, a=label(a), b=label(b), cost=cost,
                           joint_with=partner))
        for f, split in parts:
            for company in pair:
                self.emit.pay(company, f.rival, split[company], f"{f.kind} fee in {self.map.label(f.hex)} (joint line)")
                if f.kind == "city connection":
                    self.emit(dict(type="city_fee_paid", company=company, rival=f.rival, hex=label(f.hex)))
        for h in (a, b):
            self.connect_city(h)
        return None

    def connect_city(self, h: Hex):
        city = self.map.city_at.get(h)
        if city is None or h in self.state.connected:
            return
        earns = earns_city_bonus(self.map, self.rules, self.state, h, self.pair)
        bonus = self.rules.construction.city_bonus if earns else 0
        self.emit(dict(type="city_connected", round=self.state.round, city=city.name, hex=label(h),
                       company=self.pair[0], joint_with=self.pair[1], bonus=bonus))
        parts = share(self.state, list(self.pair), bonus, self.rules.operations.joint.odd_income_to)
        for company, part in parts.items():
            self.emit.pay(BANK, company, part, f"share of the bonus for connecting {city.name} (joint line)")

