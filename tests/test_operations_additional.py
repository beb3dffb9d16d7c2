"""RULES 4.5 and 4.6: additional construction per edition, the end of the game and the winner."""

from __future__ import annotations

from opskit import NETWORK, announce, events_of, make_state, run_round

from umpire.families.dampfross.engine.operations import status_facts
from umpire.families.dampfross.ruleset import load_rules

RED = "C3-D3-E3-F3-G4-G5-G6-H5-I6-J6-K7-K8"
BALANCES = {"red": 30, "blue": 20, "green": 10}


def transports(*numbers, balances=BALANCES):
    state = make_state(NETWORK, balances)
    for n in numbers:
        state = announce(state, n, ["C3"], ["K8"])
    return state


def builders(events):
    return [e["company"] for e in events_of(events, "additional_construction")]


def allowances(events):
    return {e["company"]: e["units"] for e in events_of(events, "allowance")}


# 4.5 Laurin
def test_laurin_builds_after_every_second_transport_up_to_10_poorest_first(test_map, laurin):
    events, state, _ = run_round(transports(2), test_map, laurin, {
        "red": "RACE 2 PASS\nBUILD M9-N9", "blue": "RACE 2 PASS\nBUILD K3-L3", "green": "RACE 2 PASS\nBUILD G10-H10"},
        [])
    assert allowances(events) == {"red": 10, "blue": 10, "green": 10}
    assert builders(events) == ["green", "blue", "red"]
    paid = [(e["from"], e["to"], e["amount"], e["reason"]) for e in events_of(events, "posting")]
    assert ("green", "bank", 1, "building G10-H10") in paid
    assert state.owns("green", (6, 9), (7, 9))


def test_laurin_no_additional_construction_after_an_odd_transport(test_map, laurin):
    events, _, _ = run_round(transports(1), test_map, laurin, {"green": "RACE 1 PASS\nBUILD G10-H10"}, [])
    assert not builders(events)
    assert "no allowance" in events_of(events, "refused")[0]["reason"]


def test_laurin_fees_are_paid_on_top_of_the_allowance(test_map, laurin):
    # C3 (Alpha) -> D3 parallel to red: 1 point, and 3 units to red (connection 1, half-hex 2) in D3.
    events, _, _ = run_round(transports(2), test_map, laurin, {"green": "RACE 2 PASS\nBUILD C3-D3"}, [])
    assert sum(e["amount"] for e in events_of(events, "posting") if (e["from"], e["to"]) == ("green", "red")) == 3
    assert events_of(events, "allowance_unused")[0]["units"] == 9


def test_spending_stops_at_the_allowance(test_map):
    rules = load_rules("laurin", {"operations.additional_construction.amount": 2})
    events, state, _ = run_round(transports(2), test_map, rules, {"green": "RACE 2 PASS\nBUILD G10-H10-I10-J10"}, [])
    refused, = events_of(events, "refused")
    assert "I10-J10: costs 1 units and only 0 of this round's allowance of 2 are left" in refused["reason"]
    assert state.owns("green", (7, 9), (8, 9)) and not state.owns("green", (8, 9), (9, 9))


# 4.5 Schmidt
def test_schmidt_builds_up_to_that_transports_income(test_map, schmidt):
    events, _, _ = run_round(transports(1), test_map, schmidt,
                             {"red": f"RACE 1 RUN {RED}\nBUILD M9-N9", "blue": "RACE 1 PASS\nBUILD K3-L3"}, [])
    assert allowances(events) == {"red": 20}                # the lone participant's 20
    assert builders(events) == ["red"]
    assert "no allowance" in events_of(events, "refused")[0]["reason"]


def test_schmidt_fees_count_against_the_allowance(test_map):
    rules = load_rules("schmidt", {"operations.additional_construction.allowance": "fixed",
                                   "operations.additional_construction.amount": 10})
    events, _, _ = run_round(transports(1), test_map, rules, {"green": "RACE 1 PASS\nBUILD C3-D3"}, [])
    # cost 1; fees 3: the half-hex in D3 (2) and, leaving Alpha parallel to red, the city connection (1)
    assert events_of(events, "allowance_unused")[0]["units"] == 10 - 1 - 3


def test_schmidt_percent_variant_gives_10_percent_at_least_5_below_50(test_map):
    rules = load_rules("schmidt", {"operations.additional_construction.allowance": "percent",
                                   "operations.additional_construction.amount": 10,
                                   "operations.additional_construction.minimum": 5,
                                   "operations.additional_construction.minimum_below": 50,
                                   "operations.additional_construction.every": 2})
    events, _, _ = run_round(transports(2, balances={"red": 80, "blue": 20, "green": 49}), test_map, rules, {}, [])
    assert allowances(events) == {"red": 8, "blue": 5, "green": 5}


def turns(events):
    return [(e["company"], e["allowance"], e.get("transport")) for e in events_of(events, "additional_construction")]


