"""Map commands: check, list."""

from __future__ import annotations

import click

from ..resources import bundled_names, find_named
from . import LazyGroup, main

MAP_COMMANDS = {"render": "umpire.cli.render:render"}   # subcommands written in other modules


def board_family(path: str):
    """The family whose board the file (or bundled name) is, by its `format:`."""
    from ..families import of_board
    return of_board(find_named("maps", path))


@main.group("map", cls=LazyGroup, lazy_commands=MAP_COMMANDS)
def map_group():
    """Maps: check a map file, list the bundled maps."""


@map_group.command("check")
@click.argument("path")
@click.option("--rules", "rules_name", default=None,
              help="For a board that must match a ruleset (Volldampf's regions and track cards): the ruleset "
                   "[default: volldampf].")
def check(path, rules_name):
    """Validate a map file (or a bundled map by name).

    \b
    Examples:
      umpire map check ireland
      umpire map check volldampf-germany
      umpire map check ./my-board.yaml --rules ./my-volldampf.yaml
    """
    click.echo(board_family(path).check_board(path, rules_name))


@map_group.command("list")
def list_maps():
    """The bundled maps, by the name `umpire new --map` takes.

    \b
    Examples:
      umpire map list
      umpire map check bavaria          (one of the names it lists)
    """
    for name in bundled_names("maps"):
        click.echo(name)
