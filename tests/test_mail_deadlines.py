"""Round deadlines, late orders and `umpire status` (no mail server needed)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from mailhelpers import NOW, make_game

from umpire.errors import UmpireError
from umpire.store.folder import GameFolder
from umpire.timetable.deadlines import parse_duration
from umpire.usecases import actions


def order(company="red", home="Alpha"):
    return f"GAME g1\nCOMPANY {company}\nHOME {home}\n".encode()


@pytest.mark.parametrize("text,span", [("7 days", timedelta(days=7)), ("48 hours", timedelta(hours=48)),
                                       ("1 week 2 days", timedelta(days=9)), ("90 minutes", timedelta(minutes=90))])
def test_deadline_option_reads_a_time_span(text, span):
    assert parse_duration(text) == span


def test_deadline_option_that_is_not_a_time_span_is_refused(tmp_path):
    with pytest.raises(UmpireError, match="not a time span"):
        make_game(tmp_path / "g1", options=["deadline=soon"])


def test_late_orders_option_must_be_a_policy(tmp_path):
    with pytest.raises(UmpireError, match="late_orders=hold"):
        make_game(tmp_path / "g1", options=["late_orders=ignore"])


def test_new_game_sets_round_one_deadline_from_the_option(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    assert GameFolder(folder.path).config["deadlines"] == {1: "2025-03-08T12:00:00+00:00"}


def test_game_without_deadline_option_has_no_deadlines(tmp_path):
    folder, _ = make_game(tmp_path / "g1")
    assert "deadlines" not in folder.config
    assert actions.status(folder)["deadline"] is None


def test_resolve_sets_the_next_rounds_deadline(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=2 days"])
    actions.resolve(folder, now=NOW + timedelta(days=3))
    assert GameFolder(folder.path).config["deadlines"][2] == "2025-03-06T12:00:00+00:00"


def test_newsletter_shows_the_deadline(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    assert "Orders for round 1 are due by 2025-03-08 12:00 UTC." in (folder.path / "newsletters/001.txt").read_text()


def test_status_shows_the_deadline(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    assert actions.status(folder)["deadline"] == "2025-03-08T12:00:00+00:00"


def test_order_in_time_counts_for_the_open_round(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    result = actions.submit(folder, order(), received_at=NOW + timedelta(days=7))
    assert result.accepted and result.round == 1 and not result.held


def test_late_order_is_refused_by_default(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days"])
    result = actions.submit(folder, order(), received_at=NOW + timedelta(days=7, minutes=1))
    assert not result.accepted
    assert "after the deadline of round 1 (2025-03-08 12:00 UTC)" in result.reason


def test_late_order_is_held_for_the_next_round_when_the_game_says_so(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days", "late_orders=hold"])
    result = actions.submit(folder, order(), received_at=NOW + timedelta(days=8))
    assert result.accepted and result.held and result.round == 2
    assert actions.status(folder)["orders_in"] == []
    actions.resolve(folder, now=NOW + timedelta(days=8))
    assert actions.status(folder)["orders_in"] == ["red"]


def test_late_order_does_not_replace_the_one_in_time(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=7 days", "late_orders=hold"])
    first = actions.submit(folder, order(), received_at=NOW)
    actions.submit(folder, order(home="Beta"), received_at=NOW + timedelta(days=8))
    assert folder.latest_orders(1) == {"red": first.file}


def test_orders_from_the_gm_have_no_deadline(tmp_path):
    folder, _ = make_game(tmp_path / "g1", options=["deadline=1 day"])
    assert actions.submit(folder, order()).accepted


def test_status_lists_who_has_and_has_not_ordered(tmp_path):
    folder, _ = make_game(tmp_path / "g1")
    actions.submit(folder, order("blue", "Beta"))
    info = actions.status(folder)
    assert (info["orders_in"], info["awaited"]) == (["blue"], ["red"])


def test_company_without_orders_is_noted_in_the_newsletter(tmp_path):
    folder, _ = make_game(tmp_path / "g1")
    actions.submit(folder, order("blue", "Beta"))
    actions.resolve(folder)
    assert "No orders received from: Red Lines." in (folder.path / "newsletters/002.txt").read_text()
