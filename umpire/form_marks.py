"""The marks of a Volldampf player's own order form in what the umpire writes, for the writer
(orderform.py, on his private sheet) and the order reader: the title line (`ORDER FORM FOR TURN
3A`, as the Dampfross newsletter's `ORDER FORMS FOR ROUND 3`), then the form from its `GAME`
line, with `CODE <your order code>` left for the player to fill in. A title line sent back with an
order is not read as an order line (order_header.clean_lines).
"""

from __future__ import annotations

import re

TITLE = re.compile(r"^\s*ORDER FORMS? FOR (?:ROUND|TURN) (\S+)\s*$")
CODE_LINE = "CODE <your order code>"


def title(turn: int | str, forms: int = 1) -> str:
    """The title above the forms of `turn` (a round number, or a turn name such as `3A`)."""
    when = f"TURN {turn}" if isinstance(turn, str) else f"ROUND {turn}"
    return f"ORDER FORM{'S' if forms != 1 else ''} FOR {when}"


def turn_of_title(line: str) -> str | None:
    """The round or turn a title line names (as written), or None if the line is no title."""
    found = TITLE.match(line)
    return found.group(1) if found else None
