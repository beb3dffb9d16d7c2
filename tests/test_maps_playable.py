"""Every bundled map is complete enough to play a whole game on.

For each maps/*.yaml: it loads; it carries all 36 stations; every city, every station's
city, every special destination and every ferry port can be reached by building from a
home terminal; and a seeded game played by simple automatic companies runs through the
construction phase and the operating phase to its winner.
"""

from __future__ import annotations

import heapq
from pathlib import Path

import pytest
from helpers import hex_map

from umpire.families.dampfross.engine.building import Refusal, segment_cost
from umpire.families.dampfross.engine.construction import resolve_construction_round, start_game
from umpire.families.dampfross.engine.operations import resolve_operations_round
from umpire.families.dampfross.engine.route_assistant import NoRoute, fastest_route
from umpire.families.dampfross.gamemap import STATIONS, GameMap, load_map
from umpire.families.dampfross.hexgrid import Hex, label, parse_label
from umpire.families.dampfross.orders import Chain, Order, RaceEntry, Route
from umpire.families.dampfross.ruleset import load_rules
from umpire.kernel.dice import SeededDice
from umpire.kernel.ruleset import Ruleset

MAPS = sorted(p for p in (Path(__file__).parent.parent / "maps").glob("*.yaml") if hex_map(p))
ROUND_LIMIT = 400


@pytest.fixture(scope="module", params=MAPS, ids=[p.stem for p in MAPS])
def game_map(request) -> GameMap:
    return load_map(request.param)


def rules_for(game_map: GameMap) -> Ruleset:
    return load_rules(game_map.edition or "laurin")


def build_costs(game_map: GameMap, rules: Ruleset) -> dict[Hex, dict[Hex, int]]:
    """Every segment that may be built from each hex, with its cost in points."""
    costs: dict[Hex, dict[Hex, int]] = {}
    for a in game_map.all_hexes:
        for b in game_map.grid.neighbours(a):
            try:
                costs.setdefault(a, {})[b] = segment_cost(game_map, rules, a, b)
            except Refusal:
                pass
    return costs


def reachable(game_map: GameMap, rules: Ruleset) -> set[Hex]:
    """Hexes a line can reach by building from any home terminal, ferries included."""
    costs = build_costs(game_map, rules)
    seen = {c.hex for c in game_map.home_terminals}
    queue = list(seen)
    for h in queue:
        onward = list(costs.get(h, {})) + [f.landing for f in game_map.ferries if f.port == h]
        for n in onward:
            if n not in seen:
                seen.add(n)
                queue.append(n)
    return seen


def test_all_36_stations_are_on_the_map(game_map):
    missing = [n for n in STATIONS if n not in game_map.stations]
    assert missing == [], f"{game_map.name}: stations {missing} are missing"


def test_every_city_can_be_reached_from_a_home_terminal(game_map):
    reach = reachable(game_map, rules_for(game_map))
    cut_off = [f"{c.name} ({label(c.hex)})" for c in game_map.cities if c.hex not in reach]
    assert cut_off == []


def test_every_station_has_a_buildable_city(game_map):
    reach = reachable(game_map, rules_for(game_map))
    for number, cities in game_map.stations.items():
        assert any(game_map.buildable(c.hex) and c.hex in reach for c in cities), f"station {number}"


def test_every_special_destination_can_be_reached(game_map):
    reach = reachable(game_map, rules_for(game_map))
    for key, special in game_map.specials.items():
        assert special.hexes & reach, f"special {key} ({special.name})"


def test_every_ferry_port_can_be_reached(game_map):
    reach = reachable(game_map, rules_for(game_map))
    for ferry in game_map.ferries:
        assert ferry.port in reach, f"the port of {ferry.name}"


def test_every_junction_can_be_reached(game_map):
    reach = reachable(game_map, rules_for(game_map))
    assert [j.name for j in game_map.junctions if j.hex not in reach] == []


