"""RULES 3 clause by clause: homes, rounds, budgets, networks, refusals, bonuses, the end."""

import pytest
from helpers import h, lay, new_state, of_type, run_round, tiny_map

from umpire.families.dampfross.engine import construction
from umpire.families.dampfross.engine.state import fold
from umpire.families.dampfross.ruleset import load_rules
from umpire.kernel.dice import RecordedDice, SeededDice

# odd-q, row 2 is a straight plain line A2..J2; water at A3/B3; a mountain at D1
ROWS = ["...^......", "..........", "~~........"]
CITIES = [("Start", "A2", [11], True), ("Cee", "C2", [12], False), ("Eee", "E2", [13], False),
          ("Gee", "G2", [14], False), ("Iii", "I2", [15], False), ("Other", "J2", [16], True),
          ("Nameless", "E3", [], False)]


@pytest.fixture(scope="module")
def m():
    return tiny_map(ROWS, cities=CITIES)


def refusals(events, company=None):
    return [e["reason"] for e in of_type(events, "refused") if company in (None, e["company"])]


def segments(state, company):
    return state.segments_of(company)


# -- 3.1 home terminals ---------------------------------------------------------
def test_home_terminal_chosen_by_home_line(m, laurin):
    _, state = run_round(new_state(laurin), m, laurin, {"red": "HOME Start\nBUILD A2-B2"})
    assert state.homes["red"] == h("A2") and segments(state, "red") == [["A2", "B2"]]


def test_home_terminal_taken_from_the_first_chain(m, laurin):
    _, state = run_round(new_state(laurin), m, laurin, {"red": "BUILD Other-I2"})
    assert state.homes["red"] == h("J2")


def test_several_companies_may_share_a_home_terminal(m, laurin):
    _, state = run_round(new_state(laurin), m, laurin, {"red": "BUILD A2-B2", "blue": "BUILD A2-A1"})
    assert state.homes["red"] == state.homes["blue"] == h("A2")


def test_home_must_be_one_of_the_maps_home_terminals(m, laurin):
    events, state = run_round(new_state(laurin), m, laurin, {"red": "HOME Cee\nBUILD C2-D2"})
    assert "not a home terminal" in refusals(events, "red")[0]
    assert segments(state, "red") == []


def test_without_a_home_terminal_nothing_is_built(m, laurin):
    events, state = run_round(new_state(laurin), m, laurin, {"red": "BUILD C2-D2"})
    assert "no home terminal" in refusals(events, "red")[0] and segments(state, "red") == []


def test_home_terminal_is_chosen_once(m, laurin):
    state = lay(new_state(laurin), "red", "A2-B2")
    events, state = run_round(state, m, laurin, {"red": "HOME Other\nBUILD B2-C2"})
    assert "chosen once" in refusals(events, "red")[0]
    assert state.homes["red"] == h("A2") and ["B2", "C2"] in segments(state, "red")


def test_first_round_one_direction_out_of_the_home_terminal(laurin):
    m = tiny_map(["....", "....", "...."], cities=[("Moskau", "B2", [51], True)], first_round_one_direction=True)
    state = new_state(laurin)
    events, state = run_round(state, m, laurin, {"red": "BUILD B2-B1\nBUILD B2-B3"})
    assert segments(state, "red") == [["B1", "B2"]]
    assert "one direction" in refusals(events, "red")[0]


# -- 3.2 rounds -----------------------------------------------------------------
def test_first_listed_company_builds_first_in_round_one(laurin):
    assert new_state(laurin).round_order == ["red", "blue", "green"]


def test_first_company_rotates_by_one_seat_each_round(m, laurin):
    state = new_state(laurin)
    orders = []
    for _ in range(4):
        orders.append(state.round_order)
        _, state = run_round(state, m, laurin, {})
    assert orders == [["red", "blue", "green"], ["blue", "green", "red"], ["green", "red", "blue"],
                      ["red", "blue", "green"]]


# -- 3.3 budgets ----------------------------------------------------------------
def test_laurin_one_die_per_round_for_every_company(laurin):
    state = new_state(laurin, dice=RecordedDice([4, 1, 1]))
    assert state.budgets == {"red": 4, "blue": 4, "green": 4} and state.rolls == 1


def test_schmidt_each_company_rolls_its_own_die_in_round_order(schmidt):
    events, state = construction.start_game("g", [{"id": c, "name": c} for c in ("red", "blue", "green")],
                                            schmidt, RecordedDice([2, 5, 6]))
    assert state.budgets == {"red": 2, "blue": 5, "green": 6}
    assert [e["purpose"] for e in of_type(events, "roll")] == [
        "round 1 construction red", "round 1 construction blue", "round 1 construction green"]


