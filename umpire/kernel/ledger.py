"""Money as a ledger: every unit moves between two accounts with a reason."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

BANK = "bank"


@dataclass(frozen=True)
class Posting:
    round: int
    payer: str
    payee: str
    amount: int
    reason: str


class Ledger:
    """Postings in order; a balance is the sum of what came in less what went out."""

    def __init__(self, postings=(), balances=None):
        self.postings: list[Posting] = list(postings)
        self._balances: dict[str, int] = dict(balances or {})

    def copy(self) -> Ledger:
        return Ledger(self.postings, self._balances)

    def post(self, posting: Posting):
        if posting.amount <= 0:
            raise ValueError(f"a posting moves a positive amount, not {posting.amount}")
        self.postings.append(posting)
        self._balances[posting.payer] = self._balances.get(posting.payer, 0) - posting.amount
        self._balances[posting.payee] = self._balances.get(posting.payee, 0) + posting.amount

    def accounts(self) -> set[str]:
        """Every account money has moved from or to."""
        return set(self._balances)

    def balance(self, account: str) -> int:
        return self._balances.get(account, 0)

    def recomputed(self, account: str) -> int:
        """The balance summed afresh from every posting (for audits and tests)."""
        return sum(p.amount for p in self.postings if p.payee == account) - sum(
            p.amount for p in self.postings if p.payer == account)

    def total(self) -> int:
        """Always zero: money only moves between accounts."""
        return sum(self._balances.values())


def accounts_by_round(postings, accounts: list[str], item: Callable[[Posting], str | None],
                      column: Callable[[str], object] = lambda name: 0, split: tuple[str, ...] = (),
                      every: tuple[int, ...] = ()) -> list[dict]:
    """The accounts round by round, as the zines printed them: per round with postings (and per
    round of `every`), per account, `brought_forward`, `items` (label -> net amount, ordered by
    `column` then label) and `carried_forward`. `item(posting)` labels a posting; None marks an
    opening balance, which is brought forward into the first round rather than shown as an item.
    A label of `split` is netted per counterparty, as `fees blue`."""
    balance = {a: 0 for a in accounts}
    rounds: dict[int, dict[str, dict[str, int]]] = {number: {} for number in every}
    for p in postings:
        label = item(p)
        for who, other, sign in ((p.payer, p.payee, -1), (p.payee, p.payer, 1)):
            if who not in balance:
                continue
            if label is None:
                balance[who] += sign * p.amount
                continue
            named = f"{label} {other}" if label in split else label
            items = rounds.setdefault(p.round, {}).setdefault(who, {})
            items[named] = items.get(named, 0) + sign * p.amount
    table = []
    for r in sorted(rounds):
        row = {}
        for a in accounts:
            items = rounds[r].get(a, {})
            brought = balance[a]
            balance[a] += sum(items.values())
            row[a] = {"brought_forward": brought,
                      "items": dict(sorted(items.items(), key=lambda i: (column(i[0]), i[0]))),
                      "carried_forward": balance[a]}
        table.append({"round": r, "companies": row})
    return table
