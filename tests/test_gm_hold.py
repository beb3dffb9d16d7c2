"""A GM's correction never races the cron: after `umpire rollback` or `umpire replace` the open
turn is held for the GM (its deadline paused, `held` naming the command) until he releases it
with `umpire deadline --resume`; no resolve without --force takes a held turn (resolve, resolve
--due as tick runs it, resolve_early); status shows it held and by what; replay repeats it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from click.testing import CliRunner
from conftest import TEST_MAP

from umpire.cli import main
from umpire.store.folder import GameFolder
from umpire.usecases import actions
from umpire.usecases.due import due
from umpire.usecases.replay import replay

NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
COMPANIES = ["red:Red Lines:red@example.org", "blue:Blue Star:blue@example.org"]


def umpire(*args, now=NOW):
    result = CliRunner().invoke(main, [str(a) for a in args], env={"UMPIRE_NOW": now.isoformat()})
    assert result.exit_code == 0, result.output
    return result.output


def played(tmp_path, *options):
    """A game in round 2: both companies ordered round 1 and it was resolved."""
    games = tmp_path / "games"
    folder, _ = actions.create_game(games / "g1", str(TEST_MAP), "laurin", COMPANIES, seed="hold",
                                    option_specs=options, now=NOW)
    actions.submit(folder, b"GAME g1\nCOMPANY red\nHOME Alpha\n")
    actions.submit(folder, b"GAME g1\nCOMPANY blue\nHOME Beta\n")
    actions.resolve(folder, NOW)
    return games, GameFolder(folder.path)


def test_a_rollback_holds_the_reopened_round_until_the_gm_releases_it(tmp_path):
    games, folder = played(tmp_path, "deadline=7 days")
    said = umpire("rollback", folder.path, now=NOW + timedelta(days=9))
    assert "Round 1 is held for you" in said and f"umpire deadline {folder.path} --resume" in said
    folder = GameFolder(folder.path)
    info = actions.status(folder)
    assert (info["round"], info["held"], info["paused"]) == (1, "rollback", True)
    later = NOW + timedelta(days=30)
    verdict = due(folder, later)                          # every order in, the deadline long passed: still held
    assert not verdict.due and "held for the GM after umpire rollback" in verdict.reason
    umpire("resolve", "--due", games, now=later)          # what tick runs
    assert actions.status(GameFolder(folder.path))["round"] == 1
    assert "held for the GM after umpire rollback" in umpire("status", folder.path)

    umpire("deadline", folder.path, "--resume", now=later)
    folder = GameFolder(folder.path)
    assert actions.status(folder)["held"] is None and due(folder, later).due
    umpire("resolve", "--due", games, now=later)
    assert actions.status(GameFolder(folder.path))["round"] == 2


def test_a_replace_holds_the_open_round_for_the_stand_in(tmp_path):
    games, folder = played(tmp_path)
    said = umpire("replace", folder.path, "red", "--email", "standby@example.org")
    assert "Round 2 is held for you" in said
    assert actions.status(GameFolder(folder.path))["held"] == "replace"


def test_a_held_turn_is_told_once_and_a_second_rollback_keeps_it_held(tmp_path):
    _, folder = played(tmp_path, "deadline=7 days")
    umpire("rollback", folder.path, "--to", 1)
    assert "open already" in umpire("rollback", folder.path, "--to", 1)     # run again: still held, once
    holds = [e for e in GameFolder(folder.path).events if e.get("held")]
    assert len(holds) == 1


def test_a_game_with_a_held_turn_replays_byte_for_byte(tmp_path):
    _, folder = played(tmp_path, "deadline=7 days")
    umpire("rollback", folder.path)
    umpire("deadline", folder.path, "--resume", now=NOW + timedelta(days=1))
    actions.resolve(GameFolder(folder.path), NOW + timedelta(days=1))
    assert replay(folder.path, quick=True).differences == []
