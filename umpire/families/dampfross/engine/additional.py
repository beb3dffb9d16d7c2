"""Additional construction in the operating phase (RULES 4.5): the same costs and fees as in
the construction phase, paid in units; the cost goes to the bank, the fees to the rivals. Jumps
(optional rule) are made in their place among the chains; ferries are bought after them.
"""

from __future__ import annotations

from ....kernel.ledger import BANK
from ....kernel.ruleset import Ruleset
from ..hexgrid import Hex
from ..orders import Jump
from .state import State
from .turn import Turn


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

    def __init__(self, *args, transport: int | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.transport = transport          # the transport it follows, where the edition builds per transport

    def run(self):
        after = {} if self.transport is None else {"transport": self.transport}
        self.emit(dict(type="additional_construction", round=self.state.round, company=self.company,
                       allowance=self.budget, **after))
        for item in sorted(self.order.chains + self.order.jumps, key=lambda item: item.line):
            if isinstance(item, Jump):
                self.jump(item)
            else:
                self.build_chain(item)
        self.buy_ferries()
        if self.order.chains and self.budget - self.spent > 0:
            self.emit(dict(type="allowance_unused", round=self.state.round, company=self.company,
                           units=self.budget - self.spent))

    segment_extra = {"paid_in": "units"}

    def counted(self, cost: int, fees: list) -> int:
        """What a segment takes from the allowance: its cost, and its fees where the edition counts them."""
        in_allowance = self.rules.operations.additional_construction.fees_in_allowance
        return cost + (sum(f.amount for f in fees) if in_allowance else 0)

    def cannot_afford(self, a: Hex, b: Hex, cost: int, fees: list) -> str | None:
        counted, left = self.counted(cost, fees), self.budget - self.spent
        what = "with its fees " if counted > cost else ""
        if counted > left:
            return f"costs {counted} units {what}and only {left} of this round's allowance of {self.budget} are left."
        total_fees = sum(f.amount for f in fees)
        if cost + total_fees > self.state.balance(self.company):
            return (f"costs {cost} units and {total_fees} in fees, "
                    f"and the balance is {self.state.balance(self.company)}.")
        return None

    def spend(self, a: Hex, b: Hex, cost: int, fees: list):
        self.spent += self.counted(cost, fees)

    def pay_cost(self, a: Hex, b: Hex, cost: int):
        self.emit.pay(self.company, BANK, cost, f"building {self.map.step(a, b)}")
