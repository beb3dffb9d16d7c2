"""A hosted game's week through `umpire tick` against the real Dovecot and SMTP sink: reminders at
their times, the deadline extended, paused and resumed, a late order in the grace, and each step
done once however often tick runs (the clock set by UMPIRE_NOW)."""

from __future__ import annotations

from datetime import UTC, datetime
from email import message_from_bytes, policy

import pytest
import yaml
from click.testing import CliRunner
from mailhelpers import UMPIRE, deliver_at, email, make_game, order_text
from mailservers import PASSWORD, PASSWORD_ENV

from umpire.cli import main
from umpire.store.folder import GameFolder
from umpire.usecases import actions

pytestmark = [pytest.mark.mail, pytest.mark.usefixtures("stamped_at_once")]

OPENED = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
LINE = {"red": "HOME Alpha", "blue": "HOME Beta"}      # a Saturday; the deadline: 03-08 18:00 Berlin


def at(day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2025, 3, day, hour, minute, tzinfo=UTC)


WEEK = ["deadline=7 days", "deadline_at=18:00", "deadline_zone=Europe/Berlin", "grace=1 day",
        "remind=2 days, 12 hours", "remind_late_to_all=true"]


@pytest.fixture
def host(tmp_path, dovecot, mailbox, smtp):
    games = tmp_path / "games"
    games.mkdir()
    folder, codes = make_game(games / "g1", now=OPENED, options=WEEK)
    return hosted(games, folder, codes, dovecot, mailbox, smtp)


@pytest.fixture
def host_waiting_for_absences(tmp_path, dovecot, mailbox, smtp):
    """The host's game as `host`'s, its deadlines moved past a player's absence (absence=extend)."""
    games = tmp_path / "games"
    games.mkdir()
    folder, codes = make_game(games / "g1", now=OPENED, options=[*WEEK, "absence=extend"])
    return hosted(games, folder, codes, dovecot, mailbox, smtp)


def hosted(games, folder, codes, dovecot, mailbox, smtp):
    """The host's folder of games with its shared mailbox and SMTP server (umpire.yaml), the game's
    first player in America/New_York; returns (games, folder, codes)."""
    config = yaml.safe_load((folder.path / "game.yaml").read_text())
    config["companies"][0]["zone"] = "America/New_York"
    (folder.path / "game.yaml").write_text(yaml.safe_dump(config))
    (games / "umpire.yaml").write_text(yaml.safe_dump({"mail": {
        "from": UMPIRE,
        "imap": {"host": "127.0.0.1", "port": dovecot.port, "user": mailbox, "tls": "none",
                 "password_env": PASSWORD_ENV},
        "smtp": {"host": "127.0.0.1", "port": smtp.port, "tls": "none"}}}))
    return games, folder, codes


def tick(games, now):
    result = CliRunner().invoke(main, ["tick", str(games), "--verbose"],
                                env={"UMPIRE_NOW": now.isoformat(), PASSWORD_ENV: PASSWORD})
    assert result.exit_code == 0, result.output
    return result.output


def gm(*args, now):
    result = CliRunner().invoke(main, [str(a) for a in args], env={"UMPIRE_NOW": now.isoformat()})
    assert result.exit_code == 0, result.output
    return result.output


def mails(smtp, start=0):
    """(recipient, subject, body) of each message the sink took since `start`."""
    out = []
    for raw in smtp.messages[start:]:
        msg = message_from_bytes(raw, policy=policy.default)
        out.append((msg["To"], msg["Subject"], msg.get_body(("plain",)).get_content().replace("\r\n", "\n")))
    return out


def status(folder):
    return actions.status(GameFolder(folder.path))