def test_buetehorn_each_company_rolls_its_own_die(buetehorn):
    state = new_state(buetehorn, dice=RecordedDice([1, 2, 3]))
    assert state.budgets == {"red": 1, "blue": 2, "green": 3}


def test_two_dice_variant_adds_both(laurin):
    two = load_rules("laurin", {"construction.dice.count": 2})
    state = new_state(two, dice=RecordedDice([4, 5]))
    assert state.budgets["red"] == 9


def test_shared_roll_variant_for_schmidt():
    shared = load_rules("schmidt", {"construction.dice.mode": "shared"})
    state = new_state(shared, dice=RecordedDice([3, 6, 6]))
    assert state.budgets == {"red": 3, "blue": 3, "green": 3} and state.rolls == 1


def test_dice_are_rolled_when_the_round_opens_before_any_order(laurin):
    events, _ = construction.start_game("g", [{"id": "red", "name": "Red"}], laurin, RecordedDice([5]))
    kinds = [e["type"] for e in events]
    assert kinds.index("roll") < kinds.index("round_opened")


def test_unused_points_are_lost(m, laurin):
    state = new_state(laurin, dice=RecordedDice([5, 2]))
    events, state = run_round(state, m, laurin, {"red": "BUILD A2-B2"}, dice=RecordedDice([2]))
    assert of_type(events, "points_unused")[0]["points"] == 4
    assert state.budgets["red"] == 2


# -- 3.4 one company at a time --------------------------------------------------
def test_first_company_in_round_order_gets_the_city_bonus(m, laurin):
    events, state = run_round(new_state(laurin), m, laurin, {"blue": "BUILD A2-B2-C2", "red": "BUILD A2-A1-B1-C2"})
    connected = of_type(events, "city_connected")
    assert [(e["city"], e["company"], e["bonus"]) for e in connected if e["city"] == "Cee"] == [("Cee", "red", 6)]
    assert state.balance("red") == 26 and state.balance("blue") == 20


def test_fees_follow_from_what_is_already_built_this_round(m, laurin):
    state = lay(lay(new_state(laurin), "red", "A2-B2"), "blue", "A2-A1")
    events, state = run_round(state, m, laurin, {"red": "BUILD B2-B1", "blue": "BUILD A1-B1"})
    assert [(e["from"], e["to"], e["amount"]) for e in of_type(events, "posting")] == [("blue", "red", 1)]


# -- 3.5 networks ---------------------------------------------------------------
def test_a_chain_starts_on_the_companys_network(m, laurin):
    state = lay(new_state(laurin), "red", "A2-B2")
    events, state = run_round(state, m, laurin, {"red": "BUILD D2-E2"})
    assert "not on this company's network" in refusals(events, "red")[0]


def test_a_chain_may_start_anywhere_on_the_network(m, laurin):
    state = lay(new_state(laurin), "red", "A2-B2-C2")
    _, state = run_round(state, m, laurin, {"red": "BUILD B2-B1"})
    assert ["B1", "B2"] in segments(state, "red")


def test_a_segment_into_water_is_refused(m, laurin):
    state = lay(new_state(laurin), "red", "A2-B2")
    events, _ = run_round(state, m, laurin, {"red": "BUILD B2-B3"})
    assert "water" in refusals(events, "red")[0]


# -- 3.6 no duplicates ----------------------------------------------------------
def test_a_company_may_not_build_its_own_segment_twice(m, laurin):
    state = lay(new_state(laurin), "red", "A2-B2")
    events, state = run_round(state, m, laurin, {"red": "BUILD A2-B2-C2"})
    assert "already owns" in refusals(events, "red")[0] and segments(state, "red") == [["A2", "B2"]]


def test_rivals_may_build_parallel_segments(m, laurin):
    state = lay(new_state(laurin), "blue", "A2-B2")
    _, state = run_round(state, m, laurin, {"red": "BUILD A2-B2"})
    assert state.owners[(h("A2"), h("B2"))] == ["blue", "red"]


# -- 3.7 refusals ---------------------------------------------------------------
def test_a_segment_over_the_budget_is_refused_with_the_rest_of_its_chain(m, laurin):
    state = new_state(laurin, dice=RecordedDice([2]))
    events, state = run_round(state, m, laurin, {"red": "BUILD A2-B2-C2-D2-E2"})
    assert segments(state, "red") == [["A2", "B2"], ["B2", "C2"]]
    assert "only 0 of this round's 2" in refusals(events, "red")[0] and "Not built: C2-D2-E2" in refusals(events)[0]


