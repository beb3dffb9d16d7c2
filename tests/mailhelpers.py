"""Games and emails for the mail tests."""

from __future__ import annotations

from datetime import UTC, datetime
from email import message_from_bytes, policy
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


def parsed(raw: bytes) -> EmailMessage:
    return message_from_bytes(raw, policy=policy.default)


def text_of(msg: EmailMessage) -> str:
    return msg.get_body(("plain",)).get_content().replace("\r\n", "\n")


def quoted_below(original: EmailMessage, style: int, text: str | None = None) -> str:
    """The umpire's mail (or `text`, the player's edit of it: a form filled in) below the player's
    text as his German mail program puts it: a German intro over the quote (style 0), or Outlook's
    block over the mail as it was (1: `-----Ursprüngliche Nachricht-----`, 2: a rule)."""
    text = (text_of(original) if text is None else text).rstrip("\n")
    if style == 0:
        return f"Am Sa., 1. März 2025 um 12:00 Uhr schrieb Umpire <{UMPIRE}>:\n" + \
            "\n".join(f"> {line}" if line else ">" for line in text.split("\n"))
    von = f"Von: Umpire <{UMPIRE}>\nGesendet: Samstag, 1. März 2025 12:00\nAn: {original['To']}\n" \
          f"Betreff: {original['Subject']}\n"
    return f"-----Ursprüngliche Nachricht-----\n{von}\n{text}" if style == 1 else f"{'_' * 32}\n{von}\n{text}"


def reply(original: EmailMessage, top: str, style: int, msgid: str, text: str | None = None) -> bytes:
    """The player's answer to the umpire's mail `original`: `top` above it (or above `text`, his edit
    of it), threaded under it."""
    msg = EmailMessage()
    msg["From"] = original["To"]
    msg["To"] = UMPIRE
    msg["Subject"] = f"{'AW' if style else 'Re'}: {original['Subject']}"
    msg["Date"] = format_datetime(NOW)
    msg["Message-ID"] = msgid
    msg["In-Reply-To"] = original["Message-ID"]
    msg.set_content(f"{top}\n\n{quoted_below(original, style, text)}\n")
    return msg.as_bytes()
