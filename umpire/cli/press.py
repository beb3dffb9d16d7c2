"""`umpire press`: the press waiting for the next newsletter, and the GM holding an item back."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import UmpireError
from ..game import Game
from ..kernel.order_header import OrderLineError, read_round, turn_words
from ..store.folder import GameFolder
from ..usecases.press import split_press
from . import main
from .locking import locking


@main.command("press")
@click.argument("game_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--hold", "hold", metavar="COMPANY", help="Keep this company's press out of the next newsletter.")
@click.option("--release", "release", metavar="COMPANY", help="Print this company's press after all.")
@click.option("--round", "round_number", metavar="N", help="The round, or the mail turn of a game whose rounds "
              "have turns, e.g. 3B (default: the open one).")
@locking("game_dir")
def press_command(game_dir, hold, release, round_number):
    """List the press in the orders of the open round, or hold a company's press back.

    Examples: `umpire press games/ireland-1` lists it; `umpire press games/ireland-1 --hold red`
    keeps red's press out of the next newsletter (journaled); `--release red` prints it after all.
    Hold or release before `umpire resolve`, which writes the newsletter.
    """
    folder = GameFolder(game_dir)
    game = Game.of(folder)
    folder.require()
    state = game.state()
    number = _turn(round_number) if round_number is not None else game.family.open_turn(state)
    if hold and release:
        raise click.UsageError("--hold and --release exclude each other.")
    company = hold or release
    held = {e["company"]: e["held"] for e in folder.events if e["type"] == "press_held" and e["round"] == number}
    if company:
        if company not in folder.company_ids():
            raise UmpireError(f"there is no company {company!r}; the companies are {', '.join(folder.company_ids())}.")
        press = f"{company}'s press of {turn_words(number)}"
        if held.get(company, False) == bool(hold):
            click.echo(f"{press} is {'held back already' if hold else 'not held back'}; nothing done.")
            return
        folder.append([{"type": "press_held", "round": number, "company": company, "held": bool(hold)}])
        click.echo(f"{press} is {'held back' if hold else 'to be printed'}.")
        return
    found = False
    for cid, file in folder.latest_orders(number).items():
        for item in split_press(folder.order_text(folder.read_bytes(file)))[1]:
            found = True
            mark = " (held back)" if held.get(cid) else ""
            click.echo(f"{cid}{' grey' if item.grey else ''}{mark}:")
            for line in item.text.splitlines():
                click.echo(f"  {line}")
    if not found:
        click.echo(f"No press in the orders of {turn_words(number)}.")


def _turn(text: str) -> int | str:
    """--round as the journal keys it: a round number, or a turn name such as 3B."""
    try:
        return read_round(text.strip(), turns=True)
    except OrderLineError as exc:
        raise click.BadParameter(str(exc), param_hint="--round") from None
