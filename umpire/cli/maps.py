"""Map commands: check, list, render."""

from __future__ import annotations

from pathlib import Path

import click

from . import main


@main.group("map")
def map_group():
    """Maps: check a map file, list the bundled maps, draw one as a PDF."""


@map_group.command("check")
@click.argument("path")
def check(path):
    """Validate a map file (or a bundled map by name)."""
    from ..gamemap import load_map
    m = load_map(path)
    stations = sum(len(c.stations) for c in m.cities)
    click.echo(f"{m.source}: {m.title}: {m.grid.width}x{m.grid.height} {m.grid.layout}, {len(m.cities)} cities, "
               f"{stations} stations, {len(m.rivers)} river edges, {len(m.specials)} special destinations: ok")


@map_group.command("list")
def list_maps():
    """The bundled maps."""
    from ..resources import bundled_names
    for name in bundled_names("maps"):
        click.echo(name)


@map_group.command("render")
@click.argument("path")
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
def render(path, out):
    """Draw the empty map as a PDF (for map makers)."""
    from ..gamemap import load_map
    from ..render.pdf import map_pdf
    from ..store import atomic
    game_map = load_map(path)
    atomic.write_bytes(out, map_pdf(game_map))
    click.echo(f"{game_map.title}: {out} written.")
