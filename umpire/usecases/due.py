"""Whether a game's open round is due to be resolved: its deadline (and the grace after it) has
passed, or every company of the round has ordered. A game without a deadline is due only when
every order is in (the GM resolves it earlier with `umpire resolve --force`); a game whose
deadline the GM paused is not due until he resumes it.

Before its deadline a round closes only on clean orders: while the latest order of any company
has lines the umpire refused, or a company asked WAIT, it waits for the deadline. A game without a deadline
closes when every order is in, as before (`umpire status` names the companies all the same).

`due(folder, now)` is what `umpire resolve` asks before it resolves, and what a command
resolving a whole folder of games asks of each.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime

from ..game import Game
from ..kernel.order_header import turn_words
from ..store.folder import GameFolder
from ..timetable import clock
from ..timetable.deadlines import deadline, describe, grace, held, waiting


@dataclass
class Due:
    due: bool
    round: int | str                              # the open turn (Dampfross: the round number)
    reason: str                                   # one sentence: why it is (or is not) due
    awaited: list[str] = field(default_factory=list)
    deadline: str | None = None                   # ISO 8601, UTC


def due(folder: GameFolder, now: datetime | None = None) -> Due:
    """Whether the open round of the game is due to be resolved at `now` (default: the clock)."""
    game = Game.of(folder)
    state = game.state()
    turn = game.family.open_turn(state)
    if state.phase == "finished":
        return Due(False, turn, f"game {folder.game_id} is finished; there is no round to resolve.")
    ordered = folder.latest_orders(turn)
    awaited = [c for c in game.family.awaited(state) if c not in ordered]
    info = deadline(folder, turn)
    iso = info.iso
    if info.paused:
        word = turn_words(turn).split()[0]
        by = held(folder, turn)
        if by:
            return Due(False, turn, f"{word} {turn} is held for the GM after umpire {by}: it waits until he releases "
                                    f"it with umpire deadline {folder.path} --resume.", awaited, None)
        return Due(False, turn, f"the deadline of {word} {turn} is paused; the {word} waits until the GM resumes it "
                                "(umpire deadline --resume).", awaited, None)
    now = now or clock.now()
    if now.tzinfo is None:
        now = now.replace(tzinfo=UTC)
    if not awaited:
        asked, unclean = waiting(folder, turn), with_refused_lines(folder, turn)
        if asked and info.at is not None and now < info.at:
            return Due(False, turn, f"every {game.family.seat} has ordered for {turn_words(turn)}, and "
                                    f"{', '.join(asked)} asked it to wait for its deadline, {describe(iso)} (WAIT).",
                       [], iso)
        if unclean and info.at is not None and now < info.at:
            whose = f"the latest order of {' and '.join(unclean)} has" if len(unclean) < 3 else \
                f"the latest orders of {', '.join(unclean)} have"
            return Due(False, turn, f"every {game.family.seat} has ordered for {turn_words(turn)}, but {whose} "
                                    f"lines the umpire refused, so the {turn_words(turn).split()[0]} waits for a "
                                    f"corrected order or its deadline, {describe(iso)}.", [], iso)
        return Due(True, turn, f"every {game.family.seat} has ordered for {turn_words(turn)}.", [], iso)
    if info.at is not None:
        end = info.at + grace(folder)
        if now >= end:
            passed = f"the deadline of {turn_words(turn)} ({describe(iso)})" + \
                (f" and its grace ({describe(end)}) have passed." if end != info.at else " has passed.")
            return Due(True, turn, passed, awaited, iso)
        until = f"until the deadline, {describe(iso)}" if end == info.at else \
            f"until the end of the grace after the deadline, {describe(end)}"
    else:
        until = "and the game has no deadline, so the round waits until every order is in"
    return Due(False, turn, f"round {turn} awaits orders from {', '.join(awaited)} {until}.",
               awaited, iso)


def with_refused_lines(folder: GameFolder, turn: int | str) -> list[str]:
    """The seats whose latest order for `turn` has lines the umpire refused, in seat order: the
    turn does not close before its deadline while there are any (an order that counts, its other
    lines carried out at the deadline as read)."""
    latest: dict[str, list] = {}
    for e in folder.events:
        if e["type"] == "order_received" and e["round"] == turn:
            latest[e["company"]] = e.get("errors") or []
    return [c for c in folder.company_ids() if latest.get(c)]
