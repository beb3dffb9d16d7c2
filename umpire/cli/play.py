"""`umpire play` and `umpire demo`: a game typed in as a folder, played into a game folder."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import UmpireError
from ..families import DEFAULT, FAMILIES
from ..game import Game
from ..kernel.language import LANGUAGES
from ..kernel.order_header import turn_words
from . import main
from .progress import progress


@main.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--language", type=click.Choice(sorted(LANGUAGES)),
              help="The language of the newsletters (default: the archive's option `language`, else en).")
def play(folder, out_dir, language):
    """Play a game typed in as a folder, round by round, into OUT_DIR/<game> with all its newsletters.

    FOLDER holds game.yaml (game, map, rules, options, companies, and seed:, dice: FILE or draws: FILE) and
    orders/<round>/<company>.txt. The first round whose orders or dice do not fit stops the play
    (exit 1) with the round, the file and what did not fit; the game so far stays in OUT_DIR/<game>.
    Run again, it replaces its own earlier output (never a folder with anything else in it).
    FOLDER may name a bundled archive (demo, volldampf-demo, archive-bavaria-1994) where no folder
    of that name is at hand. See `umpire help archive`.

    \b
    Examples:
      umpire play demo play-out
      umpire play archive-bavaria-1994 play-out
      umpire play demo play-out --language de
    """
    played = play_with_progress(folder, out_dir, "Playing the rounds ", None, language)
    game = Game.of(played.folder)
    turns = any(isinstance(e.get("round"), str) for e in game.events if e.get("command") == "resolve")
    unit = "mail turn" if turns else "round"            # a family whose rounds have turns resolves turns
    rounds = f"{played.rounds} {unit}{'s' if played.rounds != 1 else ''} played into {game.path}"
    if played.finished:
        reason, winners = game.family.outcome(game.events)
        click.echo(f"{game.game_id}: {rounds}; the game is over ({reason}); "
                   f"{'winners' if len(winners) > 1 else 'winner'}: {', '.join(winners)}.")
    else:
        hint = (f" (`umpire dice {game.path} --next` lists the dice it needs)" if game.family.recorded == "dice"
                else "")
        click.echo(f"{game.game_id}: {rounds}; the orders end here and "
                   f"{turn_words(game.family.open_turn(game.state()))} is open{hint}.")
    for note in played.notes:
        click.echo(f"Note: {note}")
    for line in played.check.lines() if played.check else ():
        click.echo(line)
    click.echo("Its newsletters:")
    echo_newsletters(game)


@main.command()
@click.argument("out_dir", required=False, default="demo-out", type=click.Path(file_okay=False, path_type=Path))
@click.option("--game", "which", type=click.Choice(FAMILIES), default=DEFAULT,
              show_default=True, help="Which game family's bundled demo to play.")
@click.option("--language", type=click.Choice(sorted(LANGUAGES)),
              help="The language of its newsletters: en (English, the default) or de (Deutsch).")
def demo(out_dir, which, language):
    """Play the bundled demo game end to end and write its newsletters (default: ./demo-out).

    This is `umpire play` on the bundled folder games/demo.

    \b
    Examples:
      umpire demo
      umpire demo /tmp/demo-out
      umpire demo --game volldampf demo-out
      umpire demo --language de demo-de
    """
    from ..families import family
    from ..usecases.demo import demo_dir
    if family(which).demo is None:
        raise UmpireError(f"the {which} family brings no demo game.", fix=f"Give --game {DEFAULT}.")
    game = play_with_progress(demo_dir(which), out_dir, "Playing the demo   ", "the demo", language).folder
    click.echo(f"Demo game played in {game.path}; its newsletters:")
    echo_newsletters(game)


def play_with_progress(folder: Path, out_dir: Path, bar: str, name: str | None, language: str | None = None):
    """Play with the newsletter PDFs drawn by worker processes, and progress bars on a terminal;
    the game folder is made durable once, when it is written. When a round does not fit, the PDFs
    of the rounds before it are written before it is reported."""
    from ..store import atomic
    from ..usecases.pdf_batch import PdfBatch, worker_count
    from ..usecases.play import play as play_archive
    stopped = None
    with atomic.deferred(out_dir), progress(bar) as step, progress("Drawing the PDFs   ") as drawn, \
            PdfBatch(worker_count(), done=drawn):
        try:
            played = play_archive(folder, out_dir, step, label=name, language=language)
        except UmpireError as exc:
            stopped = exc
    if stopped is not None:
        raise stopped
    return played


def echo_newsletters(game):
    for e in game.events:
        if e["type"] == "newsletter":
            click.echo("  " + "  ".join(str(game.path / f) for f in e["files"]))
