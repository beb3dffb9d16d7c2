"""Fast paths for text give what the general code gives: textfill.fill is textwrap.fill, and an
ASCII order line is made visible and checked for control characters as any line."""

from __future__ import annotations

import random
import textwrap

import pytest

from umpire.kernel.textfill import fill

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


def test_ascii_lines_are_made_visible_and_searched_for_control_characters_as_any_line():
    import unicodedata

    from umpire.kernel.order_header import control_char, visible

    def slow_visible(raw):
        return "".join(" " if ch.isspace() else ch for ch in raw if unicodedata.category(ch) != "Cf")

    def slow_control(line):
        return next((ch for ch in line if unicodedata.category(ch) in ("Cc", "Cs")), None)

    rnd = random.Random(5)
    lines = ["".join(chr(c) for c in range(128))] + \
        ["".join(chr(rnd.randrange(128)) for _ in range(rnd.randrange(40))) for _ in range(20000)]
    for line in lines:
        assert visible(line) == slow_visible(line) and control_char(line) == slow_control(line), repr(line)
