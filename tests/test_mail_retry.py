"""Mail the SMTP server puts off (4xx, as greylisting servers answer a first attempt) waits and goes
out on a later run after its pause; a 5xx stays final; after the day limit it is given up, and the
digest and `umpire status` say so. Against a real aiosmtpd on 127.0.0.1, the clock injected."""

from __future__ import annotations

import json
import shutil
import socketserver
import threading
from datetime import UTC, datetime, timedelta
from email import message_from_bytes, policy
from itertools import pairwise

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from mailhelpers import UMPIRE, deliver_at, email, make_game, order_text
from mailservers import GREYLISTED, PASSWORD, PASSWORD_ENV, Smtp

from umpire.cli import main
from umpire.mail import retry
from umpire.mail import send as sending
from umpire.mail.config import load_config
from umpire.mail.digest import digest_text
from umpire.store.folder import GameFolder
from umpire.store.mailroom import Mailroom

pytestmark = pytest.mark.mail

T0 = datetime(2025, 3, 2, 8, 0, tzinfo=UTC)
PLAYERS = ["blue@example.org", "red@example.org", "watcher@example.org"]


@pytest.fixture(scope="module")
def sink():
    server = Smtp()
    yield server
    server.stop()


@pytest.fixture
def smtp(sink):
    """The module's sink, as new: nothing received, nobody refused, greylisted or put off."""
    sink.messages.clear()
    sink.envelopes.clear()
    sink.rcpts.clear()
    sink.refuse, sink.greylist, sink.put_off, sink.replies = set(), set(), set(), {}
    return sink


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """A game whose newsletter 001 goes to three addresses (two players and an observer)."""
    folder, _ = make_game(tmp_path_factory.mktemp("template") / "g1")
    config = yaml.safe_load((folder.path / "game.yaml").read_text())
    config["mail"] = {"observers": ["watcher@example.org"]}
    (folder.path / "game.yaml").write_text(yaml.safe_dump(config))
    return folder.path


@pytest.fixture
def game(tmp_path, template):
    """A fresh copy of the template game."""
    return GameFolder(shutil.copytree(template, tmp_path / "g1"))


def settings(folder, smtp):
    return load_config(folder.path, overrides={"smtp": {"host": "127.0.0.1", "port": smtp.port, "tls": "none"},
                                               "from": UMPIRE})


def queue(folder, smtp, now=T0):
    config = settings(folder, smtp)
    assert sorted(sending.queue_newsletter(folder, config, 1, now)) == PLAYERS
    return config


def flush(folder, config, now):
    return sending.flush(Mailroom(folder.path), config.smtp, now)


def records(folder, kind):
    return [r for r in Mailroom(folder.path).records if r["type"] == kind]


def received(smtp):
    """Each recipient the sink took a message for, in order."""
    return [to for _, tos in smtp.envelopes for to in tos]


def send_cli(folder, smtp, now):
    result = CliRunner().invoke(main, ["mail", "send", str(folder.path), "--smtp-host", "127.0.0.1", "--smtp-port",
                                       str(smtp.port), "--smtp-tls", "none", "--from", UMPIRE],
                                env={"UMPIRE_NOW": now.isoformat()})
    assert result.exit_code == 0, result.output
    return result.output


def status_json(folder, now=T0):
    result = CliRunner().invoke(main, ["status", str(folder.path), "--json"], env={"UMPIRE_NOW": now.isoformat()})
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


# -- the schedule --------------------------------------------------------------------------------
def test_the_pauses_grow_and_the_last_try_is_three_days_after_the_first():
    tries, now = [T0], T0
    while (when := retry.next_try(T0, len(tries), now)) is not None:
        tries.append(when)
        now = when
    pauses = [b - a for a, b in pairwise(tries)]
    assert pauses[:5] == [timedelta(minutes=5), timedelta(minutes=15), timedelta(hours=1), timedelta(hours=4),
                          timedelta(hours=4)]
    assert tries[-1] == T0 + timedelta(days=3) and len(tries) == 22


@given(st.lists(st.integers(min_value=0, max_value=10 * 24 * 60), min_size=1, max_size=30))
def test_a_next_try_is_later_within_the_limit_and_none_only_past_it(late_minutes):
    now = T0
    for tries, late in enumerate(late_minutes, 1):
        now += timedelta(minutes=late)            # a run may come any time after the try was due
        when = retry.next_try(T0, tries, now)
        if now >= T0 + retry.GIVE_UP_AFTER:
            assert when is None
            return
        assert now < when <= T0 + retry.GIVE_UP_AFTER
        assert when - now <= retry.PAUSES[-1]


