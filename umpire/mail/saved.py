"""A message the GM saved from his mail program and gives to `umpire submit` (say, a late order
he lets in): its order is read as `umpire mail fetch` reads a message (decode.read_mail), so the
quotes, signatures and lines a mail client adds count as they do in mail, and the player's note
to the GM around it (notes.py) is taken out of it as the fetch takes it out."""

from __future__ import annotations

import re

from . import notes
from .decode import read_mail
from .prescan import header_block, header_end

_FIELD = re.compile(rb"^(from|date|subject|message-id|to|received|return-path|mime-version)[ \t]*:",
                    re.IGNORECASE | re.MULTILINE)
_FIRST_FIELD = re.compile(rb"[!-9;-~]+[ \t]*:")


def is_message(name: str, raw: bytes) -> bool:
    """Whether a file is a saved message: named `.eml`, or beginning with a mail header that has a
    From field and another of a message's own (an order's `GAME:` line alone is not one)."""
    if name.lower().endswith(".eml"):
        return True
    if not _FIRST_FIELD.match(raw) or header_end(raw) is None:
        return False
    fields = {m.group(1).lower() for m in _FIELD.finditer(header_block(raw))}
    return b"from" in fields and len(fields) >= 2


def order_of(raw: bytes) -> tuple[bytes, str | None]:
    """The order text of a saved message, and why it cannot be read (None when it can)."""
    mail = read_mail(raw)
    if mail.unread:
        return b"", f"the saved message cannot be read: {mail.unread}"
    if not mail.text.strip():
        return b"", "the saved message holds no text the umpire can read as orders"
    return mail.text.encode("utf-8"), None


def notes_of(folder, data: bytes) -> list[notes.Note]:
    """The player's note to the GM in an order the GM submits (his greeting and sign-off around
    it), found as `mail fetch` finds it; none in a file that is not UTF-8 text."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return []
    return notes.of_order(folder, text)
