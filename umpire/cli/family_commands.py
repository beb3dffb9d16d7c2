"""The GM commands a game family adds (`Family.gm_commands`, e.g. Dampfross's end-construction),
made into commands of the command line: `umpire NAME GAME_DIR --reason TEXT [--yes]`. The
shell knows none of them by name: the registry lists them, the family carries them out and says
what they did."""

from __future__ import annotations

from pathlib import Path
from shlex import quote

import click

from ..errors import UmpireError
from ..game import Game
from ..store.folder import GameFolder
from ..timetable import clock
from ..usecases import actions
from .locking import locking
from .note import checked, note_option


def family_command(spec) -> click.Command:
    """The click command of a family's GM command `spec` (a base.GmCommand)."""

    @click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
    @click.option("--reason", required=True, help="Why the GM gives the command (journaled).")
    @click.option("--yes", is_flag=True, help="Do not ask, even when the command ends the game at once.")
    @note_option
    @locking("game_dir")
    def run(game_dir, reason, yes, note):
        checked(note)
        folder = GameFolder(game_dir).require()
        game = Game.of(folder)
        if actions.finish_interrupted(folder, at=clock.stamp(clock.now())):
            click.echo(f"The last command had stopped before its newsletter; it is finished now "
                       f"(newsletter {folder.newsletter_count():03d} written). Nothing else was done.")
            return
        family, args = game.family, actions.gm_args(reason)
        if spec.name not in {c.name for c in family.gm_commands}:
            raise UmpireError(f"{spec.name} is not a command of a {family.name} game such as {folder.game_id}.",
                              fix="Nothing was done.")
        planned = actions.family_command_events(folder, spec.name, args)
        after = game.state()
        for event in planned:
            after.apply(event)
        if after.phase == "finished" and not yes:
            lines = family.command_report(spec.name, args, planned, after, planned=True)
            click.echo("\n".join(lines) + revealed(folder))
            try:
                go_on = click.confirm("End the game?", default=False)
            except click.Abort:
                go_on = False
            if not go_on:
                raise UmpireError("nothing was done.", fix=f"To end the game so: `umpire {spec.name} "
                                  f"{quote(str(game_dir))} --reason {quote(reason)} --yes`.")
        events = actions.family_command(folder, spec.name, args, _note_event(folder, note, spec.name),
                                        at=clock.stamp(clock.now()))
        after = game.state()
        number = folder.newsletter_count()
        written = (f"{revealed(folder)} Newsletter {number:03d} written." if after.phase == "finished"
                   else f"newsletter {number:03d} written.")
        for line in family.command_report(spec.name, args, events, after, planned=False, written=written):
            click.echo(line)

    run.__doc__ = f"{spec.help}\n\nExample: `{spec.example}`."
    return click.command(spec.name)(run)


def _note_event(folder: GameFolder, note: str | None, command: str) -> dict | None:
    """The `gm_note` of the command's --note, for the newsletter the command writes."""
    game = Game.of(folder)
    if note is None:
        return None
    from ..kernel.gm_notes import check_note, note_event
    return note_event(check_note(note), game.family.open_turn(game.state()), command, clock.now().isoformat())


def revealed(folder: GameFolder) -> str:
    """` The seed of its dice is revealed.` where the game's dice (or draws) are seeded; "" where recorded."""
    return f" The seed of its {Game.of(folder).family.recorded} is revealed." if folder.seeded else ""
