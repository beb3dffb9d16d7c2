"""The construction phase: opening a round (its dice) and resolving it (RULES 3)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import hexgrid
from ..gamemap import GameMap
from ..hexgrid import Hex, label
from ..orders import Chain, JointChain, Jump, Order
from ..ruleset import Ruleset
from ..words import plural
from .building import Refusal, earns_city_bonus, segment_cost, segment_fees
from .ferries import buy_ferry
from .joint_construction import JointBuild, JointPlan, pair_up
from .jumping import make_jump, return_jumps
from .ledger import BANK
from .state import State


@dataclass
class Emitter:
    """Applies each event to the working state and keeps it for the journal."""

    state: State

    def __post_init__(self):
        self.events: list[dict] = []

    def __call__(self, event: dict) -> dict:
        self.state.apply(event)
        self.events.append(event)
        return event

    def roll(self, dice, purpose: str) -> int:
        value = dice.roll(purpose)
        self(dict(type="roll", purpose=purpose, value=value))
        return value

    def pay(self, payer: str, payee: str, amount: int, reason: str):
        if amount > 0:
            self(dict(type="posting", round=self.state.round, **{"from": payer, "to": payee},
                      amount=amount, reason=reason))


def start_game(game: str, companies: list[dict], rules: Ruleset, dice,
               first_by_die: bool = False) -> tuple[list[dict], State]:
    """The events that create a game and open its first construction round; with `first_by_die`
    the company that builds first is rolled for instead of being the first listed."""
    emit = Emitter(State())
    emit(dict(type="game_created", game=game, companies=companies))
    for c in companies:
        emit.pay(BANK, c["id"], rules.starting_balance, "starting balance")
    if first_by_die:
        roll_first_company(emit, dice)
    open_construction_round(emit, rules, dice)
    return emit.events, emit.state


def roll_first_company(emit: Emitter, dice):
    """One die per company in seat order, highest first; the tied highest roll again."""
    contenders, throw = emit.state.seat_order(), 1
    while len(contenders) > 1:
        again = f" again {throw - 1}" if throw > 1 else ""
        rolls = {c: emit.roll(dice, f"first company {c}{again}") for c in contenders}
        contenders = [c for c in contenders if rolls[c] == max(rolls.values())]
        throw += 1
    emit(dict(type="first_company", company=contenders[0], throws=throw - 1))


def round_order(state: State, number: int) -> list[str]:
    """The first company rotates by one seat each round; the others follow in seat order."""
    seats = state.seat_order()
    first = (number - 1 + state.first_seat) % len(seats)
    return seats[first:] + seats[:first]


def open_construction_round(emit: Emitter, rules: Ruleset, dice):
    state = emit.state
    number = state.round + 1
    order = round_order(state, state.construction_rounds + 1)
    dice_rules = rules.construction.dice

    def roll_budget(who: str | None) -> int:
        base = f"round {number} construction" + (f" {who}" if who else "")
        if dice_rules.count == 1:
            return emit.roll(dice, base)
        return sum(emit.roll(dice, f"{base} die {i}") for i in range(1, dice_rules.count + 1))

    if dice_rules.mode == "shared":
        budget = roll_budget(None)
        budgets = {c: budget for c in order}
    else:
        budgets = {c: roll_budget(c) for c in order}
    emit(dict(type="round_opened", round=number, phase="construction", order=order, budgets=budgets))


def unconnected_cities(state: State, game_map: GameMap) -> list[Hex]:
    return [c.hex for c in game_map.cities if c.hex not in state.connected]


def resolve_construction_round(state: State, game_map: GameMap, rules: Ruleset, orders: dict[str, Order],
                               dice, options: dict | None = None) -> tuple[list[dict], State]:
    """Carry out the round's orders in round order; end the phase or open the next round."""
    emit = Emitter(state.copy())
    number = emit.state.round
    ended = False
    joint_plans, joint_refused = pair_up(emit.state, rules, orders)
    for company in emit.state.round_order:
        order = orders.get(company)
        if ended:
            if order is not None and (order.chains or order.home or order.jumps or order.joints or order.ferries):
                emit(dict(type="not_carried_out", round=number, company=company,
                          reason="the construction phase ended before this company's turn"))
            continue
        if order is None:
            emit(dict(type="no_orders", round=number, company=company))
        else:
            Turn(emit, game_map, rules, company, order, emit.state.budgets.get(company, 0),
                 joint_plans.get(company), joint_refused.get(company)).run()
        ended = _phase_over_after_turn(emit.state, game_map, rules)
    if ended:
        emit(dict(type="construction_ended", round=number,
                  reason=f"at most {rules.construction.end.cities_left} cities were left unconnected"))
        _open_operations(emit, game_map, rules, dice, options)
    else:
        emit(dict(type="round_closed", round=number))
        if _grace_over(emit, game_map, rules):
            emit(dict(type="construction_ended", round=number,
                      reason=f"{rules.construction.end.grace.rounds} rounds passed with only "
                             f"{rules.construction.end.grace.cities_left} city left"))
            _open_operations(emit, game_map, rules, dice, options)
        else:
            open_construction_round(emit, rules, dice)
    return emit.events, emit.state


