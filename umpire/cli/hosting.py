"""The GM's calendar of a game: `umpire deadline` and `umpire absence`."""

from __future__ import annotations

from pathlib import Path

import click

from ..game import Game
from ..store.folder import GameFolder
from . import main
from .locking import locking
from .note import checked, note_option, noted

_GAME = click.Path(file_okay=False, path_type=Path)


@main.command("deadline")
@click.argument("game_dir", type=_GAME)
@click.option("--extend", metavar="DURATION", help="Move the deadline later by a span, e.g. '2 days'.")
@click.option("--set", "set_to", metavar="TIME", help="Set the deadline, e.g. '2026-12-05 18:00' (in the game's "
              "deadline_zone) or 2026-12-05T17:00Z.")
@click.option("--pause", is_flag=True, help="Stop the clock: no deadline runs until --resume.")
@click.option("--resume", is_flag=True, help="Run the clock again, with the time that was left at the pause.")
@click.option("--reason", metavar="TEXT", help="Why, journaled and told to the players.")
@note_option
@locking("game_dir")
def deadline_command(game_dir, extend, set_to, pause, resume, reason, note):
    """Show the open round's deadline, or move, pause or resume it (journaled with the reason).

    \b
    Examples:
      umpire deadline games/ireland-1
      umpire deadline games/ireland-1 --extend '2 days' --reason 'the post strike'
      umpire deadline games/ireland-1 --set '2026-12-05 18:00'
      umpire deadline games/ireland-1 --pause --reason 'Christmas'
      umpire deadline games/ireland-1 --resume

    A change is mailed to the players by the next `umpire mail send` (or `umpire tick`); a mistaken
    change is mended by another.
    """
    from ..timetable import clock
    from ..timetable.changes import change, said
    from ..timetable.deadlines import deadline, describe
    chosen = [(name, value) for name, value in (("extend", extend), ("set", set_to), ("pause", pause),
                                                 ("resume", resume)) if value]
    if len(chosen) > 1:
        raise click.UsageError("give one of --extend, --set, --pause and --resume.")
    folder = GameFolder(game_dir).require()
    game = Game.of(folder)
    if not chosen:
        if reason is not None or note is not None:
            raise click.UsageError("--reason and --note go with --extend, --set, --pause or --resume.")
        turn = game.family.open_turn(game.state())
        info = deadline(folder, turn)
        if info.paused:
            click.echo(f"Round {turn}: the deadline is paused.")
        elif info.at is None:
            click.echo(f"Round {turn} has no deadline.")
        else:
            click.echo(f"Round {turn}: orders are due by {describe(info.at)}.")
        return
    action, value = chosen[0]
    checked(note)
    event = change(folder, action, value if isinstance(value, str) else None, reason, clock.now())
    if event is None:
        click.echo({"pause": "The deadline is paused already; nothing done.",
                    "resume": "The deadline is not paused; nothing done.",
                    "set": "The deadline is that time already; nothing done.",
                    "extend": "The last change was this extension, for the same reason; nothing done (give "
                              "another --reason to extend again)."}[action])
        return
    click.echo(said(event))
    noted(GameFolder(game_dir), note, f"deadline --{action}")


@main.command("absence")
@click.argument("game_dir", type=_GAME)
@click.argument("company")
@click.option("--from", "start", required=True, metavar="DATE", help="The first day away, e.g. 2026-12-01.")
@click.option("--to", "end", required=True, metavar="DATE", help="The last day away, e.g. 2026-12-10.")
@locking("game_dir")
def absence_command(game_dir, company, start, end):
    """Note a player's absence (as his mail line ABSENT FROM DATE TO DATE would).

    \b
    Example:
      umpire absence games/ireland-1 red --from 2026-12-01 --to 2026-12-10

    With the game option absence=extend a deadline inside the absence moves to the day after it
    (at most absence_max days a player and game); with absence=nmr (the default) the round goes on.
    """
    from ..errors import UmpireError
    from ..timetable import clock
    from ..timetable.absences import absence_event, policy
    folder = GameFolder(game_dir).require()
    if company not in folder.company_ids():
        raise UmpireError(f"there is no company {company!r}; the companies are {', '.join(folder.company_ids())}.")
    event = absence_event(folder, company, start, end, "gm", clock.now().date())
    if event is None:
        click.echo(f"{company} is noted away from {start} to {end} already; nothing done.")
        return
    folder.append([event])
    then = "deadlines inside it move to the day after it" if policy(folder) == "extend" else \
        "the game goes on without him meanwhile"
    click.echo(f"{company} is away from {event['from']} to {event['to']}: {then}.")
