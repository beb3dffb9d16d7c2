"""A one-part message is made into the same EmailMessage the parser makes (decode._single_part),
a plain Message-ID is the text the header registry makes of it, and what a part's header says is
asked once per header (decode._part_facts): read_mail reads every message as it does through the
parser and the EmailMessage methods alone."""

from __future__ import annotations

import random
from email.parser import BytesParser
from pathlib import Path

import pytest
from mailhelpers import email, order_text

from umpire.mail import decode, mailpolicy

GOLDEN = Path(__file__).parent / "golden_mail"

HEADERS = ["From: red@example.org", "From: Red <red@example.org>", "From: =?utf-8?q?J=C3=BCrgen?= <red@example.org>",
           "To: umpire@example.org", "Subject: orders", "Subject: Re: =?utf-8?b?w5xiZXI=?=", "Subject: folded\r\n  on",
           "Message-ID: <m1@example.org>", "Message-ID: <weird(id)@x>", "Message-ID:\r\n <folded@example.org>",
           "Message-ID: <a..b@c>", "Message-ID: <x@y> trailing", "Message-ID:  <sp@x> ", "Message-Id: <case@x>",
           "Content-Type: text/plain; charset=utf-8", "Content-Type: text/plain; charset=\"iso-8859-1\"",
           "Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes", "Content-Type: text/html",
           "Content-Type: multipart/mixed; boundary=b1", "Content-Type: message/rfc822", "Content-Type: bogus",
           "Content-Transfer-Encoding: quoted-printable", "Content-Transfer-Encoding: base64",
           "Content-Disposition: attachment; filename=orders.txt", "X-Odd: caf\xe9", "References: <r1@x> <r2@y>",
           "Auto-Submitted: auto-replied", "Precedence: bulk", "Content-Type: text/plain; charset=bogus-8",
           "Content-Type: text/plain; format=flowed", "Content-Type: text/plain; charset*=utf-8''%75%74%66-8",
           "Content-Type: application/octet-stream; name=orders.txt", "Content-Disposition: inline",
           "Content-Transfer-Encoding: 8bit", "Content-Type: text/plain; charset=rot13", "content-type: TEXT/PLAIN",
           "X-Empty:", "X-Tab:\tvalue", ": no name",
           "From nobody Sat Mar  1 10:00:00 2025", " leading continuation", "No colon here", "X-Cr: a\rb"]
BODIES = ["GAME g1\r\nCOMPANY red\r\nCODE tulip-42\r\nHOME Alpha\r\n", "GAME g1 \r\nBUILD C3- \r\nD3\r\n",
          "R0FNRSBnMQ==\r\n", "caf\xe9 =C3=A9\r\n", "",
          "--b1\r\nContent-Type: text/plain\r\n\r\nGAME g1\r\n--b1--\r\n", "<p>GAME g1</p>\n", "\r\n\r\nlate\r\n"]


def messages(seed: int, count: int):
    rnd = random.Random(seed)
    for _ in range(count):
        head = "\r\n".join(rnd.sample(HEADERS, rnd.randint(0, 8)))
        raw = (head + "\r\n\r\n" + rnd.choice(BODIES)).encode("latin-1")
        if rnd.random() < 0.3:
            raw = raw.replace(b"\r\n", b"\n")
        if rnd.random() < 0.05:
            raw = raw.replace(b"\r\n\r\n", b"\r\n", 1)
        yield raw


def corpus():
    yield from (p.read_bytes() for p in sorted(GOLDEN.glob("*.eml")))
    yield email(order_text("g1", "red", "tulip-42", "HOME Alpha"), msgid="<k1@example.org>")
    yield email("GAME g1\n", subject="Grüße", msgid=None)
    for seed in range(6):
        yield from messages(seed, 400)


def parsed(raw: bytes):
    return BytesParser(policy=mailpolicy.DEFAULT).parsebytes(raw)


def test_a_one_part_message_is_the_message_the_parser_makes():
    made = 0
    for raw in corpus():
        msg = decode._single_part(raw)
        if msg is None:
            continue
        made += 1
        expected = parsed(raw)
        assert msg._headers == expected._headers, raw
        assert msg._payload == expected._payload and msg.defects == expected.defects == [], raw
        assert msg.get_unixfrom() is None and expected.get_unixfrom() is None
        assert not expected.is_multipart()
    assert made > 500


def test_read_mail_reads_every_message_as_the_parser_alone(monkeypatch):
    raws = list(corpus())
    direct = [decode.read_mail(raw) for raw in raws]
    monkeypatch.setattr(decode, "_single_part", lambda raw: None)
    monkeypatch.setattr(decode, "_plain_message_id", lambda msg: None)
    monkeypatch.setattr(decode, "_part_facts", lambda part: None)
    assert [decode.read_mail(raw) for raw in raws] == direct


@pytest.mark.parametrize("seed", range(3))
def test_a_plain_message_id_is_the_registry_text(seed):
    rnd = random.Random(seed)
    alphabet = "abcXYZ019!#$%&'*+/=?^_`{|}~.-" + "..."
    for _ in range(3000):
        value = "<" + "".join(rnd.choices(alphabet, k=rnd.randint(1, 12))) + "@" + \
            "".join(rnd.choices(alphabet, k=rnd.randint(1, 12))) + ">"
        assert decode._PLAIN_ID.fullmatch(value)
        msg = parsed(f"Message-ID: {value}\r\n\r\n".encode())
        assert decode._plain_message_id(msg) == str(msg["Message-ID"]) == value, value
