"""Press: what a player writes for the other players, printed in the next newsletter under his
company's name (or as anonymous grey press where the game allows it), as postal games did.

An order carries press in a section that starts with a line `PRESS` (`PRESS GREY` for grey press)
and runs to a line `ENDPRESS` or to the end of the order; quoted lines and the signature end or
skip it as they do for orders. The order's parsers never see press lines.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..kernel.options import game_option
from ..kernel.order_header import PRESS_LIMIT, Press, split_press

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["PRESS_LIMIT", "Press", "split_press", "press_of"]


def press_of(game: Game, turn: int | str | None, seats: list[str], names: dict) -> list[dict]:
    """The press of the orders in force for the resolved turn (a round, or a family's turn such as
    `3B`), less what the GM held back: under each player's name in seat order, then the grey press
    (where the game allows it) sorted by its text, so that its place never tells who wrote it.
    Order codes are masked. Each item: {by: name or None for grey press, text, cut}."""
    if turn is None:
        return []
    held: dict[str, bool] = {}
    for e in game.events:
        if e["type"] == "press_held" and e["round"] == turn:
            held[e["company"]] = e["held"]
    grey_allowed = bool(game_option(game.options, "grey_press"))
    named, grey = [], []
    orders = game.latest_orders(turn)
    for company in seats:
        if company not in orders or held.get(company):
            continue
        with game.order_words():
            items = split_press(game.order_text(game.read_bytes(orders[company])))[1]
        for item in items:
            entry = {"by": names[company], "text": item.text, "cut": item.cut}
            if item.grey and grey_allowed:
                grey.append({**entry, "by": None})
            else:
                named.append(entry)
    return named + sorted(grey, key=lambda p: p["text"])
