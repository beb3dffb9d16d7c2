"""After a fetch: the open round of each game that asks for it (option resolve_early) is resolved
once every company has ordered."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from ..game import Game
from ..store.folder import GameFolder
from ..timetable import clock, deadlines
from ..usecases import actions
from ..usecases.due import due
from .outcome import Outcome, environment, where


def resolve_early(games: Iterable[GameFolder], now: datetime) -> list[Outcome]:
    """Resolve each game whose round may close early; one line for the GM each (one game's failure
    is reported, and the others go on)."""
    outcomes = []
    for folder in games:
        if not Game.of(folder).options.get("resolve_early"):
            continue
        info = actions.status(folder)
        if _closes(folder, info, now):
            outcomes.append(_resolved(folder, info, now))
    return outcomes


def _closes(folder: GameFolder, info: dict, now: datetime) -> bool:
    """Every company has ordered in a game that is neither finished nor paused, no one asked it to
    wait, and its round is due."""
    return not (info["phase"] == "finished" or info["awaited"] or not info["orders_in"] or info["paused"]
                or deadlines.waiting(folder, Game.of(folder).family.open_turn(Game.of(folder).state(copy=False)))
                or not due(folder, now).due)


def _resolved(folder: GameFolder, info: dict, now: datetime) -> Outcome:
    try:
        actions.resolve(folder, now, at=clock.stamp(now))
    except Exception as exc:
        if environment(exc):
            raise
        failed = Outcome("-" * 12, "not resolved", folder.game_id, round=info["round"])
        failed.alert = f"game {folder.game_id}: every company had ordered, but the resolve failed " \
                       f"({where(exc)}); run `umpire resolve` on it to see why"
        return failed
    return Outcome("-" * 12, "resolved", folder.game_id, round=info["round"],
                   note="every company had ordered; the next newsletter is written")
