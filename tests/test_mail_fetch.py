"""`umpire mail fetch` against a real Dovecot and aiosmtpd on 127.0.0.1."""

from __future__ import annotations

import json
import subprocess
import sys
from email import message_from_bytes

import pytest
import yaml
from click.testing import CliRunner
from mailhelpers import NOW, UMPIRE, config_for, email, make_game, order_text
from mailservers import PASSWORD_ENV

from umpire.cli import main
from umpire.game import Game
from umpire.mail.fetch import Fetcher
from umpire.store.folder import GameFolder

pytestmark = pytest.mark.mail


def fetch_args(game_dir, dovecot, user, smtp=None):
    args = ["mail", "fetch", str(game_dir), "--imap-host", "127.0.0.1", "--imap-port", str(dovecot.port),
            "--imap-user", user, "--imap-password-env", PASSWORD_ENV, "--imap-tls", "none", "--from", UMPIRE]
    if smtp:
        args += ["--smtp-host", "127.0.0.1", "--smtp-port", str(smtp.port), "--smtp-tls", "none"]
    return args


def orders_journaled(folder: GameFolder) -> list[dict]:
    return [e for e in GameFolder(folder.path).events if e["type"] in ("order_received", "order_refused")]


@pytest.fixture
def game(tmp_path):
    return make_game(tmp_path / "g1")


def test_fetch_stores_raw_replies_and_flags_seen(game, dovecot, mailbox, smtp):
    folder, codes = game
    raws = [email(order_text("g1", "red", codes["red"], "HOME Alpha", "BUILD C3-D3"), msgid="<a1@example.org>"),
            email(order_text("g1", "blue", "wrong-1", "HOME Beta"), sender="blue@example.org", msgid="<a2@x.org>")]
    dovecot.deliver(mailbox, raws)
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert result.exit_code == 0, result.output
    assert "red@example.org: accepted: the orders of red for round 1 of g1, stored as orders/1/0001-red.txt" \
        in result.output
    assert "blue@example.org: not accepted as orders for g1: " in result.output
    kept = sorted(p.read_bytes().replace(b"\r\n", b"\n") for p in (folder.path / "inbox").glob("*.eml"))
    assert kept == sorted(raws)
    assert all(b"\\Seen" in flags for flags in dovecot.flags(mailbox))
    replies = {message_from_bytes(m)["In-Reply-To"]: m for m in smtp.messages}
    assert set(replies) == {"<a1@example.org>", "<a2@x.org>"}
    assert b"were\r\nreceived and stored" in replies["<a1@example.org>"] or b"received and stored" in \
        replies["<a1@example.org>"].replace(b"\r\n", b" ")
    assert [e["type"] for e in orders_journaled(folder)] == ["order_received", "order_refused"]


def test_second_fetch_finds_nothing_new(game, dovecot, mailbox, smtp):
    folder, codes = game
    dovecot.deliver(mailbox, [email(order_text("g1", "red", codes["red"], "HOME Alpha"))])
    runner = CliRunner()
    runner.invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    again = runner.invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert again.exit_code == 0 and "0 messages handled" in again.output
    assert len(orders_journaled(folder)) == 1
    assert len(smtp.messages) == 1


def test_message_delivered_twice_is_counted_once(game, dovecot, mailbox, smtp):
    folder, codes = game
    raw = email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<twice@example.org>")
    dovecot.deliver(mailbox, [raw])
    CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    dovecot.deliver(mailbox, [b"Received: from relay.example.org\n" + raw])
    again = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert "duplicate" in again.output
    assert len(orders_journaled(folder)) == 1
    assert len(smtp.messages) == 1


CRASH = """
import os, signal, sys
from umpire.mail.fetch import Fetcher
original = Fetcher.{method}
def crash(self, *args, **kwargs):
    {before}
    os.kill(os.getpid(), signal.SIGKILL)
Fetcher.{method} = crash
from umpire.cli import main
sys.argv = ["umpire"] + {args!r}
main()
"""


@pytest.mark.parametrize("method,before", [
    ("process", "pass"),                                   # raw copy on disk, nothing processed yet
    ("mark_done", "pass"),                                 # processed and logged, not yet flagged
])
def test_killed_fetch_rerun_counts_the_order_once(game, dovecot, mailbox, smtp, method, before):
    folder, codes = game
    raw = email(order_text("g1", "red", codes["red"], "HOME Alpha", "BUILD C3-D3"), msgid="<crash@example.org>")
    dovecot.deliver(mailbox, [raw])
    args = fetch_args(folder.path, dovecot, mailbox, smtp)
    script = CRASH.format(method=method, before=before, args=args)
    killed = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60)
    assert killed.returncode == -9, killed.stderr.decode()
    assert len(list((folder.path / "inbox").glob("*.eml"))) == 1, "the raw copy is stored before anything else"
    assert dovecot.flags(mailbox) == [()], "not flagged before the crash"
    rerun = CliRunner().invoke(main, args)
    assert rerun.exit_code == 0, rerun.output
    received = [e for e in orders_journaled(folder) if e["type"] == "order_received"]
    assert len(received) == 1 and received[0]["company"] == "red"
    assert dovecot.flags(mailbox) == [(b"\\Seen",)]
    assert len(smtp.messages) == 1
    assert CliRunner().invoke(main, args).output.startswith("0 messages handled")


