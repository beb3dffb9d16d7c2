"""Mail out by SMTP: the outbox of a mailroom (replies, reminders, newsletters), each try of a
message recorded as soon as the server answered it (sent, refused, or put off to be tried again:
umpire/mail/retry.py), so a rerun sends nothing twice."""

from __future__ import annotations

import hashlib
import re
import smtplib
import ssl
from datetime import datetime
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import format_datetime, getaddresses
from typing import NamedTuple

from ..errors import UmpireError
from ..kernel.language import _, speaking
from ..store.folder import GameFolder, picture_name
from ..store.mailroom import Mailroom
from ..timetable import clock
from ..timetable.deadlines import describe
from . import retry
from .config import MailConfig, Server
from .languages import of_address


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


class PutOff(Exception):
    """The SMTP server answered with a temporary reply (4xx) that ends the session: at the greeting
    or HELO, or 421 (closing) at any stage; every message due waits for its next try."""

    def __init__(self, code: int, reply):
        self.reply = _reply(code, reply)
        super().__init__(self.reply)


def smtp_connect(server: Server) -> smtplib.SMTP:
    """A logged-in SMTP connection, or a clear error saying which setting to check (PutOff: the
    server asked to be tried later)."""
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
    except smtplib.SMTPResponseException as exc:
        if not retry.final(exc.smtp_code):
            raise PutOff(exc.smtp_code, exc.smtp_error) from None
        if isinstance(exc, smtplib.SMTPAuthenticationError):
            raise UmpireError(f"the SMTP server {host}:{port} refused the login of {server.user}.",
                              fix="Check --smtp-user and the password in --smtp-password-env.") from None
        raise _unusable(server, exc) from None
    except (OSError, smtplib.SMTPException) as exc:
        raise _unusable(server, exc) from None


def _unusable(server: Server, exc: Exception) -> UmpireError:
    return UmpireError(f"cannot use the SMTP server {server.host}:{server.real_port} ({exc}).",
                       fix="Check --smtp-host, --smtp-port and --smtp-tls; nothing was sent, and what was "
                           "due stays in the outbox for the next run.")


class Flushed(NamedTuple):
    sent: list[str]                 # the files the server took (for some of their recipients at least)
    refused: list[str]              # each recipient the server refused for good (5xx): 'FILE to ADDRESS: CODE REPLY'
    put_off: list[str]              # each recipient put off (4xx), tried again later: 'FILE to ADDRESS: ...'
    given_up: list[str]             # each recipient put off until the limit, given up now
    waiting: int                    # the messages waiting for a later try after this run
    next_try: datetime | None       # the earliest of their tries

    @classmethod
    def nothing(cls) -> Flushed:
        return cls([], [], [], [], 0, None)

    def said(self) -> list[str]:
        """What the run did, in sentences for the GM (nothing when nothing was due)."""
        lines = []
        if self.sent or self.refused or self.put_off or self.given_up:
            lines.append(f"{len(self.sent)} {'message' if len(self.sent) == 1 else 'messages'} sent.")
        lines += [f"The SMTP server refused {line}; it is not tried again (umpire mail digest lists it)."
                  for line in self.refused]
        lines += [f"The SMTP server put off {line}." for line in self.put_off]
        lines += [f"Given up: {line}; umpire mail digest lists it." for line in self.given_up]
        if self.waiting:
            lines.append(f"{self.waiting} {'message waits' if self.waiting == 1 else 'messages wait'} for the SMTP "
                         f"server: the first run from {describe(self.next_try)} on tries again (umpire mail digest "
                         "lists them).")
        return lines


def flush(room: Mailroom, server: Server, now: datetime | None = None) -> Flushed:
    """Send every message due in the outbox. A recipient the server refuses for good (5xx) is logged
    with its reply and the time (`umpire mail digest` reports it) and not tried again; one it puts
    off (4xx) is tried again by a later run, after the pauses of umpire/mail/retry.py, and given up
    at their end. Each try is logged as soon as the server answered, so a rerun sends nothing twice."""
    now = now or clock.now()
    due = room.due(now)
    run = _Run(room, now)
    if due:
        server.check(room.path)
        try:
            smtp = smtp_connect(server)
        except PutOff as exc:
            for name, last in due:
                run.tried(name, last, *_offer_nothing(room, name, last, exc.reply))
            return run.flushed()
        try:
            for n, (name, last) in enumerate(due):
                msg = _message(room, name)
                to = _pending(msg, last)
                try:
                    refusals = _offer(smtp, msg, to)
                except PutOff as exc:         # the session is over: this message and the rest wait
                    for later, last_try in due[n:]:
                        run.tried(later, last_try, *_offer_nothing(room, later, last_try, exc.reply))
                    break
                run.tried(name, last, to, refusals)
        finally:
            try:
                smtp.quit()
            except (OSError, smtplib.SMTPException):
                pass
    return run.flushed()


