"""Plain text sent as `format=flowed` (RFC 3676), as Thunderbird and Apple Mail send it.

Such a client cuts a long line at about 72 characters and ends each piece but the last with a
space (a soft break); with `DelSp=yes` that space is not part of the text. Soft breaks are joined
again, hard breaks kept, space-stuffing undone, and the signature line `-- ` is never joined.
A joined line is followed by as many empty lines as it was cut into, less one, so that every
later line keeps the number it has in the mail as written.
"""

from __future__ import annotations

import re

_QUOTES = re.compile(r"^>+")


def unflow(text: str, delsp: bool = False) -> str:
    out: list[str] = []
    pending: str | None = None              # a paragraph whose last piece ended in a soft break
    depth_of_pending = 0
    extra = 0                               # pieces joined into the pending one
    for line in text.split("\n"):
        line = line.removesuffix("\r")
        quotes = _QUOTES.match(line)
        depth = len(quotes.group(0)) if quotes else 0
        body = line[depth:]
        if body.startswith(" "):
            body = body[1:]                 # space-stuffing
        if pending is not None and depth != depth_of_pending:
            out += [pending] + [""] * extra  # a change of quote depth ends a paragraph (RFC 3676 4.5)
            pending, extra = None, 0
        soft = body.endswith(" ") and body != "-- "
        if soft and delsp:
            body = body[:-1]
        prefix = ">" * depth + (" " if depth else "")
        if pending is None:
            piece = prefix + body
        else:
            piece = pending + body
            extra += 1
        if soft:
            pending, depth_of_pending = piece, depth
        else:
            out += [piece] + [""] * extra
            pending, extra = None, 0
    if pending is not None:
        out += [pending] + [""] * extra
    return "\n".join(out)
