"""`umpire mail fetch`: new messages from an IMAP folder into the game, each exactly once.

For each message: the raw bytes go to inbox/<key>.eml first (key: a hash of the Message-ID,
and of the content too when another message already came with that Message-ID); then it is
read, authenticated and submitted (journaled with `via: mail <key>`), its reply is put in the
outbox, and the mailroom log records it as processed; only then is it flagged \\Seen (or moved)
on the server. A rerun after a crash at any point finds what was done by the key and does not do
it again; a message the server delivers twice is processed once. Each of these steps is made
durable for a whole IMAP batch at once (see `take_all`).

Each message stands on its own: one the umpire cannot handle, for whatever reason (its own
defect included), is kept, recorded as refused with the reason, reported, and the fetch goes on.
Replies go only to a From address that is registered, and to an unregistered one at most once a
day, within a cap a day for all of them (see `recipient`); never to a Reply-To. With --all, the
messages for a game that another command keeps busy are left on the server for a later fetch.
"""

from __future__ import annotations

import errno
from collections.abc import Callable
from contextlib import ExitStack
from datetime import datetime
from pathlib import Path

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientError

from ..errors import UmpireError
from ..kernel.language import ENGLISH, speaking
from ..store import atomic
from ..store.diskfull import disk_full, full
from ..store.folder import GameFolder
from ..store.lock import Busy
from ..store.mailroom import Mailroom
from ..timetable import clock
from . import imap_batch, replies
from .config import MailConfig
from .decode import Mail, header_block, read_mail
from .early_close import resolve_early
from .imap_batch import BATCH, Received, connection_failed, imap_connect
from .languages import of_sender
from .message_keys import key_of
from .note_forwards import note_to_gm
from .outcome import Outcome, environment, iso, where
from .refusals import REFUSED
from .registered_senders import RegisteredSenders
from .reply_policy import ReplyPolicy
from .routing import Routes
from .submission import Submission


