"""The route assistant command: the fastest race route, or the cheapest line to build, as the
game's family finds them (`Family.route_assistant`); a family that offers none is refused."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import UmpireError
from ..game import Game
from . import main


@main.command()
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--company", required=True, help="The company whose route or line it is.")
@click.option("--partner", help="A partner company for a joint train (its lines are free too).")
@click.option("--from", "start", required=True, help="Start hex or town.")
@click.option("--to", "goal", required=True, help="Destination hex or town.")
@click.option("--build", is_flag=True, help="The cheapest line to build instead of a race route.")
def route(game_dir, company, partner, start, goal, build):
    """The fastest race route with its fees, or (--build) the cheapest line to build (Dampfross).

    \b
    Examples:
      umpire route games/ireland-1 --company blue --from Dublin --to Galway
      umpire route games/ireland-1 --company red --partner green --from Belfast --to Dublin
      umpire route games/ireland-1 --company red --from AE22 --to K23 --build
    """
    from ..families import route_assistants
    from ..store.folder import GameFolder
    folder = GameFolder(game_dir).require()
    game = Game.of(folder)
    assistant = game.family.route_assistant
    if assistant is None:
        offered = " or ".join(name.capitalize() for name in route_assistants())
        raise UmpireError(f"`umpire route` is for {offered} games, and game {folder.game_id} is a "
                          f"{game.family.name.capitalize()} game, which has no route assistant.",
                          fix="Nothing was done. Every newsletter of the game shows its board.")
    companies = [c.lower() for c in (company, partner) if c]
    for line in assistant.answer(game, companies, start, goal, build):
        click.echo(line)
