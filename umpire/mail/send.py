"""Mail out by SMTP: the outbox of a mailroom (replies, reminders, newsletters), each message
recorded as sent once the server took it, so a rerun sends nothing twice."""

from __future__ import annotations

import hashlib
import smtplib
import socket
import ssl
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import format_datetime
from typing import NamedTuple

from ..errors import UmpireError
from ..timetable import clock
from ..store.folder import GameFolder, picture_name
from .config import MailConfig, Server
from .mailroom import Mailroom


def tls_context(server: Server) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=server.cafile) if server.cafile else ssl.create_default_context()


def untrusted(server: Server, exc: ssl.SSLCertVerificationError) -> UmpireError:
    """The error for a server whose certificate the umpire cannot verify."""
    return UmpireError(f"the {server.kind.upper()} server {server.host}:{server.real_port} showed a certificate "
                       f"the umpire cannot trust ({exc.verify_message}).",
                       fix=f"If the server has a certificate of its own making, give its file as cafile under "
                           f"mail: {server.kind}: in game.yaml or umpire.yaml; nothing was changed.")


def outgoing(game: str, sender: str, to: str, subject: str, now, key: str) -> EmailMessage:
    """A message from the umpire; its Message-ID comes from the game and `key`, so a rerun makes the same one."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(now)
    msg["Message-ID"] = f"<{game}.{key}@{sender.rsplit('@', 1)[-1].strip('>')}>"
    return msg


def smtp_connect(server: Server) -> smtplib.SMTP:
    """A logged-in SMTP connection, or a clear error saying which setting to check."""
    host, port = server.host, server.real_port
    try:
        if server.tls == "ssl":
            smtp = smtplib.SMTP_SSL(host, port, timeout=30, context=tls_context(server))
        else:
            smtp = smtplib.SMTP(host, port, timeout=30)
            if server.tls == "starttls":
                smtp.starttls(context=tls_context(server))
        if server.user:
            smtp.login(server.user, server.password() or "")
        return smtp
    except ssl.SSLCertVerificationError as exc:
        raise untrusted(server, exc) from None
    except smtplib.SMTPAuthenticationError:
        raise UmpireError(f"the SMTP server {host}:{port} refused the login of {server.user}.",
                          fix="Check --smtp-user and the password in --smtp-password-env.") from None
    except (OSError, smtplib.SMTPException) as exc:
        raise UmpireError(f"cannot use the SMTP server {host}:{port} ({exc}).",
                          fix="Check --smtp-host, --smtp-port and --smtp-tls; nothing was sent, and what was "
                              "due stays in the outbox for the next run.") from None


class Flushed(NamedTuple):
    sent: list[str]                 # the files the server took (for some of their recipients at least)
    refused: list[str]              # each recipient the server refused: 'FILE to ADDRESS: CODE REPLY'


def flush(room: Mailroom, server: Server) -> Flushed:
    """Send every message due in the outbox. A recipient the server refuses is logged with its reply
    and the time (`umpire mail digest` reports it); the message is not tried again."""
    due = room.unsent()
    if not due:
        return Flushed([], [])
    server.check(room.path)
    sent, refused = [], []
    smtp = smtp_connect(server)
    try:
        for name in due:
            msg = BytesParser(policy=policy.SMTP).parsebytes((room.path / name).read_bytes())
            try:
                bounced = smtp.send_message(msg)
            except smtplib.SMTPRecipientsRefused as exc:
                bounced, record = exc.recipients, {"type": "sent", "file": name, "refused": True}
            except (OSError, smtplib.SMTPException) as exc:
                raise UmpireError(f"the SMTP server stopped taking mail ({exc}).",
                                  fix="Run the command again later; what was not sent stays in the outbox.") from None
            else:
                record = {"type": "sent", "file": name}
                sent.append(name)
            if bounced:
                record.update(recipients=_replies(bounced), at=clock.now().isoformat())
                refused += [f"{name} to {to}: {reply}" for to, reply in record["recipients"].items()]
            room.log([record])
    finally:
        try:
            smtp.quit()
        except (OSError, smtplib.SMTPException, socket.timeout):
            pass
    return Flushed(sent, refused)


def _replies(bounced: dict) -> dict[str, str]:
    """The server's reply to each refused recipient, as text ('550 5.1.1 no such user'), cut short."""
    out = {}
    for to, (code, reply) in sorted(bounced.items()):
        text = reply.decode("utf-8", "replace") if isinstance(reply, bytes) else str(reply)
        out[str(to)] = f"{code} {' '.join(text.split())}"[:120]
    return out


def newsletter_recipients(folder: GameFolder, config: MailConfig) -> list[str]:
    addresses = [a for c in folder.config["companies"] for a in str(c.get("email") or "").split(",")]
    addresses += config.observers
    return list(dict.fromkeys(a.strip().lower() for a in addresses if a and "@" in a))


def _players_at(folder: GameFolder, to: str) -> list[dict]:
    """The companies (players) whose address list holds `to`, in seat order."""
    return [c for c in folder.config["companies"]
            if to in {a.strip().lower() for a in str(c.get("email") or "").split(",")}]


