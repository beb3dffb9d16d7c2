"""Bounded work per message: header size, field count, field length, encoded words and MIME
parts are capped by a cheap look at the raw bytes before anything parses them; the size of a
message is checked from the server's RFC822.SIZE before its body is fetched. (The worst cases,
with time and peak memory, are measured in tests/benchmarks/test_bench_mail_bounds.py.)"""

from __future__ import annotations

import time

import pytest
import yaml
from click.testing import CliRunner
from mailhelpers import NOW, UMPIRE, make_game, order_text
from test_mail_fetch import fetch_args, orders_journaled

from umpire.cli import main
from umpire.mail import prescan
from umpire.mail.config import MailConfig
from umpire.mail.decode import read_mail
from umpire.mail.fetch import Fetcher


def message(subject: str = "orders", fields: str = "", body: str = "GAME g1\n") -> bytes:
    return (f"From: Red <red@example.org>\nTo: {UMPIRE}\nMessage-ID: <bomb@example.org>\nSubject: {subject}\n"
            f"{fields}\n{body}").encode()


ENCODED_SUBJECT = " ".join(f"=?utf-8?q?w{n}?=" for n in range(30000))      # 586 KB, as found

BOMBS = {
    "the Subject found (30,000 encoded words)": (message(ENCODED_SUBJECT), "its header is longer"),
    "encoded words": (message(" ".join(f"=?utf-8?q?w{n}?=" for n in range(1500))), "encoded words"),
    "long header": (message(fields="".join(f"X-Pad-{n}: {'a' * 900}\n" for n in range(300))), "header is longer"),
    "many fields": (message(fields="".join(f"X-F{n}: x\n" for n in range(600))), "more than 500 fields"),
    "long field": (message(fields="X-Long: " + "a b " * 10000 + "\n"), "field is longer"),
    "many parts": (message(fields="Content-Type: multipart/mixed; boundary=B\n",
                           body="".join("--B\nContent-Type: text/plain\n\nx\n" for _ in range(1200))),
                   "MIME parts"),
}


@pytest.mark.parametrize("name", BOMBS)
def test_a_message_too_costly_to_parse_is_refused_unread_with_its_sender_still_known(name):
    raw, why = BOMBS[name]
    start = time.perf_counter()
    mail = read_mail(raw)
    assert time.perf_counter() - start < 1.0
    assert why in mail.unread and mail.text == ""
    assert (mail.sender, mail.message_id) == ("red@example.org", "<bomb@example.org>")


def test_ordinary_mail_is_far_inside_the_limits():
    raw = message("Re: =?utf-8?q?Bestellung_f=C3=BCr_Runde_2?=",
                  "".join(f"Received: from relay{n}\n" for n in range(40)))
    assert prescan.problem(raw) is None


def test_a_refused_bomb_is_recorded_and_answered_once(tmp_path):
    folder, codes = make_game(tmp_path / "g1")
    fetcher = Fetcher(folder.path, MailConfig(from_addr=UMPIRE), now=NOW)
    bomb = message(" ".join(["=?utf-8?q?w?="] * 1500), body=order_text("g1", "red", codes["red"], "HOME Alpha"))
    fetcher.take(bomb, 1, 1, NOW)
    (record,) = fetcher.pending
    assert (record["status"], record["to"]) == ("unreadable", "red@example.org")
    assert "encoded words" in record["reason"]
    assert b"could not be read" in (folder.path / record["reply"]).read_bytes().replace(b"\r\n", b" ")


@pytest.mark.mail
def test_only_the_start_of_the_header_of_a_message_over_the_size_limit_is_fetched(tmp_path, dovecot, mailbox, smtp):
    folder, codes = make_game(tmp_path / "g1")
    config = yaml.safe_load((folder.path / "game.yaml").read_text())
    config["mail"] = {"max_size": 100_000}
    (folder.path / "game.yaml").write_text(yaml.safe_dump(config))
    big = message(fields="".join(f"X-Pad-{n}: {'a' * 990}\r\n" for n in range(1000)),
                  body=order_text("g1", "red", codes["red"], "HOME Alpha"))
    dovecot.deliver(mailbox, [big])
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0 and "too large" in result.stdout
    (kept,) = (folder.path / "inbox").glob("*.eml")
    assert len(kept.read_bytes()) <= prescan.MAX_HEADER_BYTES
    assert orders_journaled(folder) == [] and len(smtp.messages) == 1
