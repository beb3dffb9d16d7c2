"""The GM's calendar: deadlines at an hour and zone, grace, the GM's changes (umpire deadline),
absences (no mail server needed)."""

from __future__ import annotations

import json
import subprocess
from datetime import UTC, datetime, timedelta

import pytest
from click.testing import CliRunner
from mailhelpers import NOW, make_game

from umpire.cli import main
from umpire.errors import UmpireError
from umpire.store.folder import GameFolder
from umpire.timetable.deadlines import due_after, in_grace, lateness
from umpire.usecases import actions
from umpire.usecases.due import due
from umpire.usecases.replay import replay


def order(company="red", home="Alpha"):
    return f"GAME g1\nCOMPANY {company}\nHOME {home}\n".encode()


def cli(*args, now=None):
    env = {"UMPIRE_NOW": now.isoformat()} if now else {}
    return CliRunner().invoke(main, [str(a) for a in args], env=env)


def status(folder):
    return actions.status(GameFolder(folder.path))


# -- deadline_at and deadline_zone ----------------------------------------------------------------
def test_a_deadline_falls_at_the_games_hour_in_its_zone():
    options = {"deadline_at": "18:00", "deadline_zone": "Europe/Berlin"}
    # 2025-03-01 12:00 UTC + 7 days = 03-08 13:00 Berlin (CET): the next 18:00 there is 17:00 UTC that day
    assert due_after(options, "7 days", NOW) == datetime(2025, 3, 8, 17, 0, tzinfo=UTC)
    # after 18:00 local the deadline goes on to the next day's 18:00, never earlier than the span
    late = datetime(2025, 3, 1, 18, 30, tzinfo=UTC)
    assert due_after(options, "7 days", late) == datetime(2025, 3, 9, 17, 0, tzinfo=UTC)


def test_a_deadline_hour_keeps_to_summer_time():
    options = {"deadline_at": "18:00", "deadline_zone": "Europe/Berlin"}
    assert due_after(options, "7 days", datetime(2025, 6, 1, 8, 0, tzinfo=UTC)) == \
        datetime(2025, 6, 8, 16, 0, tzinfo=UTC)


@pytest.mark.parametrize("option,message", [("deadline_zone=Mars/Olympus", "not a time zone"),
                                            ("deadline_at=25:00", "not a time of day"),
                                            ("grace=soon", "not a time span"),
                                            ("absence=wait", "not a policy")])
def test_bad_calendar_options_are_refused(tmp_path, option, message):
    with pytest.raises(UmpireError, match=message):
        make_game(tmp_path / "g1", options=["deadline=7 days", option])


def test_new_game_sets_its_deadline_at_the_hour(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days", "deadline_at=18:00",
                                                    "deadline_zone=Europe/Berlin"])
    assert status(folder)["deadline"] == "2025-03-08T17:00:00+00:00"