def test_schmidt_builds_after_each_transport_from_its_income_alone(test_map, schmidt):
    events, state, _ = run_round(transports(1, 2), test_map, schmidt, {
        "red": f"RACE 1 RUN {RED}\nRACE 2 RUN {RED}\nBUILD M9-N9\nAFTER 2 BUILD L8-L9"}, [])
    assert turns(events) == [("red", 20, 1), ("red", 20, 2)]          # never 40 summed over the round
    kinds = [(e["type"], e.get("transport")) for e in events]
    assert kinds.index(("additional_construction", 1)) < kinds.index(("race_placed", 2))
    built = [(e["a"], e["b"]) for e in events_of(events, "segment")]
    assert built == [("M9", "N9"), ("L8", "L9")]


def test_plain_build_lines_wait_for_the_first_transport_that_gives_an_allowance(test_map, schmidt):
    events, _, _ = run_round(transports(1, 2), test_map, schmidt, {
        "blue": f"RACE 1 PASS\nRACE 2 RUN {RED}[blue]\nBUILD F2-E2"}, [6] * 12)
    assert turns(events) == [("blue", 20, 2)]
    assert not events_of(events, "refused")


def test_after_a_transport_without_income_the_section_is_refused(test_map, buetehorn):
    events, _, _ = run_round(transports(1, 2), test_map, buetehorn, {
        "blue": f"RACE 1 RUN {RED}\nRACE 2 PASS\nAFTER 2 BUILD K3-L3"}, [])
    refused, = events_of(events, "refused")
    assert refused["line"] == 5 and "no allowance after transport 2" in refused["reason"]


def test_after_a_transport_not_run_this_round_is_refused(test_map, schmidt):
    events, _, _ = run_round(transports(1), test_map, schmidt, {
        "red": f"RACE 1 RUN {RED}\nAFTER 5 BUILD M9-N9"}, [])
    refused, = events_of(events, "refused")
    assert "transports run in round 1 are 1" in refused["reason"] and not events_of(events, "segment")


def test_laurin_builds_once_per_round_and_refuses_after_sections(test_map, laurin):
    events, _, _ = run_round(transports(1, 2), test_map, laurin, {
        "green": "RACE 1 PASS\nRACE 2 PASS\nAFTER 2 BUILD C3-D3\nBUILD G10-H10"}, [])
    assert turns(events) == [("green", 10, None)]
    refused, = events_of(events, "refused")
    assert "write BUILD without AFTER" in refused["reason"]
    assert [(e["a"], e["b"]) for e in events_of(events, "segment")] == [("G10", "H10")]


# 4.5 Bütehorn
def test_buetehorn_builds_from_the_income_in_order_of_arrival(test_map, buetehorn):
    # blue wins (it pays red 10 for the line), red is second; green did not run and has no income.
    events, _, _ = run_round(transports(1), test_map, buetehorn, {
        "red": f"RACE 1 RUN {RED}\nBUILD M9-N9", "blue": f"RACE 1 RUN {RED}[blue]\nBUILD K3-L3",
        "green": "RACE 1 PASS\nBUILD G10-H10"}, [1, 6, 1, 6, 6, 6])
    assert allowances(events) == {"red": 20, "blue": 20}
    assert builders(events) == ["blue", "red"]


# 4.6
def test_laurin_game_ends_after_the_last_transport_highest_balance_wins(test_map):
    rules = load_rules("laurin", {"operations.transports": 1})
    events, state, _ = run_round(transports(1), test_map, rules,
                                 {"red": f"RACE 1 RUN {RED}\nBUILD M9-N9"}, [6, 6])
    finished, = events_of(events, "game_finished")
    assert finished["winners"] == ["red"] and finished["reason"] == "all 1 transports have been made"
    assert state.phase == "finished"
    assert events_of(events, "not_carried_out")[0]["company"] == "red"
    assert status_facts(state, test_map, rules)["winners"] == ["red"]


def test_schmidt_builds_nothing_after_the_transport_that_ends_the_game(test_map):
    rules = load_rules("schmidt", {"operations.transports": 1, "operations.transports_without_specials": 1})
    events, state, _ = run_round(transports(1), test_map, rules,
                                 {"red": f"RACE 1 RUN {RED}\nAFTER 1 BUILD M9-N9"}, [6, 6])
    assert events_of(events, "game_finished") and state.phase == "finished"
    assert events_of(events, "segment") == [] and events_of(events, "additional_construction") == []
    assert events_of(events, "not_carried_out")[0]["company"] == "red"


