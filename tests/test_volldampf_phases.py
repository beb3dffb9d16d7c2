"""Rule reference sections 6, 7, 10-14: goods, groups, building, transport, action cards, income, end."""

import pytest
from volldampf_helpers import FakeDraws, mid_game, read, rules, tiny_board

from umpire.families.volldampf.engine import Engine, resolve
from umpire.families.volldampf.rules import load_volldampf_rules
from umpire.families.volldampf.state import card_name

BOARD = tiny_board()
SEATS = ["a", "b", "c"]


def state(turn="C", round=2, cash=None, income=None, bonds=None, sections=None, cubes=None, hands=None, won=None):
    return mid_game(BOARD, SEATS, round=round, turn=turn, cash=cash or {p: 10 for p in SEATS},
                    income=income or {p: 0 for p in SEATS}, bonds=bonds or {p: 0 for p in SEATS},
                    places={"a": 1, "b": 2, "c": 3}, sections=sections, cubes=cubes, hands=hands, won=won)


def option_rules(**options):
    """The 3-player ruleset with game options set."""
    return load_volldampf_rules(overrides=options, players=3)


def orders(turn, **lines):
    return {p: (read(BOARD, SEATS, p, turn, *lines[p]) if p in lines else None) for p in SEATS}


def kinds(events, kind):
    return [e for e in events if e["type"] == kind]


# -- section 6 and 7 ------------------------------------------------------------------
def test_section_6_empty_bag_places_nothing():
    s = state()
    s.bag = {"blue": 1, "violet": 0, "red": 0, "yellow": 0}
    engine = Engine(s, BOARD, rules(3), FakeDraws())
    engine.turn_goods(1, "round 2")
    placed = kinds(engine.events, "cube")
    assert len(placed) == 1 and len(kinds(engine.events, "bag empty")) == 2


def test_section_7_one_group_per_player_numbered_in_dealing_order():
    s = state()
    engine = Engine(s, BOARD, rules(3), FakeDraws())
    engine.open_round()
    assert len(engine.s.groups) == 3 and all(len(g) == 3 for g in engine.s.groups)
    assert kinds(engine.events, "groups")[0]["groups"] == [[card_name(c) for c in g] for g in engine.s.groups]


# -- section 10 ----------------------------------------------------------------------
def test_section_10_build_in_place_order_first_legal_alternative_pays_cost_uses_card():
    s = state(turn="B", won={"a": ["circle-1", "octagon-1", "star-1"], "b": ["circle-2", "square-1", "star-2"],
                             "c": ["diamond-1", "triangle-1", "star-3"]})
    events, after = resolve(s, BOARD, rules(3), orders("B", a=["BUILD L1", "BUILD L2", "BUILD L9"],
                                                       b=["BUILD L1 ELSE L14", "BUILD L6", "DISCARD star"]),
                            FakeDraws())
    builds = [(e["player"], e["link"], e["card"], e["cost"]) for e in kinds(events, "build")]
    assert builds[:2] == [("a", "L1", "circle", 5), ("b", "L14", "circle", 8)]
    assert ("a", "L2", "octagon", 3) in builds and ("b", "L6", "square", 7) not in builds   # b has 2 marks left
    assert after.sections["L1"] == "a" and "L9" not in after.sections and after.cash("a") == 10 - 5 - 3
    assert all(not after.won[p] for p in SEATS) and after.turn == "C"


def test_section_10_refusal_names_free_links_of_the_region_he_holds_a_card_for():
    s = state(turn="B", sections={"L1": "c"}, won={"a": ["circle-1", "octagon-1", "star-1"], "b": [], "c": []})
    events, _ = resolve(s, BOARD, rules(3), orders("B", a=["BUILD Hamburg-Hannover"]), FakeDraws())
    note = [e["text"] for e in kinds(events, "note") if e["player"] == "a"][0]
    assert "already has c's section" in note and "L12" in note and "L2" in note


def test_section_10_missing_or_illegal_line_discards_named_region_else_first_card():
    s = state(turn="B", cash={"a": 0, "b": 10, "c": 10},
              won={"a": ["circle-1", "octagon-1", "star-1"], "b": ["octagon-2", "square-1", "star-2"], "c": []})
    events, _ = resolve(s, BOARD, rules(3), orders("B", a=["BUILD L2"], b=[]), FakeDraws())
    discards = [(e["player"], e["region"]) for e in kinds(events, "discard")]
    assert discards[0] == ("a", "octagon")             # the region the line named first
    assert ("b", "octagon") in discards                # no line: the first card of the group as printed


