"""A Volldampf game through the shell: new, submit, resolve by mail turn, status --json, the
newsletter with private sheets, replay; player ids that read as colours or regions refused."""

from __future__ import annotations

import json
import unicodedata

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from volldampf_helpers import TINY, tiny_board

from umpire.cli import main
from umpire.errors import UmpireError
from umpire.game import Game
from umpire.usecases import actions
from umpire.usecases.replay import replay

TINY_BOARD = tiny_board()
PLAYERS = ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"]


def order(game, player, *lines):
    return "\n".join([f"GAME {game}", f"PLAYER {player}", *lines]).encode() + b"\n"


def new_game(tmp_path, name="v1", players=PLAYERS, **kwargs):
    return actions.create_game(tmp_path / name, str(TINY), "volldampf", players, seed="tiny-seed", **kwargs)


def test_section_17_player_ids_may_not_be_cube_colours_or_regions(tmp_path):
    for bad in ("blue:Blue", "octagon:Octagon"):
        with pytest.raises(UmpireError, match="cube colour or a region name"):
            new_game(tmp_path, name=bad.split(":")[0], players=[bad, "ann:Ann", "bob:Bob"])


def test_section_2_player_count_checked_at_new(tmp_path):
    with pytest.raises(UmpireError, match="2 to 6 players"):
        new_game(tmp_path, players=["ann:Ann"])


def test_new_writes_newsletter_001_with_commitment_groups_and_private_sheets(tmp_path):
    folder, codes = new_game(tmp_path)
    assert folder.config["family"] == "volldampf" and set(codes) == {"ann", "bob", "cy"}
    text = (folder.path / "newsletters" / "001.txt").read_text(encoding="utf-8")
    assert "Seed commitment" in text and "group 1:" in text and "turn 1A" in text
    assert (folder.path / "newsletters" / "001-ann.txt").exists()
    assert (folder.path / "newsletters" / "001.pdf").read_bytes().startswith(b"%PDF")


def test_the_players_table_keeps_its_columns_for_names_of_wide_characters(tmp_path):
    folder, _ = new_game(tmp_path, players=["ann:東京鉄道株式会社東京鉄道株式会社", "bob:Bob", "cy:札幌"])
    lines = (folder.path / "newsletters" / "001.txt").read_text(encoding="utf-8").splitlines()
    start = lines.index("Players") + 2
    table = lines[start:start + 4]
    widths = {sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in row) for row in table}
    assert len(widths) == 1, table


def test_status_keeps_its_columns_for_names_of_wide_characters(tmp_path):
    folder, _ = new_game(tmp_path, players=["ann:東京鉄道", "bob:Bob", "cy:札幌"])
    rows = CliRunner().invoke(main, ["status", str(folder.path)]).output.splitlines()[1:4]
    marks = {sum(2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1 for ch in row[:row.index(" marks")])
             for row in rows}
    assert len(marks) == 1, rows


def test_section_16_mail_turns_status_json_and_replay(tmp_path):
    folder, _ = new_game(tmp_path)
    game = folder.game_id
    status = actions.status(folder)
    assert status["family"] == "volldampf" and status["phase"] == "A" and status["turn"] == "1A"
    assert set(status["players"]["ann"]) >= {"name", "marks", "income", "bonds", "place", "sections", "cards"}
    assert sum(status["bag"].values()) + sum(len(c) for c in status["cubes"].values()) == 40
    # turn 1A
    for p, bid in (("ann", 3), ("bob", 5), ("cy", 0)):
        result = actions.submit(folder, order(game, p, "ROUND 1A", "BONDS 1", f"BID {bid}", "CHOOSE 1 2 3"))
        assert result.accepted, result
    refused = actions.submit(folder, order(game, "ann", "ROUND 1B", "BID 2"))
    assert not refused.accepted and "1A" in refused.reason
    actions.resolve(folder)
    status = actions.status(folder)
    assert status["turn"] == "1B" and status["players"]["bob"]["place"] == 1
    assert status["players"]["bob"]["marks"] == 10 + 6 - 4
    letter = (folder.path / "newsletters" / "002.txt").read_text(encoding="utf-8")
    assert "bob bids 4" in letter and "drops out" in letter
    # turn 1B: nothing arrives; every card is discarded
    actions.resolve(folder)
    assert actions.status(folder)["turn"] == "1C"
    # turn 1C
    actions.resolve(folder)
    status = actions.status(folder)
    assert status["turn"] == "2A" and status["round"] == 2
    sheet = (folder.path / "newsletters" / "002-ann.txt").read_text(encoding="utf-8")
    assert "line" in sheet and "BID 3" in sheet
    result = CliRunner().invoke(main, ["status", str(folder.path), "--json"])
    assert json.loads(result.output)["turn"] == "2A"
    assert replay(folder.path).differences == []


