"""A routed message handed to its game: authenticated, then submitted as orders (journaled with
`via: mail <key>`), refused, or carried out as the player's lines to the umpire; a message
submitted before a crash is answered from the journal, never submitted again."""

from __future__ import annotations

from datetime import datetime

from ..game import Game
from ..kernel import language
from ..kernel.language import speaking
from ..store import atomic
from ..store.folder import GameFolder
from ..store.mailroom import Mailroom
from ..usecases import actions
from . import commands as player_commands
from . import notes, replies
from .answers import UNAUTHENTICATED, answer
from .auth import authentication_problem
from .config import MailConfig
from .decode import Mail
from .languages import of_company
from .outcome import Outcome, environment, where
from .registered_senders import RegisteredSenders
from .routing import NO_GAME, Routes


class Submission:
    """The submissions of one fetch."""

    def __init__(self, routes: Routes, senders: RegisteredSenders, room: Mailroom, config: MailConfig,
                 now: datetime):
        self.routes = routes
        self.senders = senders
        self.room = room
        self.config = config
        self.now = now

    def submit(self, mail: Mail, folder: GameFolder | None, unrouted: str, received: datetime,
               durable: atomic.Batch) -> tuple[Outcome, str]:
        """Submit a message to its game (its writes join `durable`): its outcome and reply text."""
        if folder is None:
            outcome = Outcome(mail.key, "not accepted", note=unrouted)
            if unrouted != NO_GAME:
                outcome.alert = unrouted
            return outcome, replies.not_accepted()
        with Game.of(folder).order_words():
            return self._submit(mail, folder, received, durable)

    def _submit(self, mail: Mail, folder: GameFolder, received: datetime, durable: atomic.Batch) -> tuple[Outcome, str]:
        via = f"mail {mail.key}"
        if self.routes.all_games:
            durable.write_new(folder.inbox / f"{mail.key}.eml", (self.room.inbox / f"{mail.key}.eml").read_bytes())
        found, data, order = notes.read(folder, mail.text)
        spoken, before = self._language(folder, mail, order), language.current()
        with speaking(spoken):
            if spoken != before:                    # read again in the language of the seat it is for
                found, data, order = notes.read(folder, mail.text)
            outcome, body = self._taken(mail, folder, via, found, data, order, received, durable)
        outcome.language = spoken
        return outcome, body

    def _language(self, folder: GameFolder, mail: Mail, order) -> str:
        """The language the message is read and answered in: that of the seat its order is for
        when it comes from the seat's registered address (or the GM's), as replay reads it again
        (usecases/replay.py); else the sender's (the one in force)."""
        named = getattr(order, "company", None)
        if named in folder.company_ids() and (mail.sender in self.config.gm
                                              or named in self.senders.own_companies(folder, mail.sender)):
            return of_company(folder, named)
        return language.current()

    def _taken(self, mail: Mail, folder: GameFolder, via: str, found: list, data: bytes, order,
               received: datetime, durable: atomic.Batch) -> tuple[Outcome, str]:
        """The message, read, taken by its game: refused, submitted, or its lines carried out."""
        result = self.routes.recorded(folder, via)
        if result is None:
            problem = authentication_problem(folder, order, mail.sender, self.config.gm, mail.sender_problem)
            if problem:
                result = actions.refuse(folder, data, via, UNAUTHENTICATED + problem, None, order, durable)
            elif player_commands.only_commands(data.decode("utf-8")):
                return self.commands_only(folder, mail, order.company, via, durable)
            else:
                result = actions.submit(folder, data, via, require_code=None, received_at=received,
                                        batch=durable, order=order)          # authenticated just above
            self.routes.remember(folder, via)
        outcome, body = answer(folder, mail, result, received, self.senders, found)
        lines = player_commands.commands(mail.text) if result.accepted else []
        if lines:
            body += "\n" + self._commands(folder, result.company, mail, lines, via, durable)
        return outcome, body

    def commands_only(self, folder: GameFolder, mail: Mail, company: str, via: str,
                      durable: atomic.Batch) -> tuple[Outcome, str]:
        """A mail of a player's lines to the umpire only (STATUS, RESEND, ABSENT, WAIT): each carried
        out and answered; his orders stay as they were. Run again after a crash, each does the same."""
        lines = player_commands.commands(mail.text)
        body = self._commands(folder, company, mail, lines, via, durable)
        turn = Game.of(folder).family.open_turn(Game.of(folder).state(copy=False))
        return Outcome(mail.key, "answered", folder.game_id, company, turn,
                       ", ".join(line.split()[0].upper() for line in lines)), body

    def _commands(self, folder: GameFolder, company: str, mail: Mail, lines: list[str], via: str,
                  durable: atomic.Batch) -> str:
        return player_commands.answer(folder, company, lines, mail.sender, via, self.now, durable,
                                      self.config.from_addr, self.room)

    def cannot_handle(self, mail: Mail, folder: GameFolder | None, exc: Exception, received: datetime,
                      durable: atomic.Batch) -> tuple[Outcome, str]:
        """A message the umpire failed on: refused in its game's journal (when it has one), with
        the reason; or, if it was submitted before the failure, answered as submitted."""
        reason = f"the umpire could not handle this message ({where(exc)})."
        via = f"mail {mail.key}"
        if folder is not None:
            try:
                result = self.routes.recorded(folder, via)
                if result is not None:
                    return answer(folder, mail, result, received, self.senders)
                actions.refuse(folder, mail.text.encode("utf-8"), via, reason, None, None, durable)
                self.routes.remember(folder, via)
            except Exception as again:
                if environment(again):
                    raise
        game = folder.game_id if folder is not None and self.routes.met(folder) else None
        outcome = Outcome(mail.key, "unreadable", game, note=reason)
        outcome.alert = f"{reason} It is kept as inbox/{mail.key}.eml"
        return outcome, replies.unreadable()
