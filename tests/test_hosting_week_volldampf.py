"""A hosted Volldampf game's week through `umpire tick` against the real Dovecot and SMTP sink, as
tests/test_hosting_week.py walks a Dampfross one: the welcomes, turn 1A's reminders with each
player's own form, an order sent as a reply to the reminder, STATUS, the deadline extended and
paused, an absence by mail that moves it, the grace with its reminders and a late order in it,
the newsletter naming it, RESEND with the player's own private part, and each step done once
however often tick runs."""

from __future__ import annotations

from datetime import UTC, datetime
from email import message_from_bytes, policy

import pytest
from mailhelpers import deliver_at, email
from test_hosting_week import at, gm, hosted, mails, replies_to, status, tick
from volldampf_helpers import TINY

from umpire.usecases import actions

pytestmark = [pytest.mark.mail, pytest.mark.usefixtures("stamped_at_once")]

OPENED = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)      # a Saturday; turn 1A due 03-04 18:00 Berlin
PLAYERS = ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"]
MISSING = "v1: orders for turn 1A missing"


@pytest.fixture
def host(tmp_path, dovecot, mailbox, smtp):
    games = tmp_path / "games"
    games.mkdir()
    folder, codes = actions.create_game(games / "v1", str(TINY), "volldampf", PLAYERS, seed="week", now=OPENED,
                                        option_specs=("deadline=3 days", "deadline_at=18:00",
                                                      "deadline_zone=Europe/Berlin", "grace=12 hours", "remind=1 day",
                                                      "remind_late_to_all=true", "absence=extend"))
    return hosted(games, folder, codes, dovecot, mailbox, smtp)


def filled_reply(reminder: str, code: str, *orders: str) -> str:
    """Ann's reply to her reminder: a greeting on top, the reminder quoted below with its form
    filled in where it stands (her code written in, the example lines she wants uncommented)."""
    lines = []
    for line in reminder.rstrip("\n").split("\n"):
        if "<your order code>" in line:
            line = line.replace("<your order code>", code)
        bare = line.strip().lstrip("#").split("#")[0].strip()
        if line.strip().startswith("#") and bare in orders:
            line = "  " + bare
        lines.append(line)
    quoted = "\n".join(f"> {line}" if line else ">" for line in lines)
    return f"Hi GM,\n\nhere is my turn, filled in below.\n\nAnn\n\nOn Mon, 3 Mar 2025, Umpire wrote:\n{quoted}\n"


