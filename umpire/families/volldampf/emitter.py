"""The Emitter: folds each event into the working state and keeps it for the journal; every turn
of the Volldampf engine emits through it, as Dampfross's engine does.

Every change of the state is folded from an event. A game journaled in format 1 (made before
`journal_format` 2, docs/families.md) keeps its journal as it was written: the events and fields
format 2 added are folded into the working state but not journaled, and the `state` snapshot that
closes every resolve carries their changes.
"""

from __future__ import annotations

from ...kernel import emitter
from ...kernel.draws import draw_event
from .state import JOURNAL_FORMAT, TRACK, State

ADDED_EVENTS = ("box", "turns missed", "orders kept", "new round")          # journal format 2
ADDED_FIELDS = {"draw": ("from", "card", "to", "holder"), "played": ("id",), "groups": ("ids",),
                "move": ("source",)}


def as_journaled(event: dict, journal_format: int) -> dict | None:
    """The event as a journal of that format holds it (None: not journaled)."""
    if journal_format >= JOURNAL_FORMAT:
        return event
    if event["type"] in ADDED_EVENTS:
        return None
    added = ADDED_FIELDS.get(event["type"], ())
    return {k: v for k, v in event.items() if k not in added} if any(k in event for k in added) else event


class Emitter(emitter.Emitter):
    """The kernel's emitter (folding each event by `State.apply`) with Volldampf's events."""

    state: State

    def __call__(self, event: dict) -> dict:
        self.state.apply(event)
        kept = as_journaled(event, self.state.journal_format)
        if kept is not None:
            self.events.append(kept)
        return event

    def emit(self, kind: str, **fields) -> dict:
        """An event of the open round."""
        return self({"type": kind, "round": self.state.round, **fields})

    def draw(self, purpose: str, kind: str, outcome: str, hidden=False, player=None, source: str = "",
             **where) -> dict:
        """A draw; `source` (`bag`, `deck` or `hand`) and `where` (card, to, holder) say what it moves."""
        event = draw_event(purpose, kind, outcome, hidden)
        if player:
            event["player"] = player
        return self({**event, "from": source, **where})

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