# -- grace ------------------------------------------------------------------------------------------
def test_an_order_in_the_grace_is_taken_and_marked_after_the_deadline(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days", "grace=1 day"])
    deadline = NOW + timedelta(days=7)
    assert in_grace(folder, 1, deadline + timedelta(hours=3))
    result = actions.submit(folder, order(), received_at=deadline + timedelta(hours=3))
    assert result.accepted and not result.held
    received = [e for e in GameFolder(folder.path).events if e["type"] == "order_received"]
    assert received[-1]["after_deadline"] is True


def test_an_order_after_the_grace_is_refused_naming_both(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days", "grace=1 day"])
    result = actions.submit(folder, order(), received_at=NOW + timedelta(days=8, minutes=1))
    assert not result.accepted
    assert "after the deadline of round 1 (2025-03-08 12:00 UTC) and its grace (2025-03-09 12:00 UTC)" in result.reason


def test_a_round_with_grace_is_due_at_the_graces_end(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days", "grace=1 day"])
    assert not due(folder, NOW + timedelta(days=7, hours=1)).due
    assert "grace" in due(folder, NOW + timedelta(days=7, hours=1)).reason
    assert due(folder, NOW + timedelta(days=8)).due


def test_without_grace_an_order_after_the_deadline_is_late(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    assert lateness(folder, 1, NOW + timedelta(days=7, minutes=1))
    assert not in_grace(folder, 1, NOW + timedelta(days=7, minutes=1))


# -- umpire deadline ------------------------------------------------------------------------------------
def test_extend_moves_the_deadline_and_journals_the_reason(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    result = cli("deadline", folder.path, "--extend", "2 days", "--reason", "the post strike", now=NOW)
    assert result.exit_code == 0, result.output
    assert "extended by 2 days: orders are due by 2025-03-10 12:00 UTC" in result.output
    assert status(folder)["deadline"] == "2025-03-10T12:00:00+00:00"
    event = GameFolder(folder.path).events[-1]
    assert event == {"type": "deadline_changed", "round": 1, "action": "extend",
                     "deadline": "2025-03-10T12:00:00+00:00", "paused": False, "by": "2 days",
                     "reason": "the post strike"}


def test_the_same_extension_twice_is_done_once(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    cli("deadline", folder.path, "--extend", "2 days", "--reason", "strike", now=NOW)
    again = cli("deadline", folder.path, "--extend", "2 days", "--reason", "strike", now=NOW)
    assert "nothing done" in again.output
    assert status(folder)["deadline"] == "2025-03-10T12:00:00+00:00"


def test_set_takes_a_time_in_the_games_zone(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days", "deadline_zone=Europe/Berlin"])
    result = cli("deadline", folder.path, "--set", "2025-03-12 18:00", now=NOW)
    assert result.exit_code == 0, result.output
    assert status(folder)["deadline"] == "2025-03-12T17:00:00+00:00"


def test_set_refuses_a_time_that_has_passed(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    result = cli("deadline", folder.path, "--set", "2025-02-12 18:00", now=NOW)
    assert result.exit_code == 1 and "has passed already" in result.output
    assert status(folder)["deadline"] == "2025-03-08T12:00:00+00:00"


def test_pause_stops_the_clock_and_resume_gives_back_the_time_left(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    assert cli("deadline", folder.path, "--pause", "--reason", "Christmas", now=NOW + timedelta(days=2)).exit_code == 0
    info = status(folder)
    assert info["deadline"] is None and info["paused"] is True
    assert not due(folder, NOW + timedelta(days=30)).due
    assert "nothing done" in cli("deadline", folder.path, "--pause", now=NOW + timedelta(days=3)).output
    cli("deadline", folder.path, "--resume", now=NOW + timedelta(days=12))
    info = status(folder)
    assert info["paused"] is False and info["deadline"] == "2025-03-18T12:00:00+00:00"   # 5 days were left


def test_extend_without_a_deadline_is_refused_saying_what_works(tmp_path):
    folder, _ = make_game(tmp_path / "g1")
    result = cli("deadline", folder.path, "--extend", "1 day", now=NOW)
    assert result.exit_code == 1 and "no deadline to extend" in result.output and "--set" in result.output


def test_status_json_carries_the_deadline_paused_and_absences(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    info = json.loads(cli("status", folder.path, "--json").output)
    assert info["deadline"] == "2025-03-08T12:00:00+00:00" and info["paused"] is False and info["absences"] == {}


def test_deadline_changes_replay(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days", "absence=extend"])
    cli("deadline", folder.path, "--extend", "1 day", now=NOW)
    cli("absence", folder.path, "red", "--from", "2025-03-20", "--to", "2025-03-22", now=NOW)
    actions.resolve(GameFolder(folder.path), now=NOW + timedelta(days=9))
    cli("deadline", folder.path, "--pause", now=NOW + timedelta(days=10))
    assert replay(folder.path, quick=True).differences == []


# -- absences -------------------------------------------------------------------------------------------
def test_absence_extend_moves_a_deadline_inside_it_to_the_day_after(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days", "absence=extend"])
    result = cli("absence", folder.path, "red", "--from", "2025-03-07", "--to", "2025-03-10", now=NOW)
    assert result.exit_code == 0, result.output
    info = status(folder)
    assert info["absences"] == {"red": [["2025-03-07", "2025-03-10"]]}
    assert info["deadline"] == "2025-03-11T12:00:00+00:00"


def test_absence_nmr_leaves_the_deadline(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    cli("absence", folder.path, "red", "--from", "2025-03-07", "--to", "2025-03-10", now=NOW)
    assert status(folder)["deadline"] == "2025-03-08T12:00:00+00:00"


def test_absence_beyond_the_games_limit_is_refused_with_the_reason(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days", "absence=extend", "absence_max=5"])
    assert cli("absence", folder.path, "red", "--from", "2025-03-07", "--to", "2025-03-09", now=NOW).exit_code == 0
    result = cli("absence", folder.path, "red", "--from", "2025-04-07", "--to", "2025-04-09", now=NOW)
    assert result.exit_code == 1
    assert "at most 5 days of absence a player (3 taken)" in result.output
    assert status(folder)["absences"] == {"red": [["2025-03-07", "2025-03-09"]]}


def test_absence_twice_is_noted_once_and_one_in_the_past_is_refused(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    cli("absence", folder.path, "red", "--from", "2025-03-07", "--to", "2025-03-09", now=NOW)
    assert "nothing done" in cli("absence", folder.path, "red", "--from", "2025-03-07", "--to", "2025-03-09",
                                 now=NOW).output
    assert "before today" in cli("absence", folder.path, "red", "--from", "2025-02-01", "--to", "2025-02-03",
                                 now=NOW).output


# -- players' zones --------------------------------------------------------------------------------------
def test_new_takes_each_players_zone_and_the_newsletter_gives_the_deadline_in_it(tmp_path):
    from conftest import TEST_MAP
    folder, _ = actions.create_game(tmp_path / "g1", str(TEST_MAP), "laurin",
                                    ["red:Red Lines:red@example.org", "blue:Blue Star:blue@example.org"],
                                    seed="zones", option_specs=("deadline=7 days",), now=NOW,
                                    zones=("red=America/New_York",))
    assert folder.company("red")["zone"] == "America/New_York" and "zone" not in folder.company("blue")
    text = (folder.path / "newsletters" / "001.txt").read_text()
    assert "2025-03-08 12:00 UTC (07:00 in America/New_York)" in " ".join(text.split())


@pytest.mark.parametrize("spec,message", [("green=Europe/Berlin", "does not name a company"),
                                          ("red=Mars/Olympus", "not a time zone")])
def test_a_bad_zone_at_new_is_refused(tmp_path, spec, message):
    from conftest import TEST_MAP
    with pytest.raises(UmpireError, match=message):
        actions.create_game(tmp_path / "g1", str(TEST_MAP), "laurin", ["red:Red Lines:red@example.org",
                            "blue:Blue Star:blue@example.org"], seed="zones", now=NOW, zones=(spec,))
    assert not (tmp_path / "g1").exists()


def test_the_newsletter_says_who_ordered_in_the_grace_and_when_the_next_grace_ends(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days", "grace=1 day"])
    actions.submit(folder, order("blue", "Beta"), received_at=NOW + timedelta(days=1))
    actions.submit(folder, order(), received_at=NOW + timedelta(days=7, hours=2))
    actions.resolve(GameFolder(folder.path), now=NOW + timedelta(days=7, hours=3))
    text = (folder.path / "newsletters" / "002.txt").read_text()
    assert "Ordered after the deadline, in the grace: Red Lines." in text
    due = ("Orders for round 2 are due by 2025-03-15 15:00 UTC; an order in the grace until 2025-03-16 15:00 UTC "
           "is still taken, and named as late.")
    assert due in " ".join(text.split()) and max(len(line) for line in text.splitlines() if "grace" in line) <= 72
    pdf = subprocess.run(["pdftotext", str(folder.path / "newsletters" / "002.pdf"), "-"], capture_output=True,
                         check=True, text=True).stdout
    flat = " ".join(pdf.split())
    assert due in flat and "Ordered after the deadline, in the grace: Red Lines." in flat
    assert replay(folder.path, quick=True).differences == []


def test_without_a_grace_the_deadline_line_is_as_before(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    text = (folder.path / "newsletters" / "001.txt").read_text()
    assert "Orders for round 1 are due by 2025-03-08 12:00 UTC.\n" in text and "grace" not in text


def test_status_says_paused_and_who_is_away(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    cli("deadline", folder.path, "--pause", now=NOW)
    cli("absence", folder.path, "red", "--from", "2025-03-07", "--to", "2025-03-09", now=NOW)
    out = cli("status", folder.path).output
    assert "deadline:  paused" in out and "absent:    red 2025-03-07 to 2025-03-09" in out


def test_players_are_told_of_a_move_only_when_the_absence_came_after_the_round_opened(tmp_path):
    from umpire.timetable.deadlines import moved_since_opened
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days", "absence=extend"])
    cli("absence", folder.path, "red", "--from", "2025-03-14", "--to", "2025-03-16", now=NOW)
    assert status(folder)["deadline"] == "2025-03-08T12:00:00+00:00" and moved_since_opened(folder, 1) is None
    actions.resolve(GameFolder(folder.path), now=NOW + timedelta(days=7))      # round 2: due 03-15, inside it
    folder = GameFolder(folder.path)
    assert status(folder)["deadline"] == "2025-03-17T12:00:00+00:00"
    assert "due by 2025-03-17 12:00 UTC" in (folder.path / "newsletters" / "002.txt").read_text()
    assert moved_since_opened(folder, 2) is None            # the newsletter said it: nobody is told again
    cli("absence", folder.path, "blue", "--from", "2025-03-17", "--to", "2025-03-18", now=NOW + timedelta(days=8))
    moved = moved_since_opened(GameFolder(folder.path), 2)
    assert moved.iso == "2025-03-19T12:00:00+00:00" and moved.moved_by == ("red", "blue")


def test_a_resume_seconds_after_the_pause_gives_back_the_whole_minute(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    cli("deadline", folder.path, "--pause", now=NOW + timedelta(days=2, seconds=10))
    cli("deadline", folder.path, "--resume", now=NOW + timedelta(days=2, seconds=25))
    # 4 days 23:59:50 were left; from 03-03 12:00:25 that is 03-08 12:00:15, rounded up, never down
    assert status(folder)["deadline"] == "2025-03-08T12:01:00+00:00"