def test_a_week_of_hosting(host, dovecot, mailbox, smtp):
    games, folder, codes = host
    assert status(folder)["deadline"] == "2025-03-08T17:00:00+00:00"          # 18:00 in Berlin

    # the first tick welcomes the new game's players: each his code and newsletter 001, once
    tick(games, at(2, 9))
    tick(games, at(2, 9, 5))
    welcomes = {to: (subject, body) for to, subject, body in mails(smtp)}
    assert {to: subject for to, (subject, _) in welcomes.items()} == {
        "red@example.org": "g1: welcome, Red Lines: your order code and newsletter 001",
        "blue@example.org": "g1: welcome, Blue Star: your order code and newsletter 001"}
    assert f"Your order code is {codes['red']}." in " ".join(welcomes["red@example.org"][1].split())
    assert codes["blue"] not in welcomes["red@example.org"][1] and len(smtp.messages) == 2
    start = len(smtp.messages)

    # two days before the deadline: a reminder to each player, once however often tick runs
    tick(games, at(6, 17, 5))
    tick(games, at(6, 17, 30))
    sent = mails(smtp, start)
    assert sorted((to, subject) for to, subject, _ in sent) == [
        ("blue@example.org", "g1: orders for round 1 missing"), ("red@example.org", "g1: orders for round 1 missing")]
    red = next(body for to, _, body in sent if to == "red@example.org")
    assert "2025-03-08 17:00 UTC (12:00 in America/New_York)" in " ".join(red.split())
    assert "COMPANY red" in red

    # blue orders by mail; the confirmation goes back
    deliver_at(dovecot, mailbox, email(order_text("g1", "blue", codes["blue"], "HOME Beta"), sender="blue@example.org",
                                    msgid="<blue1@example.org>"), at(7, 8))
    count = len(smtp.messages)
    tick(games, at(7, 8, 5))
    assert [(to, subject) for to, subject, _ in mails(smtp, count)] == [("blue@example.org", "Re: orders")]
    assert status(folder)["orders_in"] == ["blue"]

    # the GM extends the deadline by a day: both players are told, once
    gm("deadline", folder.path, "--extend", "1 day", "--reason", "the post strike", now=at(7, 10))
    count = len(smtp.messages)
    tick(games, at(7, 10, 5))
    tick(games, at(7, 10, 10))
    notices = mails(smtp, count)
    assert sorted(to for to, _, _ in notices) == ["blue@example.org", "red@example.org"]
    assert all("extended by 1 day: orders are due by 2025-03-09 17:00 UTC. The GM's reason: the post strike."
               in " ".join(body.split()) for _, _, body in notices)

    # twelve hours before: only red, who has not ordered, is reminded
    count = len(smtp.messages)
    tick(games, at(9, 5, 30))
    assert [(to, subject) for to, subject, _ in mails(smtp, count)] == [("red@example.org",
                                                                        "g1: orders for round 1 missing")]

    # paused with 9 hours left, resumed a day later: the clock gives them back
    gm("deadline", folder.path, "--pause", "--reason", "a family matter", now=at(9, 8))
    assert status(folder)["paused"] is True and status(folder)["deadline"] is None
    tick(games, at(9, 20))                          # the old deadline passes while paused: nothing resolves
    assert status(folder)["round"] == 1
    gm("deadline", folder.path, "--resume", now=at(10, 8))
    assert status(folder)["deadline"] == "2025-03-10T17:00:00+00:00"
    count = len(smtp.messages)
    tick(games, at(10, 8, 5))
    assert len(mails(smtp, count)) == 2             # the resume is told to both

    # in the grace: red is reminded once a day, and everyone told he is late; the round waits
    count = len(smtp.messages)
    tick(games, at(10, 17, 30))
    tick(games, at(10, 18, 0))
    late = mails(smtp, count)
    assert sorted((to, subject) for to, subject, _ in late) == [
        ("blue@example.org", "g1: round 1 waits for red"), ("red@example.org", "g1: orders for round 1 missing"),
        ("red@example.org", "g1: round 1 waits for red")]
    assert status(folder)["round"] == 1

    # red's order comes in the grace: taken, and with every order in the round resolves at once
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<red1@example.org>"),
            at(10, 20))
    count = len(smtp.messages)
    assert "round 1 resolved" in tick(games, at(10, 20, 5))
    info = status(folder)
    assert info["round"] == 2 and info["newsletters"] == 2
    received = [e for e in GameFolder(folder.path).events if e["type"] == "order_received"]
    assert [e["company"] for e in received if e.get("after_deadline")] == ["red"]
    after = mails(smtp, count)
    assert ("red@example.org", "Re: orders") in [(to, subject) for to, subject, _ in after]
    assert sorted(to for to, subject, _ in after if subject == "g1: newsletter 002") == \
        ["blue@example.org", "red@example.org"]

    # run again and again: nothing more is sent or resolved
    count = len(smtp.messages)
    tick(games, at(10, 20, 10))
    tick(games, at(10, 20, 15))
    assert mails(smtp, count) == [] and status(folder)["round"] == 2


