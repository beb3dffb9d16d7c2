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
import hashlib
import os
import stat
import re
import ssl
import traceback
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientError, LoginError

from ..usecases import actions
from ..usecases.due import due
from ..errors import UmpireError
from ..kernel.order_header import code_masker, game_named, turn_words
from ..store import atomic
from ..store.diskfull import disk_full, full
from ..store.folder import GAME_FILE, GameFolder
from ..store.lock import Busy, game_lock
from ..timetable import clock, deadlines
from ..usecases.game import Game
from . import commands as player_commands
from . import forward, notes, replies
from .auth import authentication_problem, registered
from .config import MailConfig, Server
from .decode import Mail, header_block, message_key, read_mail
from .prescan import MAX_HEADER_BYTES
from .refusals import REFUSED
from .mailroom import Mailroom
from .send import tls_context, untrusted

BATCH = 250
BATCH_BYTES = 32 * 1024 * 1024          # the message bodies held in memory at once, at most
SEEN = b"\\Seen"
_GAME_ID = re.compile(r"[A-Za-z0-9][\w.-]*")              # what a game folder's name may be
UNAUTHENTICATED = "not authenticated: "
NO_GAME = "no game of this name here"
STRANGER_REPLIES = 20           # replies a mailroom sends to unregistered senders a day (UTC), at most
_MIME_FIELDS = re.compile(rb"^content-(?:type|transfer-encoding|disposition)[ \t]*:.*(?:\r?\n[ \t].*)*",
                          re.IGNORECASE | re.MULTILINE)
_ENVIRONMENT = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EIO, errno.EACCES, errno.EPERM, errno.EMFILE}


@dataclass
class Received:
    """A message as fetched: its bytes (only the header when it is too large) and where it came from."""
    raw: bytes
    validity: int
    uid: int
    received: datetime
    size: int | None = None                 # set when too large: its size on the server


@dataclass
class Outcome:
    key: str
    status: str                 # accepted | held | refused | not accepted | too large | unreadable | duplicate
                                # | deferred (its game is busy: left on the server for a later fetch)
                                # | answered (a player's lines to the umpire only: STATUS, RESEND, ABSENT, WAIT)
                                # | no order (nothing in it was read for the open turn: the player is still awaited)
    game: str | None = None
    company: str | None = None
    round: int | str | None = None
    note: str = ""
    alert: str = ""             # what the GM must be told (on stderr): the message could not be handled
    sender: str | None = None   # the From address, as far as it could be told
    notes: list = field(default_factory=list)     # the player's note to the GM (notes.Note), if any

    def __str__(self):
        """One line in words for the GM: who sent the message and what became of it (a resolve
        the fetch made: the game and what became of its round)."""
        if self.status in ("resolved", "not resolved"):
            return f"game {self.game}: {turn_words(self.round)} {self.status}" + (f": {self.note}" if self.note else "")
        orders = "the orders" + (f" of {self.company}" if self.company else "") + \
            (f" for {turn_words(self.round)}" if self.round else "") + (f" of {self.game}" if self.game else "")
        what = {"accepted": f"accepted: {orders}, {self.note}",
                "held": f"held: {orders}, {self.note}",
                "refused": f"refused: {orders}: {self.note}",
                "no order": f"no order: {self.note}",
                "not accepted": "not accepted as orders" + (f" for {self.game}" if self.game else "") + f": {self.note}",
                "too large": f"not read, too large: {self.note}",
                "unreadable": f"unreadable: {self.note}",
                "duplicate": f"a duplicate: {self.note}",
                "deferred": f"deferred: game {self.game} is busy; left on the server for the next fetch",
                }.get(self.status, f"{self.status}: {self.note}")
        told = "; note to the GM: " + " / ".join(n.text for n in self.notes) if self.notes else ""
        return f"{self.sender or 'an unknown sender'}: {what} (message {self.key[:12]}){told}"