def test_a_week_of_hosting_a_volldampf_game(host, dovecot, mailbox, smtp):
    games, folder, codes = host
    assert status(folder)["deadline"] == "2025-03-04T17:00:00+00:00"          # 18:00 in Berlin

    tick(games, at(2, 9))                                    # the players are welcomed, once
    tick(games, at(2, 9, 5))
    assert sorted(to for to, subject, _ in mails(smtp) if subject.startswith("v1: welcome, ")) == [
        "ann@example.org", "bob@example.org", "cy@example.org"] and len(smtp.messages) == 3
    start = len(smtp.messages)

    # a day before the deadline: each player reminded once, with his own form and his own time
    tick(games, at(3, 17, 5))
    tick(games, at(3, 17, 30))
    sent = mails(smtp, start)
    assert sorted((to, subject) for to, subject, _ in sent) == [
        ("ann@example.org", MISSING), ("bob@example.org", MISSING), ("cy@example.org", MISSING)]
    reminder = next(body for to, _, body in sent if to == "ann@example.org")
    assert "2025-03-04 17:00 UTC (12:00 in America/New_York)" in " ".join(reminder.split())
    assert "YOUR ORDER FORM FOR TURN 1A" in reminder and "PLAYER ann" in reminder and codes["ann"] not in reminder

    # Ann replies to her reminder with the quoted form filled in: her order, confirmed to her alone
    deliver_at(dovecot, mailbox, email(filled_reply(reminder, codes["ann"], "BID 3"), sender="ann@example.org",
                                    subject=f"Re: {MISSING}", msgid="<ann1@example.org>"), at(3, 20))
    count = len(smtp.messages)
    tick(games, at(3, 20, 5))
    ((to, subject, confirmation),) = mails(smtp, count)
    assert (to, subject) == ("ann@example.org", f"Re: {MISSING}") and "  line 21: BID 3\n" in confirmation
    assert status(folder)["orders_in"] == ["ann"]

    # Bob asks for the status: the deadline in the turn's words, who has ordered, never what
    count = len(smtp.messages)
    deliver_at(dovecot, mailbox, email(f"GAME v1\nPLAYER bob\nCODE {codes['bob']}\nSTATUS\n", sender="bob@example.org",
                                    msgid="<bob1@example.org>"), at(3, 21))
    tick(games, at(3, 21, 5))
    (reply,) = replies_to(smtp, count, "bob@example.org")
    flat = " ".join(reply.split())
    assert ("STATUS: game v1, turn 1A. Orders are due by 2025-03-04 17:00 UTC. Orders are still taken until "
            "2025-03-05 05:00 UTC. Orders are in from ann; awaited from bob, cy.") in flat
    assert "BID" not in flat and len(mails(smtp, count)) == 1

    # the GM extends the deadline by a day, pauses it and resumes it: each told to all three, once
    gm("deadline", folder.path, "--extend", "1 day", "--reason", "the post strike", now=at(4, 8))
    count = len(smtp.messages)
    tick(games, at(4, 8, 5))
    tick(games, at(4, 8, 10))
    notices = mails(smtp, count)
    assert sorted(to for to, _, _ in notices) == ["ann@example.org", "bob@example.org", "cy@example.org"]
    assert all("orders are due by 2025-03-05 17:00 UTC" in " ".join(body.split()) for _, _, body in notices)
    gm("deadline", folder.path, "--pause", "--reason", "a family matter", now=at(4, 17))
    tick(games, at(5, 18))                                   # the old deadline passes while paused
    assert status(folder)["turn"] == "1A" and status(folder)["paused"] is True
    gm("deadline", folder.path, "--resume", now=at(5, 17))
    assert status(folder)["deadline"] == "2025-03-06T17:00:00+00:00"      # the day left, from the resume

    # Cy announces an absence by mail: the deadline inside it moves to the day after it
    count = len(smtp.messages)
    absent = f"GAME v1\nPLAYER cy\nCODE {codes['cy']}\nABSENT FROM 2025-03-06 TO 2025-03-07\n"
    deliver_at(dovecot, mailbox, email(absent, sender="cy@example.org", msgid="<cy1@example.org>"), at(5, 18))
    tick(games, at(5, 18, 5))
    sent = mails(smtp, count)
    (reply,) = [body for to, subject, body in sent if to == "cy@example.org" and subject == "Re: orders"]
    assert "ABSENT FROM 2025-03-06 TO 2025-03-07: noted" in " ".join(reply.split())
    info = status(folder)
    assert info["absences"] == {"cy": [["2025-03-06", "2025-03-07"]]} and info["orders_in"] == ["ann"]
    assert info["deadline"] == "2025-03-08T17:00:00+00:00"
    # the same tick tells all three of the resume, and that the absence moves the deadline on
    notices = {to: " ".join(body.split()) for to, subject, body in sent if subject == "v1: the deadline of turn 1A"}
    assert sorted(notices) == ["ann@example.org", "bob@example.org", "cy@example.org"] and len(sent) == 4
    assert all("runs again: orders are due by 2025-03-06 17:00 UTC." in text and "A player's absence moves the "
               "deadline: orders are now due by 2025-03-08 17:00 UTC" in text for text in notices.values())
    assert "now due by 2025-03-08 17:00 UTC (12:00 in America/New_York)." in notices["ann@example.org"]
    count = len(smtp.messages)
    tick(games, at(5, 18, 10))
    assert mails(smtp, count) == []

    # in the grace: Bob and Cy reminded once that day, and all told who is late; the turn waits
    count = len(smtp.messages)
    tick(games, at(8, 17, 30))
    tick(games, at(8, 18, 0))
    late = mails(smtp, count)
    assert sorted(to for to, subject, _ in late if subject == MISSING) == ["bob@example.org", "cy@example.org"]
    assert sorted(to for to, subject, _ in late if subject != MISSING) == [
        "ann@example.org", "bob@example.org", "cy@example.org"]
    assert status(folder)["turn"] == "1A"

    # Bob's order comes in the grace: taken; at the grace's end the turn resolves without Cy's
    deliver_at(dovecot, mailbox, email(f"Sorry, late!\n\nGAME v1\nPLAYER bob\nCODE {codes['bob']}\nBID 2\n\nBob\n",
                                    sender="bob@example.org", msgid="<bob2@example.org>"), at(8, 20))
    tick(games, at(8, 20, 5))
    assert status(folder)["orders_in"] == ["ann", "bob"] and status(folder)["turn"] == "1A"
    count = len(smtp.messages)
    assert "resolved" in tick(games, at(9, 5, 1))
    assert status(folder)["turn"] == "1B"
    newsletters = [(to, body) for to, subject, body in mails(smtp, count) if subject == "v1: newsletter 002"]
    assert sorted(to for to, _ in newsletters) == ["ann@example.org", "bob@example.org", "cy@example.org"]
    text = (folder.path / "newsletters" / "002.txt").read_text(encoding="utf-8")
    assert "Ordered after the deadline, in the grace: Bob (bob)." in " ".join(text.split())
    assert "an order in the grace until" in " ".join(text.split())

    # RESEND: the newsletter again, with Cy's own private part and nobody else's
    count = len(smtp.messages)
    deliver_at(dovecot, mailbox, email(f"GAME v1\nPLAYER cy\nCODE {codes['cy']}\nRESEND\n", sender="cy@example.org",
                                    msgid="<cy2@example.org>"), at(9, 9))
    tick(games, at(9, 9, 5))
    (reply,) = replies_to(smtp, count, "cy@example.org")
    assert "RESEND: newsletter 002 comes to you again in a mail of its own" in " ".join(reply.split())
    ((to, subject, again),) = [m for m in mails(smtp, count) if m[1] != "Re: orders"]
    assert (to, subject) == ("cy@example.org", "v1: newsletter 002 (again)") and again.startswith(text)
    assert "Private sheet for Cy (cy)" in again and "Private sheet for Ann" not in again
    assert "Private sheet for Bob" not in again and len(mails(smtp, count)) == 2
    (raw,) = [raw for raw in smtp.messages[count:] if b"(again)" in raw]
    files = [a.get_filename() for a in message_from_bytes(raw, policy=policy.default).iter_attachments()]
    assert files == ["v1-002.pdf", "v1-002-map.png", "v1-002-cy.pdf"]

    # run again and again: nothing more is sent or resolved
    count = len(smtp.messages)
    tick(games, at(9, 9, 10))
    tick(games, at(9, 9, 15))
    assert mails(smtp, count) == [] and status(folder)["turn"] == "1B"
