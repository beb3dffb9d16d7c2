"""One company's construction turn (RULES 3): its home terminal, then its chains, jumps, joint
line and ferries in the order written; additional construction (additional.py) builds on it."""

from __future__ import annotations

from ....kernel.ledger import BANK
from ....kernel.ruleset import Ruleset
from ....kernel.words import plural
from .. import hexgrid
from ..gamemap import GameMap
from ..hexgrid import Hex, label
from ..orders import Chain, JointChain, Jump, Order
from .building import Refusal, earns_city_bonus, segment_cost, segment_fees
from .emitter import Emitter
from .ferries import buy_ferry
from .joint_construction import JointBuild, JointPlan
from .jumping import make_jump, return_jumps


class Turn:
    """One company's construction turn: home terminal, then its chains in order."""

    def __init__(self, emit: Emitter, game_map: GameMap, rules: Ruleset, company: str, order: Order, budget: int,
                 joint: JointPlan | None = None, joint_refused: str | None = None):
        self.emit, self.map, self.rules = emit, game_map, rules
        self.state = emit.state
        self.company, self.order = company, order
        self.budget = budget
        self.spent = 0
        self.first_turn = company not in self.state.homes
        self.directions: set[Hex] = set()
        self.joint, self.joint_refused = joint, joint_refused

    def refuse(self, line: int, text: str, reason: str):
        self.emit(dict(type="refused", round=self.state.round, company=self.company, line=line,
                       text=text.strip(), reason=reason))

    def run(self):
        self.emit(dict(type="orders_used", round=self.state.round, company=self.company, budget=self.budget))
        unreadable = [(e.line, e.text, e.message) for e in self.order.errors] + [
            (r.line, r.text, "race entries belong to the operating phase; this is a construction round.")
            for r in self.order.races]
        for line, text, reason in sorted(unreadable):
            self.refuse(line, text, reason)
        if not self.choose_home():
            for item in self.items() + self.order.ferries:
                self.refuse(item.line, item.text, "no home terminal has been chosen; write HOME and a home "
                            f"terminal ({', '.join(c.name for c in self.map.home_terminals)}).")
            return
        joint_built = False
        for item in self.items():
            if isinstance(item, Jump):
                self.jump(item)
            elif isinstance(item, JointChain):
                if self.joint_refused:
                    self.refuse(item.line, item.text, self.joint_refused)
                elif self.joint.companies[0] == self.company and not joint_built:
                    JointBuild(self.emit, self.map, self.rules, self.joint).run()
                    joint_built = True
            elif self.joint is not None:
                partner = next(c for c in self.joint.companies if c != self.company)
                self.refuse(item.line, item.text, f"this company's roll of the round goes into its joint line with "
                            f"{partner}; its own chains wait for another round.")
            else:
                self.build_chain(item)
        self.buy_ferries()
        if self.budget - self.spent > 0 and self.order.chains and self.joint is None:
            self.emit(dict(type="points_unused", round=self.state.round, company=self.company,
                           points=self.budget - self.spent))

    def items(self) -> list:
        """The order's chains, jumps and joint chains, in the order written."""
        return sorted(self.order.chains + self.order.jumps + self.order.joints, key=lambda item: item.line)

    def jump(self, jump: Jump):
        problem = make_jump(self.emit, self.map, self.rules, self.company, jump)
        if problem:
            self.refuse(jump.line, jump.text, problem)

    def buy_ferries(self):
        for ferry in self.order.ferries:
            problem = buy_ferry(self.emit, self.map, self.rules, self.company, ferry)
            if problem:
                self.refuse(ferry.line, ferry.text, problem)

    def choose_home(self) -> bool:
        order, homes = self.order, self.map.home_terminals
        current = self.state.homes.get(self.company)
        if order.home is not None:
            if current is not None:
                if order.home != current:
                    self.refuse(order.home_line, f"HOME {self.map.label(order.home)}",
                                f"the home terminal is chosen once; this company's is "
                                f"{self.map.describe(current)}.")
                return True
            if order.home not in {c.hex for c in homes}:
                self.refuse(order.home_line, f"HOME {self.map.label(order.home)}",
                            f"{self.map.describe(order.home)} is not a home terminal; choose one of "
                            f"{', '.join(c.name for c in homes)}.")
                return False
            self.set_home(order.home)
            return True
        if current is not None:
            return True
        if order.chains and order.chains[0].hexes[0] in {c.hex for c in homes}:
            self.set_home(order.chains[0].hexes[0])
            return True
        return False

    def set_home(self, h: Hex):
        self.emit(dict(type="home", round=self.state.round, company=self.company, hex=label(h)))

    def build_chain(self, chain: Chain):
        hexes = chain.hexes
        if not self.state.on_network(self.company, hexes[0]):
            self.refuse(chain.line, chain.text, f"{self.map.describe(hexes[0])} is not on this company's network; "
                        "a chain starts at a hex the company's track already reaches (or its home terminal).")
            return
        actual: dict[int, dict] = {}
        for i, (a, b) in enumerate(zip(hexes, hexes[1:]), 1):
            result = self.build_segment(a, b)
            if isinstance(result, str):
                rest = "-".join(self.map.label(h) for h in hexes[i - 1:])
                self.refuse(chain.line, chain.text, f"{self.map.step(a, b)}: {result}"
                            + (f" Not built: {rest}." if len(hexes) - i > 1 else ""))
                break
            actual[i] = result
        self.check_expectations(chain, actual)
        return_jumps(self.emit, self.company)

    def build_segment(self, a: Hex, b: Hex) -> dict | str:
        """Build a-b, or say why not."""
        state, company = self.state, self.company
        if state.owns(company, a, b):
            return "this company already owns that segment; a company builds each segment once."
        try:
            cost = segment_cost(self.map, self.rules, a, b)
        except Refusal as exc:
            return str(exc)
        fees = segment_fees(state, self.map, self.rules, company, a, b)
        problem = self.cannot_afford(a, b, cost, fees)
        if problem:
            return problem
        self.spend(a, b, cost, fees)
        self.emit(dict(type="segment", round=state.round, company=company, a=label(a), b=label(b), cost=cost,
                       **self.segment_extra))
        self.pay_cost(a, b, cost)
        for f in fees:
            self.emit.pay(company, f.rival, f.amount, f"{f.kind} fee in {self.map.label(f.hex)}")
            if f.kind == "city connection":
                self.emit(dict(type="city_fee_paid", company=company, rival=f.rival, hex=label(f.hex)))
        bonus = sum(self.connect_city(h) for h in (a, b))
        return {"cost": cost, "fees": fees, "bonus": bonus}

    segment_extra: dict = {}

    def cannot_afford(self, a: Hex, b: Hex, cost: int, fees: list) -> str | None:
        """Why the turn cannot build a-b now (first-round directions, points left, balance), or None."""
        if self.map_one_direction_rule(a, b):
            return (f"in its first round a company leaves {self.map.describe(a)} in one direction only "
                    f"(already towards {self.map.label(next(iter(self.directions)))}).")
        taken = self.direction_taken(a, b)
        if taken:
            return (f"in the first round every company leaves {self.map.describe(a)} in a different direction, "
                    f"and {', '.join(taken)} already left towards {self.map.label(b)}; choose another neighbour.")
        left = self.budget - self.spent
        if cost > left:
            return f"costs {plural(cost, 'point')} and only {left} of this round's {self.budget} are left."
        total_fees = sum(f.amount for f in fees)
        if total_fees > self.state.balance(self.company):
            return (f"the fees ({', '.join(f.describe(self.map.label) for f in fees)}) come to {total_fees} units "
                    f"and the balance is {self.state.balance(self.company)}.")
        return None

    def spend(self, a: Hex, b: Hex, cost: int, fees: list):
        self.spent += cost
        if self.first_turn and a == self.state.homes.get(self.company):
            self.directions.add(b)

    def pay_cost(self, a: Hex, b: Hex, cost: int):
        """Construction is paid in points, not units."""

    def map_one_direction_rule(self, a: Hex, b: Hex) -> bool:
        return (self.map.first_round_one_direction and self.first_turn
                and a == self.state.homes.get(self.company) and self.directions and b not in self.directions)

    def direction_taken(self, a: Hex, b: Hex) -> list[str]:
        """Rivals that already leave the home terminal along a-b, where the map wants distinct directions."""
        if not (self.map.first_round_distinct_directions and self.first_turn
                and a == self.state.homes.get(self.company)):
            return []
        return [r for r in self.state.owners.get(hexgrid.edge(a, b), ()) if r != self.company]

    def connect_city(self, h: Hex) -> int:
        city = self.map.city_at.get(h)
        if city is None or h in self.state.connected:
            return 0
        earns = earns_city_bonus(self.map, self.rules, self.state, h, [self.company])
        bonus = self.rules.construction.city_bonus if earns else 0
        self.emit(dict(type="city_connected", round=self.state.round, city=city.name, hex=label(h),
                       company=self.company, bonus=bonus))
        self.emit.pay(BANK, self.company, bonus, f"bonus for connecting {city.name}")
        return bonus

    def check_expectations(self, chain: Chain, actual: dict[int, dict]):
        """Compare `[+6]` and `[-1 purple]` with what happened over each written stretch."""
        start = 0
        for end in sorted(chain.expectations):
            steps = [actual[i] for i in range(start + 1, end + 1) if i in actual]
            stretch = "-".join(self.map.label(h) for h in chain.hexes[start:end + 1])
            for exp in chain.expectations[end]:
                if exp.kind == "bonus":
                    got = sum(s["bonus"] for s in steps)
                    what = "bonus"
                else:
                    got = sum(f.amount for s in steps for f in s["fees"] if f.rival == exp.company)
                    what = f"fees to {exp.company}"
                if got != exp.amount:
                    self.emit(dict(type="expectation_differs", round=self.state.round, company=self.company,
                                   line=chain.line, stretch=stretch, written=exp.text, what=what,
                                   expected=exp.amount, actual=got))
            start = end