def _message(room: Mailroom, name: str) -> EmailMessage:
    return BytesParser(policy=policy.SMTP).parsebytes((room.path / name).read_bytes())


def _pending(msg: EmailMessage, last: dict | None) -> list[str]:
    """The recipients still due: those the server put off at the last try, else all the message's
    (To, Bcc and Cc, as smtplib's send_message reads them)."""
    if last is not None:
        return list(last["put_off"])
    return [address for _, address in getaddresses([f for f in (msg["To"], msg["Bcc"], msg["Cc"]) if f is not None])]


def _offer_nothing(room: Mailroom, name: str, last: dict | None, reply: str) -> tuple[list[str], dict]:
    """A message the server put off before it was offered: all its due recipients, each with `reply`."""
    to = _pending(_message(room, name), last)
    return to, dict.fromkeys(to, reply)


def _offer(smtp: smtplib.SMTP, msg: EmailMessage, to: list[str]) -> dict[str, str]:
    """Offer `msg` to `to`; the reply to each recipient the server did not take ({}: it took all).
    PutOff when the server ended the session with a temporary reply."""
    try:
        return _replies(smtp.send_message(msg, to_addrs=to))
    except smtplib.SMTPRecipientsRefused as exc:
        closing = [(code, reply) for code, reply in exc.recipients.values() if code == 421]
        if closing:
            raise PutOff(*closing[0]) from None
        return _replies(exc.recipients)
    except (smtplib.SMTPSenderRefused, smtplib.SMTPDataError) as exc:      # at MAIL FROM or DATA: all of them
        if exc.smtp_code == 421:
            raise PutOff(exc.smtp_code, exc.smtp_error) from None
        return dict.fromkeys(to, _reply(exc.smtp_code, exc.smtp_error))
    except smtplib.SMTPHeloError as exc:
        if not retry.final(exc.smtp_code):
            raise PutOff(exc.smtp_code, exc.smtp_error) from None
        raise _stopped(exc) from None
    except (OSError, smtplib.SMTPException) as exc:
        raise _stopped(exc) from None


def _stopped(exc: Exception) -> UmpireError:
    return UmpireError(f"the SMTP server stopped taking mail ({exc}).",
                       fix="Run the command again later; what was not sent stays in the outbox.")


class _Run:
    """The records of one flush, each logged as soon as its try is over, and what they say."""

    def __init__(self, room: Mailroom, now: datetime):
        self.room, self.now = room, now
        self.sent, self.refused, self.put_off, self.given_up = [], [], [], []

    def tried(self, name: str, last: dict | None, to: list[str], refusals: dict[str, str]):
        """Log one try of outbox file `name` to `to` (`last`: its last `deferred` record)."""
        final = {a: r for a, r in refusals.items() if retry.final(_code(r))}
        temporary = {a: r for a, r in refusals.items() if a not in final}
        taken = [a for a in to if a not in refusals]
        delivered = sorted({*(last or {}).get("delivered", []), *taken})
        if taken:
            self.sent.append(name)
        if not temporary:
            record = {"type": "sent", "file": name}
            if final:
                record.update(recipients=final, at=self.now.isoformat(), **({} if delivered else {"refused": True}))
        else:
            record = self.put_off_try(name, last, temporary, final, delivered)
        self.refused += [f"{name} to {a}: {r}" for a, r in final.items()]
        self.room.log([record])

    def put_off_try(self, name: str, last: dict | None, temporary: dict[str, str], final: dict[str, str],
                    delivered: list[str]) -> dict:
        """The record of a try some recipients put off: tried again later, or given up at the limit."""
        tries = (last or {}).get("tries", 0) + 1
        first = datetime.fromisoformat(last["first"]) if last else self.now
        when = retry.next_try(first, tries, self.now)
        if when:
            self.put_off += [f"{name} to {a}: {r} (try {tries}; the next from {describe(when)})"
                             for a, r in temporary.items()]
        else:
            self.given_up += [f"{name} to {a}: {r} ({tries} tries since {describe(first)})"
                              for a, r in temporary.items()]
        return {"type": "deferred" if when else "given_up", "file": name, "put_off": temporary,
                "tries": tries, "first": first.isoformat(), "at": self.now.isoformat(),
                **({"next": when.isoformat()} if when else {}), **({"recipients": final} if final else {}),
                **({"delivered": delivered} if delivered else {})}

    def flushed(self) -> Flushed:
        waiting = self.room.put_off()
        times = [datetime.fromisoformat(r["next"]) for r in waiting.values()]
        return Flushed(self.sent, self.refused, self.put_off, self.given_up, len(waiting), min(times, default=None))