def test_section_10_no_debt_unaffordable_link_is_not_legal():
    s = state(turn="B", cash={"a": 4, "b": 10, "c": 10}, won={"a": ["circle-1"], "b": [], "c": []})
    events, after = resolve(s, BOARD, rules(3), orders("B", a=["BUILD L1"]), FakeDraws())
    assert "L1" not in after.sections and after.cash("a") == 4
    assert any("costs 5 and you have 4" in e["text"] for e in kinds(events, "note"))


def test_section_12_guenstige_gelegenheit_favour_builds_any_region_for_5():
    s = state(turn="B", hands={"a": ["Günstige Gelegenheit-1"]}, won={"a": ["octagon-1"], "b": [], "c": []})
    events, after = resolve(s, BOARD, rules(3), orders("B", a=["BUILD L11 FAVOUR octagon"]), FakeDraws())
    assert after.sections["L11"] == "a" and after.cash("a") == 5 and after.hands["a"] == []
    assert kinds(events, "build")[0]["card"] == "octagon"


# -- section 11 ----------------------------------------------------------------------
SECTIONS = {"L1": "a", "L7": "b", "L14": "c", "L6": "a", "L8": "b", "L9": "c", "L10": "a", "L2": "b", "L3": "c"}


def test_section_11_route_must_leave_start_and_end_at_own_colour():
    s = state(sections=SECTIONS, cubes={"HAN": ["violet"], "HAM": ["blue"]})
    events, after = resolve(s, BOARD, rules(3), orders("C", a=["MOVE violet Hannover-Leipzig"],
                                                       b=["MOVE blue Hamburg-Hannover"]), FakeDraws())
    assert [(e["player"], e["route"]) for e in kinds(events, "move")] == [("a", "Hannover-Leipzig")]
    assert after.income_of("b") == 1                    # a's violet cube ran on b's section L7


def test_section_11_six_links_at_most_seven_with_schnelle_lok():
    chain = {f"L{i}": "a" for i in range(1, 16)}
    s = state(sections=chain, cubes={"PAR": ["yellow"]}, hands={"a": ["Schnelle Lok-1"]})
    route = "Paris-Köln-Bremen-Hamburg-Hannover-Leipzig-Berlin-Warschau"   # 7 links
    events, after = resolve(s, BOARD, rules(3), orders("C", a=[f"MOVE yellow {route}", f"MOVE yellow {route} FAST"]),
                            FakeDraws())
    notes = [e["text"] for e in kinds(events, "note") if e["player"] == "a"]
    assert any("has 7 links; a move has 1 to 6" in t for t in notes)
    assert [e["move"] for e in kinds(events, "move")] == [2] and "Schnelle Lok-1" not in after.hands["a"]
    assert after.income_of("a") == 7


def test_section_11_best_most_own_then_fewest_rival_then_fewest_links():
    s = state(sections={"L6": "b", "L14": "a", "L9": "c"}, cubes={"HAN": ["blue"]})
    events, after = resolve(s, BOARD, rules(3), orders("C", a=["MOVE blue Hannover BEST"]), FakeDraws())
    assert kinds(events, "move")[0]["route"] == "Hannover-Berlin" and kinds(events, "move")[0]["links"] == ["L14"]


def test_section_11_forgone_move_round_1_gives_no_card_nmr_gives_none():
    s = state(round=1, cubes={})
    events, _ = resolve(s, BOARD, rules(3), orders("C", a=["MOVE DECLINE"]), FakeDraws())
    assert not kinds(events, "card") or all(e["why"].startswith("lowest") for e in kinds(events, "card"))
    s = state(round=2, cubes={})
    events, _ = resolve(s, BOARD, rules(3), orders("C", a=["MOVE DECLINE", "MOVE DECLINE"]), FakeDraws())
    forgone = [e["player"] for e in kinds(events, "card") if e["why"].startswith("forgone")]
    assert forgone == ["a", "a"]                       # b and c sent nothing: no card


def test_section_11_nmr_action_cards_option():
    s = state(round=2, cubes={})
    events, _ = resolve(s, BOARD, option_rules(nmr_action_cards=True), orders("C"), FakeDraws())
    assert len([e for e in kinds(events, "card") if e["why"].startswith("forgone")]) == 6


def test_section_17_red_cubes_red_only():
    s = state(sections={"L10": "a", "L9": "a", "L7": "a", "L12": "b"}, cubes={"PAR": ["red"]})
    route = ["MOVE red Paris-Köln-Hannover-Leipzig-Prag"]
    events, _ = resolve(s, BOARD, rules(3), orders("C", a=route), FakeDraws())
    assert kinds(events, "move")[0]["gains"] == {"a": 3, "b": 1}
    events, _ = resolve(s, BOARD, option_rules(red_cubes_red_only=True), orders("C", a=route), FakeDraws())
    assert not kinds(events, "move")
    assert any("red locations only" in e["text"] for e in kinds(events, "note"))