def test_laurin_builds_what_transport_20_gave_before_transport_21_ends_the_game(test_map, laurin):
    state = transports(20, 21, balances={"red": 30, "blue": 20, "green": 10})
    state.ops["made"] = 19
    orders = {"red": "RACE 20 PASS\nRACE 21 PASS\nBUILD M9-N9", "blue": "RACE 20 PASS\nRACE 21 PASS",
              "green": "RACE 20 PASS\nRACE 21 PASS\nBUILD G10-H10"}
    events, state, _ = run_round(state, test_map, laurin, orders, [])
    kinds = [e["type"] for e in events if e["type"] in ("transport_made", "segment", "game_finished")]
    assert kinds == ["transport_made", "segment", "segment", "transport_made", "game_finished"]
    assert [e["company"] for e in events_of(events, "segment")] == ["green", "red"]      # poorest first
    assert events_of(events, "not_carried_out") == [] and state.phase == "finished"


def test_equal_balances_share_the_win(test_map):
    rules = load_rules("laurin", {"operations.transports": 1})
    events, _, _ = run_round(transports(1, balances={"red": 20, "blue": 20, "green": 20}), test_map, rules, {}, [])
    assert events_of(events, "game_finished")[0]["winners"] == ["red", "blue", "green"]


def test_schmidt_game_ends_when_a_balance_reaches_the_target(test_map):
    rules = load_rules("schmidt", {"operations.end.balance_target": {3: 50}})
    events, state, _ = run_round(transports(1, 2), test_map, rules,
                                 {"red": f"RACE 1 RUN {RED}\nRACE 2 RUN {RED}"}, [])
    finished, = events_of(events, "game_finished")
    assert finished["winners"] == ["red"] and "target of 50 after transport 1" in finished["reason"]
    assert [e["transport"] for e in events_of(events, "race_entered")] == [1]
    assert state.phase == "finished"


def test_order_form_carries_one_build_section_per_transport_where_the_edition_builds_per_transport(test_map):
    from umpire.families.dampfross.render.report import order_template
    state = transports(1, 2)
    announced = [{"number": n, "start_hexes": ["C3"], "destinations": [("K8", "Beta")]} for n in (1, 2)]
    per_transport = order_template(state, test_map, "red", announced, True, [1, 2])
    assert [line.split("   #")[0] for line in per_transport if "BUILD" in line] == [
        "AFTER 1 BUILD <hex>-<hex>-...", "AFTER 2 BUILD <hex>-<hex>-..."]
    per_round = order_template(state, test_map, "red", announced, True)
    assert [line.split("   #")[0] for line in per_round if "BUILD" in line] == ["BUILD <hex>-<hex>-..."]


# 4.5 a transport's income: bonus and fees received, fees paid not deducted (Schmidt, Bütehorn)
# red runs E8-F8-G9 on its own track and G9-G10 on blue's (owes blue 1); blue runs E8-E9 on its own
# and E9-F9-G10 on red's (owes red 2). The ledger nets the pair: blue pays red 1. Red arrives first
# (20), blue second (10).
CROSSED = {"red": ["E8-F8-G9", "E9-F9-G10"], "blue": ["E8-E9", "G9-G10"]}
CROSSED_ORDERS = {"red": "RACE 1 RUN E8-F8-G9-G10", "blue": "RACE 1 RUN E8-E9-F9-G10"}


def crossed_round(test_map, rules):
    state = announce(make_state(CROSSED, {"red": 20, "blue": 20}), 1, ["E8"], ["G10"])
    return run_round(state, test_map, rules, CROSSED_ORDERS, [6, 1, 6])


def fee_postings(events):
    return [(e["from"], e["to"], e["amount"]) for e in events_of(events, "posting") if e["reason"].startswith("fees")]


def test_schmidt_income_counts_fees_received_and_does_not_deduct_fees_paid(test_map, schmidt):
    events, _, _ = crossed_round(test_map, schmidt)
    assert fee_postings(events) == [("blue", "red", 1)]            # the ledger still nets the pair
    assert allowances(events) == {"red": 20 + 2, "blue": 10 + 1}


def test_buetehorn_income_counts_fees_received_and_does_not_deduct_fees_paid(test_map, buetehorn):
    events, _, _ = crossed_round(test_map, buetehorn)
    assert allowances(events) == {"red": 20 + 2, "blue": 10 + 1}
    assert "income of 22 units" in next(e["basis"] for e in events_of(events, "allowance") if e["company"] == "red")


def test_a_ruleset_that_nets_fees_keeps_playing_as_it_was_written(test_map, tmp_path):
    netting = load_rules("schmidt", {"operations.additional_construction.income": "net"})
    events, _, _ = crossed_round(test_map, netting)
    assert allowances(events) == {"red": 20 + 1, "blue": 10}
    # a game's copy of the ruleset from before the value existed plays as before
    from umpire.resources import find_named
    text = find_named("rules", "schmidt").read_text(encoding="utf-8")
    older = tmp_path / "schmidt.yaml"
    older.write_text("\n".join(line for line in text.splitlines() if not line.strip().startswith("income:")),
                     encoding="utf-8")
    events, _, _ = crossed_round(test_map, load_rules(older))
    assert allowances(events) == {"red": 20 + 1, "blue": 10}
