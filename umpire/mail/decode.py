"""Reading a received email: who sent it, and the order text in it.

Any MIME shape is read with the standard `email` package: text/plain is preferred, an HTML-only
mail is turned into text, an order in a `.txt` attachment is taken, quoted lines stay quoted
(the order parser ignores them), and a reply to the whole newsletter counts from its order
template on. Nothing here raises on bad input: what cannot be read becomes empty text.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from email.message import EmailMessage
from email.parser import BytesParser
from email.utils import getaddresses
from html.parser import HTMLParser

from . import mailpolicy

MAX_DEPTH = 4                               # nested multiparts and forwarded messages read this deep
_GAME_LINE = re.compile(r"^[ \t]*GAME:?[ \t]+\S", re.IGNORECASE | re.MULTILINE)
_MESSAGE_ID = re.compile(rb"^message-id:[ \t]*((?:.*)(?:\r?\n[ \t].*)*)", re.IGNORECASE | re.MULTILINE)
_ATTRIBUTION = re.compile(r"(wrote|schrieb|a écrit|escribió)\s*:\s*$", re.IGNORECASE)
_ORIGINAL = re.compile(r"^\s*-{3,}\s*(original message|ursprüngliche nachricht)\s*-{3,}\s*$", re.IGNORECASE)
_TEMPLATE = re.compile(r"^\s*Orders for round \d+, one file or mail per company:\s*$")
_PLACEHOLDER = re.compile(r"<[^<>@]*>")


@dataclass
class Mail:
    key: str
    message_id: str | None
    sender: str | None                      # Reply-To, else From: the address only, lower case
    subject: str
    references: str
    text: str                               # the order text found in it
    source: str                             # where the text came from: body, html, or the attachment name
    automatic: bool                         # an auto-reply, bounce or list mail: never answered


def header_block(raw: bytes) -> bytes:
    m = re.search(rb"\r?\n\r?\n", raw)
    return raw[:m.start()] if m else raw


def message_key(raw: bytes) -> str:
    """The name a message is kept under: a hash of its Message-ID (of its bytes if it has none)."""
    m = _MESSAGE_ID.search(header_block(raw))
    ident = re.sub(rb"\s+", b"", m.group(1)) if m else b""
    return hashlib.sha256(b"id:" + ident if ident else b"raw:" + raw).hexdigest()[:32]


def read_mail(raw: bytes, key: str | None = None) -> Mail:
    key = key or message_key(raw)
    try:
        msg = BytesParser(policy=mailpolicy.DEFAULT).parsebytes(raw)
    except Exception:                       # the parser is lenient; this is the last line of defence
        return Mail(key, None, None, "", "", "", "body", False)
    sender = _address(_header(msg, "Reply-To")) or _address(_header(msg, "From"))
    message_id = _header(msg, "Message-ID").strip() or None
    references = " ".join(_header(msg, "References").split())
    text, source = order_text(msg)
    return Mail(key, message_id, sender, " ".join(_header(msg, "Subject").split()), references,
                clean(text), source, _automatic(msg, sender))


def _header(msg: EmailMessage, name: str) -> str:
    try:
        value = msg.get(name)
        return str(value) if value is not None else ""
    except Exception:
        try:
            return str(msg.get_all(name, [""])[0].encode("ascii", "replace").decode())
        except Exception:
            return ""


def _address(value: str) -> str | None:
    try:
        for _, addr in getaddresses([value]):
            if "@" in addr:
                return addr.strip().lower()
    except Exception:
        pass
    return None


def _automatic(msg: EmailMessage, sender: str | None) -> bool:
    auto = _header(msg, "Auto-Submitted").strip().lower()
    precedence = _header(msg, "Precedence").strip().lower()
    local = (sender or "").split("@")[0]
    return (bool(auto) and auto != "no") or precedence in ("bulk", "junk", "list") or sender is None \
        or local in ("mailer-daemon", "postmaster")


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
        attached.append((_content(part), filename or "attachment"))
    elif disposition == "attachment":
        return
    elif ctype == "text/plain":
        plain.append(_content(part))
    elif ctype == "text/html":
        html.append(_content(part))


def _content(part) -> str:
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
    """Blank out what a mail client adds around a reply: the attribution line before a quote,
    the copy under "Original Message", and a replied newsletter above its order template with
    the template lines left unfilled. Lines keep their numbers, so errors point at the mail."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").replace("\xa0", " ").split("\n")
    out = []
    for i, line in enumerate(lines):
        if _ORIGINAL.match(line):
            break
        out.append("" if _ATTRIBUTION.search(line) and _next_is_quote(lines, i + 1) else line)
    template = [i for i, line in enumerate(out) if _TEMPLATE.match(line)]
    if template:
        out = ["" if i <= template[-1] or _PLACEHOLDER.search(line) else line for i, line in enumerate(out)]
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out) + "\n" if out else ""


def _next_is_quote(lines: list[str], start: int) -> bool:
    for line in lines[start:]:
        if line.strip():
            return line.lstrip().startswith(">")
    return False


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

    def handle_endtag(self, tag):
        if tag in ("script", "style", "head"):
            self.skip = max(0, self.skip - 1)
        if tag in self.BLOCKS:
            self.flush()
        if tag == "blockquote":
            self.quote = max(0, self.quote - 1)

    def handle_data(self, data):
        if not self.skip:
            self.line += re.sub(r"\s+", " ", data)


def _html_text(html: str) -> str:
    parser = _TextFromHtml()
    try:
        parser.feed(html)
        parser.close()
    except Exception:
        pass
    parser.flush()
    return "\n".join(parser.lines)
