"""The sender is read strictly, and replies go only where they may.

Authentication rests on the one address of the one From header; the display name, Reply-To,
encoded words and anything that could be read as two senders never count. A reply goes to a
registered From address, to an unregistered one at most once a day, never to a Reply-To."""

from __future__ import annotations

from datetime import timedelta
from email import message_from_bytes

import pytest
from conftest import TEST_MAP
from mailhelpers import NOW, UMPIRE, email, make_game, order_text

from umpire.errors import UmpireError
from umpire.mail.config import MailConfig
from umpire.mail.decode import read_mail
from umpire.mail.fetch import Fetcher, Received
from umpire.store.folder import GameFolder
from umpire.store.mailroom import Mailroom


def head(from_lines: list[str], body: str = "GAME g\n", extra: str = "") -> bytes:
    fields = "".join(f"From: {f}\n" for f in from_lines)
    return f"{fields}To: {UMPIRE}\nSubject: orders\nMessage-ID: <s@x.org>\n{extra}\n{body}".encode()


# -- one From header, one plain address ------------------------------------------------
@pytest.mark.parametrize("from_lines,why", [
    (["red@example.org", "evil@evil.example"], "2 From headers"),
    (["red@example.org, evil@evil.example"], "holds 2 addresses"),
    (["<red@example.org>@evil.example"], "not one plain address"),
    (["red@example.org <evil@evil.example>"], "not one plain address"),
    (['"red@example.org" <evil@evil.example>'], "display name"),
    (["=?utf-8?q?red=40example=2Eorg?= <evil@evil.example>"], "display name"),
    (["=?utf-8?q?red=40example=2Eorg?="], "not one plain address"),
    (["red@=?utf-8?q?example.org?="], "not written out plainly"),
    (["red(evil@evil.example)@example.org"], "not written out plainly"),
    (['"evil@evil.example"@example.org'], "not a plain address"),
    (["team: red@example.org;"], "not one plain address"),
    ([], "no From header"),
])
def test_an_ambiguous_sender_is_refused_with_its_reason(from_lines, why):
    mail = read_mail(head(from_lines))
    assert mail.sender is None
    assert why in mail.sender_problem


@pytest.mark.parametrize("value,address", [
    ("Red <RED@Example.org>", "red@example.org"),
    ('"red@example.org" <red@example.org>', "red@example.org"),
    ("=?utf-8?q?J=C3=BCrgen?= <red@example.org>", "red@example.org"),
    ("red@example.org (Red Lines)", "red@example.org"),
])
def test_a_plain_sender_is_read_from_its_address_only(value, address):
    mail = read_mail(head([value]))
    assert (mail.sender, mail.sender_problem) == (address, None)


def test_reply_to_never_counts_as_the_sender():
    mail = read_mail(email("x", sender="evil@evil.example", Reply_To="red@example.org"))
    assert mail.sender == "evil@evil.example"


# -- spoofs with a stolen code are not accepted ------------------------------------------
@pytest.fixture
def game(tmp_path):
    folder, codes = make_game(tmp_path / "g1")
    return folder, codes


def fetcher_for(folder, now=NOW, gm=()):
    return Fetcher(folder.path, MailConfig(from_addr=UMPIRE, gm=list(gm)), now=now)


def take(fetcher, raws: list[bytes]):
    for uid, raw in enumerate(raws, len(fetcher.done) + 1):
        fetcher.take(raw, 1, uid, fetcher.now)
    fetcher.room.log(fetcher.pending)
    fetcher.pending = []


def sent(fetcher) -> list[tuple[str, str]]:
    """(To, status) of every reply queued so far."""
    out = []
    room = Mailroom(fetcher.room.path)
    for record in room.processed().values():
        if record.get("reply"):
            msg = message_from_bytes((room.path / record["reply"]).read_bytes())
            out.append((msg["To"], record["status"]))
    return out


SPOOFS = [["red@example.org", "evil@evil.example"], ["red@example.org <evil@evil.example>"],
          ["<red@example.org>@evil.example"], ["=?utf-8?q?red=40example=2Eorg?="],
          ["red@=?utf-8?q?example.org?="], ['"red@example.org" <evil@evil.example>'],
          ["red@example.org, evil@evil.example"]]


@pytest.mark.parametrize("from_lines", SPOOFS, ids=[f"spoof{n}" for n in range(len(SPOOFS))])
def test_a_spoofed_sender_with_the_right_code_is_not_accepted(game, from_lines):
    folder, codes = game
    fetcher = fetcher_for(folder)
    take(fetcher, [head(from_lines, order_text("g1", "red", codes["red"], "HOME Alpha"))])
    (outcome,) = fetcher.outcomes
    assert outcome.status == "not accepted"
    (event,) = [e for e in GameFolder(folder.path).events if e["type"].startswith("order_")]
    assert event["type"] == "order_refused" and event["reason"].startswith("not authenticated: the sender cannot")
    assert sent(fetcher) == [], "nobody can be told who wrote an ambiguous message: no reply"


