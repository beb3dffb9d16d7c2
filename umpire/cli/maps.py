"""Map commands: check, list."""

from __future__ import annotations

import click

from ..families.volldampf.board import FORMAT as BOARD_FORMAT
from ..families.volldampf.board import load_board
from ..families.volldampf.rules import load_volldampf_rules
from ..gamemap import load_map
from ..resources import bundled_names, find_named
from ..yamlfile import load_yaml
from . import LazyGroup, main

MAP_COMMANDS = {"render": "umpire.cli.render:render"}   # subcommands written in other modules


def is_board(path: str) -> bool:
    """True when the file (or bundled name) is a Volldampf board (format graph-1), not a hex map."""
    found = find_named("maps", path)
    doc = load_yaml(found) if found.exists() else None
    return isinstance(doc, dict) and doc.get("format") == BOARD_FORMAT


@main.group("map", cls=LazyGroup, lazy_commands=MAP_COMMANDS)
def map_group():
    """Maps: check a map file, list the bundled maps."""


@map_group.command("check")
@click.argument("path")
@click.option("--rules", "rules_name", default="volldampf", show_default=True,
              help="For a Volldampf board: the ruleset whose regions and track cards it must match.")
def check(path, rules_name):
    """Validate a map file (or a bundled map by name).

    \b
    Examples:
      umpire map check ireland
      umpire map check volldampf-germany
      umpire map check ./my-board.yaml --rules ./my-volldampf.yaml
    """
    if is_board(path):
        board = load_board(path)
        box = load_volldampf_rules(rules_name).box
        board.check_cards(box.regions, box.cards_per_region)
        colours = ", ".join(f"{len(board.of_colour(c))} {c}" for c in ("blue", "violet", "red", "yellow", "none")
                            if board.of_colour(c))
        click.echo(f"{board.path}: {board.title}: {len(board.locations)} locations ({colours}), "
                   f"{len(board.links)} links in {len(board.regions)} regions of {box.cards_per_region} cards "
                   f"as ruleset {rules_name} deals, {len(board.goods_cards)} goods cards: ok")
        return
    m = load_map(path)
    stations = sum(len(c.stations) for c in m.cities)
    click.echo(f"{m.source}: {m.title}: {m.grid.width}x{m.grid.height} {m.grid.layout}, {len(m.cities)} cities, "
               f"{stations} stations, {len(m.rivers)} river edges, {len(m.specials)} special destinations: ok")


@map_group.command("list")
def list_maps():
    """The bundled maps."""
    for name in bundled_names("maps"):
        click.echo(name)