# -- greylisting -----------------------------------------------------------------------------------
def test_a_greylisted_message_waits_is_not_tried_before_its_pause_and_goes_once_after_it(game, smtp):
    config = queue(game, smtp)
    smtp.greylist = {"red@example.org", "watcher@example.org"}
    first = flush(game, config, T0)
    assert received(smtp) == ["blue@example.org"]
    assert first.refused == [] and len(first.put_off) == 2 and first.waiting == 2
    assert all(GREYLISTED in line and "(try 1; the next from 2025-03-02 08:05 UTC)" in line for line in first.put_off)
    assert not any(r.get("refused") for r in records(game, "sent"))
    deferred = records(game, "deferred")
    assert sorted(to for r in deferred for to in r["put_off"]) == ["red@example.org", "watcher@example.org"]
    assert {(r["tries"], r["first"], r["next"]) for r in deferred} == {(1, T0.isoformat(),
                                                                        "2025-03-02T08:05:00+00:00")}
    offered = len(smtp.rcpts)
    early = flush(game, config, T0 + timedelta(minutes=4, seconds=59))
    assert len(smtp.rcpts) == offered and early.sent == [] and early.waiting == 2      # not before its pause
    later = flush(game, config, T0 + timedelta(minutes=5))
    assert sorted(received(smtp)) == PLAYERS and len(later.sent) == 2 and later.waiting == 0
    flush(game, config, T0 + timedelta(hours=1))
    assert sorted(received(smtp)) == PLAYERS
    sent = [r["file"] for r in records(game, "sent")]
    assert sorted(sent) == sorted(set(sent)) and len(sent) == 3                          # each recorded once


def test_mail_send_says_what_waits_and_sends_it_on_the_next_run_after_the_pause(game, smtp):
    smtp.greylist = {"red@example.org"}
    first = send_cli(game, smtp, T0)
    assert "2 messages sent." in first
    (line,) = [x for x in first.splitlines() if x.startswith("The SMTP server put off")]
    assert "to red@example.org: 451 4.7.1 Greylisted, please try again later (try 1; the next from " \
           "2025-03-02 08:05 UTC)." in line
    assert "1 message waits for the SMTP server: the first run from 2025-03-02 08:05 UTC on tries again" in first
    assert "refused" not in first
    early = send_cli(game, smtp, T0 + timedelta(minutes=1))
    assert "sent." not in early and "1 message waits" in early and len(smtp.messages) == 2
    later = send_cli(game, smtp, T0 + timedelta(minutes=7))
    assert "1 message sent." in later and "waits" not in later
    assert sorted(received(smtp)) == PLAYERS
    again = send_cli(game, smtp, T0 + timedelta(minutes=8))
    assert "sent" not in again and len(smtp.messages) == 3


def test_a_message_partly_greylisted_goes_again_only_to_those_put_off(game, smtp):
    room = Mailroom(game.path)
    msg = sending.outgoing("g1", UMPIRE, ", ".join(PLAYERS), "g1: a note to three", T0, "note")
    msg.set_content("A note to three.\n")
    name = room.queue("note.eml", msg.as_bytes(policy=policy.SMTP))
    room.log([{"type": "queued", "file": name, "kind": "note"}])
    smtp.greylist, smtp.refuse = {"red@example.org"}, {"watcher@example.org"}
    config = settings(game, smtp)
    first = flush(game, config, T0)
    assert smtp.envelopes[-1][1] == ["blue@example.org"] and first.sent == [name]
    assert first.refused == [f"{name} to watcher@example.org: 550 5.1.1 <watcher@example.org>: no such user here"]
    (record,) = records(game, "deferred")
    assert record["put_off"] == {"red@example.org": GREYLISTED} and record["delivered"] == ["blue@example.org"]
    assert list(record["recipients"]) == ["watcher@example.org"]
    flush(game, config, T0 + timedelta(minutes=5))
    assert [tos for _, tos in smtp.envelopes] == [["blue@example.org"], ["red@example.org"]]
    assert [r["file"] for r in records(game, "sent")] == [name]


@pytest.mark.parametrize("stage, reply", [("HELO", "421 4.3.2 Too busy, try again later"),
                                          ("MAIL", "451 4.3.0 Sender put off, try again later"),
                                          ("MAIL", "421 4.3.2 Closing, try again later"),
                                          ("DATA", "452 4.3.1 Insufficient system storage")])
