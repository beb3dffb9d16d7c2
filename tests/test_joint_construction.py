"""Joint construction (Schmidt optional rule): two companies build a common line from a hex where both
networks meet, with three quarters of both rolls; the segments belong to both. One test per clause,
and the text's two worked examples (4 + 4 = 8 -> 6; 3 + 3 = 6 -> 4, half a point lost)."""

from __future__ import annotations

import pytest
from helpers import lay, new_state, of_type, run_round
from opskit import announce
from opskit import run_round as run_operations

from umpire.families.dampfross.engine.construction import Emitter
from umpire.families.dampfross.engine.routes import check_route
from umpire.families.dampfross.hexgrid import parse_label as P
from umpire.families.dampfross.orders import Route
from umpire.families.dampfross.ruleset import load_rules
from umpire.kernel.dice import RecordedDice
from umpire.kernel.ledger import BANK

CHAIN = "F3-G4-G5-G6-H6-I6-J6"          # six plain steps from F3, where red's and blue's lines meet


@pytest.fixture(scope="module")
def joint():
    return load_rules("schmidt", {"options.joint_construction": True})


def position(rules, dice=(4, 4, 1), balances=None):
    """Red's line from Alpha and blue's from Gamma meet at F3; round 1 open with the dice given."""
    state = new_state(rules, ("red", "blue", "green"), RecordedDice(list(dice)))
    lay(state, "red", "C3-D3-E3-F3")
    lay(state, "blue", "F2-F3")
    lay(state, "green", "K8-K7")
    emit = Emitter(state)
    for company, extra in (balances or {}).items():
        emit.pay(BANK, company, extra, "test")
    return state


def both(chain=CHAIN, red=None, blue=None):
    return {"red": red if red is not None else f"JOINT blue {chain}",
            "blue": blue if blue is not None else f"JOINT red {chain}"}


def refusals(events, company=None):
    return [e["reason"] for e in of_type(events, "refused") if company in (None, e["company"])]


def test_worked_example_4_and_4_give_6_points(test_map, joint):
    events, state = run_round(position(joint, (4, 4, 1)), test_map, joint, both())
    (jc,) = of_type(events, "joint_construction")
    assert (jc["companies"], jc["total"], jc["points"], jc["points_lost"]) == (["red", "blue"], 8, 6, 0)
    assert state.owns("red", P("I6"), P("J6")) and state.owns("blue", P("I6"), P("J6"))


def test_worked_example_3_and_3_give_4_points_and_half_a_point_is_lost(test_map, joint):
    events, state = run_round(position(joint, (3, 3, 1)), test_map, joint, both())
    (jc,) = of_type(events, "joint_construction")
    assert (jc["total"], jc["points"], jc["points_lost"]) == (6, 4, 0.5)
    assert state.owns("red", P("G6"), P("H6")) and not state.owns("red", P("H6"), P("I6"))
    assert "only 0 of the pair's 4 are left" in refusals(events, "red")[0]


def test_joint_line_starts_where_both_networks_meet(test_map, joint):
    events, _ = run_round(position(joint), test_map, joint, both("E3-E2"))
    assert len(refusals(events)) == 2 and "where both networks have track" in refusals(events, "blue")[0]


def test_both_partners_must_order_the_joint_line(test_map, joint):
    events, _ = run_round(position(joint), test_map, joint, both(blue="BUILD F3-F4"))
    assert "blue did not order JOINT red" in refusals(events, "red")[0]
    assert not of_type(events, "joint_construction")


def test_both_partners_must_order_the_same_chains(test_map, joint):
    events, _ = run_round(position(joint), test_map, joint, both(red="JOINT blue F3-G4", blue="JOINT red F3-G3"))
    assert "different JOINT chains" in refusals(events, "red")[0]
    assert "different JOINT chains" in refusals(events, "blue")[0]


def test_joint_segments_belong_to_both_and_run_free_for_both(test_map, joint):
    _, state = run_round(position(joint), test_map, joint, both("F3-G4-G5"))
    for company in ("red", "blue"):
        plan = check_route(state, test_map, [company], Route([P("F3"), P("G4"), P("G5")]), [P("F3")], [P("G5")],
                           None, 1)
        assert plan.fees == {}


def test_rolls_of_the_partners_go_into_the_joint_line(test_map, joint):
    events, _ = run_round(position(joint), test_map, joint, both(red=f"JOINT blue {CHAIN}\nBUILD C3-C4"))
    assert "goes into its joint line with blue" in refusals(events, "red")[0]
    assert not [e for e in of_type(events, "points_unused") if "joint_with" not in e]


def test_joint_line_is_built_at_the_first_partners_turn(test_map, joint):
    events, _ = run_round(position(joint), test_map, joint, both("F3-G4"))
    turns = [e["company"] for e in of_type(events, "orders_used")]
    first_segment = events.index(of_type(events, "segment")[0])
    blue_turn = next(i for i, e in enumerate(events) if e["type"] == "orders_used" and e["company"] == "blue")
    assert turns == ["red", "blue"] and first_segment < blue_turn


def test_fees_are_split_with_the_odd_unit_paid_by_the_richer(test_map, joint):
    state = position(joint, balances={"blue": 5})
    lay(state, "green", "G3-G4")
    events, _ = run_round(state, test_map, joint, both("F3-G4"))
    fees = [(e["from"], e["to"], e["amount"]) for e in of_type(events, "posting") if "joint line" in e["reason"]]
    assert fees == [("blue", "green", 1)]


def test_city_bonus_is_split_with_the_odd_unit_to_the_poorer(test_map):
    rules = load_rules("schmidt", {"options.joint_construction": True, "construction.city_bonus": 5})
    events, _ = run_round(position(rules, balances={"blue": 5}), test_map, rules, both("F3-G4-G5-G6-H5"))
    bonus = {e["to"]: e["amount"] for e in of_type(events, "posting") if "Zeta" in e["reason"]}
    assert bonus == {"red": 3, "blue": 2}


def test_joint_construction_is_refused_without_the_option(test_map, schmidt):
    events, _ = run_round(position(schmidt), test_map, schmidt, both())
    assert "options.joint_construction" in refusals(events, "red")[0]


def test_joint_construction_belongs_to_the_construction_phase(test_map, joint):
    state = position(joint)
    Emitter(state)(dict(type="construction_ended", round=1, reason="test"))
    state = announce(state, 1, ["C3"], ["K8"])
    events, _, _ = run_operations(state, test_map, joint, {"red": "RACE 1 PASS\nJOINT blue F3-G4"}, [])
    assert "belongs to the construction phase" in refusals(events, "red")[0]


def test_a_rival_building_alongside_a_joint_segment_pays_each_owner(test_map, joint):
    from umpire.families.dampfross.engine.building import segment_fees
    _, state = run_round(position(joint), test_map, joint, both("F3-G4-G5"))
    fees = segment_fees(state, test_map, joint, "green", P("G4"), P("G5"))
    assert sorted((f.rival, f.kind) for f in fees) == [("blue", "parallel"), ("blue", "parallel"),
                                                         ("red", "parallel"), ("red", "parallel")]


def test_joint_order_line_names_the_partner_and_one_chain(test_map):
    from umpire.families.dampfross.orders import parse_order
    order = parse_order("GAME t\nCOMPANY red\nJOINT Blue F3 - F5\nJOINT F3-G4\n", test_map)
    assert order.joints[0].partner == "blue" and order.joints[0].hexes == [P("F3"), P("F4"), P("F5")]
    assert "JOINT partner chain" in order.errors[0].message
