"""Map commands: check, list."""

from __future__ import annotations

import click

from ..gamemap import load_map
from ..resources import bundled_names
from . import main


@main.group("map")
def map_group():
    """Maps: check a map file, list the bundled maps."""


@map_group.command("check")
@click.argument("path")
def check(path):
    """Validate a map file (or a bundled map by name)."""
    m = load_map(path)
    stations = sum(len(c.stations) for c in m.cities)
    click.echo(f"{m.source}: {m.title}: {m.grid.width}x{m.grid.height} {m.grid.layout}, {len(m.cities)} cities, "
               f"{stations} stations, {len(m.rivers)} river edges, {len(m.specials)} special destinations: ok")


@map_group.command("list")
def list_maps():
    """The bundled maps."""
    for name in bundled_names("maps"):
        click.echo(name)
