"""The header as every reader sees it: a From field counts however its name is spelt (`From :`, RFC
5322's obsolete syntax) and wherever it stands in the header, so two From fields are refused; other
fields written so are read as those fields. A message without a Message-ID is keyed by its bytes
without its trace fields, so a relay's delivering it again is counted once."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st
from mailhelpers import email, make_game, order_text
from test_mail_fetch import fetch_args, orders_journaled

from umpire.cli import main
from umpire.mail.decode import message_key, read_mail

BODY = b"GAME g1\r\nCOMPANY red\r\nCODE tulip-42\r\nHOME Alpha\r\n"
REST = [b"To: umpire@example.org", b"Subject: orders", b"Date: Sat, 1 Mar 2025 12:00:00 +0000"]


def message(*fields: bytes, body: bytes = BODY) -> bytes:
    return b"\r\n".join(fields) + b"\r\n\r\n" + body


# ---------------------------------------------------------------------------------------- From
@pytest.mark.parametrize("froms", [
    [b"From : attacker@evil.example", b"From: red@example.org"],
    [b"From: red@example.org", b"From\t: attacker@evil.example"],
    [b"from  :attacker@evil.example", b"From: red@example.org"],
    [b"From: red@example.org", b"X-Junk without a colon", b"From: attacker@evil.example"],
    [b"From: red@example.org", b"Fr\xc3\xb6m: x", b"From: attacker@evil.example"],
    [b"From: red@example.org", b": no name", b"From: attacker@evil.example"],
    [b"From: red@example.org", b"To: umpire@example.org\rFrom : attacker@evil.example"],
], ids=["spaced-first", "tab-second", "lower-case", "line-without-colon", "non-ascii-name", "empty-name", "lone-cr"])
def test_two_from_fields_are_refused_however_written(froms):
    mail = read_mail(message(*froms, *REST))
    assert mail.sender is None and mail.sender_problem == "it has 2 From headers."


def test_two_from_fields_are_refused_in_a_message_not_read():
    mail = read_mail(message(b"From : attacker@evil.example", b"From: red@example.org", *REST,
                             b"Subject: " + b"=?utf-8?q?x?= " * 1001))
    assert mail.unread and mail.sender is None and mail.sender_problem == "it has 2 From headers."


def test_one_from_field_with_white_space_before_its_colon_is_the_sender():
    assert read_mail(message(b"From : Red <red@example.org>", *REST)).sender == "red@example.org"


def test_other_fields_with_white_space_before_the_colon_are_read_as_those_fields():
    mail = read_mail(message(b"From: red@example.org", b"Subject :  orders for round 1",
                             b"Message-ID\t: <sp@example.org>", b"MIME-Version : 1.0",
                             b"Content-Type : text/plain; charset=utf-8", b"Content-Transfer-Encoding : base64",
                             body=b"R0FNRSBnMQpIT01FIELDpHIK\r\n"))
    assert (mail.sender, mail.subject, mail.message_id) == \
        ("red@example.org", "orders for round 1", "<sp@example.org>")
    assert mail.text == "GAME g1\nHOME B\u00e4r\n"


def test_a_message_id_with_white_space_before_its_colon_is_the_key():
    assert message_key(message(b"From: red@example.org", b"Message-ID : <sp@example.org>")) == \
        message_key(message(b"From: red@example.org", b"Message-ID: <sp@example.org>"))


def from_count(raw: bytes) -> int:
    """The From fields of the header, counted line by line as Dovecot does."""
    head = re.split(rb"\r?\n\r?\n", raw, maxsplit=1)[0]
    names = [line.split(b":")[0] for line in re.split(rb"\r\n|\r|\n", head) if b":" in line]
    return sum(1 for name in names if re.fullmatch(rb"from[ \t]*", name, re.I))


NAMES = st.sampled_from([b"From", b"from", b"FROM", b"Subject", b"To", b"Message-ID", b"Content-Type", b"X-Junk"])
SPACE = st.sampled_from([b"", b" ", b"\t", b"  ", b" \t"])
VALUE = st.sampled_from([b"red@example.org", b"attacker@evil.example", b"Red <red@example.org>", b"orders",
                         b"text/plain", b"<m@example.org>"])
FIELD = st.tuples(NAMES, SPACE, VALUE).map(lambda f: f[0] + f[1] + b": " + f[2])
ODD = st.sampled_from([b"No colon here", b" folded on", b"From nobody Sat Mar  1 10:00:00 2025", b": empty name"])


@settings(max_examples=300, deadline=None)
@given(fields=st.lists(st.one_of(FIELD, FIELD, FIELD, ODD), max_size=8),
       breaks=st.sampled_from([b"\r\n", b"\n", b"\r"]))
def test_a_sender_is_told_only_when_the_header_holds_one_from_field(fields, breaks):
    raw = breaks.join(fields) + b"\r\n\r\n" + BODY
    mail = read_mail(raw)
    if mail.sender is not None:
        assert from_count(raw) == 1
    if from_count(raw) > 1:
        assert mail.sender is None and "From headers" in mail.sender_problem


@settings(max_examples=300, deadline=None)
@given(fields=st.lists(st.tuples(NAMES, SPACE, VALUE), max_size=8))
def test_white_space_before_a_colon_reads_as_without(fields):
    plain = message(*(name + b": " + value for name, _, value in fields))
    spaced = message(*(name + space + b": " + value for name, space, value in fields))
    assert read_mail(spaced, "k") == read_mail(plain, "k")


# ---------------------------------------------------------------------------------------- keys
TRACE = [b"Received: from mx2.example.org (mx2.example.org [192.0.2.7])\r\n\tby mx.example.org; Sat, 1 Mar 2025",
         b"Return-Path: <red@example.org>", b"Delivered-To: umpire@example.org", b"X-Original-To: umpire@example.org",
         b"X-Received: by 2002:a05::1 with SMTP id x; Sat, 1 Mar 2025", b"ARC-Seal: i=1; a=rsa-sha256; b=abc",
         b"ARC-Authentication-Results: i=1; mx.example.org; spf=pass", b"Authentication-Results: mx; dkim=pass",
         b"DKIM-Signature: v=1; a=rsa-sha256; d=example.org;\r\n b=AbCd", b"Received-SPF: pass",
         b"Envelope-To: umpire@example.org", b"X-Spam-Status: No, score=-1.0", b"X-Virus-Scanned: clamav",
         b"Resent-From: gm@example.org", b"Received : from obsolete.example.org", b"received: from lower.example.org"]
NO_ID = [b"From: red@example.org", *REST, b"MIME-Version: 1.0", b"Content-Type: text/plain; charset=utf-8"]


def old_key(raw: bytes) -> str:
    """The key of a message by its Message-ID, or by all its bytes: the names of the inbox files of
    existing games, which messages with a Message-ID or without trace fields keep."""
    head = re.split(rb"\r?\n\r?\n", raw, maxsplit=1)[0]
    m = re.search(rb"^message-id:[ \t]*((?:.*)(?:\r?\n[ \t].*)*)", head, re.I | re.M)
    ident = re.sub(rb"\s+", b"", m.group(1)) if m else b""
    return hashlib.sha256(b"id:" + ident if ident else b"raw:" + raw).hexdigest()[:32]


@pytest.mark.parametrize("trace", TRACE)
@pytest.mark.parametrize("where", [0, 3, len(NO_ID)])
def test_a_message_without_message_id_keeps_its_key_with_trace_fields_added(trace, where):
    fields = list(NO_ID)
    fields.insert(where, trace)
    assert message_key(message(*fields)) == message_key(message(*NO_ID)) == old_key(message(*NO_ID))


@pytest.mark.parametrize("change", [
    lambda f, b: (f, b.replace(b"Alpha", b"Beta")),
    lambda f, b: ([x.replace(b"red@", b"blue@") for x in f], b),
    lambda f, b: ([x.replace(b"orders", b"Orders") for x in f], b),
    lambda f, b: ([x.replace(b"12:00:00", b"12:00:01") for x in f], b),
    lambda f, b: ([x.replace(b"utf-8", b"iso-8859-1") for x in f], b),
    lambda f, b: ([*f, b"Content-Transfer-Encoding: 8bit"], b),
    lambda f, b: ([x for x in f if not x.startswith(b"MIME")], b),
    lambda f, b: ([*f, b"X-Received-Note: not a trace field"], b),
], ids=["body", "from", "subject", "date", "charset", "transfer-encoding", "mime-version", "other-field"])
def test_any_other_change_of_a_message_without_message_id_changes_its_key(change):
    fields, body = change(NO_ID, BODY)
    assert message_key(message(*fields, body=body)) != message_key(message(*NO_ID))


def test_a_trace_field_name_in_the_body_is_not_left_out():
    assert message_key(message(*NO_ID, body=b"Received: x\r\n" + BODY)) != message_key(message(*NO_ID))
    assert message_key(b"\r\nReceived: x\r\n" + BODY) != message_key(b"\r\n" + BODY)


def test_a_field_after_a_lone_cr_in_a_trace_field_is_not_left_out():
    assert message_key(message(b"Received: x\rFrom: attacker@evil.example", *NO_ID)) != message_key(message(*NO_ID))


GOLDEN = Path(__file__).parent / "golden_mail"


def test_keys_of_messages_with_message_id_or_without_trace_fields_are_unchanged():
    raws = [p.read_bytes() for p in sorted(GOLDEN.glob("*.eml"))]
    raws += [message(*NO_ID), message(*NO_ID, b"Message-ID: <k@example.org>"), b"From: a@b\n\nx", b"no header at all",
             message(b"Received: x", *NO_ID, b"Message-ID:\r\n <folded@example.org>")]
    assert all(message_key(raw) == old_key(raw) for raw in raws)


FIELDS = st.sampled_from([*NO_ID, b"Subject: other", b"X-Mailer: script 1.0", b"Content-Transfer-Encoding: 7bit",
                          b"Cc: blue@example.org", b"Keywords: orders"])


@settings(max_examples=300, deadline=None)
@given(fields=st.lists(FIELDS, min_size=1, max_size=8), body=st.binary(max_size=40),
       trace=st.lists(st.tuples(st.sampled_from(TRACE), st.integers(0, 8)), max_size=4), lf=st.booleans())
def test_trace_fields_never_change_a_key_and_nothing_else_is_left_out(fields, body, trace, lf):
    def raw(fields):
        made = message(*fields, body=body)
        return made.replace(b"\r\n", b"\n") if lf else made
    traced = list(fields)
    for field, where in trace:
        traced.insert(where, field)
    assert message_key(raw(traced)) == message_key(raw(fields)) == old_key(raw(fields))
    assert message_key(raw([*traced, b"X-Other: 1"])) != message_key(raw(fields))


# ---------------------------------------------------------------------------------------- fetched
@pytest.fixture
def game(tmp_path):
    return make_game(tmp_path / "g1")


@pytest.mark.mail
def test_a_message_with_two_from_fields_so_written_is_refused_when_fetched(game, dovecot, mailbox, smtp):
    folder, codes = game
    order = order_text("g1", "red", codes["red"], "HOME Alpha").encode()
    dovecot.deliver(mailbox, [message(b"From : attacker@evil.example", b"From: red@example.org", *REST,
                                      b"Message-ID: <amb0@example.org>", body=order),
                              message(b"From: red@example.org", b"From\t: attacker@evil.example", *REST,
                                      b"Message-ID: <amb1@example.org>", body=order)])
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0, result.output
    assert result.output.count("the sender cannot be told: it has 2 From headers.") == 2
    assert [e["type"] for e in orders_journaled(folder)] == ["order_refused", "order_refused"]
    assert smtp.messages == []


@pytest.mark.mail
def test_a_relay_redelivering_an_old_message_without_message_id_does_not_replace_a_newer_order(
        game, dovecot, mailbox, smtp):
    folder, codes = game
    old = email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid=None)
    new = email(order_text("g1", "red", codes["red"], "HOME Beta"), msgid="<new@example.org>")
    for raw in (old, new, b"Received: from mx2.example.org\r\n\tby mx.example.org; Sat, 1 Mar 2025 12:05:00 +0000\r\n"
                b"Delivered-To: umpire@example.org\r\n" + old):
        dovecot.deliver(mailbox, [raw])
        result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
        assert result.exit_code == 0, result.output
    assert "duplicate" in result.output
    received = [e for e in orders_journaled(folder) if e["type"] == "order_received"]
    assert len(received) == 2 and "HOME Beta" in (folder.path / received[-1]["file"]).read_text()
    assert len(list((folder.path / "inbox").glob("*.eml"))) == 2
