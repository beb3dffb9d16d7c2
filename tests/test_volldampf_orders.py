"""Rule reference section 16: the order body grammar, refusals that quote the line, never a crash."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from volldampf_helpers import tiny_board

from umpire.errors import UmpireError
from umpire.families.volldampf.orders import BodyReader, Build, Decline, Discard, Move

SEATS = ["ann", "bob", "cy"]
BOARD = tiny_board()


def read(turn, *lines, me="ann"):
    return BodyReader(BOARD, SEATS, me, turn, f"2{turn}").read(list(enumerate(lines, 1)))


def test_section_16_turn_a_orders():
    orders, errors = read("A", "BONDS 2", "BID 7", "CHOOSE 3 1 2", "REARRANGE 1:octagon,star,star 2:circle 3:square")
    assert not errors
    assert orders.bonds == 2 and orders.bids == [7] and orders.choose == [3, 1, 2]
    assert orders.rearrange == (("octagon", "star", "star"), ("circle",), ("square",))


def test_section_9_bid_then_repeats_with_two_players():
    orders, errors = BodyReader(BOARD, ["ann", "bob"], "ann", "A", "2A").read([(1, "bid 5 then 7 then 9")])
    assert not errors and orders.bids == [5, 7, 9]


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_section_9_then_is_refused_with_three_players_or_more_naming_the_two_player_rule(count):
    """BID 3 THEN 5 in a 3-player game was read as 3; the player meant to go up to 5."""
    orders, errors = BodyReader(BOARD, None, "ann", "A", "2A", count=count).read([(4, "BID 3 THEN 5")])
    assert orders.bids is None and len(errors) == 1
    text = str(errors[0])
    assert "'BID 3 THEN 5'" in text and "line 4" in text
    assert "only a 2-player game" in text and f"{count} players" in text and "BID 5." in text


@pytest.mark.parametrize("line, bids", [("BID 6 marks", [6]), ("bid 1 mark", [1]), ("BID 6 Marks", [6])])
def test_a_bid_in_marks_is_read(line, bids):
    orders, errors = read("A", line)
    assert not errors and orders.bids == bids


def test_a_two_player_bid_in_marks_with_repeats_is_read():
    orders, errors = BodyReader(BOARD, ["ann", "bob"], "ann", "A", "2A").read([(1, "BID 5 marks THEN 7 marks")])
    assert not errors and orders.bids == [5, 7]


@pytest.mark.parametrize("count, example", [(2, "BID 5 THEN 7."), (3, "BID 7."), (6, "BID 7.")])
def test_an_unreadable_bid_gets_an_example_for_the_game_s_player_count(count, example):
    _, errors = BodyReader(BOARD, None, "ann", "A", "2A", count=count).read([(1, "BID six marks")])
    assert len(errors) == 1 and str(errors[0]).endswith(example)
    if count > 2:
        assert "THEN" not in str(errors[0])


def test_section_16_build_else_favour_discard():
    orders, errors = read("B", "BUILD Hamburg-Hannover ELSE L7", "BUILD L9 FAVOUR octagon", "DISCARD star")
    assert not errors
    assert [line.alternatives for line in orders.builds] == [
        (Build("L1"), Build("L7")), (Build("L9", "octagon"),), (Discard("star"),)]


def test_section_3_two_links_between_one_pair_need_the_link_id():
    orders, errors = read("B", "BUILD Hannover-Berlin")
    assert len(errors) == 1 and "2 links join" in str(errors[0]) and "L6" in str(errors[0]) and "L14" in str(errors[0])
    orders, errors = read("B", "BUILD L14")
    assert not errors and orders.builds[0].alternatives == (Build("L14"),)


def test_section_11_move_routes_by_locations_or_link_ids():
    orders, errors = read("C", "MOVE blue Hamburg-Hannover-L14-Berlin ELSE DECLINE", "MOVE violet HAN-L7 FAST")
    assert not errors
    first, second = orders.moves
    assert first.alternatives == (Move("blue", "HAM", ((None, "HAN"), ("L14", "BER"))), Decline())
    assert second.alternatives == (Move("violet", "HAN", (("L7", "LEI"),), fast=True),)


def test_section_11_best_route():
    orders, errors = read("C", "MOVE red Köln BEST")
    assert not errors and orders.moves[0].alternatives == (Move("red", "KOE", (), best="KOE"),)


def test_section_12_card_orders():
    orders, errors = read("C", "SUBSIDY blue Berlin-Leipzig ELSE violet Hannover-Leipzig", "SABOTAGE bob MOVE 2 GAIN 2",
                          "EXTRA MOVE 1 blue:Berlin violet:Leipzig", "REPLAN red Paris TO Köln MOVE 2", "TAKEFROM cy")
    assert not errors
    assert len(orders.subsidy.alternatives) == 2
    assert (orders.sabotages[0].target, orders.sabotages[0].move, orders.sabotages[0].gain) == ("bob", 2, 2)
    assert orders.extras[0].places == (("blue", "BER"), ("violet", "LEI"))
    assert (orders.replans[0].source, orders.replans[0].target, orders.replans[0].when, orders.replans[0].k) == (
        "PAR", "KOE", "MOVE", 2)
    assert orders.takefrom == "cy"


def test_section_16_an_order_for_another_turn_is_refused_naming_the_open_turn():
    _, errors = read("A", "BUILD L1")
    assert "turn B" in str(errors[0]) and "open turn is 2A" in str(errors[0])


def test_section_16_refusals_quote_the_line_and_say_what_would_work():
    _, errors = read("C", "MOVE green Hamburg-Hannover", "MOVE blue Hamburg-Atlantis", "SABOTAGE ann")
    texts = [str(e) for e in errors]
    assert "'MOVE green Hamburg-Hannover' refused" in texts[0] and "blue, violet, red or yellow" in texts[0]
    assert "Hamburg-Atlantis" in texts[1] and "line 2" in texts[1]
    assert "cannot name himself" in texts[2]


def test_section_16_a_number_over_its_limit_is_refused_naming_the_limit():
    _, errors = read("A", "BID 1000000", "BONDS 100", "BID " + "9" * 400, "CHOOSE 0")
    texts = [str(e) for e in errors]
    assert "the bid 1000000 is above the limit of 9999" in texts[0] and "from 0 to 9999" in texts[0]
    assert "the number of bonds 100 is above the limit of 99" in texts[1]
    assert "above the limit of 9999" in texts[2] and len(texts[2]) < 400
    assert "a group number 0 is below 1" in texts[3]
    orders, errors = read("A", "BID 0009999")
    assert not errors and orders.bids == [9999]


def test_section_16_annotations_are_read_but_not_obeyed():
    orders, errors = read("C", "MOVE violet Hannover-Leipzig [+3]")
    assert not errors and orders.moves[0].expected == 3


def test_section_16_long_lines_are_quoted_short():
    _, errors = read("A", "BID " + "x" * 500)
    assert len(str(errors[0])) < 400


ALPHABET = st.sampled_from(["BID", "BONDS", "BUILD", "MOVE", "ELSE", "THEN", "FAVOUR", "DISCARD", "SABOTAGE",
                            "EXTRA", "REPLAN", "TO", "NOW", "SUBSIDY", "TAKEFROM", "CHOOSE", "REARRANGE", "FAST",
                            "BEST", "DECLINE", "blue", "red", "L1", "L14", "Hamburg", "Berlin", "Hannover-Berlin",
                            "1:octagon,star", "blue:Berlin", "-", "[+3]", "3", "0", "99999999", "bob", "ann",
                            "octagon", "é", ":", ",", "#", "MOVE 2", "GAIN"])


@settings(max_examples=300, deadline=None)
@given(st.sampled_from("ABC"), st.lists(st.lists(ALPHABET | st.text(max_size=8), max_size=8).map(" ".join), max_size=6))
def test_section_16_any_input_ends_in_orders_or_refusals(turn, lines):
    try:
        orders, errors = read(turn, *lines)
    except UmpireError:
        pytest.fail("the reader raises nothing; refusals are returned")
    assert all(isinstance(e, UmpireError) for e in errors)
    assert len(orders.read) + len(errors) <= len(lines)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from("AB"), st.lists(st.lists(ALPHABET | st.text(max_size=8), max_size=8).map(" ".join), max_size=6))
def test_section_17_merged_turns_read_any_input_to_orders_or_refusals(turn, lines):
    """With merge_build_move the turn C lines belong to turn B: any input still ends in orders or refusals,
    and no line of turn C is refused in turn B for its turn."""
    orders, errors = BodyReader(BOARD, SEATS, "ann", turn, f"2{turn}", merged=True).read(list(enumerate(lines, 1)))
    assert all(isinstance(e, UmpireError) for e in errors)
    assert len(orders.read) + len(errors) <= len(lines)
    if turn == "B":
        assert not any("belongs to turn C" in str(e) for e in errors)


BID_WORDS = st.sampled_from(["BID", "THEN", "then", "marks", "mark", "Marks", "3", "5", "0", "12", "x", "-1", "é"])


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 6), st.lists(BID_WORDS | st.text(max_size=5), min_size=1, max_size=9))
def test_section_9_any_bid_line_is_read_or_refused_and_repeats_only_with_two_players(count, words):
    line = "BID " + " ".join(words)
    orders, errors = BodyReader(BOARD, None, "ann", "A", "2A", count=count).read([(1, line)])
    assert all(isinstance(e, UmpireError) for e in errors) and (orders.bids is None) == bool(errors)
    if orders.bids is not None:
        assert all(0 <= b <= 9999 for b in orders.bids)
        assert len(orders.bids) == 1 or count == 2
    for error in errors:                     # the example a refusal gives fits the game's player count
        example = str(error).rsplit("e.g. ", 1)[-1] if "e.g. " in str(error) else ""
        assert count == 2 or "THEN" not in example
