"""The six details of the 2-player auction that VOLLDAMPF.md section 9 decides ("Decided (details
of the 2-player auction)"), a clause test each: a bid above cash after bonds is cut to cash, with a
warning; of two lists of different lengths the shorter repeats its last offer; "his last listed
bid" is the last offer of his latest order for the turn; in an extra turn a player who sends no
CHOOSE keeps the list he sent before; a tie in any extra turn (after Alles neu too) ends the
auction; tied players at the end of a round draw in place order. And a game's ruleset copy made
before the fifth was decided plays as it was played."""

from __future__ import annotations

from test_volldampf_auction import _turn_a
from volldampf_helpers import FakeDraws, mid_game, read, rules, tiny_board

from umpire.families.volldampf import auction
from umpire.families.volldampf.engine import resolve
from umpire.families.volldampf.rules import load_volldampf_rules

SEATS = ["a", "b"]


def test_a_bid_above_cash_after_bonds_is_cut_to_cash_with_a_warning():
    board, state = _turn_a(SEATS, cash={"a": 4, "b": 10})
    orders = {"a": read(board, SEATS, "a", "A", "BONDS 1", "BID 20 THEN 9"),
              "b": read(board, SEATS, "b", "A", "BID 9")}
    events, after = resolve(state, board, rules(2), orders, FakeDraws())
    assert any(e["type"] == "note" and e["player"] == "a" and "cut to 10" in e["text"] for e in events)
    sealed = next(e for e in events if e["type"] == "sealed")
    assert sealed["bids"]["a"] == [10, 9] and sealed["places"] == {"a": 1, "b": 2}


def test_of_two_lists_of_different_lengths_the_shorter_repeats_its_last_offer():
    result = auction.sealed_bids(SEATS, {"a": [3], "b": [3, 3, 4]})
    assert result.decided and result.pair == 3 and result.places == {"b": 1, "a": 2}
    assert result.paid == {"a": 3, "b": 4}


def test_the_last_listed_bid_is_the_last_offer_of_the_latest_order_for_the_turn():
    board, state = _turn_a(SEATS)
    tie = {p: read(board, SEATS, p, "A", "BID 2 THEN 3") for p in SEATS}
    _, after = resolve(state, board, rules(2), tie, FakeDraws())
    again = {"a": read(board, SEATS, "a", "A", "BID 5"), "b": None}           # b keeps BID 2 THEN 3
    _, final = resolve(after, board, rules(2), again, FakeDraws())
    assert final.places == {"a": 1, "b": 2} and final.cash("a") == 5 and final.cash("b") == 8   # 5 against 2
    board, state = _turn_a(SEATS)
    _, after = resolve(state, board, rules(2), tie, FakeDraws())
    both = {p: read(board, SEATS, p, "A", "BID 1 THEN 4") for p in SEATS}   # tie again: the extra turn's last
    _, final = resolve(after, board, rules(2), both, FakeDraws())
    assert final.turn == "B" and final.cash("a") == 6 and final.cash("b") == 6


def test_in_an_extra_turn_a_player_who_sends_no_choose_keeps_his_list():
    board, state = _turn_a(SEATS)
    tie = {"a": read(board, SEATS, "a", "A", "BID 3", "CHOOSE 2 1"), "b": read(board, SEATS, "b", "A", "BID 3")}
    _, after = resolve(state, board, rules(2), tie, FakeDraws())
    _, final = resolve(after, board, rules(2), {"a": read(board, SEATS, "a", "A", "BID 4"),
                                                "b": read(board, SEATS, "b", "A", "BID 1")}, FakeDraws())
    assert final.places["a"] == 1 and final.group_of == {"a": 2, "b": 1}


def test_a_tie_in_the_extra_turn_after_alles_neu_ends_the_auction():
    board, state = _turn_a(SEATS, hands={"a": ["Alles neu-1"]})
    orders = {"a": read(board, SEATS, "a", "A", "BID 3", "REARRANGE 1:square,diamond,star 2:octagon,triangle,circle"),
              "b": read(board, SEATS, "b", "A", "BID 3")}
    _, after = resolve(state, board, rules(2), orders, FakeDraws())
    assert after.turn == "A2" and after.extra == "rearrange"
    events, final = resolve(after, board, rules(2), {p: None for p in SEATS}, FakeDraws())   # 3 and 3 again
    assert final.turn == "B" and not any(e["type"] == "extra turn" for e in events)
    assert final.places == {"a": 1, "b": 2} and final.cash("a") == 7 and final.cash("b") == 7


def test_a_ruleset_copy_made_before_asks_again_after_alles_neu_as_it_was_played(tmp_path):
    old = tmp_path / "rules.yaml"
    from umpire.resources import find_named
    text = find_named("rules", "volldampf").read_text(encoding="utf-8")
    start = text.index("auction:")
    end = text.index("by_players:")
    old.write_text(text[:start] + text[end:], encoding="utf-8")             # no auction: key, as before
    played = load_volldampf_rules(old, players=2)
    assert played["auction"]["extra_turn_tie"] == "asks_again"
    board, state = _turn_a(SEATS, hands={"a": ["Alles neu-1"]})
    orders = {"a": read(board, SEATS, "a", "A", "BID 3", "REARRANGE 1:square,diamond,star 2:octagon,triangle,circle"),
              "b": read(board, SEATS, "b", "A", "BID 3")}
    _, after = resolve(state, board, played, orders, FakeDraws())
    _, again = resolve(after, board, played, {p: None for p in SEATS}, FakeDraws())
    assert again.turn == "A3"


def test_tied_players_at_the_end_of_a_round_draw_action_cards_in_place_order():
    board = tiny_board()
    state = mid_game(board, SEATS, round=2, turn="C", cash={"a": 10, "b": 10}, income={"a": 3, "b": 3},
                     bonds={"a": 0, "b": 0}, places={"b": 1, "a": 2})
    events, _ = resolve(state, board, rules(2), {"a": None, "b": None}, FakeDraws())
    drawn = [e["player"] for e in events
             if e["type"] == "note" and "lowest income at the end of the round" in e["text"]]
    assert drawn == ["b", "a"]                                     # b holds place 1: b draws first
