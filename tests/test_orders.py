"""The order grammar of DESIGN.md, zine notation, and the messages for lines that cannot be read."""

import pytest

from umpire.families.dampfross.hexgrid import label
from umpire.families.dampfross.orders import parse_order


def parse(text, test_map):
    return parse_order(text, test_map)


def chain_labels(order):
    return [[label(x) for x in c.hexes] for c in order.chains]


def test_header_lines(test_map):
    o = parse("GAME ireland-1\nCOMPANY Red\nCODE tulip-42\nROUND 3\n", test_map)
    assert (o.game, o.company, o.code, o.round, o.errors) == ("ireland-1", "red", "tulip-42", 3, [])


def test_player_is_accepted_for_company_and_keywords_are_case_insensitive(test_map):
    o = parse("game g\nplayer blue\nbuild c3-d3", test_map)
    assert o.company == "blue" and chain_labels(o) == [["C3", "D3"]]


def test_comments_and_blank_lines_are_ignored(test_map):
    o = parse("# a comment\n\nBUILD C3-D3   # the first step\n", test_map)
    assert chain_labels(o) == [["C3", "D3"]] and o.errors == []


def test_home_by_name_or_hex(test_map):
    assert label(parse("HOME Alpha", test_map).home) == "C3"
    assert label(parse("HOME k8", test_map).home) == "K8"


def test_hexes_separated_by_dashes_spaces_or_commas(test_map):
    assert chain_labels(parse("BUILD C3 D3, E3-F3", test_map)) == [["C3", "D3", "E3", "F3"]]


def test_a_town_name_stands_for_its_hex(test_map):
    assert chain_labels(parse("BUILD Alpha-D3", test_map)) == [["C3", "D3"]]


def test_town_names_ignore_case_and_accents(test_map):
    assert chain_labels(parse("BUILD ALPHA-D3\nBUILD älpha-D2", test_map)) == [["C3", "D3"], ["C3", "D2"]]


def test_straight_runs_are_filled_in(test_map):
    assert chain_labels(parse("BUILD H8-H10", test_map)) == [["H8", "H9", "H10"]]


def test_zine_notation_with_bracketed_start_label_and_separator(test_map):
    o = parse("1a) (Alpha) - D3 - F4 ;", test_map)
    assert chain_labels(o) == [["C3", "D3", "E4", "F4"]] and o.errors == []


def test_several_zine_chains_on_one_line(test_map):
    o = parse("1a) (Alpha) - D3 ; 1b) (Beta) - K7", test_map)
    assert chain_labels(o) == [["C3", "D3"], ["K8", "K7"]]


def test_not_adjacent_and_not_straight_says_what_would_work(test_map):
    o = parse("BUILD C3-E3", test_map)
    assert o.chains == []
    assert "C3-E3: not adjacent" in o.errors[0].message and "write C3-D2-E3" in o.errors[0].message
    assert o.errors[0].line == 1 and "BUILD C3-E3" in str(o.errors[0])


def test_unknown_place_is_named(test_map):
    o = parse("BUILD C3-Atlantis", test_map)
    assert "'Atlantis' is neither a hex label nor a town" in o.errors[0].message


def test_off_the_map(test_map):
    assert "off the map" in parse("BUILD C3-Z99", test_map).errors[0].message


def test_unknown_keyword(test_map):
    o = parse("FLY C3-D3", test_map)
    assert "'FLY' is not an order" in o.errors[0].message and "BUILD" in o.errors[0].message


def test_bad_lines_do_not_stop_the_good_ones(test_map):
    o = parse("BUILD C3-D3\nBUILD nowhere\nBUILD D3-E4", test_map)
    assert chain_labels(o) == [["C3", "D3"], ["D3", "E4"]] and [e.line for e in o.errors] == [2]


def test_expectations_attach_to_the_stretch_they_close(test_map):
    o = parse("BUILD C3-D3 [-1 Blue] - F4 [+6]", test_map)
    chain = o.chains[0]
    assert {i: [(x.kind, x.amount, x.company) for x in v] for i, v in chain.expectations.items()} == {
        1: [("fee", 1, "blue")], 3: [("bonus", 6, None)]}


def test_an_owner_pick_in_build_is_refused(test_map):
    assert "race" in parse("BUILD C3-D3[blue]", test_map).errors[0].message


def test_unreadable_annotation(test_map):
    assert "not understood" in parse("BUILD C3-D3 [??]", test_map).errors[0].message


def test_email_quotes_and_signature_are_ignored(test_map):
    o = parse("> BUILD A1-A2\nBUILD C3-D3\n-- \nBUILD D3-E4\n", test_map)
    assert chain_labels(o) == [["C3", "D3"]] and o.errors == []


def test_race_run_with_owner_pick_and_fallback(test_map):
    o = parse("RACE 7 RUN C3-D3[blue]-E4 ELSE C3-D2-E3", test_map)
    race = o.races[0]
    assert (race.transport, race.action, len(race.routes)) == (7, "RUN", 2)
    assert race.routes[0].owners == {1: "blue"} and [label(x) for x in race.routes[1].hexes] == ["C3", "D2", "E3"]


def test_race_join_and_pass(test_map):
    o = parse("RACE 7 JOIN blue C3-D3-E4\nRACE 8 PASS", test_map)
    assert (o.races[0].action, o.races[0].partner, o.races[1].action) == ("JOIN", "blue", "PASS")


def test_race_to_a_chosen_destination(test_map):
    o = parse("RACE 4 RUN L2-M2 TO M2", test_map)
    assert label(o.races[0].to) == "M2"


@pytest.mark.parametrize("line, words", [
    ("RACE seven RUN C3-D3", "RACE n RUN"),
    ("RACE 7 FLY C3-D3", "RUN, JOIN or PASS"),
    ("RACE 7 RUN", "needs a route"),
    ("RACE 7 JOIN", "naming the partner"),
    ("ROUND three", "ROUND takes the round number"),
    ("GAME", "GAME takes one word"),
])
def test_bad_race_and_header_lines(test_map, line, words):
    assert words in parse(line, test_map).errors[0].message


def test_race_route_with_written_fees_and_bonus(test_map):
    route = parse("RACE 7 RUN C3-D3[blue]-E4 [-1 blue, +20]", test_map).races[0].routes[0]
    assert [(x.kind, x.amount, x.company) for x in route.expectations] == [("fee", 1, "blue"), ("bonus", 20, None)]
    assert route.owners == {1: "blue"}
