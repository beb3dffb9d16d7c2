"""What a fetch leaves for later, keeps apart, masks and does not answer: a busy game's messages,
a message that differs from another only in its MIME fields, the replies to unregistered senders
(bounded a day), the codes in a subject, the remedy of a late order, auto-replies without
Auto-Submitted, and a GAME line in another case than its folder."""

from __future__ import annotations

import base64
import fcntl
import hashlib
import json
import os
from datetime import timedelta
from email import message_from_bytes

import pytest
from click.testing import CliRunner
from mailhelpers import NOW, UMPIRE, email, make_game, order_text
from test_mail_fetch import fetch_args, orders_journaled

from umpire.cli import main
from umpire.mail import fetch, message_keys, reply_policy
from umpire.mail.config import MailConfig
from umpire.mail.decode import message_key
from umpire.store import lock

pytestmark = pytest.mark.mail


def fetcher(path, all_games=False, now=NOW) -> fetch.Fetcher:
    return fetch.Fetcher(path, MailConfig(from_addr=UMPIRE), all_games=all_games, now=now)


def reply_of(f: fetch.Fetcher, key: str):
    """The reply queued for the message of `key`, parsed; None when it got none."""
    name = f.done[key].get("reply")
    return message_from_bytes((f.room.path / name).read_bytes()) if name else None


def raw(fields: list[str], body: bytes) -> bytes:
    return "\r\n".join(fields).encode() + b"\r\n\r\n" + body


# -- 1. a busy game ----------------------------------------------------------------------------
def test_all_leaves_a_busy_games_messages_unflagged_for_the_next_fetch(tmp_path, dovecot, mailbox, smtp,
                                                                       monkeypatch):
    one, codes1 = make_game(tmp_path / "games" / "one")
    two, codes2 = make_game(tmp_path / "games" / "two")
    dovecot.deliver(mailbox, [
        email(order_text("one", "red", codes1["red"], "HOME Alpha"), msgid="<b1@example.org>"),
        email(order_text("two", "red", codes2["red"], "HOME Alpha"), msgid="<b2@example.org>"),
        email(order_text("one", "blue", codes1["blue"], "HOME Beta"), sender="blue@example.org", msgid="<b3@x>")])
    args = fetch_args(tmp_path / "games", dovecot, mailbox, smtp)
    args[2:3] = ["--all", str(tmp_path / "games")]
    monkeypatch.setattr(lock, "WAIT", 0.3)
    held = os.open(one.path / lock.LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o600)      # another command's lock
    try:
        fcntl.flock(held, fcntl.LOCK_EX)
        busy = CliRunner().invoke(main, args)
    finally:
        os.close(held)
    assert busy.exit_code == 0, busy.output
    assert busy.stdout.count("deferred: game one is busy") == 2 and \
        "accepted: the orders of red for round 1 of two" in busy.stdout
    assert busy.stderr.count("game one is busy") == 1 and "the next fetch takes them" in busy.stderr
    assert orders_journaled(one) == [] and len(orders_journaled(two)) == 1
    assert dovecot.flags(mailbox) == [(), (b"\\Seen",), ()]
    logged = [json.loads(line) for line in (tmp_path / "games" / "mail.jsonl").read_text().splitlines()]
    assert [r["key"] for r in logged if r["type"] == "processed"] == [message_key(email("", msgid="<b2@example.org>"))]
    assert [message_from_bytes(m)["In-Reply-To"] for m in smtp.messages] == ["<b2@example.org>"]

    later = CliRunner().invoke(main, args)
    assert later.exit_code == 0 and not later.stderr, later.output
    assert [e["company"] for e in orders_journaled(one)] == ["red", "blue"]
    assert dovecot.flags(mailbox) == [(b"\\Seen",)] * 3
    assert sorted(message_from_bytes(m)["In-Reply-To"] for m in smtp.messages) == \
        ["<b1@example.org>", "<b2@example.org>", "<b3@x>"]


# -- 2. other MIME fields, other message -------------------------------------------------------
def test_same_message_id_with_other_transfer_encoding_is_kept_apart(tmp_path):
    folder, codes = make_game(tmp_path / "g1")
    body = base64.encodebytes(order_text("g1", "red", codes["red"], "HOME Alpha").encode())
    head = ["From: red@example.org", "To: umpire@example.org", "Subject: orders", "Message-ID: <cte@example.org>",
            "MIME-Version: 1.0", "Content-Type: text/plain"]
    first, second = raw(head, body), raw(head + ["Content-Transfer-Encoding: base64"], body)
    third = raw(head[:-1] + ["Content-Type: text/plain; charset=utf-8", "Content-Transfer-Encoding: base64"], body)
    f = fetcher(folder.path)
    for uid, message in enumerate([first, second, b"Received: from relay.example.org\r\n" + second, third], 1):
        f.take(message, 1, uid, NOW)
    keys = [o.key for o in f.outcomes]
    assert [o.status for o in f.outcomes] == ["not accepted", "accepted", "duplicate", "accepted"]
    assert keys[0] == message_key(first) and len({keys[0], keys[1], keys[3]}) == 3 and keys[2] == keys[1]
    assert [(folder.path / "inbox" / f"{k}.eml").read_bytes() for k in (keys[0], keys[1], keys[3])] == \
        [first, second, third]


