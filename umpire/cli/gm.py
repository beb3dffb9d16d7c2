"""The GM's commands around a round: preview, rollback, adjust (and its --undo), replace; each
that changes the game takes a --note for the players (cli/note.py)."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import UmpireError
from ..game import Game
from ..kernel.ids import shown
from ..kernel.order_header import turn_words
from ..store import atomic
from ..store.folder import GameFolder
from ..timetable.deadlines import held as held_by
from ..usecases import corrections
from ..usecases import rollback as undo
from ..usecases.round_preview import preview as preview_round
from . import main
from .locking import locking
from .note import checked, note_option, noted
from .turns import named, round_or_turn

_GAME = click.Path(file_okay=False, path_type=Path)


@main.command()
@click.argument("game_dir", type=_GAME)
@click.option("--pdf", "pdf_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the newsletter's PDF to this file.")
def preview(game_dir, pdf_path):
    """Show what resolving the open round now would do; nothing is written to the game.

    Example: `umpire preview games/ireland-1 --pdf /tmp/next.pdf`. The same dice come at the real
    resolve, and the orders may still be replaced.
    """
    folder = GameFolder(game_dir)
    result = preview_round(folder, pdf=pdf_path is not None)
    same = "rolls the same dice" if Game.of(folder).family.recorded == "dice" else "makes the same draws"
    click.echo(f"Preview of {turn_words(result.turn)} (nothing written to the game; the real resolve {same}):")
    for line in result.report:
        click.echo(line)
    click.echo("")
    click.echo(result.text, nl=False)
    if pdf_path:
        try:
            atomic.write_named(pdf_path, result.pdf)
        except OSError as exc:
            raise UmpireError(f"cannot write {pdf_path} ({exc.strerror}).",
                              fix="Give --pdf a file in a folder that exists and can be written.") from None
        click.echo(f"\nThe newsletter's PDF is in {pdf_path}.")


@main.command()
@click.argument("game_dir", type=_GAME)
@click.option("--to", "to_round", callback=round_or_turn, metavar="ROUND",
              help="Undo every resolve since ROUND was open, so ROUND is open again (run again: nothing to do). "
                   "In a game whose rounds have turns, a turn may be named: --to 3B.")
@note_option
@locking("game_dir")
def rollback(game_dir, to_round, note):
    """Undo the last resolve (or a GM command of the game, as end-construction), or every one back to a round.

    Examples: `umpire rollback games/ireland-1 --to 3`, `umpire rollback games/vd-1 --to 2B`. Run again
    right after, a plain rollback does nothing: undo further with --to. The journal keeps everything (the rollback
    is an event); the undone newsletters are kept in newsletters/superseded/; the round's orders
    stay and may be replaced; `umpire resolve` then resolves the round again.
    """
    checked(note)
    folder = GameFolder(game_dir)
    revealed = Game.of(folder.require()).state().phase == "finished" and folder.seeded
    done = undo.rollback(folder, to_round)
    if done.nothing:
        more = "" if to_round is not None else " (the last resolve is undone already; give --to ROUND to undo more)"
        click.echo(f"{named(done.to_round)} is open already; nothing done{more}.")
        return
    click.echo(f"Rolled back: {', '.join(done.undone)}. {named(done.to_round)} is open again "
               "with its orders.")
    _held(folder, "rollback")
    noted(GameFolder(game_dir), note, "rollback")
    if done.superseded:
        click.echo("Newsletters set aside: " + ", ".join(f"{old} -> {new}" for old, new in done.superseded.items()))
    if done.orders:
        click.echo(f"Orders no longer in force (their rounds are not open; kept on disk): {', '.join(done.orders)}")
    if revealed:
        from ..usecases.dice_audit import word
        click.echo(f"Note: the game had ended, and its last newsletter revealed the seed: anyone who read it can "
                   f"work out every {word(folder)} from here on before it is made. Tell the players.")


@main.command()
@click.argument("game_dir", type=_GAME)
@click.option("--company", "--player", "company", help="The company's (or player's) id.")
@click.option("--units", "--marks", "units", metavar="N",
              callback=lambda _ctx, _param, v: None if v is None else _whole(v),
              help="What the company gets from the bank, in the game's money (negative: pays to it).")
@click.option("--reason", help="Why; printed in the next newsletter.")
@click.option("--undo", is_flag=True, help="Take back the last adjustment by a counter-posting (no resolve is undone).")
@note_option
@locking("game_dir")
def adjust(game_dir, company, units, reason, undo, note):
    """Correct a company's balance: a posting between the bank and the company.

    \b
    Examples:
      umpire adjust games/ireland-1 --company red --units 5 --reason "fee of round 3 charged twice"
      umpire adjust games/vd-1 --player anna --marks -2 --reason "paid a bond twice"
      umpire adjust games/ireland-1 --undo
    """
    checked(note)
    if undo:
        if (company, units, reason) != (None, None, None):
            raise click.UsageError("--undo takes back the last adjustment as it was; give it without --company, "
                                   "--units and --reason.")
        _undo(game_dir, note)
        return
    missing = [name for name, value in (("--company", company), ("--units", units), ("--reason", reason))
               if value is None]
    if missing:
        raise click.UsageError(f"give {', '.join(missing)} (or --undo to take back the last adjustment).")
    posting = corrections.adjust(GameFolder(game_dir), company, units, reason)
    if posting is None:
        click.echo(f"This correction ({company}, {units}, {reason!r}) was posted in this round already; "
                   "nothing done.")
        return
    click.echo(f"Posted: {posting['from']} -> {posting['to']} {posting['amount']} {posting['money']} "
               f"({posting['reason']}); it is printed in the next newsletter.")
    noted(GameFolder(game_dir), note, "adjust")


def _undo(game_dir: Path, note: str | None):
    folder = GameFolder(game_dir)
    event = corrections.undo_adjust(folder)
    if event is None:
        click.echo("The last adjustment is undone already; nothing done.")
        return
    click.echo(f"Undone: the adjustment of {event['company']} by {-event['units']} {Game.of(folder).family.money} "
               f"({event['reason']}), by a counter-posting of {event['units']}; it is printed in the next newsletter.")
    noted(GameFolder(game_dir), note, "adjust --undo")


def _whole(value: str) -> int:
    """A whole number given on the command line; anything else is refused, quoted short."""
    try:
        return int(value)
    except ValueError:
        raise click.BadParameter(f"{shown(value, 40)} is not a whole number, e.g. 5 or -5.") from None


@main.command()
@click.argument("game_dir", type=_GAME)
@click.argument("company")
@click.option("--email", required=True, help="The new player's address.")
@click.option("--name", help="A new name for the company (default: it keeps its name).")
@note_option
@locking("game_dir")
def replace(game_dir, company, email, name, note):
    """A stand-by player takes over a company: new address, new order code.

    Example: `umpire replace games/ireland-1 red --email standby@example.org`. The new code is
    printed once (kept in secrets.yaml); the old code stops working at once.
    """
    checked(note)
    code = corrections.replace(GameFolder(game_dir), company, email, name)
    if code is None:
        click.echo(f"Company {company} is played from {email} already; nothing done (its order code is unchanged).")
        return
    click.echo(f"Company {company} is now played from {email}. New order code (shown once; kept in secrets.yaml):")
    click.echo(f"  {company}: {code}")
    _held(GameFolder(game_dir), "replace")
    noted(GameFolder(game_dir), note, "replace")


def _held(folder: GameFolder, by: str):
    """Hold the open turn for the GM after his correction, and say so (timetable/changes.py `hold`)."""
    from ..timetable import clock
    from ..timetable.changes import hold
    game = Game.of(folder)
    turn = game.family.open_turn(game.state(copy=False))
    if hold(folder, by, clock.now()) is not None or held_by(folder, turn) == by:
        click.echo(f"{named(turn)} is held for you: no resolve takes it (not tick, resolve --due or "
                   f"a resolve_early fetch) until you release it with `umpire deadline {folder.path} --resume`, "
                   "once its orders are as they should be (the time its deadline had left runs again then).")
