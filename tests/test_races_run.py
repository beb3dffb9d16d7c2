"""RULES 4.2.4-4.2.5, 4.3 and 4.4: fees with the cap, the race, places and bonuses, joint trains."""

from __future__ import annotations

from opskit import ScriptedDice, chain_hexes, events_of, make_state

from umpire.families.dampfross.engine.construction import Emitter
from umpire.families.dampfross.engine.races import Race, Train
from umpire.families.dampfross.engine.routes import Plan
from umpire.families.dampfross.ruleset import load_rules

LINE = "C3-D3-E3-F3-G4"                      # four plain steps
CLIMB = "C3-C4-D4-E5-F5-G5-H5"               # D4 -> E5 climbs into the mountains, E5 -> F5 stays up


def train(companies, route=LINE, fees=None, *more):
    """A train with its routes (alternatives as (route, fees) pairs after the first)."""
    plans = [(1, _plan(companies, route, fees))]
    for i, (r, f) in enumerate(more, 2):
        plans.append((i, _plan(companies, r, f)))
    return Train(list(companies), plans)


def _plan(companies, route, fees):
    hexes = chain_hexes(route)
    return Plan(hexes, [companies[0]] * (len(hexes) - 1), dict(fees or {}))


def race(trains, dice_values, rules, balances):
    state = make_state({c: [] for c in balances}, balances)
    emit = Emitter(state)
    dice = ScriptedDice(dice_values)
    Race(emit, _map(), rules, dice, 7, trains).resolve()
    return emit, dice


def _map():
    from conftest import TEST_MAP

    from umpire.families.dampfross.gamemap import load_map
    return load_map(TEST_MAP)


def placed(emit):
    return {e["train"]: (e["place"], e["bonus"]) for e in events_of(emit.events, "race_placed")}


def postings(emit, reason_part):
    return [(e["from"], e["to"], e["amount"]) for e in events_of(emit.events, "posting") if reason_part in e["reason"]]


# 4.2.4: the fee cap after netting, fallbacks, the fixed point
def test_fee_cap_allows_15_against_12_after_netting(laurin):
    emit, _ = race([train(["a"], fees={"b": 15}), train(["b"], fees={"a": 12})], [6, 6], laurin, {"a": 30, "b": 30})
    assert not events_of(emit.events, "race_route_refused")
    assert postings(emit, "fees") == [("a", "b", 3)]


def test_fee_cap_refuses_more_than_10_to_one_company(laurin):
    emit, _ = race([train(["a"], fees={"b": 11}), train(["b"])], [6], laurin, {"a": 30, "b": 30})
    refused = events_of(emit.events, "race_route_refused")
    assert refused[0]["train"] == "a" and "cap of 10" in refused[0]["reason"]
    assert events_of(emit.events, "race_withdrawn")[0]["train"] == "a"


def test_fees_of_9_and_8_to_two_companies_are_allowed(laurin):
    emit, _ = race([train(["a"], fees={"b": 9, "c": 8}), train(["b"]), train(["c"])], [6, 6, 6], laurin,
                   {"a": 30, "b": 30, "c": 30})
    assert not events_of(emit.events, "race_route_refused")


def test_else_route_is_tried_when_the_first_breaks_the_cap(laurin):
    emit, _ = race([train(["a"], LINE, {"b": 11}, (LINE, {"b": 4})), train(["b"])], [6, 6], laurin,
                   {"a": 30, "b": 30})
    entered = {e["train"]: e["alternative"] for e in events_of(emit.events, "race_entered")}
    assert entered == {"a": 2, "b": 1}
    assert postings(emit, "fees") == [("a", "b", 4)]


def test_cap_refusals_are_resolved_to_a_fixed_point(laurin):
    # b first pays c 11 (breaks); its fallback no longer uses a's line, so a's 15 to b no longer nets.
    trains = [train(["a"], LINE, {"b": 15}, (LINE, {"b": 9})),
              train(["b"], LINE, {"a": 12, "c": 11}, (LINE, {"c": 2})),
              train(["c"])]
    emit, _ = race(trains, [6, 6, 6], laurin, {"a": 30, "b": 30, "c": 30})
    refused = [(e["train"], e["alternative"]) for e in events_of(emit.events, "race_route_refused")]
    assert refused == [("b", 1), ("a", 1)]
    entered = {e["train"]: e["alternative"] for e in events_of(emit.events, "race_entered")}
    assert entered == {"a": 2, "b": 2, "c": 1}


# 4.2.5
def test_fees_are_paid_before_the_race(laurin):
    emit, _ = race([train(["a"], fees={"b": 3}), train(["b"])], [6, 6], laurin, {"a": 30, "b": 30})
    kinds = [e["type"] for e in emit.events]
    assert kinds.index("posting") < kinds.index("race_started")


def test_company_that_cannot_pay_its_fees_does_not_run(laurin):
    emit, _ = race([train(["a"], fees={"b": 3}), train(["b"])], [6], laurin, {"a": 2, "b": 30})
    assert "cannot pay" in events_of(emit.events, "race_route_refused")[0]["reason"]
    assert [e["train"] for e in events_of(emit.events, "race_entered")] == ["b"]


