"""Rounds and mail turns on the command line: `--round 3` or `--round 3B`, and how a message names them."""

from __future__ import annotations

import click

from ..kernel.ids import shown
from ..kernel.order_header import TURN_NAME, turn_words


def round_or_turn(ctx, param, value: str | None) -> int | str | None:
    """A click callback: a round number (3) or a turn name (3B, read upper case)."""
    if value is None:
        return None
    value = value.strip()
    if value.isascii() and value.isdigit() and len(value) <= 6:
        return int(value)
    if TURN_NAME.match(value):
        return value.upper()
    raise click.BadParameter(f"{shown(value)} is not a round (3) or a turn (3B).")


def named(turn: int | str) -> str:
    """`Round 3` or `Turn 3B`, to begin a sentence."""
    words = turn_words(turn)
    return words[:1].upper() + words[1:]