# -- a construction phase played by automatic companies --------------------------------
class Builder:
    """Builds the cheapest path from its network towards the nearest unconnected city."""

    def __init__(self, company: str, home: Hex, game_map: GameMap, costs):
        self.company, self.home, self.map, self.costs = company, home, game_map, costs

    def order(self, state, budget: int) -> Order:
        order = Order(company=self.company)
        if self.company not in state.homes:
            order.home, order.home_line = self.home, 1
        path = self.path(state)
        if path:
            spent, hexes = 0, [path[0]]
            for a, b in zip(path, path[1:]):
                spent += self.costs[a][b]
                if spent > budget:
                    break
                hexes.append(b)
            if len(hexes) > 1:
                order.chains.append(Chain(2, "BUILD " + "-".join(map(label, hexes)), hexes))
        return order

    def targets(self, state, network: set[Hex]) -> set[Hex]:
        return {c.hex for c in self.map.cities if c.hex not in state.connected} - network

    def path(self, state) -> list[Hex] | None:
        network = {h for h, owners in state.tracks.items() if self.company in owners} | {self.home}
        targets = self.targets(state, network)
        dist = {h: 0 for h in network}
        previous: dict[Hex, Hex] = {}
        heap = [(0, h) for h in sorted(network)]
        while heap:
            d, h = heapq.heappop(heap)
            if d > dist[h]:
                continue
            if h in targets:
                path = [h]
                while path[-1] in previous:
                    path.append(previous[path[-1]])
                return path[::-1]
            for n, cost in sorted(self.costs.get(h, {}).items()):
                if state.owns(self.company, h, n):
                    continue
                rivals = state.tracks.get(n, set()) - {self.company}
                step = d + cost + (3 * len(rivals) if n not in self.map.city_at else 0)
                if any(r != self.company for r in state.owners.get(tuple(sorted((h, n))), ())):
                    step += 6
                if step < dist.get(n, 1 << 30):
                    dist[n], previous[n] = step, h
                    heapq.heappush(heap, (step, n))
        return None


def construction_phase(game_map: GameMap, rules: Ruleset, dice):
    """Four automatic companies build until the construction phase ends."""
    costs = build_costs(game_map, rules)
    homes = [c.hex for c in game_map.home_terminals]
    companies = ["red", "blue", "green", "yellow"]
    _, state = start_game(game_map.name, [{"id": c, "name": c} for c in companies], rules, dice)
    builders = {c: Builder(c, homes[i % len(homes)], game_map, costs) for i, c in enumerate(companies)}
    rounds = 0
    while state.phase == "construction":
        rounds += 1
        assert rounds <= ROUND_LIMIT, f"construction still running after {ROUND_LIMIT} rounds"
        orders = {c: builders[c].order(state, state.budgets[c]) for c in companies}
        _, state = resolve_construction_round(state, game_map, rules, orders, dice)
    return state, builders


def test_a_seeded_construction_phase_runs_to_its_end(game_map):
    state, _ = construction_phase(game_map, rules_for(game_map), SeededDice(f"playable {game_map.name}"))
    assert state.phase == "operations"
    assert all(state.balance(c) >= 0 for c in state.companies)
    assert sum(len(state.edges[c]) for c in state.companies) > len(game_map.cities)


def race_entries(state, game_map: GameMap, rules: Ruleset, company: str) -> list[RaceEntry]:
    """Run every open transport along the fastest route the company has, if it has one."""
    entries = []
    for number in state.ops.get("open", []):
        transport = state.ops["transports"][number]
        quotes = []
        for start in map(parse_label, transport["start_hexes"]):
            for goal in map(parse_label, transport["destination_hexes"] or []):
                try:
                    quotes.append(fastest_route(state, game_map, rules, [company], start, goal))
                except NoRoute:
                    pass
        if quotes:
            best = min(quotes, key=lambda q: (q.points, sum(q.plan.fees.values())))
            hexes = best.plan.hexes
            entries.append(RaceEntry(3, f"RACE {number} RUN", number, "RUN", routes=[Route(hexes)], to=hexes[-1]))
    return entries


# Seconds a map: the demo's map in the default run, the others in the slow profile (every map's
# construction phase runs to its end above, in the default run).
@pytest.mark.parametrize("game_map", [pytest.param(p, id=p.stem, marks=() if p.stem == "ireland" else pytest.mark.slow)
                                      for p in MAPS], indirect=True)
def test_a_seeded_game_runs_to_its_winner(game_map):
    rules = rules_for(game_map)
    dice = SeededDice(f"whole game {game_map.name}")
    state, builders = construction_phase(game_map, rules, dice)
    raced = rounds = 0
    while state.phase == "operations":
        rounds += 1
        assert rounds <= ROUND_LIMIT, f"the operating phase still runs after {ROUND_LIMIT} rounds"
        orders = {}
        for company, builder in builders.items():
            order = builder.order(state, 10)
            order.races = race_entries(state, game_map, rules, company)
            orders[company] = order
        events, state = resolve_operations_round(state, game_map, rules, orders, dice, {})
        raced += sum(1 for e in events if e["type"] == "race_finished")
    assert state.phase == "finished" and state.ops["winners"]
    assert raced > 0
    assert all(state.balance(c) >= 0 for c in state.companies) and state.ledger.total() == 0
