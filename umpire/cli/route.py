"""The route assistant command: the fastest race route, or the cheapest line to build."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import UmpireError
from . import main


def _place(reader, text: str, option: str):
    from ..families.dampfross.orders import OrderLineError
    try:
        return reader.place(text)
    except OrderLineError as exc:
        raise UmpireError(f"{option} {text!r}: {exc}", fix="Give a hex label (K12) or a town name.") from None


def _fees(fees: dict[str, int]) -> str:
    """`fees 2 to blue, 1 to the bank`, or `no fees`."""
    from ..families.dampfross.engine.routes import describe_fees
    return f"fees {describe_fees(fees)}" if fees else "no fees"


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
    from ..store.folder import GameFolder
    folder = GameFolder(game_dir).require()
    if not folder.family.route_assistant:
        raise UmpireError(f"`umpire route` is for Dampfross games, and game {folder.game_id} is a "
                          f"{folder.family.name.capitalize()} game, which has no route assistant.",
                          fix="Nothing was done. Every newsletter of the game shows its board.")
    from ..families.dampfross.engine.route_assistant import NoRoute, cheapest_build, fastest_route
    from ..families.dampfross.hexgrid import label
    from ..families.dampfross.orders import PlaceReader
    state, game_map, rules = folder.state(), folder.game_map, folder.rules
    companies = [c.lower() for c in (company, partner) if c]
    for c in companies:
        if c not in state.companies:
            raise UmpireError(f"there is no company {c!r} in game {folder.game_id}.",
                              fix=f"The companies are {', '.join(state.seat_order())}.")
    reader = PlaceReader(game_map)
    a, b = _place(reader, start, "--from"), _place(reader, goal, "--to")
    try:
        if build:
            line = cheapest_build(state, game_map, rules, companies[0], a, b)
            click.echo(f"Cheapest line for {companies[0]} from {game_map.describe(a)} to {game_map.describe(b)}:")
            click.echo("  BUILD " + "-".join(label(h) for h in line.hexes))
            click.echo(f"  {line.points} points to build (units in the operating phase); {_fees(line.fees)}")
            return
        found = fastest_route(state, game_map, rules, companies, a, b)
    except NoRoute as exc:
        raise UmpireError(f"from {game_map.describe(a)} to {game_map.describe(b)}: {exc}",
                          fix="Check the hexes, or use --build to see what line would join them.") from None
    plan = found.plan
    click.echo(f"Fastest route for {'+'.join(companies)} from {game_map.describe(a)} to {game_map.describe(b)}:")
    click.echo("  RUN " + "-".join(label(h) for h in plan.hexes))
    click.echo(f"  {plan.steps} steps, {found.points} movement points (about {found.turns:.1f} turns); "
               f"{_fees(plan.fees)}")
    cap = rules.operations.fee_cap
    over = [p for p, f in plan.fees.items() if p in state.companies and cap is not None and f > cap]
    if over:
        click.echo(f"  note: more than {cap} units to {', '.join(over)}; allowed only if netted by their fees to you.")
