"""Games and emails for the mail tests."""

from __future__ import annotations

from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime

from conftest import TEST_MAP
from mailservers import PASSWORD_ENV

from umpire.mail.config import load_config
from umpire.usecases import actions

NOW = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
COMPANIES = ["red:Red Lines:red@example.org", "blue:Blue Star:blue@example.org"]
UMPIRE = "umpire@example.org"


def make_game(path, options=(), now=NOW):
    """A two-company game on the test map; returns (folder, codes)."""
    return actions.create_game(path, str(TEST_MAP), "laurin", COMPANIES, seed="mail-tests",
                               option_specs=tuple(options), now=now)


def order_text(game: str, company: str, code: str, *lines: str) -> str:
    return "\n".join([f"GAME {game}", f"COMPANY {company}", f"CODE {code}", *lines]) + "\n"


def email(body: str, sender: str = "red@example.org", subject: str = "orders", msgid: str = "<m1@example.org>",
          **headers) -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = UMPIRE
    msg["Subject"] = subject
    msg["Date"] = format_datetime(NOW)
    if msgid:
        msg["Message-ID"] = msgid
    for name, value in headers.items():
        msg[name.replace("_", "-")] = value
    msg.set_content(body)
    return msg.as_bytes()


def deliver_at(dovecot, user, raw: bytes, when: datetime):
    """Put `raw` in the user's INBOX as received at `when` (what the umpire reads as its arrival)."""
    client = dovecot.client(user)
    try:
        client.append("INBOX", raw, msg_time=when)
    finally:
        client.logout()


def config_for(path, dovecot, user, smtp=None, games_dir=None):
    overrides = {"imap": {"host": "127.0.0.1", "port": dovecot.port, "user": user, "tls": "none",
                          "password_env": PASSWORD_ENV},
                 "smtp": {"host": "127.0.0.1", "port": smtp.port, "tls": "none"} if smtp else {},
                 "from": UMPIRE}
    return load_config(path, games_dir, overrides)
