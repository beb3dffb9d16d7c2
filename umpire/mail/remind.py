"""`umpire mail remind`: a reminder to each company whose orders for the open round are missing,
once per round and company."""

from __future__ import annotations

import hashlib
from datetime import datetime
from email import policy

from ..game import Game
from ..kernel import form_marks
from ..kernel.language import _, speaking
from ..kernel.order_header import turn_words
from ..store.folder import GameFolder
from ..store.mailroom import Mailroom
from ..timetable.deadlines import describe
from ..usecases import actions
from .config import MailConfig
from .languages import of_company
from .replies import paragraphs
from .send import outgoing


def reminder_text(folder: GameFolder, info: dict, company: str) -> str:
    name = (folder.company(company) or {}).get("name", company)
    due = " " + _("The deadline is {deadline}.").format(deadline=describe(info["deadline"])) \
        if info.get("deadline") else ""
    family, turn = Game.of(folder).family, info.get("turn", info["round"])      # a Volldampf turn: 3B
    return paragraphs(
        _("Game {game}, {turn}: no orders from {name} ({company}) have arrived yet.").format(
            game=folder.game_id, turn=turn_words(turn), name=name, company=company) + due + " "
        + _("A {seat} that sends none {defaults}.").format(seat=family.seat, defaults=family.defaults) + "\n\n"
        + _("Orders begin:") + "\n\n" + "".join(
            f"  {line}\n" for line in form_marks.header_lines(folder.game_id, company, turn, family.seat.upper(),
                                                             family.name)))


def missing_subject(folder: GameFolder, turn: int | str) -> str:
    """A reminder's Subject: `ireland-1: orders for round 3 missing`."""
    return _("{game}: orders for {turn} missing").format(game=folder.game_id, turn=turn_words(turn))


def queue_reminders(folder: GameFolder, config: MailConfig, now: datetime) -> list[str]:
    """Put a reminder in the outbox for every awaited company not yet reminded this round (a mail
    turn, in a game whose rounds have turns)."""
    info = actions.status(folder)
    turn = info.get("turn", info["round"])
    room = Mailroom(folder.path)
    done = {(r.get("round"), r.get("company")) for r in room.records
            if r["type"] == "queued" and r.get("kind") == "reminder"}
    sender = config.sender()
    records = []
    for company in info["awaited"]:
        to = (folder.company(company) or {}).get("email")
        if not to or (turn, company) in done:
            continue
        tag = hashlib.sha256(f"{turn} {company}".encode()).hexdigest()[:12]
        with speaking(of_company(folder, company)):
            msg = outgoing(folder.game_id, sender, to, missing_subject(folder, turn), now, f"remind.{tag}")
            msg.set_content(reminder_text(folder, info, company))
        name = room.queue(f"remind-{turn}-{company}.eml", msg.as_bytes(policy=policy.SMTP))
        records.append({"type": "queued", "file": name, "kind": "reminder", "round": turn,
                        "company": company, "to": to})
    room.log(records)
    return [r["company"] for r in records]
