"""Reading a received email: who sent it, and the order text in it.

Any MIME shape is read with the standard `email` package: text/plain is preferred (joined again
where it was sent `format=flowed`), an HTML-only mail is turned into text, an order in a `.txt`
attachment is taken, and of a reply or a forward the player's own text counts, or the order form
he filled in (replystyle.py). The sender is the one address of the one From header (sender.py),
and a From field any reader would see counts, even where the parser does not see it (prescan.py):
a header field name with white space before its colon (`Subject :`) is read as that field. A
message too costly to parse is not parsed (prescan.py). Nothing here raises on bad input: what
cannot be read becomes empty text.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from email.message import EmailMessage
from email.parser import BytesParser
from html.parser import HTMLParser

from . import mailpolicy, prescan, replystyle
from .flowed import unflow
from .sender import one_address, strict_from

MAX_DEPTH = 4                               # nested multiparts and forwarded messages read this deep
_GAME_LINE = re.compile(r"^[ \t]*GAME:?[ \t]+\S", re.IGNORECASE | re.MULTILINE)
_MESSAGE_ID = re.compile(rb"^message-id[ \t]*:[ \t]*((?:.*)(?:\r?\n[ \t].*)*)", re.IGNORECASE | re.MULTILINE)
# The fields the servers carrying a message add to it (RFC 5321's Received and Return-Path, and those
# delivery agents, filters and forwarders add like them), each with its folded lines: a message
# delivered again with other or more of them is the same message (docs/security.md).
_TRACE = re.compile(
    prescan.LINE_START + rb"(?:received|return-path|delivered-to|x-original-to|envelope-to|x-envelope-(?:from|to)"
    rb"|x-received|received-spf|authentication-results|dkim-signature|x-google-dkim-signature|domainkey-signature"
    rb"|x-forwarded-(?:to|for)|x-virus-scanned|x-sieve|(?:arc|resent|x-spam)-[!-9;-~]*)[ \t]*:"
    rb"[^\r\n]*(?:(?:\r\n|\r|\n)[ \t][^\r\n]*)*(?:\r\n|\r|\n)?", re.IGNORECASE)
_MSG_ID = re.compile(r"^<[!-;=?-~]{1,250}>$")        # printable ASCII without < > or spaces


@dataclass
class Mail:
    key: str
    message_id: str | None                  # only a well-formed one (<...>), else None
    sender: str | None                      # the one address of the one From header, lower case
    subject: str
    references: str
    text: str                               # the order text found in it
    source: str                             # where the text came from: body, html, or the attachment name
    automatic: bool                         # an auto-reply, bounce or list mail: never answered
    sender_problem: str | None = None       # why the sender cannot be told (sender is then None)
    unread: str | None = None               # why the message was not parsed (prescan), if it was not
    reply_address: str | None = None        # with no sender: the one address its one From field shows


header_block = prescan.header_block


def message_key(raw: bytes) -> str:
    """The name a message is kept under: a hash of its Message-ID; of a message without one, a hash
    of its bytes without its trace fields, so that a relay's delivering it again (with a Received
    field more) gives the same key. A message without trace fields keeps the hash of all its bytes."""
    m = _MESSAGE_ID.search(header_block(raw))
    ident = re.sub(rb"\s+", b"", m.group(1)) if m else b""
    if ident:
        return hashlib.sha256(b"id:" + ident).hexdigest()[:32]
    end = prescan.header_length(raw)
    digest = hashlib.sha256(b"raw:" + _TRACE.sub(b"", raw[:end]))
    digest.update(memoryview(raw)[end:])
    return digest.hexdigest()[:32]


def read_mail(raw: bytes, key: str | None = None) -> Mail:
    key = key or message_key(raw)
    unread = prescan.problem(raw)
    froms = prescan.from_fields(raw)
    if unread:
        raw = prescan.sender_fields(raw)
    raw = prescan.quoted_names(prescan.plain_names(raw))
    try:
        msg = _single_part(raw) or BytesParser(policy=mailpolicy.DEFAULT).parsebytes(raw)
    except Exception:                       # the parser is lenient; this is the last line of defence
        return Mail(key, None, None, "", "", "", "body", False, "its header cannot be read.", unread,
                    one_address(prescan.from_values(raw)))
    sender, problem = strict_from(msg)
    if froms > 1:                           # some the parser does not see (past a line it ends the header at)
        sender, problem = None, f"it has {froms} From headers."
    shown = one_address(prescan.from_values(raw)) if sender is None else None
    message_id = _message_id(_plain_message_id(msg) or _header(msg, "Message-ID"))
    references = " ".join(r for r in _header(msg, "References").split() if _MSG_ID.match(r))
    text, source = order_text(msg) if not unread else ("", "body")
    subject = "".join(c for c in " ".join(_header(msg, "Subject").split()) if c.isprintable())
    return Mail(key, message_id, sender, subject, references, clean(text), source,
                _automatic(msg, sender or shown), problem, unread, shown)


_HEADER_LINES = re.compile(r"(?:[!-9;-~]+:[^\r\n]*\r?\n(?:[ \t][^\r\n]*\r?\n)*)+")
_LINE = re.compile(r"[^\n]*\n")
_PLAIN_ID = re.compile(r"<[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+>")


def _single_part(raw: bytes) -> EmailMessage | None:
    """The message as `BytesParser(policy=mailpolicy.DEFAULT)` reads it, made directly when it is
    one part (not multipart, not a message) whose header is plain field lines ending in an empty
    line, all ending alike: the parser splits such a header into the same fields and keeps the
    rest as the payload, as is. None for any other message (the parser reads it)."""
    head = prescan.header_end(raw)
    if head is None:
        return None
    text = raw[:head.end()].decode("ascii", "surrogateescape")
    crlf = text.endswith("\r\n\r\n")
    if text.startswith("From ") or "\r" in (text.replace("\r\n", "") if crlf else text) or \
            not _HEADER_LINES.fullmatch(text, 0, len(text) - (2 if crlf else 1)):
        return None
    policy = mailpolicy.DEFAULT
    msg = EmailMessage(policy=policy)
    field: list[str] = []
    for line in _LINE.findall(text, 0, len(text) - (2 if crlf else 1)):
        if line[0] not in " \t" and field:
            msg.set_raw(*policy.header_source_parse(field))
            field = []
        field.append(line)
    msg.set_raw(*policy.header_source_parse(field))
    if msg.get_content_maintype() in ("multipart", "message"):
        return None
    msg.set_payload(raw[head.end():].decode("ascii", "surrogateescape"))
    return msg


def _plain_message_id(msg: EmailMessage) -> str | None:
    """The Message-ID when it is written `<left@right>` of the characters of a dot-atom (its text
    is then what the header registry makes of it, without parsing it); else None."""
    for name, value in msg.raw_items():
        if name.lower() == "message-id":
            value = value.replace("\r", "").replace("\n", "")
            return value if _PLAIN_ID.fullmatch(value) else None
    return None


def _message_id(value: str) -> str | None:
    value = value.strip()
    return value if _MSG_ID.match(value) else None


def _header(msg: EmailMessage, name: str) -> str:
    try:
        value = msg.get(name)
        return str(value) if value is not None else ""
    except Exception:
        try:
            return str(msg.get_all(name, [""])[0].encode("ascii", "replace").decode())
        except Exception:
            return ""


AUTOREPLY_FIELDS = ("X-Autoreply", "X-Autorespond", "X-Auto-Response-Suppress")   # present: a machine wrote it


def _automatic(msg: EmailMessage, sender: str | None) -> bool:
    """Whether a machine sent it (an auto-reply, a bounce, a list): such mail is never answered."""
    auto = _header(msg, "Auto-Submitted").strip().lower()
    precedence = _header(msg, "Precedence").strip().lower()
    local = (sender or "").split("@")[0]
    return (bool(auto) and auto != "no") or precedence in ("bulk", "junk", "list") \
        or local in ("mailer-daemon", "postmaster") or any(name in msg for name in AUTOREPLY_FIELDS) \
        or msg.get_content_type() == "multipart/report"


# ---------------------------------------------------------------------------
def order_text(msg: EmailMessage) -> tuple[str, str]:
    """The text holding the order: the first candidate with a GAME line, plain before attachments
    before HTML; else the plain body, else the HTML body."""
    plain, attached, html = [], [], []
    _collect(msg, 0, plain, attached, html)
    candidates = [(t, "body") for t in plain] + attached + [(_html_text(t), "html") for t in html]
    for text, source in candidates:
        if _GAME_LINE.search(_unquoted(text)):
            return text, source
    for text, source in candidates:
        if source in ("body", "html"):
            return text, source
    return "", "body"


def _collect(part, depth: int, plain: list, attached: list, html: list):
    if depth > MAX_DEPTH:
        return
    facts = _part_facts(part)
    if facts is not None:
        ctype, filename, disposition = facts.ctype, facts.filename, facts.disposition
    else:
        try:
            ctype = part.get_content_type()
            if part.is_multipart():
                for sub in part.iter_parts():
                    _collect(sub, depth + 1, plain, attached, html)
                return
            if ctype == "message/rfc822":
                for sub in part.iter_parts():
                    _collect(sub, depth + 1, plain, attached, html)
                return
            filename = part.get_filename() or ""
            disposition = part.get_content_disposition()
        except Exception:
            return
    if filename.lower().endswith(".txt") or (disposition == "attachment" and ctype == "text/plain"):
        attached.append((_content(part, facts), filename or "attachment"))
    elif disposition == "attachment":
        return
    elif ctype == "text/plain":
        text = _content(part, facts)
        try:
            if facts is not None:
                if facts.flowed is not None:
                    text = unflow(text, delsp=facts.flowed)
            elif str(part.get_param("format", "")).lower() == "flowed":
                text = unflow(text, delsp=str(part.get_param("delsp", "")).lower() == "yes")
        except Exception:
            pass
        plain.append(text)
    elif ctype == "text/html":
        html.append(_content(part, facts))


@dataclass(frozen=True)
class _Facts:
    """What `_collect` asks a one-part part about its header: the answers of the EmailMessage methods."""
    ctype: str
    filename: str
    disposition: str | None
    flowed: bool | None         # format=flowed: whether with delsp=yes; None: not flowed (or unreadable)
    charset: object             # get_param("charset", "ASCII"), as get_text_content decodes with it
    cte: str


_FACTS: dict[tuple, _Facts | None] = {}
mailpolicy.forgets(_FACTS.clear)
_CONTENT_FIELDS = ("content-type", "content-disposition", "content-transfer-encoding")
_DECODED = {"quoted-printable", "base64", "x-uuencode", "uuencode", "uue", "x-uue"}


def _part_facts(part) -> _Facts | None:
    """The facts of a part that is not multipart, asked of the EmailMessage methods once for each
    header they come from (the first Content-Type, Content-Disposition and Content-Transfer-Encoding
    field: every method reads the first), since the same header comes in mail after mail. None for a
    multipart part, a message, or a header whose methods raise: `_collect` asks the part itself."""
    try:
        if part.is_multipart() or not isinstance(part._payload, str) or part.get_default_type() != "text/plain":
            return None
        first: dict[str, str] = {}
        for name, value in part.raw_items():
            lower = name.lower()
            if lower in _CONTENT_FIELDS and lower not in first:
                first[lower] = value
        key = tuple(first.get(n) for n in _CONTENT_FIELDS)
        if key in _FACTS:
            return _FACTS[key]
        facts = None
        ctype = part.get_content_type()
        if ctype != "message/rfc822":
            try:
                flowed = str(part.get_param("format", "")).lower() == "flowed"
                flowed = (str(part.get_param("delsp", "")).lower() == "yes") if flowed else None
            except Exception:
                flowed = None
            facts = _Facts(ctype, part.get_filename() or "", part.get_content_disposition(), flowed,
                           part.get_param("charset", "ASCII"), str(part.get("content-transfer-encoding", "")).lower())
    except Exception:
        return None
    if len(_FACTS) >= 1024:
        _FACTS.clear()
    _FACTS[key] = facts
    return facts


def _content(part, facts: _Facts | None = None) -> str:
    if facts is not None and facts.ctype.startswith("text/") and facts.cte not in _DECODED:
        try:                                    # what get_content does for such a part
            return part._payload.encode("ascii", "surrogateescape").decode(facts.charset, "replace")
        except Exception:
            pass
    try:
        content = part.get_content()
        return content if isinstance(content, str) else content.decode("utf-8", "replace")
    except Exception:
        try:
            payload = part.get_payload(decode=True) or b""
        except Exception:
            payload = str(part.get_payload()).encode("utf-8", "replace")
        try:
            return payload.decode("utf-8")
        except UnicodeDecodeError:
            return payload.decode("latin-1")


def _unquoted(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(">"))


# ---------------------------------------------------------------------------
def clean(text: str) -> str:
    """The order text of a body: the player's own lines, and the newsletter's order form he filled
    in where he replied to it or forwarded it (replystyle.py); what the mail client added and the
    rest of the text replied to left empty, so that lines keep their numbers."""
    return replystyle.order_lines(text)


class _TextFromHtml(HTMLParser):
    """HTML to plain lines: blocks and <br> break lines, <blockquote> becomes `> ` quoting."""

    BLOCKS = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "ul", "ol",
              "blockquote", "hr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.line = ""
        self.quote = 0
        self.skip = 0
        self.pre = 0

    def flush(self):
        if self.line.strip():
            self.lines.append("> " * self.quote + self.line.strip())
        elif self.lines and self.lines[-1] != "":
            self.lines.append("")
        self.line = ""

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "head"):
            self.skip += 1
        if tag in self.BLOCKS:
            self.flush()
        if tag == "blockquote":
            self.quote += 1
        if tag == "pre":
            self.pre += 1

    def handle_endtag(self, tag):
        if tag in ("script", "style", "head"):
            self.skip = max(0, self.skip - 1)
        if tag in self.BLOCKS:
            self.flush()
        if tag == "blockquote":
            self.quote = max(0, self.quote - 1)
        if tag == "pre":
            self.pre = max(0, self.pre - 1)

    def handle_data(self, data):
        if self.skip:
            return
        if not self.pre:
            self.line += re.sub(r"\s+", " ", data)
            return
        pieces = data.replace("\r\n", "\n").split("\n")     # inside <pre> a newline ends a line
        for piece in pieces[:-1]:
            self.line += piece
            self.flush()
        self.line += pieces[-1]


def _html_text(html: str) -> str:
    parser = _TextFromHtml()
    try:
        parser.feed(html)
        parser.close()
    except Exception:
        pass
    parser.flush()
    return "\n".join(parser.lines)
