"""How a player's text is echoed back (in refusals, the journal, newsletters and replies): on one
line, invisible and control characters shown as escapes, at most QUOTE_CHARS characters, and
every order code of the game masked. The order parser reads every line through here, so what
is derived from an order never carries more of the player's text than this lets through.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

QUOTE_CHARS = 120
MASK = "*****"
ELLIPSIS = "…"


def clip(text: str, limit: int = QUOTE_CHARS) -> str:
    """The text as it may be shown: characters that do not print (control, format, line and
    paragraph separators) as escapes, cut to `limit` characters with an ellipsis."""
    out, size = [], 0
    for ch in text[:limit + 1]:
        shown = ch if ch.isprintable() or ch in " \t" else ch.encode("unicode_escape").decode("ascii")
        out.append(shown)
        size += len(shown)
        if size > limit:
            break
    shown = "".join(out)
    if len(text) > limit or len(shown) > limit:
        shown = shown[:limit - 1] + ELLIPSIS
    return shown


def quote(text: str, limit: int = QUOTE_CHARS) -> str:
    """`clip` in quotes, as Python's repr would quote it: `'AD21'`."""
    shown = clip(text, limit)
    mark = '"' if "'" in shown and '"' not in shown else "'"
    return f"{mark}{shown}{mark}"


class Masker:
    """Replaces each token that equals one of the secrets (case-insensitively) by MASK. A token
    stands between characters that are not letters or digits (`-`, spaces, brackets, ...)."""

    def __init__(self, secrets: Iterable[str] = ()):
        words = sorted({s for s in secrets if isinstance(s, str) and s.strip()}, key=len, reverse=True)
        self._pattern = (re.compile(r"(?<![^\W_])(?:" + "|".join(map(re.escape, words)) + r")(?![^\W_])",
                                    re.IGNORECASE) if words else None)   # [^\W_]: a letter or digit, not `_`

    def __call__(self, text: str) -> str:
        return self._pattern.sub(MASK, text) if self._pattern else text


NO_SECRETS = Masker()
