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
    round: int | str                              # the open turn (Dampfross: the round number)
    reason: str                                   # one sentence: why it is (or is not) due
    awaited: list[str] = field(default_factory=list)
    deadline: str | None = None                   # ISO 8601, UTC


def due(folder: GameFolder, now: datetime | None = None) -> Due:
    """Whether the open round of the game is due to be resolved at `now` (default: the clock)."""
    state = folder.state()
    turn = folder.family.open_turn(state)
    if state.phase == "finished":
        return Due(False, turn, f"game {folder.game_id} is finished; there is no round to resolve.")
    ordered = folder.latest_orders(turn)
    awaited = [c for c in folder.family.awaited(state) if c not in ordered]
    deadline = deadline_of(folder, turn)
    if not awaited:
        return Due(True, turn, f"every company has ordered for round {turn}.", [], deadline)
    if deadline is not None:
        now = now or datetime.now(timezone.utc)
        if now.tzinfo is None:
            now = now.replace(tzinfo=timezone.utc)
        if now >= datetime.fromisoformat(deadline):
            return Due(True, turn, f"the deadline of round {turn} ({describe(deadline)}) has passed.",
                       awaited, deadline)
        until = f"until the deadline, {describe(deadline)}"
    else:
        until = "and the game has no deadline, so the round waits until every order is in"
    return Due(False, turn, f"round {turn} awaits orders from {', '.join(awaited)} {until}.",
               awaited, deadline)
