"""A quiet game is passed over by `umpire tick` (umpire/usecases/quiet.py), and only while nothing
could want it: mail, an order, its deadline, a reminder, the end of its grace or of an absence,
put-off mail's next try, a GM command, a hand edit, new host settings each make the tick look."""

from __future__ import annotations

import json
import os
from datetime import timedelta

import pytest
import yaml
from click.testing import CliRunner
from conftest import copy_of_made_once
from mailhelpers import NOW, make_game, order_text

from umpire.cli import main
from umpire.hosting.tick import tick
from umpire.store.folder import GameFolder
from umpire.store.mailroom import Mailroom
from umpire.usecases import actions, quiet
from umpire.usecases.quiet import STAMPS, Quiet

OPTIONS = ["deadline=7 days", "grace=2 days", "remind=2 days, 12 hours", "absence=extend"]
DEADLINE = NOW + timedelta(days=7)
LATER = NOW + timedelta(hours=1)


@pytest.fixture(autouse=True)
def settled_at_once(monkeypatch):
    monkeypatch.setattr(quiet, "SETTLE", 0.0)


@pytest.fixture
def games(tmp_path_factory, tmp_path):
    """A folder of games holding g1 (a week to its deadline, a grace, reminders), stamped quiet at LATER."""
    copy_of_made_once(tmp_path_factory, "tick-quiet", lambda root: make_game(root / "g1", options=OPTIONS),
                      tmp_path / "games")
    assert tick(tmp_path / "games", LATER) == []
    return tmp_path / "games"


def passed_over(games, now) -> bool:
    return Quiet(games, now).passed_over(games / "g1")


def restamp(games, now):
    """g1 looked at and stamped at `now`, as a tick that found nothing to do stamps it."""
    looked = Quiet(games, now)
    assert not looked.own_mailbox(games / "g1", lambda path: False)
    assert not looked.passed_over(games / "g1")
    looked.stamp(games / "g1")


def test_a_quiet_game_is_stamped_and_passed_over_until_its_first_reminder(games):
    stamp = json.loads((games / STAMPS / "g1").read_text())
    assert stamp["until"] == (DEADLINE - timedelta(days=2)).isoformat() and stamp["own_mailbox"] is False
    assert passed_over(games, LATER + timedelta(minutes=10))
    assert passed_over(games, DEADLINE - timedelta(days=2, seconds=1))
    assert not passed_over(games, DEADLINE - timedelta(days=2))          # the first reminder is due
    assert not passed_over(games, LATER - timedelta(minutes=1))          # before the stamp: looked at


@pytest.mark.parametrize("after", [timedelta(hours=12), timedelta(0), timedelta(days=1), timedelta(days=2)],
                         ids=["second reminder", "deadline", "a day of the grace", "end of the grace"])
def test_each_time_of_the_calendar_ends_the_quiet(games, after):
    """Stamped just after the time before it, the game is looked at from the next one on."""
    times = [DEADLINE - timedelta(days=2), DEADLINE - timedelta(hours=12), DEADLINE, DEADLINE + timedelta(days=1),
             DEADLINE + timedelta(days=2)]
    at = DEADLINE - after if after == timedelta(hours=12) else DEADLINE + after
    before = times[times.index(at) - 1] + timedelta(minutes=1)
    restamp(games, before)
    assert json.loads((games / STAMPS / "g1").read_text())["until"] == at.isoformat()
    assert passed_over(games, at - timedelta(seconds=1)) and not passed_over(games, at)


def test_an_absence_ending_ends_the_quiet(games):
    assert CliRunner().invoke(main, ["absence", str(games / "g1"), "red", "--from", "2025-03-03", "--to",
                                     "2025-03-04"], env={"UMPIRE_NOW": LATER.isoformat()}).exit_code == 0
    assert not passed_over(games, LATER)                                 # the GM's command changed the game
    ends = NOW.replace(day=5, hour=0)
    restamp(games, NOW.replace(day=4, hour=1))
    assert passed_over(games, ends - timedelta(seconds=1)) and not passed_over(games, ends)


def test_an_order_and_mail_end_the_quiet(games):
    folder = GameFolder(games / "g1")
    codes = yaml.safe_load((games / "g1" / "secrets.yaml").read_text())["codes"]
    actions.submit(folder, order_text("g1", "red", codes["red"], "HOME Alpha").encode(), via="mail <m1@x>")
    assert not passed_over(games, LATER)
    assert tick(games, LATER) == [] and passed_over(games, LATER)
    Mailroom(games / "g1").log([{"type": "processed", "key": "k1", "game": "g1"}])
    assert not passed_over(games, LATER)


