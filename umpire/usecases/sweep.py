"""Many games on one host: resolve every game in a folder of games whose open round is due.

A game is due when its deadline has passed or every company has ordered (umpire/usecases/due.py, the
same rule as `umpire resolve`). Each game is isolated: a game that cannot be read or resolved
is reported with its reason and the others go on. The due games are resolved in worker
processes (one per CPU), each game whole in one process with its usual durable writes, and
the report lists them in the order of their folder names, whatever order they finished in.
Each game is resolved holding its lock, and checked again under it: two sweeps at once, or a
sweep beside a mail fetch, never resolve a round twice.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import as_completed
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from .. import forked
from ..errors import UmpireError
from ..forked import available_cpus
from ..game import Game
from ..kernel.order_header import turn_words
from ..store.diskfull import told
from ..store.folder import GameFolder
from ..store.lock import game_lock
from ..timetable import clock
from . import actions
from .due import due
from .quiet import game_folders

RESOLVED, NOT_DUE, FAILED = "resolved", "not due", "failed"
LOCK_WAIT = 10.0            # seconds to wait for another command working on a game


@dataclass
class GameOutcome:
    game: str                 # the game's folder name
    outcome: str              # resolved | not due | failed
    message: str

    def __str__(self):
        return f"{self.game}: {self.outcome}: {self.message}"


def check(path: Path, now: datetime) -> GameOutcome | None:
    """None when the game is due (or a command a crash stopped must be finished); else why not."""
    try:
        folder = GameFolder(path)
        if actions.interrupted(folder):
            return None
        state = due(folder, now)
        return None if state.due else GameOutcome(path.name, NOT_DUE, state.reason)
    except UmpireError as exc:
        return GameOutcome(path.name, FAILED, exc.message)
    except Exception as exc:  # a defect in one game's files: the others go on
        return GameOutcome(path.name, FAILED, f"{type(exc).__name__}: {exc}")


def resolve_one(path: Path, now: datetime) -> GameOutcome:
    """Resolve one due game (or finish its interrupted command), holding its lock; never raises."""
    try:
        with game_lock(path, wait=LOCK_WAIT), told(path, f"game {path.name}", path.parent, "the command"):
            return _resolve(path, now)
    except UmpireError as exc:
        return GameOutcome(path.name, FAILED, exc.message)
    except Exception as exc:  # a defect in one game's files: the others go on
        return GameOutcome(path.name, FAILED, f"{type(exc).__name__}: {exc}")


def _resolve(path: Path, now: datetime) -> GameOutcome:
    folder = GameFolder(path)
    game = Game.of(folder)
    if actions.finish_interrupted(folder, now, clock.stamp(now)):
        return GameOutcome(path.name, RESOLVED, f"the command a crash had stopped is finished; "
                                                f"{_open(GameFolder(path))} is open, newsletter "
                                                f"{folder.newsletter_count():03d} written.")
    before = game.family.open_turn(game.state())
    state = due(folder, now)
    if not state.due:                                 # resolved meanwhile by another command
        return GameOutcome(path.name, NOT_DUE, state.reason)
    events = actions.resolve(folder, now, at=clock.stamp(now))
    finished = game.family.outcome(events)
    now_open = f"the game is over ({finished[0]})" if finished else f"{_open(GameFolder(path))} open"
    return GameOutcome(path.name, RESOLVED, f"{turn_words(before)} resolved ({state.reason[:-1]}); {now_open}; "
                                            f"newsletter {folder.newsletter_count():03d} written.")


def _open(folder: GameFolder) -> str:
    """The open round or turn as the family names it: `round 2 (construction)`, `turn 2B`."""
    game = Game.of(folder)
    state = game.state()
    turn = game.family.open_turn(state)
    return turn_words(turn) + ("" if isinstance(turn, str) else f" ({state.phase})")


def resolve_due(games_dir: Path, now: datetime | None = None, workers: int | None = None,
                step: Callable[[int, int], None] | None = None, paths: list[Path] | None = None) -> list[GameOutcome]:
    """Resolve every due game in `games_dir` (of `paths` only, where given); one outcome per game
    folder, by folder name. `step(done, total)` is told as each game is checked and as each due game is resolved."""
    games_dir = Path(games_dir)
    if not games_dir.is_dir():
        raise UmpireError(f"{games_dir} is not a folder.", fix="Give the folder that holds the game folders.")
    now = now or clock.now()
    paths = game_folders(games_dir) if paths is None else paths
    total = len(paths)
    outcomes: dict[str, GameOutcome] = {}
    due_paths = []
    for n, path in enumerate(paths, 1):
        found = check(path, now)
        if found is None:
            due_paths.append(path)
        else:
            outcomes[path.name] = found
        if step:
            step(n - len(due_paths), total)
    done = total - len(due_paths)
    for outcome in _resolve_all(due_paths, now, workers or available_cpus()):
        outcomes[outcome.game] = outcome
        done += 1
        if step:
            step(done, total)
    return [outcomes[p.name] for p in paths]


def _resolve_all(paths: list[Path], now: datetime, workers: int):
    if workers <= 1 or len(paths) < 2:
        for path in paths:
            yield resolve_one(path, now)
        return
    with forked.pool(min(workers, len(paths))) as pool:
        jobs = {pool.submit(resolve_one, path, now): path for path in paths}
        for job in as_completed(jobs):
            try:
                yield job.result()
            except Exception as exc:  # the worker itself died: killed, out of memory
                yield GameOutcome(jobs[job].name, FAILED, f"its worker process stopped: {exc}")