def test_a_message_with_other_content_keeps_the_key_it_had(tmp_path):
    folder, codes = make_game(tmp_path / "g1")
    first = email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<k@example.org>")
    second = email(order_text("g1", "red", codes["red"], "HOME Beta"), msgid="<k@example.org>")
    f = fetcher(folder.path)
    f.take(first, 1, 1, NOW)
    f.take(second, 1, 2, NOW)
    f.take(b"Received: from relay.example.org\r\n" + second, 1, 3, NOW)
    before = hashlib.sha256(f"{message_key(second)}:{message_keys.content_of(second)}".encode()).hexdigest()[:32]
    assert [o.key for o in f.outcomes] == [message_key(first), before, before]
    assert [o.status for o in f.outcomes] == ["accepted", "accepted", "duplicate"]


# -- 3. replies to unregistered senders ---------------------------------------------------------
def stranger(n: int, sender: str) -> bytes:
    return email("hello\n", sender=sender, subject="hi", msgid=f"<s{n}@example.net>")


def test_one_reply_a_day_reaches_a_mailbox_through_its_plus_tags(tmp_path):
    folder, _ = make_game(tmp_path / "g1")
    f = fetcher(folder.path)
    for n in range(5):
        f.take(stranger(n, f"Victim+{n}@v.example"), 1, n + 1, NOW)
    f.take(stranger(9, "victim@v.example"), 1, 9, NOW)
    answered = [r["to"] for r in f.done.values() if r.get("reply")]
    assert answered == ["victim+0@v.example"]
    assert [r.get("unanswered") for r in f.done.values()][1:] == ["a reply went to this mailbox today"] * 5


