"""`umpire tick`: a host's one cron line. Its module imports only click, so a tick that passes
every game over (usecases/quiet.py) loads no game code."""

from __future__ import annotations

from pathlib import Path

import click

from . import main

_GAME = click.Path(file_okay=False, path_type=Path)


@main.command("tick")
@click.argument("games_dir", type=_GAME)
@click.option("--verbose", is_flag=True, help="Say what was done in each game even when not on a terminal.")
def tick_command(games_dir, verbose):
    """Do what is due in every game of a folder: a host's one cron line.

    \b
    Examples:
      umpire tick games
      umpire tick games --verbose

    Fetches the mail (umpire.yaml's mailbox and each game's own), resolves every due game, and for
    each game with mail sends the due reminders, notices of deadline changes, a new game's
    welcomes (codes and newsletter 001) and the newsletters not yet mailed. Safe to run twice or
    overlapping; one game failing is reported and the others go on (exit 1). On a terminal it
    shows progress and what was done; under cron it prints only failures. `umpire help hosting` has
    the crontab line.
    """
    import sys

    from ..hosting.tick import tick
    from ..timetable import clock
    from .progress import on_terminal, progress
    with progress("Tick") as step:
        reports = tick(games_dir, clock.now(), step)
    failed = [r for r in reports if r.failed]
    told = verbose or on_terminal() or sys.stdout.isatty()
    for report in reports:
        if report.failed:
            click.echo(f"umpire: {report}", err=True)
        elif told:
            click.echo(str(report))
    if told and not reports:
        click.echo(f"Nothing was due in {games_dir}.")
    if failed:
        raise SystemExit(1)
