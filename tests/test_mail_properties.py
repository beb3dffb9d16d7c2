"""Properties of the mail service over generated and mutated messages (hypothesis): reading a
message never raises; a sender is accepted only when the message has one From header that holds
it written out plainly; every message taken is recorded once with a status; a reply goes only to
the From address, never to a Reply-To of another address."""

from __future__ import annotations

from email import message_from_bytes

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mailhelpers import NOW, UMPIRE, email, make_game, order_text

from umpire.mail.config import MailConfig
from umpire.mail.decode import read_mail
from umpire.mail.fetch import Fetcher, Received
from umpire.store.mailroom import Mailroom

PIECES = ["red@example.org", "evil@evil.example", "<red@example.org>", "<evil@evil.example>", "Red",
          '"red@example.org"',
          "=?utf-8?q?red=40example=2Eorg?=", "=?utf-8?b?cmVkQGV4YW1wbGUub3Jn?=", ",", ";", ":", "(", ")", "@", "<", ">",
          " ", "\t", "\r\n ", '"', "\\", "\u00e4", "\u2003", "\x00", "group:", "@evil.example", "red", "example.org"]

from_values = st.lists(st.sampled_from(PIECES), min_size=0, max_size=8).map("".join)


def raw_with(froms: list[str], reply_to: str | None, body: str) -> bytes:
    head = "".join(f"From: {f}\r\n" for f in froms)
    if reply_to is not None:
        head += f"Reply-To: {reply_to}\r\n"
    return (head + f"To: {UMPIRE}\r\nSubject: orders\r\nMessage-ID: <p@x.org>\r\n\r\n{body}").encode("utf-8", "replace")


@settings(max_examples=300, deadline=None)
@given(froms=st.lists(from_values, min_size=0, max_size=3), reply_to=st.one_of(st.none(), from_values))
def test_a_sender_is_accepted_only_when_one_from_header_writes_it_plainly(froms, reply_to):
    mail = read_mail(raw_with(froms, reply_to, "GAME g1\r\n"))
    if mail.sender is None:
        assert mail.sender_problem
        return
    assert len(froms) == 1
    assert mail.sender in froms[0].lower()
    assert "=?" not in mail.sender and mail.sender.count("@") == 1


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=400), cut=st.integers(0, 2000))
def test_reading_any_bytes_never_raises(data, cut):
    base = email(order_text("g1", "red", "tulip-42", "HOME Alpha"))
    mail = read_mail(base[:cut] + data + base[cut:])
    assert isinstance(mail.text, str) and (mail.sender is None) == (mail.sender_problem is not None)


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    return make_game(tmp_path_factory.mktemp("props") / "g1")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(froms=st.lists(from_values, min_size=1, max_size=2), reply_to=st.one_of(st.none(), from_values),
       body=st.sampled_from(["", "GAME g1\r\nCOMPANY red\r\nCODE x\r\n", "GAME g1\r\nCOMPANY red\r\nCODE {code}\r\n"
                             "HOME Alpha\r\nBUILD C3-D3]\r\n", "\x00\xff"]))
def test_every_message_is_recorded_and_answered_only_at_its_from_address_or_the_one_it_shows(
        game, froms, reply_to, body):
    folder, codes = game
    fetcher = Fetcher(folder.path, MailConfig(from_addr=UMPIRE), now=NOW)
    raw = raw_with(froms, reply_to, body.replace("{code}", codes["red"]))
    uid = len(fetcher.done) + 1
    fetcher.take_all([Received(raw, 1, uid, NOW)])
    fetcher.room.log(fetcher.pending)
    (outcome,) = fetcher.outcomes
    record = Mailroom(folder.path).processed().get(outcome.key)
    assert record is not None and record["status"]
    if record.get("reply") and outcome.status != "duplicate":
        to = message_from_bytes((folder.path / record["reply"]).read_bytes())["To"]
        mail = read_mail(raw)
        assert to == (mail.sender or mail.reply_address)
