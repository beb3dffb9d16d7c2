"""The Emitter: applies each event to the working state and keeps it for the journal; every
phase of the Dampfross engine (construction, operations, additional construction) emits through it."""

from __future__ import annotations

from ....kernel import emitter
from .state import State


class Emitter(emitter.Emitter):
    """The kernel's emitter with Dampfross's rolls and postings."""

    state: State

    def roll(self, dice, purpose: str) -> int:
        value = dice.roll(purpose)
        self(dict(type="roll", purpose=purpose, value=value))
        return value

    def pay(self, payer: str, payee: str, amount: int, reason: str):
        if amount > 0:
            self(dict(type="posting", round=self.state.round, **{"from": payer, "to": payee},
                      amount=amount, reason=reason))
