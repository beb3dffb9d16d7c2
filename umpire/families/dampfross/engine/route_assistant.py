"""The route assistant: the fastest race route with its fee quote, and the cheapest line to build.

Players and the GM use it to check an order before sending it. The race route minimises the
movement points (1 per step, 2 to climb into a mountain, a ferry's points: fewest expected turns),
then the fees, uses at least one of the company's own segments and passes no hex twice. The
construction path minimises the points, then the fees, over the map; the company's own segments
on the way cost nothing.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import lru_cache

from ....kernel.ruleset import Ruleset
from .. import hexgrid
from ..gamemap import GameMap
from ..hexgrid import Hex, label
from ..orders import Route
from .building import Refusal, neighbour_cost, segment_fees
from .network import adjacency, movement_points, owned_ferries
from .routes import Plan, check_route
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


def fastest_route(state: State, game_map: GameMap, rules: Ruleset, companies: list[str], start: Hex,
                  goal: Hex) -> RaceQuote:
    """The race route with the fewest movement points, then the lowest fees, using own track
    (or an own ferry) and passing no hex twice."""
    track = _Track(state, game_map, rules, companies)
    if start not in track.out or goal not in track.out:
        raise NoRoute("no track reaches both hexes.")
    path = _layered(track, start, goal)
    if path is None:
        raise NoRoute("no route along existing track uses any of the company's own segments.")
    if len(set(path)) < len(path):
        path = _through_one_own_step(track, start, goal)
        if path is None:
            raise NoRoute("every route that uses the company's own segments passes some hex twice "
                          "(out along its own line and back); a train does not run back over its own path.")
    plan = check_route(state, game_map, companies, Route(path), [start], [goal], None,
                       rules.operations.fee_per_step)
    return RaceQuote(plan, track.cost(path)[0])


class _Track:
    """The track as a weighted graph for one train: for each hex, the steps out of it and into it,
    each with its (movement points, fee) and whether it is the train's own."""

    def __init__(self, state: State, game_map: GameMap, rules: Ruleset, companies: list[str]):
        own = set().union(*(state.edges.get(c, set()) for c in companies))
        fee = rules.operations.fee_per_step
        ferries = {}
        for f in owned_ferries(state, game_map):
            mine = state.ferry_owners[f.name] in companies
            ferries[(f.port, f.landing)] = ferries[(f.landing, f.port)] = (
                f.points, 0 if mine else game_map.ferry_rules.fee, mine)
        self.step: dict[tuple[Hex, Hex], tuple[int, int, bool]] = {}
        graph = adjacency(state, game_map)
        for a, ns in graph.items():
            for b in ns:
                if (a, b) in ferries and not game_map.grid.adjacent(a, b):
                    self.step[(a, b)] = ferries[(a, b)]
                else:
                    mine = hexgrid.edge(a, b) in own
                    self.step[(a, b)] = (movement_points(game_map, a, b), 0 if mine else fee, mine)
        self.out = {a: tuple((b, *self.step[(a, b)]) for b in sorted(ns)) for a, ns in graph.items()}
        self.into = {a: tuple((b, *self.step[(b, a)]) for b in sorted(ns)) for a, ns in graph.items()}

    def cost(self, path: list[Hex]) -> tuple[int, int]:
        points = fees = 0
        for a, b in zip(path, path[1:]):
            p, f, _ = self.step[(a, b)]
            points, fees = points + p, fees + f
        return points, fees


def _layered(track: _Track, start: Hex, goal: Hex) -> list[Hex] | None:
    """The cheapest walk from start to goal that takes at least one own step (it may pass a hex twice)."""
    best = {(start, False): (0, 0)}
    back: dict[tuple[Hex, bool], tuple[Hex, bool]] = {}
    heap = [(0, 0, start, False)]
    while heap:
        points, fees, h, used = heapq.heappop(heap)
        if best.get((h, used)) != (points, fees):
            continue
        if h == goal and used:
            break
        for n, p, f, mine in track.out[h]:
            node = (n, used or mine)
            cost = (points + p, fees + f)
            if node not in best or cost < best[node]:
                best[node] = cost
                back[node] = (h, used)
                heapq.heappush(heap, (*cost, n, node[1]))
    if (goal, True) not in best:
        return None
    node, path = (goal, True), [goal]
    while node != (start, False):
        node = back[node]
        path.append(node[0])
    path.reverse()
    return path


