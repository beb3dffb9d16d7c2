"""The IMAP side of a fetch: the connection, the new messages of the folder in batches (held in
memory up to BATCH_BYTES at once, of a message over the size limit only its header), and the flag
(or move) of those processed."""

from __future__ import annotations

import ssl
from dataclasses import dataclass
from datetime import datetime

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientError, LoginError

from ..errors import UmpireError
from .config import Server
from .decode import header_block
from .prescan import MAX_HEADER_BYTES
from .send import tls_context, untrusted

BATCH = 250
BATCH_BYTES = 32 * 1024 * 1024          # the message bodies held in memory at once, at most
SEEN = b"\\Seen"


@dataclass
class Received:
    """A message as fetched: its bytes (only the header when it is too large) and where it came from."""
    raw: bytes
    validity: int
    uid: int
    received: datetime
    size: int | None = None                 # set when too large: its size on the server


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


def connection_failed(exc: Exception) -> UmpireError:
    return UmpireError(f"the IMAP connection failed during the fetch ({exc}).",
                       fix="Run the fetch again: what was stored is kept, and nothing is counted twice.")


def new_messages(client: IMAPClient, server: Server) -> tuple[int, list[int]]:
    """The folder's UIDVALIDITY and the uids of the messages not processed yet, oldest first."""
    try:
        info = client.select_folder(server.folder)
    except IMAPClientError:
        raise UmpireError(f"the IMAP folder {server.folder!r} does not exist.",
                          fix="Check --imap-folder (the default is INBOX).") from None
    criteria = ["UNSEEN"] if server.processed == "seen" else ["ALL"]
    return int(info.get(b"UIDVALIDITY", 0)), sorted(client.search(criteria))


def size_of(meta: dict, uid: int) -> int | None:
    """The size the server gives (RFC822.SIZE), or None when it gives none."""
    try:
        return int(meta.get(uid, {})[b"RFC822.SIZE"])
    except (KeyError, TypeError, ValueError):
        return None


def by_size(uids: list[int], meta: dict, limit: int) -> list[list[int]]:
    """The uids in groups whose bodies together stay under BATCH_BYTES (a message over the size
    limit counts for the part of its header that is fetched)."""
    groups, group, total = [], [], 0
    for uid in uids:
        size = size_of(meta, uid)
        cost = size if size is not None and size <= limit else MAX_HEADER_BYTES
        if group and total + cost > BATCH_BYTES:
            groups.append(group)
            group, total = [], 0
        group.append(uid)
        total += cost
    return groups + [group] if group else groups


def received(client: IMAPClient, validity: int, uids: list[int], meta: dict, limit: int,
             now: datetime) -> list[Received]:
    """Fetch one group of messages. The size of each is checked from the server's RFC822.SIZE
    before its body is fetched: of a larger one (or one of unknown size), only the start of its
    header is fetched. A message expunged meanwhile is left out (there is nothing to flag)."""
    small = [u for u in uids if (size_of(meta, u) or limit + 1) <= limit]
    large = [u for u in uids if u not in set(small)]
    bodies = client.fetch(small, ["BODY.PEEK[]"]) if small else {}
    heads = client.fetch(large, [f"BODY.PEEK[HEADER]<0.{MAX_HEADER_BYTES}>"]) if large else {}
    messages = []
    for uid in uids:
        when = meta.get(uid, {}).get(b"INTERNALDATE") or now
        if uid in bodies:
            messages.append(_whole(bodies[uid].get(b"BODY[]") or b"", validity, uid, when, limit))
        elif uid in heads:
            head = next((v for k, v in heads[uid].items() if k.startswith(b"BODY[HEADER]")), b"") or b""
            size = size_of(meta, uid)
            messages.append(Received(head, validity, uid, when, size if size is not None else -1))
    return messages


def _whole(raw: bytes, validity: int, uid: int, when: datetime, limit: int) -> Received:
    """A message whose body was fetched; over the limit after all (the server's size was wrong),
    only the start of its header is kept."""
    if len(raw) > limit:
        return Received(header_block(raw)[:MAX_HEADER_BYTES], validity, uid, when, len(raw))
    return Received(raw, validity, uid, when)


def mark_done(client: IMAPClient, uids: list[int], target: str):
    """Flag (or move to `target`) messages whose raw copy is on disk and whose processing is recorded."""
    if not uids:
        return
    client.add_flags(uids, [SEEN], silent=True)
    if target != "seen":
        client.move(uids, target)
