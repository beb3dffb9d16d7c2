"""The key a fetched message is kept and recognised by (inbox/<key>.eml): a hash of its Message-ID,
and of its content too when another message already came under that Message-ID."""

from __future__ import annotations

import errno
import hashlib
import os
import re
import stat

from .decode import header_block, message_key

_MIME_FIELDS = re.compile(rb"^content-(?:type|transfer-encoding|disposition)[ \t]*:.*(?:\r?\n[ \t].*)*",
                          re.IGNORECASE | re.MULTILINE)


def key_of(inbox: str | os.PathLike, raw: bytes, kept: dict[str, bytes]) -> tuple[str, bool]:
    """The message's key: that of its Message-ID, unless a message with other content already
    came under it (in `kept`, or in the inbox; then a key of the Message-ID and the content: kept
    apart, never dropped); and whether its raw copy is in the inbox already.

    The content is the From, the Subject and the body, and the MIME fields that say how the body
    is read (Content-Type, -Transfer-Encoding, -Disposition). The second key is one of From,
    Subject and body (as it was before the MIME fields counted: no message's key changed); when
    a message that differs only in its MIME fields holds it, the third, of all of them."""
    first = key = message_key(raw)
    content = mime = None                              # worked out only when another message holds a key
    for _ in range(2):
        other, stored = kept.get(key), None
        if other is None:
            path = os.path.join(inbox, f"{key}.eml")
            stored = _stat(path)
            if stored is not None and stat.S_ISREG(stored.st_mode):
                with open(path, "rb") as f:
                    other = f.read()
        if other is None:
            return key, stored is not None
        if content is None:
            content, mime = content_of(raw), _mime(raw)
        if content_of(other) == content and _mime(other) == mime:
            return key, stored is not None
        key = _derived(first, content)
    key = _derived(first, f"{content}:{mime}")
    return key, _stat(os.path.join(inbox, f"{key}.eml")) is not None


def content_of(raw: bytes) -> str:
    """What tells two messages under one Message-ID apart, besides their MIME fields (`_mime`):
    their From, Subject and body (not the trace fields a relay adds), as a hash."""
    head = header_block(raw)
    fields = re.findall(rb"^(?:from|subject)[ \t]*:.*(?:\r?\n[ \t].*)*", head, re.IGNORECASE | re.MULTILINE)
    body = raw[len(head):].replace(b"\r\n", b"\n").strip()
    digest = hashlib.sha256()
    for part in sorted(f.replace(b"\r\n", b"\n") for f in fields) + [body]:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()


def _mime(raw: bytes) -> str:
    """The MIME fields of the header that say how the body reads (Content-Type,
    Content-Transfer-Encoding, Content-Disposition), as a hash."""
    digest = hashlib.sha256()
    for field in sorted(f.replace(b"\r\n", b"\n") for f in _MIME_FIELDS.findall(header_block(raw))):
        digest.update(hashlib.sha256(field).digest())
    return digest.hexdigest()


def _derived(key: str, content: str) -> str:
    """The key of a message with other content under the Message-ID that gives `key`."""
    return hashlib.sha256(f"{key}:{content}".encode()).hexdigest()[:32]


def _stat(path: str) -> os.stat_result | None:
    """The file's stat, or None where pathlib's exists() would say it is not there."""
    try:
        return os.stat(path)
    except OSError as exc:
        if exc.errno in (errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP):
            return None
        raise
