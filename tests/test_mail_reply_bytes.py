"""A reply's bytes built directly are those of the EmailMessage that `compose` makes, flattened
with the SMTP policy, for every reply (the fast way is taken only where it gives the same bytes)."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta, timezone

import pytest

from umpire.mail import mailpolicy, replies
from umpire.mail.decode import Mail

SUBJECTS = ["orders", "Re: orders", "RE: Newsletter 001", "", "Bestellung für Runde 1", "a " * 40, "x" * 100,
            "orders (round 1) [bench]", "Orders; with: punctuation!", "=?utf-8?q?hi?=", "re:", "Re:  two  spaces",
            "\"quoted\" subject", "tab\there", "a" * 66, "a" * 67, "a" * 68, "<odd@id>", "\\backslash", "é"]
IDS = [None, "<m1@example.org>", "<a.b-c_d+e@host.example.org>", "<weird(id)@x>", "<\"q\"@x>", "<a,b;c@[1.2.3.4]>",
       "<" + "l" * 60 + "@example.org>", "<" + "l" * 250 + ">", "<x=?utf-8?q?y?=@z>"]
REFERENCES = ["", "<r1@example.org>", "<r1@example.org> <r2@example.org>", " ".join(f"<r{n}@example.org>"
              for n in range(8))]
SENDERS = ["umpire@example.org", "Umpire <umpire@example.org>", "\"Der Umpire\" <u@example.org>", "u@x",
           "Umpire Ümlaut <u@example.org>"]
TOS = [None, "red@example.org", "a.very.long.address.of.someone@a.very.long.domain.of.somewhere.example.org"]
BODIES = ["", "one line", "one line\n", "two\nlines\n", "x" * 78 + "\n", "x" * 79 + "\n", "tab\tin it\n",
          "\n\n\n", "Grüße\n", "From the start\n.\n", "cr\rlf\r\n", "trailing spaces   \n", "\x0cform feed\n",
          "line\u2028separator\n", "end without newline"]


def mails(seed: int, count: int):
    rnd = random.Random(seed)
    for n in range(count):
        mail = Mail(f"{n:032x}", rnd.choice(IDS), rnd.choice(["red@example.org", "blue@example.org"]),
                    rnd.choice(SUBJECTS), rnd.choice(REFERENCES), "", "body", False)
        body = "\n".join(rnd.choice(BODIES) for _ in range(rnd.randint(1, 4)))
        now = datetime(2025, 3, 1, 12, 0, tzinfo=timezone(timedelta(hours=rnd.choice([0, 1, -5]))))
        yield mail, body, rnd.choice(SENDERS), now, rnd.choice(TOS)


@pytest.mark.parametrize("seed", range(4))
def test_reply_bytes_are_those_of_the_composed_message(seed):
    for mail, body, sender, now, to in mails(seed, 500):
        expected = replies.compose(mail, body, sender, now, to=to).as_bytes(policy=mailpolicy.SMTP)
        assert replies.reply_bytes(mail, body, sender, now, to=to) == expected, (mail, body, sender, to)


def test_a_confirmation_is_built_directly():
    mail = Mail("0" * 32, "<m1@example.org>", "red@example.org", "orders", "", "", "body", False)
    body = replies.paragraphs(replies.NOT_ACCEPTED_TEXT)
    expected = replies.compose(mail, body, "umpire@example.org", datetime(2025, 3, 1, tzinfo=UTC))
    assert replies.reply_bytes(mail, body, "umpire@example.org", datetime(2025, 3, 1, tzinfo=UTC)) == \
        expected.as_bytes(policy=mailpolicy.SMTP)


def test_equal_times_in_two_zones_are_dated_each_as_it_is():
    mail = Mail("0" * 32, None, "red@example.org", "orders", "", "", "body", False)
    utc = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
    cet = datetime(2025, 3, 1, 13, 0, tzinfo=timezone(timedelta(hours=1)))
    assert utc == cet
    assert b"Date: Sat, 01 Mar 2025 12:00:00 +0000\r\n" in replies.reply_bytes(mail, "x\n", "u@example.org", utc)
    assert b"Date: Sat, 01 Mar 2025 13:00:00 +0100\r\n" in replies.reply_bytes(mail, "x\n", "u@example.org", cet)