# -- section 12 ----------------------------------------------------------------------
def test_section_12_subvention_third_move_for_last_place_after_second_moves():
    s = state(sections={"L7": "b", "L12": "a"}, cubes={"HAN": ["violet"], "LEI": ["red"]},
              income={"a": 5, "b": 5, "c": 0},
              hands={"c": ["Subvention-1"], "a": ["Subvention-2"]})
    events, after = resolve(s, BOARD, rules(3), orders("C", a=["SUBSIDY red Leipzig-Prag"],
                                                       c=["SUBSIDY violet Hannover-Leipzig"]), FakeDraws())
    assert [(e["player"], e["move"]) for e in kinds(events, "move")] == [("c", 3)]
    assert "Subvention-1" not in after.hands["c"] and "Subvention-2" in after.hands["a"]
    assert after.income_of("b") == 6


def test_section_12_sabotage_gain_threshold_and_other_cube():
    s = state(sections={"L7": "b", "L8": "a", "L12": "a"}, cubes={"HAN": ["violet"], "LEI": ["red"]},
              hands={"c": ["Sabotage-1"]})
    events, after = resolve(s, BOARD, rules(3), orders("C", a=["MOVE violet Hannover-Leipzig ELSE red Leipzig-Prag"],
                                                       c=["SABOTAGE a GAIN 1"]), FakeDraws())
    assert [e["route"] for e in kinds(events, "move")] == ["Hannover-Leipzig"]   # gives a nothing: not stopped
    assert "Sabotage-1" in after.hands["c"]
    s = state(sections={"L7": "b", "L8": "a", "L12": "a"}, cubes={"HAN": ["violet"], "LEI": ["red"]},
              hands={"c": ["Sabotage-1"]})
    events, after = resolve(s, BOARD, rules(3), orders("C", a=["MOVE red Leipzig-Prag ELSE violet Hannover-Leipzig"],
                                                       c=["SABOTAGE a GAIN 1"]), FakeDraws())
    assert [e["route"] for e in kinds(events, "move") if e["move"] == 1] == ["Hannover-Leipzig"]  # red one stopped
    assert kinds(events, "sabotage")[0]["colour"] == "red" and "Sabotage-1" not in after.hands["c"]


def test_section_12_zusatzfracht_draws_a_cube_to_the_location_named_for_its_colour():
    s = state(sections={"L7": "a"}, hands={"a": ["Zusatzfracht-1"]})
    s.bag = {"blue": 0, "violet": 1, "red": 0, "yellow": 0}
    events, after = resolve(s, BOARD, rules(3), orders("C", a=["EXTRA MOVE 1 blue:Berlin violet:Hannover",
                                                                "MOVE violet Hannover-Leipzig"]), FakeDraws())
    assert kinds(events, "extra cube")[0]["location"] == "HAN" and kinds(events, "move")
    assert "Zusatzfracht-1" not in after.hands["a"]


def test_section_12_zusatzfracht_not_spent_on_empty_bag():
    s = state(hands={"a": ["Zusatzfracht-1"]})
    s.bag = {c: 0 for c in s.bag}
    _, after = resolve(s, BOARD, rules(3), orders("C", a=["EXTRA MOVE 1 blue:Berlin"]), FakeDraws())
    assert "Zusatzfracht-1" in after.hands["a"]


def test_section_12_neue_planung_moves_a_cube_kept_if_no_such_cube():
    s = state(sections={"L7": "a"}, cubes={"PAR": ["violet"]}, hands={"a": ["Neue Planung-1", "Neue Planung-2"]})
    events, after = resolve(s, BOARD, rules(3), orders("C", a=["REPLAN violet Paris TO Hannover MOVE 1",
                                                                "REPLAN blue Paris TO Hannover MOVE 2",
                                                                "MOVE violet Hannover-Leipzig"]), FakeDraws())
    assert kinds(events, "replan")[0]["target"] == "HAN" and kinds(events, "move")
    assert "Neue Planung-1" not in after.hands["a"] and "Neue Planung-2" in after.hands["a"]


