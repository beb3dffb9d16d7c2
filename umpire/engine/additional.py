"""Additional construction in the operating phase (RULES 4.5): the same costs and fees as in
the construction phase, paid in units; the cost goes to the bank, the fees to the rivals. Jumps
(optional rule) are made in their place among the chains; ferries are bought after them.
"""

from __future__ import annotations

from ..hexgrid import Hex, label
from ..orders import Jump
from ..ruleset import Ruleset
from .building import Refusal, segment_cost, segment_fees
from .construction import Turn
from .ledger import BANK
from .state import State


def allowance(rules: Ruleset, state: State, company: str, income: int) -> tuple[int, str]:
    """What a company may spend at one cadence point, and how that was worked out."""
    extra = rules.operations.additional_construction
    if extra.allowance == "fixed":
        return extra.amount, f"up to {extra.amount} units"
    if extra.allowance == "income":
        return income, f"this transport's income of {income} units"
    balance = state.balance(company)
    units = balance * extra.amount // 100
    if extra.minimum is not None and extra.minimum_below is not None and balance < extra.minimum_below:
        units = max(units, extra.minimum)
        return units, f"{extra.amount}% of the balance {balance}, at least {extra.minimum} below {extra.minimum_below}"
    return units, f"{extra.amount}% of the balance {balance}"


class AdditionalTurn(Turn):
    """One company's additional construction: chains as in a construction turn, paid in units."""

    def run(self):
        self.emit(dict(type="additional_construction", round=self.state.round, company=self.company,
                       allowance=self.budget))
        for item in sorted(self.order.chains + self.order.jumps, key=lambda item: item.line):
            if isinstance(item, Jump):
                self.jump(item)
            else:
                self.build_chain(item)
        self.buy_ferries()
        if self.order.chains and self.budget - self.spent > 0:
            self.emit(dict(type="allowance_unused", round=self.state.round, company=self.company,
                           units=self.budget - self.spent))

    def build_segment(self, a: Hex, b: Hex) -> dict | str:
        state, company = self.state, self.company
        if state.owns(company, a, b):
            return "this company already owns that segment; a company builds each segment once."
        try:
            cost = segment_cost(self.map, self.rules, a, b)
        except Refusal as exc:
            return str(exc)
        fees = segment_fees(state, self.map, self.rules, company, a, b)
        total_fees = sum(f.amount for f in fees)
        counted = cost + (total_fees if self.rules.operations.additional_construction.fees_in_allowance else 0)
        left = self.budget - self.spent
        what = "with its fees " if counted > cost else ""
        if counted > left:
            return f"costs {counted} units {what}and only {left} of this round's allowance of {self.budget} are left."
        if cost + total_fees > state.balance(company):
            return (f"costs {cost} units and {total_fees} in fees, and the balance is {state.balance(company)}.")
        self.spent += counted
        self.emit(dict(type="segment", round=state.round, company=company, a=label(a), b=label(b), cost=cost,
                       paid_in="units"))
        self.emit.pay(company, BANK, cost, f"building {label(a)}-{label(b)}")
        for f in fees:
            self.emit.pay(company, f.rival, f.amount, f"{f.kind} fee in {label(f.hex)}")
            if f.kind == "city connection":
                self.emit(dict(type="city_fee_paid", company=company, rival=f.rival, hex=label(f.hex)))
        bonus = sum(self.connect_city(h) for h in (a, b))
        return {"cost": cost, "fees": fees, "bonus": bonus}
