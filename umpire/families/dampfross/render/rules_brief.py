"""What a player needs to write orders, from the game's own ruleset and map: the costs of building,
the fees and bonuses, and how hexes neighbour each other on this map's column or row layout."""

from __future__ import annotations

import copy

from ....kernel.language import N_, _
from ....render.counts import counted as plural
from ..gamemap import GameMap
from ..hexgrid import Hex, label

# Axial steps (dq, dr) by where the neighbour lies on the page, for column (flat-topped) and row
# (pointy-topped) layouts, as hexgrid's axial coordinates place them.
_PLACES = {
    "q": {(0, -1): "above", (1, -1): "upper right", (1, 0): "lower right",
          (0, 1): "below", (-1, 1): "lower left", (-1, 0): "upper left"},
    "r": {(0, -1): "upper left", (1, -1): "upper right", (1, 0): "right",
          (0, 1): "lower right", (-1, 1): "lower left", (-1, 0): "left"},
}


def costs(rules) -> list[tuple[str, str]]:
    """The edition's costs, fees and bonuses as (what, how much) rows, in the ruleset's numbers."""
    c, ops = rules.construction, rules.operations
    point = lambda n: plural(n, "point")          # noqa: E731
    unit = lambda n: plural(n, "unit")            # noqa: E731
    rows = [(_("Plain to plain or city"), point(c.costs.plain)),
            (_("Into or out of a mountain"), point(c.costs.mountain_edge)),
            (_("Mountain to mountain"), point(c.costs.mountain_mountain)),
            (_("Across a river"), _("{points} more").format(points=point(c.costs.river))),
            (_("Across a broad river"), _("{points} more").format(points=point(c.costs.broad_river))),
            (_("City bonus, first to connect"), _("{units}, never at a chosen home").format(units=unit(c.city_bonus))),
            (_("Fee, building into a rival's hex"),
             _("{units} to each rival there").format(units=unit(c.fees.connection))),
            (_("Fee, parallel to a rival, per half hex"), unit(c.fees.parallel_half_hex))]
    cap = _(" (at most {cap} to one rival)").format(cap=ops.fee_cap) if ops.fee_cap is not None else ""
    rows.append((_("Fee, running on a rival's track, per hex"), f"{unit(ops.fee_per_step)}{cap}"))
    rows.append((_("Race bonuses by place"),
                 _("{amounts} units").format(amounts=" / ".join(str(b) for b in ops.race_bonuses))))
    rows.append((_("Building after transports"), _allowance(ops.additional_construction)))
    return rows


_ORDINALS = {2: "2nd", 3: "3rd"}


def _allowance(extra) -> str:
    nth = _ORDINALS.get(extra.every, f"{extra.every}th")
    when = (_("after each transport") if extra.every == 1
            else _("every {nth} transport").format(nth=nth, every=extra.every))
    if extra.allowance == "fixed":
        spent = plural(extra.amount, "unit")
    elif extra.allowance == "income":
        spent = _("up to its income")
    else:
        spent = _("{amount}% of the balance").format(amount=extra.amount)
    fees = _("fees included") if extra.fees_in_allowance else _("fees on top")
    return _("{spent} {when}; {fees}").format(spent=spent, when=when, fees=fees)


def neighbour_examples(game_map: GameMap) -> list[dict]:
    """Two hexes of this map side by side (one of each column or row parity) with their six neighbours.

    Each is {"hex": label, "around": {place: label}}; the hexes are the land hexes nearest the middle
    of the map whose six neighbours all lie on the grid. Found once per process and map."""
    key = game_map.fingerprint
    if key not in _EXAMPLES:
        if len(_EXAMPLES) > 8:
            _EXAMPLES.clear()
        _EXAMPLES[key] = _neighbour_examples(game_map)
    return copy.deepcopy(_EXAMPLES[key])


_EXAMPLES: dict[str, list[dict]] = {}


def _neighbour_examples(game_map: GameMap) -> list[dict]:
    grid = game_map.grid
    kind = grid.layout[-1]
    middle = (grid.width / 2, grid.height / 2)
    whole = [h for h in game_map.all_hexes
             if game_map.buildable(h) and len(grid.neighbours(h)) == 6 and _next(grid, h) is not None]
    if not whole:
        return []
    first = min(whole, key=lambda h: ((h[0] - middle[0]) ** 2 + (h[1] - middle[1]) ** 2, h))
    return [_flower(grid, first, kind), _flower(grid, _next(grid, first), kind)]


def _next(grid, h: Hex) -> Hex | None:
    """The hex beside h in the next column (column layouts) or the next row (row layouts), if whole."""
    n = (h[0] + 1, h[1]) if grid.layout.endswith("q") else (h[0], h[1] + 1)
    return n if grid.contains(n) and len(grid.neighbours(n)) == 6 else None


def _flower(grid, h: Hex, kind: str) -> dict:
    q, r = grid.to_axial(h)
    return {"hex": label(h),
            "around": {place: label(grid.from_axial(q + dq, r + dr)) for (dq, dr), place in _PLACES[kind].items()}}


def text_flower(example: dict, layout: str) -> list[str]:
    """A hex and its neighbours as lines of text, each label where it lies on the map."""
    a = example["around"]
    cell = lambda s: f"{s:^5}"                            # noqa: E731
    if layout.endswith("q"):
        lines = [" " * 6 + cell(a["above"]),
                 cell(a["upper left"]) + " " * 7 + cell(a["upper right"]),
                 " " * 6 + cell(example["hex"]),
                 cell(a["lower left"]) + " " * 7 + cell(a["lower right"]),
                 " " * 6 + cell(a["below"])]
    else:
        lines = ["   " + cell(a["upper left"]) + " " + cell(a["upper right"]),
                 cell(a["left"]) + " " + cell(example["hex"]) + " " + cell(a["right"]),
                 "   " + cell(a["lower left"]) + " " + cell(a["lower right"])]
    return [line.rstrip() for line in lines]


_SHOVED = {"odd-q": N_("the columns B, D, F and so on stand half a hex lower than A, C, E"),
           "even-q": N_("the columns A, C, E and so on stand half a hex lower than B, D, F"),
           "odd-r": N_("the rows 2, 4, 6 and so on stand half a hex further right than 1, 3, 5"),
           "even-r": N_("the rows 1, 3, 5 and so on stand half a hex further right than 2, 4, 6")}


def facts(rules, game_map: GameMap) -> dict:
    """The newsletter's facts for the rules in brief."""
    examples = neighbour_examples(game_map)
    return {"costs": costs(rules), "layout": game_map.grid.layout, "shoved": _(_SHOVED[game_map.grid.layout]),
            "neighbours": examples,
            "flowers": [text_flower(e, game_map.grid.layout) for e in examples]}
