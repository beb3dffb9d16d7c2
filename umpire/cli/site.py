"""`umpire site`: the game's web page, a static site of every newsletter."""

from __future__ import annotations

from pathlib import Path

import click

from . import main


@main.command("site")
@click.argument("path", type=click.Path(file_okay=False, path_type=Path))
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
def site_command(path, out_dir):
    """Write a static web site of a game (PATH a game folder) or of every game in a folder:
    OUT_DIR/index.html lists the games; per game OUT_DIR/GAME/index.html shows the game now and
    NNN.html each newsletter (map, accounts, events, press, the orders as read, its PDF and
    text), with feed.atom and deadlines.ics. Public only: no order code, seed, private sheet or
    unresolved order. Run again, it rewrites only what changed. Any static host serves it, and
    a browser reads it from the files too.

    Examples:
      umpire site demo-out site
      umpire site games www

    To look at it: `python3 -m http.server -d site`, then open http://127.0.0.1:8000/.
    """
    from ..site import build_site
    report = build_site(path, out_dir)
    for line in report.lines(out_dir):
        click.echo(line)
