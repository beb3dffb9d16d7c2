"""`umpire demo`: the bundled demo game on Ireland, end to end, fast."""

from __future__ import annotations

import json
import time

from click.testing import CliRunner

from umpire.cli import main
from umpire.usecases.demo import demo_dir, spec
from umpire.usecases.replay import replay


def test_demo_plays_to_the_end_of_the_game_in_under_10_seconds(tmp_path):
    start = time.perf_counter()
    result = CliRunner().invoke(main, ["demo", str(tmp_path / "out")])
    elapsed = time.perf_counter() - start
    assert result.exit_code == 0, result.output
    assert elapsed < 10
    game = tmp_path / "out" / "demo"
    letters = sorted(p.name for p in (game / "newsletters").iterdir())
    assert letters == [f"{n:03d}.{kind}" for n in range(1, 11) for kind in ("pdf", "txt")]
    status = json.loads(CliRunner().invoke(main, ["status", str(game), "--json"]).output)
    assert status["phase"] == "finished"
    assert status["transports"]["made"] == status["transports"]["total"] == 6
    assert status["winners"] == ["green"]


def test_demo_plays_ireland_with_four_companies_from_belfast_and_dublin():
    game = spec()
    assert game["map"] == "ireland" and len(game["companies"]) == 4
    homes = [line.split()[1] for p in sorted((demo_dir() / "orders" / "1").glob("*.txt"))
             for line in p.read_text(encoding="utf-8").splitlines() if line.startswith("HOME")]
    assert sorted(homes) == ["Belfast", "Belfast", "Dublin", "Dublin"]


def test_demo_shows_every_kind_of_race_order(demo_played):
    folder = demo_played
    kinds = {e["type"] for e in folder.events}
    assert {"race_passed", "race_route_refused", "race_entered", "additional_construction",
            "construction_ended", "game_finished"} <= kinds
    joint = [e for e in folder.events if e["type"] == "race_entered" and len(e["companies"]) == 2]
    assert joint, "a JOIN pair ran"
    cancelled = [e for e in folder.events if e["type"] == "transport_announced" and e["cancelled"]]
    assert cancelled
    fees = [e for e in folder.events if e["type"] == "posting" and e["reason"].startswith("fees for transport")]
    assert fees and all(e["amount"] <= 10 for e in fees)


def test_the_demo_game_replays_byte_for_byte(demo_played):
    folder = demo_played
    outcome = replay(folder.path)
    assert outcome.differences == []
    assert len(outcome.newsletters) == 20


def test_running_the_demo_again_replaces_its_earlier_run(tmp_path):
    runner = CliRunner()
    assert runner.invoke(main, ["demo", str(tmp_path)]).exit_code == 0
    first = (tmp_path / "demo" / "newsletters" / "010.pdf").read_bytes()
    (tmp_path / "demo" / "newsletters" / "stray.txt").write_text("left from before")
    assert runner.invoke(main, ["demo", str(tmp_path)]).exit_code == 0
    assert (tmp_path / "demo" / "newsletters" / "010.pdf").read_bytes() == first
    assert not (tmp_path / "demo" / "newsletters" / "stray.txt").exists()


def test_demo_never_overwrites_a_folder_that_is_not_an_earlier_demo(tmp_path):
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "notes.txt").write_text("mine")
    result = CliRunner().invoke(main, ["demo", str(tmp_path)])
    assert result.exit_code == 1 and "is not an earlier run of the demo" in result.output
    assert (tmp_path / "demo" / "notes.txt").read_text() == "mine"


def test_demo_never_overwrites_a_game_with_orders_from_elsewhere(demo_game, tmp_path):
    from umpire.usecases import actions
    folder = demo_game
    (tmp_path / "order.txt").write_text("GAME demo\nCOMPANY red\n")
    actions.submit(folder, (tmp_path / "order.txt").read_bytes(), via="submit order.txt")
    result = CliRunner().invoke(main, ["demo", str(tmp_path)])
    assert result.exit_code == 1 and (tmp_path / "demo" / "journal.jsonl").exists()


def test_demo_writes_into_demo_out_by_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["demo"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "demo-out" / "demo" / "newsletters" / "010.pdf").exists()
