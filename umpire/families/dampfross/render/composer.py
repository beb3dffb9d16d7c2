"""The order composer's data for a web page: what the script beside the map needs to add up a
BUILD chain as `umpire submit` counts it, made by the engine once per page.

Each hex of the grid has one terrain letter (`b` buildable, `w` water, `o` off the map) and six
side codes, one per neighbour in the grid's axial directions: the points to build that side
(`0`-`9`, `a`-`z` for 10-35), `B` an impassable edge, `F` a border the line may not cross from
this hex, `W` water or off the map on either side, `-` no neighbour. A side's cost is the
engine's own `neighbour_cost`. Per company: its name, the hexes its chains may start from, the
segments it owns (its public track). No dice, no budget, no other company's orders. A map with
printed labels adds `labels` (grid label to printed label), in which the page shows hexes and
writes the BUILD line; everything else names hexes by the grid's labels.
"""

from __future__ import annotations

from ....kernel.language import N_
from ..engine.building import Refusal, neighbour_cost
from ..engine.state import State
from ..gamemap import GameMap
from ..hexgrid import edge, label
from .png import whole_map_sheet
from .sheets import Frame

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
AXIAL = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))   # hexgrid's neighbour order

REASONS = {                      # the umpire's words for what it refuses; {a}, {b}: the step's hexes
    "water": N_("{h} is water; no line can be built there."),
    "off": N_("{h} is off the map; no line can be built there."),
    "barrier": "the edge {a}/{b} cannot be crossed (the map marks it impassable); go round it.",   # journal_words
    "border": N_("{a} is beyond the border: a line ends in the first hex across it or at a junction station, "
                 "and goes on abroad only along a permitted route."),
    "apart": N_("{a} and {b} are not adjacent."),
    "network": N_("{a} is not on this company's network (nor reached by an earlier chain or a JUMP of this order)."),
    "owned": N_("this company already owns it"),
}                                # translated where the page is written (umpire/site/composer.py)


def composer_data(game_map: GameMap, rules, state: State) -> dict:
    """The page's composer data (JSON-ready): the grid, its geometry in the web map's units, the
    side codes, the home terminals and each company's network and track."""
    grid = game_map.grid
    return {"layout": grid.layout, "cols": grid.width, "rows": grid.height,
            "geometry": geometry(game_map), "terrain": terrain(game_map), "sides": sides(game_map, rules),
            "homes": sorted(label(c.hex) for c in game_map.home_terminals),
            "companies": companies(state), "reasons": REASONS,
            **({"labels": {label(h): text for h, text in sorted(game_map.labels.items())}} if game_map.labels else {})}


def geometry(game_map: GameMap) -> list[float]:
    """[x0, y0, col dx, col dy, row dx, row dy, odd dx, odd dy, radius]: a hex's centre in the web
    map's user units (y down) is the origin plus col and row steps, plus the shift of an odd column
    (q layouts) or odd row (r layouts)."""
    sheet = whole_map_sheet(game_map)
    frame = Frame(game_map.grid, sheet.window, sheet.pagesize)
    height = sheet.pagesize[1]

    def at(col, row):
        x, y = frame.centre((col, row))
        return x, height - y
    x0, y0 = at(0, 0)
    cx, cy = ((a - b) / 2 for a, b in zip(at(2, 0), (x0, y0)))
    rx, ry = ((a - b) / 2 for a, b in zip(at(0, 2), (x0, y0)))
    if game_map.grid.layout.endswith("q"):
        ox, oy = (a - b - d for a, b, d in zip(at(1, 0), (x0, y0), (cx, cy)))
    else:
        ox, oy = (a - b - d for a, b, d in zip(at(0, 1), (x0, y0), (rx, ry)))
    return [round(v, 3) for v in (x0, y0, cx, cy, rx, ry, ox, oy, frame.size * 0.85)]


def terrain(game_map: GameMap) -> str:
    grid = game_map.grid
    return "".join("b" if game_map.buildable((c, r)) else "w" if game_map.char((c, r)) == "~" else "o"
                   for r in range(grid.height) for c in range(grid.width))


def sides(game_map: GameMap, rules) -> str:
    """Six codes per hex, row by row (see the module's docstring)."""
    grid = game_map.grid
    out = []
    for r in range(grid.height):
        for c in range(grid.width):
            q, s = grid.to_axial((c, r))
            for dq, ds in AXIAL:
                n = grid.from_axial(q + dq, s + ds)
                out.append(side((c, r), n, game_map, rules) if grid.contains(n) else "-")
    return "".join(out)


def side(a, b, game_map: GameMap, rules) -> str:
    if not (game_map.buildable(a) and game_map.buildable(b)):
        return "W"
    try:
        cost = neighbour_cost(game_map, rules, a, b)
    except Refusal:
        return "B" if edge(a, b) in game_map.barriers else "F"
    if cost >= len(DIGITS):
        raise ValueError(f"{label(a)}-{label(b)} costs {cost} points; the composer's codes end at 35.")
    return DIGITS[cost]


def companies(state: State) -> list[dict]:
    """Each company's name, the hexes a chain of it may start from, and the segments it owns."""
    out = []
    for company in state.seat_order():
        starts = {h for h, who in state.tracks.items() if company in who}
        starts |= {h for c, h in state.landings if c == company}
        if company in state.homes:
            starts.add(state.homes[company])
        owned = sorted(f"{label(a)}-{label(b)}" for (a, b), who in state.owners.items() if company in who)
        out.append({"id": company, "name": state.companies[company].name or company,
                    "home": company in state.homes, "starts": sorted(label(h) for h in starts), "owned": owned})
    return out