def imap_connect(server: Server) -> IMAPClient:
    """A logged-in IMAP connection, or a clear error saying which setting to check."""
    host, port = server.host, server.real_port
    try:
        client = IMAPClient(host, port=port, ssl=server.tls == "ssl",
                            ssl_context=tls_context(server) if server.tls == "ssl" else None, timeout=30)
        if server.tls == "starttls":
            client.starttls(tls_context(server))
        client.normalise_times = False
        client.login(server.user or "", server.password() or "")
        return client
    except ssl.SSLCertVerificationError as exc:
        raise untrusted(server, exc) from None
    except LoginError:
        raise UmpireError(f"the IMAP server {host}:{port} refused the login of {server.user!r}.",
                          fix="Check --imap-user and the password in --imap-password-env.") from None
    except (OSError, IMAPClientError, ssl.SSLError) as exc:
        raise UmpireError(f"cannot use the IMAP server {host}:{port} ({exc}).",
                          fix="Check --imap-host, --imap-port and --imap-tls; nothing was fetched.") from None


class Fetcher:
    """One run of `mail fetch` over one mailbox, into one game or a folder of games."""

    def __init__(self, room_path: Path, config: MailConfig, all_games: bool = False, now: datetime | None = None):
        self.room = Mailroom(room_path)
        self.config = config
        self.all_games = all_games
        self.now = now or clock.now()
        self.games: dict[str, GameFolder] = {}
        self.addresses: dict[Path, set[str]] = {}                 # game folder -> its registered addresses
        self.via: dict[str, dict[str, dict]] = {}     # game -> via -> its journal event
        self.outcomes: list[Outcome] = []
        self.done: dict[str, dict] = dict(self.room.processed())   # key -> its processed record
        self.pending: list[dict] = []                             # processed records not yet logged
        today = self.now.date().isoformat()
        strangers = [r["to"] for r in self.done.values() if r.get("day") == today and r.get("to")]
        self.answered_today = {_mailbox(a) for a in strangers}    # unregistered mailboxes answered today
        self.stranger_replies = len(strangers)
        self.busy: dict[Path, Busy] = {}                          # with --all: games another command holds
        self.deferred: set[int] = set()                           # uids of messages left for a later fetch
        self.folders: tuple[int, dict[str, list[str]]] | None = None   # with --all: the game folder names
        self.capped = False                                       # the GM was told of STRANGER_REPLIES
        self.locks: ExitStack | None = None                       # with --all: the lock of each game met
        self.step: Callable[[int, int], None] | None = None       # step(done, total) after each batch
        self.turns: dict[Path, str | None] = {}                   # game folder -> its open turn
        self.forwards: list[tuple[str, bytes]] = []               # notes to the GM, queued with the replies

    # -- the IMAP side -------------------------------------------------------
    def run(self) -> list[Outcome]:
        imap = self.config.imap
        imap.check(self.room.path)
        self.config.sender()
        client = imap_connect(imap)
        with ExitStack() as self.locks:
            try:
                self.fetch_all(client)
            except OSError as exc:
                if full(exc):
                    raise disk_full(self.room.path, "nothing of the last batch was flagged, so nothing is lost",
                                    "the fetch", exc.errno == errno.EDQUOT) from None
                if _environment(exc):
                    raise UmpireError(f"a file of the game could not be written ({exc}).",
                                      fix="Free the disk or fix the folder's permissions and run the fetch again: "
                                          "nothing of the last batch was flagged, so nothing is lost.") from None
                raise _connection_failed(exc) from None
            except IMAPClientError as exc:
                raise _connection_failed(exc) from None
            finally:
                try:
                    client.logout()
                except (OSError, IMAPClientError):
                    pass
            self.resolve_early()
        self.locks = None
        return self.outcomes

    def fetch_all(self, client: IMAPClient):
        imap = self.config.imap
        try:
            info = client.select_folder(imap.folder)
        except IMAPClientError:
            raise UmpireError(f"the IMAP folder {imap.folder!r} does not exist.",
                              fix="Check --imap-folder (the default is INBOX).") from None
        validity = int(info.get(b"UIDVALIDITY", 0))
        criteria = ["UNSEEN"] if imap.processed == "seen" else ["ALL"]
        uids = sorted(client.search(criteria))
        for start in range(0, len(uids), BATCH):
            chunk = uids[start:start + BATCH]
            meta = client.fetch(chunk, ["RFC822.SIZE", "INTERNALDATE"])
            for group in self.by_size(chunk, meta):
                self.batch(client, validity, group, meta)
            if self.step:
                self.step(start + len(chunk), len(uids))

    def size_of(self, meta: dict, uid: int) -> int | None:
        """The size the server gives (RFC822.SIZE), or None when it gives none."""
        try:
            return int(meta.get(uid, {})[b"RFC822.SIZE"])
        except (KeyError, TypeError, ValueError):
            return None

    def by_size(self, uids: list[int], meta: dict) -> list[list[int]]:
        """The uids in groups whose bodies together stay under BATCH_BYTES (a message over the size
        limit counts for the part of its header that is fetched)."""
        groups, group, total = [], [], 0
        for uid in uids:
            size = self.size_of(meta, uid)
            cost = size if size is not None and size <= self.config.max_size else MAX_HEADER_BYTES
            if group and total + cost > BATCH_BYTES:
                groups.append(group)
                group, total = [], 0
            group.append(uid)
            total += cost
        return groups + [group] if group else groups

    def batch(self, client: IMAPClient, validity: int, uids: list[int], meta: dict):
        """Fetch, keep and process one group of messages. The size of each is checked from the
        server's RFC822.SIZE before its body is fetched: of a larger one (or one of unknown size),
        only the start of its header is fetched and kept."""
        limit = self.config.max_size
        small = [u for u in uids if (self.size_of(meta, u) or limit + 1) <= limit]
        large = [u for u in uids if u not in set(small)]
        bodies = client.fetch(small, ["BODY.PEEK[]"]) if small else {}
        heads = client.fetch(large, [f"BODY.PEEK[HEADER]<0.{MAX_HEADER_BYTES}>"]) if large else {}
        messages = []
        for uid in uids:
            received = meta.get(uid, {}).get(b"INTERNALDATE") or self.now
            size = self.size_of(meta, uid)
            if uid in bodies:
                raw = bodies[uid].get(b"BODY[]") or b""
                if len(raw) > limit:                       # the server's size was wrong
                    raw, size = header_block(raw)[:MAX_HEADER_BYTES], len(raw)
                else:
                    size = None
                messages.append(Received(raw, validity, uid, received, size))
            elif uid in heads:
                head = next((v for k, v in heads[uid].items() if k.startswith(b"BODY[HEADER]")), b"") or b""
                messages.append(Received(head, validity, uid, received, size if size is not None else -1))
            # else: expunged meanwhile, nothing to flag
        self.take_all(messages)
        self.room.log(self.pending)
        self.pending = []
        self.mark_done(client, [m.uid for m in messages if m.uid not in self.deferred])

    def mark_done(self, client: IMAPClient, uids: list[int]):
        """Flag (or move) messages whose raw copy is on disk and whose processing is recorded."""
        if not uids:
            return
        target = self.config.imap.processed
        if target == "seen":
            client.add_flags(uids, [SEEN], silent=True)
        else:
            client.add_flags(uids, [SEEN], silent=True)
            client.move(uids, target)

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
                key, stored = self.key_of(m.raw, kept)
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

    def key_of(self, raw: bytes, kept: dict[str, bytes]) -> tuple[str, bool]:
        """The message's key: that of its Message-ID, unless a message with other content already
        came under it (then a key of the Message-ID and the content: kept apart, never dropped);
        and whether its raw copy is in the inbox already.

        The content is the From, the Subject and the body, and the MIME fields that say how the body
        is read (Content-Type, -Transfer-Encoding, -Disposition). The second key is one of From,
        Subject and body (as it was before the MIME fields counted: no message's key changed); when
        a message that differs only in its MIME fields holds it, the third, of all of them."""
        first = key = message_key(raw)
        content = mime = None                              # worked out only when another message holds a key
        for _ in range(2):
            other, stored = kept.get(key), None
            if other is None:
                path = os.path.join(self.room.inbox, f"{key}.eml")
                stored = _stat(path)
                if stored is not None and stat.S_ISREG(stored.st_mode):
                    with open(path, "rb") as f:
                        other = f.read()
            if other is None:
                return key, stored is not None
            if content is None:
                content, mime = _content(raw), _mime(raw)
            if _content(other) == content and _mime(other) == mime:
                return key, stored is not None
            key = _derived(first, content)
        key = _derived(first, f"{content}:{mime}")
        return key, _stat(os.path.join(self.room.inbox, f"{key}.eml")) is not None

    def process(self, key: str, m: Received, durable: atomic.Batch) -> tuple[str, bytes] | None:
        """Read and submit one message (its writes join `durable`); returns its reply, to be queued.
        Whatever goes wrong with this message stays with it: it is recorded as unreadable, with the
        reason, and the fetch goes on with the others."""
        try:
            mail = read_mail(m.raw if m.size is None else header_block(m.raw) + b"\r\n\r\n", key)
        except Exception as exc:                        # read_mail is made not to raise; if it does
            if _environment(exc):
                raise
            mail = Mail(key, None, None, "", "", "", "body", False, "it cannot be read.", f"it fails ({_where(exc)}).")
        folder = None
        try:
            if not self.all_games and (m.size is not None or mail.unread):
                folder = self.game(self.room.path)            # to know whether the sender is registered
            if m.size is not None:
                outcome = Outcome(key, "too large", note=f"{_bytes(m.size)}; only the header was kept")
                body = replies.too_large(m.size, self.config.max_size)
            elif mail.unread:
                outcome = Outcome(key, "unreadable", note=f"not read: {mail.unread}")
                body = replies.unreadable()
            else:
                folder, unrouted = self.route(mail)
                outcome, body = self.submit(mail, folder, unrouted, m.received, durable)
        except Busy as exc:                             # a temporary condition: the message waits on the server
            self.defer(m, key, exc, mail.sender)
            return None
        except Exception as exc:                        # anything: this message's own defect included
            if _environment(exc):
                raise
            outcome, body = self.cannot_handle(mail, folder, exc, m.received, durable)
        outcome.sender = mail.sender
        record = {"type": "processed", "key": key, "uidvalidity": m.validity, "uid": m.uid,
                  "sender": mail.sender, "received": _iso(m.received),
                  "game": outcome.game, "status": outcome.status, "company": outcome.company}
        if outcome.status in REFUSED:
            record["reason"] = outcome.note
            turn = self.open_turn(folder)
            if turn is not None:
                record["turn"] = turn
        if outcome.notes:
            record["notes"] = [str(n) for n in outcome.notes]
            turn = outcome.round if outcome.round is not None else self.open_turn(folder)
            if turn is not None:
                record["turn"] = str(turn)
        to, stranger = self.recipient(mail, folder, record, outcome)
        data = self.reply_bytes(mail, body, to, outcome, folder) if to else None
        record["reply"] = self.room.outbox_name(f"{mail.key}.eml") if data is not None else None
        if data is not None:
            record["to"] = to
            if stranger:
                record["day"] = self.now.date().isoformat()
                self.answered_today.add(_mailbox(to))
                self.stranger_replies += 1
        if outcome.notes and folder is not None:
            self.note_to_gm(folder, mail, outcome, record)
        self.pending.append(record)
        self.done[key] = record
        self.outcomes.append(outcome)
        return (f"{mail.key}.eml", data) if data is not None else None

    def note_to_gm(self, folder: GameFolder, mail: Mail, outcome: Outcome, record: dict):
        """Keep the note's words with the message and forward them to the GM (forward.py): queued with
        the replies, its `queued` record logged before the message's own, so a message recorded as
        processed never loses its forward, and a rerun rebuilds the same file."""
        game = Game.of(folder)
        try:
            turn = outcome.round if outcome.round is not None else game.family.open_turn(game.state(copy=False))
            made = forward.forward(
                folder, self.config, mail, outcome.notes, status=outcome.status, turn=turn,
                companies=[outcome.company] if outcome.company else self.own_companies(folder, mail.sender),
                received=record["received"], registered=bool(mail.sender) and self.registered(mail.sender, folder),
                told=str(replace(outcome, notes=[])).removeprefix(f"{mail.sender}: "), now=self.now)
        except Exception as exc:
            if _environment(exc):
                raise
            record["not_forwarded"] = f"the umpire failed on it ({_where(exc)})"
            outcome.alert = (outcome.alert + "; " if outcome.alert else "") + \
                f"its note to the GM could not be forwarded ({_where(exc)}); `umpire status` lists it"
            return
        record["words"] = made.words
        if made.data is None:
            record["not_forwarded"] = made.why_not
            return
        self.forwards.append((made.name, made.data))
        self.pending.append({"type": "queued", "file": self.room.outbox_name(made.name), "kind": forward.KIND,
                             "key": mail.key, "game": folder.game_id, "to": made.to})
        record["forwarded"] = made.to

    def open_turn(self, folder: GameFolder | None) -> str | None:
        """The game's open turn (a fetch resolves only after its last message), for `umpire status`
        to list the messages refused in it; None without a game, or when it cannot be told."""
        if folder is None:
            return None
        game = Game.of(folder)
        if folder.path not in self.turns:
            try:
                self.turns[folder.path] = str(game.family.open_turn(game.state(copy=False)))
            except Exception as exc:
                if _environment(exc):
                    raise
                self.turns[folder.path] = None
        return self.turns[folder.path]

    def defer(self, m: Received, key: str, busy: Busy, sender: str | None):
        """Leave a message whose game is busy unrecorded and unflagged: a later fetch takes it (its
        raw copy is kept already). The GM is told once per game."""
        self.deferred.add(m.uid)
        outcome = Outcome(key, "deferred", busy.path.name, note="its game is busy; left for the next fetch",
                          sender=sender)
        if busy.path not in self.busy:
            self.busy[busy.path] = busy
            outcome.alert = f"game {busy.path.name} is busy: {busy.what} Its messages are left unflagged on " \
                            "the server; the next fetch takes them."
        self.outcomes.append(outcome)

    def submit(self, mail: Mail, folder: GameFolder | None, unrouted: str, received: datetime,
               durable: atomic.Batch) -> tuple[Outcome, str]:
        if folder is None:
            outcome = Outcome(mail.key, "not accepted", note=unrouted)
            if unrouted != NO_GAME:
                outcome.alert = unrouted
            return outcome, replies.NOT_ACCEPTED
        via = f"mail {mail.key}"
        if self.all_games:
            durable.write_new(folder.inbox / f"{mail.key}.eml", (self.room.inbox / f"{mail.key}.eml").read_bytes())
        found, data, order = notes.read(folder, mail.text)
        result = self.recorded(folder, via)
        if result is None:
            problem = authentication_problem(folder, order, mail.sender, self.config.gm, mail.sender_problem)
            if problem:
                result = actions.refuse(folder, data, via, UNAUTHENTICATED + problem, None, order, durable)
            elif player_commands.only_commands(data.decode("utf-8")):
                return self.commands_only(folder, mail, order.company, via, durable)
            else:
                result = actions.submit(folder, data, via, require_code=None, received_at=received,
                                        batch=durable, order=order)          # authenticated just above
            self.via[folder.game_id][via] = folder.events[-1]
        outcome, body = self.answer(folder, mail, result, received, found)
        lines = player_commands.commands(mail.text) if result.accepted else []
        if lines:
            body += "\n" + player_commands.answer(folder, result.company, lines, mail.sender, via, self.now, durable,
                                                   self.config.from_addr, self.room)
        return outcome, body

    def commands_only(self, folder: GameFolder, mail: Mail, company: str, via: str,
                      durable: atomic.Batch) -> tuple[Outcome, str]:
        """A mail of a player's lines to the umpire only (STATUS, RESEND, ABSENT, WAIT): each carried
        out and answered; his orders stay as they were. Run again after a crash, each does the same."""
        game = Game.of(folder)
        lines = player_commands.commands(mail.text)
        body = player_commands.answer(folder, company, lines, mail.sender, via, self.now, durable,
                                      self.config.from_addr, self.room)
        turn = game.family.open_turn(game.state(copy=False))
        return Outcome(mail.key, "answered", folder.game_id, company, turn,
                       ", ".join(line.split()[0].upper() for line in lines)), body

    def answer(self, folder: GameFolder, mail: Mail, result: actions.SubmitResult,
               received: datetime, found: list[notes.Note] = ()) -> tuple[Outcome, str]:
        """The outcome of a submitted message and the text of its reply."""
        game = folder.game_id
        if result.accepted:
            status = "held" if result.held else "accepted"
            note = f"stored as {result.file}" + (f", replaces {result.replaced}" if result.replaced else "")
            outcome = Outcome(mail.key, status, game, result.company, result.round, note, notes=list(found))
            try:
                return outcome, replies.accepted(folder, result, found, mail.text)
            except Exception as exc:
                if _environment(exc):
                    raise
                outcome.alert = f"its confirmation could not show the orders ({_where(exc)})"
                return outcome, replies.accepted_plainly(folder, result)
        if result.reason.startswith(UNAUTHENTICATED):
            outcome = Outcome(mail.key, "not accepted", game, note=result.reason[len(UNAUTHENTICATED):],
                              notes=list(found))
            if mail.sender is None and mail.reply_address:
                outcome.note += f" (its From field shows {mail.reply_address})"
                return outcome, replies.unattributed(mail.sender_problem)
            own = self.own_companies(folder, mail.sender)
            named = getattr(result.order, "company", None)
            if own and named and named not in own and named in folder.company_ids():
                return outcome, replies.another_company(folder, named, own)
            return outcome, replies.NOT_ACCEPTED
        if result.no_order:
            return Outcome(mail.key, "no order", game, result.company, result.round, result.reason,
                           notes=list(found)), replies.no_order(folder, result, found)
        late = deadlines.late_policy(folder) == "refuse" and deadlines.lateness(folder, result.round, received)
        return Outcome(mail.key, "refused", game, result.company, result.round, result.reason, notes=list(found)), \
            replies.refused(result, late=bool(late), gm=self.config.gm[0] if self.config.gm else None, found=found)

    def own_companies(self, folder: GameFolder, sender: str | None) -> list[str]:
        """The companies of the game whose registered address the sender is."""
        if sender is None or sender in self.config.gm:
            return []
        return [c for c in folder.company_ids() if sender in registered(folder, c)]

    def cannot_handle(self, mail: Mail, folder: GameFolder | None, exc: Exception, received: datetime,
                      durable: atomic.Batch) -> tuple[Outcome, str]:
        """A message the umpire failed on: refused in its game's journal (when it has one), with
        the reason; or, if it was submitted before the failure, answered as submitted."""
        reason = f"the umpire could not handle this message ({_where(exc)})."
        via = f"mail {mail.key}"
        if folder is not None:
            try:
                result = self.recorded(folder, via)
                if result is not None:
                    return self.answer(folder, mail, result, received)
                actions.refuse(folder, mail.text.encode("utf-8"), via, reason, None, None, durable)
                self.via[folder.game_id][via] = folder.events[-1]
            except Exception as again:
                if _environment(again):
                    raise
        game = folder.game_id if folder is not None and folder.game_id in self.via else None
        outcome = Outcome(mail.key, "unreadable", game, note=reason)
        outcome.alert = f"{reason} It is kept as inbox/{mail.key}.eml"
        return outcome, replies.unreadable()

    def route(self, mail: Mail) -> tuple[GameFolder | None, str]:
        """The game a message is for: the one fetched for, or (with --all) the game folder its GAME
        line names, in any case; or None and why not (for the GM)."""
        if not self.all_games:
            return self.game(self.room.path), ""
        named = game_named(mail.text)                 # as the game's family reads the order's header
        if not named or len(named) > 100 or not _GAME_ID.fullmatch(named):
            return None, NO_GAME
        names = [n for n in self.folder_names(named) if (self.room.path / n / GAME_FILE).is_file()]
        if len(names) > 1:
            return None, f"the GAME line names the games {' and '.join(names)}, which differ only by case: " \
                         "rename one of them"
        return (self.game(self.room.path / names[0]), "") if names else (None, NO_GAME)

    def folder_names(self, name: str) -> list[str]:
        """The folders in the games folder whose name is `name` in any case (listed again when the
        folder has changed)."""
        changed = os.stat(self.room.path).st_mtime_ns
        if self.folders is None or self.folders[0] != changed:
            names: dict[str, list[str]] = {}
            for entry in os.scandir(self.room.path):
                if entry.is_dir():
                    names.setdefault(entry.name.lower(), []).append(entry.name)
            self.folders = changed, names
        return sorted(self.folders[1].get(name.lower(), []))

    def game(self, path: Path) -> GameFolder:
        name = str(path)
        if name not in self.games:
            if path in self.busy:
                raise self.busy[path]
            if self.all_games and self.locks is not None:
                self.locks.enter_context(game_lock(path))
            folder = _FetchedGame(path).require()
            self.games[name] = folder
            self.via[folder.game_id] = {e["via"]: e for e in folder.events
                                        if e["type"] in ("order_received", "order_refused")
                                        and str(e.get("via", "")).startswith("mail ")}
        return self.games[name]

    def recorded(self, folder: GameFolder, via: str) -> actions.SubmitResult | None:
        """The result of a message submitted before a crash, rebuilt from the journal."""
        game = Game.of(folder)
        event = self.via[folder.game_id].get(via)
        if event is None:
            return None
        if event["type"] == "order_refused":
            return actions.SubmitResult(False, event["file"], event.get("company"), event["round"],
                                        reason=event["reason"], no_order=event["reason"].startswith(actions.NO_ORDER),
                                        order=game.read_order(folder.read_bytes(event["file"])))
        order = game.read_order(folder.read_bytes(event["file"]))
        return actions.SubmitResult(True, event["file"], event["company"], event["round"], errors=event["errors"],
                                    replaced=event.get("replaces"), order=order, held=bool(event.get("held")))

    # -- who is answered -----------------------------------------------------------
    def registered(self, address: str, folder: GameFolder | None) -> bool:
        """A GM address, or an address registered for a company of the message's game."""
        if address in self.config.gm:
            return True
        if folder is None:
            return False
        if folder.path not in self.addresses:          # game.yaml does not change while the lock is held
            self.addresses[folder.path] = {a for c in folder.company_ids() for a in registered(folder, c)}
        return address in self.addresses[folder.path]

    def recipient(self, mail: Mail, folder: GameFolder | None, record: dict,
                  outcome: Outcome) -> tuple[str | None, bool]:
        """Where the reply goes, and whether to an unregistered sender: the From address when it is
        registered; an unregistered one when no reply went to its mailbox (`_mailbox`) this day and
        fewer than STRANGER_REPLIES went to unregistered senders (the mail log keeps the day; a
        message held back by either is logged `unanswered`); nobody when the sender is ambiguous
        or the message was sent by a machine. Never a Reply-To."""
        sender = mail.sender or mail.reply_address
        if mail.automatic or sender is None:
            return None, False
        try:
            if self.registered(sender, folder):
                return sender, False
        except Exception as exc:                         # a broken game: answer as if unregistered
            if _environment(exc):
                raise
        if _mailbox(sender) in self.answered_today:
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

    def masker(self, folder: GameFolder | None) -> Callable[[str], str]:
        """What masks the order codes of the message's game in its subject; without a game (or
        when its codes cannot be read), the subject is not repeated."""
        if folder is None:
            return replies.unrepeated
        try:
            return code_masker(folder.codes)
        except Exception as exc:
            if _environment(exc):
                raise
            return replies.unrepeated

    def reply_bytes(self, mail: Mail, body: str, to: str, outcome: Outcome,
                    folder: GameFolder | None) -> bytes | None:
        try:
            mask = self.masker(folder)
            return replies.reply_bytes(mail, replies.with_subject_note(body, mail, folder, mask),
                                       self.config.from_addr, self.now, to, mask)
        except Exception as exc:
            if _environment(exc):
                raise
            outcome.alert = (outcome.alert + "; " if outcome.alert else "") + \
                f"no reply could be made to it ({_where(exc)})"
            return None

    # -- after the fetch ---------------------------------------------------------
    def resolve_early(self):
        """Resolve the open round of each game that asks for it once every company has ordered."""
        for folder in self.games.values():
            game = Game.of(folder)
            if not game.options.get("resolve_early"):
                continue
            info = actions.status(folder)
            if info["phase"] == "finished" or info["awaited"] or not info["orders_in"] or info["paused"] \
                    or deadlines.waiting(folder, game.family.open_turn(game.state(copy=False))) \
                    or not due(folder, self.now).due:
                continue
            try:
                actions.resolve(folder, self.now)
            except Exception as exc:                     # one game's failure is reported; the others go on
                if _environment(exc):
                    raise
                failed = Outcome("-" * 12, "not resolved", folder.game_id, round=info["round"])
                failed.alert = f"game {folder.game_id}: every company had ordered, but the resolve failed " \
                               f"({_where(exc)}); run `umpire resolve` on it to see why"
                self.outcomes.append(failed)
                continue
            self.outcomes.append(Outcome("-" * 12, "resolved", folder.game_id, round=info["round"],
                                         note="every company had ordered; the next newsletter is written"))