# 4.3.1
def test_trains_roll_richest_first_ties_in_seat_order(laurin):
    _, dice = race([train(["a"]), train(["b"]), train(["c"])], [1, 1, 1, 6, 6, 6], laurin,
                   {"a": 20, "b": 40, "c": 20})
    assert dice.purposes[:3] == ["transport 7 turn 1 b", "transport 7 turn 1 a", "transport 7 turn 1 c"]
    assert dice.purposes[3] == "transport 7 turn 2 b"


def test_every_movement_die_is_journaled_with_its_purpose(laurin):
    emit, dice = race([train(["a"]), train(["b"])], [2, 3, 2, 3], laurin, {"a": 30, "b": 20})
    assert [(e["purpose"], e["value"]) for e in events_of(emit.events, "roll")] == [
        ("transport 7 turn 1 a", 2), ("transport 7 turn 1 b", 3), ("transport 7 turn 2 a", 2),
        ("transport 7 turn 2 b", 3)]


# 4.3.2
def test_climbing_into_a_mountain_costs_two_points(laurin):
    emit, _ = race([train(["a"], CLIMB)], [4, 6], laurin, {"a": 20})
    first = events_of(emit.events, "race_moved")[0]
    assert (first["to"], first["steps"], first["on_border"]) == ("E5", 3, False)     # 1 + 1 + 2


def test_mountain_climb_is_stopped_at_the_border(laurin):
    emit, _ = race([train(["a"], CLIMB)], [3, 1, 3], laurin, {"a": 20})
    moves = [(e["to"], e["on_border"], e["next"], e["arrived"]) for e in events_of(emit.events, "race_moved")]
    assert moves == [("D4", True, "E5", False),       # 2 points to D4, 1 left in front of the climb
                     ("E5", False, None, False),      # the next roll's first point finishes the climb
                     ("H5", False, None, True)]       # mountain to mountain and down cost 1 each


# 4.3.3
def test_leftover_points_decide_arrivals_in_the_same_turn(laurin):
    emit, _ = race([train(["a"]), train(["b"])], [4, 6], laurin, {"a": 30, "b": 20})
    assert placed(emit) == {"b": (1, 20), "a": (2, 10)}
    assert events_of(emit.events, "race_finished")[0]["arrivals"] == [
        {"train": "b", "turn": 1, "leftover": 2}, {"train": "a", "turn": 1, "leftover": 0}]


def test_first_arrival_wins(laurin):
    emit, _ = race([train(["a"]), train(["b"], "C3-D3-E3-F3-G4-G5")], [6, 6, 1], laurin, {"a": 30, "b": 20})
    assert placed(emit) == {"a": (1, 20), "b": (2, 10)}


# 4.3.4
def test_bonuses_20_and_10_others_nothing(laurin):
    emit, _ = race([train(["a"]), train(["b"]), train(["c"])], [6, 5, 4], laurin, {"a": 30, "b": 20, "c": 10})
    assert placed(emit) == {"a": (1, 20), "b": (2, 10), "c": (3, 0)}


def test_two_tied_first_get_15_each(laurin):
    emit, _ = race([train(["a"]), train(["b"])], [5, 5], laurin, {"a": 30, "b": 20})
    assert placed(emit) == {"a": (1, 15), "b": (1, 15)}


def test_three_tied_second_get_4_3_3_poorest_first(laurin):
    trains = [train(["a"]), train(["b"]), train(["c"]), train(["d"])]
    emit, _ = race(trains, [6, 5, 5, 5], laurin, {"a": 50, "b": 30, "c": 20, "d": 25})
    assert placed(emit) == {"a": (1, 20), "b": (2, 3), "c": (2, 4), "d": (2, 3)}


# 4.3.5
def test_alternative_bonus_system_shares_30_by_participants():
    rules = load_rules("laurin", {"operations.alternative_bonuses": {2: [20, 10], 3: [16, 9, 5]},
                                  "operations.route_length_limit": 2})
    emit, _ = race([train(["a"]), train(["b"]), train(["c"])], [6, 5, 4], rules, {"a": 30, "b": 20, "c": 10})
    assert placed(emit) == {"a": (1, 16), "b": (2, 9), "c": (3, 5)}


def test_alternative_bonus_system_refuses_a_route_over_twice_the_shortest():
    rules = load_rules("laurin", {"operations.route_length_limit": 2})
    long_way = "C3-D3-E3-F3-G4-H4-I4-J4-K4-K5"        # 9 steps against 4
    emit, _ = race([train(["a"]), train(["b"], long_way)], [6], rules, {"a": 30, "b": 20})
    refused = events_of(emit.events, "race_route_refused")
    assert refused[0]["train"] == "b" and "more than 2 times the shortest" in refused[0]["reason"]


