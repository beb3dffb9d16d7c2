"""Every message on its own: one the umpire cannot handle (for any reason, its own defect
included) is kept, recorded as refused with the reason, reported to the GM on stderr, and every
other message is still taken and answered; later fetches do not meet it again. Messages that
share a Message-ID but not their content are both kept and handled."""

from __future__ import annotations

from email import message_from_bytes

import pytest
from click.testing import CliRunner
from mailhelpers import email, make_game, order_text
from test_mail_fetch import fetch_args, orders_journaled

from umpire.cli import main
from umpire.families.dampfross import family as dampfross_family
from umpire.families.dampfross import orders
from umpire.mail import early_close, fetch

pytestmark = pytest.mark.mail


@pytest.fixture
def game(tmp_path):
    return make_game(tmp_path / "g1")


def poisoned_parser(monkeypatch):
    """A parser with a defect: it fails on any text holding the word POISON."""
    real = orders.parse_order

    def parse(text, game_map, *reading):
        if "POISON" in text:
            raise TypeError("a defect of the parser")
        return real(text, game_map, *reading)
    monkeypatch.setattr(dampfross_family, "parse_order", parse)


def test_a_message_the_umpire_fails_on_is_kept_refused_reported_and_the_others_answered(game, dovecot, mailbox,
                                                                                         smtp, monkeypatch):
    folder, codes = game
    poisoned_parser(monkeypatch)
    dovecot.deliver(mailbox, [
        email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<i1@example.org>"),
        email(order_text("g1", "red", codes["red"], "BUILD POISON"), msgid="<i2@example.org>"),
        email(order_text("g1", "blue", codes["blue"], "HOME Beta"), sender="blue@example.org", msgid="<i3@x.org>"),
    ])
    args = fetch_args(folder.path, dovecot, mailbox, smtp)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "could not handle this message (TypeError at" in result.stderr
    assert "inbox/" in result.stderr
    assert len(list((folder.path / "inbox").glob("*.eml"))) == 3
    journaled = [(e["type"], e.get("company")) for e in orders_journaled(folder)]
    assert journaled == [("order_received", "red"), ("order_refused", None), ("order_received", "blue")]
    refused = orders_journaled(folder)[1]
    assert refused["reason"].startswith("the umpire could not handle this message (TypeError")
    assert (folder.path / f"{refused['file']}.reason").is_file()
    answers = {message_from_bytes(m)["In-Reply-To"]: m for m in smtp.messages}
    assert set(answers) == {"<i1@example.org>", "<i2@example.org>", "<i3@x.org>"}
    assert b"could not be read" in answers["<i2@example.org>"].replace(b"\r\n", b" ")
    assert dovecot.flags(mailbox) == [(b"\\Seen",)] * 3
    again = CliRunner().invoke(main, args)
    assert again.exit_code == 0 and again.stdout.startswith("0 messages handled") and not again.stderr


def test_a_failure_after_the_order_was_stored_still_confirms_it(game, dovecot, mailbox, smtp, monkeypatch):
    folder, codes = game

    def broken(folder, result, *notes):
        raise KeyError("preview")
    monkeypatch.setattr(fetch.replies, "accepted", broken)
    dovecot.deliver(mailbox, [email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<p1@example.org>")])
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0 and "accepted: the orders of red for round 1 of g1" in result.stdout
    assert "its confirmation could not show the orders (KeyError" in result.stderr
    assert [e["type"] for e in orders_journaled(folder)] == ["order_received"]
    assert b"received and stored" in smtp.messages[0].replace(b"\r\n", b" ")


def test_same_message_id_with_other_content_is_kept_and_handled(game, dovecot, mailbox, smtp):
    folder, codes = game
    first = email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<same@example.org>")
    second = email(order_text("g1", "red", codes["red"], "HOME Alpha", "BUILD C3-D3"), msgid="<same@example.org>")
    dovecot.deliver(mailbox, [first, second, b"Received: from relay.example.org\r\n" + second])
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0, result.output
    kept = sorted(p.read_bytes().replace(b"\r\n", b"\n") for p in (folder.path / "inbox").glob("*.eml"))
    assert kept == sorted([first, second])
    received = [e for e in orders_journaled(folder) if e["type"] == "order_received"]
    assert len(received) == 2 and received[1]["replaces"] == received[0]["file"]
    assert "duplicate" in result.stdout, "the third is the second delivered again"
    assert len(smtp.messages) == 2


def test_an_unknown_size_is_treated_as_too_large(game, dovecot, mailbox, smtp, monkeypatch):
    folder, codes = game
    dovecot.deliver(mailbox, [email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<u1@example.org>")])
    real = fetch.IMAPClient.fetch

    def without_size(self, messages, data, *args, **kwargs):
        answer = real(self, messages, data, *args, **kwargs)
        for values in answer.values():
            values.pop(b"RFC822.SIZE", None)
        return answer
    monkeypatch.setattr(fetch.IMAPClient, "fetch", without_size)
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert "too large" in result.stdout and orders_journaled(folder) == []
    assert b"did not give" in smtp.messages[0].replace(b"\r\n", b" ")


def test_a_game_whose_early_resolve_fails_is_reported_and_the_fetch_goes_on(tmp_path, monkeypatch):
    from mailhelpers import NOW, UMPIRE

    from umpire.mail.config import MailConfig
    folder, codes = make_game(tmp_path / "g1", options=["resolve_early=true"])
    fetcher = fetch.Fetcher(folder.path, MailConfig(from_addr=UMPIRE), now=NOW)
    fetcher.take(email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<e1@example.org>"), 1, 1, NOW)
    fetcher.take(email(order_text("g1", "blue", codes["blue"], "HOME Beta"), sender="blue@example.org",
                       msgid="<e2@x.org>"), 1, 2, NOW)

    def broken(*args, **kwargs):
        raise RuntimeError("a defect of the resolver")
    monkeypatch.setattr(early_close.actions, "resolve", broken)
    fetcher.resolve_early()
    failed = fetcher.outcomes[-1]
    assert failed.status == "not resolved" and "resolve failed (RuntimeError" in failed.alert
