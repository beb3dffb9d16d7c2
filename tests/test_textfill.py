"""textfill.fill gives what textwrap.fill gives, on the texts a reply fills and on odd ones."""

from __future__ import annotations

import random
import textwrap

import pytest

from umpire.textfill import fill

PIECES = ["a", "BUILD", "C3-D3-E3", "fee", "2", "pt,", "points", "of", "this", "round's", "budget", "(balance",
          "now", "-20).", "x" * 30, "y" * 75, "--", "well-known", "-", "Zürich", "\t", "  ", "", "e.g.", "—",
          "stop.", "ab-cd", "a-b", "non\xa0breaking", "end ", "line\nbreak", "CODE", "*****"]
INDENTS = [("", ""), ("  ", "      "), ("      ", "        "), ("      ", "      "), ("    ", "")]


def texts(seed: int, count: int):
    rnd = random.Random(seed)
    for _ in range(count):
        pieces = rnd.choices(PIECES, k=rnd.randint(0, 30))
        if rnd.random() < 0.6:
            pieces = [p for p in pieces if p.isascii() and p.strip() and "-" not in p and " " not in p]
        yield rnd.choice([" ", " ", " ", "  "]).join(pieces)


@pytest.mark.parametrize("width", [8, 20, 40, 72, 100])
def test_fill_is_textwrap_fill(width):
    for n, text in enumerate(texts(width, 3000)):
        initial, subsequent = INDENTS[n % len(INDENTS)]
        if width <= max(len(initial), len(subsequent)):
            continue
        expected = textwrap.fill(text, width, initial_indent=initial, subsequent_indent=subsequent)
        assert fill(text, width, initial_indent=initial, subsequent_indent=subsequent) == expected, repr(text)


def test_fill_of_the_reply_texts_is_textwrap_fill():
    from umpire.mail import replies
    for text in (replies.NOT_ACCEPTED_TEXT, replies.UNREADABLE, "Altogether 12 points of this round's budget of 20, "
                 "and 3 units in fees (balance now 17). The budget does not cover it all: building stops where the "
                 "points run out."):
        for line in text.split("\n"):
            assert fill(line, 72) == textwrap.fill(line, 72)
