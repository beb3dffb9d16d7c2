"""`umpire mail remind`: a reminder to each company whose orders for the open round are missing,
once per round and company."""

from __future__ import annotations

import hashlib
from datetime import datetime
from email import policy

from .. import actions
from ..store.folder import GameFolder
from .config import MailConfig
from ..timetable.deadlines import describe
from .mailroom import Mailroom
from .replies import paragraphs
from .send import outgoing


def reminder_text(folder: GameFolder, info: dict, company: str) -> str:
    name = (folder.company(company) or {}).get("name", company)
    due = f" The deadline is {describe(info['deadline'])}." if info.get("deadline") else ""
    return paragraphs(
        f"Game {folder.game_id}, round {info['round']}: no orders from {name} ({company}) have arrived yet.{due} "
        "A company that sends none does nothing this round, and the newsletter notes it.\n\n"
        f"Orders begin:\n\n  GAME {folder.game_id}\n  COMPANY {company}\n  CODE <your order code>\n"
        f"  ROUND {info['round']}\n")


def queue_reminders(folder: GameFolder, config: MailConfig, now: datetime) -> list[str]:
    """Put a reminder in the outbox for every awaited company not yet reminded this round."""
    info = actions.status(folder)
    room = Mailroom(folder.path)
    done = {(r.get("round"), r.get("company")) for r in room.records
            if r["type"] == "queued" and r.get("kind") == "reminder"}
    sender = config.sender()
    records = []
    for company in info["awaited"]:
        to = (folder.company(company) or {}).get("email")
        if not to or (info["round"], company) in done:
            continue
        tag = hashlib.sha256(f"{info['round']} {company}".encode()).hexdigest()[:12]
        msg = outgoing(folder.game_id, sender, to, f"{folder.game_id}: orders for round {info['round']} missing",
                       now, f"remind.{tag}")
        msg.set_content(reminder_text(folder, info, company))
        name = room.queue(f"remind-{info['round']}-{company}.eml", msg.as_bytes(policy=policy.SMTP))
        records.append({"type": "queued", "file": name, "kind": "reminder", "round": info["round"],
                        "company": company, "to": to})
    room.log(records)
    return [r["company"] for r in records]