class Fetcher:
    """One run of `mail fetch` over one mailbox, into one game or a folder of games: the IMAP
    batches (imap_batch), each message kept by its key (message_keys), routed to its game
    (routing), submitted (submission) and answered (reply_policy), and the early close of the
    games met (early_close)."""

    def __init__(self, room_path: Path, config: MailConfig, all_games: bool = False, now: datetime | None = None):
        self.room = Mailroom(room_path)
        self.config = config
        self.now = now or clock.now()
        self.routes = Routes(room_path, all_games)
        self.senders = RegisteredSenders(config.gm)
        self.submission = Submission(self.routes, self.senders, self.room, config, self.now)
        self.outcomes: list[Outcome] = []
        self.done: dict[str, dict] = dict(self.room.processed())   # key -> its processed record
        self.pending: list[dict] = []                             # processed records not yet logged
        self.policy = ReplyPolicy(self.senders, self.done, config.from_addr, self.now)
        self.deferred: set[int] = set()                           # uids of messages left for a later fetch
        self.step: Callable[[int, int], None] | None = None       # step(done, total) after each batch
        self.forwards: list[tuple[str, bytes]] = []               # notes to the GM, queued with the replies

    # -- the IMAP side -------------------------------------------------------
    def run(self) -> list[Outcome]:
        imap = self.config.imap
        imap.check(self.room.path)
        self.config.sender()
        client = imap_connect(imap)
        with ExitStack() as self.routes.locks:
            try:
                self.fetch_all(client)
            except OSError as exc:
                raise self._failed(exc) from None
            except IMAPClientError as exc:
                raise connection_failed(exc) from None
            finally:
                try:
                    client.logout()
                except (OSError, IMAPClientError):
                    pass
            self.resolve_early()
        self.routes.locks = None
        return self.outcomes

    def _failed(self, exc: OSError) -> UmpireError:
        """What the GM is told when this machine or the connection fails during the fetch."""
        if full(exc):
            return disk_full(self.room.path, "nothing of the last batch was flagged, so nothing is lost",
                             "the fetch", exc.errno == errno.EDQUOT)
        if environment(exc):
            return UmpireError(f"a file of the game could not be written ({exc}).",
                               fix="Free the disk or fix the folder's permissions and run the fetch again: "
                                   "nothing of the last batch was flagged, so nothing is lost.")
        return connection_failed(exc)

    def fetch_all(self, client: IMAPClient):
        validity, uids = imap_batch.new_messages(client, self.config.imap)
        for start in range(0, len(uids), BATCH):
            chunk = uids[start:start + BATCH]
            meta = client.fetch(chunk, ["RFC822.SIZE", "INTERNALDATE"])
            for group in imap_batch.by_size(chunk, meta, self.config.max_size):
                self.batch(client, validity, group, meta)
            if self.step:
                self.step(start + len(chunk), len(uids))

    def batch(self, client: IMAPClient, validity: int, uids: list[int], meta: dict):
        """Fetch, keep and process one group of messages (see imap_batch.received)."""
        messages = imap_batch.received(client, validity, uids, meta, self.config.max_size, self.now)
        self.take_all(messages)
        self.room.log(self.pending)
        self.pending = []
        self.mark_done(client, [m.uid for m in messages if m.uid not in self.deferred])

    def mark_done(self, client: IMAPClient, uids: list[int]):
        """Flag (or move) messages whose raw copy is on disk and whose processing is recorded."""
        imap_batch.mark_done(client, uids, self.config.imap.processed)

    # -- the messages of a batch -------------------------------------------------
    def take(self, raw: bytes, validity: int, uid: int, received: datetime, size: int | None = None):
        """One message on its own: a batch of one (see take_all)."""
        self.take_all([Received(raw, validity, uid, received, size)])

    def take_all(self, messages: list[Received]):
        """Store the raw messages, then process each unless it was processed before.

        Each step is durable for the whole batch before the next begins: the raw copies; then the
        stored orders, and after them their journal lines; then the replies. The processed records
        are logged with the IMAP batch, before it is flagged: a crash in between leaves the journal
        to say what was submitted (`via: mail <key>`), so nothing is counted twice."""
        with atomic.Batch() as durable:
            kept: dict[str, bytes] = {}
            keys = []
            for m in messages:
                key, stored = key_of(self.room.inbox, m.raw, kept)
                if not stored and key not in kept:
                    self.room.keep_raw(key, m.raw, durable, new=True)
                kept.setdefault(key, m.raw)
                keys.append(key)
        replies: list[tuple[str, bytes]] = []
        with atomic.Batch() as durable:
            for key, m in zip(keys, messages):
                previous = self.done.get(key)
                if previous is not None:
                    self.outcomes.append(Outcome(key, "duplicate", previous.get("game"),
                                                 note="handled before; not counted again",
                                                 sender=previous.get("sender")))
                    continue
                reply = self.process(key, m, durable)
                if reply is not None:
                    replies.append(reply)
        with atomic.Batch() as durable:
            for name, data in replies + self.forwards:
                self.room.queue(name, data, durable)
        self.forwards = []

    def process(self, key: str, m: Received, durable: atomic.Batch) -> tuple[str, bytes] | None:
        """Read and submit one message (its writes join `durable`); returns its reply, to be queued.
        Whatever goes wrong with this message stays with it: it is recorded as unreadable, with the
        reason, and the fetch goes on with the others."""
        mail = _read(key, m)
        folder, spoken = None, ENGLISH
        try:
            folder, unrouted = self.destination(m, mail)
            spoken = of_sender(folder, mail.sender)
            with speaking(spoken):
                outcome, body = self.handle(key, m, mail, folder, unrouted, durable)
        except Busy as exc:                             # a temporary condition: the message waits on the server
            self.defer(m, key, exc, mail.sender)
            return None
        except Exception as exc:                        # anything: this message's own defect included
            if environment(exc):
                raise
            with speaking(spoken):
                outcome, body = self.submission.cannot_handle(mail, folder, exc, m.received, durable)
        outcome.sender = mail.sender
        record = self.record(key, m, mail, folder, outcome)
        with speaking(outcome.language or spoken):
            data = self.reply(mail, folder, body, record, outcome)
        if outcome.notes and folder is not None:
            self.forward(folder, mail, outcome, record)
        self.pending.append(record)
        self.done[key] = record
        self.outcomes.append(outcome)
        return (f"{mail.key}.eml", data) if data is not None else None

    def destination(self, m: Received, mail: Mail) -> tuple[GameFolder | None, str]:
        """The message's game and, without one, why not: a message too large or unreadable has the
        game fetched for (to know whether the sender is registered), none with --all."""
        if m.size is not None or mail.unread:
            return (None if self.routes.all_games else self.routes.game(self.room.path)), ""
        return self.routes.route(mail)

    def handle(self, key: str, m: Received, mail: Mail, folder: GameFolder | None, unrouted: str,
               durable: atomic.Batch) -> tuple[Outcome, str]:
        """The message's outcome and its reply text: a message too large or unreadable is answered
        so; any other is submitted to its game."""
        if m.size is not None:
            return Outcome(key, "too large", note=f"{_bytes(m.size)}; only the header was kept"), \
                replies.too_large(m.size, self.config.max_size)
        if mail.unread:
            return Outcome(key, "unreadable", note=f"not read: {mail.unread}"), replies.unreadable()
        return self.submission.submit(mail, folder, unrouted, m.received, durable)

    def record(self, key: str, m: Received, mail: Mail, folder: GameFolder | None, outcome: Outcome) -> dict:
        """The mail log's record of a processed message (its reply is added by `reply`)."""
        record = {"type": "processed", "key": key, "uidvalidity": m.validity, "uid": m.uid,
                  "sender": mail.sender, "received": iso(m.received),
                  "game": outcome.game, "status": outcome.status, "company": outcome.company}
        if outcome.status in REFUSED:
            record["reason"] = outcome.note
            turn = self.routes.open_turn(folder)
            if turn is not None:
                record["turn"] = turn
        if outcome.notes:
            record["notes"] = [str(n) for n in outcome.notes]
            turn = outcome.round if outcome.round is not None else self.routes.open_turn(folder)
            if turn is not None:
                record["turn"] = str(turn)
        return record

    def reply(self, mail: Mail, folder: GameFolder | None, body: str, record: dict, outcome: Outcome) -> bytes | None:
        """The reply to the message, if it gets one (see ReplyPolicy.recipient), as the record says."""
        to, stranger = self.policy.recipient(mail, folder, record, outcome)
        data = self.policy.reply_bytes(mail, body, to, outcome, folder) if to else None
        record["reply"] = self.room.outbox_name(f"{mail.key}.eml") if data is not None else None
        if data is not None:
            self.policy.sent(to, stranger, record)
        return data

    def forward(self, folder: GameFolder, mail: Mail, outcome: Outcome, record: dict):
        """The player's note to the GM, queued with the replies (see note_forwards)."""
        made = note_to_gm(folder, mail, outcome, record, self.config, self.senders, self.now)
        if made is not None:
            name, data, queued = made
            self.forwards.append((name, data))
            self.pending.append(queued)

    def defer(self, m: Received, key: str, busy: Busy, sender: str | None):
        """Leave a message whose game is busy unrecorded and unflagged: a later fetch takes it (its
        raw copy is kept already). The GM is told once per game."""
        self.deferred.add(m.uid)
        outcome = Outcome(key, "deferred", busy.path.name, note="its game is busy; left for the next fetch",
                          sender=sender)
        if busy.path not in self.routes.busy:
            self.routes.busy[busy.path] = busy
            outcome.alert = f"game {busy.path.name} is busy: {busy.what} Its messages are left unflagged on " \
                            "the server; the next fetch takes them."
        self.outcomes.append(outcome)

    # -- after the fetch ---------------------------------------------------------
    def resolve_early(self):
        """Resolve the open round of each game that asks for it once every company has ordered."""
        self.outcomes.extend(resolve_early(self.routes.games.values(), self.now))


def _read(key: str, m: Received) -> Mail:
    """The message as read (of one too large, its header); read_mail is made not to raise, and if it
    does, the message is unreadable."""
    try:
        return read_mail(m.raw if m.size is None else header_block(m.raw) + b"\r\n\r\n", key)
    except Exception as exc:
        if environment(exc):
            raise
        return Mail(key, None, None, "", "", "", "body", False, "it cannot be read.", f"it fails ({where(exc)}).")


def _bytes(size: int) -> str:
    return f"{size} bytes" if size >= 0 else "size not given by the server"
