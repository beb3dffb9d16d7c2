"""`umpire mail all`: the GM's own mail to every player of a game (and, if he says so, its
observers), from the umpire's address with the GM's (`gm:` in the mail settings) as Reply-To, so
that answers go to him. One message per address (no player sees another's address), queued in
the outbox and sent as every other mail; each is kept in the mail log as a `gm_mail` keyed by
the subject and text, so the same mail run twice goes out once."""

from __future__ import annotations

import hashlib
from datetime import datetime
from email import policy

from ..errors import UmpireError
from ..kernel.ids import shown
from ..store.folder import GameFolder
from ..store.mailroom import Mailroom
from .config import MailConfig
from .send import newsletter_recipients, outgoing

KIND = "gm_mail"
SUBJECT_LIMIT = 200
TEXT_LIMIT = 100_000


def check_subject(value: str) -> str:
    subject = value.strip()
    if not subject or len(subject) > SUBJECT_LIMIT or any(not c.isprintable() for c in subject):
        raise UmpireError(f"--subject {shown(value)} is not a subject: one line of printable characters, 1 to "
                          f"{SUBJECT_LIMIT} of them.", fix="Nothing was sent.")
    return subject


def check_text(data: bytes, where: str) -> str:
    """The mail's text from the file's bytes: UTF-8, not empty, at most TEXT_LIMIT characters."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise UmpireError(f"{where} is not UTF-8 text.", fix="Save it as UTF-8 text; nothing was sent.") from None
    if not text.strip():
        raise UmpireError(f"{where} is empty.", fix="Write the mail in it; nothing was sent.")
    if len(text) > TEXT_LIMIT or "\0" in text:
        raise UmpireError(f"{where} is no mail text (longer than {TEXT_LIMIT:,} characters, or binary).",
                          fix="Give a plain text file; nothing was sent.")
    return text.replace("\r\n", "\n").rstrip("\n") + "\n"


def require_gm(config: MailConfig):
    """Refuse a mail from the GM where the settings name no GM address for the answers to go to."""
    if not config.gm:
        raise UmpireError("the mail settings name no GM address (`gm:`), which the players' answers go to.",
                          fix="Add `gm: [you@example.org]` under mail: in umpire.yaml or game.yaml; nothing was sent.")


def recipients(folder: GameFolder, config: MailConfig, observers: bool) -> list[str]:
    """Every player's address, and the observers' with `observers`, each once, in seat order."""
    players = [a for c in folder.config["companies"] for a in str(c.get("email") or "").split(",")]
    players = [a.strip().lower() for a in players if "@" in a]
    return list(dict.fromkeys(players + ([a for a in newsletter_recipients(folder, config) if a not in players]
                                         if observers else [])))


def queue_gm_mail(folder: GameFolder, config: MailConfig, subject: str, text: str, now: datetime,
                  observers: bool = False) -> tuple[list[str], list[str]]:
    """Queue the mail for each recipient not given it yet; returns (queued to, given before)."""
    require_gm(config)
    subject = check_subject(subject)
    key = hashlib.sha256(f"{subject}\n{text}".encode()).hexdigest()[:16]
    room = Mailroom(folder.path)
    given = {r["to"] for r in room.records if r["type"] == "queued" and r.get("kind") == KIND and r.get("key") == key}
    records, before = [], []
    for to in recipients(folder, config, observers):
        if to in given:
            before.append(to)
            continue
        tag = f"{key}.{hashlib.sha256(to.encode()).hexdigest()[:12]}"
        msg = outgoing(folder.game_id, config.sender(), to, f"{folder.game_id}: {subject}", now, f"gm.{tag}")
        msg["Reply-To"] = config.gm[0]
        msg.set_content(text)
        name = room.queue(f"gm-mail-{tag}.eml", msg.as_bytes(policy=policy.SMTP))
        records.append({"type": "queued", "file": name, "kind": KIND, "key": key, "to": to})
    room.log(records)
    return [r["to"] for r in records], before
