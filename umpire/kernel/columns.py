"""Columns of plain text as a fixed-width font shows them: a wide character (East Asian width W or
F, e.g. 東) takes two columns, a combining mark none, any other character one."""

from __future__ import annotations

import unicodedata


def _columns(ch: str) -> int:
    if unicodedata.combining(ch):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def display_width(text: str) -> int:
    """The columns the text takes."""
    return sum(_columns(ch) for ch in text)


def pad(text: str, width: int) -> str:
    """The text followed by spaces up to `width` columns (none where it takes more)."""
    return text + " " * (width - display_width(text))


def cut(text: str, width: int) -> str:
    """The text's beginning that fits in `width` columns."""
    used = 0
    for i, ch in enumerate(text):
        used += _columns(ch)
        if used > width:
            return text[:i]
    return text


def widest(texts, minimum: int = 0) -> int:
    """The columns of the widest text, at least `minimum`: the width of a column holding them all."""
    return max([minimum, *map(display_width, texts)])