def test_section_15_recorded_draws_replay_a_seeded_game_and_stop_when_they_run_out(tmp_path):
    seeded, _ = new_game(tmp_path, name="seeded")
    actions.resolve(seeded)
    draws = [f"{e['kind']} {e['outcome']}" for e in seeded.events if e["type"] == "draw"]
    path = tmp_path / "draws.txt"
    path.write_text("# as printed\n" + "\n".join(draws) + "\n", encoding="utf-8")
    recorded, _ = actions.create_game(tmp_path / "recorded", str(TINY), "volldampf", PLAYERS, draws_file=path)
    actions.resolve(recorded)
    assert actions.status(recorded)["cubes"] == actions.status(seeded)["cubes"]
    def regions(folder):
        return [[c.rsplit("-", 1)[0] for c in g] for g in Game.of(folder).state().groups]
    assert regions(recorded) == regions(seeded)
    short = tmp_path / "short.txt"
    short.write_text("\n".join(draws[:5]) + "\n", encoding="utf-8")
    with pytest.raises(UmpireError, match=r"draw 6 \(setup cube"):
        actions.create_game(tmp_path / "short", str(TINY), "volldampf", PLAYERS, draws_file=short)
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("cube green\n", encoding="utf-8")
    with pytest.raises(UmpireError, match="cube green"):
        actions.create_game(tmp_path / "wrong", str(TINY), "volldampf", PLAYERS, draws_file=wrong)


def test_section_4_hidden_money_shows_cash_only_on_the_private_sheet(tmp_path):
    folder, _ = new_game(tmp_path, option_specs=("money=hidden",))
    public = (folder.path / "newsletters" / "001.txt").read_text(encoding="utf-8")
    row = next(line for line in public.splitlines() if "Ann (ann)" in line and "red" in line)
    assert row.split()[3:5] == ["red", "-"]
    assert "Your marks: 10." in (folder.path / "newsletters" / "001-ann.txt").read_text(encoding="utf-8")


def test_section_16_confirmation_previews_builds_and_moves_on_todays_board(tmp_path):
    folder, _ = new_game(tmp_path)
    game = folder.game_id
    for p in ("ann", "bob", "cy"):
        actions.submit(folder, order(game, p, "BID 0", "CHOOSE 1 2 3"))
    actions.resolve(folder)
    state = Game.of(folder).state()
    region = state.won["ann"][0].rsplit("-", 1)[0]
    link = next(x for x in Game.of(folder).game_map.links.values() if x.region == region and x.cost <= 10)
    other = next(x for x in Game.of(folder).game_map.links.values() if x.region not in
                 {c.rsplit("-", 1)[0] for c in state.won["ann"]})
    text = order(game, "ann", f"BUILD {link.id} ELSE {other.id}", "MOVE blue Hamburg BEST").decode()
    parsed = Game.of(folder).family.parse_order(text, Game.of(folder).game_map)
    lines = Game.of(folder).family.confirmation(Game.of(folder), state, "ann", parsed).lines
    assert any(f"{link.id} " in x and f"legal now, costs {link.cost}" in x for x in lines)
    assert any(f"{other.id} " in x and "you hold no" in x for x in lines)
    assert any("MOVE blue Hamburg BEST" in x and "turn C order" in x for x in lines)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(["GAME v1", "PLAYER ann", "ROUND 2B", "ROUND x", "CODE a-1", "BID 3 THEN",
                                 "BUILD L1 ELSE", "MOVE blue Hamburg-Hannover", "> quoted", "-- ", "SABOTAGE ann",
                                 "TAKEFROM bob", "EXTRA MOVE 1 red:Paris", "PRESS", "PRESS GREY", "ENDPRESS"])
                | st.text(max_size=30), max_size=12))
