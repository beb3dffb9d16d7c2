"""The calendar's mail: reminders as the game's schedule has them due, notices of the GM's deadline
changes, and who is late (remind_late_to_all). Each is queued once (the mail log keys it) and
sent by the caller's flush; what to send and when is the calendar's (umpire/timetable)."""

from __future__ import annotations

import hashlib
from datetime import datetime
from email import policy

from ..game import Game
from ..kernel.language import _, speaking
from ..kernel.order_header import form_title, turn_words
from ..store.folder import GameFolder
from ..store.mailroom import Mailroom
from ..timetable import reminders
from ..timetable.changes import said
from ..timetable.deadlines import CHANGED, deadline, describe, grace_end, moved_since_opened, player_zone
from ..usecases.family_folder import handed
from .config import MailConfig
from .languages import of_company
from .remind import missing_subject
from .replies import paragraphs
from .send import outgoing


def _tag(*parts) -> str:
    return hashlib.sha256(" ".join(map(str, parts)).encode()).hexdigest()[:12]


def _queue(room: Mailroom, folder: GameFolder, config: MailConfig, to: str, subject: str, body: str,
           now: datetime, name: str, record: dict) -> dict:
    msg = outgoing(folder.game_id, config.sender(), to, subject, now, name)
    msg["Auto-Submitted"] = "auto-generated"
    msg.set_content(body)
    file = room.queue(f"{name}.eml", msg.as_bytes(policy=policy.SMTP))
    return {"type": "queued", "file": file, "to": to, **record}


def _players(folder: GameFolder) -> list[tuple[str, str]]:
    """(company, address) of every player with an address."""
    return [(c["id"], a.strip().lower()) for c in folder.config["companies"]
            for a in str(c.get("email") or "").split(",") if "@" in a]


def _round(folder: GameFolder) -> tuple[int | str, bool, list[str]]:
    """The open turn (a Volldampf game's mail turn, 3B), whether the game is finished, and who is
    awaited: the journal's facts only, no map or rules read (a tick asks this of every game)."""
    game = Game.of(folder)
    state = game.state(copy=False)
    turn = game.family.open_turn(state)
    ordered = folder.latest_orders(turn)
    return turn, state.phase == "finished", [c for c in game.family.awaited(state) if c not in ordered]


def due_text(folder: GameFolder, company: str, at) -> str:
    return describe(at, player_zone(folder, company))


def queue_scheduled_reminders(folder: GameFolder, config: MailConfig, now: datetime) -> list[str]:
    """A reminder to each player who has not ordered, as the game's `remind` schedule has one due now."""
    game = Game.of(folder)
    turn, finished, awaited = _round(folder)
    if finished or not awaited:
        return []
    at = deadline(folder, turn).at
    step = reminders.step_due(at, grace_end(folder, turn), now, reminders.spans(game.options))
    if step is None:
        return []
    room = Mailroom(folder.path)
    done = {(r.get("round"), r.get("company"), r.get("step")) for r in room.records
            if r["type"] == "queued" and r.get("kind") == "reminder"}
    records = []
    for company, to in _players(folder):
        if company not in awaited or (turn, company, step) in done:
            continue
        with speaking(of_company(folder, company)):
            body = _reminder(folder, game, company, turn, at, now)
            records.append(_queue(room, folder, config, to, missing_subject(folder, turn), body, now,
                                  f"remind-{turn}-{company}-{_tag(turn, company, step)}",
                                  {"kind": "reminder", "round": turn, "company": company, "step": step}))
    room.log(records)
    return [r["company"] for r in records]


def _reminder(folder: GameFolder, game: Game, company: str, turn: int | str, at: datetime, now: datetime) -> str:
    """A scheduled reminder's text: no orders yet, the deadline (or the grace left), his form."""
    family = game.family
    name = (folder.company(company) or {}).get("name", company)
    when = (_("The deadline is {deadline}.").format(deadline=due_text(folder, company, at)) if now < at else
            _("The deadline was {deadline}; orders are still taken until {end}.").format(
                deadline=due_text(folder, company, at), end=due_text(folder, company, grace_end(folder, turn))))
    form = family.order_form(handed(game), game.state(copy=False), company)
    return paragraphs(
        _("Game {game}, {turn}: no orders from {name} ({company}) have arrived yet.").format(
            game=folder.game_id, turn=turn_words(turn), name=name, company=company) + " " + when + " "
        + _("A {seat} that sends none {defaults}.").format(seat=family.seat, defaults=family.defaults)
    ).rstrip("\n") + "\n\n" + form_title(turn) + "\n\n" + "".join(f"  {line}\n" for line in form)


