"""The rail network as a graph: who owns each step, and the shortest existing line.

A step is a move between two adjacent hexes along an existing segment (any company's)
or along a permitted foreign route whose unbuilt parts count as a foreign company's line.
"""

from __future__ import annotations

from collections import deque

from .. import hexgrid
from ..gamemap import GameMap
from ..hexgrid import Edge, Hex
from .ledger import BANK
from .state import State


def step_owners(state: State, game_map: GameMap, a: Hex, b: Hex) -> list[str]:
    """Who may be paid for the step a-b: the owners of the segment, else the bank on a permitted route."""
    edge = hexgrid.edge(a, b)
    owners = state.owners.get(edge)
    if owners:
        return list(owners)
    if edge in game_map.permitted_edges:
        return [BANK]
    return []


def adjacency(state: State, game_map: GameMap) -> dict[Hex, set[Hex]]:
    """Every hex with track, and the hexes one step away along existing lines."""
    graph: dict[Hex, set[Hex]] = {}
    edges: set[Edge] = set(state.owners) | game_map.permitted_edges
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set()).add(a)
    return graph


def on_any_network(state: State, h: Hex) -> bool:
    return bool(state.tracks.get(h)) or h in state.homes.values()


def shortest_line(graph: dict[Hex, set[Hex]], sources, targets) -> int | None:
    """The fewest steps along existing lines from any source to any target; None if not linked."""
    targets = set(targets)
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
