"""The route assistant: the fastest race route with its fee quote, and the cheapest line to build.

Players and the GM use it to check an order before sending it. The race route minimises the
movement points (1 per step, 2 to climb into a mountain: fewest expected turns), then the fees,
and uses at least one of the company's own segments. The construction path minimises the
points, then the fees, over the map; the company's own segments on the way cost nothing.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from .. import hexgrid
from ..gamemap import GameMap
from ..hexgrid import Hex
from ..orders import Route
from ..ruleset import Ruleset
from .building import Refusal, segment_cost, segment_fees
from .network import adjacency
from .routes import Plan, RouteError, check_route
from .state import State

AVERAGE_DIE = 3.5


class NoRoute(Exception):
    """No route or line joins the two hexes; the message says why."""


@dataclass
class RaceQuote:
    plan: Plan
    points: int

    @property
    def turns(self) -> float:
        return self.points / AVERAGE_DIE


@dataclass
class BuildQuote:
    hexes: list[Hex]
    points: int
    fees: dict[str, int]


def movement_points(game_map: GameMap, a: Hex, b: Hex) -> int:
    return 2 if game_map.mountain(b) and not game_map.mountain(a) else 1


def fastest_route(state: State, game_map: GameMap, rules: Ruleset, companies: list[str], start: Hex,
                  goal: Hex) -> RaceQuote:
    """The race route with the fewest movement points, then the lowest fees, using own track."""
    graph = adjacency(state, game_map)
    fee = rules.operations.fee_per_step
    if start not in graph or goal not in graph:
        raise NoRoute("no track reaches both hexes.")
    own = set().union(*(state.edges.get(c, set()) for c in companies))
    # node: (hex, uses own track yet); cost: (points, fees)
    best = {(start, False): (0, 0)}
    back: dict[tuple[Hex, bool], tuple[Hex, bool]] = {}
    heap = [(0, 0, start, False)]
    while heap:
        points, fees, h, used = heapq.heappop(heap)
        if best.get((h, used)) != (points, fees):
            continue
        if h == goal and used:
            break
        for n in sorted(graph[h]):
            edge = hexgrid.edge(h, n)
            mine = edge in own
            node = (n, used or mine)
            cost = (points + movement_points(game_map, h, n), fees + (0 if mine else fee))
            if node not in best or cost < best[node]:
                best[node] = cost
                back[node] = (h, used)
                heapq.heappush(heap, (*cost, n, node[1]))
    if (goal, True) not in best:
        raise NoRoute("no route along existing track uses any of the company's own segments.")
    node, path = (goal, True), [goal]
    while node != (start, False):
        node = back[node]
        path.append(node[0])
    path.reverse()
    try:
        plan = check_route(state, game_map, companies, Route(path), [start], [goal], None, fee)
    except RouteError as exc:           # cannot happen for a path found along track; kept for clarity
        raise NoRoute(str(exc)) from None
    return RaceQuote(plan, best[(goal, True)][0])


def cheapest_build(state: State, game_map: GameMap, rules: Ruleset, company: str, start: Hex,
                   goal: Hex) -> BuildQuote:
    """The line from start to goal with the fewest points to build, then the lowest fees."""
    grid = game_map.grid
    plain = rules.construction.costs.plain
    own = state.edges.get(company, set())

    def estimate(h: Hex) -> int:
        return 0 if own else grid.distance(h, goal) * plain

    best = {start: (0, 0)}
    back: dict[Hex, Hex] = {}
    heap = [(estimate(start), 0, 0, start)]
    while heap:
        _, points, fees, h = heapq.heappop(heap)
        if best.get(h) != (points, fees):
            continue
        if h == goal:
            break
        for n in grid.neighbours(h):
            if hexgrid.edge(h, n) in own:
                step = (0, 0)
            else:
                try:
                    step = (segment_cost(game_map, rules, h, n),
                            sum(f.amount for f in segment_fees(state, game_map, rules, company, h, n)))
                except Refusal:
                    continue
            cost = (points + step[0], fees + step[1])
            if n not in best or cost < best[n]:
                best[n] = cost
                back[n] = h
                heapq.heappush(heap, (cost[0] + estimate(n), *cost, n))
    if goal not in best:
        raise NoRoute("no buildable line joins the two hexes.")
    path = [goal]
    while path[-1] != start:
        path.append(back[path[-1]])
    path.reverse()
    fees: dict[str, int] = {}
    for a, b in zip(path, path[1:]):
        if hexgrid.edge(a, b) not in own:
            for f in segment_fees(state, game_map, rules, company, a, b):
                fees[f.rival] = fees.get(f.rival, 0) + f.amount
    return BuildQuote(path, best[goal][0], fees)
