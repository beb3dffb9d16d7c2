"""Operating rounds by mail (RULES 4.2.1, 4.4, 7): race orders, refusals, joint trains, house-rule options."""

from __future__ import annotations

from opskit import NETWORK, ScriptedDice, announce, events_of, make_state, run_round

from umpire.families.dampfross.engine.construction import Emitter
from umpire.families.dampfross.engine.operations import open_operations_round

RED = "C3-D3-E3-F3-G4-G5-G6-H5-I6-J6-K7-K8"          # Alpha to Beta on red's own line
BLUE = RED + "[blue]"                                  # the last step on blue's own segment
BALANCES = {"red": 30, "blue": 20, "green": 10}


def one_transport(number=1, balances=BALANCES):
    return announce(make_state(NETWORK, balances), number, ["C3"], ["K8"])


def refusals(events):
    return [(e["company"], e["line"], e["reason"]) for e in events_of(events, "refused")]


def trains(events, transport=1):
    return {e["train"]: e["route"] for e in events_of(events, "race_entered") if e["transport"] == transport}


def test_race_for_a_transport_not_announced_is_refused_and_the_rest_kept(test_map, laurin):
    events, _, _ = run_round(one_transport(), test_map, laurin,
                             {"red": f"RACE 5 RUN {RED}\nRACE 1 RUN {RED}"}, [6, 6])
    (company, line, reason), = refusals(events)
    assert company == "red" and line == 3 and "transport 5 is not announced in this round" in reason
    assert "red" in trains(events)


def test_route_through_a_hex_without_track_is_refused_naming_the_step(test_map, laurin):
    events, _, _ = run_round(one_transport(), test_map, laurin,
                             {"red": f"RACE 1 RUN C3-C4-D4-E4 ELSE {RED}"}, [6, 6])
    (_, _, reason), = refusals(events)
    assert reason.startswith("route 1: step C4-D4 (step 2) has no track")
    assert events_of(events, "race_entered")[0]["alternative"] == 2


def test_to_that_is_not_a_destination_is_refused(test_map, laurin):
    events, _, _ = run_round(one_transport(), test_map, laurin,
                             {"red": f"RACE 1 RUN {RED}-L8-M9 TO Theta", "blue": f"RACE 1 RUN {BLUE}"}, [6, 6])
    assert "TO M9 is not a destination" in refusals(events)[0][2]
    assert list(trains(events)) == ["blue"]


def test_fees_for_the_rival_line_are_posted(test_map, laurin):
    events, state, _ = run_round(one_transport(), test_map, laurin,
                                 {"red": f"RACE 1 RUN {RED}", "blue": f"RACE 1 RUN {BLUE}"}, [6, 6, 6, 6])
    fee, = [e for e in events_of(events, "posting") if e["reason"].startswith("fees")]
    assert (fee["from"], fee["to"], fee["amount"]) == ("blue", "red", 10)


def test_second_entry_for_the_same_transport_is_refused(test_map, laurin):
    events, _, _ = run_round(one_transport(), test_map, laurin, {"red": f"RACE 1 RUN {RED}\nRACE 1 PASS"}, [6, 6])
    assert "a second entry for transport 1; the entry on line 3 stands" in refusals(events)[0][2]


def test_company_that_sent_nothing_does_not_take_part(test_map, laurin):
    events, _, _ = run_round(one_transport(), test_map, laurin, {"red": f"RACE 1 RUN {RED}"}, [6, 6])
    assert {e["company"] for e in events_of(events, "no_orders")} == {"blue", "green"}
    assert list(trains(events)) == ["red"]


def test_pass_is_recorded(test_map, laurin):
    events, _, _ = run_round(one_transport(), test_map, laurin, {"green": "RACE 1 PASS"}, [])
    assert [e["company"] for e in events_of(events, "race_passed")] == ["green"]


# 4.4 joint transports by order
def test_joint_train_runs_when_both_order_join_with_the_same_route(test_map, laurin):
    events, _, _ = run_round(one_transport(), test_map, laurin,
                             {"red": f"RACE 1 JOIN green {RED}", "green": f"RACE 1 JOIN red {RED}"}, [6, 6])
    entered, = events_of(events, "race_entered")
    assert entered["train"] == "red+green" and entered["fees"] == {}


