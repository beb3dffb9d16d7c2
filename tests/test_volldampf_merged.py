"""The option merge_build_move (rule reference, sections 5 and 17): transports are taken with the
builds in turn B (with ELSE fallbacks), so a game round has two mail turns, A and B. Turn B carries
out the build turns, then the move turns on the board as built, then income and interest."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from volldampf_helpers import TINY, FakeDraws, tiny_board, worked_board, worked_position

from umpire.errors import UmpireError
from umpire.families.volldampf import engine
from umpire.families.volldampf.orders import BodyReader
from umpire.families.volldampf.preview import preview
from umpire.families.volldampf.rules import load_volldampf_rules
from umpire.game import Game
from umpire.usecases import actions
from umpire.usecases.replay import replay

SEATS = ["A", "B", "C"]
PLAYERS = ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"]


def merged_rules(players=3):
    return load_volldampf_rules(overrides={"merge_build_move": True}, players=players)


def read(board, me, turn, *lines, merged=True, seats=SEATS):
    orders, errors = BodyReader(board, seats, me, turn, merged=merged).read(list(enumerate(lines, 1)))
    assert not errors, [str(e) for e in errors]
    return orders


def worked_turn_b(**kwargs):
    """The board of section 18 in round 2, turn B: B (place 1) and A both hold a square card."""
    board = worked_board()
    state = worked_position(
        board, SEATS, turn="B", cash={"A": 10, "B": 10, "C": 1}, bonds={"A": 0, "B": 0, "C": 0},
        cubes={"HAM": ["red"], "LEI": ["blue"]}, won={"A": ["square-1"], "B": ["square-2"], "C": ["star-1"]},
        **kwargs)
    return board, state


@pytest.fixture(scope="module")
def merged_turn():
    board, state = worked_turn_b()
    orders = {
        "B": read(board, "B", "B", "BUILD L9", "MOVE blue Leipzig-Hannover-Hamburg ELSE blue Leipzig BEST",
                  "MOVE DECLINE"),
        "A": read(board, "A", "B", "BUILD Hannover-Leipzig", "MOVE red Hamburg-Bremen-Rotterdam"),
        "C": read(board, "C", "B", "DISCARD star", "MOVE DECLINE", "MOVE DECLINE"),
    }
    events, after = engine.resolve(state, board, merged_rules(), orders, FakeDraws("merged"))
    return state, after, events


def test_section_5_merged_turn_b_builds_then_moves_then_pays_and_opens_the_next_round(merged_turn):
    _, after, events = merged_turn
    kinds = [e["type"] for e in events]
    assert kinds.index("build") < kinds.index("move") < kinds.index("payout")
    assert [e["turn"] for e in events if e["type"] == "turn"] == ["3A"]
    assert (after.round, after.turn) == (3, "A")


def test_section_5_merged_a_move_uses_a_section_built_in_the_same_turn(merged_turn):
    before, _, events = merged_turn
    assert "L9" not in before.sections                       # the route was not legal when the turn opened
    build = next(e for e in events if e["type"] == "build")
    assert (build["player"], build["link"]) == ("B", "L9")
    move = next(e for e in events if e["type"] == "move" and e["player"] == "B")
    assert (move["route"], move["gains"]) == ("Leipzig-Hannover-Hamburg", {"B": 2})


def test_section_10_merged_builds_keep_place_order_and_the_later_player_falls_back(merged_turn):
    _, after, events = merged_turn
    assert after.sections["L9"] == "B"
    assert any(e["type"] == "discard" and e["player"] == "A" and e["why"] == "nothing legal in build turn 1"
               for e in events)
    assert any(e["type"] == "note" and e["player"] == "A" and "already has B's section" in e["text"] for e in events)


def test_section_11_merged_declined_moves_earn_cards_and_income_follows(merged_turn):
    _, after, events = merged_turn
    drawn = [e["player"] for e in events if e["type"] == "card" and e["why"].startswith("forgone")]
    assert drawn == ["C", "B", "A", "C"]
    assert {p: after.income_of(p) for p in SEATS} == {"A": 3, "B": 3, "C": 1}
    payouts = {e["player"]: e["received"] for e in events if e["type"] == "payout"}
    assert payouts == {"A": 3, "B": 3, "C": 1}


def test_section_16_merged_turn_b_without_orders_discards_every_card_and_forgoes_both_moves():
    board, state = worked_turn_b()
    events, after = engine.resolve(state, board, merged_rules(), {p: None for p in SEATS}, FakeDraws("nmr"))
    assert not any(e["type"] in ("build", "move") for e in events)
    assert not any(e["type"] == "card" and e["why"].startswith("forgone") for e in events)
    assert sorted(e["player"] for e in events if e["type"] == "discard") == SEATS
    assert sorted((e["player"], e["move"]) for e in events if e["type"] == "forgone") == [
        (p, k) for p in SEATS for k in (1, 2)]
    assert (after.round, after.turn) == (3, "A")


def test_section_17_merged_nmr_action_cards_give_cards_for_moves_forgone_without_orders():
    board, state = worked_turn_b()
    rules = load_volldampf_rules(overrides={"merge_build_move": True, "nmr_action_cards": True}, players=3)
    events, _ = engine.resolve(state, board, rules, {p: None for p in SEATS}, FakeDraws("nmr"))
    assert sum(1 for e in events if e["type"] == "card" and e["why"].startswith("forgone")) == 6


def test_section_16_merged_turn_b_reads_the_turn_c_lines_and_refuses_none_of_them():
    board = worked_board()
    lines = ("BUILD L9", "MOVE blue Leipzig BEST", "SUBSIDY blue Leipzig BEST", "SABOTAGE A MOVE 2",
             "EXTRA MOVE 1 blue:Berlin", "REPLAN blue Leipzig TO Berlin MOVE 1", "TAKEFROM C")
    orders = read(board, "B", "B", *lines)
    assert len(orders.read) == 7 and orders.replans[0].when == "MOVE"
    unmerged, errors = BodyReader(board, SEATS, "B", "B").read(list(enumerate(lines, 1)))
    assert len(errors) == 6 and "turn C" in str(errors[0])
    _, errors = BodyReader(board, SEATS, "B", "A", merged=True).read([(1, "MOVE blue Leipzig BEST")])
    assert "belongs to turn B" in str(errors[0])


def test_section_16_merged_confirmation_judges_moves_with_the_players_own_builds():
    board, state = worked_turn_b()
    body = read(board, "B", "B", "BUILD L9", "MOVE blue Leipzig-Hannover-Hamburg", "MOVE red Hamburg-L6-Berlin")
    lines = preview(state, board, merged_rules(), "B", body)
    assert any("L9" in x and "legal now, costs 5" in x for x in lines)
    assert any("Leipzig-Hannover-Hamburg: legal on today's board with your builds, B +2" in x for x in lines)
    assert any("red from Hamburg" in x for x in lines)          # a red cube does not stop at blue Berlin
    unmerged = preview(state, board, load_volldampf_rules(players=3), "B", body)
    assert not any("Leipzig-Hannover-Hamburg" in x for x in unmerged)


# -- the game through the shell ------------------------------------------------------------------
def order(player, *lines):
    return "\n".join(["GAME v1", f"PLAYER {player}", *lines]).encode() + b"\n"


def test_section_17_merge_build_move_plays_a_round_in_two_mail_turns_and_replays(tmp_path):
    folder, _ = actions.create_game(tmp_path / "v1", str(TINY), "volldampf", PLAYERS, seed="merged",
                                    option_specs=("merge_build_move=true", "deadline.B=2 days"))
    assert Game.of(folder).rules["options"]["merge_build_move"] is True
    for p, bid in (("ann", 3), ("bob", 2), ("cy", 1)):
        assert actions.submit(folder, order(p, f"BID {bid}", "CHOOSE 1 2 3")).accepted
    actions.resolve(folder)
    assert actions.status(folder)["turn"] == "1B" and actions.status(folder)["deadline"] is not None
    asks = (folder.path / "newsletters" / "002.txt").read_text(encoding="utf-8").split("\nNext\n")[1]
    assert "BUILD link" in asks and "MOVE colour route" in asks and "follow every build of this turn" in asks
    state, board = Game.of(folder).state(), Game.of(folder).game_map
    region = state.won["ann"][0].rsplit("-", 1)[0]
    link = next(x for x in board.links.values() if x.region == region and x.cost <= state.cash("ann"))
    cube_at = next(e for e in link.ends if state.cubes.get(e))
    colour = state.cubes[cube_at][0]
    assert actions.submit(folder, order("ann", "ROUND 1B", f"BUILD {link.id}",
                                        f"MOVE {colour} {board.locations[cube_at].name} BEST ELSE DECLINE")).accepted
    read = Game.of(folder).read_order(order("ann", "MOVE DECLINE", "BID 3"))
    confirmation = Game.of(folder).family.confirmation(Game.of(folder), state, "ann", read)
    assert not any("MOVE DECLINE" in x and "ignored" in x for x in confirmation.lines)
    assert any("BID 3" in x and "(a turn A order; the open turn is 1B: it will be ignored)" in x
               for x in confirmation.lines)
    refused = actions.submit(folder, order("bob", "ROUND 1C", "MOVE DECLINE"))
    assert not refused.accepted and "turn 1B is open" in refused.reason
    actions.resolve(folder)
    assert actions.status(folder)["turn"] == "2A"
    letter = (folder.path / "newsletters" / "003.txt").read_text(encoding="utf-8")
    assert "Ann (ann) builds" in letter and "receives" in letter and "Round 2 of 5" in letter
    sheet = (folder.path / "newsletters" / "003-ann.txt").read_text(encoding="utf-8")
    assert "MOVE" in sheet and "ignored" not in sheet
    while Game.of(folder).state().phase != "finished":
        actions.resolve(folder)
    turns = [e["round"] for e in folder.events if e["type"] == "command" and e["command"] == "resolve"]
    assert turns == [f"{r}{t}" for r in range(1, 6) for t in "AB"]
    assert replay(folder.path).differences == []


def test_section_16_a_merged_game_has_no_turn_c_deadline(tmp_path):
    with pytest.raises(UmpireError, match="no turn C"):
        actions.create_game(tmp_path / "v1", str(TINY), "volldampf", PLAYERS, seed="merged",
                            option_specs=("merge_build_move=true", "deadline.C=1 day"))


BOARD = tiny_board()
LOCS = [loc.name for loc in BOARD.locations.values() if loc.coloured]
WORDS = ["BONDS 1", "BID 4", "CHOOSE 2 1", "DISCARD octagon", "MOVE blue Hamburg BEST", "MOVE DECLINE",
         "SUBSIDY red Köln BEST", "EXTRA MOVE 1 blue:Berlin", "REPLAN yellow Warschau TO Berlin MOVE 2",
         "REPLAN blue Hamburg TO Leipzig BUILD 1", "BUILD L14 FAVOUR star", "BUILD L9 ELSE L10 ELSE L11"]


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10 ** 6))
def test_section_5_merged_games_end_after_two_turns_a_round_and_their_books_balance(players, seed):
    rng = random.Random(seed)
    seats = [f"p{i}" for i in range(players)]
    rules = merged_rules(players)
    _, state = engine.start_game(BOARD, rules, seats, {p: p for p in seats}, FakeDraws(str(seed)))
    for p in seats:
        if rng.random() < 0.5 and state.action_deck:
            state.hands[p].append(state.action_deck.pop())
    turns = 0
    while state.turn != "finished":
        orders = {}
        for p in seats:
            lines = [rng.choice(WORDS) for _ in range(rng.randint(0, 4))]
            for card in state.won.get(p, []):
                free = [x.id for x in BOARD.links.values() if x.region == card.rsplit("-", 1)[0]]
                lines.append("BUILD " + " ELSE ".join(rng.sample(free, min(2, len(free)))))
            lines.append(f"MOVE {rng.choice(['blue', 'violet', 'red', 'yellow'])} {rng.choice(LOCS)} BEST")
            body, _ = BodyReader(BOARD, seats, p, state.turn[0], merged=True).read(list(enumerate(lines, 1)))
            orders[p] = None if rng.random() < 0.15 else body
        _, state = engine.resolve(state, BOARD, rules, orders, FakeDraws(str(seed)))
        turns += 1
        assert state.turn in ("A", "A2", "A3", "B", "finished")
        assert state.money.total() == 0 and state.income.total() == 0
        assert all(state.cash(p) >= 0 and state.income_of(p) >= 0 for p in seats)
        assert sum(state.bag.values()) + sum(len(c) for c in state.cubes.values()) == 40
        assert turns < 40
    rounds = rules["by_players"][players]["rounds"]
    assert 2 * rounds <= turns <= 4 * rounds