def _cheapest(track: _Track, source: Hex, goal: Hex | None, banned=frozenset(), reverse: bool = False):
    """Dijkstra over the track from source, not entering banned hexes. With a goal: the cheapest path
    or None; without: every hex's cost from the source (reverse: to it)."""
    best = {source: (0, 0)}
    back: dict[Hex, Hex] = {}
    heap = [(0, 0, source)]
    steps = track.into if reverse else track.out
    while heap:
        points, fees, h = heapq.heappop(heap)
        if best[h] != (points, fees):
            continue
        if h == goal:
            path = [h]
            while path[-1] in back:
                path.append(back[path[-1]])
            return path[::-1]
        for n, p, f, _ in steps[h]:
            if n in banned:
                continue
            cost = (points + p, fees + f)
            if n not in best or cost < best[n]:
                best[n] = cost
                back[n] = h
                heapq.heappush(heap, (*cost, n))
    return None if goal is not None else best


def _through_one_own_step(track: _Track, start: Hex, goal: Hex) -> list[Hex] | None:
    """The cheapest route found through one own step u-v whose two halves (start to u, v to goal) share
    no hex. Own steps are tried by a lower bound of the route through them, so the search stops as soon
    as no untried step can beat the best route found."""
    from_start = _cheapest(track, start, None)
    to_goal = _cheapest(track, goal, None, reverse=True)
    candidates = []
    for (a, b), (p, f, mine) in track.step.items():
        if mine and a in from_start and b in to_goal:
            candidates.append((_add(_add(from_start[a], to_goal[b]), (p, f)), a, b))
    best_cost, best_path = None, None
    for bound, u, v in sorted(candidates):
        if best_cost is not None and bound >= best_cost:
            break
        for first_leg_first in (True, False):
            path = _two_legs(track, start, u, v, goal, first_leg_first)
            if path is None or len(set(path)) < len(path):
                continue
            cost = track.cost(path)
            if best_cost is None or cost < best_cost:
                best_cost, best_path = cost, path
    return best_path


def _two_legs(track: _Track, start, u, v, goal, first_leg_first: bool) -> list[Hex] | None:
    """start..u then v..goal, the second leg kept off the first (or the other way round)."""
    if first_leg_first:
        one = _cheapest(track, start, u, banned={v, goal} - {u})
        two = None if one is None else _cheapest(track, v, goal, banned=set(one))
    else:
        two = _cheapest(track, v, goal, banned={u, start} - {v})
        one = None if two is None else _cheapest(track, start, u, banned=set(two))
    return None if one is None or two is None else one + two


def _add(x: tuple[int, int], y: tuple[int, int]) -> tuple[int, int]:
    return x[0] + y[0], x[1] + y[1]


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
                step = neighbour_cost(game_map, rules, h, n)
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
    state = _scratch(state, company, path)
    fees: dict[str, int] = {}
    for a, b in zip(path, path[1:]):
        for f in segment_fees(state, game_map, rules, company, a, b):
            fees[f.rival] = fees.get(f.rival, 0) + f.amount
        state.apply(dict(type="segment", company=company, a=label(a), b=label(b)))
    return fees


def _scratch(state: State, company: str, path: list[Hex]) -> State:
    """A copy of the state that the company's segments along the path may be added to (only the
    entries the path touches are copied)."""
    new = State.__new__(State)
    new.__dict__.update(state.__dict__)
    new.owners, new.tracks, new.edges = dict(state.owners), dict(state.tracks), dict(state.edges)
    new.edges[company] = set(state.edges.get(company, ()))
    for a, b in zip(path, path[1:]):
        e = hexgrid.edge(a, b)
        new.owners[e] = list(state.owners.get(e, ()))
    for h in path:
        new.tracks[h] = set(state.tracks.get(h, ()))
    return new


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
