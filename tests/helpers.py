"""Small builders for engine tests: inline maps, states with track already laid."""

from __future__ import annotations

import functools

from umpire.families.dampfross.engine import construction
from umpire.families.dampfross.engine.construction import Emitter
from umpire.families.dampfross.gamemap import City, GameMap
from umpire.families.dampfross.hexgrid import Grid, edge, parse_label
from umpire.families.dampfross.orders import parse_order
from umpire.kernel.dice import RecordedDice, SeededDice


def h(text: str):
    return parse_label(text)


def tiny_map(rows: list[str], cities=(), rivers=None, layout="odd-q", **extra) -> GameMap:
    """A map built in code: `cities` as (name, hex, stations, home) tuples, rivers as {"A1/B1": kind}."""
    river_edges = {}
    for text, kind in (rivers or {}).items():
        a, b = text.split("/")
        river_edges[edge(h(a), h(b))] = kind
    return GameMap(
        name="tiny", title="Tiny", grid=Grid(layout, len(rows[0]), len(rows)), rows=rows,
        cities=[City(name, h(hx), tuple(st), home) for name, hx, st, home in cities],
        rivers=river_edges, **extra)


def new_state(rules, companies=("red", "blue", "green"), dice=None):
    """A game just created: starting balances posted, round 1 open."""
    dice = dice or RecordedDice([3] * len(companies))
    _, state = construction.start_game("g", [{"id": c, "name": c.title()} for c in companies], rules, dice)
    return state


def lay(state, company: str, chain: str, game_map: GameMap | None = None, round_number: int = 0):
    """Put track on the map without costs, fees or bonuses (a test's starting position);
    with the map given, the cities on the chain count as connected."""
    labels = chain.split("-")
    emit = Emitter(state)
    if company not in state.homes:
        emit(dict(type="home", round=round_number, company=company, hex=labels[0]))
    for a, b in zip(labels, labels[1:]):
        emit(dict(type="segment", round=round_number, company=company, a=a, b=b, cost=0))
    for label_ in labels if game_map else ():
        city = game_map.city_at.get(h(label_))
        if city and city.hex not in state.connected:
            emit(dict(type="city_connected", round=round_number, city=city.name, hex=label_, company=company, bonus=0))
    return state


def order(text: str, game_map: GameMap):
    return parse_order(text, game_map)


def run_round(state, game_map, rules, orders: dict[str, str], dice=None):
    """Resolve the open construction round with orders given as text bodies (BUILD lines etc.)."""
    parsed = {c: parse_order(body, game_map) for c, body in orders.items()}
    return construction.resolve_construction_round(state, game_map, rules, parsed, dice or SeededDice("test"), {})


def of_type(events, kind: str):
    return [e for e in events if e["type"] == kind]


@functools.cache
def _data(path):
    """A YAML file's data, read once, by libyaml where PyYAML has it (test modules ask as they load)."""
    import yaml
    return yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def hex_map(path) -> bool:
    """A Dampfross hex map (format 1), not a Volldampf board (graph-1)."""
    return _data(path).get("format") == 1


def hex_map_source(path) -> bool:
    """A source drawn by tools/place_cities.py (it has a hex grid layout), not a board source."""
    return "layout" in _data(path)


def run(*args, input: str | None = None):
    """The umpire command line with these arguments (click's test runner; `input`: what is typed
    at its prompts): its result."""
    from click.testing import CliRunner

    from umpire.cli import main
    return CliRunner().invoke(main, [str(a) for a in args], input=input)


def run_ok(*args, input: str | None = None) -> str:
    """The umpire command line with these arguments, which must succeed: its output."""
    result = run(*args, input=input)
    assert result.exit_code == 0, result.output
    return result.output


def refused_at(read, text: str, where: str, line: int) -> str:
    """The refusal `read(lines)` gives of the YAML `text`, which must name `where` and `line`."""
    import pytest

    from umpire.errors import DataError
    from umpire.kernel.yamlfile import load_lines
    with pytest.raises(DataError) as error:
        read(load_lines(text))
    assert f"{where}, line {line}" in error.value.message, error.value.message
    return error.value.message
