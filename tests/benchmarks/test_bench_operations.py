"""Benchmarks of the operating phase: replaying a whole 6-company game through the engine, and
route queries on a 45x45 map. Run: `pytest tests/benchmarks --benchmark-only`.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent))

from conftest import TEST_MAP
from opskit import make_state

from umpire.families.dampfross.engine import construction, operations
from umpire.families.dampfross.engine.route_assistant import NoRoute, cheapest_build, fastest_route
from umpire.families.dampfross.gamemap import City, GameMap, load_map
from umpire.families.dampfross.hexgrid import Grid, label, parse_label
from umpire.families.dampfross.orders import parse_order
from umpire.families.dampfross.ruleset import load_rules
from umpire.kernel.dice import SeededDice

PLANS = {
    "red": "C3-D3-E3-F3-G4-G5-G6-H5-I6-J6-K7-K8-L8-M9",
    "blue": "K8-K7-K6-J5-J4-J3-J2-I3-H3-G3-F2",
    "green": "C3-C4-C5-D5-E6-E7-E8-E9-F9-G10",
    "yellow": "K8-J8-I8-H8-G8-F8-E8-D8-C8-B8",
    "purple": "C3-D3-E3-F3-G3-H3-I3-J3-K3",
    "orange": "K8-L8-M8-M9",
}


def _order(game_map, company, body):
    return parse_order(f"GAME bench\nCOMPANY {company}\n{body}\n", game_map)


def _construction_orders(game_map, state):
    orders = {}
    for company, plan in PLANS.items():
        hexes = plan.split("-")
        done = 0
        while done < len(hexes) - 1 and state.owns(company, parse_label(hexes[done]), parse_label(hexes[done + 1])):
            done += 1
        lines = [] if company in state.homes else [f"HOME {hexes[0]}"]
        if len(hexes) - done > 1:
            lines.append("BUILD " + "-".join(hexes[done:]))
        orders[company] = _order(game_map, company, "\n".join(lines))
    return orders


def _race_orders(game_map, rules, state):
    orders = {}
    for company in state.seat_order():
        lines = []
        for n in state.ops.get("open", []):
            t = state.ops["transports"][n]
            try:
                quote = fastest_route(state, game_map, rules, [company], parse_label(t["start_hexes"][0]),
                                      parse_label(t["destination_hexes"][0]))
                lines.append(f"RACE {n} RUN " + "-".join(label(h) for h in quote.plan.hexes))
            except NoRoute:
                lines.append(f"RACE {n} PASS")
        orders[company] = _order(game_map, company, "\n".join(lines))
    return orders


def play(game_map, rules, dice, recorded=None):
    """Play (or, with recorded orders, replay) a whole game; returns the final state and the orders used."""
    companies = [{"id": c, "name": c.title()} for c in PLANS]
    _, state = construction.start_game("bench", companies, rules, dice)
    used = []
    step = 0
    while state.phase != "finished":
        if recorded is not None:
            orders = recorded[step]
        elif state.phase == "construction":
            orders = _construction_orders(game_map, state)
        else:
            orders = _race_orders(game_map, rules, state)
        used.append(orders)
        step += 1
        if state.phase == "construction":
            if step > 8:
                _, state = construction.end_construction(state, "benchmark", game_map, rules, dice, {})
                used[-1] = None
                continue
            _, state = construction.resolve_construction_round(state, game_map, rules, orders, dice, {})
        else:
            _, state = operations.resolve_operations_round(state, game_map, rules, orders, dice, {})
    return state, used


def replay(game_map, rules, dice, recorded):
    companies = [{"id": c, "name": c.title()} for c in PLANS]
    _, state = construction.start_game("bench", companies, rules, dice)
    for orders in recorded:
        if orders is None:
            _, state = construction.end_construction(state, "benchmark", game_map, rules, dice, {})
        elif state.phase == "construction":
            _, state = construction.resolve_construction_round(state, game_map, rules, orders, dice, {})
        else:
            _, state = operations.resolve_operations_round(state, game_map, rules, orders, dice, {})
    return state


def test_bench_replay_whole_six_company_game(benchmark):
    game_map, rules, dice = load_map(TEST_MAP), load_rules("laurin"), SeededDice("bench")
    final, recorded = play(game_map, rules, dice)
    assert final.phase == "finished" and final.ops["made"] == 21
    replayed = benchmark(replay, game_map, rules, dice, recorded)
    assert {c: replayed.balance(c) for c in PLANS} == {c: final.balance(c) for c in PLANS}
    assert benchmark.stats.stats.median < 1.0


def big_map() -> GameMap:
    """45x45 hexes, plain with a mountain ridge every ninth column, cities on a lattice."""
    size = 45
    rows = ["".join("^" if c % 9 == 4 and r % 5 else "." for c in range(size)) for r in range(size)]
    cities, number = [], iter([10 * t + u for t in range(1, 7) for u in range(1, 7)])
    for r in range(2, size, 8):
        for c in range(2, size, 8):
            rows[r] = rows[r][:c] + "." + rows[r][c + 1:]
            cities.append(City(f"C{c}x{r}", (c, r), (next(number),), home=(c, r) == (2, 2)))
    return GameMap("big", "Big", Grid("odd-q", size, size), rows, cities)


def big_state(game_map):
    """Six companies, each with a line across the map and one down it."""
    tracks = {}
    for i, company in enumerate(["red", "blue", "green", "yellow", "purple", "orange"]):
        row, col = 3 + 7 * i, 5 + 7 * i
        across = "-".join(label((c, row)) for c in range(0, 45))
        down = "-".join(label((col, r)) for r in range(0, 45))
        tracks[company] = [across, down]
    return make_state(tracks)


@pytest.fixture(scope="module")
def big():
    game_map = big_map()
    return game_map, load_rules("laurin"), big_state(game_map)


def test_bench_fastest_route_on_45x45(benchmark, big):
    game_map, rules, state = big
    quote = benchmark(fastest_route, state, game_map, rules, ["red"], (0, 3), (44, 38))
    assert quote.plan.hexes[0] == (0, 3) and quote.plan.hexes[-1] == (44, 38)
    assert benchmark.stats.stats.median < 0.010


def test_bench_cheapest_build_on_45x45(benchmark, big):
    game_map, rules, state = big
    quote = benchmark(cheapest_build, state, game_map, rules, "red", (0, 3), (40, 42))
    assert quote.hexes[-1] == (40, 42)
    assert benchmark.stats.stats.median < 0.010


def test_bench_fastest_route_that_must_not_run_out_and_back_on_45x45(benchmark, big):
    """Grey's spur at the start is the cheapest own track to touch, but only out and back; the route
    found goes west over grey's other segment and round by another line."""
    game_map, rules, state = big
    state = state.copy()
    state.companies["grey"] = type(state.companies["red"])("grey", "Grey", 6)
    for a, b in (((20, 3), (20, 2)), ((15, 3), (16, 3))):
        state.apply(dict(type="segment", company="grey", a=label(a), b=label(b)))
    quote = benchmark(fastest_route, state, game_map, rules, ["grey"], (20, 3), (44, 38))
    hexes = quote.plan.hexes
    assert len(set(hexes)) == len(hexes) and (15, 3) in hexes and (20, 2) not in hexes
    assert benchmark.stats.stats.median < 0.010
