"""`umpire tick` without a mail server: each game on its own, run twice does nothing twice."""

from __future__ import annotations

from datetime import timedelta

import pytest
from click.testing import CliRunner
from mailhelpers import NOW, make_game

from umpire.cli import main
from umpire.store.folder import GameFolder
from umpire.store.lock import game_lock
from umpire.usecases import actions

pytestmark = pytest.mark.usefixtures("stamped_at_once")


def tick(games, now):
    return CliRunner().invoke(main, ["tick", str(games), "--verbose"], env={"UMPIRE_NOW": now.isoformat()})


def test_tick_resolves_due_games_and_reports_a_broken_one_while_the_others_go_on(tmp_path):
    games = tmp_path / "games"
    for name in ("a1", "b1", "c1"):
        make_game(games / name, options=["deadline=2 days"])
    (games / "b1" / "journal.jsonl").write_text("not json\n")
    result = tick(games, NOW + timedelta(days=3))
    assert result.exit_code == 1
    assert "b1: FAILED" in result.output
    assert [actions.status(GameFolder(games / n))["round"] for n in ("a1", "c1")] == [2, 2]
    again = tick(games, NOW + timedelta(days=3, minutes=5))
    assert "a1" not in again.output and [actions.status(GameFolder(games / n))["round"] for n in ("a1", "c1")] == [2, 2]


def test_tick_leaves_a_game_another_command_holds(tmp_path, monkeypatch):
    games = tmp_path / "games"
    make_game(games / "a1", options=["deadline=2 days"])
    monkeypatch.setattr("umpire.usecases.sweep.LOCK_WAIT", 0.2)
    monkeypatch.setattr("umpire.hosting.tick.LOCK_WAIT", 0.2)
    with game_lock(games / "a1"):
        result = tick(games, NOW + timedelta(days=3))
    assert result.exit_code == 0 and "a1: busy with another command; left to it" in result.output
    assert tick(games, NOW + timedelta(days=3)).exit_code == 0
    assert actions.status(GameFolder(games / "a1"))["round"] == 2


def test_tick_without_a_clock_variable_or_games_is_calm(tmp_path):
    (tmp_path / "games").mkdir()
    result = CliRunner().invoke(main, ["tick", str(tmp_path / "games")])
    assert result.exit_code == 0 and result.output == ""
    verbose = CliRunner().invoke(main, ["tick", str(tmp_path / "games"), "--verbose"])
    assert verbose.exit_code == 0 and verbose.output == f"Nothing was due in {tmp_path / 'games'}.\n"
