"""`umpire mail fetch`: new messages from an IMAP folder into the game, each exactly once.

For each message: the raw bytes go to inbox/<key>.eml first (key: a hash of the Message-ID);
then it is read, authenticated and submitted (journaled with `via: mail <key>`), its reply is
put in the outbox, and the mailroom log records it as processed; only then is it flagged
\\Seen (or moved) on the server. A rerun after a crash at any point finds what was done by
the key and does not do it again; a message the server delivers twice is processed once.
Each of these steps is made durable for a whole IMAP batch at once (see `take_all`).
"""

from __future__ import annotations

import re
import ssl
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientError, LoginError

from .. import actions
from ..errors import UmpireError
from ..store import atomic
from ..store.folder import GAME_FILE, GameFolder
from . import mailpolicy, replies
from .auth import authentication_problem
from .config import MailConfig, Server
from .decode import Mail, header_block, message_key, read_mail
from .mailroom import Mailroom
from .send import tls_context, untrusted

BATCH = 250
SEEN = b"\\Seen"
_GAME_ID = re.compile(r"^[ \t]*GAME:?[ \t]+([A-Za-z0-9][\w.-]*)[ \t]*$", re.IGNORECASE | re.MULTILINE)
UNAUTHENTICATED = "not authenticated: "


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
    status: str                 # accepted | held | refused | not accepted | too large | duplicate
    game: str | None = None
    company: str | None = None
    round: int | None = None
    note: str = ""

    def __str__(self):
        where = ", ".join(str(x) for x in (self.game, self.company, self.round and f"round {self.round}") if x)
        return f"{self.key[:12]}: {self.status}" + (f" ({where})" if where else "") + \
            (f": {self.note}" if self.note else "")


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
        self.now = now or datetime.now(timezone.utc)
        self.games: dict[str, GameFolder] = {}
        self.via: dict[str, dict[str, dict]] = {}     # game -> via -> its journal event
        self.outcomes: list[Outcome] = []
        self.done: dict[str, dict] = dict(self.room.processed())   # key -> its processed record
        self.pending: list[dict] = []                             # processed records not yet logged

    # -- the IMAP side -------------------------------------------------------
    def run(self) -> list[Outcome]:
        imap = self.config.imap
        imap.check(self.room.path)
        self.config.sender()
        client = imap_connect(imap)
        try:
            try:
                info = client.select_folder(imap.folder)
            except IMAPClientError:
                raise UmpireError(f"the IMAP folder {imap.folder!r} does not exist.",
                                  fix="Check --imap-folder (the default is INBOX).") from None
            validity = int(info.get(b"UIDVALIDITY", 0))
            criteria = ["UNSEEN"] if imap.processed == "seen" else ["ALL"]
            uids = sorted(client.search(criteria))
            for start in range(0, len(uids), BATCH):
                self.batch(client, validity, uids[start:start + BATCH])
        except (OSError, IMAPClientError) as exc:
            raise UmpireError(f"the IMAP connection failed during the fetch ({exc}).",
                              fix="Run the fetch again: what was stored is kept, and nothing is counted twice.") \
                from None
        finally:
            try:
                client.logout()
            except (OSError, IMAPClientError):
                pass
        self.resolve_early()
        return self.outcomes

    def batch(self, client: IMAPClient, validity: int, uids: list[int]):
        limit = self.config.max_size
        sizes = client.fetch(uids, ["RFC822.SIZE", "INTERNALDATE"])
        small = [u for u in uids if sizes.get(u, {}).get(b"RFC822.SIZE", 0) <= limit]
        large = [u for u in uids if u not in set(small)]
        bodies = client.fetch(small, ["BODY.PEEK[]"]) if small else {}
        heads = client.fetch(large, ["BODY.PEEK[HEADER]"]) if large else {}
        messages = []
        for uid in uids:
            meta = sizes.get(uid, {})
            received = meta.get(b"INTERNALDATE") or self.now
            if uid in bodies:
                messages.append(Received(bodies[uid].get(b"BODY[]") or b"", validity, uid, received))
            elif uid in heads:
                messages.append(Received(heads[uid].get(b"BODY[HEADER]") or b"", validity, uid, received,
                                         int(meta.get(b"RFC822.SIZE", 0))))
            # else: expunged meanwhile, nothing to flag
        self.take_all(messages)
        self.room.log(self.pending)
        self.pending = []
        self.mark_done(client, [m.uid for m in messages])

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
            keys = [message_key(m.raw) for m in messages]
            for key, m in zip(keys, messages):
                self.room.keep_raw(key, m.raw, durable)
        replies: list[tuple[str, bytes]] = []
        with atomic.Batch() as durable:
            for key, m in zip(keys, messages):
                previous = self.done.get(key)
                if previous is not None:
                    self.outcomes.append(Outcome(key, "duplicate", previous.get("game"),
                                                 note="processed before; not counted again"))
                    continue
                reply = self.process(key, m.raw, m.validity, m.uid, m.received, m.size, durable)
                if reply is not None:
                    replies.append(reply)
        with atomic.Batch() as durable:
            for name, data in replies:
                self.room.queue(name, data, durable)

    def process(self, key: str, raw: bytes, validity: int, uid: int, received: datetime, size: int | None,
                durable: atomic.Batch) -> tuple[str, bytes] | None:
        """Read and submit one message (its writes join `durable`); returns its reply, to be queued."""
        mail = read_mail(raw if size is None else header_block(raw) + b"\r\n\r\n", key)
        record = {"type": "processed", "key": key, "uidvalidity": validity, "uid": uid,
                  "sender": mail.sender, "received": _iso(received)}
        if size is not None:
            outcome = Outcome(key, "too large", note=f"{size} bytes; only the header was kept")
            body = replies.too_large(size, self.config.max_size)
        else:
            outcome, body = self.submit(mail, received, durable)
        record.update(game=outcome.game, status=outcome.status, company=outcome.company)
        data = self.reply_bytes(mail, body)
        record["reply"] = self.room.outbox_name(f"{mail.key}.eml") if data is not None else None
        self.pending.append(record)
        self.done[key] = record
        self.outcomes.append(outcome)
        return (f"{mail.key}.eml", data) if data is not None else None

    def submit(self, mail: Mail, received: datetime, durable: atomic.Batch) -> tuple[Outcome, str]:
        folder = self.route(mail)
        if folder is None:
            return Outcome(mail.key, "not accepted", note="no game of this name here"), replies.NOT_ACCEPTED
        via = f"mail {mail.key}"
        if self.all_games:
            durable.write_new(folder.inbox / f"{mail.key}.eml", (self.room.inbox / f"{mail.key}.eml").read_bytes())
        result = self.recorded(folder, via)
        if result is None:
            data = mail.text.encode("utf-8")
            order = actions.read_order(folder, data)
            problem = authentication_problem(folder, order, mail.sender, self.config.gm)
            if problem:
                result = actions.refuse(folder, data, via, UNAUTHENTICATED + problem, None, order, durable)
            else:
                result = actions.submit(folder, data, via, require_code=True, received_at=received,
                                        batch=durable, order=order)
            self.via[folder.game_id][via] = folder.events[-1]
        game = folder.game_id
        if result.accepted:
            status = "held" if result.held else "accepted"
            note = f"stored as {result.file}" + (f", replaces {result.replaced}" if result.replaced else "")
            return Outcome(mail.key, status, game, result.company, result.round, note), \
                replies.accepted(folder, result)
        if result.reason.startswith(UNAUTHENTICATED):
            return Outcome(mail.key, "not accepted", game, note=result.reason[len(UNAUTHENTICATED):]), \
                replies.NOT_ACCEPTED
        return Outcome(mail.key, "refused", game, result.company, result.round, result.reason), \
            replies.refused(result)

    def route(self, mail: Mail) -> GameFolder | None:
        """The game a message is for: the one fetched for, or (with --all) the one its GAME line names."""
        if not self.all_games:
            return self.game(self.room.path)
        m = _GAME_ID.search("\n".join(line for line in mail.text.splitlines() if not line.lstrip().startswith(">")))
        if not m:
            return None
        for name in dict.fromkeys((m.group(1), m.group(1).lower())):
            path = self.room.path / name
            if (path / GAME_FILE).is_file():
                return self.game(path)
        return None

    def game(self, path: Path) -> GameFolder:
        name = str(path)
        if name not in self.games:
            folder = _FetchedGame(path).require()
            self.games[name] = folder
            self.via[folder.game_id] = {e["via"]: e for e in folder.events
                                        if e["type"] in ("order_received", "order_refused")
                                        and str(e.get("via", "")).startswith("mail ")}
        return self.games[name]

    def recorded(self, folder: GameFolder, via: str) -> actions.SubmitResult | None:
        """The result of a message submitted before a crash, rebuilt from the journal."""
        event = self.via[folder.game_id].get(via)
        if event is None:
            return None
        if event["type"] == "order_refused":
            return actions.SubmitResult(False, event["file"], event.get("company"), event["round"],
                                        reason=event["reason"])
        order = actions.read_order(folder, (folder.path / event["file"]).read_bytes())
        return actions.SubmitResult(True, event["file"], event["company"], event["round"], errors=event["errors"],
                                    replaced=event.get("replaces"), order=order, held=bool(event.get("held")))

    def reply_bytes(self, mail: Mail, body: str) -> bytes | None:
        if mail.automatic:
            return None
        try:
            msg = replies.compose(mail, body, self.config.from_addr, self.now)
            return msg.as_bytes(policy=mailpolicy.SMTP)
        except (ValueError, TypeError, UnicodeError):
            return None                        # an address no reply can go to; the log keeps the outcome

    # -- after the fetch ---------------------------------------------------------
    def resolve_early(self):
        """Resolve the open round of each game that asks for it once every company has ordered."""
        for folder in self.games.values():
            if not folder.options.get("resolve_early"):
                continue
            info = actions.status(folder)
            if info["phase"] == "finished" or info["awaited"] or not info["orders_in"]:
                continue
            actions.resolve(folder, self.now)
            self.outcomes.append(Outcome("-" * 12, "resolved", folder.game_id, round=info["round"],
                                         note="every company had ordered; the next newsletter is written"))


class _FetchedGame(GameFolder):
    """A game folder whose secrets are read once: they do not change while mail is fetched."""

    @property
    def secrets(self) -> dict:
        if "_secrets" not in self.__dict__:
            self.__dict__["_secrets"] = GameFolder.secrets.fget(self)
        return self.__dict__["_secrets"]


def _iso(moment) -> str:
    if isinstance(moment, datetime):
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=timezone.utc)
        return moment.astimezone(timezone.utc).isoformat()
    return str(moment)
