"""Whether a game's open round is due to be resolved: its deadline has passed, or every company
of the round has ordered. A game without a deadline is due only when every order is in (the GM
resolves it earlier with `umpire resolve --force`).

`due(folder, now)` is what `umpire resolve` asks before it resolves, and what a command
resolving a whole folder of games asks of each.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone

from .mail.deadlines import deadline_of, describe
from .store.folder import GameFolder


@dataclass
class Due:
    due: bool
    round: int
    reason: str                                   # one sentence: why it is (or is not) due
    awaited: list[str] = field(default_factory=list)
    deadline: str | None = None                   # ISO 8601, UTC


def due(folder: GameFolder, now: datetime | None = None) -> Due:
    """Whether the open round of the game is due to be resolved at `now` (default: the clock)."""
    state = folder.state()
    if state.phase == "finished":
        return Due(False, state.round, f"game {folder.game_id} is finished; there is no round to resolve.")
    ordered = folder.latest_orders(state.round)
    awaited = [c for c in state.round_order if c not in ordered]
    deadline = deadline_of(folder, state.round)
    if not awaited:
        return Due(True, state.round, f"every company has ordered for round {state.round}.", [], deadline)
    if deadline is not None:
        now = now or datetime.now(timezone.utc)
        if now.tzinfo is None:
            now = now.replace(tzinfo=timezone.utc)
        if now >= datetime.fromisoformat(deadline):
            return Due(True, state.round, f"the deadline of round {state.round} ({describe(deadline)}) has passed.",
                       awaited, deadline)
        until = f"until the deadline, {describe(deadline)}"
    else:
        until = "and the game has no deadline, so the round waits until every order is in"
    return Due(False, state.round, f"round {state.round} awaits orders from {', '.join(awaited)} {until}.",
               awaited, deadline)
