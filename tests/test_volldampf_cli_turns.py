"""The command line names a Volldampf game's mail turns as turns: `resolve` says which turn it
resolved and which is open, and `--round 1B` (not a bare round number, which names no turn) makes
a repeated run from cron do nothing."""

from __future__ import annotations

from helpers import run
from volldampf_helpers import TINY

from umpire.game import Game
from umpire.usecases import actions

PLAYERS = ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"]


def test_resolve_names_the_turn_it_resolved_and_the_turn_now_open(tmp_path):
    folder, _ = actions.create_game(tmp_path / "vt", str(TINY), "volldampf", PLAYERS, seed="turns")
    result = run("resolve", folder.path, "--force")
    assert result.exit_code == 0 and result.output.startswith("Turn 1A resolved. Now: turn 1B; newsletter 002 written.")


def test_resolve_round_names_a_turn_and_run_again_does_nothing(tmp_path):
    folder, _ = actions.create_game(tmp_path / "vt", str(TINY), "volldampf", PLAYERS, seed="turns")
    assert run("resolve", folder.path, "--force", "--round", "1a").exit_code == 0
    again = run("resolve", folder.path, "--force", "--round", "1A")
    assert again.exit_code == 0 and "Turn 1A is resolved already (turn 1B is open); nothing done." in again.output
    assert folder.newsletter_count() == 2
    later = run("resolve", folder.path, "--force", "--round", "2B")
    assert later.exit_code == 1 and "turn 2B is not open yet; turn 1B is" in later.output


def test_a_bare_round_number_names_no_turn_and_is_refused(tmp_path):
    folder, _ = actions.create_game(tmp_path / "vt", str(TINY), "volldampf", PLAYERS, seed="turns")
    result = run("resolve", folder.path, "--force", "--round", "1")
    assert result.exit_code == 1
    assert "--round 1 does not say which turn" in result.output and "--round 1A" in result.output
    assert folder.newsletter_count() == 1


def test_a_finished_game_says_how_it_ended_and_names_its_turns(tmp_path):
    folder, _ = actions.create_game(tmp_path / "vt", str(TINY), "volldampf", PLAYERS[:2], seed="turns")
    last = None
    while Game.of(folder).family.open_turn(Game.of(folder).state()) != "finished":
        last = run("resolve", folder.path, "--force")
        assert last.exit_code == 0, last.output
        folder = type(folder)(folder.path)
    assert "The game is over: after round" in last.output and "Now: turn finished" not in last.output
    assert run("resolve", folder.path, "--round", "2B").output.startswith("Turn 2B is resolved already")
    never = run("resolve", folder.path, "--round", "9A")
    assert never.exit_code == 1 and "turn 9A was never played in game vt, which ended with turn" in never.output
