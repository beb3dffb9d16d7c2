"""An ABSENT line by mail is answered with what it does, by the game's `absence` option: the turn
waits for the player (extend: the deadline as it now is) or goes on without him and his defaults
apply (nmr); through the real Dovecot and SMTP sink, a reply to the umpire's own welcome."""

from __future__ import annotations

from email import message_from_bytes, policy

import pytest
from mailhelpers import deliver_at, make_game
from test_hosting_week import OPENED, at, hosted, replies_to, tick

pytestmark = pytest.mark.mail

LINE = "ABSENT FROM 2025-03-07 TO 2025-03-09"


def answer(tmp_path, dovecot, mailbox, smtp, option):
    games = tmp_path / "games"
    games.mkdir()
    folder, codes = make_game(games / "g1", now=OPENED, options=[
        "deadline=7 days", "deadline_at=18:00", "deadline_zone=Europe/Berlin", f"absence={option}"])
    games, folder, codes = hosted(games, folder, codes, dovecot, mailbox, smtp)
    tick(games, at(1, 13))                                         # the welcomes
    welcome = next(raw for raw in smtp.messages if b"red@example.org" in raw and b"welcome" in raw)
    reply = _reply_to(message_from_bytes(welcome, policy=policy.default), f"CODE {codes['red']}\n{LINE}\n")
    start = len(smtp.messages)
    deliver_at(dovecot, mailbox, reply, at(2, 9))
    tick(games, at(2, 9, 5))
    (text,) = replies_to(smtp, start, "red@example.org")
    return " ".join(text.split())


def _reply_to(original, body: str) -> bytes:
    """The player's answer to the umpire's welcome: its subject and thread, the header lines he needs."""
    from email.message import EmailMessage
    msg = EmailMessage()
    msg["From"] = "red@example.org"
    msg["To"] = original["From"]
    msg["Subject"] = "Re: " + original["Subject"]
    msg["In-Reply-To"] = original["Message-ID"]
    msg["References"] = original["Message-ID"]
    msg["Message-ID"] = "<absent-1@example.org>"
    msg.set_content(f"GAME g1\nCOMPANY red\n{body}")
    return msg.as_bytes()


def test_absent_with_extend_says_the_turn_waits_and_until_when(tmp_path, dovecot, mailbox, smtp):
    said = answer(tmp_path, dovecot, mailbox, smtp, "extend")
    assert f"{LINE}: noted; you are away from 2025-03-07 to 2025-03-09. The game waits for you: a deadline " \
           "that falls in your absence moves to the day after it (at most 14 days of absence a game). Orders for " \
           "round 1 are due by 2025-03-10 17:00 UTC (13:00 in America/New_York)." in said


def test_absent_with_nmr_says_the_game_goes_on_and_the_defaults_apply(tmp_path, dovecot, mailbox, smtp):
    said = answer(tmp_path, dovecot, mailbox, smtp, "nmr")
    assert f"{LINE}: noted; you are away from 2025-03-07 to 2025-03-09. The game goes on without you meanwhile: " \
           "a round whose deadline falls in your absence is resolved without waiting for you, and a company that " \
           "sends no orders does nothing this round, and the newsletter notes it." in said