def test_section_16_any_mail_text_is_read_without_a_crash(lines):
    from umpire.families import family
    order = family("volldampf").parse_order("\n".join(lines), TINY_BOARD)
    assert all(str(e) for e in order.errors)


def test_section_16_a_declined_move_is_one_statement_in_the_newsletter():
    from volldampf_helpers import mid_game, rules

    from umpire.families.volldampf.report import Writer
    state = mid_game(TINY_BOARD, ["ann", "bob"], cash={"ann": 1, "bob": 1}, income={"ann": 0, "bob": 0},
                     bonds={"ann": 0, "bob": 0}, places={"ann": 1, "bob": 2})
    events = [{"type": "decline", "round": 2, "player": "bob", "move": 1},
              {"type": "forgone", "round": 2, "player": "bob", "move": 1},
              {"type": "forgone", "round": 2, "player": "bob", "move": 2},
              {"type": "payout", "round": 2, "player": "ann", "received": 1, "interest": 0, "paid": 0, "short": 0,
               "income": 1, "cash": 2}]
    assert Writer(TINY_BOARD, rules(2), state, events).happenings() == [
        "bob (bob) declines move 1.", "bob (bob) forgoes move 2.",
        "ann (ann) receives 1 mark, pays interest 0 of 0."]


def test_status_and_preview_speak_of_turns_draws_and_counts_in_words(tmp_path):
    folder, _ = new_game(tmp_path)
    before = Game.of(folder).state()
    info = dict(actions.status(folder), game="v1")
    info["players"]["ann"].update(cards=1, sections=["L1"])
    row = Game.of(folder).family.status_lines(info)[1]
    assert " 1 section " in row and row.endswith(" 1 card")
    assert "0 cards" in Game.of(folder).family.status_lines(info)[2]
    events = actions.resolve(folder)
    [line] = Game.of(folder).family.summary(before, Game.of(folder).state(), events)
    draws = sum(1 for e in events if e["type"] == "draw")
    assert line == f"  turn 1A: {len(events)} events, {draws} draws; then turn 1B opens."


def test_section_16_replan_lines_and_extra_turn_lines_are_marked_where_they_are_not_taken(tmp_path):
    from umpire.families.volldampf.family import _ignored
    folder, _ = new_game(tmp_path)
    state = Game.of(folder).state()
    def confirmed(*lines):
        parsed = Game.of(folder).family.parse_order(order("v1", "ann", *lines).decode(), Game.of(folder).game_map)
        return Game.of(folder).family.confirmation(Game.of(folder), state, "ann", parsed).lines
    lines = confirmed("REPLAN blue Hamburg TO Hannover MOVE 1", "REPLAN blue Hamburg TO Hannover NOW")
    assert "(a turn C order; the open turn is 1A: it will be ignored)" in lines[0] and lines[1].endswith("NOW")
    state.turn = "A2"
    lines = confirmed("BONDS 1", "REPLAN blue Hamburg TO Hannover NOW", "BID 3")
    assert all("(the extra turn 1A2 takes BID and CHOOSE only: it will be ignored)" in x for x in lines[:2])
    assert lines[2] == "  line 5: BID 3"
    assert _ignored("REPLAN", "A", "1A2") == "   (not taken in the extra turn 1A2)"
    assert _ignored("REPLAN", "C", "1A") == "   (a turn C order: ignored in turn 1A)"
    assert _ignored("BID", "A", "1A2") == ""
