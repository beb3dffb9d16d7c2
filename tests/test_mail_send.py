"""`umpire mail send` and `umpire mail remind` against a real aiosmtpd."""

from __future__ import annotations

from email import message_from_bytes, policy

import pytest
import yaml
from click.testing import CliRunner
from mailhelpers import UMPIRE, make_game

from umpire import actions
from umpire.cli import main

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
    assert again.exit_code == 0 and "queued for 0 new recipients" in again.output
    assert len(smtp.messages) == 3


def test_a_newsletter_not_written_is_a_clear_error(game, smtp):
    folder, _ = game
    result = CliRunner().invoke(main, smtp_args("send", folder.path, smtp, "--issue", "7"))
    assert result.exit_code == 1 and "newsletter 007 has not been written" in result.output


def test_remind_mails_only_the_companies_without_orders_once_a_round(game, smtp):
    folder, codes = game
    actions.submit(folder, "GAME g1\nCOMPANY red\nHOME Alpha\n".encode())
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