def test_replies_to_unregistered_senders_stop_at_the_days_cap(tmp_path):
    folder, codes = make_game(tmp_path / "g1")
    f = fetcher(folder.path)
    for n in range(reply_policy.STRANGER_REPLIES + 5):
        f.take(stranger(n, f"someone{n}@example.net"), 1, n + 1, NOW)
    answered = [r for r in f.done.values() if r.get("reply")]
    assert len(answered) == reply_policy.STRANGER_REPLIES
    assert [o.alert for o in f.outcomes if o.alert] == [f.outcomes[reply_policy.STRANGER_REPLIES].alert]
    assert "unanswered" in f.outcomes[reply_policy.STRANGER_REPLIES].alert
    f.take(email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<reg@example.org>"), 1, 99, NOW)
    assert f.done[message_key(email("", msgid="<reg@example.org>"))]["reply"], "registered senders are answered"
    f.room.log(f.pending)

    same_day, next_day = fetcher(folder.path), fetcher(folder.path, now=NOW + timedelta(days=1))
    same_day.take(stranger(100, "late@example.net"), 1, 100, NOW)
    next_day.take(stranger(101, "late@example.net"), 1, 101, NOW)
    assert not same_day.done[same_day.outcomes[0].key]["reply"]
    assert next_day.done[next_day.outcomes[0].key]["reply"]


# -- 4. codes in the subject ---------------------------------------------------------------------
def test_a_code_in_the_subject_is_masked_in_the_reply(tmp_path):
    folder, codes = make_game(tmp_path / "g1")
    f = fetcher(folder.path)
    code = codes["red"]
    f.take(email(order_text("g1", "red", code, "HOME Alpha"), subject=f"orders, code {code.upper()}"), 1, 1, NOW)
    f.take(email(order_text("g1", "red", code), sender="evil@example.net", subject=f"my code {code}",
                 msgid="<e@example.net>"), 1, 2, NOW)
    subjects = [reply_of(f, o.key)["Subject"] for o in f.outcomes]
    assert subjects == ["Re: orders, code *****", "Re: my code *****"]
    assert all(code not in p.read_text().lower() for p in (folder.path / "outbox").iterdir())


def test_the_subject_of_a_message_without_a_game_is_not_repeated(tmp_path):
    one, codes = make_game(tmp_path / "games" / "one")
    f = fetcher(tmp_path / "games", all_games=True)
    f.take(email(order_text("nope", "red", codes["red"]), subject=f"code {codes['red']}"), 1, 1, NOW)
    assert f.outcomes[0].status == "not accepted"
    assert reply_of(f, f.outcomes[0].key)["Subject"] == "Re: your orders"


# -- 5. a late order's remedy ---------------------------------------------------------------------
def test_a_late_order_is_told_what_would_work(tmp_path):
    folder, codes = make_game(tmp_path / "g1", options=["deadline=1 day"])
    late = NOW + timedelta(days=2)
    f = fetcher(folder.path, now=late)
    f.take(email(order_text("g1", "red", codes["red"], "HOME Alpha")), 1, 1, late)
    f.take(email(order_text("g1", "blue", codes["blue"], "ROUND 2", "HOME Beta"), sender="blue@example.org",
                 msgid="<b@x>"), 1, 2, NOW)
    late_text, in_time = (" ".join(reply_of(f, o.key).get_payload().split()) for o in f.outcomes)
    assert [o.status for o in f.outcomes] == ["refused", "refused"]
    assert "write to the GM, or send your orders for the next round" in late_text
    assert "handled like a first one" not in late_text
    assert "handled like a first one" in in_time, "an order in time can be corrected"


# -- 6. auto-replies without Auto-Submitted ------------------------------------------------------------
@pytest.mark.parametrize("field", ["X-Autoreply: yes", "X-Autorespond: Out of office", "x-auto-response-suppress: All",
                                   'Content-Type: multipart/report; report-type=delivery-status; boundary="Z"',
                                   'Content-Type:\r\n multipart/report; boundary="Z"'])
def test_an_auto_reply_without_auto_submitted_is_not_answered(tmp_path, field):
    folder, codes = make_game(tmp_path / "g1")
    body = order_text("g1", "red", codes["red"], "HOME Alpha").replace("\n", "\r\n").encode()
    head = ["From: red@example.org", "To: umpire@example.org", "Subject: Automatic reply", "Message-ID: <a@x>"]
    if "multipart" in field:
        body = b"--Z\r\nContent-Type: text/plain\r\n\r\n" + body + b"--Z--\r\n"
        head.append("MIME-Version: 1.0")
    f = fetcher(folder.path)
    f.take(raw(head + [field], body), 1, 1, NOW)
    f.take(raw(head[:3] + ["Message-ID: <b@x>"], order_text("g1", "red", codes["red"], "HOME Beta").encode()),
           1, 2, NOW)
    assert [o.status for o in f.outcomes] == ["accepted", "accepted"], "processed all the same"
    assert [bool(f.done[o.key]["reply"]) for o in f.outcomes] == [False, True]


# -- 7. a GAME line in another case ----------------------------------------------------------------------
def test_all_finds_a_game_folder_in_any_case_unless_two_differ_only_by_case(tmp_path):
    mixed, codes = make_game(tmp_path / "games" / "Mixed")
    dup, dup_codes = make_game(tmp_path / "games" / "Dup")
    make_game(tmp_path / "games" / "dup")
    f = fetcher(tmp_path / "games", all_games=True)
    f.take(email(order_text("mixed", "red", codes["red"], "HOME Alpha"), msgid="<m@x>"), 1, 1, NOW)
    f.take(email(order_text("Dup", "red", dup_codes["red"], "HOME Alpha"), msgid="<d@x>"), 1, 2, NOW)
    assert [o.status for o in f.outcomes] == ["accepted", "not accepted"]
    assert [e["company"] for e in orders_journaled(mixed)] == ["red"] and orders_journaled(dup) == []
    assert f.outcomes[1].alert == "the GAME line names the games Dup and dup, which differ only by case: " \
                                  "rename one of them"
    assert f.done[f.outcomes[1].key]["reason"] == f.outcomes[1].alert


def test_all_routes_by_the_game_line_of_the_order_not_one_after_the_signature(tmp_path):
    one, codes = make_game(tmp_path / "games" / "one")
    two, _ = make_game(tmp_path / "games" / "two")
    f = fetcher(tmp_path / "games", all_games=True)
    text = "hello\n-- \nGAME two\n" + order_text("one", "red", codes["red"], "HOME Alpha")
    f.take(email(text, msgid="<s@x>"), 1, 1, NOW)
    # everything after the signature is ignored, the GAME lines too: no game, and nothing in game two
    assert [(o.status, o.game) for o in f.outcomes] == [("not accepted", None)]
    assert orders_journaled(two) == []
    text = order_text("one", "red", codes["red"], "HOME Alpha") + "-- \nGAME two\n"
    f.take(email(text, msgid="<t@x>"), 1, 2, NOW)
    assert f.outcomes[-1].status == "accepted" and f.outcomes[-1].game == "one"
