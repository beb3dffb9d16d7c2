"""Rule reference sections 2 and 4: the numbers by player count, the setup checks, the setup."""

import pytest
from volldampf_helpers import FakeDraws, rules, tiny_board

from umpire.errors import DataError, UmpireError
from umpire.families.volldampf.engine import start_game
from umpire.families.volldampf.rules import load_volldampf_rules, row, setup_problems

TABLE = {  # players: sections, in play, cards per group, groups, rounds, build turns, goods setup/round, payment
    2: (18, 36, 3, 2, 6, 3, 5, 1, "sealed"),
    3: (15, 45, 3, 3, 5, 3, 4, 2, ["all", "all", "half"]),
    4: (12, 48, 3, 4, 4, 3, 2, 2, ["all", "all", "half", "nothing"]),
    5: (8, 40, 2, 5, 4, 2, 1, 3, ["all", "all", "half", "half", "nothing"]),
    6: (8, 48, 2, 6, 4, 2, 1, 4, ["all", "all", "half", "half", "half", "nothing"]),
}
REMOVED = {2: (2, 0), 3: (0, 3), 4: (0, 0), 5: (1, 2), 6: (0, 0)}
GOODS_USED = {2: 11, 3: 14, 4: 10, 5: 13, 6: 17}


@pytest.mark.parametrize("players", sorted(TABLE))
def test_section_2_numbers_by_player_count(players):
    r = row(rules(players), players)
    assert (r["sections"], r["cards_in_play"], r["cards_per_group"], r["groups"], r["rounds"], r["build_turns"],
            r["goods_setup"], r["goods_per_round"], r["payment"]) == TABLE[players]
    assert (r["removed"]["each_region"], r["removed"]["random"]) == REMOVED[players]


@pytest.mark.parametrize("players", sorted(TABLE))
def test_section_2_setup_arithmetic_holds(players):
    doc = rules(players)._data
    assert setup_problems(doc, players) == []
    r = row(rules(players), players)
    assert r["goods_setup"] + r["goods_per_round"] * r["rounds"] == GOODS_USED[players] <= 18


def test_section_2_box_and_money():
    r = rules(4)
    assert r["starting_cash"] == 10 and r["bonds"]["value"] == 6 and r["bonds"]["interest"] == 1
    assert r["box"]["regions"] * r["box"]["cards_per_region"] == 48
    assert sum(r["box"]["action_cards"].values()) == 14 and set(r["box"]["action_cards"].values()) == {2}
    assert sum(r["box"]["cubes"].values()) == 40
    assert r["bonds"]["supply"] is None and r["favour_cost"] == 5
    assert r["route"]["max_links"] == 6 and r["route"]["fast_links"] == 7


def _own_ruleset(tmp_path, old, new):
    from umpire.resources import find_named
    text = find_named("rules", "volldampf").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "mine.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def test_section_2_gm_ruleset_whose_deck_does_not_run_out_is_refused(tmp_path):
    path = _own_ruleset(tmp_path, "    rounds: 4\n    build_turns: 3", "    rounds: 5\n    build_turns: 3")
    load_volldampf_rules(path)                     # fine until a 4-player game is made of it
    with pytest.raises(DataError) as err:
        load_volldampf_rules(path, players=4)
    assert "by_players.4" in str(err.value) and "deck must run out" in str(err.value)
    assert "line " in str(err.value)


def test_section_2_gm_ruleset_with_unknown_key_names_its_line(tmp_path):
    path = _own_ruleset(tmp_path, "favour_cost: 5", "favour_cost: 5\nfavor_cost: 5")
    with pytest.raises(DataError) as err:
        load_volldampf_rules(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    line = 1 + next(i for i, t in enumerate(lines) if t.startswith("favor_cost"))
    assert "favor_cost" in str(err.value) and f"line {line}," in str(err.value)


def test_section_2_too_many_players_refused():
    with pytest.raises(DataError, match="plays 2 to 6"):
        load_volldampf_rules(players=7)


def test_section_17_options_override_ruleset_values():
    r = load_volldampf_rules(overrides={"money": "hidden", "bonds.supply": "84"}, players=3)
    assert r["options"]["money"] == "hidden" and r["bonds"]["supply"] == 84
    with pytest.raises(DataError, match="not a Volldampf ruleset value"):
        load_volldampf_rules(overrides={"nonsense": 1})


@pytest.mark.parametrize("players", sorted(TABLE))
def test_section_4_setup(players):
    seats = [f"p{i}" for i in range(players)]
    events, state = start_game(tiny_board(), rules(players), seats, {p: p for p in seats}, FakeDraws("setup"))
    r = row(rules(players), players)
    removed = REMOVED[players][0] * 6 + REMOVED[players][1]
    assert len(state.removed) == removed
    dealt = sum(len(g) for g in state.groups)
    assert dealt == r["groups"] * r["cards_per_group"] and len(state.groups) == players
    assert len(state.track_deck) == 48 - removed - dealt
    assert all(state.cash(p) == 10 and state.income_of(p) == 0 and state.bonds[p] == 0 for p in seats)
    assert state.sections_left == {p: r["sections"] for p in seats}
    assert len(state.goods_turned) == r["goods_setup"] + r["goods_per_round"]
    board = tiny_board()
    coloured_cities = sum(1 for loc in board.locations.values() if loc.colour in ("blue", "violet"))
    cubes = sum(len(c) for c in state.cubes.values())
    assert cubes == coloured_cities + 3 * len(state.goods_turned)
    assert sum(state.bag.values()) == 40 - cubes
    assert len(state.action_deck) == 14 and len(state.goods_deck) == 18 - len(state.goods_turned)
    assert state.turn == "A" and state.round == 1 and state.last_places == {p: i + 1 for i, p in enumerate(seats)}


def test_section_4_setup_removals_are_secret():
    seats = ["a", "b", "c"]
    events, _ = start_game(tiny_board(), rules(3), seats, {p: p for p in seats}, FakeDraws("s"))
    removals = [e for e in events if e["type"] == "draw" and e["kind"] == "track" and e.get("hidden")]
    assert len(removals) == 3


def test_section_4_cubes_for_blue_and_violet_in_map_order_then_goods_cards():
    seats = ["a", "b", "c", "d"]
    events, _ = start_game(tiny_board(), rules(4), seats, {p: p for p in seats}, FakeDraws("s"))
    purposes = [e["purpose"] for e in events if e["type"] == "draw" and e["kind"] == "cube"]
    assert purposes[:5] == ["setup cube Hamburg", "setup cube Bremen", "setup cube Hannover", "setup cube Berlin",
                            "setup cube Leipzig"]
    assert purposes[6].startswith("setup goods card 1 ")


def test_section_3_board_and_ruleset_must_agree(tmp_path):
    text = (tiny_board().path and open(tiny_board().path, encoding="utf-8").read())
    path = tmp_path / "b.yaml"
    path.write_text(text.replace("{name: star, colour: grey, cards: 8}", "{name: star, colour: grey, cards: 7}"),
                    encoding="utf-8")
    from umpire.families.volldampf.board import load_board
    with pytest.raises(UmpireError, match="regions"):
        start_game(load_board(path), rules(3), ["a", "b", "c"], {}, FakeDraws())
