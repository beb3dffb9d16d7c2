"""Rule reference sections 8 and 9: bonds, the turn-order auction, group choice; Alles neu's extra turn."""

from hypothesis import given, settings
from hypothesis import strategies as st
from volldampf_helpers import FakeDraws, mid_game, read, rules, tiny_board

from umpire.families.volldampf import auction
from umpire.families.volldampf.engine import resolve

SHARES4 = ["all", "all", "half", "nothing"]


def test_section_9_example_payments_A8_B7_C2_D0():
    outcome = auction.table_auction(list("ABCD"), {"A": 10, "B": 7, "C": 3, "D": 0})
    assert outcome.places == {"A": 1, "B": 2, "C": 3, "D": 4}
    assert auction.payments(outcome, SHARES4) == {"A": 8, "B": 7, "C": 2, "D": 0}
    steps = [(e["player"], e.get("bid", "out" if e.get("out") else "wins")) for e in outcome.log]
    assert steps == [("A", 1), ("B", 2), ("C", 3), ("D", "out"), ("A", 4), ("B", 5), ("C", "out"),
                     ("A", 6), ("B", 7), ("A", 8), ("B", "out"), ("A", "wins")]


def test_section_9_equal_maxima_earlier_in_bidding_order_ranks_higher():
    for top in (3, 4):     # either parity of the bidding
        outcome = auction.table_auction(list("ABC"), {"A": top, "B": top, "C": 0})
        assert outcome.places == {"A": 1, "B": 2, "C": 3}
        assert outcome.last_bids["B"] == top and outcome.last_bids["A"] == top


def test_section_9_equal_maxima_below_the_winner_both_bid_that_amount():
    # A 1, B 2, C 3, A 4: B ranks above C as if he had bid 3 first, so he drops with 3, not 2
    outcome = auction.table_auction(list("ABC"), {"A": 10, "B": 3, "C": 3})
    assert outcome.places == {"A": 1, "B": 2, "C": 3}
    assert outcome.last_bids == {"A": 4, "B": 3, "C": 3}
    outcome = auction.table_auction(list("ABCD"), {"A": 10, "B": 3, "C": 2, "D": 3})
    assert outcome.places == {"A": 1, "B": 2, "D": 3, "C": 4} and outcome.last_bids["B"] == outcome.last_bids["D"] == 3


def test_section_9_half_is_rounded_up_and_the_last_place_pays_nothing():
    outcome = auction.table_auction(list("ABCD"), {"A": 10, "B": 9, "C": 5, "D": 4})
    paid = auction.payments(outcome, SHARES4)
    assert paid["C"] == (outcome.last_bids["C"] + 1) // 2 and paid["D"] == 0


def test_section_9_bid_0_drops_at_once_and_pays_nothing():
    outcome = auction.table_auction(list("ABC"), {"A": 0, "B": 2, "C": 0})
    # nobody outbid: B, left alone, takes place 1 without a bid and pays nothing
    assert outcome.places == {"B": 1, "A": 2, "C": 3} and outcome.last_bids == {"A": 0, "B": 0, "C": 0}


def test_section_9_bidding_order_opens_with_last_rounds_first_place():
    assert auction.bidding_order(list("ABCD"), "C") == list("CDAB")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=3, max_size=6))
def test_section_9_places_follow_maxima_then_bidding_order(maxima):
    order = [f"p{i}" for i in range(len(maxima))]
    outcome = auction.table_auction(order, dict(zip(order, maxima)))
    ranked = sorted(order, key=lambda p: (-maxima[order.index(p)], order.index(p)))
    assert [p for p in sorted(order, key=outcome.places.get)] == ranked
    assert all(0 <= outcome.last_bids[p] <= maxima[order.index(p)] for p in order)
    tied = [p for i, p in enumerate(order) if maxima[i] > 0 and maxima.count(maxima[i]) > 1]
    assert all(outcome.last_bids[p] == maxima[order.index(p)] for p in tied)   # whatever the parity
    bids = [e["bid"] for e in outcome.log if "bid" in e]
    assert bids == sorted(bids)


def test_section_9_two_players_sealed_both_pay_then_repeats():
    result = auction.sealed_bids(["A", "B"], {"A": [5, 7], "B": [5, 6]})
    assert result.decided and result.pair == 2 and result.places == {"A": 1, "B": 2}
    assert result.paid == {"A": 7, "B": 6}
    tie = auction.sealed_bids(["A", "B"], {"A": [3, 4], "B": [3, 4]})
    assert not tie.decided and tie.paid == {"A": 4, "B": 4}


def _turn_a(seats, cash=None, hands=None):
    board = tiny_board()
    state = mid_game(board, seats, round=2, turn="A", cash=cash or {p: 10 for p in seats},
                     income={p: 0 for p in seats}, bonds={p: 0 for p in seats},
                     places={p: i + 1 for i, p in enumerate(seats)}, hands=hands)
    state.places = {}
    state.groups = [["octagon-1", "triangle-1", "circle-1"], ["square-1", "diamond-1", "star-1"],
                    ["octagon-2", "octagon-3", "star-2"]][:len(seats)]
    return board, state