def test_put_off_mail_ends_the_quiet_at_its_next_try(games):
    retry = LATER + timedelta(minutes=5)
    Mailroom(games / "g1").log([{"type": "queued", "file": "outbox/x.eml"},
                                {"type": "deferred", "file": "outbox/x.eml", "put_off": {"a@b": "451"}, "tries": 1,
                                 "first": LATER.isoformat(), "at": LATER.isoformat(), "next": retry.isoformat()}])
    restamp(games, LATER)
    assert passed_over(games, retry - timedelta(seconds=1)) and not passed_over(games, retry)


@pytest.mark.parametrize("command", [["deadline", "{g}", "--extend", "1 day", "--reason", "post"],
                                     ["deadline", "{g}", "--pause", "--reason", "Christmas"],
                                     ["adjust", "{g}", "--company", "red", "--units", "5", "--reason", "fix"],
                                     ["replace", "{g}", "blue", "--email", "new@example.org"]],
                         ids=["extend", "pause", "adjust", "replace"])
def test_a_gm_command_ends_the_quiet(games, command):
    result = CliRunner().invoke(main, [a.format(g=games / "g1") for a in command],
                                env={"UMPIRE_NOW": LATER.isoformat()})
    assert result.exit_code == 0, result.output
    assert not passed_over(games, LATER)


@pytest.mark.parametrize("name", ["game.yaml", "secrets.yaml", "journal.jsonl"])
def test_a_hand_edit_even_of_the_same_size_ends_the_quiet(games, name):
    path = games / "g1" / name
    text = path.read_bytes()
    with open(path, "r+b") as file:                  # in place, as an editor may write: same inode, same size
        file.write(text[:1])
    assert path.read_bytes() == text and not passed_over(games, LATER)


def test_new_host_settings_end_the_quiet_of_every_game(games):
    (games / "umpire.yaml").write_text(yaml.safe_dump({"mail": {"from": "umpire@example.org"}}))
    assert not passed_over(games, LATER)


@pytest.mark.parametrize("damage", [b"", b"\x00" * 40, b'{"files": "', b"[]\n", b'{"files": 1, "at": "x"}\n'],
                         ids=["empty", "zeros", "torn", "not a stamp", "wrong types"])
def test_a_damaged_or_missing_stamp_means_the_game_is_looked_at(games, damage):
    assert passed_over(games, LATER)
    (games / STAMPS / "g1").write_bytes(damage)
    assert not passed_over(games, LATER)
    (games / STAMPS / "g1").unlink()
    assert not passed_over(games, LATER)
    assert tick(games, LATER) == [] and passed_over(games, LATER)     # the tick stamps it anew


def test_the_stamp_is_written_whole_outside_the_game(games):
    assert sorted(os.listdir(games / STAMPS)) == ["g1"]                # no temporary file left beside it
    assert not any(STAMPS in str(p) for p in (games / "g1").rglob("*"))
    assert CliRunner().invoke(main, ["replay", "--quick", str(games / "g1")]).exit_code == 0


def test_a_file_not_settled_is_not_trusted_and_no_stamp_is_written(games, monkeypatch):
    (games / STAMPS / "g1").unlink()
    monkeypatch.setattr(quiet, "SETTLE", 3600.0)
    assert tick(games, LATER) == [] and not (games / STAMPS / "g1").exists()


def test_a_game_with_work_is_not_stamped_and_its_work_is_done(games):
    """At the deadline with nobody ordered, the tick resolves the game; the stamp stays as it was."""
    stamp = (games / STAMPS / "g1").read_bytes()
    reports = tick(games, DEADLINE + timedelta(days=2))
    assert [r.game for r in reports] == ["g1"] and "resolved" in str(reports[0])
    assert (games / STAMPS / "g1").read_bytes() == stamp and not passed_over(games, DEADLINE + timedelta(days=2))


def test_a_game_with_its_own_mailbox_is_fetched_and_passed_over_only_when_nothing_came(games):
    g1 = games / "g1"
    (games / STAMPS / "g1").unlink()
    first = Quiet(games, LATER)
    assert first.own_mailbox(g1, lambda path: True) and not first.passed_over(g1)
    first.stamp(g1)
    fetched = Quiet(games, LATER)
    assert not fetched.without_mailbox(g1)                              # its mailbox is asked at every tick
    assert fetched.own_mailbox(g1, lambda path: pytest.fail("game.yaml read")) and fetched.passed_over(g1)
    came = Quiet(games, LATER)
    assert came.own_mailbox(g1, lambda path: True)
    Mailroom(g1).log([{"type": "processed", "key": "k2", "game": "g1"}])  # the fetch brought a message
    assert not came.passed_over(g1)