class _FetchedGame(GameFolder):
    """A game folder whose secrets are read once, and whose game.yaml is looked for until it is
    found: neither changes while mail is fetched (the fetch holds the game's lock)."""

    def has_game_file(self) -> bool:
        if not self.__dict__.get("_game_file"):
            self.__dict__["_game_file"] = GameFolder.has_game_file(self)
        return self.__dict__["_game_file"]

    @property
    def secrets(self) -> dict:
        if "_secrets" not in self.__dict__:
            self.__dict__["_secrets"] = GameFolder.secrets.fget(self)
        return self.__dict__["_secrets"]


def _stat(path: str) -> os.stat_result | None:
    """The file's stat, or None where pathlib's exists() would say it is not there."""
    try:
        return os.stat(path)
    except OSError as exc:
        if exc.errno in (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP):
            return None
        raise


def _iso(moment) -> str:
    if isinstance(moment, datetime):
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=timezone.utc)
        return moment.astimezone(timezone.utc).isoformat()
    return str(moment)


def _mailbox(address: str) -> str:
    """The mailbox an address reaches, as far as it can be told: `Victim+1@Example.org` and
    `victim@example.org` are one."""
    local, at, domain = address.casefold().rpartition("@")
    return f"{local.split('+', 1)[0]}{at}{domain}" if at else address.casefold()


