"""`umpire play` and `umpire demo`: a game typed in as a folder, played into a game folder."""

from __future__ import annotations

import sys
from contextlib import contextmanager
from pathlib import Path

import click

from . import main


@main.command()
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
def play(folder, out_dir):
    """Play a game typed in as a folder, round by round, into OUT_DIR/<game> with all its newsletters.

    FOLDER holds game.yaml (game, map, rules, options, companies, and seed: or dice: FILE) and
    orders/<round>/<company>.txt. The first round whose orders or dice do not fit stops the play
    (exit 1) with the round, the file and what did not fit; the game so far stays in OUT_DIR/<game>.
    Run again, it replaces its own earlier output (never a folder with anything else in it).
    See docs/archive.md.

    \b
    Examples:
      umpire play games/demo out
      umpire play games/archive-bavaria-1994 out
    """
    from ..play import play as play_archive
    with progress() as step:
        played = play_archive(folder, out_dir, step)
    game = played.folder
    state = game.state()
    rounds = f"{played.rounds} round{'s' if played.rounds != 1 else ''} played into {game.path}"
    if played.finished:
        end = next(e for e in reversed(game.events) if e["type"] == "game_finished")
        click.echo(f"{game.game_id}: {rounds}; the game is over "
                   f"({end['reason']}); {'winners' if len(end['winners']) > 1 else 'winner'}: "
                   f"{', '.join(end['winners'])}.")
    else:
        click.echo(f"{game.game_id}: {rounds}; the orders end here and "
                   f"round {state.round} is open (`umpire dice {game.path} --next` lists the dice it needs).")
    for note in played.notes:
        click.echo(f"Note: {note}")
    click.echo("Its newsletters:")
    echo_newsletters(game)


@main.command()
@click.argument("out_dir", required=False, default="demo-out", type=click.Path(file_okay=False, path_type=Path))
def demo(out_dir):
    """Play the bundled demo game end to end and write its newsletters (default: ./demo-out).

    This is `umpire play` on the bundled folder games/demo.

    \b
    Examples:
      umpire demo
      umpire demo /tmp/demo-out
    """
    from ..demo import demo_dir
    from ..play import play as play_archive
    with progress() as step:
        game = play_archive(demo_dir(), out_dir, step, label="the demo").folder
    click.echo(f"Demo game played in {game.path}; its newsletters:")
    echo_newsletters(game)


def echo_newsletters(game):
    for e in game.events:
        if e["type"] == "newsletter":
            click.echo("  " + "  ".join(str(game.path / f) for f in e["files"]))


@contextmanager
def progress():
    """click's progress bar on stderr when stderr is a terminal; otherwise nothing is shown."""
    if not sys.stderr.isatty():
        yield None
        return
    bar = None

    def step(done: int, total: int):
        nonlocal bar
        if bar is None:
            bar = click.progressbar(length=total, label="Playing rounds", file=sys.stderr)
            bar.__enter__()
        bar.update(done - bar.pos)

    try:
        yield step
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
