"""`umpire export`: the accounts round by round and the action log, as JSON or CSV."""

from __future__ import annotations

from pathlib import Path

import click

from ..store.folder import GameFolder
from . import main


@main.command("export")
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["json", "csv"]), default="json", show_default=True)
@click.option("--table", type=click.Choice(["accounts", "log"]), default="accounts", show_default=True,
              help="With --format csv: the accounts (one row per item) or the action log.")
@click.option("--out", "out_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Write to this file instead of standard output.")
@click.option("--reveal", is_flag=True,
              help="Once the game has ended: the hidden draws and private notes too (for the GM).")
def export_command(game_dir, fmt, table, out_file, reveal):
    """Export the accounts round by round (Dampfross: brought forward, each transport, building,
    fees, city bonuses, carried forward, as the zines printed them; Volldampf: the marks and the
    income track) and the journal as the public log the newsletters tell.

    Examples: `umpire export games/ireland-1 > ireland-1.json`,
    `umpire export games/ireland-1 --format csv --out accounts.csv`,
    `umpire export games/ireland-1 --format csv --table log`.
    """
    from ..store import atomic
    from ..usecases.export import export
    text = export(GameFolder(game_dir), fmt, table, reveal)
    if out_file:
        atomic.write_named(out_file, text)
        click.echo(f"Written to {out_file}.", err=True)
    else:
        click.echo(text, nl=False)