def test_section_12_empty_deck_and_discards_take_a_random_card_from_a_hand():
    s = state(cubes={}, hands={"b": ["Sabotage-1", "Sabotage-2"], "c": ["Subvention-1"]})
    s.action_deck, s.action_discards = [], []
    events, after = resolve(s, BOARD, rules(3), orders("C", a=["MOVE DECLINE", "TAKEFROM c"]), FakeDraws())
    cards = kinds(events, "card")
    assert cards[0]["source"] == "c"                    # TAKEFROM c
    assert after.hands["c"] == [] or cards[1]["source"] != "c"


def test_section_12_discards_are_reshuffled_when_the_deck_is_empty():
    s = state(cubes={})
    s.action_discards, s.action_deck = list(s.action_deck), []
    events, after = resolve(s, BOARD, rules(3), orders("C", a=["MOVE DECLINE"]), FakeDraws())
    assert kinds(events, "reshuffle")[0]["purpose"] == "round 2 action reshuffle 1"


# -- sections 13 and 14 ----------------------------------------------------------------
def test_section_13_shortfall_example_income_4_interest_6_cash_1():
    s = state(cash={"a": 1, "b": 10, "c": 10}, income={"a": 4, "b": 0, "c": 0}, bonds={"a": 6, "b": 0, "c": 0},
              cubes={})
    engine = Engine(s, BOARD, rules(3), FakeDraws())
    engine.orders = {p: None for p in SEATS}
    engine.income_phase()
    payout = [e for e in kinds(engine.events, "payout") if e["player"] == "a"][0]
    assert (payout["paid"], payout["short"], payout["income"], payout["cash"]) == (5, 1, 3, 0)


def test_section_13_income_never_below_zero():
    s = state(cash={"a": 0, "b": 10, "c": 10}, income={"a": 1, "b": 0, "c": 0}, bonds={"a": 9, "b": 0, "c": 0})
    engine = Engine(s, BOARD, rules(3), FakeDraws())
    engine.orders = {p: None for p in SEATS}
    engine.income_phase()
    assert engine.s.income_of("a") == 0


def test_section_12_no_end_of_round_card_after_the_last_round_and_section_14_winner():
    s = state(round=5, cubes={}, income={"a": 5, "b": 5, "c": 1}, bonds={"a": 1, "b": 1, "c": 0},
              cash={"a": 3, "b": 4, "c": 0})
    events, after = resolve(s, BOARD, rules(3), orders("C"), FakeDraws())
    assert after.turn == "finished" and not kinds(events, "card")
    end = kinds(events, "end")[0]
    assert end["scores"] == {"a": 4, "b": 4, "c": 1} and end["winners"] == ["b"]    # equal scores: more marks


