"""Commands around newsletters: map render, replay."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import main
from .maps import board_family, map_group
from .progress import progress


@map_group.command("render")
@click.argument("path")
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--paper", type=click.Choice(["a4", "a3", "letter"]), default="a4", show_default=True,
              help="The paper size of every page; a map too large for it is split into sheets.")
def render(path, out, paper):
    """Draw the empty map as a PDF (for map makers).

    \b
    Examples:
      umpire map render ireland ireland.pdf
      umpire map render ireland ireland.pdf --paper a3
      umpire map render volldampf-germany board.pdf
    """
    from ..store import atomic
    title, pdf = board_family(path).draw_board(path, paper)
    atomic.write_named(out, pdf)
    click.echo(f"{title}: {out} written.")


@main.command()
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--quick", is_flag=True, help="Check the journal and the text editions only; draw no PDFs.")
def replay(game_dir, quick):
    """Rebuild a game from its inputs; check the journal and newsletters byte for byte.

    The newsletter PDFs are drawn by worker processes, one per CPU. Example: `umpire replay
    games/ireland-1`, or `umpire replay games/ireland-1 --quick` for the journal and text editions.
    """
    from ..render import NEWSLETTER_LAYOUT
    from ..usecases.replay import replay as replay_game
    with progress("Replaying the journal") as step, progress("Drawing the PDFs   ") as drawn:
        outcome = replay_game(game_dir, quick=quick, step=step, drawn=drawn)
    if outcome.differences:
        click.echo(f"Replay of {game_dir}: {len(outcome.differences)} difference(s):", err=True)
        for d in outcome.differences:
            click.echo(f"  {d}", err=True)
        for note in outcome.notes:
            click.echo(note, err=True)
        sys.exit(1)
    if outcome.newsletters_compared and quick:
        click.echo(f"Replay of {game_dir}: {outcome.commands} commands and {outcome.orders} orders replayed; "
                   f"the journal and {len(outcome.newsletters)} text editions match byte for byte "
                   f"(--quick: the PDFs were not drawn).")
    elif outcome.newsletters_compared:
        by_bytes = len(outcome.newsletters) - outcome.by_text - outcome.not_compared
        others = (f", {outcome.by_text} PDFs by their text layers" if outcome.by_text else "") + \
            (f"; {outcome.not_compared} PDFs were not compared" if outcome.not_compared else "")
        click.echo(f"Replay of {game_dir}: {outcome.commands} commands and {outcome.orders} orders replayed; "
                   f"the journal and {by_bytes} newsletter files match byte for byte{others}.")
        for note in outcome.notes:
            click.echo(note)
    else:
        click.echo(f"Replay of {game_dir}: {outcome.commands} commands and {outcome.orders} orders replayed; "
                   f"the journal matches byte for byte. Its {len(outcome.newsletters)} newsletter files were "
                   f"issued under newsletter layout {outcome.layout} and this umpire writes layout "
                   f"{NEWSLETTER_LAYOUT}, so they were not compared.")
