"""`umpire mail fetch` shows a progress bar on a terminal (stderr), and nothing otherwise."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from mailhelpers import email, make_game, order_text
from test_mail_fetch import fetch_args

from umpire.cli import main, progress

pytestmark = pytest.mark.mail


def deliver_two(tmp_path, dovecot, mailbox):
    folder, codes = make_game(tmp_path / "g1")
    dovecot.deliver(mailbox, [email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<p1@example.org>"),
                              email(order_text("g1", "red", codes["red"], "HOME Alpha"), msgid="<p2@example.org>")])
    return folder


def test_fetch_shows_no_progress_bar_off_a_terminal(tmp_path, dovecot, mailbox):
    folder = deliver_two(tmp_path, dovecot, mailbox)
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox))
    assert result.exit_code == 0, result.output
    assert "Fetching orders" not in result.output


def test_fetch_shows_a_progress_bar_on_a_terminal(tmp_path, dovecot, mailbox, monkeypatch):
    folder = deliver_two(tmp_path, dovecot, mailbox)
    monkeypatch.setattr(progress, "on_terminal", lambda: True)
    result = CliRunner().invoke(main, fetch_args(folder.path, dovecot, mailbox))
    assert result.exit_code == 0, result.output
    assert "Fetching orders" in result.output
    assert "2 messages handled." in result.output
