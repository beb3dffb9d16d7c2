"""`umpire resolve --due GAMES_DIR` (DESIGN.md, CLI): every due game in a folder of games is
resolved, each on its own (one failing game is reported, the others go on), and the exit status
says whether any failed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from click.testing import CliRunner
from conftest import TEST_MAP

from umpire.cli import main, progress
from umpire.game import Game
from umpire.usecases import actions, sweep

COMPANIES = ["red:Red Lines", "blue:Blue Star"]
ORDERS = {"red": "GAME {g}\nCOMPANY red\nHOME Alpha\nBUILD C3-D3\n",
          "blue": "GAME {g}\nCOMPANY blue\nHOME Beta\nBUILD K8-J8\n"}


def new_game(games, name, ordered=(), deadline=None):
    options = (f"deadline={deadline}",) if deadline else ()
    folder, _ = actions.create_game(games / name, str(TEST_MAP), "laurin", COMPANIES, seed=name, option_specs=options)
    for company in ordered:
        actions.submit(folder, ORDERS[company].format(g=name).encode())
    return folder


@pytest.fixture
def games(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    new_game(games, "a-due", ordered=("red", "blue"))
    new_game(games, "b-waiting", ordered=("red",))
    new_game(games, "c-due", ordered=("blue", "red"))
    new_game(games, "d-late", ordered=("red",), deadline="1 hour")
    (games / "not-a-game").mkdir()
    return games


def rounds(games):
    return {p.name: Game.open(p).state().round for p in sorted(games.iterdir()) if (p / "game.yaml").exists()}


def test_every_due_game_is_resolved_and_the_others_are_left(games):
    later = datetime.now(UTC) + timedelta(hours=2)
    outcomes = sweep.resolve_due(games, now=later)
    assert [(o.game, o.outcome) for o in outcomes] == [
        ("a-due", "resolved"), ("b-waiting", "not due"), ("c-due", "resolved"), ("d-late", "resolved")]
    assert rounds(games) == {"a-due": 2, "b-waiting": 1, "c-due": 2, "d-late": 2}
    assert "awaits orders from blue" in outcomes[1].message
    assert "the deadline of round 1" in outcomes[3].message


def test_a_sweep_run_again_resolves_nothing_twice(games):
    sweep.resolve_due(games)
    again = sweep.resolve_due(games)
    assert [o.outcome for o in again] == ["not due"] * 4
    assert rounds(games) == {"a-due": 2, "b-waiting": 1, "c-due": 2, "d-late": 1}


def test_a_failing_game_is_reported_and_the_others_go_on(games):
    (games / "b-waiting" / "game.yaml").write_text("game: [unclosed\n", encoding="utf-8")
    (games / "a-due" / "journal.jsonl").write_text("not json\n", encoding="utf-8")
    outcomes = {o.game: o for o in sweep.resolve_due(games)}
    assert outcomes["a-due"].outcome == "failed" and "journal" in outcomes["a-due"].message
    assert outcomes["b-waiting"].outcome == "failed" and "game.yaml" in outcomes["b-waiting"].message
    assert outcomes["c-due"].outcome == "resolved"
    assert Game.open(games / "c-due").state().round == 2


def test_a_game_failing_in_its_resolution_is_reported_and_the_others_go_on(games, monkeypatch):
    resolve = actions.resolve

    def failing(folder, now=None, at=None):
        if folder.path.name == "a-due":
            raise RuntimeError("the disk is full")
        return resolve(folder, now, at)
    monkeypatch.setattr(actions, "resolve", failing)
    outcomes = {o.game: o for o in sweep.resolve_due(games, workers=1)}
    assert str(outcomes["a-due"]) == "a-due: failed: RuntimeError: the disk is full"
    assert outcomes["c-due"].outcome == "resolved"


def test_games_resolved_in_workers_end_as_those_resolved_in_turn(tmp_path):
    ends = []
    now = datetime.now(UTC)                 # the newsletters are journaled with the sweep's time
    for workers in (1, 2):
        games = tmp_path / f"w{workers}"
        games.mkdir()
        for name in ("a", "b", "c"):
            new_game(games, name, ordered=("red", "blue"))
        sweep.resolve_due(games, now=now, workers=workers)
        ends.append({name: [(games / name / f).read_bytes() for f in ("journal.jsonl", "newsletters/002.txt",
                                                                      "newsletters/002.pdf")]
                     for name in ("a", "b", "c")})
    assert ends[0] == ends[1]


def test_the_command_prints_each_resolved_or_failed_game_and_a_count(games):
    (games / "c-due" / "journal.jsonl").write_text("not json\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["resolve", "--due", str(games)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0].startswith("a-due: resolved: round 1 resolved (every company has ordered for round 1)")
    assert lines[1].startswith("c-due: failed: ") and "a journal line is not JSON" in lines[1]
    assert lines[-1] == f"4 games in {games}: 1 resolved, 2 not due, 1 failed."


def test_the_command_exits_0_when_no_game_failed(games):
    result = CliRunner().invoke(main, ["resolve", "--due", str(games)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == f"4 games in {games}: 2 resolved, 2 not due, 0 failed."


def test_due_takes_no_game_dir_force_or_round(games):
    for extra in (["--force"], ["--round", "1"], [str(games / "a-due")]):
        result = CliRunner().invoke(main, ["resolve", "--due", str(games), *extra])
        assert result.exit_code == 2 and "--due GAMES_DIR resolves every due game" in result.output
    assert CliRunner().invoke(main, ["resolve"]).exit_code == 2


def test_a_games_folder_that_is_not_there_is_a_clear_refusal(tmp_path):
    result = CliRunner().invoke(main, ["resolve", "--due", str(tmp_path / "nowhere")])
    assert result.exit_code == 1 and "is not a folder" in result.output


def test_a_progress_bar_only_on_a_terminal(games, monkeypatch):
    assert "Resolving due games" not in CliRunner().invoke(main, ["resolve", "--due", str(games)]).output
    monkeypatch.setattr(progress, "on_terminal", lambda: True)
    assert "Resolving due games" in CliRunner().invoke(main, ["resolve", "--due", str(games)]).output
