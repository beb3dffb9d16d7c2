"""RULES 4.2.1-4.2.3 and 4.2.6: a race route, the owner used on each step, the fees it owes."""

from __future__ import annotations

import pytest
from opskit import chain_hexes, make_state

from umpire.families.dampfross.engine.routes import RouteError, check_route
from umpire.families.dampfross.hexgrid import parse_label
from umpire.families.dampfross.orders import Route
from umpire.kernel.ledger import BANK

START, GOAL = [parse_label("C3")], [parse_label("I4")]


def route(text, **owners):
    return Route(chain_hexes(text), {int(k[1:]): v for k, v in owners.items()})


def plan(state, test_map, companies, text, to=None, **owners):
    return check_route(state, test_map, companies, route(text, **owners), START, GOAL,
                       parse_label(to) if to else None, 1)


@pytest.fixture
def lines():
    return make_state({
        "red": ["C3-D3-E3-F3-G4"],
        "blue": ["G4-H4-I4", "D3-E3"],
        "green": ["E3-F3"],
        "yellow": ["H4-I4"],
        "purple": ["K7-K8"],
    })


# 4.2.1
def test_every_step_runs_along_an_existing_segment(lines, test_map):
    with pytest.raises(RouteError, match=r"step C3-C4 \(step 1\) has no track"):
        plan(lines, test_map, ["red"], "C3-C4-D4-E4-F4-G4-H4-I4")


def test_route_starts_at_the_start_station(lines, test_map):
    with pytest.raises(RouteError, match="starts at D3; this transport starts at C3"):
        plan(lines, test_map, ["red"], "D3-E3-F3-G4-H4-I4")


def test_route_ends_at_a_destination(lines, test_map):
    with pytest.raises(RouteError, match="ends at G4, which is not a destination"):
        plan(lines, test_map, ["red"], "C3-D3-E3-F3-G4")


def test_to_must_name_a_destination(lines, test_map):
    with pytest.raises(RouteError, match="TO H4 is not a destination of this transport"):
        plan(lines, test_map, ["red"], "C3-D3-E3-F3-G4-H4-I4", to="H4")


def test_to_picks_one_of_several_destinations(lines, test_map):
    goals = [parse_label("I4"), parse_label("G4")]
    p = check_route(lines, test_map, ["red"], route("C3-D3-E3-F3-G4"), START, goals, parse_label("G4"), 1)
    assert p.steps == 4


# 4.2.2
def test_route_uses_at_least_one_own_segment(lines, test_map):
    with pytest.raises(RouteError, match="uses none of its own segments"):
        plan(lines, test_map, ["purple"], "C3-D3-E3-F3-G4-H4-I4")


def test_joint_route_may_use_either_partners_segments(lines, test_map):
    p = plan(lines, test_map, ["green", "yellow"], "C3-D3-E3-F3-G4-H4-I4")
    assert p.payees[2] == "green" and p.payees[5] == "yellow"
    assert p.fees == {"red": 2, "blue": 2}


# 4.2.3
def test_one_unit_per_step_on_a_rivals_line(lines, test_map):
    p = plan(lines, test_map, ["red"], "C3-D3-E3-F3-G4-H4-I4")
    assert p.fees == {"blue": 2} and p.payees == ["red", "red", "red", "red", "blue", "blue"]


def test_own_segment_is_taken_where_rivals_run_parallel(lines, test_map):
    p = plan(lines, test_map, ["yellow"], "C3-D3-E3-F3-G4-H4-I4")
    assert p.payees[-1] == "yellow"


def test_named_owner_is_used(lines, test_map):
    p = plan(lines, test_map, ["red"], "C3-D3-E3-F3-G4-H4-I4", s2="blue", s3="green")
    assert p.payees[:3] == ["red", "blue", "green"] and p.fees == {"blue": 3, "green": 1}


def test_named_owner_must_own_the_step(lines, test_map):
    with pytest.raises(RouteError, match=r"E3\[green\]: green owns no segment D3-E3"):
        plan(lines, test_map, ["red"], "C3-D3-E3-F3-G4-H4-I4", s2="green")


def test_unnamed_parallel_step_takes_the_partners_segment(lines, test_map):
    p = plan(lines, test_map, ["yellow", "blue"], "C3-D3-E3-F3-G4-H4-I4")
    assert p.payees[1] == "blue"                     # D3-E3: red and blue; blue is the partner


def test_unnamed_parallel_step_takes_a_rival_already_paid_on_the_route(lines, test_map):
    p = plan(lines, test_map, ["yellow"], "C3-D3-E3-F3-G4-H4-I4")
    # D3-E3 red or blue, both paid elsewhere: the first of them; E3-F3 red or green: red is paid already.
    assert p.payees[1:3] == ["blue", "red"]
    assert p.fees == {"red": 3, "blue": 2}


def test_unnamed_parallel_step_takes_the_alphabetically_first_rival(test_map):
    state = make_state({"yellow": ["C3-D3-E3", "F3-G4-H4-I4"], "red": ["E3-F3"], "green": ["E3-F3"]})
    p = plan(state, test_map, ["yellow"], "C3-D3-E3-F3-G4-H4-I4")
    assert p.fees == {"green": 1}


# 4.2.6
def test_unbuilt_permitted_route_is_paid_to_the_bank(test_map):
    state = make_state({"red": ["K2-L2"]})
    p = check_route(state, test_map, ["red"], route("K2-L2-M2-N2"), [parse_label("K2")], [parse_label("N2")],
                    None, 1)
    assert p.fees == {BANK: 2}
