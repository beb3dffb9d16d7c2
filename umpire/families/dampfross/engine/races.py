"""One transport's race: the trains, their fees with the cap, the run, the places and bonuses
(RULES 4.2 to 4.4).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ....kernel.ledger import BANK
from ....kernel.ruleset import Ruleset
from ..gamemap import GameMap
from ..hexgrid import label
from ..orders import Expectation
from .network import movement_points
from .routes import Plan, describe_fees
from .state import State


@dataclass
class Train:
    """One train: a company, or two partners running jointly, with its checked routes in order."""

    companies: list[str]
    plans: list[tuple[int, Plan]]        # (alternative number as written, plan)
    lines: list[int] = field(default_factory=list)
    pick: int = 0
    # company -> alternative number -> the figures it wrote on that route (`[-3 blue]`, `[+20]`)
    expected: dict[str, dict[int, list[Expectation]]] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return "+".join(self.companies)

    @property
    def plan(self) -> Plan:
        return self.plans[self.pick][1]

    @property
    def alternative(self) -> int:
        return self.plans[self.pick][0]


def by_wealth(state: State, companies, richest_first: bool) -> list[str]:
    """Companies by balance; equal balances in seat order."""
    sign = -1 if richest_first else 1
    return sorted(companies, key=lambda c: (sign * state.balance(c), state.companies[c].seat))


def share(state: State, companies: list[str], amount: int, odd_to: str) -> dict[str, int]:
    """Split an amount between the train's companies; the odd unit to the poorer or the richer."""
    order = by_wealth(state, companies, richest_first=(odd_to == "richer"))
    base, odd = divmod(amount, len(order))
    return {c: base + (1 if i < odd else 0) for i, c in enumerate(order)}


def train_wealth(state: State, train: Train) -> tuple[int, int]:
    """A train ranks by its richest company's balance, then that company's seat."""
    richest = by_wealth(state, train.companies, richest_first=True)[0]
    return state.balance(richest), state.companies[richest].seat


