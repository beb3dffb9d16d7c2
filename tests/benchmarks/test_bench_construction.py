"""Resolving one construction round: 6 companies, 150 segments each, on a 45 x 45 map (goal: median < 20 ms)."""

from umpire.families.dampfross.engine import construction
from umpire.families.dampfross.gamemap import City, GameMap
from umpire.families.dampfross.hexgrid import Grid, label
from umpire.families.dampfross.orders import parse_order
from umpire.families.dampfross.ruleset import load_rules
from umpire.kernel.dice import RecordedDice

SIZE = 45


def big_map() -> GameMap:
    rows = ["".join("^" if (c * 7 + r * 3) % 11 == 0 else "." for c in range(SIZE)) for r in range(SIZE)]
    homes = [(2 + 3 * i, 0) for i in range(6)]
    rows[0] = "".join("." if (c, 0) in homes else ch for c, ch in enumerate(rows[0]))
    cities = [City(f"Home{i}", hx, (11 + i,), True) for i, hx in enumerate(homes)]
    cities += [City(f"Town{i}", ((i * 13) % SIZE, (i * 17) % (SIZE - 2) + 2), (), False) for i in range(30)]
    rows = [list(r) for r in rows]
    for city in cities:
        rows[city.hex[1]][city.hex[0]] = "."
    return GameMap(name="bench", title="Bench", grid=Grid("odd-q", SIZE, SIZE), rows=["".join(r) for r in rows],
                   cities=cities)


def snake(start_col: int, length: int) -> list:
    """A path down and across the map that crosses its neighbours' paths."""
    path, col, row, down = [(start_col, 0)], start_col, 0, True
    while len(path) < length + 1:
        row += 1 if down else -1
        if not 0 <= row < SIZE:
            row -= 1 if down else -1
            col = (col + 1) % SIZE
            down = not down
        path.append((col, row))
    return path


def test_resolve_construction_round(benchmark):
    rules = load_rules("laurin", {"starting_balance": 100000, "construction.end.cities_left": 0})
    game_map = big_map()
    companies = [f"c{i}" for i in range(6)]
    _, state = construction.start_game("bench", [{"id": c, "name": c} for c in companies], rules, RecordedDice([6]))
    state.budgets = {c: 10000 for c in companies}
    orders = {}
    for i, c in enumerate(companies):
        text = "BUILD " + "-".join(label(h) for h in snake(2 + 3 * i, 150))
        orders[c] = parse_order(f"HOME {label((2 + 3 * i, 0))}\n{text}", game_map)

    def run():
        return construction.resolve_construction_round(state, game_map, rules, orders, RecordedDice([6] * 10))

    events, after = benchmark(run)
    assert all(len(after.edges[c]) == 150 for c in companies)
    assert any(e["type"] == "posting" and e["from"] != "bank" for e in events)
