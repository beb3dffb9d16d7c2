"""The end of a game by the players' agreement (`umpire end`): no round is resolved, the orders in
force for the open round are dropped, and the standings are the balances as they are.

Neither edition has a rule for a game ended early (Laurin ends after the last transport, Schmidt
when a balance reaches the target or after the agreed transports), so the highest balance wins
and equal balances share the win, as at the end of every game (RULES 4.6)."""

from __future__ import annotations

from .state import State


def end_by_agreement(state: State, reason: str) -> list[dict]:
    """The event ending the game now: why, the winners, every balance, and whose orders are dropped."""
    balances = {c: state.balance(c) for c in state.seat_order()}
    best = max(balances.values())
    dropped = [c for c in state.seat_order() if c in state.ordered.get(state.round, [])]
    return [{"type": "game_finished", "round": state.round, "reason": f"ended by agreement: {reason}",
             "winners": [c for c, b in balances.items() if b == best], "balances": balances,
             "agreement": reason, "dropped": dropped}]