class Race:
    """Settles fees, runs the trains turn by turn and pays the bonuses of one transport."""

    def __init__(self, emit, game_map: GameMap, rules: Ruleset, dice, number: int, trains: list[Train]):
        self.emit, self.map, self.rules, self.dice = emit, game_map, rules, dice
        self.number, self.trains = number, trains
        self.ops = rules.operations
        self.bonuses: dict[str, int] = {}          # company -> bonus units paid in this transport

    @property
    def state(self) -> State:
        return self.emit.state

    # -- fees ------------------------------------------------------------------
    def payments(self) -> dict[tuple[str, str], int]:
        """What each company owes each payee for its train's route, joint costs shared."""
        owed: dict[tuple[str, str], int] = {}
        for train in self.trains:
            for payee, amount in sorted(train.plan.fees.items()):
                for company, part in share(self.state, train.companies, amount, self.odd_cost()).items():
                    if part:
                        owed[(company, payee)] = owed.get((company, payee), 0) + part
        return owed

    def odd_cost(self) -> str:
        return self.ops.joint.odd_cost_paid_by

    def breaking(self) -> dict[int, str]:
        """Index of each train whose route cannot stand as things are, with the reason."""
        owed = self.payments()
        train_of = {c: i for i, t in enumerate(self.trains) for c in t.companies}
        found: dict[int, str] = {}
        out, by_train = self.over_the_cap(owed, train_of, found)
        self.joint_train_over_the_cap(by_train, found)
        for payer, total in sorted(out.items()):
            if total > self.state.balance(payer):
                found.setdefault(train_of[payer], f"{payer} cannot pay its fees of {total} units "
                                 f"(balance {self.state.balance(payer)})")
        self.route_too_long(found)
        return found

    def over_the_cap(self, owed: dict[tuple[str, str], int], train_of: dict[str, int],
                     found: dict[int, str]) -> tuple[dict[str, int], dict[tuple[int, str], int]]:
        """A company paying a rival more than the fee cap, netted against what it is paid back;
        returns what each company pays in all, and each train to each payee."""
        cap = self.ops.fee_cap
        out: dict[str, int] = {}
        by_train: dict[tuple[int, str], int] = {}
        for (payer, payee), amount in sorted(owed.items()):
            back = owed.get((payee, payer), 0)
            net = amount - back
            if net > 0:
                out[payer] = out.get(payer, 0) + net
            by_train[(train_of[payer], payee)] = by_train.get((train_of[payer], payee), 0) + net
            if payee != BANK and cap is not None and net > cap:
                netting = f" ({amount} less {back} the other way)" if back else ""
                found.setdefault(train_of[payer], f"{payer} would pay {net} units to {payee}{netting}, "
                                 f"more than the cap of {cap} per company and transport")
        return out, by_train

    def joint_train_over_the_cap(self, by_train: dict[tuple[int, str], int], found: dict[int, str]):
        """A joint train is one train (4.4): the cap is for what the partners pay together."""
        cap = self.ops.fee_cap
        for (i, payee), net in sorted(by_train.items()):
            if payee != BANK and cap is not None and net > cap and len(self.trains[i].companies) > 1:
                found.setdefault(i, f"the joint train {self.trains[i].id} would pay {net} units to {payee}, "
                                 f"more than the cap of {cap}: the cap is for the one train, not for each partner")

    def route_too_long(self, found: dict[int, str]):
        """A route longer than the edition's limit times the shortest route taken."""
        limit = self.ops.route_length_limit
        if limit and self.trains:
            shortest = min(t.plan.steps for t in self.trains)
            for i, t in enumerate(self.trains):
                if t.plan.steps > limit * shortest:
                    found.setdefault(i, f"the route is {t.plan.steps} hexes long, more than {limit} times "
                                     f"the shortest route taken ({shortest})")

    def settle_fees(self):
        """Refuse breaking routes and fall back to ELSE routes until nothing breaks; then pay."""
        while True:
            found = self.breaking()
            if not found:
                break
            kept = []
            for i, train in enumerate(self.trains):
                if i not in found:
                    kept.append(train)
                    continue
                self.emit(dict(type="race_route_refused", round=self.state.round, transport=self.number,
                               train=train.id, companies=train.companies, alternative=train.alternative,
                               reason=found[i]))
                train.pick += 1
                if train.pick < len(train.plans):
                    kept.append(train)
                else:
                    self.emit(dict(type="race_withdrawn", round=self.state.round, transport=self.number,
                                   train=train.id, companies=train.companies,
                                   reason="no route of the order can run"))
            self.trains = kept
        for train in self.trains:
            plan = train.plan
            self.emit(dict(type="race_entered", round=self.state.round, transport=self.number, train=train.id,
                           companies=train.companies, alternative=train.alternative,
                           route=[label(h) for h in plan.hexes], payees=plan.payees, fees=plan.fees,
                           steps=plan.steps, fee_text=describe_fees(plan.fees),
                           **({"ferries": [{"ferry": name, "from": label(plan.hexes[i]), "to": label(plan.hexes[i + 1]),
                                            "owner": plan.payees[i]} for i, name in sorted(plan.ferries.items())]}
                              if plan.ferries else {})))
            self.check_expected(train, "fee", {payee: amount for payee, amount in plan.fees.items()})
        owed = self.payments()
        for (payer, payee), amount in sorted(owed.items()):
            back = owed.get((payee, payer), 0)
            if amount > back:
                netting = f", {amount} less {back} the other way" if back else ""
                self.emit.pay(payer, payee, amount - back, f"fees for transport {self.number}{netting}")

    # -- the run -----------------------------------------------------------------
    def run(self) -> list[list[Train]]:
        """Move the trains turn by turn; returns the arrival groups in order (ties together)."""
        order = sorted(self.trains, key=lambda t: (-train_wealth(self.state, t)[0], train_wealth(self.state, t)[1]))
        self.emit(dict(type="race_started", round=self.state.round, transport=self.number,
                       order=[t.id for t in order]))
        position = {t.id: 0 for t in order}
        paid = {t.id: 0 for t in order}          # points already spent on the step the train is on
        arrivals: list[tuple[int, int, Train]] = []
        turn = 0
        running = list(order)
        while running:
            turn += 1
            for train in running:
                die = self.emit.roll(self.dice, f"transport {self.number} turn {turn} {train.id}")
                start = position[train.id]
                points = self.advance(train, die, position, paid)
                if self.moved(train, turn, die, start, position[train.id], paid[train.id], points):
                    arrivals.append((turn, points, train))
            running = [t for t in running if position[t.id] < len(t.plan.hexes) - 1]
            if self.ops.race_ends == "second_arrived" and len(arrivals) >= 2:
                break
        ranked = sorted(arrivals, key=lambda a: (a[0], -a[1]))
        self.emit(dict(type="race_finished", round=self.state.round, transport=self.number, turns=turn,
                       arrivals=[{"train": t.id, "turn": tu, "leftover": le} for tu, le, t in ranked],
                       not_arrived=[t.id for t in running]))
        return _arrival_groups(ranked)

    def advance(self, train: Train, die: int, position: dict[str, int], paid: dict[str, int]) -> int:
        """Spend a die's points along the route, a step at a time, part of a step kept for the next
        turn; returns the points left over at the destination."""
        hexes = train.plan.hexes
        points = die
        while points and position[train.id] < len(hexes) - 1:
            here, there = hexes[position[train.id]], hexes[position[train.id] + 1]
            cost = movement_points(self.map, here, there) - paid[train.id]
            if points >= cost:
                points -= cost
                position[train.id] += 1
                paid[train.id] = 0
            else:
                paid[train.id] += points
                points = 0
        return points

    def moved(self, train: Train, turn: int, die: int, start: int, at: int, paid: int, points: int) -> bool:
        """The train's move of this turn, on a border or a ferry when part of a step is paid; whether it arrived."""
        hexes = train.plan.hexes
        arrived = at == len(hexes) - 1
        ferry = train.plan.ferries.get(at) if paid else None
        border = bool(paid) and ferry is None
        self.emit(dict(type="race_moved", round=self.state.round, transport=self.number, turn=turn,
                       train=train.id, die=die, **{"from": label(hexes[start])},
                       to=label(hexes[at]), steps=at - start,
                       on_border=border,
                       next=label(hexes[at + 1]) if paid else None,
                       arrived=arrived, leftover=points if arrived else None,
                       **({"on_ferry": ferry, "ferry_points_spent": paid} if ferry else {})))
        return arrived

    # -- bonuses -----------------------------------------------------------------
    def bonus_table(self) -> list[int]:
        table = self.ops.alternative_bonuses
        if table and len(self.trains) in table:
            return list(table[len(self.trains)])
        return list(self.ops.race_bonuses)

    def pay_bonuses(self, groups: list[list[Train]]):
        table = self.bonus_table()
        place = 1
        for group in groups:
            total = sum(table[p - 1] for p in range(place, place + len(group)) if p <= len(table))
            poorest = sorted(group, key=lambda t: train_wealth(self.state, t))
            base, odd = divmod(total, len(group))
            amounts = {t.id: base + (1 if i < odd else 0) for i, t in enumerate(poorest)}
            for train in group:
                where = _ordinal(place) + (f" (tied with {len(group) - 1} more)" if len(group) > 1 else "")
                self.emit(dict(type="race_placed", round=self.state.round, transport=self.number, train=train.id,
                               companies=train.companies, place=place, tied=len(group), bonus=amounts[train.id]))
                self.pay_train(train, amounts[train.id], f"bonus for {where} in transport {self.number}")
            place += len(group)

    def pay_train(self, train: Train, amount: int, reason: str):
        parts = share(self.state, train.companies, amount, self.ops.joint.odd_income_to)
        for company in train.companies:
            self.emit.pay(BANK, company, parts[company], reason)
            self.bonuses[company] = self.bonuses.get(company, 0) + parts[company]

    def check_expected(self, train: Train, kind: str, actual: dict):
        """Report where a figure written on the route differs from the umpire's (it changes nothing)."""
        for line, company in zip(train.lines, train.companies):
            written = [x for x in train.expected.get(company, {}).get(train.alternative, []) if x.kind == kind]
            expected: dict = {}
            for x in written:
                expected[x.company] = expected.get(x.company, 0) + x.amount
            for who, amount in sorted(expected.items(), key=lambda kv: kv[0] or ""):
                got = actual.get(company if who is None else who, 0)
                if got != amount:
                    self.emit(dict(type="expectation_differs", round=self.state.round, transport=self.number,
                                   company=company, line=line, stretch=f"transport {self.number}",
                                   written=" ".join(x.text for x in written),
                                   what="bonus" if who is None else f"fees to {who}", expected=amount, actual=got))

    def resolve(self):
        """Fees, then the race (or the lone participant's bonus), then the bonuses."""
        self.settle_fees()
        if self.trains:
            self.race()
        for train in self.trains:
            self.check_expected(train, "bonus", self.bonuses)

    def race(self):
        """The lone participant's bonus where the edition gives it, else the run and its places."""
        if len(self.trains) == 1 and self.ops.lone_participant == "bonus":
            train = self.trains[0]
            bonus = self.ops.race_bonuses[0]
            self.emit(dict(type="race_placed", round=self.state.round, transport=self.number, train=train.id,
                           companies=train.companies, place=1, tied=1, bonus=bonus, alone=True))
            self.pay_train(train, bonus, f"bonus for running transport {self.number} alone")
            return
        self.pay_bonuses(self.run())


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')} place"


def _arrival_groups(ranked: list[tuple[int, int, Train]]) -> list[list[Train]]:
    """Trains arriving in the same turn with the same points left over are tied: one group."""
    groups: list[list[Train]] = []
    last = None
    for turn, left, train in ranked:
        if (turn, left) != last:
            groups.append([])
            last = (turn, left)
        groups[-1].append(train)
    return groups
