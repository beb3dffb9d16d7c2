"""`umpire mail send` and `umpire mail remind` against a real aiosmtpd."""

from __future__ import annotations

from datetime import UTC, datetime
from email import message_from_bytes, policy

import pytest
import yaml
from click.testing import CliRunner
from mailhelpers import UMPIRE, make_game

from umpire.cli import main
from umpire.usecases import actions

pytestmark = pytest.mark.mail


def smtp_args(command, game_dir, smtp, *extra):
    return ["mail", command, str(game_dir), "--smtp-host", "127.0.0.1", "--smtp-port", str(smtp.port),
            "--smtp-tls", "none", "--from", UMPIRE, *extra]


def parsed(raw: bytes):
    return message_from_bytes(raw, policy=policy.default)


@pytest.fixture
def game(tmp_path):
    folder, codes = make_game(tmp_path / "g1")
    config = yaml.safe_load((folder.path / "game.yaml").read_text())
    config["mail"] = {"observers": ["watcher@example.org"]}
    (folder.path / "game.yaml").write_text(yaml.safe_dump(config))
    return folder, codes


def test_newsletter_goes_to_every_company_and_observer_with_text_body(game, smtp):
    folder, _ = game
    result = CliRunner().invoke(main, smtp_args("send", folder.path, smtp))
    assert result.exit_code == 0, result.output
    assert sorted(to for _, (to,) in smtp.envelopes) == ["blue@example.org", "red@example.org",
                                                        "watcher@example.org"]
    msg = parsed(smtp.messages[0])
    assert msg["Subject"] == "g1: newsletter 001"
    body = msg.get_body(("plain",)).get_content()
    assert body.replace("\r\n", "\n") == (folder.path / "newsletters" / "001.txt").read_text()
    pdf, picture = msg.iter_attachments()
    assert pdf.get_content() == (folder.path / "newsletters" / "001.pdf").read_bytes()
    assert picture.get_content_type() == "image/png"
    assert picture.get_content_disposition() == "inline"
    assert picture.get_filename() == "g1-001-map.png"
    assert picture.get_content() == (folder.path / "newsletters" / "001-map.png").read_bytes()


def test_newsletter_pdf_is_attached_when_present(game, smtp):
    folder, _ = game
    pdf = b"%PDF-1.4 a newsletter\n%%EOF\n"
    (folder.path / "newsletters" / "001.pdf").write_bytes(pdf)
    (folder.path / "newsletters" / "001-map.png").unlink()
    CliRunner().invoke(main, smtp_args("send", folder.path, smtp, "--issue", "1"))
    (attachment,) = parsed(smtp.messages[0]).iter_attachments()
    assert attachment.get_content_type() == "application/pdf"
    assert attachment.get_filename() == "g1-001.pdf"
    assert attachment.get_content() == pdf


def test_sending_again_sends_nothing_twice(game, smtp):
    folder, _ = game
    CliRunner().invoke(main, smtp_args("send", folder.path, smtp))
    again = CliRunner().invoke(main, smtp_args("send", folder.path, smtp))
    assert again.exit_code == 0 and "Every recipient has had every newsletter" in again.output
    assert len(smtp.messages) == 3


def test_a_newsletter_not_written_is_a_clear_error(game, smtp):
    folder, _ = game
    result = CliRunner().invoke(main, smtp_args("send", folder.path, smtp, "--issue", "7"))
    assert result.exit_code == 1 and "newsletter 007 has not been written" in result.output


def test_remind_mails_only_the_companies_without_orders_once_a_round(game, smtp):
    folder, codes = game
    actions.submit(folder, b"GAME g1\nCOMPANY red\nHOME Alpha\n")
    first = CliRunner().invoke(main, smtp_args("remind", folder.path, smtp))
    assert first.exit_code == 0 and "Reminders queued for: blue." in first.output
    (msg,) = [parsed(m) for m in smtp.messages]
    assert msg["To"] == "blue@example.org"
    body = msg.get_content()
    assert "round 1" in body and "COMPANY blue" in body and codes["blue"] not in body
    CliRunner().invoke(main, smtp_args("remind", folder.path, smtp))
    assert len(smtp.messages) == 1


def test_smtp_server_down_keeps_the_mail_queued(game, smtp):
    folder, _ = game
    port = smtp.port
    smtp.stop()
    down = CliRunner().invoke(main, ["mail", "send", str(folder.path), "--smtp-host", "127.0.0.1", "--smtp-port",
                                     str(port), "--smtp-tls", "none", "--from", UMPIRE])
    assert down.exit_code == 1 and "cannot use the SMTP server" in down.output
    assert len(list((folder.path / "outbox").glob("*.eml"))) == 3


def test_a_recipient_the_smtp_server_refuses_is_said_logged_not_retried_and_in_the_digest(game, smtp, monkeypatch):
    from umpire.mail.digest import digest_text
    from umpire.store.mailroom import Mailroom
    folder, _ = game
    smtp.refuse = {"watcher@example.org"}
    monkeypatch.setenv("UMPIRE_NOW", "2025-03-02T08:00:00+00:00")
    result = CliRunner().invoke(main, smtp_args("send", folder.path, smtp))
    assert result.exit_code == 0, result.output
    assert "2 messages sent." in result.output
    refused = [line for line in result.output.splitlines() if line.startswith("The SMTP server refused")]
    assert len(refused) == 1 and "to watcher@example.org: 550 5.1.1 <watcher@example.org>: no such user here;" \
        in refused[0] and "not tried again" in refused[0]
    (record,) = [r for r in Mailroom(folder.path).records if r["type"] == "sent" and r.get("refused")]
    assert record["recipients"] == {"watcher@example.org": "550 5.1.1 <watcher@example.org>: no such user here"}
    again = CliRunner().invoke(main, smtp_args("send", folder.path, smtp))
    assert "refused" not in again.output and len(smtp.messages) == 2
    games = folder.path.parent
    text = " ".join(digest_text(games, datetime(2025, 3, 2, 9, tzinfo=UTC), "").split())
    assert ("Recipients the SMTP server refused since the last digest: g1: " + record["file"]
            + " to watcher@example.org: 550 5.1.1") in text
    later = " ".join(digest_text(games, datetime(2025, 3, 3, 9, tzinfo=UTC), "2025-03-02T09:00:00").split())
    assert "Recipients the SMTP server refused since the last digest: none" in later


def test_a_message_refused_for_one_of_its_recipients_goes_to_the_others_and_says_which(game, smtp):
    from umpire.mail import send as sending
    from umpire.mail.config import load_config
    from umpire.store.mailroom import Mailroom
    folder, _ = game
    room = Mailroom(folder.path)
    msg = sending.outgoing("g1", UMPIRE, "red@example.org, watcher@example.org", "g1: a note",
                           datetime(2025, 3, 2, tzinfo=UTC), "note")
    msg.set_content("A note to two.\n")
    name = room.queue("note.eml", msg.as_bytes(policy=policy.SMTP))
    room.log([{"type": "queued", "file": name, "kind": "note"}])
    smtp.refuse = {"watcher@example.org"}
    config = load_config(folder.path, overrides={"smtp": {"host": "127.0.0.1", "port": smtp.port, "tls": "none"}})
    flushed = sending.flush(Mailroom(folder.path), config.smtp)
    assert flushed.sent == [name] and [to for _, to in smtp.envelopes] == [["red@example.org"]]
    assert len(flushed.refused) == 1 and flushed.refused[0].startswith(f"{name} to watcher@example.org: 550")