def _code(reply: str) -> int:
    head = reply.split(" ", 1)[0]
    return int(head) if head.lstrip("-").isdigit() else -1


def _reply(code: int, reply) -> str:
    """A server's reply as text ('550 5.1.1 no such user'), on one line, cut short."""
    text = reply.decode("utf-8", "replace") if isinstance(reply, bytes) else str(reply)
    return f"{code} {' '.join(text.split())}"[:120]


def _replies(bounced: dict) -> dict[str, str]:
    """The server's reply to each refused recipient, as text, by address."""
    return {str(to): _reply(code, reply) for to, (code, reply) in sorted(bounced.items())}


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
            parts.append("\n\n" + _("==== For {name} ({id}) only ====").format(name=company["name"], id=company["id"])
                         + "\n\n" + path.read_text(encoding="utf-8"))
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


def owed(folder: GameFolder, config: MailConfig) -> list[tuple[int, list[str]]]:
    """Each newsletter a recipient has not had as it stands (its edition in force), oldest first,
    with those recipients. A player is owed every newsletter from the first the game mailed to
    anybody, or, a stand-in, from the one current when he took over; an observer from the first he
    was given. A recipient given nothing yet, where the game has mailed none, is owed the newest."""
    room = Mailroom(folder.path)
    had: dict[str, set[tuple[int, int]]] = {}
    for r in room.records:
        if r["type"] == "queued" and r.get("issue"):
            for to in str(r.get("to")).split(","):
                had.setdefault(to.strip().lower(), set()).add((r["issue"], r.get("edition", 0)))
    count = folder.newsletter_count()
    start = min((n for given in had.values() for n, _ in given), default=count)
    since = _taken_over(folder)
    players = {a.strip().lower() for c in folder.config["companies"] for a in str(c.get("email") or "").split(",")}
    editions = _editions(folder)
    out = []
    for issue in range(1, count + 1):
        edition = editions.get(issue, 0)
        to = [a for a in newsletter_recipients(folder, config) if (issue, edition) not in had.get(a, set())
              and issue >= (since.get(a, start) if a in players else min((n for n, _ in had.get(a, ())),
                                                                          default=count))]
        if to:
            out.append((issue, to))
    return out


def _taken_over(folder: GameFolder) -> dict[str, int]:
    """Each stand-in's address (umpire replace): the newsletter current when he took over."""
    out, issued = {}, 0
    for e in folder.events:
        if e["type"] == "newsletter":
            issued = e["number"]
        elif e["type"] == "company_replaced":
            out[str(e["email"]).strip().lower()] = max(issued, 1)
    return out


def _editions(folder: GameFolder) -> dict[int, int]:
    """How many earlier editions of each newsletter a rollback superseded (GameFolder.edition, for all)."""
    out: dict[int, int] = {}
    for e in folder.journal():
        for name in (e.get("superseded") or {}) if e["type"] == "rollback" else ():
            issue = re.fullmatch(r"newsletters/([0-9]{3,})\.txt", name)
            if issue:
                out[int(issue[1])] = out.get(int(issue[1]), 0) + 1
    return out


def queue_owed(folder: GameFolder, config: MailConfig, now: datetime) -> list[tuple[int, list[str]]]:
    """Every newsletter owed (see `owed`), oldest first, put in the outbox: (issue, recipients)."""
    done = []
    for issue, to in owed(folder, config):
        queued = queue_newsletter(folder, config, issue, now, only=to)
        if queued:
            done.append((issue, queued))
    return done


def queue_newsletter(folder: GameFolder, config: MailConfig, issue: int, now: datetime,
                     only: list[str] | None = None) -> list[str]:
    """Put newsletter `issue` in the outbox for every company and observer not yet given it
    (with `only`, for those of them)."""
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
        if (issue, edition, to) in queued or (only is not None and to not in only):
            continue
        tag = hashlib.sha256(to.encode()).hexdigest()[:12] + (f".e{edition + 1}" if edition else "")
        with speaking(of_address(folder, to)):
            subject = (_("{game}: newsletter {issue} (edition {edition}, replacing the earlier one)") if edition
                       else _("{game}: newsletter {issue}")).format(game=folder.game_id, issue=f"{issue:03d}",
                                                                   edition=edition + 1)
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
    with speaking(of_address(folder, to)):
        msg = newsletter_message(folder, sender, issue, to, _("{game}: newsletter {issue} (again)").format(
            game=folder.game_id, issue=f"{issue:03d}"), now, f"{issue:03d}.resend.{key}")
    name = room.queue(f"resend-{issue:03d}-{key}.eml", msg.as_bytes(policy=policy.SMTP))
    room.log([{"type": "queued", "file": name, "kind": "resend", "issue": issue, "to": to}])
    return issue