# 4.3.6
def test_lone_participant_gets_20_without_running(schmidt):
    emit, dice = race([train(["a"])], [], schmidt, {"a": 30, "b": 20})
    assert dice.purposes == []
    assert placed(emit) == {"a": (1, 20)}


def test_laurin_lone_participant_runs_the_race(laurin):
    emit, dice = race([train(["a"])], [6], laurin, {"a": 30, "b": 20})
    assert dice.purposes == ["transport 7 turn 1 a"] and placed(emit) == {"a": (1, 20)}


def test_schmidt_race_ends_when_the_second_train_arrives(schmidt):
    emit, dice = race([train(["a"]), train(["b"]), train(["c"])], [6, 5, 1], schmidt, {"a": 30, "b": 20, "c": 10})
    assert len(dice.purposes) == 3
    assert placed(emit) == {"a": (1, 20), "b": (2, 10)}
    assert events_of(emit.events, "race_finished")[0]["not_arrived"] == ["c"]


def test_laurin_race_runs_until_every_train_has_arrived(laurin):
    _, dice = race([train(["a"]), train(["b"]), train(["c"])], [6, 5, 1, 6], laurin, {"a": 30, "b": 20, "c": 10})
    assert dice.purposes[-1] == "transport 7 turn 2 c"


# 4.4
def test_joint_train_shares_fees_and_income_with_odd_units(laurin):
    # red+blue pay green 3: the richer (red) pays 2. They tie first with green: 15 for the joint
    # train, 8 to the poorer partner (blue) and 7 to red -- the Laurin example.
    joint = train(["red", "blue"], fees={"green": 3})
    emit, dice = race([joint, train(["green"])], [5, 5], laurin, {"red": 40, "blue": 30, "green": 20})
    assert postings(emit, "fees") == [("blue", "green", 1), ("red", "green", 2)]
    assert sorted(postings(emit, "bonus")) == [("bank", "blue", 8), ("bank", "green", 15), ("bank", "red", 7)]
    assert dice.purposes[0] == "transport 7 turn 1 red+blue"


def test_joint_train_fee_cap_is_for_the_one_train_not_each_partner(any_rules):
    # 14 to green split 7 + 7: each partner is under the cap, the train is over it
    joint = train(["red", "blue"], LINE, {"green": 14}, (LINE, {"green": 10}))
    emit, _ = race([joint, train(["green"])], [6, 6, 6], any_rules, {"red": 40, "blue": 30, "green": 20})
    refused = events_of(emit.events, "race_route_refused")
    assert [(e["train"], e["alternative"]) for e in refused] == [("red+blue", 1)]
    assert "cap of 10" in refused[0]["reason"] and "one train" in refused[0]["reason"]
    assert sorted(postings(emit, "fees")) == [("blue", "green", 5), ("red", "green", 5)]


def test_joint_odd_cost_paid_by_the_richer_in_every_edition(any_rules):
    joint = train(["red", "blue"], fees={"green": 5})
    emit, _ = race([joint, train(["green"])], [6, 1, 6], any_rules, {"red": 40, "blue": 30, "green": 20})
    assert postings(emit, "fees") == [("blue", "green", 2), ("red", "green", 3)]


# DESIGN "Orders": figures written on a race route are checked and reported, never applied
def expecting(t, company, *written):
    from umpire.families.dampfross.orders import Expectation
    t.expected = {company: {1: [Expectation(kind, amount, who, text) for kind, amount, who, text in written]}}
    t.lines = [5]
    return t


def test_a_written_fee_that_differs_is_reported_and_changes_nothing(laurin):
    a = expecting(train(["a"], fees={"b": 3}), "a", ("fee", 2, "b", "[-2 b]"))
    emit, _ = race([a, train(["b"])], [1, 6, 6], laurin, {"a": 30, "b": 30})
    (diff,) = events_of(emit.events, "expectation_differs")
    assert (diff["company"], diff["line"], diff["what"], diff["expected"], diff["actual"]) == (
        "a", 5, "fees to b", 2, 3)
    assert postings(emit, "fees") == [("a", "b", 3)]


def test_written_fees_to_one_company_add_up_over_the_route(laurin):
    a = expecting(train(["a"], fees={"b": 3}), "a", ("fee", 1, "b", "[-1 b]"), ("fee", 2, "b", "[-2 b]"))
    emit, _ = race([a, train(["b"])], [1, 6, 6], laurin, {"a": 30, "b": 30})
    assert not events_of(emit.events, "expectation_differs")


def test_a_written_bonus_is_checked_against_the_bonus_paid(laurin):
    a = expecting(train(["a"]), "a", ("bonus", 20, None, "[+20]"))
    b = expecting(train(["b"]), "b", ("bonus", 20, None, "[+20]"))
    emit, _ = race([a, b], [6, 1, 6], laurin, {"a": 30, "b": 30})
    diffs = events_of(emit.events, "expectation_differs")
    assert [(d["company"], d["what"], d["expected"], d["actual"]) for d in diffs] == [("b", "bonus", 20, 10)]
