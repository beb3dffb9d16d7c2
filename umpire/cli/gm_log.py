"""`umpire log GAME_DIR [--gm]`: the game's journal as a log, the public one (what `umpire export
--table log` gives) or, with --gm, the GM's own changes only (umpire/usecases/gm_log.py)."""

from __future__ import annotations

from pathlib import Path

import click

from ..game import Game
from ..store.folder import GameFolder
from . import main


@main.command("log")
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--gm", "gm_only", is_flag=True, help="Only the GM's own changes (adjust, replace, deadline, "
              "absences he entered, rollback, holds, notes, his family commands), with time and reason.")
def log_command(game_dir, gm_only):
    """The game's log: every event as the players may read it, or (--gm) the GM's own changes.

    \b
    Examples:
      umpire log games/ireland-1
      umpire log games/ireland-1 --gm

    Each line: the journal line, the round or turn, and what happened (with --gm: when, where the
    journal keeps the time, and the reason).
    """
    folder = GameFolder(game_dir).require()
    game = Game.of(folder)
    if gm_only:
        from ..usecases.gm_log import gm_changes
        lines = gm_changes(folder.journal())
        for line in lines:
            at = f"  {line['at']}" if line["at"] else ""
            click.echo(f"{line['event']:>5}  {_turn(line['round'])}{at}  {line['text']}")
        if not lines:
            click.echo(f"The GM has changed nothing in game {folder.game_id}.")
        return
    for line in game.family.public_log(game):
        click.echo(f"{line['event']:>5}  {_turn(line['round'])}  {line['text']}")


def _turn(turn) -> str:
    return f"{'-' if turn is None else turn:>4}"