# -- the reply rule ------------------------------------------------------------------------
def test_reply_goes_to_the_registered_from_address(game):
    folder, codes = game
    fetcher = fetcher_for(folder)
    take(fetcher, [email(order_text("g1", "red", codes["red"], "HOME Alpha"), Reply_To="other@third.example")])
    assert sent(fetcher) == [("red@example.org", "accepted")]


def test_no_reply_ever_goes_to_a_reply_to(game):
    folder, codes = game
    fetcher = fetcher_for(folder)
    take(fetcher, [email(order_text("g1", "red", codes["red"], "HOME Alpha"), sender="evil@evil.example",
                         Reply_To="red@example.org", msgid="<r1@x>"),
                   email(order_text("g1", "red", "x-1"), sender="red@example.org",
                         Reply_To="victim@third.example", msgid="<r2@x>")])
    assert sent(fetcher) == [("evil@evil.example", "not accepted"), ("red@example.org", "not accepted")]


REFLECTED = 200             # tests/benchmarks/test_bench_mail_bounds.py sends 2,000


def test_reflector_sends_nothing_to_the_victim(game, count=REFLECTED):
    folder, codes = game
    fetcher = fetcher_for(folder)
    raws = [email(order_text("g1", "red", "guess-1"), sender="attacker@evil.example",
                  Reply_To="victim@third.example", msgid=f"<flood{n}@evil.example>") for n in range(count)]
    fetcher.take_all([Received(raw, 1, uid, NOW) for uid, raw in enumerate(raws, 1)])
    fetcher.room.log(fetcher.pending)
    assert sent(fetcher) == [("attacker@evil.example", "not accepted")]


def test_an_unregistered_sender_gets_one_refusal_a_day(game):
    folder, codes = game
    stranger = [email("hello", sender="stranger@else.example", msgid=f"<x{n}@else.example>") for n in range(3)]
    fetcher = fetcher_for(folder)
    take(fetcher, stranger[:2])
    take(fetcher_for(folder), stranger[2:])
    assert sent(fetcher) == [("stranger@else.example", "not accepted")]
    take(fetcher_for(folder, now=NOW + timedelta(days=1)), [email("again", sender="stranger@else.example",
                                                                  msgid="<y@else.example>")])
    assert len(sent(fetcher)) == 2, "the next day he is told again"


def test_a_registered_sender_is_answered_every_time(game):
    folder, codes = game
    fetcher = fetcher_for(folder)
    take(fetcher, [email(order_text("g1", "red", "wrong-1"), msgid=f"<w{n}@example.org>") for n in range(3)])
    assert sent(fetcher) == [("red@example.org", "not accepted")] * 3


def test_a_gm_address_is_registered(game):
    folder, codes = game
    fetcher = fetcher_for(folder, gm=["gm@example.org"])
    take(fetcher, [email(order_text("g1", "blue", codes["blue"], "HOME Beta"), sender="gm@example.org",
                         msgid=f"<gm{n}@example.org>") for n in range(2)])
    assert sent(fetcher) == [("gm@example.org", "accepted")] * 2


def test_a_refused_order_never_blocks_a_later_valid_one_from_the_same_sender(game):
    folder, codes = game
    fetcher = fetcher_for(folder)
    take(fetcher, [email(order_text("g1", "red", "wrong-1"), msgid="<b1@example.org>"),
                   email("GAME g1\nCOMPANY red\nCODE x\nROUND 9\n", msgid="<b2@example.org>"),
                   email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<b3@example.org>")])
    assert [o.status for o in fetcher.outcomes] == ["not accepted", "not accepted", "accepted"]
    assert GameFolder(folder.path).latest_orders(1) == {"red": "orders/1/0003-red.txt"}


def test_a_company_may_register_several_addresses_and_each_is_registered(tmp_path):
    from umpire.usecases import actions
    folder, codes = actions.create_game(tmp_path / "g1", str(TEST_MAP), "laurin",
                                        ["red:Red Lines:red@example.org, red@work.example",
                                         "blue:Blue Star:blue@example.org"], seed="s", now=NOW)
    assert folder.company("red")["email"] == "red@example.org,red@work.example"
    fetcher = fetcher_for(folder)
    take(fetcher, [email(order_text("g1", "red", codes["red"], "HOME Alpha"), sender=s, msgid=f"<{n}@x>")
                   for n, s in enumerate(["red@work.example", "red@example.org"])])
    assert [o.status for o in fetcher.outcomes] == ["accepted", "accepted"]
    from umpire.mail.send import newsletter_recipients
    assert newsletter_recipients(folder, MailConfig()) == ["red@example.org", "red@work.example", "blue@example.org"]
    with pytest.raises(UmpireError, match="not an email address"):
        actions.parse_company("red:Red Lines:red@example.org,not an address")