def _derived(key: str, content: str) -> str:
    """The key of a message with other content under the Message-ID that gives `key`."""
    return hashlib.sha256(f"{key}:{content}".encode()).hexdigest()[:32]


def _mime(raw: bytes) -> str:
    """The MIME fields of the header that say how the body reads (Content-Type,
    Content-Transfer-Encoding, Content-Disposition), as a hash."""
    digest = hashlib.sha256()
    for field in sorted(f.replace(b"\r\n", b"\n") for f in _MIME_FIELDS.findall(header_block(raw))):
        digest.update(hashlib.sha256(field).digest())
    return digest.hexdigest()


def _content(raw: bytes) -> str:
    """What tells two messages under one Message-ID apart, besides their MIME fields (`_mime`):
    their From, Subject and body (not the trace fields a relay adds), as a hash."""
    head = header_block(raw)
    fields = re.findall(rb"^(?:from|subject)[ \t]*:.*(?:\r?\n[ \t].*)*", head, re.IGNORECASE | re.MULTILINE)
    body = raw[len(head):].replace(b"\r\n", b"\n").strip()
    digest = hashlib.sha256()
    for part in sorted(f.replace(b"\r\n", b"\n") for f in fields) + [body]:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()


def _connection_failed(exc: Exception) -> UmpireError:
    return UmpireError(f"the IMAP connection failed during the fetch ({exc}).",
                       fix="Run the fetch again: what was stored is kept, and nothing is counted twice.")


def _environment(exc: BaseException) -> bool:
    """A failure of this machine (disk full, read-only, no permission), not of one message: the
    fetch stops, and nothing of the batch is flagged."""
    return isinstance(exc, OSError) and exc.errno in _ENVIRONMENT


def _where(exc: BaseException) -> str:
    """The failure in one line for the GM: its kind and where the umpire met it (no message text)."""
    if isinstance(exc, UmpireError):
        return exc.message[:160]
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/umpire/" in f.filename.replace("\\", "/")] or \
        traceback.extract_tb(exc.__traceback__)
    place = ""
    if frames:
        path = Path(frames[-1].filename)
        place = f" at {'/'.join(path.parts[-2:])}:{frames[-1].lineno}"
    return f"{type(exc).__name__}{place}"


def _bytes(size: int) -> str:
    return f"{size} bytes" if size >= 0 else "size not given by the server"
