"""The first-round direction rules of a map: one direction (Russia), distinct directions (France)."""

from __future__ import annotations

import textwrap

from umpire.families.dampfross.engine.construction import resolve_construction_round, start_game
from umpire.families.dampfross.gamemap import load_map
from umpire.families.dampfross.hexgrid import parse_label
from umpire.families.dampfross.orders import parse_order
from umpire.families.dampfross.ruleset import load_rules
from umpire.kernel.dice import SeededDice

MAP = """\
format: 1
name: star
grid: {layout: odd-q}
rows:
  - "......."
  - "......."
  - "......."
  - "......."
  - "......."
cities:
  - {name: Hub, hex: D3, stations: [11], home: true}
  - {name: Far, hex: G5, stations: [12]}
"""


def play_first_round(tmp_path, flags: str, orders: dict[str, str]):
    path = tmp_path / "star.yaml"
    path.write_text(textwrap.dedent(MAP) + flags, encoding="utf-8")
    game_map = load_map(path)
    rules = load_rules("schmidt")
    dice = SeededDice("directions")
    _, state = start_game("g", [{"id": c, "name": c} for c in orders], rules, dice)
    state.budgets = {c: 6 for c in orders}
    parsed = {c: parse_order(text, game_map) for c, text in orders.items()}
    events, state = resolve_construction_round(state, game_map, rules, parsed, dice)
    return events, state


def refusals(events):
    return [e["reason"] for e in events if e["type"] == "refused"]


def test_one_direction_refuses_a_second_way_out(tmp_path):
    events, state = play_first_round(tmp_path, "first_round_one_direction: true\n",
                                     {"red": "HOME Hub\nBUILD D3-D2\nBUILD D3-D4"})
    assert any("one direction only" in r for r in refusals(events))
    assert state.segments_of("red") == [["D2", "D3"]]


def test_distinct_directions_refuse_a_rivals_way_out(tmp_path):
    events, state = play_first_round(tmp_path, "first_round_distinct_directions: true\n",
                                     {"red": "HOME Hub\nBUILD D3-D2", "blue": "HOME Hub\nBUILD D3-D2"})
    reasons = refusals(events)
    assert len(reasons) == 1 and "in a different direction" in reasons[0]
    assert state.segments_of("red") == [["D2", "D3"]]      # red builds first in round 1
    assert state.segments_of("blue") == []


def test_distinct_directions_allow_different_ways_out(tmp_path):
    events, state = play_first_round(tmp_path, "first_round_distinct_directions: true\n",
                                     {"red": "HOME Hub\nBUILD D3-D2", "blue": "HOME Hub\nBUILD D3-E3"})
    assert refusals(events) == []


def test_one_direction_alone_allows_the_same_way_out(tmp_path):
    events, state = play_first_round(tmp_path, "first_round_one_direction: true\n",
                                     {"red": "HOME Hub\nBUILD D3-D2", "blue": "HOME Hub\nBUILD D3-D2"})
    assert refusals(events) == []
    assert parse_label("D2") in state.tracks