def test_message_over_the_size_limit_is_refused_politely(game, dovecot, mailbox, smtp):
    folder, codes = game
    config = yaml.safe_load((folder.path / "game.yaml").read_text())
    config["mail"] = {"max_size": 3000}
    (folder.path / "game.yaml").write_text(yaml.safe_dump(config))
    big = email(order_text("g1", "red", codes["red"], "HOME Alpha") + "# padding\n" * 400, msgid="<big@example.org>")
    dovecot.deliver(mailbox, [big])
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert "too large" in result.output
    assert orders_journaled(folder) == []
    (kept,) = (folder.path / "inbox").glob("*.eml")
    assert b"Message-ID: <big@example.org>" in kept.read_bytes() and len(kept.read_bytes()) < 3000
    assert b"bytes long" in smtp.messages[0]
    assert dovecot.flags(mailbox) == [(b"\\Seen",)]


def test_processed_mail_can_be_moved_to_a_folder(game, dovecot, mailbox):
    folder, codes = game
    client = dovecot.client(mailbox)
    client.create_folder("Processed")
    client.logout()
    dovecot.deliver(mailbox, [email(order_text("g1", "red", codes["red"], "HOME Alpha"))])
    config = config_for(folder.path, dovecot, mailbox)
    config.imap.processed = "Processed"
    Fetcher(folder.path, config, now=NOW).run()
    client = dovecot.client(mailbox)
    assert client.select_folder("INBOX")[b"EXISTS"] == 0
    assert client.select_folder("Processed")[b"EXISTS"] == 1
    client.logout()
    assert Fetcher(folder.path, config, now=NOW).run() == []


def test_all_routes_each_message_to_the_game_its_game_line_names(tmp_path, dovecot, mailbox, smtp):
    one, codes1 = make_game(tmp_path / "games" / "one")
    two, codes2 = make_game(tmp_path / "games" / "two")
    dovecot.deliver(mailbox, [
        email(order_text("one", "red", codes1["red"], "HOME Alpha"), msgid="<r1@example.org>"),
        email(order_text("two", "blue", codes2["blue"], "HOME Beta"), sender="blue@example.org", msgid="<r2@x>"),
        email(order_text("three", "blue", "x-1"), sender="blue@example.org", msgid="<r3@x>"),
    ])
    args = fetch_args(tmp_path / "games", dovecot, mailbox, smtp)
    args[2:3] = ["--all", str(tmp_path / "games")]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert [e["company"] for e in orders_journaled(one)] == ["red"]
    assert [e["company"] for e in orders_journaled(two)] == ["blue"]
    assert len(list((tmp_path / "games" / "inbox").glob("*.eml"))) == 3
    assert len(list((one.path / "inbox").glob("*.eml"))) == 1
    assert "not accepted" in result.output and len(smtp.messages) == 3


def test_round_resolves_early_once_every_company_has_ordered(tmp_path, dovecot, mailbox, smtp):
    folder, codes = make_game(tmp_path / "g1", options=["resolve_early=true"])
    dovecot.deliver(mailbox, [
        email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<e1@example.org>"),
        email(order_text("g1", "blue", codes["blue"], "HOME Beta"), sender="blue@example.org", msgid="<e2@x>")])
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert "resolved" in result.output, result.output
    assert Game.open(folder.path).state().round == 2


def test_round_waits_while_a_company_has_not_ordered(tmp_path, dovecot, mailbox):
    folder, codes = make_game(tmp_path / "g1", options=["resolve_early=true"])
    dovecot.deliver(mailbox, [email(order_text("g1", "red", codes["red"], "HOME Alpha"))])
    Fetcher(folder.path, config_for(folder.path, dovecot, mailbox), now=NOW).run()
    assert Game.open(folder.path).state().round == 1


def test_wrong_password_is_a_clear_error(game, dovecot, mailbox, monkeypatch):
    folder, _ = game
    monkeypatch.setenv(PASSWORD_ENV, "not-the-password")
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox))
    assert result.exit_code == 1
    assert "refused the login" in result.output and "--imap-password-env" in result.output


def test_replies_wait_in_the_outbox_without_smtp(game, dovecot, mailbox, smtp):
    folder, codes = game
    dovecot.deliver(mailbox, [email(order_text("g1", "red", codes["red"], "HOME Alpha"))])
    first = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox))
    assert "1 message waits" in first.output
    later = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox, smtp))
    assert "1 message sent" in later.output and len(smtp.messages) == 1
    sent = [json.loads(line) for line in (folder.path / "mail.jsonl").read_text().splitlines()]
    assert [r["type"] for r in sent] == ["processed", "sent"]


def test_fetch_needs_exactly_one_of_game_dir_and_all(tmp_path):
    result = CliRunner().invoke(main, ["mail", "fetch"])
    assert result.exit_code == 2