def test_a_temporary_reply_at_any_stage_keeps_every_message_due(game, smtp, stage, reply):
    config = queue(game, smtp)
    smtp.replies = {stage: reply}
    first = flush(game, config, T0)
    assert smtp.messages == [] and first.sent == [] and first.refused == [] and first.waiting == 3
    assert {r["put_off"][to] for r in records(game, "deferred") for to in r["put_off"]} == {reply}
    assert records(game, "sent") == []
    smtp.replies = {}
    flush(game, config, T0 + timedelta(minutes=5))
    assert sorted(received(smtp)) == PLAYERS and len(records(game, "sent")) == 3


def test_a_server_that_greets_with_421_puts_off_every_message_due(game, smtp):
    """A server too busy to talk answers the connection itself with 421."""
    class Busy(socketserver.BaseRequestHandler):
        def handle(self):
            self.request.sendall(b"421 4.3.2 Service not available, try again later\r\n")

    with socketserver.ThreadingTCPServer(("127.0.0.1", 0), Busy) as busy:
        threading.Thread(target=busy.serve_forever, daemon=True).start()
        config = queue(game, smtp)
        config.smtp.port = busy.server_address[1]
        first = flush(game, config, T0)
        busy.shutdown()
    assert first.sent == [] and first.waiting == 3 and len(first.put_off) == 3
    assert all("421 4.3.2 Service not available, try again later (try 1;" in line for line in first.put_off)
    config.smtp.port = smtp.port
    flush(game, config, T0 + timedelta(minutes=4))
    assert smtp.rcpts == []
    flush(game, config, T0 + timedelta(minutes=5))
    assert sorted(received(smtp)) == PLAYERS


def test_a_5xx_stays_final_and_is_never_tried_again(game, smtp):
    config = queue(game, smtp)
    smtp.refuse = {"watcher@example.org"}
    first = flush(game, config, T0)
    assert first.put_off == [] and first.waiting == 0 and len(first.refused) == 1
    (record,) = [r for r in records(game, "sent") if r.get("refused")]
    assert record["recipients"] == {"watcher@example.org": "550 5.1.1 <watcher@example.org>: no such user here"}
    smtp.refuse = set()
    flush(game, config, T0 + timedelta(days=1))
    assert "watcher@example.org" not in received(smtp) and records(game, "deferred") == []


def test_an_old_refusal_of_a_4xx_keeps_its_meaning(game, smtp):
    """Before the umpire tried again, a 451 was logged as a refusal; such a record stays final."""
    config = queue(game, smtp)
    room = Mailroom(game.path)
    old = next(f for f in room.unsent() if "watcher" in (game.path / f).read_text())
    room.log([{"type": "sent", "file": old, "refused": True, "at": T0.isoformat(),
               "recipients": {"watcher@example.org": GREYLISTED}}])
    flush(game, config, T0 + timedelta(minutes=5))
    assert sorted(received(smtp)) == ["blue@example.org", "red@example.org"]
    assert Mailroom(game.path).put_off() == {}


# -- given up ----------------------------------------------------------------------------------------
def test_put_off_for_three_days_is_given_up_and_the_digest_and_status_say_so(game, smtp):
    config = queue(game, smtp)
    smtp.put_off = {"red@example.org"}
    flush(game, config, T0)
    info = status_json(game, T0 + timedelta(minutes=1))["mail_waiting"]
    assert info == {"waiting": 1, "given_up": 0, "next_try": "2025-03-02T08:05:00+00:00"}
    shown = CliRunner().invoke(main, ["status", str(game.path)], env={"UMPIRE_NOW": T0.isoformat()}).output
    assert "  mail out:  1 waiting for another try (the next from 2025-03-02T08:05:00+00:00), 0 given up" in shown
    digest = " ".join(digest_text(game.path.parent, T0 + timedelta(minutes=1), "").split())
    assert ("Mail the SMTP server put off, waiting for another try: g1: outbox/newsletter-001-" in digest
            and "to red@example.org: 451 4.3.0 <red@example.org>: mailbox busy, try again later; 1 try since "
                "2025-03-02 08:00 UTC, the next from 2025-03-02 08:05 UTC" in digest)
    assert "Mail given up since the last digest (put off for 3 days): none" in digest
    now, tries = T0, 1
    while (last := Mailroom(game.path).put_off()):
        now = datetime.fromisoformat(next(iter(last.values()))["next"])
        flush(game, config, now)
        tries += 1
    assert now == T0 + timedelta(days=3) and tries == 22
    assert smtp.rcpts.count("red@example.org") == 22
    (gone,) = records(game, "given_up")
    assert gone["tries"] == 22 and gone["first"] == T0.isoformat() and list(gone["put_off"]) == ["red@example.org"]
    flush(game, config, now + timedelta(days=1))
    assert smtp.rcpts.count("red@example.org") == 22 and "red@example.org" not in received(smtp)
    assert status_json(game, now)["mail_waiting"] == {"waiting": 0, "given_up": 1, "next_try": None}
    shown = CliRunner().invoke(main, ["status", str(game.path)], env={"UMPIRE_NOW": now.isoformat()}).output
    assert "  mail out:  0 waiting for another try, 1 given up (umpire mail digest names them)" in shown
    digest = " ".join(digest_text(game.path.parent, now + timedelta(hours=1), T0.isoformat()).split())
    assert ("Mail given up since the last digest (put off for 3 days): g1: " + gone["file"] + " to red@example.org: "
            "451 4.3.0 <red@example.org>: mailbox busy, try again later; 22 tries from 2025-03-02 08:00 UTC to "
            "2025-03-05 08:00 UTC") in digest
    assert "Mail the SMTP server put off, waiting for another try: none" in digest
    later = " ".join(digest_text(game.path.parent, now + timedelta(days=1), now.isoformat()).split())
    assert "Mail given up since the last digest (put off for 3 days): none" in later