def test_after_a_refused_chain_the_other_chains_still_run(m, laurin):
    state = lay(new_state(laurin, dice=RecordedDice([2])), "red", "A2-B2")
    events, state = run_round(state, m, laurin, {"red": "BUILD C2-D2\nBUILD B2-C2"})
    assert len(refusals(events, "red")) == 1 and ["B2", "C2"] in segments(state, "red")


def test_a_cheaper_segment_after_a_refused_chain_uses_the_points_left(m, laurin):
    state = lay(new_state(laurin, dice=RecordedDice([2])), "red", "C2-D2")
    events, state = run_round(state, m, laurin, {"red": "BUILD D2-D1\nBUILD D2-E2"})
    assert "costs 3 points" in refusals(events, "red")[0] and ["D2", "E2"] in segments(state, "red")


def test_fees_over_the_balance_are_refused_and_balance_never_below_zero(m, laurin):
    state = lay(lay(new_state(laurin), "blue", "C2-D2-E2"), "red", "B2-C2")
    state.ledger.post(type(state.ledger.postings[0])(0, "red", "bank", 18, "test: spend"))
    events, state = run_round(state, m, laurin, {"red": "BUILD C2-D2"})
    assert "come to 3 units and the balance is 2" in refusals(events, "red")[0]
    assert state.balance("red") == 2


# -- 3.8 city bonus -------------------------------------------------------------
def test_city_bonus_goes_to_the_first_company_only(m, laurin):
    state = lay(new_state(laurin), "blue", "A2-B2")
    _, state = run_round(state, m, laurin, {"blue": "BUILD B2-C2", "red": "BUILD A2-A1-B1-C1-C2"})
    assert state.connected[h("C2")] == "blue" and state.balance("blue") == 26 and state.balance("red") == 20


def test_a_chosen_home_terminal_never_pays_the_bonus(m, laurin):
    state = lay(lay(new_state(laurin), "blue", "J2"), "red", "G2-H2-I2", m)
    events, state = run_round(state, m, laurin, {"red": "BUILD I2-J2"})
    assert [e["bonus"] for e in of_type(events, "city_connected")] == [0]
    assert h("J2") in state.connected and state.balance("red") == 20


def test_a_possible_home_terminal_nobody_chose_pays_like_any_city(m, laurin):
    state = lay(new_state(laurin), "red", "G2-H2-I2", m)
    events, state = run_round(state, m, laurin, {"red": "BUILD I2-J2"})
    assert [e["bonus"] for e in of_type(events, "city_connected")] == [6]
    assert state.balance("red") == 26


def test_buetehorn_a_rivals_chosen_start_hex_never_pays_the_bonus(m, buetehorn):
    state = lay(lay(new_state(buetehorn), "blue", "J2"), "red", "G2-H2-I2", m)
    events, state = run_round(state, m, buetehorn, {"red": "BUILD I2-J2"})
    assert [e["bonus"] for e in of_type(events, "city_connected")] == [0]
    assert state.balance("red") == 20
    own = lay(new_state(buetehorn), "red", "J2-I2")          # red's start hex J2, not yet counted connected
    events, _ = run_round(own, m, buetehorn, {"red": "BUILD J2-J1"})
    assert [(e["city"], e["bonus"]) for e in of_type(events, "city_connected")] == [("Other", 0)]


def test_a_ruleset_with_own_refuses_the_bonus_only_at_the_builders_own_start_hex(m):
    own = load_rules("buetehorn", {"construction.no_bonus_at_home": "own"})   # a game begun before the decision
    state = lay(lay(new_state(own), "blue", "J2"), "red", "G2-H2-I2", m)
    events, state = run_round(state, m, own, {"red": "BUILD I2-J2"})
    assert [e["bonus"] for e in of_type(events, "city_connected")] == [5]


def test_buetehorn_city_bonus_is_5(m, buetehorn):
    events, state = run_round(new_state(buetehorn), m, buetehorn, {"red": "BUILD A2-B2-C2"})
    assert state.balance("red") == 25


def test_schmidt_bonus_only_for_numbered_cities(m, schmidt):
    state = lay(new_state(schmidt), "red", "A2-B2-C2-D2")
    events, state = run_round(state, m, schmidt, {"red": "BUILD D2-E3"})
    assert [e["bonus"] for e in of_type(events, "city_connected")] == [0]


def test_laurin_bonus_for_every_city(m, laurin):
    state = lay(new_state(laurin), "red", "A2-B2-C2-D2")
    events, state = run_round(state, m, laurin, {"red": "BUILD D2-E3"})
    assert [e["bonus"] for e in of_type(events, "city_connected")] == [6]


