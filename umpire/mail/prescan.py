"""A cheap look at a message's raw bytes before anything parses it: the work per message is bounded.

The standard library's header parser takes time and memory that grow faster than the header
(30,000 encoded words in one Subject: minutes and gigabytes). A message whose header is longer,
has more fields or more encoded words than any mail client writes is refused unread; for the
reply, only its From and Message-ID fields are read (each short, or not at all).
"""

from __future__ import annotations

import re

MAX_HEADER_BYTES = 256 * 1024        # a long Received/DKIM chain is some 20 KB
MAX_FIELDS = 500                     # fields of the message's header
MAX_FIELD_BYTES = 32 * 1024          # one field, folded lines included
MAX_ENCODED_WORDS = 1000             # =?charset?X?...?= anywhere in the message's header lines
MAX_PARTS = 1000                     # MIME boundary lines

_END_OF_HEADER = re.compile(rb"\r?\n\r?\n")
_FIELD_START = re.compile(rb"^[!-9;-~]+[ \t]*:", re.MULTILINE)
_ENCODED_WORD = re.compile(rb"=\?[^?\s]{1,64}\?[bBqQ]\?")
_KEPT = re.compile(rb"^(from|message-id)[ \t]*:.*(?:\r?\n[ \t].*)*", re.IGNORECASE | re.MULTILINE)


def header_end(raw: bytes) -> re.Match | None:
    """The empty line that ends the header, if it comes within MAX_HEADER_BYTES."""
    return _END_OF_HEADER.search(raw, 0, MAX_HEADER_BYTES + 4)


def header_block(raw: bytes) -> bytes:
    m = header_end(raw)
    return raw[:m.start()] if m else raw[:MAX_HEADER_BYTES + 1]


def problem(raw: bytes) -> str | None:
    """Why the message is too costly to read (for the GM's log), or None."""
    head = header_block(raw)
    if len(head) > MAX_HEADER_BYTES:
        return f"its header is longer than {MAX_HEADER_BYTES:,} bytes."
    fields = [m.start() for m in _FIELD_START.finditer(head)] + [len(head)]
    if len(fields) - 1 > MAX_FIELDS:
        return f"its header has more than {MAX_FIELDS} fields."
    if any(b - a > MAX_FIELD_BYTES for a, b in zip(fields, fields[1:])):
        return f"a header field is longer than {MAX_FIELD_BYTES:,} bytes."
    if raw.count(b"=?") > MAX_ENCODED_WORDS:           # each encoded word starts with its own "=?"
        words = sum(1 for _ in _ENCODED_WORD.finditer(raw))
        if words > MAX_ENCODED_WORDS:
            return f"it has more than {MAX_ENCODED_WORDS} encoded words."
    if raw.count(b"\n--") + raw.startswith(b"--") > MAX_PARTS:      # the lines starting "--"
        return f"it has more than {MAX_PARTS} MIME parts."
    return None


def sender_fields(raw: bytes) -> bytes:
    """Only the From and Message-ID fields of a header (each at most MAX_FIELD_BYTES), to answer a
    message that is not read."""
    head = header_block(raw)[:MAX_HEADER_BYTES]
    kept = [m.group(0) for m in _KEPT.finditer(head) if len(m.group(0)) <= MAX_FIELD_BYTES]
    return b"\r\n".join(kept) + b"\r\n\r\n"
