"""`umpire demo`: the bundled demo game on Ireland, end to end, fast."""

from __future__ import annotations

import json
import time

from click.testing import CliRunner

from umpire.cli import main
from umpire.demo import demo_dir, spec
from umpire.replay import replay


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


def test_demo_shows_every_kind_of_race_order(tmp_path):
    from umpire import demo
    folder = demo.play(tmp_path)
    kinds = {e["type"] for e in folder.events}
    assert {"race_passed", "race_route_refused", "race_entered", "additional_construction",
            "construction_ended", "game_finished"} <= kinds
    joint = [e for e in folder.events if e["type"] == "race_entered" and len(e["companies"]) == 2]
    assert joint, "a JOIN pair ran"
    cancelled = [e for e in folder.events if e["type"] == "transport_announced" and e["cancelled"]]
    assert cancelled
    fees = [e for e in folder.events if e["type"] == "posting" and e["reason"].startswith("fees for transport")]
    assert fees and all(e["amount"] <= 10 for e in fees)


def test_the_demo_game_replays_byte_for_byte(tmp_path):
    from umpire import demo
    folder = demo.play(tmp_path)
    outcome = replay(folder.path)
    assert outcome.differences == []
    assert len(outcome.newsletters) == 20


def test_demo_refuses_to_overwrite_an_earlier_demo(tmp_path):
    runner = CliRunner()
    assert runner.invoke(main, ["demo", str(tmp_path)]).exit_code == 0
    result = runner.invoke(main, ["demo", str(tmp_path)])
    assert result.exit_code == 1
    assert "already exists" in result.output


def test_demo_writes_into_demo_out_by_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["demo"])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "demo-out" / "demo" / "newsletters" / "010.pdf").exists()
