"""Jumping (Laurin optional rule, RULES 5): a company runs up to 3 hexes along a rival's line and builds
on from there, paying the connection fee at both ends; 2 jumps along each rival's network; joining the
pieces returns a jump. One test per clause."""

from __future__ import annotations

import pytest
from helpers import lay, new_state, of_type, run_round
from opskit import announce
from opskit import run_round as run_operations

from umpire.families.dampfross.engine.construction import Emitter
from umpire.families.dampfross.ruleset import load_rules
from umpire.kernel.dice import RecordedDice

BLUE = "C3-D3-E3-F3-G4-G5-G6"


@pytest.fixture(scope="module")
def jumping():
    return load_rules("laurin", {"options.jumping": True})


def position(rules, budget=6, green=None):
    """Blue's line from Alpha; red at Kappa with a stub to D4, next to blue's line; round 1 open."""
    state = new_state(rules, ("red", "blue", "green"), RecordedDice([budget]))
    lay(state, "blue", BLUE)
    lay(state, "red", "C5-D4")
    lay(state, "green", green or "K8-K7")
    return state


def refusals(events):
    return [e["reason"] for e in of_type(events, "refused")]


def fees_to(events, payee):
    return sum(e["amount"] for e in of_type(events, "posting") if e["to"] == payee and "fee" in e["reason"])


def test_jump_runs_along_a_rivals_line_and_the_company_builds_on_from_its_end(test_map, jumping):
    events, state = run_round(position(jumping), test_map, jumping,
                              {"red": "BUILD D4-D3\nJUMP D3-E3-F3\nBUILD F3-F2"})
    (jump,) = of_type(events, "jump")
    assert (jump["company"], jump["rival"], jump["from"], jump["to"], jump["steps"]) == ("red", "blue", "D3", "F3", 2)
    assert state.owns("red", (5, 2), (5, 1)) and not refusals(events)     # F3-F2 built from the landing


def test_jump_pays_the_connection_fee_at_both_ends(test_map, jumping):
    events, _ = run_round(position(jumping), test_map, jumping, {"red": "BUILD D4-D3\nJUMP D3-E3-F3\nBUILD F3-F2"})
    reasons = [e["reason"] for e in of_type(events, "posting") if e["to"] == "blue"]
    assert reasons == ["connection fee in D3", "connection fee in F3"] and fees_to(events, "blue") == 2


def test_jump_runs_at_most_three_hexes(test_map, jumping):
    events, _ = run_round(position(jumping), test_map, jumping, {"red": "BUILD D4-D3\nJUMP D3-E3-F3-G4-G5"})
    assert "at most 3 hexes" in refusals(events)[0] and not of_type(events, "jump")


def test_jump_of_three_hexes_is_allowed(test_map, jumping):
    events, _ = run_round(position(jumping), test_map, jumping, {"red": "BUILD D4-D3\nJUMP D3-E3-F3-G4\nBUILD G4-H4"})
    assert of_type(events, "jump")[0]["steps"] == 3 and not refusals(events)


def test_jump_starts_where_the_own_line_meets_the_rivals(test_map, jumping):
    events, _ = run_round(position(jumping), test_map, jumping, {"red": "JUMP D3-E3-F3"})
    assert "not on this company's network" in refusals(events)[0]


def test_jump_runs_along_existing_track_of_one_rival(test_map, jumping):
    events, _ = run_round(position(jumping), test_map, jumping, {"red": "BUILD D4-D3\nJUMP D3-D2-E2"})
    assert "not on a rival's line" in refusals(events)[0]
    state = position(jumping, green="F3-G3-H3")
    events, _ = run_round(state, test_map, jumping, {"red": "BUILD D4-D3\nJUMP D3-E3-F3-G3"})
    assert "leaves the line of blue" in refusals(events)[0]


def test_jump_to_a_hex_already_on_the_network_is_refused(test_map, jumping):
    state = position(jumping)
    lay(state, "red", "D4-D3-D2-E2-F2-F3")
    events, _ = run_round(state, test_map, jumping, {"red": "JUMP D3-E3-F3"})
    assert "no jump is needed" in refusals(events)[0]


def test_two_jumps_along_each_rivals_network(test_map, jumping):
    state = position(jumping, green="F3-G3-H3-I3")
    lay(state, "red", "D4-D3")
    emit = Emitter(state)
    for to in ("E3", "F3"):
        emit(dict(type="jump", round=1, company="red", rival="blue", **{"from": "D3"}, to=to))
    events, _ = run_round(state, test_map, jumping, {"red": "JUMP F3-G4-G5\nJUMP F3-G3-H3"})
    assert "made its 2 jumps along the line of blue" in refusals(events)[0]
    (jump,) = of_type(events, "jump")
    assert (jump["rival"], jump["to"]) == ("green", "H3")


def test_joining_the_two_pieces_returns_a_jump(test_map, jumping):
    events, state = run_round(position(jumping), test_map, jumping,
                              {"red": "BUILD D4-D3\nJUMP D3-E3-F3\nBUILD F3-F2\nBUILD D3-D2-E2-F2"})
    (returned,) = of_type(events, "jump_returned")
    assert (returned["company"], returned["rival"], returned["from"], returned["to"]) == ("red", "blue", "D3", "F3")
    assert state.jumps_in_use("red", "blue") == 0


def test_network_must_stay_connected_apart_from_jumps(test_map, jumping):
    events, _ = run_round(position(jumping), test_map, jumping, {"red": "BUILD F3-F2"})
    assert "not on this company's network" in refusals(events)[0]


def test_jumping_is_refused_without_the_option(test_map, laurin):
    events, _ = run_round(position(laurin), test_map, laurin, {"red": "BUILD D4-D3\nJUMP D3-E3-F3\nBUILD F3-F2"})
    assert "options.jumping" in refusals(events)[0]
    assert "not on this company's network" in refusals(events)[1]


def test_jump_in_additional_construction(test_map, jumping):
    state = position(jumping)
    lay(state, "red", "D4-D3")
    emit = Emitter(state)
    emit(dict(type="construction_ended", round=1, reason="test"))
    state = announce(emit.state, 1, ["C3"], ["G6"])
    state = announce(state, 2, ["C3"], ["G6"])
    events, new, _ = run_operations(state, test_map, jumping, {"red": "RACE 1 PASS\nJUMP D3-E3-F3\nBUILD F3-F2"},
                                    [])
    assert of_type(events, "jump") and new.owns("red", (5, 2), (5, 1))


def test_jump_order_line_takes_a_chain_with_straight_runs(test_map):
    from umpire.families.dampfross.orders import parse_order
    order = parse_order("GAME t\nCOMPANY red\nJUMP G4 - G6\nJUMP D3\n", test_map)
    assert order.jumps[0].hexes == [(6, 3), (6, 4), (6, 5)]
    assert "at least two hexes" in order.errors[0].message
