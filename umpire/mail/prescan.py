"""A cheap look at a message's raw bytes before anything parses it: the work per message is bounded.

The standard library's header parser takes time and memory that grow faster than the header
(30,000 encoded words in one Subject: minutes and gigabytes). A message whose header is longer,
has more fields or more encoded words than any mail client writes is refused unread; for the
reply, only its From and Message-ID fields are read (each short, or not at all).

The header's fields are also found here as RFC 5322 readers (Dovecot's ENVELOPE among them) find
them, where the standard library's parser would drop a field or end the header early: a line starts
after CRLF, LF or a lone CR, and a field name may have white space before its colon (`From :`,
the obsolete syntax every reader must accept).
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
LINE_START = rb"(?:^|(?<=[\r\n]))"                  # where a line of the header starts, as the parser splits them
_SPACED_NAME = re.compile(LINE_START + rb"([!-9;-~]+)[ \t]+:")
_FROM = re.compile(LINE_START + rb"from[ \t]*:", re.IGNORECASE)


def header_end(raw: bytes) -> re.Match | None:
    """The empty line that ends the header, if it comes within MAX_HEADER_BYTES."""
    return _END_OF_HEADER.search(raw, 0, MAX_HEADER_BYTES + 4)


def header_block(raw: bytes) -> bytes:
    m = header_end(raw)
    return raw[:m.start()] if m else raw[:MAX_HEADER_BYTES + 1]


def header_length(raw: bytes) -> int:
    """How many bytes the header's fields take, with the line break that ends the last one: 0 when
    the message starts with an empty line, at most MAX_HEADER_BYTES + 1 when no empty line ends it."""
    if raw.startswith((b"\n", b"\r\n")):
        return 0
    m = header_end(raw)
    if m is None:
        return min(len(raw), MAX_HEADER_BYTES + 1)
    return m.start() + (2 if raw.startswith(b"\r\n", m.start()) else 1)


def plain_names(raw: bytes) -> bytes:
    """The message with every field name of its header that has white space before the colon
    written without it (`From :` as `From:`): the parser reads the field as other readers do, where
    it would drop it (`From :`) or end the header at it (`Subject :`)."""
    end = header_length(raw)
    head = raw[:end]
    return _SPACED_NAME.sub(rb"\1:", head) + raw[end:] if _SPACED_NAME.search(head) else raw


_FROM_FIELD = re.compile(LINE_START + rb"(from:)([^\r\n]*(?:(?:\r\n|\n)[ \t][^\r\n]*)*)", re.IGNORECASE)
# A display name of words with a period among them, unquoted (RFC 5322's obsolete phrase, `Carol C.`,
# as Python's own email package and many clients write it), before one address in angle brackets.
_OBSOLETE_PHRASE = re.compile(rb"[ \t]*([^\"<>@,;:\\\[\]\x00-\x1f\x7f]*\.[^\"<>@,;:\\\[\]\x00-\x1f\x7f]*?)[ \t]*"
                              rb"(<[!-;=?-~]+>)[ \t]*")


_ENCODED_WORD_WHOLE = re.compile(rb"=\?[^?\s]{1,64}\?[bBqQ]\?[^?\s]*\?=")


def quoted_names(raw: bytes) -> bytes:
    """The message with a From field's unquoted display name that holds a period (`Carol C.
    <carol@example.org>`, the obsolete phrase) written with each of its words quoted (`"Carol"
    "C." <carol@example.org>`; an encoded word is left to be decoded), as RFC 5322 says it is to
    be read: the parser then reads the one address as it does any quoted name, and the display
    name is checked as before. Any other From field is left as written (and read strictly)."""
    end = header_length(raw)
    head = raw[:end]
    if b"." not in head:
        return raw

    def quote(m: re.Match) -> bytes:
        value = re.sub(rb"(?:\r\n|\n)[ \t]", b" ", m.group(2))
        name = _OBSOLETE_PHRASE.fullmatch(value)
        if not name or not name.group(1).strip():
            return m.group(0)
        words = [w if _ENCODED_WORD_WHOLE.fullmatch(w) else b'"' + w + b'"' for w in name.group(1).split()]
        return m.group(1) + b" " + b" ".join(words) + b" " + name.group(2)

    changed = _FROM_FIELD.sub(quote, head)
    return changed + raw[end:] if changed != head else raw


def from_values(raw: bytes) -> list[str]:
    """The values of the header's From fields, unfolded, as text (undecodable bytes replaced)."""
    head = raw[:header_length(raw)]
    return [re.sub(rb"(?:\r\n|\n)[ \t]", b" ", m.group(2)).decode("utf-8", "replace")
            for m in _FROM_FIELD.finditer(plain_names(head))]


def from_fields(raw: bytes) -> int:
    """How many From fields the header holds, as any reader counts them: however the name is
    spelt, and past a line the parser would end the header at (one without a colon)."""
    return len(_FROM.findall(raw[:header_length(raw)]))


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
