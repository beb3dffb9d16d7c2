"""`textwrap.fill` with its default settings, the same text sooner for the plain lines of a reply.

A mail reply fills a few lines per message (a confirmation's head, its segments and warnings, the
total); `textwrap` splits each into chunks with a large regular expression first, which costs more
than everything else the line needs. A text of printable ASCII words, each parted from the next by
one space and none with a hyphen, is split by `textwrap` into exactly those words and spaces, and
filled greedily: so it is filled here the same way, without the regular expression. Any other text
(tabs, runs of spaces, hyphens, a word longer than the line, anything not ASCII) goes to
`textwrap.fill` itself. tests/test_text_fast_paths.py compares the two on many texts.
"""

from __future__ import annotations

import re
import textwrap
from functools import lru_cache

_PLAIN = re.compile(r"[!-,.-~]+(?: [!-,.-~]+)*")      # printable ASCII words but '-', one space apart
_SHORT = re.compile(r"[ -~]*[!-~]")                    # printable ASCII, not ending in a space


def fill(text: str, width: int = 70, initial_indent: str = "", subsequent_indent: str = "") -> str:
    """What `textwrap.fill(text, width, initial_indent=..., subsequent_indent=...)` returns."""
    if len(initial_indent) + len(text) <= width and _SHORT.fullmatch(text):
        return initial_indent + text                   # one line: every chunk fits, the last is no space
    if not _PLAIN.fullmatch(text):
        return textwrap.fill(text, width, initial_indent=initial_indent, subsequent_indent=subsequent_indent)
    words = text.split(" ")
    if max(map(len, words)) > width - max(len(initial_indent), len(subsequent_indent)):
        return textwrap.fill(text, width, initial_indent=initial_indent, subsequent_indent=subsequent_indent)
    lines = []
    line, room = [initial_indent, words[0]], width - len(initial_indent) - len(words[0])
    for word in words[1:]:
        if len(word) < room:                           # a space and the word
            line += (" ", word)
            room -= len(word) + 1
        else:
            lines.append("".join(line))
            line, room = [subsequent_indent, word], width - len(subsequent_indent) - len(word)
    lines.append("".join(line))
    return "\n".join(lines)


WIDTH = 72                                             # a mail reply's lines


@lru_cache(maxsize=1024)
def paragraphs(text: str) -> str:
    """Fill each line to the width of a reply, except indented lines (examples, order lines). The
    same texts come again and again (notes, the head of each company's confirmation): each is
    filled once."""
    return "\n".join(fill(p, WIDTH) if p and not p.startswith("  ") else p for p in text.split("\n"))
