"""What became of a submitted message, and the text of its reply to the sender."""

from __future__ import annotations

from datetime import datetime

from ..store.folder import GameFolder
from ..timetable import deadlines
from ..usecases import actions
from . import notes, replies
from .decode import Mail
from .outcome import Outcome, environment, where
from .registered_senders import RegisteredSenders

UNAUTHENTICATED = "not authenticated: "


def answer(folder: GameFolder, mail: Mail, result: actions.SubmitResult, received: datetime,
           senders: RegisteredSenders, found: list[notes.Note] = ()) -> tuple[Outcome, str]:
    """The outcome of a submitted message and the text of its reply."""
    if result.accepted:
        return _accepted(folder, mail, result, found)
    if result.reason.startswith(UNAUTHENTICATED):
        return _unauthenticated(folder, mail, result, senders, found)
    if result.no_order:
        return Outcome(mail.key, "no order", folder.game_id, result.company, result.round, result.reason,
                       notes=list(found)), replies.no_order(folder, result, found)
    late = deadlines.late_policy(folder) == "refuse" and deadlines.lateness(folder, result.round, received)
    return Outcome(mail.key, "refused", folder.game_id, result.company, result.round, result.reason,
                   notes=list(found)), \
        replies.refused(result, late=bool(late), gm=senders.gm[0] if senders.gm else None, found=found)


def _accepted(folder: GameFolder, mail: Mail, result: actions.SubmitResult,
              found: list[notes.Note]) -> tuple[Outcome, str]:
    """Accepted (or held): the reply shows the orders as read, or plainly says they were stored."""
    status = "held" if result.held else "accepted"
    note = f"stored as {result.file}" + (f", replaces {result.replaced}" if result.replaced else "")
    outcome = Outcome(mail.key, status, folder.game_id, result.company, result.round, note, notes=list(found))
    try:
        return outcome, replies.accepted(folder, result, found, mail.text)
    except Exception as exc:
        if environment(exc):
            raise
        outcome.alert = f"its confirmation could not show the orders ({where(exc)})"
        return outcome, replies.accepted_plainly(folder, result)


def _unauthenticated(folder: GameFolder, mail: Mail, result: actions.SubmitResult, senders: RegisteredSenders,
                     found: list[notes.Note]) -> tuple[Outcome, str]:
    """Not accepted as orders: the sender is told no reason, only what would work when it is safe
    to (the From field that cannot be told apart; the companies that are his)."""
    outcome = Outcome(mail.key, "not accepted", folder.game_id, note=result.reason[len(UNAUTHENTICATED):],
                      notes=list(found))
    if mail.sender is None and mail.reply_address:
        outcome.note += f" (its From field shows {mail.reply_address})"
        return outcome, replies.unattributed(mail.sender_problem)
    own = senders.own_companies(folder, mail.sender)
    named = getattr(result.order, "company", None)
    if own and named and named not in own and named in folder.company_ids():
        return outcome, replies.another_company(folder, named, own)
    return outcome, replies.not_accepted()
