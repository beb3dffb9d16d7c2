"""The Emitter: applies each event to the working state and keeps it for the journal; every
phase of the Dampfross engine (construction, operations, additional construction) emits through it."""

from __future__ import annotations

from dataclasses import dataclass

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
