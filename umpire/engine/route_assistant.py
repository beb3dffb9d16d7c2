"""The route assistant: the fastest race route with its fee quote, and the cheapest line to build.

Players and the GM use it to check an order before sending it. The race route minimises the
movement points (1 per step, 2 to climb into a mountain: fewest expected turns), then the fees,
and uses at least one of the company's own segments. The construction path minimises the
points, then the fees, over the map; the company's own segments on the way cost nothing.
"""

from __future__ import annotations

import heapq
from functools import lru_cache
from dataclasses import dataclass

from .. import hexgrid
from ..gamemap import GameMap
from ..hexgrid import Hex, label
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
    except RouteError as exc:           # the fastest way to use own track runs back over itself
        raise NoRoute(str(exc)) from None
    return RaceQuote(plan, best[(goal, True)][0])


def cheapest_build(state: State, game_map: GameMap, rules: Ruleset, company: str, start: Hex,
                   goal: Hex) -> BuildQuote:
    """The line to build from start (or the own network joined to it) to goal: fewest points, then fees.

    The company's own segments joined to start cost nothing, so every hex they reach is a place the
    new line may leave from; the quote's hexes begin there, ready for a BUILD order.
    """
    grid = game_map.grid
    plain = max(rules.construction.costs.plain, 1)
    sources = _own_component(state, company, start)
    best = {h: (0, 0) for h in sources}
    back: dict[Hex, Hex] = {}
    heap = [(grid.distance(h, goal) * plain, 0, 0, h) for h in sorted(sources)]
    heapq.heapify(heap)
    done: set[Hex] = set()              # the heuristic is consistent: a hex taken off the heap is final
    while heap:
        _, points, fees, h = heapq.heappop(heap)
        if h in done:
            continue
        done.add(h)
        if h == goal:
            break
        for n in _neighbours(grid, h):
            if n in sources or n in done:
                continue
            try:
                step = segment_cost(game_map, rules, h, n)
            except Refusal:
                continue
            cost = (points + step, fees + _fees(state, game_map, rules, company, h, n))
            if n not in best or cost < best[n]:
                best[n] = cost
                back[n] = h
                heapq.heappush(heap, (cost[0] + grid.distance(n, goal) * plain, *cost, n))
    if goal not in best:
        raise NoRoute("no buildable line joins the two hexes.")
    path = [goal]
    while path[-1] in back:
        path.append(back[path[-1]])
    path.reverse()
    return BuildQuote(path, best[goal][0], _fees_in_order(state, game_map, rules, company, path))


def _fees_in_order(state: State, game_map: GameMap, rules: Ruleset, company: str, path: list[Hex]) -> dict:
    """The fees of building the path segment by segment (a hex's connection fee is paid once)."""
    state = state.copy()
    fees: dict[str, int] = {}
    for a, b in zip(path, path[1:]):
        for f in segment_fees(state, game_map, rules, company, a, b):
            fees[f.rival] = fees.get(f.rival, 0) + f.amount
        state.apply(dict(type="segment", company=company, a=label(a), b=label(b)))
    return fees


def _own_component(state: State, company: str, start: Hex) -> set[Hex]:
    """Start and every hex the company's own segments join to it."""
    links: dict[Hex, list[Hex]] = {}
    for a, b in state.edges.get(company, ()):
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    seen, todo = {start}, [start]
    while todo:
        for n in links.get(todo.pop(), ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def _fees(state: State, game_map: GameMap, rules: Ruleset, company: str, a: Hex, b: Hex) -> int:
    if not (state.tracks.get(a, set()) - {company} or state.tracks.get(b, set()) - {company}):
        return 0
    return sum(f.amount for f in segment_fees(state, game_map, rules, company, a, b))


@lru_cache(maxsize=65536)
def _neighbours(grid, h: Hex) -> tuple[Hex, ...]:
    return tuple(grid.neighbours(h))