def queue_deadline_notices(folder: GameFolder, config: MailConfig, now: datetime) -> int:
    """A short notice to every player of each change of the open round's deadline not yet mailed,
    and of a deadline an absence announced since the round opened has moved (said with the last
    change where one goes out too); returns how many changes and moves."""
    game = Game.of(folder)
    room = Mailroom(folder.path)
    notices = [r for r in room.records if r["type"] == "queued" and r.get("kind") == "notice"]
    done = {(r.get("change"), r.get("to")) for r in notices}
    told = {(r.get("moved"), r.get("to")) for r in notices}
    state = game.state(copy=False)
    turn = game.family.open_turn(state)
    changes = [(n, e) for n, e in enumerate(folder.journal()) if e["type"] == CHANGED and e["round"] == turn]
    moved = moved_since_opened(folder, turn)
    records, noticed = [], set()
    for company, to in _players(folder):
        untold = moved is not None and (moved.iso, to) not in told
        pending = [(number, event) for number, event in changes if (number, to) not in done]
        with speaking(of_company(folder, company)):
            for number, event in pending:
                text = said(event)
                if event.get("deadline") and player_zone(folder, company):
                    text += " " + _("In your own time: {deadline}.").format(
                        deadline=due_text(folder, company, event["deadline"]))
                record = {"kind": "notice", "change": number}
                if untold and number == pending[-1][0]:
                    text += " " + _moved(folder, company, moved.at)
                    record["moved"], untold = moved.iso, False
                records.append(_queue(room, folder, config, to, _deadline_subject(folder, event["round"]),
                                      paragraphs(text) + "\n", now, f"notice-{number}-{_tag(number, to)}", record))
                noticed.add(number)
            if untold:
                records.append(_queue(room, folder, config, to, _deadline_subject(folder, turn),
                                      paragraphs(_moved(folder, company, moved.at)) + "\n", now,
                                      f"moved-{turn}-{_tag(moved.iso, to)}", {"kind": "notice", "moved": moved.iso}))
                noticed.add(moved.iso)
    room.log(records)
    return len(noticed)


def _deadline_subject(folder: GameFolder, turn: int | str) -> str:
    return _("{game}: the deadline of {turn}").format(game=folder.game_id, turn=turn_words(turn))


def _moved(folder: GameFolder, company: str, at: datetime) -> str:
    return _("A player's absence moves the deadline: orders are now due by {deadline}.").format(
        deadline=due_text(folder, company, at))


def queue_late_notice(folder: GameFolder, config: MailConfig, now: datetime) -> list[str]:
    """With remind_late_to_all: once the deadline has passed, every player is told who is late."""
    if not Game.of(folder).options.get("remind_late_to_all"):
        return []
    turn, finished, awaited = _round(folder)
    at = deadline(folder, turn).at
    if finished or not awaited or at is None or now < at:
        return []
    room = Mailroom(folder.path)
    if any(r["type"] == "queued" and r.get("kind") == "late" and r.get("round") == turn for r in room.records):
        return []
    names = ", ".join(f"{(folder.company(c) or {}).get('name', c)} ({c})" for c in awaited)
    records = []
    for company, to in _players(folder):
        end = grace_end(folder, turn)
        with speaking(of_company(folder, company)):
            then = (_("Orders are taken until {end}.").format(end=due_text(folder, company, end)) if end != at else
                    _("The round is resolved without them.") if isinstance(turn, int) else
                    _("The turn is resolved without them."))
            text = _("The deadline of {turn} ({deadline}) has passed without orders from {names}.").format(
                turn=turn_words(turn), deadline=due_text(folder, company, at), names=names) + " " + then
            records.append(_queue(room, folder, config, to, _("{game}: {turn} waits for {awaited}").format(
                game=folder.game_id, turn=turn_words(turn), awaited=", ".join(awaited)),
                paragraphs(text) + "\n", now, f"late-{turn}-{_tag(turn, to)}", {"kind": "late", "round": turn}))
    room.log(records)
    return awaited
