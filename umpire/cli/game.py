"""Game commands: new, submit, resolve, status, end-construction."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .. import actions
from ..store.folder import GameFolder
from . import main


@main.command()
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--map", "map_name", help="A bundled map name or a map file (Volldampf: its board by default).")
@click.option("--rules", "rules_name", required=True, help="laurin, schmidt, buetehorn, volldampf or a ruleset file.")
@click.option("--company", "--player", "companies", multiple=True, required=True, metavar="ID:NAME:EMAIL",
              help="A company (a player), in seat order; the first listed is first in round 1.")
@click.option("--seed", help="The secret seed of the dice or draws (default: a random one).")
@click.option("--dice", "dice_file", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              help="Recorded dice, used in order instead of seeded ones.")
@click.option("--draws", "draws_file", type=click.Path(dir_okay=False, exists=True, path_type=Path),
              help="Recorded draws (cards, cubes), one a line, used in order instead of seeded ones.")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="A game option or ruleset value.")
def new(game_dir, map_name, rules_name, companies, seed, dice_file, draws_file, options):
    """Create a game, open round 1 and write newsletter 001.

    \b
    Example:
      umpire new games/ireland-1 --map ireland --rules laurin \\
          --company red:Red Lines:red@example.org --company blue:Blue Star:blue@example.org
    """
    folder, codes = actions.create_game(game_dir, map_name, rules_name, list(companies), seed, dice_file, options,
                                        draws_file=draws_file)
    click.echo(f"Game {folder.game_id} created in {game_dir}; newsletter 001 written.")
    click.echo("Order codes (shown once; kept in secrets.yaml):")
    for cid, code in codes.items():
        click.echo(f"  {cid}: {code}")


@main.command()
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, exists=True, path_type=Path))
def submit(game_dir, files):
    """Take order files from the GM (no CODE needed)."""
    folder = GameFolder(game_dir).require()
    refused = False
    for path in files:
        result = actions.submit(folder, path.read_bytes(), via=f"submit {path.name}")
        if not result.accepted:
            refused = True
            click.echo(f"{path}: refused: {result.reason}")
            continue
        note = f" (replaces {result.replaced})" if result.replaced else ""
        click.echo(f"{path}: accepted for {result.company}, round {result.round}{note}; stored as {result.file}")
        for error in result.errors:
            refused = True
            click.echo(f"  refused {error}")
    sys.exit(1 if refused else 0)


@main.command()
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
def resolve(game_dir):
    """Resolve the open round, open the next, write the newsletter."""
    folder = GameFolder(game_dir).require()
    before = folder.state().round
    finished_only = not actions.resolve(folder)
    status = actions.status(folder)
    if finished_only:
        click.echo(f"The last command had stopped before its newsletter; it is finished now. Round {before} is "
                   f"open; newsletter {status['newsletters']:03d} written.")
        return
    click.echo(f"Round {before} resolved. Now: {status['phase']}, round {status['round']}; "
               f"newsletter {status['newsletters']:03d} written.")


@main.command("end-construction")
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--reason", required=True, help="Why the GM ends the phase (journaled).")
def end_construction(game_dir, reason):
    """End the construction phase by the GM's decision."""
    actions.end_construction(GameFolder(game_dir), reason)
    click.echo("The construction phase is ended; the first operating round is open and its newsletter written.")


@main.command()
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="One JSON object, for scripts.")
def status(game_dir, as_json):
    """Phase, round, balances, networks and what is awaited."""
    folder = GameFolder(game_dir)
    info = actions.status(folder)
    if as_json:
        click.echo(json.dumps(info, ensure_ascii=False, sort_keys=True))
        return
    for line in folder.family.status_lines(info):
        click.echo(line)
    click.echo(f"  orders in: {', '.join(info['orders_in']) or 'none'}")
    click.echo(f"  awaited:   {', '.join(info['awaited']) or 'nobody'}")
    if info.get("deadline"):
        click.echo(f"  deadline:  {info['deadline']}")
