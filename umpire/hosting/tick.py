"""`umpire tick GAMES_DIR`: a host's one cron line. For the folder of games: fetch the shared
mailbox (umpire.yaml) and each game's own, resolve every due game, then for each game with mail
queue the due reminders, notices of deadline changes, who is late, and every newsletter someone
has not had, oldest first (a new game's players their welcome, with their codes and newsletter 001;
a stand-in who took over a company his, with the newest newsletter), and send them; a game where
something was done has its site (`site:`) updated. A game stamped quiet is passed over (quiet.py).
Each game on its own: one failing is reported and the others go on; a full disk is said in words,
with whether the game changed (umpire/store/diskfull.py).

Every step is the mail log's or the journal's to remember: run twice, or overlapping, or again
after a kill, nothing is done twice (a game or mailbox another run holds is left to it).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from ..errors import UmpireError
from ..game import Game
from ..store.diskfull import told
from ..store.folder import GAME_FILE, GameFolder
from ..store.lock import Busy, game_lock
from ..usecases.quiet import Quiet, game_folders

LOCK_WAIT = 10.0
_MAIL_KEY = re.compile(rb"^mail\s*:", re.MULTILINE)           # game.yaml's own `mail:` section


@dataclass
class Report:
    game: str                                   # a game's folder name, or "mail" for the shared mailbox
    done: list[str] = field(default_factory=list)
    failed: str | None = None

    def __str__(self):
        return f"{self.game}: " + (f"FAILED: {self.failed}" if self.failed else "; ".join(self.done) + ".")


def _own_mail(path: Path) -> bool:
    """Whether the game's game.yaml has mail settings of its own (read only where it says `mail:`)."""
    return _MAIL_KEY.search((path / GAME_FILE).read_bytes()) is not None


def _own_imap(path: Path) -> bool:
    """Whether the game's own game.yaml names a mailbox (not only the host's umpire.yaml)."""
    from ..mail.config import _section
    return _own_mail(path) and bool((_section(path / GAME_FILE).get("imap") or {}).get("host"))


def _fetch(room: Path, games_dir: Path, all_games: bool, now: datetime) -> list[str]:
    from ..mail.config import load_config
    config = load_config(room, games_dir if all_games else None)
    if not config.imap.configured:
        return []
    from ..mail import send as sending
    from ..mail.fetch import Fetcher
    with game_lock(room, wait=0 if all_games else LOCK_WAIT):
        fetcher = Fetcher(room, config, all_games=all_games, now=now)
        outcomes = fetcher.run()
        flushed = sending.flush(fetcher.room, config.smtp, now) if config.smtp.configured else \
            sending.Flushed.nothing()
    done = [f"{len(outcomes)} messages fetched"] if outcomes else []
    return done + ([f"{len(flushed.sent)} replies sent"] if flushed.sent else []) + _refused(flushed)


def _refused(flushed) -> list[str]:
    """The recipients the SMTP server refused, put off (4xx: tried again later) or that were given up."""
    return ([f"the SMTP server refused {line}" for line in flushed.refused]
            + [f"the SMTP server put off {line}" for line in flushed.put_off]
            + [f"given up: {line}" for line in flushed.given_up])


def _mail_game(path: Path, games_dir: Path, now: datetime, shared) -> list[str]:
    """The game's due mail queued and sent; `shared`: the host's settings, for a game without its own."""
    from ..mail import send as sending
    from ..mail.config import load_config
    from ..mail.notices import queue_deadline_notices, queue_late_notice, queue_scheduled_reminders
    from ..mail.welcome import queue_welcomes
    from ..store.mailroom import Mailroom
    config = load_config(path, games_dir) if _own_mail(path) else shared
    if not config.smtp.configured:
        return []
    with game_lock(path, wait=LOCK_WAIT):
        folder = GameFolder(path).require()
        done = []
        if queue_deadline_notices(folder, config, now):
            done.append("deadline notice queued")
        reminded = queue_scheduled_reminders(folder, config, now)
        if reminded:
            done.append(f"reminded {', '.join(reminded)}")
        late = queue_late_notice(folder, config, now)
        if late:
            done.append(f"all told that {', '.join(late)} {'is' if len(late) == 1 else 'are'} late")
        room = Mailroom(path)
        issues = [r["issue"] for r in room.records if r["type"] == "queued" and r.get("kind") == "newsletter"]
        if folder.newsletter_count() == 1 and not issues and _not_given_001(room, folder, config):
            welcomed, _ = queue_welcomes(folder, config, now)       # newsletter 001 goes with them
            if welcomed:
                done.append(f"welcomed {', '.join(welcomed)}")
            if sending.queue_newsletter(folder, config, 1, now):     # and to the observers
                done.append("newsletter 001 queued")
        elif issues or folder.newsletter_count() > 1:
            done += _stand_ins(folder, config, now)
            done += [f"newsletter {issue:03d} queued" for issue, _ in sending.queue_owed(folder, config, now)]
        flushed = sending.flush(Mailroom(path), config.smtp, now)   # a fresh read of the mail log: what was queued
        if flushed.sent:
            done.append(f"{len(flushed.sent)} messages sent")
        return done + _refused(flushed)


