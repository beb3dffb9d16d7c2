"""Ferries (Schmidt optional rule, RULES 6 and 4.2.6): the FERRY order, buying a ferry, crossing it
in a race, the owner's fee under the cap, and ferries in the transport checks and the route assistant."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import TESTS
from helpers import run_round as build_round
from opskit import ScriptedDice, announce, events_of, make_state, run_round

from umpire.families.dampfross.engine.construction import Emitter
from umpire.families.dampfross.engine.ferries import buy_ferry
from umpire.families.dampfross.engine.network import adjacency, ferry_lengths, on_any_network, shortest_line
from umpire.families.dampfross.engine.races import Race, Train
from umpire.families.dampfross.engine.route_assistant import fastest_route
from umpire.families.dampfross.engine.routes import RouteError, check_route
from umpire.families.dampfross.engine.transports import Announcer
from umpire.families.dampfross.gamemap import FerryRules, load_map
from umpire.families.dampfross.hexgrid import parse_label as P
from umpire.families.dampfross.orders import parse_order

WEST = "A3-B2-C2-C1"        # Weststadt to Nordhafen
EAST = "G2-H2-I3-J3"        # Ostkai to Ostdorf
NORTH = "Nordhafen–Ostkai"


@pytest.fixture(scope="module")
def strait():
    return load_map(TESTS / "maps" / "ferries.yaml")


def ferry_order(strait, text):
    return parse_order(f"GAME t\nCOMPANY red\n{text}\n", strait)


def owning(state, company, ferry):
    emit = Emitter(state.copy())
    emit(dict(type="ferry_bought", round=1, company=company, ferry=ferry, port="", port_name="", landing="",
              landing_name="", price=6))
    return emit.state


def buy(state, strait, rules, company, text):
    emit = Emitter(state.copy())
    problem = buy_ferry(emit, strait, rules, company, ferry_order(strait, text).ferries[0])
    return emit, problem


def france_like(strait):
    return dataclasses.replace(strait, ferry_rules=FerryRules(price=6, fee=3, loading=2, per_company=2,
                                                              different_ports=True))


# -- the FERRY order line ---------------------------------------------------------
def test_ferry_order_by_port_by_name_and_by_port_hex(strait):
    assert ferry_order(strait, "FERRY Suedhafen").ferries[0].ferry == "Suedhafen–Ostkai"
    assert ferry_order(strait, "FERRY Nordhafen-Ostkai").ferries[0].ferry == NORTH
    assert ferry_order(strait, "ferry nordhafen – ostsund").ferries[0].ferry == "Nordhafen–Ostsund"
    assert ferry_order(strait, "FERRY C5").ferries[0].ferry == "Suedhafen–Ostkai"


def test_ferry_order_for_a_port_with_two_ferries_asks_which(strait):
    order = ferry_order(strait, "FERRY Nordhafen")
    assert not order.ferries and "has 2 ferries" in order.errors[0].message
    assert "Port-Landing" in order.errors[0].message


def test_ferry_order_for_no_ferry_lists_the_ferries(strait, test_map):
    order = ferry_order(strait, "FERRY Weststadt")
    assert "not a ferry of this map" in order.errors[0].message and NORTH in order.errors[0].message
    other = parse_order("GAME t\nCOMPANY red\nFERRY Alpha\n", test_map)
    assert "this map has no ferries" in other.errors[0].message


# -- buying -------------------------------------------------------------------------
def test_company_whose_line_reaches_the_port_buys_the_ferry_from_the_bank(strait, schmidt):
    state = make_state({"red": [WEST]}, {"red": 20})
    emit, problem = buy(state, strait, schmidt, "red", "FERRY Nordhafen-Ostkai")
    assert problem is None
    (bought,) = events_of(emit.events, "ferry_bought")
    assert (bought["company"], bought["ferry"], bought["port"], bought["landing"], bought["price"]) == \
        ("red", NORTH, "C1", "G2", 6)
    assert [(p["from"], p["to"], p["amount"]) for p in events_of(emit.events, "posting")] == [("red", "bank", 6)]
    assert emit.state.ferry_owners == {NORTH: "red"} and emit.state.balance("red") == 14


def test_ferry_cannot_be_bought_before_the_line_reaches_the_port(strait, schmidt):
    state = make_state({"red": ["A3-B2-C2"]})
    _, problem = buy(state, strait, schmidt, "red", "FERRY Suedhafen")
    assert "not on this company's network" in problem and "port" in problem


def test_each_ferry_has_one_owner(strait, schmidt):
    state = owning(make_state({"red": [WEST], "blue": [WEST]}), "blue", NORTH)
    _, problem = buy(state, strait, schmidt, "red", "FERRY Nordhafen-Ostkai")
    assert "belongs to blue" in problem


def test_germany_no_company_holds_both_ferries(strait, schmidt):
    state = owning(make_state({"red": [WEST, "C2-C3-C4-C5"]}), "red", NORTH)
    _, problem = buy(state, strait, schmidt, "red", "FERRY Suedhafen")
    assert "at most 1 ferry" in problem


def test_france_two_ferries_per_company_from_different_ports(strait, schmidt):
    france = france_like(strait)
    state = owning(make_state({"red": [WEST, "C2-C3-C4-C5"]}), "red", NORTH)
    _, problem = buy(state, france, schmidt, "red", "FERRY Nordhafen-Ostsund")
    assert "different ports" in problem and "Nordhafen" in problem
    emit, problem = buy(state, france, schmidt, "red", "FERRY Suedhafen")
    assert problem is None and emit.state.ferries_of("red") == [NORTH, "Suedhafen–Ostkai"]
    _, problem = buy(emit.state, france, schmidt, "red", "FERRY Nordhafen-Ostsund")
    assert "at most 2 ferries" in problem


def test_ferry_is_not_bought_without_the_price_in_the_account(strait, schmidt):
    state = make_state({"red": [WEST]}, {"red": 5})
    _, problem = buy(state, strait, schmidt, "red", "FERRY Nordhafen-Ostkai")
    assert "costs 6 units and the balance is 5" in problem


def test_ferries_are_bought_only_where_the_rules_play_them(strait, laurin):
    _, problem = buy(make_state({"red": [WEST]}), strait, laurin, "red", "FERRY Nordhafen-Ostkai")
    assert "options.ferries" in problem


def test_a_ferry_is_bought_after_the_chains_of_a_construction_turn(strait, schmidt):
    from helpers import new_state

    from umpire.kernel.dice import RecordedDice
    state = new_state(schmidt, ("red", "blue"), RecordedDice([6, 1]))
    events, state = build_round(state, strait, schmidt, {
        "red": "HOME Weststadt\nFERRY Nordhafen-Ostkai\nBUILD A3-B2-C2-C1",
        "blue": "HOME Ostdorf\nBUILD J3-I3"})
    assert state.ferry_owners == {NORTH: "red"}
    order = [e["type"] for e in events if e.get("company") == "red" and e["type"] in ("segment", "ferry_bought")]
    assert order == ["segment", "segment", "segment", "ferry_bought"]


def test_a_ferry_is_bought_in_an_operating_round_without_an_allowance(strait, schmidt):
    state = announce(make_state({"red": [WEST], "blue": [EAST]}), 1, ["A3"], ["J3"])
    events, state, _ = run_round(state, strait, schmidt, {"red": "RACE 1 PASS\nFERRY Nordhafen-Ostkai",
                                                          "blue": "RACE 1 PASS"}, [])
    assert state.ferry_owners == {NORTH: "red"}
    assert not [e for e in events_of(events, "refused") if e["company"] == "red"]


def test_a_ferry_is_not_built(strait, schmidt):
    from helpers import new_state

    from umpire.kernel.dice import RecordedDice
    state = new_state(schmidt, ("red", "blue"), RecordedDice([6, 6]))
    events, _ = build_round(state, strait, schmidt, {"red": "HOME Weststadt\nBUILD A3-B2-C2-C1-G2"})
    (refused,) = events_of(events, "refused")
    assert "ferry" in refused["reason"] and "FERRY" in refused["reason"]


# -- crossing in a race -------------------------------------------------------------
def route_plan(state, strait, companies, text, schmidt):
    order = parse_order(f"GAME t\nCOMPANY {companies[0]}\nRACE 1 RUN {text}\n", strait)
    route = order.races[0].routes[0]
    return check_route(state, strait, companies, route, [route.hexes[0]], [route.hexes[-1]], None,
                       schmidt.operations.fee_per_step)


def test_route_crosses_a_ferry_from_port_to_landing(strait, schmidt):
    state = owning(make_state({"red": [WEST], "blue": [EAST]}), "red", NORTH)
    plan = route_plan(state, strait, ["red"], "Weststadt-B2-C2-Nordhafen-Ostkai-H2-I3-Ostdorf", schmidt)
    assert plan.ferries == {3: NORTH} and plan.payees[3] == "red"
    assert plan.fees == {"blue": 3}


def test_rival_pays_the_owner_its_fee_for_each_use(strait, schmidt):
    state = owning(make_state({"red": [WEST], "blue": [EAST, "G2-G3-G4"]}), "blue", NORTH)
    plan = route_plan(state, strait, ["red"], "A3-B2-C2-C1-G2-H2", schmidt)
    assert plan.fees == {"blue": 3 + 1}


def test_owner_and_its_joint_partner_cross_free(strait, schmidt):
    state = owning(make_state({"red": [WEST], "blue": [EAST]}), "blue", NORTH)
    plan = route_plan(state, strait, ["red", "blue"], "A3-B2-C2-C1-G2-H2-I3-J3", schmidt)
    assert plan.fees == {}


def test_own_ferry_counts_as_own_line(strait, schmidt):
    state = owning(make_state({"red": [], "blue": [WEST, EAST]}), "red", NORTH)
    plan = route_plan(state, strait, ["red"], "A3-B2-C2-C1-G2-H2-I3-J3", schmidt)
    assert plan.fees == {"blue": 6}


def test_a_ferry_nobody_bought_cannot_be_crossed(strait, schmidt):
    state = make_state({"red": [WEST], "blue": [EAST]})
    with pytest.raises(RouteError, match="nobody has bought"):
        route_plan(state, strait, ["red"], "A3-B2-C2-C1-G2-H2", schmidt)


def test_ferry_fee_counts_under_the_fee_cap(strait, schmidt):
    state = owning(make_state({"red": ["A3-B3"], "blue": ["A3-B2-C2-C1", EAST]}), "blue", NORTH)
    plan = route_plan(state, strait, ["red"], "B3-A3-B2-C2-C1-G2-H2-I3-J3", schmidt)
    assert plan.fees == {"blue": 3 + 3 + 3}
    emit = Emitter(state.copy())
    Race(emit, strait, schmidt, ScriptedDice([6] * 10), 1,
         [Train(["red"], [(1, plan)]), Train(["blue"], [(1, route_plan(state, strait, ["blue"], "C1-G2", schmidt))])]
         ).settle_fees()
    assert not events_of(emit.events, "race_route_refused")
    capped = owning(make_state({"red": ["A3-B3"], "blue": ["A3-B2-C2-C1", EAST + "-J4-I4"]}), "blue", NORTH)
    plan = route_plan(capped, strait, ["red"], "B3-A3-B2-C2-C1-G2-H2-I3-J3-J4-I4", schmidt)
    assert plan.fees == {"blue": 11}
    emit = Emitter(capped.copy())
    race = Race(emit, strait, schmidt, ScriptedDice([6] * 10), 1, [Train(["red"], [(1, plan)])])
    race.settle_fees()
    assert "cap of 10" in events_of(emit.events, "race_route_refused")[0]["reason"]


def test_crossing_costs_the_ferry_length_and_loading_and_carries_over(strait, schmidt):
    state = owning(make_state({"red": [WEST], "blue": [EAST]}, {"red": 30, "blue": 30}), "red", NORTH)
    plan = route_plan(state, strait, ["red"], "C2-C1-G2-H2", schmidt)
    emit = Emitter(state.copy())
    race = Race(emit, strait, schmidt, ScriptedDice([3, 2, 6]), 1, [Train(["red"], [(1, plan)])])
    race.run()
    first, second = events_of(emit.events, "race_moved")[:2]
    # turn 1: C2-C1 (1), then 2 of the crossing's 4 points; turn 2: the other 2, at Ostkai
    assert (first["to"], first["on_ferry"], first["ferry_points_spent"], first["on_border"]) == ("C1", NORTH, 2, False)
    assert (second["to"], second["steps"], "on_ferry" in second) == ("G2", 1, False)


# -- transports and the route assistant ----------------------------------------------
def test_a_bought_ferry_links_its_landing_to_the_network(strait, schmidt):
    state = make_state({"red": [WEST]})
    assert not on_any_network(state, P("G2"), strait)
    state = owning(state, "red", NORTH)
    assert on_any_network(state, P("G2"), strait)


def test_a_ferry_counts_its_length_in_the_shortest_line(strait, schmidt):
    state = owning(make_state({"red": [WEST], "blue": [EAST]}), "red", NORTH)
    graph = adjacency(state, strait)
    assert shortest_line(graph, [P("A3")], [P("J3")], ferry_lengths(state, strait)) == 3 + 2 + 3


def test_transport_to_a_landing_is_not_cancelled_once_the_ferry_is_bought(strait, laurin):
    state = owning(make_state({"red": [WEST]}), "red", NORTH)
    emit = Emitter(state.copy())
    Announcer(emit, strait, laurin, ScriptedDice([1, 1, 2, 1])).announce(1)   # 11 Weststadt to 21 Ostkai
    (t,) = events_of(emit.events, "transport_announced")
    assert t["destination_name"] == "Ostkai" and not t["cancelled"] and t["shortest"] == 5


def test_route_assistant_crosses_a_ferry_and_quotes_its_fee(strait, schmidt):
    state = owning(make_state({"red": [WEST], "blue": [EAST]}), "blue", NORTH)
    quote = fastest_route(state, strait, schmidt, ["red"], P("A3"), P("J3"))
    assert quote.points == 3 + 4 + 3 and quote.plan.fees == {"blue": 3 + 3}


def test_status_lists_each_ferry_and_its_owner(strait, schmidt, laurin):
    from umpire.families.dampfross.engine.operations import status_facts
    state = owning(make_state({"red": [WEST]}), "red", NORTH)
    assert status_facts(state, strait, schmidt)["ferries"] == {NORTH: "red", "Suedhafen–Ostkai": None,
                                                              "Nordhafen–Ostsund": None}
    assert "ferries" not in status_facts(state, strait, laurin)


def test_a_race_over_a_ferry_from_the_orders_with_fees_netted(strait, schmidt):
    state = owning(make_state({"red": [WEST], "blue": [EAST]}, {"red": 30, "blue": 30}), "red", NORTH)
    state = announce(state, 1, ["A3"], ["J3"])
    route = "Weststadt-B2-C2-Nordhafen-Ostkai-H2-I3-Ostdorf"
    events, new, _ = run_round(state, strait, schmidt, {"red": f"RACE 1 RUN {route}", "blue": f"RACE 1 RUN {route}"},
                               [6, 6, 6, 6])
    entered = {e["train"]: e["fees"] for e in events_of(events, "race_entered")}
    assert entered == {"red": {"blue": 3}, "blue": {"red": 3 + 3}}
    assert [(e["from"], e["to"], e["amount"]) for e in events_of(events, "posting") if "fees" in e["reason"]] == \
        [("blue", "red", 3)]
    assert events_of(events, "race_entered")[0]["ferries"] == [{"ferry": NORTH, "from": "C1", "to": "G2",
                                                                "owner": "red"}]
    assert len(events_of(events, "race_finished")[0]["arrivals"]) == 2