def test_joint_train_runs_free_on_the_partners_line(test_map, laurin):
    events, _, _ = run_round(one_transport(), test_map, laurin,
                             {"blue": f"RACE 1 JOIN green {BLUE}", "green": f"RACE 1 JOIN blue {BLUE}"}, [6, 6])
    assert events_of(events, "race_entered")[0]["fees"] == {"red": 10}


def test_join_the_partner_did_not_order_is_refused(test_map, laurin):
    events, _, _ = run_round(one_transport(), test_map, laurin,
                             {"red": f"RACE 1 JOIN green {RED}", "green": "RACE 1 PASS"}, [])
    assert refusals(events) == [("red", 3, "green did not order RACE 1 JOIN red; both partners order JOIN "
                                           "with each other and the same route.")]
    assert not events_of(events, "race_entered")


def test_join_with_different_routes_is_refused(test_map, laurin):
    events, _, _ = run_round(one_transport(), test_map, laurin,
                             {"red": f"RACE 1 JOIN blue {RED}", "blue": f"RACE 1 JOIN red {BLUE}"}, [])
    assert [c for c, _, r in refusals(events) if "different route" in r] == ["red", "blue"]


# 7: the round structure and the postal house rules
def test_round_announces_two_transports_by_default(test_map, laurin):
    emit = Emitter(make_state(NETWORK))
    open_operations_round(emit, test_map, laurin, ScriptedDice([1, 3, 4, 1, 2, 1, 3, 1]), {})
    assert [e["transport"] for e in events_of(emit.events, "transport_announced")] == [1, 2]
    assert events_of(emit.events, "races_called")[0]["transports"] == [1, 2]


def test_transports_per_round_is_a_game_option(test_map, laurin):
    emit = Emitter(make_state(NETWORK))
    open_operations_round(emit, test_map, laurin, ScriptedDice([1, 3, 4, 1, 2, 1, 3, 1, 1, 1, 4, 4]),
                          {"transports_per_round": 3})
    assert events_of(emit.events, "races_called")[0]["transports"] == [1, 2, 3]


def test_entries_per_company_per_round_is_a_game_option(test_map, laurin):
    state = announce(one_transport(), 2, ["C3"], ["K8"])
    events, _, _ = run_round(state, test_map, laurin, {"red": f"RACE 1 RUN {RED}\nRACE 2 RUN {RED}"},
                             [6, 6, 6, 6], options={"entries_per_round": 1})
    assert "at most 1 races in one round" in refusals(events)[0][2]
    assert [e["transport"] for e in events_of(events, "race_entered")] == [1]


def test_unentered_race_is_carried_forward_when_the_option_is_set(test_map, laurin):
    events, state, _ = run_round(one_transport(), test_map, laurin, {"red": "RACE 1 PASS"}, [],
                                 options={"carry_unentered": True})
    assert events_of(events, "transport_carried")[0]["transport"] == 1
    assert state.ops.get("made", 0) == 0 and state.ops["open"][0] == 1


def test_unentered_race_counts_without_the_option(test_map, laurin):
    _, state, _ = run_round(one_transport(), test_map, laurin, {"red": "RACE 1 PASS"}, [])
    assert state.ops["made"] == 1 and 1 not in state.ops["open"]


def test_entry_limit_rises_by_one_for_every_two_races_carried_forward(test_map, laurin):
    # transports 1-3 were carried forward from an earlier round, 4 is new: 3 carried, limit 1 + 1 = 2
    state = one_transport()
    state.round = 5
    for n in (1, 2, 3):
        state = announce(state, n, ["C3"], ["K8"], round_number=4) if n > 1 else state
    state.ops["transports"][1]["round"] = 4
    state = announce(state, 4, ["C3"], ["K8"])
    body = "\n".join(f"RACE {n} RUN {RED}" for n in (1, 2, 3, 4))
    options = {"entries_per_round": 1, "entries_rise_with_carried": True}
    events, _, _ = run_round(state, test_map, laurin, {"red": body}, [6] * 8, options=options)
    assert [e["transport"] for e in events_of(events, "race_entered")] == [1, 2]
    assert all("at most 2 races" in r for _, _, r in refusals(events))
    events, _, _ = run_round(state, test_map, laurin, {"red": body}, [6] * 8, options={"entries_per_round": 1})
    assert [e["transport"] for e in events_of(events, "race_entered")] == [1]