def test_the_last_try_gives_up_with_a_line_for_the_gm(game, smtp):
    config = queue(game, smtp)
    smtp.put_off = {"red@example.org"}
    flush(game, config, T0)
    late = flush(game, config, T0 + timedelta(days=4))     # no run for four days: one more try, then given up
    assert late.put_off == [] and late.waiting == 0
    (line,) = late.given_up
    assert "to red@example.org: 451 4.3.0" in line and line.endswith("(2 tries since 2025-03-02 08:00 UTC)")


# -- tick and fetch ----------------------------------------------------------------------------------
def test_tick_sends_the_greylisted_welcome_on_the_tick_after_the_pause(tmp_path, smtp):
    games = tmp_path / "games"
    games.mkdir()
    make_game(games / "g1", now=T0)
    (games / "umpire.yaml").write_text(yaml.safe_dump({"mail": {
        "from": UMPIRE, "smtp": {"host": "127.0.0.1", "port": smtp.port, "tls": "none"}}}))
    smtp.greylist = {"red@example.org"}

    def tick(now):
        result = CliRunner().invoke(main, ["tick", str(games), "--verbose"], env={"UMPIRE_NOW": now.isoformat()})
        assert result.exit_code == 0, result.output
        return result.output

    first = tick(T0)
    assert "1 messages sent" in first and "the SMTP server put off outbox/welcome-red-0.eml to red@example.org: " \
        "451 4.7.1 Greylisted" in first
    assert received(smtp) == ["blue@example.org"]
    tick(T0 + timedelta(minutes=2))
    assert received(smtp) == ["blue@example.org"] and smtp.rcpts.count("red@example.org") == 1
    tick(T0 + timedelta(minutes=10))
    tick(T0 + timedelta(minutes=20))
    assert received(smtp) == ["blue@example.org", "red@example.org"]
    msg = message_from_bytes(smtp.messages[-1], policy=policy.default)
    assert msg["Subject"] == "g1: welcome, Red Lines: your order code and newsletter 001"


def test_a_greylisted_confirmation_of_a_fetch_goes_with_the_next_fetch(tmp_path, dovecot, mailbox, smtp):
    folder, codes = make_game(tmp_path / "g1")
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", codes["red"], "HOME Alpha")), T0)
    smtp.greylist = {"red@example.org"}
    args = ["mail", "fetch", str(folder.path), "--imap-host", "127.0.0.1", "--imap-port", str(dovecot.port),
            "--imap-user", mailbox, "--imap-password-env", PASSWORD_ENV, "--imap-tls", "none", "--from", UMPIRE,
            "--smtp-host", "127.0.0.1", "--smtp-port", str(smtp.port), "--smtp-tls", "none"]

    def fetch(now):
        result = CliRunner().invoke(main, args, env={"UMPIRE_NOW": now.isoformat(), PASSWORD_ENV: PASSWORD})
        assert result.exit_code == 0, result.output
        return result.output

    first = fetch(T0 + timedelta(minutes=1))
    assert "accepted" in first and "The SMTP server put off outbox/" in first and smtp.messages == []
    assert "1 message waits" in fetch(T0 + timedelta(minutes=3)) and smtp.messages == []
    assert "1 message sent." in fetch(T0 + timedelta(minutes=6))
    (reply,) = [message_from_bytes(m, policy=policy.default) for m in smtp.messages]
    assert reply["To"] == "red@example.org" and reply["Subject"] == "Re: orders"
    fetch(T0 + timedelta(hours=1))
    assert len(smtp.messages) == 1
