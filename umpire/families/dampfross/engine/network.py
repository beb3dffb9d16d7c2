"""The rail network as a graph: who owns each step, and the shortest existing line.

A step is a move between two adjacent hexes along an existing segment (any company's), along
a permitted foreign route whose unbuilt parts count as a foreign company's line, or across a
ferry a company has bought (optional rule), from its port to its landing or back.
"""

from __future__ import annotations

import heapq
from collections import deque

from ....kernel.ledger import BANK
from .. import hexgrid
from ..gamemap import Ferry, GameMap
from ..hexgrid import Edge, Hex
from .state import State


def ferry_between(game_map: GameMap, a: Hex, b: Hex) -> Ferry | None:
    """The ferry whose two ends are a and b (either way round), if any."""
    for f in game_map.ferries:
        if (f.port, f.landing) in ((a, b), (b, a)):
            return f
    return None


def crossing(game_map: GameMap, a: Hex, b: Hex) -> Ferry | None:
    """The ferry a step a-b crosses: two hexes that are not neighbours, joined by a ferry."""
    if not game_map.ferries or game_map.grid.adjacent(a, b):
        return None
    return ferry_between(game_map, a, b)


def owned_ferries(state: State, game_map: GameMap) -> list[Ferry]:
    return [f for f in game_map.ferries if f.name in state.ferry_owners]


def step_owners(state: State, game_map: GameMap, a: Hex, b: Hex) -> list[str]:
    """Who may be paid for the step a-b: the owners of the segment, else the bank on a permitted
    route, else the owner of a bought ferry between the two."""
    edge = hexgrid.edge(a, b)
    owners = state.owners.get(edge)
    if owners:
        return list(owners)
    if edge in game_map.permitted_edges:
        return [BANK]
    ferry = crossing(game_map, a, b)
    if ferry is not None and ferry.name in state.ferry_owners:
        return [state.ferry_owners[ferry.name]]
    return []


def movement_points(game_map: GameMap, a: Hex, b: Hex) -> int:
    """What a train spends on the step a-b: 1, 2 to climb into a mountain, a ferry's points."""
    ferry = crossing(game_map, a, b)
    if ferry is not None:
        return ferry.points
    return 2 if game_map.mountain(b) and not game_map.mountain(a) else 1


def adjacency(state: State, game_map: GameMap) -> dict[Hex, set[Hex]]:
    """Every hex with track, and the hexes one step away along existing lines and bought ferries."""
    graph: dict[Hex, set[Hex]] = {}
    edges: set[Edge] = set(state.owners) | game_map.permitted_edges
    edges |= {hexgrid.edge(f.port, f.landing) for f in owned_ferries(state, game_map)}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set()).add(a)
    return graph


def ferry_lengths(state: State, game_map: GameMap) -> dict[tuple[Hex, Hex], int]:
    """The length of each bought ferry, both ways: a crossing counts as its length in the shortest line."""
    lengths = {}
    for f in owned_ferries(state, game_map):
        lengths[(f.port, f.landing)] = lengths[(f.landing, f.port)] = f.length
    return lengths


def on_any_network(state: State, h: Hex, game_map: GameMap | None = None) -> bool:
    """Track in h, a home terminal, or (with the map) an end of a bought ferry."""
    if state.tracks.get(h) or h in state.homes.values():
        return True
    return game_map is not None and any(h in (f.port, f.landing) for f in owned_ferries(state, game_map))


def shortest_line(graph: dict[Hex, set[Hex]], sources, targets,
                  lengths: dict[tuple[Hex, Hex], int] | None = None) -> int | None:
    """The fewest steps along existing lines from any source to any target (a ferry counts as its
    length); None if not linked."""
    targets = set(targets)
    if lengths:
        return _weighted(graph, sources, targets, lengths)
    seen = set(sources)
    frontier = deque((h, 0) for h in sorted(seen))
    while frontier:
        h, d = frontier.popleft()
        if h in targets:
            return d
        for n in graph.get(h, ()):
            if n not in seen:
                seen.add(n)
                frontier.append((n, d + 1))
    return None


def _weighted(graph, sources, targets, lengths) -> int | None:
    best = {h: 0 for h in sources}
    heap = [(0, h) for h in sorted(best)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > best[h]:
            continue
        if h in targets:
            return d
        for n in graph.get(h, ()):
            nd = d + lengths.get((h, n), 1)
            if nd < best.get(n, nd + 1):
                best[n] = nd
                heapq.heappush(heap, (nd, n))
    return None