def _stand_ins(folder: GameFolder, config, now: datetime) -> list[str]:
    """A stand-in (umpire replace) welcomed with his code, the newest newsletter and his private sheet."""
    from ..mail.welcome import queue_welcomes
    if Game.of(folder).state(copy=False).phase == "finished":
        return []
    welcomed, _ = queue_welcomes(folder, config, now, stand_ins=True)
    return [f"welcomed {', '.join(welcomed)} (taken over)"] if welcomed else []


def _not_given_001(room, folder: GameFolder, config) -> bool:
    """Whether someone of a running game has not been given newsletter 001 (by a welcome, or mailed)."""
    from ..mail.send import newsletter_recipients
    given = {to for r in room.records if r["type"] == "queued" and r.get("issue") == 1
             for to in str(r.get("to")).split(",")}
    return any(to not in given for to in newsletter_recipients(folder, config)) and \
        Game.of(folder).state(copy=False).phase != "finished"


def _site(path: Path) -> list[str]:
    """The game's site brought up to date, where one is configured (a resolve did it already)."""
    from ..site.update import update_site
    with game_lock(path, wait=LOCK_WAIT):
        return ["site updated"] if update_site(path) is not None else []


def _host_settings(games_dir: Path):
    """The mail settings of umpire.yaml beside the games (what a game without its own uses)."""
    from ..mail.config import load_config
    return load_config(games_dir, games_dir)


def _resolve(games_dir: Path, paths: list[Path], now: datetime, reports: dict[str, Report], step):
    """Resolve the due games of `paths` (usecases/sweep.py), each outcome told in its game's report."""
    from ..usecases import sweep
    for outcome in sweep.resolve_due(games_dir, now, step=step, paths=paths):
        report = reports.setdefault(outcome.game, Report(outcome.game))
        if outcome.outcome == sweep.RESOLVED:
            report.done.append(outcome.message.rstrip("."))
        elif outcome.outcome == sweep.FAILED and \
                outcome.message == Busy(games_dir / outcome.game, sweep.LOCK_WAIT).message:
            report.done.append("busy with another command; left to it")
        elif outcome.outcome == sweep.FAILED:
            report.failed = outcome.message


def _stamp(quiet: Quiet, paths: list[Path], reports: dict[str, Report]):
    """Stamp each game of `paths` the tick did nothing for and that did not fail: the next passes it over."""
    for path in paths:
        if not (reports.get(path.name) and (reports[path.name].done or reports[path.name].failed)):
            quiet.stamp(path)


def _attempt(reports: dict[str, Report], games_dir: Path, name: str, work, folder: Path | None):
    """Do `work` for the game `name` (at `folder`; None: the shared mailbox) and report it."""
    report = reports.setdefault(name, Report(name))
    try:
        with told(folder or games_dir, f"game {name}" if folder else "the shared mailbox's log", games_dir,
                  f"`umpire tick {games_dir}`"):
            report.done += work()
    except Busy:
        report.done.append("busy with another command; left to it")
    except UmpireError as exc:
        report.failed = exc.message
    except Exception as exc:  # a defect in one game's files: the others go on
        report.failed = f"{type(exc).__name__}: {exc}"


def _after_resolve(path: Path, reports: dict[str, Report], attempt, shared: list, games_dir: Path, now: datetime):
    """A game's mail (with the host's settings, once read) and, where the tick did something, its site."""
    if shared and (reports.get(path.name) is None or not reports[path.name].failed):
        attempt(path.name, lambda: _mail_game(path, games_dir, now, shared[0]), path)
    if reports.get(path.name) and reports[path.name].done and not reports[path.name].failed:
        attempt(path.name, lambda: _site(path), path)


def tick(games_dir: Path, now: datetime, step: Callable[[int, int], None] | None = None) -> list[Report]:
    """One pass over the folder of games; a report for the shared mailbox and each game that did something or failed."""
    games_dir = Path(games_dir)
    if not games_dir.is_dir():
        raise UmpireError(f"{games_dir} is not a folder.", fix="Give the folder that holds the game folders.")
    reports: dict[str, Report] = {}
    paths = game_folders(games_dir)

    def attempt(name: str, work, folder: Path | None = None):
        _attempt(reports, games_dir, name, work, folder)

    attempt("mail", lambda: _fetch(games_dir, games_dir, True, now))
    quiet = Quiet(games_dir, now)                 # a game stamped quiet is passed over (usecases/quiet.py)
    for path in paths:
        if not quiet.without_mailbox(path):
            attempt(path.name, lambda p=path: _fetch(p, games_dir, False, now) if quiet.own_mailbox(p, _own_imap)
                    else [], path)
    paths = [p for p in paths if not quiet.passed_over(p)]
    total = 2 * len(paths) + 1
    if step:
        step(1, total)
    if paths:
        _resolve(games_dir, paths, now, reports, (lambda d, t: step(1 + d, total)) if step else None)
    shared = []
    attempt("mail", lambda: shared.append(_host_settings(games_dir)) or [])
    for n, path in enumerate(paths, 1):
        _after_resolve(path, reports, attempt, shared, games_dir, now)
        if step:
            step(1 + len(paths) + n, total)
    if shared:                                    # the host's settings read: each game was asked for its mail
        _stamp(quiet, paths, reports)
    return [r for r in reports.values() if r.done or r.failed]
