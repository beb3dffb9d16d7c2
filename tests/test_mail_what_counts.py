"""What counts as an order, by mail through `umpire tick` against the real Dovecot and SMTP sink,
with the players' mails built from what the umpire wrote them (their welcome, their reminder): a
question quoted above the welcome is no order, and the player stays awaited; a turn whose orders
are all in waits for a corrected order while a line stands refused; a Volldampf player's sentence
under her header lines leaves her awaited, with her form in the reply."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from mailhelpers import deliver_at, email, make_game, order_text
from test_hosting_week import at, hosted, mails, replies_to, status, tick
from volldampf_helpers import TINY

from umpire.usecases import actions

pytestmark = pytest.mark.mail

OPENED = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
def dampfross(tmp_path, dovecot, mailbox, smtp):
    games = tmp_path / "games"
    games.mkdir()
    folder, codes = make_game(games / "g1", now=OPENED, options=["deadline=7 days", "remind=none"])
    return hosted(games, folder, codes, dovecot, mailbox, smtp)


def welcome_of(smtp, address):
    return next(body for to, subject, body in mails(smtp) if to == address and "welcome" in subject)


def quoted_reply(text: str, quoted: str) -> str:
    """A reply on top, the message replied to quoted below it as mail programs quote."""
    return f"{text}\n\nOn Sun, 2 Mar 2025 at 09:00, Umpire <umpire@example.org> wrote:\n" + \
        "\n".join(f"> {line}" if line else ">" for line in quoted.rstrip("\n").split("\n")) + "\n"


def said(body: str) -> str:
    return " ".join(body.split())


def test_a_question_above_the_quoted_welcome_is_no_order_and_he_stays_awaited(dampfross, dovecot, mailbox, smtp):
    games, folder, codes = dampfross
    tick(games, at(2, 9))
    welcome = welcome_of(smtp, "red@example.org")
    assert f"CODE {codes['red']}" in welcome                  # the welcome's form carries his code
    question = "can two companies start from the same\nhome city, or is Berlin gone once someone takes it?"
    deliver_at(dovecot, mailbox, email(quoted_reply(question, welcome), subject="Re: g1: welcome",
                                       msgid="<q1@example.org>"), at(2, 10))
    count = len(smtp.messages)
    tick(games, at(2, 10, 5))
    (reply,) = replies_to(smtp, count, "red@example.org")
    assert "Nothing in your message for game g1 was taken as your order for round 1." in said(reply)
    assert "Round 1 waits for your order until its deadline, 2025-03-08 12:00 UTC (07:00 in America/New_York)." \
        in said(reply)
    assert "YOUR ORDER FORM FOR ROUND 1" in reply and "home city" not in reply.split("YOUR ORDER FORM")[1]
    info = status(folder)
    assert info["orders_in"] == [] and "red" in info["awaited"]

    # blue orders; the round waits for red; nothing of red's question is printed when it resolves
    deliver_at(dovecot, mailbox, email(order_text("g1", "blue", codes["blue"], "HOME Beta"), sender="blue@example.org",
                                       msgid="<b1@example.org>"), at(3, 9))
    tick(games, at(3, 9, 5))
    assert status(folder)["round"] == 1
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", codes["red"], "HOME Alpha"),
                                       msgid="<r1@example.org>"), at(3, 10))
    assert "round 1 resolved" in tick(games, at(3, 10, 5))
    newsletter = (folder.path / "newsletters" / "002.txt").read_text()
    assert "Berlin" not in newsletter and "could not be read" not in newsletter


def test_a_refused_line_holds_the_early_close_until_it_is_corrected(dampfross, dovecot, mailbox, smtp):
    games, folder, codes = dampfross
    tick(games, at(2, 9))
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<r1@example.org>"),
               at(2, 10))
    deliver_at(dovecot, mailbox, email(order_text("g1", "blue", codes["blue"], "HOME Beta", "BUILD Beta–Q99"),
                                       sender="blue@example.org", msgid="<b1@example.org>"), at(2, 10))
    count = len(smtp.messages)
    assert "resolved" not in tick(games, at(2, 10, 5))
    (reply,) = replies_to(smtp, count, "blue@example.org")
    assert "Line 5 was refused, so round 1 will not close early for you: send the whole order again, corrected" \
        in said(reply)
    info = status(folder)
    assert info["round"] == 1 and info["awaited"] == [] and info["refused_lines"] == ["blue"]

    # corrected: every order clean, the round closes at once
    deliver_at(dovecot, mailbox, email(order_text("g1", "blue", codes["blue"], "HOME Beta"), sender="blue@example.org",
                                       msgid="<b2@example.org>"), at(2, 11))
    assert "round 1 resolved" in tick(games, at(2, 11, 5))


def test_an_uncorrected_order_with_a_refused_line_is_carried_out_as_read_at_the_deadline(dampfross, dovecot, mailbox,
                                                                                       smtp):
    games, folder, codes = dampfross
    tick(games, at(2, 9))
    for company, home in (("red", "Alpha"), ("blue", "Beta")):
        deliver_at(dovecot, mailbox, email(order_text("g1", company, codes[company], f"HOME {home}", "BUILD nowhere"),
                                           sender=f"{company}@example.org", msgid=f"<{company}@example.org>"),
                   at(2, 10))
    assert "resolved" not in tick(games, at(7, 10))
    assert "round 1 resolved" in tick(games, at(8, 12, 5))
    homes = [e for e in actions.GameFolder(folder.path).events if e["type"] == "home"]
    assert sorted(e["company"] for e in homes) == ["blue", "red"]


@pytest.fixture
def volldampf(tmp_path, dovecot, mailbox, smtp):
    games = tmp_path / "games"
    games.mkdir()
    folder, codes = actions.create_game(games / "v1", str(TINY), "volldampf",
                                        ["ann:Ann:ann@example.org", "bob:Bob:bob@example.org", "cy:Cy:cy@example.org"],
                                        seed="counts", now=OPENED, option_specs=("deadline=3 days", "remind=none"))
    return hosted(games, folder, codes, dovecot, mailbox, smtp)


def test_a_volldampf_sentence_under_her_header_is_no_order_and_her_form_comes_back(volldampf, dovecot, mailbox, smtp):
    games, folder, codes = volldampf
    tick(games, at(2, 9))
    text = (f"GAME v1\nPLAYER ann\nCODE {codes['ann']}\nROUND 1A\n\n"
            "I bid five marks, and I'd like group 3 please, then group 1.\n\nAnn\n")
    deliver_at(dovecot, mailbox, email(text, sender="ann@example.org", msgid="<a1@example.org>"), at(2, 10))
    for bid, p in enumerate(("bob", "cy"), 1):
        deliver_at(dovecot, mailbox, email(f"GAME v1\nPLAYER {p}\nCODE {codes[p]}\nBID {bid}\n",
                                           sender=f"{p}@example.org", msgid=f"<{p}1@example.org>"), at(2, 10))
    count = len(smtp.messages)
    assert "resolved" not in tick(games, at(2, 10, 5))
    (reply,) = replies_to(smtp, count, "ann@example.org")
    assert "Nothing in your message for game v1 was taken as your order for turn 1A." in said(reply)
    assert "YOUR ORDER FORM FOR TURN 1A" in reply and "PLAYER ann" in reply
    assert "read as a note to the GM" in said(reply)
    info = status(folder)
    assert info["awaited"] == ["ann"] and info["round"] == 1
