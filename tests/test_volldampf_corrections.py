"""The GM's corrections in a Volldampf game: `adjust` moves marks with a reason (printed in the next
newsletter), `rollback` undoes mail turns (a round number names its first turn, `--to 2B` a turn),
and replay rebuilds the game byte for byte after both."""

from __future__ import annotations

from helpers import run
from volldampf_helpers import TINY

from umpire.game import Game
from umpire.store.folder import GameFolder
from umpire.usecases import actions
from umpire.usecases.replay import replay

PLAYERS = ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"]


def game(tmp_path, resolves=0):
    folder, _ = actions.create_game(tmp_path / "vc", str(TINY), "volldampf", PLAYERS, seed="corrections")
    for _ in range(resolves):
        actions.resolve(folder)
    return GameFolder(folder.path)


def turn(folder):
    return actions.status(GameFolder(folder.path))["turn"]


def test_adjust_moves_marks_between_the_bank_and_a_player_and_the_newsletter_says_why(tmp_path):
    folder = game(tmp_path)
    cash = Game.of(folder).state().cash("ann")
    result = run("adjust", folder.path, "--player", "ann", "--marks", "3", "--reason", "bond paid twice")
    assert result.exit_code == 0 and "bank -> ann 3 marks" in result.output
    assert Game.open(folder.path).state().cash("ann") == cash + 3
    assert Game.open(folder.path).state().money.total() == 0
    actions.resolve(GameFolder(folder.path))
    text = (folder.path / "newsletters" / "002.txt").read_text(encoding="utf-8")
    assert "Correction by the GM for Ann (ann): 3 marks from the bank (bond paid twice)." in text
    assert replay(folder.path).differences == []


def test_adjust_cannot_take_more_marks_than_the_player_has(tmp_path):
    folder = game(tmp_path)
    journal = (folder.path / "journal.jsonl").read_bytes()
    result = run("adjust", folder.path, "--player", "bob", "--marks", "-999", "--reason", "x")
    assert result.exit_code == 1 and "a correction cannot take 999" in result.output
    assert (folder.path / "journal.jsonl").read_bytes() == journal


def test_rollback_undoes_the_last_mail_turn_and_run_again_does_nothing(tmp_path):
    folder = game(tmp_path, resolves=2)
    assert turn(folder) == "1C"
    result = run("rollback", folder.path)
    assert result.exit_code == 0 and "resolve of turn 1B" in result.output and "Turn 1B is open again" in result.output
    assert turn(folder) == "1B"
    again = run("rollback", folder.path)
    assert again.exit_code == 0 and "Turn 1B is open already; nothing done" in again.output
    assert turn(folder) == "1B"
    assert replay(folder.path).differences == []


def test_rollback_to_a_turn_or_to_a_round_which_names_its_first_turn(tmp_path):
    folder = game(tmp_path, resolves=4)
    assert turn(folder) == "2B"
    result = run("rollback", folder.path, "--to", "1c")
    assert result.exit_code == 0 and "resolve of turn 1C, resolve of turn 2A" in result.output
    assert turn(folder) == "1C"
    assert run("rollback", folder.path, "--to", "1C").output.startswith("Turn 1C is open already")
    assert run("rollback", folder.path, "--to", "1").exit_code == 0 and turn(folder) == "1A"
    missing = run("rollback", folder.path, "--to", "7")
    assert missing.exit_code == 1 and "round 7 was never resolved" in missing.output
    assert run("rollback", folder.path, "--to", "x3").exit_code == 2
    actions.resolve(GameFolder(folder.path))
    assert replay(folder.path).differences == []
