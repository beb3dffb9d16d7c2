"""`umpire export` of both families through `Family.accounts` and `Family.public_log`: a running
Volldampf game's accounts agree with its status, and its log shows no hidden draw."""

from __future__ import annotations

import csv
import io
import json

import pytest
from helpers import run, run_ok

from umpire.families.volldampf.accounts import public_log
from umpire.game import Game
from umpire.store.folder import GameFolder


@pytest.fixture(scope="module")
def running(tmp_path_factory):
    game = tmp_path_factory.mktemp("vd") / "vd-1"
    run_ok("new", game, "--rules", "volldampf", "--player", "anna:Anna:anna@example.org",
           "--player", "bernd:Bernd:bernd@example.org", "--player", "clara:Clara:clara@example.org")
    for turn, lines in (("1A", "BONDS 2\nBID 1"), ("1B", "PASS"), ("1C", "PASS")):   # the round ends, cards are drawn
        order = game.parent / f"anna-{turn}.txt"
        order.write_text(f"GAME vd-1\nPLAYER anna\nROUND {turn}\n{lines}\n", encoding="utf-8")
        run_ok("submit", game, order)
        run_ok("resolve", game, "--force")
    return game


def test_volldampf_accounts_carry_forward_to_the_status(running):
    data = json.loads(run_ok("export", running))
    status = json.loads(run_ok("status", running, "--json"))
    last = data["accounts"][-1]["companies"]
    assert {p: (v["carried_forward"], v["income track"]["carried_forward"]) for p, v in last.items()} == {
        p: (v["marks"], v["income"]) for p, v in status["players"].items()}
    first = data["accounts"][0]["companies"]["anna"]
    assert first["brought_forward"] == 10 and first["items"] == {"bonds": 12, "auction": -1, "interest": -2}
    for before, after in zip(data["accounts"], data["accounts"][1:]):
        for p, acc in after["companies"].items():
            assert acc["brought_forward"] == before["companies"][p]["carried_forward"]
            assert acc["carried_forward"] == acc["brought_forward"] + sum(acc["items"].values())


def test_volldampf_csv_accounts_name_players_and_label_each_posting(running):
    rows = list(csv.DictReader(io.StringIO(run_ok("export", running, "--format", "csv"))))
    assert rows[0] == {"round": "1", "player": "anna", "item": "brought forward", "amount": "", "balance": "10",
                       "account": "marks"}
    items = {r["item"] for r in rows}
    assert items <= {"brought forward", "carried forward", "bonds", "auction", "builds", "income", "interest",
                     "correction", "income track: brought forward", "income track: deliveries",
                     "income track: interest short", "income track: carried forward"}


def test_volldampf_log_shows_no_hidden_draw_while_the_game_runs(running):
    events = GameFolder(running).events
    hidden = [e for e in events if e.get("hidden")]
    assert {e["kind"] for e in hidden} == {"track", "action"}       # boxed track cards, action cards drawn
    log = run_ok("export", running, "--format", "csv", "--table", "log")
    data = json.loads(run_ok("export", running))
    for text in (log, json.dumps(data["log"])):
        assert "hidden" not in text and "draw:" not in text
        for e in hidden:
            assert f"You draw {e['outcome']}" not in text
    assert "draws an action card" in log and "3 track cards boxed unseen" in log


def test_reveal_is_refused_while_the_game_runs_and_shows_the_hidden_draws_when_given(running):
    result = run("export", running, "--reveal")
    assert result.exit_code == 1 and "for a game that has ended" in result.output
    folder = GameFolder(running)
    game = Game.of(folder)
    texts = [line["text"] for line in public_log(game.game_map, game.rules, game.state(), folder.events,
                                                 reveal=True)]
    assert any("hidden=True" in t and "kind=action" in t for t in texts)


def test_dampfross_city_bonus_fees_and_building_are_labelled_apart():
    from umpire.families.dampfross.accounts import item_of
    assert item_of("bonus for connecting Larne") == "city bonus"
    assert item_of("share of the bonus for connecting Cork (joint line)") == "city bonus"
    assert item_of("river fee in AC21") == "fees"
    assert item_of("buying the ferry Larne-Stranraer") == "ferry"
    assert item_of("building AC21-AD21") == "building"
    assert item_of("starting balance") is None
