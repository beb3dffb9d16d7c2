"""`umpire dice` and `umpire verify`: every roll listed, and every roll checked."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import DiceExhausted
from ..store.folder import GameFolder
from . import main

_GAME = click.Path(file_okay=False, path_type=Path)


@main.command("dice")
@click.argument("game_dir", type=_GAME)
@click.option("--next", "upcoming", is_flag=True, help="The rolls the next resolve will need, in order.")
def dice_command(game_dir, upcoming):
    """List every roll made so far: number, purpose, value (and the dice file's line for recorded dice).
    In a game that draws (Volldampf), every draw: number, purpose, what was drawn.

    Examples: `umpire dice games/ireland-1`, `umpire dice games/zine-1 --next` (what the next resolve
    rolls, so an archivist knows which printed dice to type in next).
    """
    from ..usecases.dice_audit import Roll, next_rolls, rolls, word
    folder = GameFolder(game_dir)
    try:
        found = next_rolls(folder) if upcoming else rolls(folder)
    except DiceExhausted as exc:
        if exc.rolled:
            click.echo("The next resolve takes these rolls from the dice file, and then it runs out:")
            _echo_rolls([Roll(number, purpose, die.value, die.line or None) for number, purpose, die in exc.rolled],
                        "roll")
        raise _of_archive(folder, exc) from None
    kind = word(folder)
    if not found:
        click.echo(("The next resolve rolls no dice." if kind == "roll" else "The next resolve draws nothing.")
                   if upcoming else f"No {kind} has been made yet.")
    _echo_rolls(found, kind)


def _of_archive(folder: GameFolder, exc: DiceExhausted) -> DiceExhausted:
    """In a zine's game typed in (game.yaml `archive:`), the dice to add go to the archive's own
    dice file: the copy in the game folder is replaced by the next `umpire play`."""
    own = (folder.config.get("archive") or {}).get("dice")
    if own is None:
        return exc
    return DiceExhausted(exc.what, exc.where, f"Add the next printed dice to the archive's own {own} (the dice "
                         f"file beside its game.yaml), not to its copy in {folder.path}, which the next "
                         "`umpire play` replaces; then play the archive again.")


def _echo_rolls(found: list, kind: str):
    for r in found:
        where = f"  ({'dice' if kind == 'roll' else 'draws'} file line {r.line})" if r.line else ""
        click.echo(f"{r.number:>5}  {r.purpose:<44} {r.value}{where}")


@main.command("verify")
@click.argument("game_dir", type=_GAME, required=False)
@click.option("--newsletters", "newsletters", type=click.Path(file_okay=False, exists=True, path_type=Path),
              help="Check from the issued text newsletters alone (a player's copies), not a game folder.")
def verify_command(game_dir, newsletters):
    """Check every roll: the seed against the commitment of newsletter 001, then each roll recomputed
    from the seed and its purpose (recorded dice: compared with the dice file in order). In a game
    that draws (Volldampf), the game is replayed from the seed or the recorded draws file.

    Examples: `umpire verify games/ireland-1` prints "all N rolls check" (exit 0) or the first roll that
    does not (exit 1); `umpire verify --newsletters my-newsletters/` does the same from the text
    editions a player received (001.txt, 002.txt, ...), once the final one has revealed the seed.
    """
    from ..usecases import ledger_check
    from ..usecases.dice_audit import verify, verify_newsletters
    if (game_dir is None) == (newsletters is None):
        raise click.UsageError("give a game folder, or --newsletters DIR, not both.")
    if game_dir is not None and ledger_check.is_ledger_only(game_dir):
        _published(ledger_check.check_ledger_only(game_dir))
        return
    from ..usecases.dice_audit import word
    folder = None if newsletters else GameFolder(game_dir)
    verdict = verify_newsletters(newsletters) if newsletters else verify(folder)
    if verdict.mismatch:
        click.echo(f"umpire: {verdict.mismatch}", err=True)
        raise SystemExit(1)
    kind = word(folder) if folder else "roll"
    click.echo(f"all {verdict.checked} {kind}s check ({verdict.note}).")
    if folder is not None:
        _published(ledger_check.check_game(folder))


def _published(check):
    """The published-versus-computed table; exit 1 on a difference the zine's errors do not mark."""
    if check is None:
        return
    for line in check.lines():
        click.echo(line)
    if check.differences:
        click.echo(f"umpire: {len(check.differences)} published figure(s) differ from the computed ones "
                   "(marked 'differs' above). Correct the archive, or mark a figure the zine got wrong "
                   "in published.yaml's zine_errors: with a note.", err=True)
        raise SystemExit(1)
