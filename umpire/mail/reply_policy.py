"""Who a fetched message's reply goes to, and the reply itself.

Replies go only to a From address that is registered, and to an unregistered one at most once a
day, within a cap a day for all of them (see `ReplyPolicy.recipient`); never to a Reply-To."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from ..kernel.order_header import code_masker
from ..store.folder import GameFolder
from . import replies
from .decode import Mail
from .outcome import Outcome, environment, where
from .registered_senders import RegisteredSenders

STRANGER_REPLIES = 20           # replies a mailroom sends to unregistered senders a day (UTC), at most


class ReplyPolicy:
    """The replies of one fetch, counted against the day's (from the records of the mail log)."""

    def __init__(self, senders: RegisteredSenders, done: dict[str, dict], from_addr: str, now: datetime):
        self.senders = senders
        self.from_addr = from_addr
        self.now = now
        self.today = now.date().isoformat()
        strangers = [r["to"] for r in done.values() if r.get("day") == self.today and r.get("to")]
        self.answered_today = {mailbox(a) for a in strangers}    # unregistered mailboxes answered today
        self.stranger_replies = len(strangers)
        self.capped = False                                       # the GM was told of STRANGER_REPLIES

    def recipient(self, mail: Mail, folder: GameFolder | None, record: dict,
                  outcome: Outcome) -> tuple[str | None, bool]:
        """Where the reply goes, and whether to an unregistered sender: the From address when it is
        registered; an unregistered one when no reply went to its mailbox (`mailbox`) this day and
        fewer than STRANGER_REPLIES went to unregistered senders (the mail log keeps the day; a
        message held back by either is logged `unanswered`); nobody when the sender is ambiguous
        or the message was sent by a machine. Never a Reply-To."""
        sender = mail.sender or mail.reply_address
        if mail.automatic or sender is None:
            return None, False
        if self._registered(sender, folder):
            return sender, False
        if mailbox(sender) in self.answered_today:
            record["unanswered"] = "a reply went to this mailbox today"
            return None, True
        if self.stranger_replies >= STRANGER_REPLIES:
            record["unanswered"] = f"the day's {STRANGER_REPLIES} replies to unregistered senders were sent"
            if not self.capped:
                self.capped = True
                outcome.alert = f"the day's {STRANGER_REPLIES} replies to unregistered senders are sent; their " \
                                "messages are not answered again until tomorrow (UTC), and mail.jsonl marks them " \
                                "\"unanswered\""
            return None, True
        return sender, True

    def _registered(self, sender: str, folder: GameFolder | None) -> bool:
        """Whether the sender is registered; a broken game: answered as if not."""
        try:
            return self.senders.registered(sender, folder)
        except Exception as exc:
            if environment(exc):
                raise
            return False

    def sent(self, to: str, stranger: bool, record: dict):
        """A reply to `to` is made: the record says to whom, and one to a stranger counts for the day."""
        record["to"] = to
        if stranger:
            record["day"] = self.today
            self.answered_today.add(mailbox(to))
            self.stranger_replies += 1

    def reply_bytes(self, mail: Mail, body: str, to: str, outcome: Outcome,
                    folder: GameFolder | None) -> bytes | None:
        """The reply as a message, or None (and the GM told) when it cannot be made."""
        try:
            mask = _masker(folder)
            return replies.reply_bytes(mail, replies.with_subject_note(body, mail, folder, mask),
                                       self.from_addr, self.now, to, mask)
        except Exception as exc:
            if environment(exc):
                raise
            outcome.also(f"no reply could be made to it ({where(exc)})")
            return None


def _masker(folder: GameFolder | None) -> Callable[[str], str]:
    """What masks the order codes of the message's game in its subject; without a game (or
    when its codes cannot be read), the subject is not repeated."""
    if folder is None:
        return replies.unrepeated
    try:
        return code_masker(folder.codes)
    except Exception as exc:
        if environment(exc):
            raise
        return replies.unrepeated


def mailbox(address: str) -> str:
    """The mailbox an address reaches, as far as it can be told: `Victim+1@Example.org` and
    `victim@example.org` are one."""
    local, at, domain = address.casefold().rpartition("@")
    return f"{local.split('+', 1)[0]}{at}{domain}" if at else address.casefold()
