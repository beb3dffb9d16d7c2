"""The worked example of the rule reference, section 18: turn C and the round's end, every figure."""

import pytest
from volldampf_helpers import FakeDraws, read, rules, worked_board, worked_position

from umpire.families.volldampf.engine import resolve

SEATS = ["A", "B", "C"]


@pytest.fixture(scope="module")
def outcome():
    board = worked_board()
    state = worked_position(
        board, SEATS, turn="C", cash={"A": 3, "B": 10, "C": 1}, bonds={"A": 2, "B": 0, "C": 4},
        cubes={"HAM": ["violet", "red"], "BER": ["violet"], "BRE": ["blue"], "LEI": ["blue"]},
        hands={"C": ["Sabotage-1"]})
    orders = {
        "B": read(board, SEATS, "B", "C", "MOVE violet Hamburg-Hannover",
                  "MOVE blue Bremen-Hannover-Magdeburg ELSE DECLINE"),
        "A": read(board, SEATS, "A", "C", "MOVE red Hamburg-Bremen-Rotterdam",
                  "MOVE blue Leipzig-Magdeburg-Berlin ELSE blue Leipzig-Magdeburg"),
        "C": read(board, SEATS, "C", "C", "MOVE violet Berlin-Magdeburg-Hannover", "MOVE DECLINE",
                  "SABOTAGE B MOVE 2"),
    }
    before = state
    events, after = resolve(state, board, rules(3), orders, FakeDraws("worked"))
    return before, after, events


def moves(events):
    return [(e["player"], e["move"], e["colour"], e["route"], e["gains"]) for e in events if e["type"] == "move"]


def test_move_turn_1_in_place_order_with_income_to_section_owners(outcome):
    _, _, events = outcome
    first = [m for m in moves(events) if m[1] == 1]
    assert first == [("B", 1, "violet", "Hamburg-Hannover", {"B": 1}),
                     ("A", 1, "red", "Hamburg-Bremen-Rotterdam", {"A": 1, "C": 1}),
                     ("C", 1, "violet", "Berlin-Magdeburg-Hannover", {"C": 1, "B": 1})]


def test_red_cube_passes_violet_bremen_and_mover_needs_no_section(outcome):
    _, _, events = outcome
    red = next(m for m in moves(events) if m[2] == "red")
    assert red[4] == {"A": 1, "C": 1}


def test_sabotage_fires_on_move_2_alternatives_with_that_cube_skipped_decline_taken(outcome):
    _, after, events = outcome
    sab = [e for e in events if e["type"] == "sabotage"]
    assert [(e["player"], e["target"], e["move"], e["colour"]) for e in sab] == [("C", "B", 2, "blue")]
    assert any(e["type"] == "decline" and e["player"] == "B" and e["move"] == 2 for e in events)
    assert any(e["type"] == "played" and e["player"] == "C" and e["card"] == "Sabotage" for e in events)
    assert "Sabotage-1" in after.action_discards


def test_forgone_moves_draw_cards_from_round_2(outcome):
    _, _, events = outcome
    cards = [(e["player"], e["why"]) for e in events if e["type"] == "card"]
    assert cards == [("B", "forgone move 2"), ("C", "forgone move 2"),
                     ("C", "lowest income at the end of the round")]


def test_blue_cube_stops_at_first_blue_location_second_alternative_carried_out(outcome):
    _, _, events = outcome
    assert ("A", 2, "blue", "Leipzig-Magdeburg", {"A": 1}) in moves(events)
    note = [e["text"] for e in events if e["type"] == "note" and e["player"] == "A"]
    assert any("stops at the first blue location it reaches (Magdeburg)" in t for t in note)


def test_incomes_after_transport(outcome):
    _, _, events = outcome
    received = {e["player"]: e["received"] for e in events if e["type"] == "payout"}
    assert received == {"A": 4, "B": 3, "C": 2}


def test_phase_7_cash_interest_and_shortfall(outcome):
    _, after, events = outcome
    pay = {e["player"]: (e["interest"], e["paid"], e["short"]) for e in events if e["type"] == "payout"}
    assert pay == {"A": (2, 2, 0), "B": (0, 0, 0), "C": (4, 3, 1)}
    assert {p: after.cash(p) for p in SEATS} == {"A": 5, "B": 13, "C": 0}
    assert {p: after.income_of(p) for p in SEATS} == {"A": 4, "B": 3, "C": 1}


def test_end_of_round_card_to_lowest_income_and_scores(outcome):
    _, after, _ = outcome
    assert {p: len(after.hands[p]) for p in SEATS} == {"A": 0, "B": 1, "C": 2}
    assert {p: after.score(p) for p in SEATS} == {"A": 2, "B": 3, "C": -3}


def test_each_cube_goes_back_into_the_bag(outcome):
    before, after, events = outcome
    placed = [(e["location"], e["colour"]) for e in events if e["type"] == "cube"]
    left = {loc: list(c) for loc, c in after.cubes.items()}
    for loc, colour in placed:
        left[loc].remove(colour)
    assert {k: v for k, v in left.items() if v} == {"BRE": ["blue"]}
    assert sum(after.bag.values()) + sum(len(c) for c in after.cubes.values()) == 40


def test_next_round_opens_after_phase_7(outcome):
    _, after, events = outcome
    assert after.round == 3 and after.turn == "A" and after.last_places == {"B": 1, "A": 2, "C": 3}
    assert [e["turn"] for e in events if e["type"] == "turn"] == ["3A"]


def test_money_is_a_ledger_summing_to_zero(outcome):
    _, after, _ = outcome
    assert after.money.total() == 0
    assert all(after.money.recomputed(p) == after.cash(p) for p in SEATS)