def test_section_14_still_equal_is_shared():
    s = state(round=5, cubes={}, income={"a": 5, "b": 5, "c": 1}, cash={"a": 3, "b": 3, "c": 0})
    events, _ = resolve(s, BOARD, rules(3), orders("C"), FakeDraws())
    assert kinds(events, "end")[0]["winners"] == ["a", "b"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_section_5_three_mail_turns_a_round_to_the_end(players):
    from umpire.families.volldampf.engine import start_game
    seats = [f"p{i}" for i in range(players)]
    _, s = start_game(BOARD, rules(players), seats, {p: p for p in seats}, FakeDraws("g"))
    turns = []
    while s.turn != "finished":
        turns.append(f"{s.round}{s.turn}")
        _, s = resolve(s, BOARD, rules(players), {p: None for p in seats}, FakeDraws("g"))
    regular = [t for t in turns if t[-1] in "ABC"]
    assert len(regular) == 3 * rules(players).by_players[players]["rounds"]
    assert regular[:4] == ["1A", "1B", "1C", "2A"]
    assert (len(turns) > len(regular)) == (players == 2)    # silent 2-player bids tie: an extra turn
    assert not s.track_deck                              # the deck runs out in the last round


def test_section_11_no_location_or_link_used_twice():
    s = state(sections={"L2": "a", "L3": "a", "L1": "b", "L6": "a"}, cubes={"HAM": ["blue"]})
    events, _ = resolve(s, BOARD, rules(3), orders("C", a=["MOVE blue Hamburg-Bremen-Hannover-Hamburg"]), FakeDraws())
    assert not kinds(events, "move")
    assert any("twice" in e["text"] for e in kinds(events, "note"))


def test_section_12_a_card_not_held_makes_that_alternative_illegal_and_the_next_is_tried():
    s = state(sections={"L7": "a", "L8": "a"}, cubes={"HAN": ["violet"], "BER": ["violet"]})
    fast = "MOVE violet Hannover-Leipzig FAST ELSE violet Berlin-Leipzig"
    events, _ = resolve(s, BOARD, rules(3), orders("C", a=[fast]),
                        FakeDraws())
    assert [e["route"] for e in kinds(events, "move")] == ["Berlin-Leipzig"]
    assert any("no Schnelle Lok" in e["text"] for e in kinds(events, "note"))


def test_section_17_bonds_supply_caps_the_bonds_taken():
    capped = load_volldampf_rules(overrides={"bonds.supply": 3}, players=3)
    s = state(turn="A", bonds={"a": 1, "b": 0, "c": 0})
    s.groups = [["octagon-1"], ["star-1"], ["circle-1"]]
    events, after = resolve(s, BOARD, capped, orders("A", a=["BONDS 2"], b=["BONDS 2"]), FakeDraws())
    assert after.bonds == {"a": 3, "b": 0, "c": 0}
    assert any("only 0 bonds are left" in e["text"] for e in kinds(events, "note") if e["player"] == "b")


def test_section_12_sabotage_without_a_card_is_reported_though_the_target_never_moves():
    events, after = resolve(state(), BOARD, rules(3), orders("C", c=["SABOTAGE a MOVE 2"]), FakeDraws())
    assert [e["text"] for e in kinds(events, "note") if e["player"] == "c" and "SABOTAGE" in e["text"]] == [
        "SABOTAGE a MOVE 2: you hold no Sabotage card; the line never fires."]


def test_section_12_sabotage_card_drawn_during_the_turn_does_not_arm_the_line():
    def turn_c(hands, deck):
        s = state(sections={"L7": "b"}, cubes={"HAN": ["violet", "violet"]}, hands=hands)
        s.action_deck = deck
        move = "MOVE violet Hannover-Leipzig"
        return resolve(s, BOARD, rules(3), orders("C", a=[move, move], c=["SABOTAGE a MOVE 2"]), FakeDraws())
    events, after = turn_c({}, ["Sabotage-1"])           # c forgoes move 1 and draws the card then
    assert after.hands["c"] == ["Sabotage-1"] and not kinds(events, "sabotage")
    events, after = turn_c({"c": ["Sabotage-1"]}, [])    # held when the move turns begin: it fires
    assert kinds(events, "sabotage")[0]["move"] == 2


def test_section_12_neue_planung_now_in_an_extra_turn_is_refused_and_the_card_kept():
    s = state(turn="A2", cubes={"PAR": ["violet"]}, hands={"a": ["Neue Planung-1"]})
    s.places, s.groups = {}, [["octagon-1", "triangle-1", "circle-1"], ["square-1", "diamond-1", "star-1"],
                              ["octagon-2", "octagon-3", "star-2"]]
    events, after = resolve(s, BOARD, rules(3), orders("A", a=["REPLAN violet Paris TO Hannover NOW", "BID 2"]),
                            FakeDraws())
    assert after.cubes["PAR"] == ["violet"] and after.hands["a"] == ["Neue Planung-1"] and after.turn == "B"
    assert not kinds(events, "replan") and after.places["a"] == 1
    [note] = [e["text"] for e in kinds(events, "note") if e["player"] == "a"]
    assert note.startswith("REPLAN violet Paris TO Hannover NOW: not carried out; Neue Planung NOW is played "
                           "after bonds, before Alles neu and the auction of turn 2A") and "turn 2B" in note


def test_section_12_bonds_and_rearrange_in_an_extra_turn_are_reported_not_carried_out():
    s = state(turn="A2", hands={"a": ["Alles neu-1"]})
    s.places, s.groups = {}, [["octagon-1", "triangle-1", "circle-1"], ["square-1", "diamond-1", "star-1"],
                              ["octagon-2", "octagon-3", "star-2"]]
    events, after = resolve(s, BOARD, rules(3), orders("A", a=["BONDS 2", "REARRANGE 1:octagon,octagon,octagon "
                                                                "2:triangle,circle,square 3:diamond,star,star"]),
                            FakeDraws())
    assert after.bonds["a"] == 0 and after.hands["a"] == ["Alles neu-1"] and after.turn == "B"
    notes = [e["text"] for e in kinds(events, "note") if e["player"] == "a"]
    assert [n.split(":")[0] for n in notes] == ["BONDS 2", "REARRANGE"]
    assert all("the extra turn 2A2 takes BID and CHOOSE only" in n for n in notes)


def test_section_10_a_refused_build_names_the_cash_in_words():
    s = state(turn="B", cash={"a": 1, "b": 10, "c": 10}, won={"a": ["circle-1"], "b": [], "c": []})
    events, _ = resolve(s, BOARD, rules(3), orders("B", a=["BUILD L1"]), FakeDraws())
    assert any(e["text"].endswith("it costs 5 and you have 1 mark") for e in kinds(events, "note"))
