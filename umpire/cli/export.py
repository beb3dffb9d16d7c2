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
def export_command(game_dir, fmt, table, out_file):
    """Export the accounts round by round (brought forward, each transport, building, carried
    forward, as the zines printed them) and the journal as a readable action log.

    Examples: `umpire export games/ireland-1 > ireland-1.json`,
    `umpire export games/ireland-1 --format csv --out accounts.csv`,
    `umpire export games/ireland-1 --format csv --table log`.
    """
    from ..export import export
    from ..store import atomic
    text = export(GameFolder(game_dir), fmt, table)
    if out_file:
        atomic.write_text(out_file, text)
        click.echo(f"Written to {out_file}.", err=True)
    else:
        click.echo(text, nl=False)
