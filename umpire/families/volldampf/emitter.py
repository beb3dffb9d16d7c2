"""The Emitter: folds each event into the working state and keeps it for the journal; every turn
of the Volldampf engine emits through it, as Dampfross's engine does."""

from __future__ import annotations

from ...kernel import emitter
from ...kernel.draws import draw_event
from .state import TRACK, State


class Emitter(emitter.Emitter):
    """The kernel's emitter (folding each event by `State.apply`) with Volldampf's events."""

    state: State

    def emit(self, kind: str, **fields) -> dict:
        """An event of the open round."""
        return self({"type": kind, "round": self.state.round, **fields})

    def draw(self, purpose: str, kind: str, outcome: str, hidden=False, player=None) -> dict:
        event = draw_event(purpose, kind, outcome, hidden)
        if player:
            event["player"] = player
        return self(event)

    def pay(self, payer: str, payee: str, amount: int, reason: str):
        """Marks from payer to payee (a player or the bank)."""
        self._post("money", payer, payee, amount, reason)

    def gain(self, player: str, amount: int, reason: str):
        self._post("income", TRACK, player, amount, reason)

    def lose(self, player: str, amount: int, reason: str):
        self._post("income", player, TRACK, amount, reason)

    def _post(self, kind: str, payer: str, payee: str, amount: int, reason: str):
        if amount > 0:
            self.emit(kind, payer=payer, payee=payee, amount=amount, reason=reason)