def replies_to(smtp, start, address):
    """The umpire's replies to the mail of `address` since `start` (not his welcome, reminders or notices)."""
    return [body for to, subject, body in mails(smtp, start) if to == address and subject.startswith("Re: ")]


def test_players_lines_to_the_umpire_by_mail(host_waiting_for_absences, dovecot, mailbox, smtp):
    games, folder, codes = host_waiting_for_absences
    newsletter = (folder.path / "newsletters" / "001.txt").read_text()

    # STATUS and RESEND alone: answered to the sender; no order is stored
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", codes["red"], "STATUS", "RESEND"),
                                    msgid="<s1@example.org>"), at(2, 9))
    tick(games, at(2, 9, 5))
    (reply,) = replies_to(smtp, 0, "red@example.org")
    assert "STATUS: game g1, round 1. Orders are due by 2025-03-08 17:00 UTC (12:00 in America/New_York)." \
        in " ".join(reply.split())
    assert "Orders are in from nobody; awaited from red, blue." in " ".join(reply.split())
    assert "RESEND: newsletter 001 comes to you again in a mail of its own" in " ".join(reply.split())
    (again,) = [raw for raw in smtp.messages if b"g1: newsletter 001 (again)" in raw]
    msg = message_from_bytes(again, policy=policy.default)
    assert msg["To"] == "red@example.org"
    assert msg.get_body(("plain",)).get_content().replace("\r\n", "\n") == newsletter
    assert [a.get_filename() for a in msg.iter_attachments()] == ["g1-001.pdf", "g1-001-map.png"]
    assert status(folder)["orders_in"] == []

    # a wrong code gets no status
    count = len(smtp.messages)
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", "wrong-99", "STATUS"), msgid="<s2@example.org>"),
               at(2, 10))
    tick(games, at(2, 10, 5))
    (reply,) = replies_to(smtp, count, "red@example.org")
    assert "STATUS:" not in reply and "awaited" not in reply

    # an order with an absence in it: both taken; the deadline inside the absence moves past it
    count = len(smtp.messages)
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", codes["red"], "HOME Alpha",
                                               "ABSENT FROM 2025-03-07 TO 2025-03-09"), msgid="<a1@example.org>"),
            at(3, 9))
    tick(games, at(3, 9, 5))
    sent = mails(smtp, count)
    (reply,) = [body for to, subject, body in sent if to == "red@example.org" and subject == "Re: orders"]
    assert "ABSENT FROM 2025-03-07 TO 2025-03-09: noted" in " ".join(reply.split())
    info = status(folder)
    assert info["orders_in"] == ["red"] and info["absences"] == {"red": [["2025-03-07", "2025-03-09"]]}
    assert info["deadline"] == "2025-03-10T17:00:00+00:00"
    # both players are told the deadline moved, once; red in his own time too
    moved = {to: " ".join(body.split()) for to, subject, body in sent if subject == "g1: the deadline of round 1"}
    assert moved == {"blue@example.org": "A player's absence moves the deadline: orders are now due by "
                                         "2025-03-10 17:00 UTC.",
                     "red@example.org": "A player's absence moves the deadline: orders are now due by "
                                        "2025-03-10 17:00 UTC (13:00 in America/New_York)."}  # EDT since 03-09
    count = len(smtp.messages)
    tick(games, at(3, 9, 10))
    assert mails(smtp, count) == []

    # WAIT: blue orders and asks the round to wait; with every order in it resolves only at its deadline
    deliver_at(dovecot, mailbox, email(order_text("g1", "blue", codes["blue"], "HOME Beta", "WAIT"),
                                    sender="blue@example.org", msgid="<w1@example.org>"), at(4, 9))
    tick(games, at(4, 9, 5))
    assert status(folder)["orders_in"] == ["blue", "red"] and status(folder)["round"] == 1
    tick(games, at(10, 17, 1))
    assert status(folder)["round"] == 2