def test_section_8_bonds_bring_6_marks_each_and_are_public():
    seats = ["a", "b", "c"]
    board, state = _turn_a(seats)
    orders = {"a": read(board, seats, "a", "A", "BONDS 2", "BID 12"), "b": None, "c": None}
    events, after = resolve(state, board, rules(3), orders, FakeDraws())
    assert after.bonds == {"a": 2, "b": 0, "c": 0}
    assert [e for e in events if e["type"] == "bonds" and e["player"] == "a"][0]["taken"] == 2
    # bid cut to cash after bonds (22), then the table auction: a alone bids 1
    assert after.places["a"] == 1 and after.cash("a") == 10 + 12 - 1


def test_section_9_maximum_above_cash_is_cut_with_a_warning():
    seats = ["a", "b", "c"]
    board, state = _turn_a(seats, cash={"a": 4, "b": 10, "c": 10})
    orders = {"a": read(board, seats, "a", "A", "BID 9"), "b": read(board, seats, "b", "A", "BID 5"), "c": None}
    events, after = resolve(state, board, rules(3), orders, FakeDraws())
    assert any(e["type"] == "note" and e["player"] == "a" and "cut to 4" in e["text"] for e in events)
    assert after.places == {"b": 1, "a": 2, "c": 3}


def test_section_9_group_choice_in_place_order_default_lowest_free():
    seats = ["a", "b", "c"]
    board, state = _turn_a(seats)
    orders = {"a": read(board, seats, "a", "A", "BID 3", "CHOOSE 2 1"),
              "b": read(board, seats, "b", "A", "BID 2", "CHOOSE 2 3"), "c": None}
    _, after = resolve(state, board, rules(3), orders, FakeDraws())
    assert after.group_of == {"a": 2, "b": 3, "c": 1}
    assert after.turn == "B"


def test_section_9_two_players_tie_gives_extra_turn_then_places_stand():
    seats = ["a", "b"]
    board, state = _turn_a(seats)
    tie = {p: read(board, seats, p, "A", "BID 3 THEN 4") for p in seats}
    events, after = resolve(state, board, rules(2), tie, FakeDraws())
    assert after.turn == "A2" and any(e["type"] == "extra turn" and e["turn"] == "2A2" for e in events)
    assert after.cash("a") == 10 and after.cash("b") == 10        # tied offers are taken back
    _, final = resolve(after, board, rules(2), {"a": None, "b": None}, FakeDraws())
    assert final.turn == "B" and final.places == {"a": 1, "b": 2}  # last round's places stand
    assert final.cash("a") == 6 and final.cash("b") == 6           # both pay their last listed bid


def test_section_9_two_players_extra_turn_decides():
    seats = ["a", "b"]
    board, state = _turn_a(seats)
    _, after = resolve(state, board, rules(2), {p: read(board, seats, p, "A", "BID 3") for p in seats}, FakeDraws())
    _, final = resolve(after, board, rules(2), {"a": read(board, seats, "a", "A", "BID 2"),
                                                "b": read(board, seats, "b", "A", "BID 5")}, FakeDraws())
    assert final.places == {"b": 1, "a": 2} and final.cash("a") == 8 and final.cash("b") == 5


def test_section_12_alles_neu_rearranges_and_asks_bids_again_in_an_extra_turn():
    seats = ["a", "b", "c"]
    board, state = _turn_a(seats, hands={"b": ["Alles neu-1"], "c": ["Alles neu-2"]})
    orders = {"a": read(board, seats, "a", "A", "BID 5", "CHOOSE 1"),
              "b": read(board, seats, "b", "A", "REARRANGE 1:octagon,octagon,octagon 2:triangle,circle,square "
                        "3:diamond,star,star"),
              "c": read(board, seats, "c", "A", "REARRANGE 1:star,star,octagon 2:octagon,octagon,triangle "
                        "3:circle,square,diamond")}
    events, after = resolve(state, board, rules(3), orders, FakeDraws())
    assert after.turn == "A2" and after.hands["b"] == [] and after.hands["c"] == ["Alles neu-2"]
    assert [[c.rsplit("-", 1)[0] for c in g] for g in after.groups] == [
        ["octagon", "octagon", "octagon"], ["triangle", "circle", "square"], ["diamond", "star", "star"]]
    _, final = resolve(after, board, rules(3), {"a": None, "b": read(board, seats, "b", "A", "BID 6"), "c": None},
                       FakeDraws())
    assert final.places["b"] == 1 and final.places["a"] == 2      # a keeps his BID 5 from before
    assert final.group_of["b"] == 1 and final.group_of["a"] == 2  # ... but group 1 went to b first


def test_section_12_alles_neu_must_keep_the_same_cards():
    seats = ["a", "b", "c"]
    board, state = _turn_a(seats, hands={"a": ["Alles neu-1"]})
    orders = {"a": read(board, seats, "a", "A", "REARRANGE 1:star,star,star 2:triangle,circle,square "
                        "3:diamond,octagon,octagon"), "b": None, "c": None}
    events, after = resolve(state, board, rules(3), orders, FakeDraws())
    assert after.turn == "B" and after.hands["a"] == ["Alles neu-1"]
    assert any(e["type"] == "note" and "same cards" in e["text"] for e in events)
