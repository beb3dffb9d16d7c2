"""The GM's word to the players: `umpire note GAME_DIR TEXT`, and the `--note TEXT` every GM
command that changes the game takes (`note_option`, then `noted` once the command has done its
work): a `gm_note` event right after the command's own, printed in the next newsletter under
"From the GM".

A GM command takes it in three lines: `@note_option` on the command, `checked(note)` before it
does anything, `noted(GameFolder(game_dir), note, "<command>")` once it has done something
(`house-rule` takes it so). A family's own commands (`end`, `end-construction`) write their
newsletter at once, so their note is journaled just before the command, in the same write, and
that newsletter prints it (cli/family_commands.py).
"""

from __future__ import annotations

from pathlib import Path

import click

from ..kernel.gm_notes import NOTE_LIMIT
from ..store.folder import GameFolder
from ..usecases import corrections
from . import main
from .locking import locking

note_option = click.option("--note", metavar="TEXT",
                           help=f"A word to the players, printed in the next newsletter under \"From the GM\" "
                                f"(one line, at most {NOTE_LIMIT} characters).")


def checked(note: str | None):
    """Refuse a bad --note before the command does anything (UmpireError quoting it)."""
    if note is not None:
        from ..kernel.gm_notes import check_note
        check_note(note)


def noted(folder: GameFolder, note: str | None, after: str):
    """Journal the command's --note (if given) and say so."""
    if note is None:
        return
    from ..timetable import clock
    event = corrections.note(folder, note, clock.now(), after=after)
    click.echo("Your note is printed in the next newsletter." if event else
               "Your note waits for the next newsletter already; not added again.")


@main.command("note")
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.argument("text")
@locking("game_dir")
def note_command(game_dir, text):
    """Tell the players something in the next newsletter, under "From the GM".

    \b
    Example:
      umpire note games/ireland-1 "Round 4 is the last before Christmas."

    The note is journaled; the same note again before the next newsletter is not added twice.
    """
    from ..timetable import clock
    event = corrections.note(GameFolder(game_dir), text, clock.now())
    click.echo("Noted; it is printed in the next newsletter under \"From the GM\"." if event else
               "This note waits for the next newsletter already; nothing done.")
