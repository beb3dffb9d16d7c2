"""`umpire resolve` is safe from cron (DESIGN.md, CLI): it resolves only a due round (deadline
passed or every order in), says who is awaited and until when otherwise, `--force` resolves
anyway, and `--round N` makes a repeated command a no-op."""

from datetime import UTC, datetime, timedelta

import yaml
from click.testing import CliRunner
from conftest import TEST_MAP

from umpire.cli import main
from umpire.store.folder import GameFolder
from umpire.usecases.due import due

COMPANIES = ["--company", "red:Red Lines:red@example.org", "--company", "blue:Blue Star:blue@example.org"]
RED = "GAME g\nCOMPANY red\nHOME Alpha\nBUILD C3-D3\n"
BLUE = "GAME g\nCOMPANY blue\nHOME Beta\nBUILD K8-J8\n"


def umpire(*args, **kw):
    return CliRunner().invoke(main, [str(a) for a in args], **kw)


def make(tmp_path, *options):
    folder = tmp_path / "g"
    extra = [a for o in options for a in ("--option", o)]
    result = umpire("new", folder, "--map", TEST_MAP, "--rules", "laurin", *COMPANIES, "--seed", "s", *extra)
    assert result.exit_code == 0
    return folder


def send(tmp_path, folder, *texts):
    for i, text in enumerate(texts):
        path = tmp_path / f"o{i}.txt"
        path.write_text(text)
        assert umpire("submit", folder, path).exit_code == 0


def set_deadline(folder, when: datetime):
    config = yaml.safe_load((folder / "game.yaml").read_text())
    config["deadlines"] = {1: when.isoformat()}
    (folder / "game.yaml").write_text(yaml.safe_dump(config, sort_keys=False))


def test_without_a_deadline_resolve_waits_for_every_order_and_says_who_is_awaited(tmp_path):
    folder = make(tmp_path)
    send(tmp_path, folder, RED)
    journal = (folder / "journal.jsonl").read_bytes()
    result = umpire("resolve", folder)
    assert result.exit_code == 1
    assert "round 1 awaits orders from blue" in result.output and "no deadline" in result.output
    assert "--force" in result.output
    assert (folder / "journal.jsonl").read_bytes() == journal


def test_before_the_deadline_resolve_says_until_when(tmp_path):
    folder = make(tmp_path, "deadline=7 days")
    send(tmp_path, folder, RED)
    set_deadline(folder, datetime(2999, 1, 1, 18, 0, tzinfo=UTC))
    result = umpire("resolve", folder)
    assert result.exit_code == 1
    assert "awaits orders from blue until the deadline, 2999-01-01 18:00 UTC" in result.output


def test_after_the_deadline_resolve_resolves_with_orders_missing(tmp_path):
    folder = make(tmp_path, "deadline=7 days")
    send(tmp_path, folder, RED)
    set_deadline(folder, datetime(2000, 1, 1, tzinfo=UTC))
    result = umpire("resolve", folder)
    assert result.exit_code == 0 and "Round 1 resolved" in result.output


def test_resolve_when_every_order_is_in(tmp_path):
    folder = make(tmp_path)
    send(tmp_path, folder, RED, BLUE)
    assert umpire("resolve", folder).exit_code == 0


def test_force_resolves_a_round_that_is_not_due(tmp_path):
    folder = make(tmp_path)
    result = umpire("resolve", folder, "--force")
    assert result.exit_code == 0 and "Round 1 resolved" in result.output


def test_round_n_resolves_that_round_once_and_a_repeat_is_a_no_op(tmp_path):
    folder = make(tmp_path)
    send(tmp_path, folder, RED, BLUE)
    assert umpire("resolve", folder, "--round", 1).exit_code == 0
    journal = (folder / "journal.jsonl").read_bytes()
    again = umpire("resolve", folder, "--round", 1)
    assert again.exit_code == 0 and "Round 1 is resolved already (round 2 is open); nothing done." in again.output
    assert (folder / "journal.jsonl").read_bytes() == journal


def test_round_n_not_yet_open_is_refused(tmp_path):
    folder = make(tmp_path)
    result = umpire("resolve", folder, "--round", 3, "--force")
    assert result.exit_code == 1 and "round 3 is not open yet; round 1 is" in result.output


def test_round_n_that_is_open_still_waits_until_it_is_due(tmp_path):
    folder = make(tmp_path)
    assert umpire("resolve", folder, "--round", 1).exit_code == 1


def test_a_finished_game_is_not_due(tmp_path):
    folder = make(tmp_path)
    assert umpire("end-construction", folder, "--reason", "x", "--yes").exit_code == 0
    check = due(GameFolder(folder))
    assert not check.due and "finished" in check.reason
    assert umpire("resolve", folder).exit_code == 1


def test_due_compares_the_deadline_with_the_time_given(tmp_path):
    folder = make(tmp_path, "deadline=7 days")
    send(tmp_path, folder, RED)
    deadline = datetime(2030, 5, 1, 12, 0, tzinfo=UTC)
    set_deadline(folder, deadline)
    game = GameFolder(folder)
    before, after = due(game, deadline - timedelta(minutes=1)), due(game, deadline)
    assert (before.due, before.awaited, before.deadline) == (False, ["blue"], deadline.isoformat())
    assert after.due and "has passed" in after.reason


def finished(tmp_path):
    folder = make(tmp_path)
    assert umpire("end-construction", folder, "--reason", "x", "--yes").exit_code == 0
    return folder


def test_a_finished_game_is_refused_without_advising_force_which_would_not_work(tmp_path):
    folder = finished(tmp_path)
    journal = (folder / "journal.jsonl").read_bytes()
    for extra in ([], ["--force"]):
        result = umpire("resolve", folder, *extra)
        assert result.exit_code == 1 and "game g is finished; there is no round to resolve" in result.output
        assert "--force" not in result.output and "umpire rollback" in result.output
    assert (folder / "journal.jsonl").read_bytes() == journal


def test_round_n_of_a_finished_game_is_resolved_already_or_was_never_played(tmp_path):
    folder = finished(tmp_path)
    played = umpire("resolve", folder, "--round", 1)
    assert played.exit_code == 0 and "Round 1 is resolved already (the game is finished)" in played.output
    for n in (10, 0):
        never = umpire("resolve", folder, "--round", n)
        assert never.exit_code == 1
        assert f"round {n} was never played in game g, which ended with round 1" in never.output
        assert "resolved already" not in never.output


def test_round_0_of_a_running_game_was_never_played(tmp_path):
    result = umpire("resolve", make(tmp_path), "--round", 0)
    assert result.exit_code == 1 and "round 0 was never played in game g; round 1 is open" in result.output
    assert "resolved already" not in result.output


def test_one_winner_is_the_winner(tmp_path):
    from types import SimpleNamespace

    from umpire.cli.game import _winners
    folder = SimpleNamespace(company=lambda c: {"name": c.title()})
    assert _winners(folder, ["red"]) == "Winner: Red (red)"
    assert _winners(folder, ["red", "blue"], capital=False) == "winners: Red (red), Blue (blue)"
