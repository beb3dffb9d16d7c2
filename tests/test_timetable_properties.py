"""Property tests: a player's lines to the umpire and the GM's times, whatever is written, are read
or refused with a reason; nothing else happens."""

from __future__ import annotations

from datetime import UTC, date

from hypothesis import given, settings
from hypothesis import strategies as st

from umpire.errors import UmpireError
from umpire.kernel.order_header import split_press
from umpire.mail.commands import commands, only_commands
from umpire.timetable.spans import parse_date, parse_duration, parse_moment, time_of_day, zone

LINES = st.lists(st.one_of(
    st.sampled_from(["GAME g1", "COMPANY red", "CODE tulip-42", "STATUS", "RESEND", "WAIT", "resend ",
                     "ABSENT FROM 2026-12-01 TO 2026-12-10", "absent from x to y", "HOME Alpha", "PRESS",
                     "ENDPRESS", "-- ", "> STATUS", "# STATUS", ""]),
    st.text(max_size=40)), max_size=12)


@settings(max_examples=300, deadline=None)
@given(LINES)
def test_player_lines_are_read_and_never_reach_a_familys_parser(lines):
    text = "\n".join(lines)
    found = commands(text)
    assert all(line.split()[0].upper() in ("ABSENT", "STATUS", "RESEND", "WAIT") for line in found)
    kept = split_press(text)[0]
    assert commands(kept) == []                 # blanked for the family, line numbers kept
    assert len(kept.split("\n")) - text.endswith("\n") == max(1, len(text.splitlines()))
    if only_commands(text):
        assert found


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_times_as_written_are_read_or_refused_with_a_reason(text):
    for read in (parse_duration, time_of_day, zone, lambda t: parse_date(t, "FROM"),
                 lambda t: parse_moment(t, UTC)):
        try:
            value = read(text)
        except UmpireError as exc:
            assert exc.fix and len(exc.what) < 300
        else:
            assert value is not None


@given(st.dates(min_value=date(2000, 1, 1), max_value=date(2100, 1, 1)))
def test_a_date_as_written_reads_back(day):
    assert parse_date(day.isoformat(), "FROM") == day