def end_construction(state: State, reason: str, game_map: GameMap, rules: Ruleset, dice,
                     options: dict | None = None) -> tuple[list[dict], State]:
    """The GM ends the construction phase by command; the first operating round opens."""
    emit = Emitter(state.copy())
    emit(dict(type="construction_ended", round=state.round, reason=f"ended by the GM: {reason}"))
    _open_operations(emit, game_map, rules, dice, options)
    return emit.events, emit.state


def _open_operations(emit: Emitter, game_map: GameMap, rules: Ruleset, dice, options: dict | None):
    from .operations import open_operations_round   # operations builds on this module
    open_operations_round(emit, game_map, rules, dice, options)


def _phase_over_after_turn(state: State, game_map: GameMap, rules: Ruleset) -> bool:
    return len(unconnected_cities(state, game_map)) <= rules.construction.end.cities_left


def _grace_over(emit: Emitter, game_map: GameMap, rules: Ruleset) -> bool:
    grace = rules.construction.end.grace
    state = emit.state
    if not grace:
        return False
    if state.grace_since is None:
        if len(unconnected_cities(state, game_map)) <= grace.cities_left:
            emit(dict(type="grace_started", round=state.round, cities_left=grace.cities_left))
        return False
    return state.round - state.grace_since >= grace.rounds


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
                    self.refuse(order.home_line, f"HOME {label(order.home)}",
                                f"the home terminal is chosen once; this company's is "
                                f"{self.map.describe(current)}.")
                return True
            if order.home not in {c.hex for c in homes}:
                self.refuse(order.home_line, f"HOME {label(order.home)}",
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
                rest = "-".join(label(h) for h in hexes[i - 1:])
                self.refuse(chain.line, chain.text, f"{label(a)}-{label(b)}: {result}"
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
            self.emit.pay(company, f.rival, f.amount, f"{f.kind} fee in {label(f.hex)}")
            if f.kind == "city connection":
                self.emit(dict(type="city_fee_paid", company=company, rival=f.rival, hex=label(f.hex)))
        bonus = sum(self.connect_city(h) for h in (a, b))
        return {"cost": cost, "fees": fees, "bonus": bonus}

    segment_extra: dict = {}

    def cannot_afford(self, a: Hex, b: Hex, cost: int, fees: list) -> str | None:
        """Why the turn cannot build a-b now (first-round directions, points left, balance), or None."""
        if self.map_one_direction_rule(a, b):
            return (f"in its first round a company leaves {self.map.describe(a)} in one direction only "
                    f"(already towards {label(next(iter(self.directions)))}).")
        taken = self.direction_taken(a, b)
        if taken:
            return (f"in the first round every company leaves {self.map.describe(a)} in a different direction, "
                    f"and {', '.join(taken)} already left towards {label(b)}; choose another neighbour.")
        left = self.budget - self.spent
        if cost > left:
            return f"costs {plural(cost, 'point')} and only {left} of this round's {self.budget} are left."
        total_fees = sum(f.amount for f in fees)
        if total_fees > self.state.balance(self.company):
            return (f"the fees ({', '.join(f.describe() for f in fees)}) come to {total_fees} units "
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
            stretch = "-".join(label(h) for h in chain.hexes[start:end + 1])
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
