"""`umpire demo`: the bundled demo game, end to end, fast."""

from __future__ import annotations

import time

from click.testing import CliRunner

from umpire.cli import main
from umpire.demo import demo_dir


def test_demo_plays_every_round_and_writes_its_newsletters_in_under_10_seconds(tmp_path):
    start = time.perf_counter()
    result = CliRunner().invoke(main, ["demo", str(tmp_path / "out")])
    elapsed = time.perf_counter() - start
    assert result.exit_code == 0, result.output
    assert elapsed < 10
    letters = sorted(p.name for p in (tmp_path / "out" / "demo" / "newsletters").iterdir())
    assert letters == ["001.pdf", "001.txt", "002.pdf", "002.txt", "003.pdf", "003.txt", "004.pdf", "004.txt"]
    assert "THE CONSTRUCTION PHASE HAS ENDED in round 3" in (
        tmp_path / "out" / "demo" / "newsletters" / "004.txt").read_text(encoding="utf-8")


def test_demo_has_four_companies_and_several_rounds_of_orders():
    import yaml
    spec = yaml.safe_load((demo_dir() / "demo.yaml").read_text(encoding="utf-8"))
    assert len(spec["companies"]) == 4
    assert len([p for p in (demo_dir() / "orders").iterdir() if p.is_dir()]) >= 3


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
    assert (tmp_path / "demo-out" / "demo" / "newsletters" / "004.pdf").exists()