def private_parts(folder: GameFolder, issue: int, to: str) -> str:
    """The private parts of newsletter `issue` (newsletters/NNN-<player>.txt) for the players at
    address `to`, each under its own heading; empty when there are none."""
    parts = []
    for company in _players_at(folder, to):
        path = folder.newsletters / f"{issue:03d}-{company['id']}.txt"
        if path.exists():
            parts.append(f"\n\n==== For {company['name']} ({company['id']}) only ====\n\n"
                         + path.read_text(encoding="utf-8"))
    return "".join(parts)


def private_pdfs(folder: GameFolder, issue: int, to: str) -> list[tuple[str, bytes]]:
    """The private sheets of newsletter `issue` drawn as PDFs (newsletters/NNN-<player>.pdf) for the
    players at address `to` only: (the attachment's file name, its bytes)."""
    out = []
    for company in _players_at(folder, to):
        path = folder.newsletters / f"{issue:03d}-{company['id']}.pdf"
        if path.exists():
            out.append((f"{folder.game_id}-{issue:03d}-{company['id']}.pdf", path.read_bytes()))
    return out


def queue_newsletter(folder: GameFolder, config: MailConfig, issue: int, now: datetime) -> list[str]:
    """Put newsletter `issue` in the outbox for every company and observer not yet given it."""
    text_path = folder.newsletters / f"{issue:03d}.txt"
    if not text_path.exists():
        raise UmpireError(f"newsletter {issue:03d} has not been written ({text_path} is missing).",
                          fix=f"The game has {folder.newsletter_count()} newsletters; give --issue 1 to "
                              f"{folder.newsletter_count()}.")
    room = Mailroom(folder.path)
    edition = folder.edition(issue)            # a rollback superseded the earlier editions
    queued = {(r.get("issue"), r.get("edition", 0), to) for r in room.records if r["type"] == "queued"
              for to in str(r.get("to")).split(",")}           # a welcome gave newsletter 001 to all its addresses
    records = []
    for to in newsletter_recipients(folder, config):
        if (issue, edition, to) in queued:
            continue
        tag = hashlib.sha256(to.encode()).hexdigest()[:12] + (f".e{edition + 1}" if edition else "")
        subject = f"{folder.game_id}: newsletter {issue:03d}" + (f" (edition {edition + 1}, replacing the earlier "
                                                                  "one)" if edition else "")
        msg = newsletter_message(folder, config.sender(), issue, to, subject, now, f"{issue:03d}.{tag}")
        name = room.queue(f"newsletter-{issue:03d}-{tag}.eml", msg.as_bytes(policy=policy.SMTP))
        records.append({"type": "queued", "file": name, "kind": "newsletter", "issue": issue, "to": to,
                        **({"edition": edition} if edition else {})})
    room.log(records)
    return [r["to"] for r in records]


def newsletter_message(folder: GameFolder, sender: str, issue: int, to: str, subject: str, now,
                       key: str) -> EmailMessage:
    """Newsletter `issue` for address `to`: its text and the private parts of the players there, the
    PDF, the map as a picture shown in the mail (for a reader on a phone), and their private PDFs."""
    msg = outgoing(folder.game_id, sender, to, subject, now, key)
    msg.set_content((folder.newsletters / f"{issue:03d}.txt").read_text(encoding="utf-8")
                    + private_parts(folder, issue, to))
    attach_newsletter(msg, folder, issue, [to])
    return msg


def attach_newsletter(msg: EmailMessage, folder: GameFolder, issue: int, addresses: list[str]):
    """Newsletter `issue`'s PDF, its map as a picture shown in the mail (for a reader on a phone),
    and the private PDFs of the players at `addresses`."""
    pdf_path = folder.newsletters / f"{issue:03d}.pdf"
    picture_path = folder.path / picture_name(issue)
    if pdf_path.exists():
        msg.add_attachment(pdf_path.read_bytes(), maintype="application", subtype="pdf",
                           filename=f"{folder.game_id}-{issue:03d}.pdf")
    if picture_path.exists():
        msg.add_attachment(picture_path.read_bytes(), maintype="image", subtype="png", disposition="inline",
                           filename=f"{folder.game_id}-{issue:03d}-map.png")
    for filename, data in dict(part for to in addresses for part in private_pdfs(folder, issue, to)).items():
        msg.add_attachment(data, maintype="application", subtype="pdf", filename=filename)


def queue_resend(folder: GameFolder, sender: str, to: str, now, key: str, room: Mailroom) -> int:
    """The game's last newsletter queued again for address `to` in `room`, as a player's RESEND
    asks (`key`: his message's, so that the same message queues it once); returns its number."""
    issue = folder.newsletter_count()
    msg = newsletter_message(folder, sender, issue, to, f"{folder.game_id}: newsletter {issue:03d} (again)", now,
                             f"{issue:03d}.resend.{key}")
    name = room.queue(f"resend-{issue:03d}-{key}.eml", msg.as_bytes(policy=policy.SMTP))
    room.log([{"type": "queued", "file": name, "kind": "resend", "issue": issue, "to": to}])
    return issue