# -- 3.4 the end of construction ----------------------------------------------------
def test_laurin_ends_at_once_when_all_but_three_cities_are_connected(m, laurin):
    # 7 cities; red's turn connects Start, Cee, Eee, Gee: 3 left -> the phase ends in red's turn
    state = new_state(laurin, dice=RecordedDice([6]))
    events, state = run_round(state, m, laurin, {"red": "BUILD A2-B2-C2-D2-E2-F2-G2", "blue": "BUILD J2-I2"})
    assert state.phase == "operations"
    assert of_type(events, "construction_ended")[0]["round"] == 1
    assert [e["company"] for e in of_type(events, "not_carried_out")] == ["blue"]
    assert segments(state, "blue") == []


def test_laurin_goes_on_while_four_cities_are_unconnected(m, laurin):
    state = new_state(laurin, dice=RecordedDice([6]))
    _, state = run_round(state, m, laurin, {"red": "BUILD A2-B2-C2-D2-E2"})
    assert state.phase == "construction" and state.round == 2


def test_buetehorn_ends_when_every_city_is_connected(m, buetehorn):
    state = lay(new_state(buetehorn), "red", "A2-B2-C2-D2-E2-F2-G2-H2-I2", m)
    _, state = run_round(state, m, buetehorn, {"red": "BUILD D2-E3"})
    assert state.phase == "construction"
    _, state = run_round(state, m, buetehorn, {"red": "BUILD I2-J2"})
    assert state.phase == "operations"


def test_schmidt_ends_two_complete_rounds_after_only_one_city_is_left(m, schmidt):
    state = lay(new_state(schmidt), "red", "A2-B2-C2-D2-E2-F2-G2-H2-I2-J2", m)
    events, state = run_round(state, m, schmidt, {})          # round 1: one city (E3) left
    assert of_type(events, "grace_started")
    _, state = run_round(state, m, schmidt, {})               # round 2
    assert state.phase == "construction"
    events, state = run_round(state, m, schmidt, {})          # round 3: two further rounds done
    assert state.phase == "operations" and "2 rounds" in of_type(events, "construction_ended")[0]["reason"]


def test_the_gm_may_end_construction_by_command(m, laurin):
    state = lay(new_state(laurin), "red", "A2-B2-C2-D2-E2-F2-G2-H2-I2-J2", m)
    events, state = construction.end_construction(state, "the players agreed", m, laurin,
                                                  SeededDice("x"), {})
    assert state.phase == "operations"
    assert "the players agreed" in of_type(events, "construction_ended")[0]["reason"]


# -- expectations written in the order ------------------------------------------------
def test_a_differing_expected_bonus_is_reported_and_changes_nothing(m, laurin):
    events, state = run_round(new_state(laurin), m, laurin, {"red": "BUILD A2-B2-C2 [+5]"})
    diff = of_type(events, "expectation_differs")
    assert [(d["expected"], d["actual"], d["stretch"]) for d in diff] == [(5, 6, "A2-B2-C2")]
    assert state.balance("red") == 26


def test_a_matching_expectation_is_silent(m, laurin):
    state = lay(new_state(laurin), "blue", "B2-B1")
    events, _ = run_round(state, m, laurin, {"red": "BUILD A2-B2 [-1 blue] - C2 [+6]"})
    assert of_type(events, "expectation_differs") == []


# -- the ledger -------------------------------------------------------------------
def test_balances_are_sums_of_postings_and_the_ledger_balances(m, laurin):
    state = lay(new_state(laurin), "blue", "C1-C2-D2")
    _, state = run_round(state, m, laurin, {"red": "BUILD A2-B2-C2-D2"})
    for company in ("red", "blue", "green", "bank"):
        assert state.ledger.balance(company) == state.ledger.recomputed(company)
    assert state.ledger.total() == 0


def test_the_journal_alone_rebuilds_the_state(m, laurin):
    events, _ = construction.start_game("g", [{"id": c, "name": c} for c in ("red", "blue")], laurin,
                                        RecordedDice([3] * 9))
    state = fold(events)
    more, after = run_round(state, m, laurin, {"red": "BUILD A2-B2-C2"})
    rebuilt = fold(events + more)
    assert rebuilt.segments_of("red") == after.segments_of("red")
    assert rebuilt.balance("red") == after.balance("red") == 26


def test_resolving_does_not_change_the_state_given(m, laurin):
    state = new_state(laurin)
    run_round(state, m, laurin, {"red": "BUILD A2-B2-C2"})
    assert state.segments_of("red") == [] and state.balance("red") == 20 and state.round == 1
