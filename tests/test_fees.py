"""RULES 3.2 (Laurin, Bütehorn) and 3.3 (Schmidt): fees for building into rivals' hexes."""

import pytest
from helpers import h, lay, new_state, of_type, run_round, tiny_map

from umpire.families.dampfross.engine.building import segment_fees
from umpire.families.dampfross.hexgrid import edge

# odd-q, all plain; a city "Cee" at A2 and the pair Nord/Sud on F1/F2
ROWS = ["........", "........", "........", ",,,,,,,,"]
CITIES = [("Cee", "A2", [11], False), ("Nord", "F1", [12], False), ("Sud", "F2", [13], False),
          ("Home", "A4", [14], True)]


@pytest.fixture(scope="module")
def m():
    return tiny_map(ROWS, cities=CITIES, special_fees={edge(h("F1"), h("F2")): 3})


def fees(state, m, rules, company, a, b):
    return [(f.rival, f.amount, f.kind, f"{f.hex[0]},{f.hex[1]}")
            for f in segment_fees(state, m, rules, company, h(a), h(b))]


def total(state, m, rules, company, a, b, rival=None):
    return sum(f.amount for f in segment_fees(state, m, rules, company, h(a), h(b)) if rival in (None, f.rival))


def paid_in(events, hex_label, payer="red"):
    return sum(e["amount"] for e in of_type(events, "posting")
               if e["from"] == payer and e["reason"].endswith(f"in {hex_label}"))


def test_laurin_parallel_segment_check_figure_is_6(m, laurin):
    state = lay(new_state(laurin), "blue", "B2-C2")
    assert total(state, m, laurin, "red", "B2", "C2") == 6


def test_laurin_full_hex_parallel_is_5(m, laurin):
    state = lay(lay(new_state(laurin), "blue", "B2-C2-D2"), "red", "A2-B2")
    state.budgets["red"] = 6
    events, _ = run_round(state, m, laurin, {"red": "BUILD B2-C2-D2"})
    assert paid_in(events, "C2") == 5


def test_laurin_connection_fee_is_1_for_joining_a_rival(m, laurin):
    state = lay(new_state(laurin), "blue", "B2-C2")
    assert fees(state, m, laurin, "red", "C3", "C2") == [("blue", 1, "connection", "2,1")]


def test_laurin_crossing_is_a_connection(m, laurin):
    state = lay(lay(new_state(laurin), "blue", "B2-C2-D2"), "red", "C1")
    state.homes["red"] = h("C1")
    events, _ = run_round(state, m, laurin, {"red": "BUILD C1-C2-C3"})
    assert paid_in(events, "C2") == 1


def test_connection_fee_only_once_per_rival_and_hex(m, laurin):
    state = lay(lay(new_state(laurin), "blue", "B2-C2"), "red", "C3-C2")
    assert total(state, m, laurin, "red", "C2", "C1") == 0


def test_no_connection_fee_when_the_rival_came_later(m, laurin):
    state = lay(lay(new_state(laurin), "red", "C3-C2"), "blue", "B2-C2")
    assert total(state, m, laurin, "red", "C2", "D2") == 0


def test_every_rival_in_the_hex_is_paid_in_full(m, laurin):
    state = lay(lay(new_state(laurin), "blue", "B2-C2"), "green", "C1-C2")
    assert total(state, m, laurin, "red", "C3", "C2", "blue") == 1
    assert total(state, m, laurin, "red", "C3", "C2", "green") == 1


def test_no_fees_in_cities(m, laurin):
    state = lay(new_state(laurin), "blue", "A2-B2")
    assert fees(state, m, laurin, "red", "A1", "A2") == []


def test_no_fees_abroad(m, laurin):
    state = lay(new_state(laurin), "blue", "B3-B4")
    assert total(state, m, laurin, "red", "C4", "B4") == 0


def test_special_city_pair_fee_is_3_instead(m, laurin):
    state = lay(new_state(laurin), "blue", "F1-F2")
    assert fees(state, m, laurin, "red", "F1", "F2") == [("blue", 3, "special", "5,0")]


def test_city_pair_without_parallel_costs_nothing(m, laurin):
    state = lay(new_state(laurin), "blue", "F2-G2")
    assert fees(state, m, laurin, "red", "F1", "F2") == []


def test_buetehorn_connection_and_half_hex_parallel_is_3(m, buetehorn):
    state = lay(new_state(buetehorn), "blue", "A2-B2")
    assert total(state, m, buetehorn, "red", "A2", "B2") == 3


def test_schmidt_white_pays_black_7(m, schmidt):
    state = lay(lay(new_state(schmidt, ("white", "black")), "black", "A2-B2-C2"), "white", "A1-A2")
    state.budgets["white"] = 6
    events, _ = run_round(state, m, schmidt, {"white": "BUILD A2-B2-C2"})
    assert sum(e["amount"] for e in of_type(events, "posting") if e["to"] == "black") == 7


def test_schmidt_no_connection_fee_entering_parallel(m, schmidt):
    state = lay(new_state(schmidt, ("white", "black")), "black", "B2-C2")
    assert fees(state, m, schmidt, "white", "B2", "C2") == [("black", 2, "parallel", "1,1"),
                                                            ("black", 2, "parallel", "2,1")]


def test_schmidt_crossing_costs_the_connection_fee(m, schmidt):
    state = lay(new_state(schmidt, ("white", "black")), "black", "B2-C2")
    assert total(state, m, schmidt, "white", "C3", "C2") == 1


def test_schmidt_city_connection_is_charged_once(m, schmidt):
    state = lay(lay(new_state(schmidt, ("white", "black")), "black", "A2-B2"), "white", "A1-A2")
    events, after = run_round(state, m, schmidt, {"white": "BUILD A2-B2"})
    city_fees = [e for e in of_type(events, "posting") if "city connection" in e["reason"]]
    assert [e["amount"] for e in city_fees] == [1]
    lay(after, "black", "A2-A3")
    assert [f for f in segment_fees(after, m, schmidt, "white", h("A2"), h("A3")) if f.kind == "city connection"] == []