def test_the_hosts_digest_lists_due_games_refused_mail_and_failures(host, dovecot, mailbox, smtp):
    games, _folder, _codes = host
    make_game(games / "g2", now=OPENED)
    (games / "g3").mkdir()
    (games / "g3" / "game.yaml").write_text("game: [")
    deliver_at(dovecot, mailbox, email(order_text("g1", "red", "wrong-99", "HOME Alpha"), msgid="<x1@example.org>"),
            at(6, 9))
    tick_result = CliRunner().invoke(main, ["tick", str(games)], env={"UMPIRE_NOW": at(6, 9, 5).isoformat(),
                                                                      PASSWORD_ENV: PASSWORD})
    assert tick_result.exit_code == 1 and "g3" in tick_result.output
    count = len(smtp.messages)
    first = gm("mail", "digest", games, "--to", "gm@example.org", now=at(7, 8))
    assert "queued" in first
    ((to, subject, body),) = mails(smtp, count)
    assert (to, subject) == ("gm@example.org", "umpire digest 2025-03-07")
    text = " ".join(body.split())
    assert "Due within two days: g1, round 1: due 2025-03-08 17:00 UTC; awaited: red, blue" in text
    assert "Waiting: g2, round 1: no deadline; awaited: red, blue" in text
    assert "Mail refused since the last digest: g1: red@example.org, not accepted" in text
    assert "Failures: g3:" in text
    assert "nothing done" in gm("mail", "digest", games, "--to", "gm@example.org", now=at(7, 9))
    assert len(smtp.messages) == count + 1


def test_tick_killed_at_any_point_and_run_again_loses_nothing(host, dovecot, mailbox, smtp):
    import json
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path
    games, folder, codes = host
    for company in ("red", "blue"):
        deliver_at(dovecot, mailbox, email(order_text("g1", company, codes[company], LINE[company]),
                                        sender=f"{company}@example.org", msgid=f"<k-{company}@example.org>"), at(3, 9))
    env = {**os.environ, "UMPIRE_NOW": at(3, 10).isoformat(), PASSWORD_ENV: PASSWORD}
    umpire = str(Path(sys.executable).parent / "umpire")
    kills = 0
    for delay in (0.4, 0.8, 1.2, 1.6, 2.4, 3.2):
        process = subprocess.Popen([umpire, "tick", str(games)], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
        time.sleep(delay)
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            kills += 1
        process.wait()
    assert subprocess.run([umpire, "tick", str(games)], check=False, env=env).returncode == 0
    journal = [json.loads(line) for line in (folder.path / "journal.jsonl").read_text().splitlines()]
    assert [e["round"] for e in journal if e.get("command") == "resolve"] == [1]
    assert sorted(e["company"] for e in journal if e["type"] == "order_received" and e["via"].startswith("mail")) \
        == ["blue", "red"]
    assert status(folder)["newsletters"] == 2
    ids = [message_from_bytes(raw, policy=policy.default)["Message-ID"] for raw in smtp.messages]
    got = {(to, subject) for to, subject, _ in mails(smtp)}
    assert got == {("red@example.org", "Re: orders"), ("blue@example.org", "Re: orders"),
                   ("red@example.org", "g1: newsletter 002"), ("blue@example.org", "g1: newsletter 002")}
    assert len(ids) - len(set(ids)) <= kills          # at most the one in flight when a kill struck
